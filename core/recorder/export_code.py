"""One script step as one line of Python on the public API (:mod:`deltarec.core.api`).

:func:`step_lines` turns a :class:`~deltarec.core.executor.Step` into the call a person
would write — ``phone.get(text="Sign up").tap()`` — followed by its checks as
``expect(...)`` lines. The call builds exactly the step's parameters (the API
sends every call as one ``AC_*`` command), so running the line replays what the
JSON step replays; a step with a parameter no verb takes is written as
``phone.run("AC_…", {…})``, which is exact by construction.

Recorded text never becomes code: every value is a ``repr`` literal, and text
in comments goes through :func:`inert`, which escapes whatever could end or
break a comment line (newlines, NUL, lone surrogates, other unprintables).

    >>> from deltarec.core.executor import Step
    >>> step = Step("AC_tap", {"selector": {"resource_id": "app:id/save",
    ...                                     "alternates": [{"text": "Save"}]}},
    ...             checks=({"selector": {"text": "Saved"}, "exists": True},))
    >>> print("\\n".join(step_lines(step)))
    phone.get(resource_id='app:id/save').or_(text='Save').tap()
    expect(phone.get(text='Saved')).to_be_visible()
    >>> inert('a"\\n\\x00\\ud800²')
    'a"\\\\n\\\\x00\\\\ud800²'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from deltarec.core.executor import Selector, Step
from deltarec.core.executor.checks import CHECK_TIMEOUT
from deltarec.core.recorder.secrets import referenced

_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
ASSERT_DEFAULT_TIMEOUT = 0.0
"""``AC_assert``'s own default (check once); ``expect`` defaults to CHECK_TIMEOUT."""


def inert(text: str) -> str:
    """``text`` safe inside a one-line comment: unprintable characters escaped."""
    out = []
    for ch in text:
        if ch.isprintable():
            out.append(ch)
        elif ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else
                       f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")  # fmt: skip
    return "".join(out)


def _args(*positional: object, **options: object) -> str:
    parts = [repr(p) for p in positional]
    parts += [f"{k}={v!r}" for k, v in options.items() if v is not None]
    return ", ".join(parts)


def locator(selector: Selector) -> str:
    """``phone.get(…)`` plus one ``.or_(…)`` per alternate."""
    code = f"phone.get({_args(**selector.given())})"
    for alternate in selector.alternates:
        code += f".or_({_args(**alternate.given())})"
    return code


def _seconds(ms: object) -> float | None:
    return None if ms is None else float(ms) / 1000 if isinstance(ms, int) else None


class _Params:
    """The step's parameters, taken one by one; :meth:`done` says if none is left over."""

    def __init__(self, params: Mapping[str, Any]) -> None:
        self.left = dict(params)

    def take(self, name: str) -> Any:
        return self.left.pop(name, None)

    def selector(self) -> Selector | None:
        raw = self.take("selector")
        return None if raw is None else Selector.from_json(raw)

    def done(self, code: str) -> str | None:
        return code if not self.left else None


def _pointed(verb: str, at: str, p: _Params, **options: object) -> str | None:
    selector = p.selector()
    timeout = p.take("timeout")
    if selector is None:
        if "rel_x" in p.left:  # a point nothing identifies: the same spot of any screen
            rx, ry = p.take("rel_x"), p.take("rel_y")
            code = f"phone.{at}_fraction({_args(rx, ry, **options)})"
        else:
            code = f"phone.{at}({_args(p.take('x'), p.take('y'), **options)})"
        return p.done(code) if timeout is None else None
    scroll = p.take("scroll_in")
    if scroll is not None:  # scrolled into view first when it is not on screen
        options["scroll_in"] = _Code(locator(Selector.from_json(scroll)))
        direction = p.take("scroll_direction")
        options["scroll_direction"] = None if direction == "up" else direction
        options["max_swipes"] = p.take("max_swipes")
    return p.done(f"{locator(selector)}.{verb}({_args(**options, timeout=timeout)})")


