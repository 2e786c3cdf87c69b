"""Selectors: which element a step acts on, resolved strictly against one screen.

A :class:`Selector` names fields an element must have; every given field must
match (AND). Fields: ``key`` (stable key), ``index`` (the ``[i]`` of the
observation the session last showed), ``resource_id`` (exact, or the part after
``:id/`` when the value has no ``:``), ``text``, ``content_desc``, ``name``
(the label a delta shows), ``class_name`` (exact, or the simple name when the
value has no ``.``) and ``role``. String fields match exactly (case and all).
An ``index`` means the number the session last showed the caller; before any
observation, the number the screen would get now (as ``AC_describe_screen``
would show it).

Resolution is strict, like Playwright's locators: exactly one node of the
frame must match. Several matches raise :class:`~deltarec.core.errors.AmbiguousSelectorError`
listing them as ``[i] role "name"``; none raises
:class:`~deltarec.core.errors.ElementNotFoundError` saying what was on screen. Every
node of the frame is a candidate (as for :mod:`deltarec.core.recorder.selector_gen`,
which writes these selectors), not just the numbered ones — except that a ``name``
carried both by elements the frame numbers and by nodes it does not (a button's own label
"Inbox", the row title a switch is named by) means the numbered ones, as an agent reading
the frame does.

``alternates`` are fallbacks the recorder keeps: when the primary fails, they
are tried in order and the :class:`Resolution` says which one resolved and why
the ones before it failed (the raised error's ``reasons`` say it when none did).
A fallback is as strict as the primary: when the selector carries the role and
name of the element it was recorded on (the recorder's ``index`` alternate
does), a fallback may only resolve to an element of that role and name (or to
the text inside one: then to the element it is in) —
``{text="Sign up"}`` finding the page title "Sign up" where the button was
recorded fails ("not the recorded element (it is text "Sign up", not the
recorded button "Sign up")"), it never taps the title.

Stale numbers: an ``[i]`` is only a name for what the caller was shown. The
``verify`` hook of :func:`resolve` checks every resolved ``index`` selector;
a session passes :meth:`deltarec.core.executor.context.ShownNumbers.verify`, which
raises :class:`~deltarec.core.errors.StaleIndexError` when the number now denotes
another element than the one it meant. An index that comes with a ``name`` (or
a ``key``) says itself what it means: the recorder writes its index alternate
as ``{"index": 12, "name": "Airplane mode", "role": "switch"}``, so at replay
``[12]`` holding the Bluetooth switch is "not found ([12] is switch
"Bluetooth")", never a tap on it.

Numbers belong to a session and only grow, so a replay numbers screens anew: an index
given with a ``name`` (as the recorder writes it) whose number does not hold that element
means the one element of that name (and role), if exactly one has it; else it fails.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.observe.frame import Frame
    >>> from deltarec.core.observe.index import build_index
    >>> screen = build_index(Frame(parse_uiautomator(
    ...     '<hierarchy><node class="android.widget.Button" resource-id="app:id/save"'
    ...     ' text="Save" clickable="true" bounds="[0,0][90,40]"/></hierarchy>')))
    >>> sel = Selector.from_json({"resource-id": "app:id/gone", "alternates": [{"text": "Save"}]})
    >>> print(sel)
    {resource_id="app:id/gone"} or {text="Save"}
    >>> found = resolve(sel, screen)
    >>> print(found.element, found.alternate, found.tried)
    [0] button "Save" 0 ('{resource_id="app:id/gone"}: not found',)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from deltarec.core.errors import (
    AmbiguousSelectorError,
    ElementNotFoundError,
    ScriptValidationError,
    SelectorError,
    StaleIndexError,
)
from deltarec.core.executor.params import Int, Kind, Str, json_type, member
from deltarec.core.executor.waits import poll, wait_for
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observe.model import Bounds, Node
from deltarec.core.observe.wrapped import shown_state
from deltarec.core.render.lines import quote

ALIASES: Mapping[str, str] = {
    "resource-id": "resource_id",
    "resourceId": "resource_id",
    "id": "resource_id",
    "content-desc": "content_desc",
    "contentDescription": "content_desc",
    "desc": "content_desc",
    "class": "class_name",
    "className": "class_name",
}
"""Other spellings accepted in JSON (uiautomator's and common recorders'); saved canonically."""

MAX_ALTERNATES = 16
SEEN_SHOWN = 8
"""How many on-screen elements an ElementNotFoundError lists."""


@dataclass(frozen=True, slots=True)
class Selector:
    """Fields an element must all have, plus fallbacks (see the module docstring)."""

    key: str | None = None
    index: int | None = None
    resource_id: str | None = None
    text: str | None = None
    content_desc: str | None = None
    name: str | None = None
    class_name: str | None = None
    role: str | None = None
    alternates: tuple[Selector, ...] = ()

    def given(self) -> dict[str, str | int]:
        """The fields this selector sets (alternates aside), in declaration order."""
        out: dict[str, str | int] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name != "alternates" and value is not None:
                out[f.name] = value
        return out

    def describe(self) -> str:
        """``{resource_id="…", text="Save"}`` (``[3]`` for an index alone); alternates aside."""
        given = self.given()
        if list(given) == ["index"]:
            return f"[{given['index']}]"
        parts = (f"{k}={v}" if isinstance(v, int) else f"{k}={quote(v)}" for k, v in given.items())
        return "{" + ", ".join(parts) + "}"

    def __str__(self) -> str:
        return " or ".join(s.describe() for s in (self, *self.alternates))

    def to_json(self) -> dict[str, Any]:
        """The JSON object :meth:`from_json` reads back (canonical field names)."""
        out: dict[str, Any] = dict(self.given())
        if self.alternates:
            out["alternates"] = [a.to_json() for a in self.alternates]
        return out

    @classmethod
    def from_json(cls, data: object, path: str = "$", *, nested: bool = False) -> Selector:
        """Parse a selector object; a :class:`ScriptValidationError` names the path.

        At least one field is required; ``alternates`` is a list of selectors
        without alternates of their own.
        """
        if not isinstance(data, Mapping):
            raise ScriptValidationError(
                path, f"a selector must be an object, got {json_type(data)}"
            )
        values: dict[str, Any] = {}
        alternates: tuple[Selector, ...] = ()
        for raw, value in data.items():
            name = ALIASES.get(raw, raw) if isinstance(raw, str) else ""
            where = member(path, raw) if isinstance(raw, str) else path
            if name == "alternates" and not nested:
                alternates = _alternates(value, where)
            elif name not in _FIELD_KINDS or name == "alternates":
                known = ", ".join([*_FIELD_KINDS, *([] if nested else ["alternates"])])
                raise ScriptValidationError(
                    where, f"unknown selector field {raw!r} (known: {known})"
                )
            elif name in values:
                raise ScriptValidationError(where, f"{name!r} given twice")
            else:
                values[name] = _FIELD_KINDS[name].parse(value, where)
        if not values:
            raise ScriptValidationError(path, "a selector needs at least one field")
        return cls(**values, alternates=alternates)


_NAME = Str(nonempty=True, max_len=10_000)
_FIELD_KINDS: dict[str, Int | Str] = {
    "key": _NAME,
    "index": Int(minimum=0, maximum=1_000_000),
    "resource_id": _NAME,
    "text": Str(max_len=10_000),
    "content_desc": Str(max_len=10_000),
    "name": Str(max_len=10_000),
    "class_name": _NAME,
    "role": _NAME,
}


class SelectorKind(Kind[Selector]):
    """A selector parameter (a JSON object, see :meth:`Selector.from_json`)."""

    label = "a selector object"

    def parse(self, value: object, path: str) -> Selector:
        return Selector.from_json(value, path)


SELECTOR = SelectorKind()


def _alternates(value: object, path: str) -> tuple[Selector, ...]:
    if not isinstance(value, list):
        raise ScriptValidationError(path, f"expected an array of selectors, got {json_type(value)}")
    if len(value) > MAX_ALTERNATES:
        raise ScriptValidationError(path, f"at most {MAX_ALTERNATES} alternates")
    return tuple(Selector.from_json(v, f"{path}[{i}]", nested=True) for i, v in enumerate(value))


@dataclass(frozen=True, slots=True)
class Match:
    """One node of a screen a selector matched: frame position, ``[i]`` (or None), label."""

    pos: int
    index: int | None
    key: str
    role: str
    name: str
    node: Node

    @property
    def bounds(self) -> Bounds:
        return self.node.bounds

    def __str__(self) -> str:
        marker = f"[{self.index}] " if self.index is not None else ""
        rid = f" #{self.node.resource_id}" if self.index is None and self.node.resource_id else ""
        return f"{marker}{self.role} {quote(self.name)}{rid}"


@dataclass(frozen=True, slots=True)
class Resolution:
    """What a selector resolved to: the element, the selector that did it, what failed first.

    ``alternate`` is None when the primary resolved, else the position in
    ``alternates`` of the fallback that did; ``tried`` says why each earlier one failed.
    """

    element: Match
    selector: Selector
    alternate: int | None = None
    tried: tuple[str, ...] = ()


def _rid_matches(want: str, rid: str) -> bool:
    return rid == want if ":" in want else rid.rpartition(":id/")[2] == want


def _class_matches(want: str, cls: str) -> bool:
    return cls == want if "." in want else cls.rsplit(".", 1)[-1] == want


def _matches(sel: Selector, screen: ElementIndex, pos: int) -> bool:
    frame = screen.frame
    node = frame.nodes[pos]
    checks = (
        (sel.key, lambda v: frame.keys[pos] == v),
        (sel.index, lambda v: screen.number_of.get(pos) == v),
        (sel.resource_id, lambda v: _rid_matches(v, node.resource_id)),
        (sel.text, lambda v: node.text == v),
        (sel.content_desc, lambda v: node.content_desc == v),
        (sel.name, lambda v: screen.names[pos] == v),
        (sel.class_name, lambda v: _class_matches(v, node.class_name)),
        (sel.role, lambda v: node.role == v),
    )
    return all(want is None or check(want) for want, check in checks)


def match(screen: ElementIndex, pos: int) -> Match:
    """The :class:`Match` for frame position ``pos`` of ``screen``: its node with the states
    a tap on it reaches (:func:`~deltarec.core.observe.wrapped.shown_state`: a disabled
    wrapper around its enabled label is acted on, and waited for, as enabled)."""
    frame = screen.frame
    node = shown_state(frame, pos)
    return Match(
        pos, screen.number_of.get(pos), frame.keys[pos], node.role, screen.names[pos], node
    )


def find_all(selector: Selector, screen: ElementIndex) -> list[Match]:
    """Every node of ``screen`` that ``selector`` (not its alternates) matches. O(n)."""
    if selector.key is not None:
        pos = screen.frame.pos_of.get(selector.key)
        positions = [] if pos is None or not _matches(selector, screen, pos) else [pos]
    else:
        positions = [p for p in range(len(screen.frame)) if _matches(selector, screen, p)]
    if not positions and selector.index is not None and selector.name is not None:
        # Numbers are a session's (they only grow), so a replay numbers screens anew: an
        # index written with the name it meant is that name when one element has it.
        named = replace(selector, index=None)
        alike = [p for p in range(len(screen.frame)) if _matches(named, screen, p)]
        positions = alike if len(alike) == 1 else []
    if selector.name is not None and len(positions) > 1:
        positions = _shown_first(screen, positions)
    return [match(screen, p) for p in positions]


def _shown_first(screen: ElementIndex, positions: list[int]) -> list[int]:
    """``positions`` as a name means them: the numbered ones when there are any (a button
    named "Inbox" and its own label "Inbox", or a switch and the row title it is named by,
    are one thing to whoever names it, and the frame shows only the button or switch);
    else those not nested in another of them. O(matches × depth)."""
    numbered = [p for p in positions if p in screen.number_of]
    if numbered:
        return numbered
    parents = screen.frame.parents
    kept = set(positions)
    outer = []
    for p in positions:
        a = parents[p]
        while a >= 0 and a not in kept:
            a = parents[a]
        if a < 0:
            outer.append(p)
    return outer


def seen_summary(screen: ElementIndex, limit: int = SEEN_SHOWN) -> str:
    """What was on screen, for an ElementNotFoundError: app, then the first ``[i]`` elements."""
    obs = screen.frame.obs
    where = obs.activity.rsplit(".", 1)[-1] or obs.package or "screen"
    shown = [str(match(screen, e.pos)) for e in screen.elements[:limit]]
    more = len(screen.elements) - len(shown)
    tail = f", … (+{more} more)" if more > 0 else ""
    return f"{where}: " + (", ".join(shown) or "no elements") + tail


def resolve_one(selector: Selector, screen: ElementIndex) -> Match:
    """The single node ``selector`` (not its alternates) matches; raises otherwise.

    Raises AmbiguousSelectorError (candidates in document order) or
    ElementNotFoundError (with :func:`seen_summary`).
    """
    found = find_all(selector, screen)
    if len(found) == 1:
        return found[0]
    if found:
        raise AmbiguousSelectorError(selector.describe(), [str(m) for m in found])
    raise ElementNotFoundError(selector.describe(), seen_summary(screen))


Verify = Callable[[Selector, Match, ElementIndex], None]
"""A check of a resolved ``index`` selector: raises StaleIndexError when the element
carrying the number is not the one the number meant (see the module docstring)."""


def holder(screen: ElementIndex, number: int) -> Match | None:
    """The element of ``screen`` numbered ``number``, or None. O(n)."""
    for element in screen.elements:
        if element.index == number:
            return match(screen, element.pos)
    return None


def recorded_identity(selector: Selector) -> tuple[str, str] | None:
    """The role and name the recorder wrote with a selector (its ``index`` alternate's), if
    any: what every fallback must resolve to (see :func:`resolve`)."""
    for sel in (selector, *selector.alternates):
        if sel.role is not None and sel.name is not None:
            return sel.role, sel.name
    return None


def _is(element: Match, role: str, name: str) -> bool:
    """Whether ``element`` is the recorded one: same role and name (a text field's name is
    what was typed in it, so for one the role is enough)."""
    return element.role == role and (element.name == name or role == "textbox")


def _within(screen: ElementIndex, element: Match, role: str, name: str) -> Match:
    """The nearest ancestor of ``element`` that is the recorded element (a button's label
    text found by a text fallback: the button it is in), else ``element``."""
    parents = screen.frame.parents
    at = parents[element.pos]
    while at >= 0:
        candidate = match(screen, at)
        if _is(candidate, role, name):
            return candidate
        at = parents[at]
    return element


def _reason(sel: Selector, exc: SelectorError, screen: ElementIndex) -> str:
    """Why ``sel`` failed, for ``tried``: "3 matches", "not found ([12] is switch …)", …"""
    if isinstance(exc, ElementNotFoundError) and exc.seen.startswith("it is "):
        return f"not the recorded element ({exc.seen})"
    if isinstance(exc, AmbiguousSelectorError):
        return f"{len(exc.candidates)} matches"
    if isinstance(exc, StaleIndexError):
        moved = f", it is [{exc.moved}] now" if exc.moved is not None else ""
        return f"meant {exc.meant} ({exc.when}), now {exc.now}{moved}"
    there = holder(screen, sel.index) if sel.index is not None else None
    if there is None:
        return "not found"
    return f"not found ([{sel.index}] is {there.role} {quote(there.name)})"


def resolve(
    selector: Selector, screen: ElementIndex, *, verify: Verify | None = None
) -> Resolution:
    """Resolve ``selector``, falling back to its alternates in order.

    Each one that resolves and has an ``index`` is passed to ``verify`` (when
    given); a StaleIndexError from it fails that one like a miss. When every
    one fails, the primary's error is raised (it is what the script asked
    for), its ``reasons`` saying why each failed; each failure is in the
    ``tried`` of a later success.
    """
    tried: list[str] = []
    reasons: list[str] = []
    first_error: SelectorError | None = None
    meant = recorded_identity(selector)
    for i, sel in enumerate((selector, *selector.alternates)):
        try:
            element = resolve_one(sel, screen)
            if verify is not None and sel.index is not None:
                verify(sel, element, screen)
            if i > 0 and meant is not None and not _is(element, *meant):
                element = _within(screen, element, *meant)
            if i > 0 and meant is not None and not _is(element, *meant):
                raise ElementNotFoundError(
                    sel.describe(),
                    f"it is {element.role} {quote(element.name)}, not the recorded "
                    f"{meant[0]} {quote(meant[1])}",
                )
        except SelectorError as exc:
            first_error = first_error or exc
            reasons.append(_reason(sel, exc, screen))
            tried.append(f"{sel.describe()}: {reasons[-1]}")
            continue
        return Resolution(element, sel, None if i == 0 else i - 1, tuple(tried))
    assert first_error is not None
    first_error.reasons = tuple(reasons)
    raise first_error


__all__ = [
    "ALIASES",
    "SELECTOR",
    "Match",
    "Resolution",
    "Selector",
    "Verify",
    "find_all",
    "holder",
    "poll",
    "recorded_identity",
    "resolve",
    "resolve_one",
    "seen_summary",
    "wait_for",
]