class _Code(str):
    """Code written as is (a locator argument), not as a ``repr`` literal."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


def _tap(p: _Params) -> str | None:
    return _pointed("tap", "tap_at", p)


def _long_press(p: _Params) -> str | None:
    return _pointed("long_press", "long_press_at", p, duration=_seconds(p.take("duration_ms")))


def _swipe(p: _Params) -> str | None:
    selector, direction = p.selector(), p.take("direction")
    duration, timeout = _seconds(p.take("duration_ms")), p.take("timeout")
    if "start" in p.left:  # where the finger went, as fractions of any screen
        ends = [*(p.take("start") or ()), *(p.take("end") or ())]
        code = f"phone.drag_fraction({_args(*ends, duration=duration)})"
        return p.done(code) if timeout is None and selector is None else None
    if direction is None:
        coords = [p.take(k) for k in ("x1", "y1", "x2", "y2")]
        code = f"phone.drag({_args(*coords, duration=duration)})"
        return p.done(code) if timeout is None else None
    options = {"percent": p.take("percent"), "distance": p.take("distance"), "duration": duration}
    if selector is None:
        return p.done(f"phone.swipe({_args(direction, **options)})") if timeout is None else None
    return p.done(f"{locator(selector)}.swipe({_args(direction, **options, timeout=timeout)})")


def _type_text(p: _Params) -> str | None:
    selector, text, clear, timeout = (
        p.selector(),
        p.take("text"),
        p.take("clear"),
        p.take("timeout"),
    )
    variable = referenced(text)  # a typed password: read from the environment (secrets.py)
    value = text if variable is None else _Code(f"os.environ[{variable!r}]")
    if selector is None:
        return p.done(f"phone.type({value!r})") if timeout is None and not clear else None
    verb = "fill" if clear else "type"
    return p.done(f"{locator(selector)}.{verb}({_args(value, timeout=timeout)})")


def _launch(p: _Params) -> str | None:
    package, activity = p.take("package"), p.take("activity")
    return p.done(f"phone.launch({_args(package, *([activity] if activity else []))})")


_FACTS = {"exists": "to_be_visible", "gone": "to_be_hidden"}


def expectation(params: Mapping[str, Any], default_timeout: float) -> str | None:
    """``expect(…).to_…()`` for ``AC_assert`` parameters run with ``default_timeout``."""
    p = _Params(params)
    selector = p.selector()
    timeout = p.take("timeout")
    timeout = default_timeout if timeout is None else float(timeout)
    if selector is None:
        return None
    shown = {} if timeout == CHECK_TIMEOUT else {"timeout": timeout}
    head = f"expect({locator(selector)})"
    for fact, verb in _FACTS.items():
        value = p.take(fact)
        if value is not None:  # exists/gone: false stay phone.run(...), as written
            return p.done(f"{head}.{verb}({_args(**shown)})") if value is True else None
    text = p.take("text")
    if text is not None:
        return p.done(f"{head}.to_have_text({_args(text, **shown)})")
    for state in ("checked", "enabled", "selected"):
        value = p.take(state)
        if value is not None:
            flag = {} if value else {state: False}
            return p.done(f"{head}.to_be_{state}({_args(**flag, **shown)})")
    return None


def _simple(code: str) -> Callable[[_Params], str | None]:
    return lambda p: p.done(code)


_VERBS: dict[str, Callable[[_Params], str | None]] = {
    "AC_tap": _tap,
    "AC_long_press": _long_press,
    "AC_swipe": _swipe,
    "AC_type_text": _type_text,
    "AC_press_key": lambda p: p.done(f"phone.press({p.take('key')!r})"),
    "AC_back": _simple("phone.back()"),
    "AC_home": _simple("phone.home()"),
    "AC_launch_app": _launch,
    "AC_stop_app": lambda p: p.done(f"phone.stop({p.take('package')!r})"),
    "AC_clear_app": lambda p: p.done(f"phone.clear({p.take('package')!r})"),
    "AC_assert": lambda p: expectation(p.left, ASSERT_DEFAULT_TIMEOUT),
}


def _wait_for(params: Mapping[str, Any]) -> str | None:
    p = _Params(params)
    selector, state, timeout = p.selector(), p.take("state") or "visible", p.take("timeout")
    if selector is None:
        return None
    return p.done(f"{locator(selector)}.wait_for({_args(state, timeout=timeout)})")


def call(step: Step) -> str:
    """The one line of Python that runs ``step`` (its checks aside)."""
    if step.command == "AC_wait_for":
        line = _wait_for(step.params)
    elif step.command in _VERBS:
        line = _VERBS[step.command](_Params(step.params))
    else:
        line = None
    if line is None:
        args = _args(step.command, *([dict(step.params)] if step.params else []))
        line = f"phone.run({args})"
    return line


def step_lines(step: Step) -> list[str]:
    """The step's call, then one ``expect(...)`` per check (checks wait CHECK_TIMEOUT)."""
    lines = [call(step)]
    for check in step.checks:
        line = expectation(check, CHECK_TIMEOUT)
        exact = {"timeout": CHECK_TIMEOUT, **check}
        lines.append(line or f"phone.run('AC_assert', {exact!r}, check=True)")
    return lines


__all__ = ["call", "expectation", "inert", "locator", "step_lines"]
