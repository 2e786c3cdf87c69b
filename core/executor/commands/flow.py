"""Flow commands: wait for a state, assert one, or sleep (with a reason). No observation.

Waiting polls the live screen through the session's injected clock and sleep
(every ``poll_interval``); nothing here sleeps for real in tests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deltarec.core.errors import ElementNotFoundError
from deltarec.core.executor.commands.base import Category, Command, exactly_one
from deltarec.core.executor.params import BOOL, TEXT, TIMEOUT, Choice, Number, Str, param
from deltarec.core.executor.selectors import SELECTOR, Match, Selector, poll, seen_summary

if TYPE_CHECKING:
    from deltarec.core.executor.context import Context

STATES = ("visible", "gone", "enabled", "disabled", "checked", "unchecked")

_FLAGS: dict[str, Callable[[Match], bool]] = {
    "enabled": lambda m: m.node.enabled,
    "disabled": lambda m: not m.node.enabled,
    "checked": lambda m: m.node.checked,
    "unchecked": lambda m: not m.node.checked,
    "selected": lambda m: m.node.selected,
}


def shown_text(element: Match) -> str:
    """The text an element shows: its own text, else its description, else its label."""
    return element.node.text or element.node.content_desc or element.name


def _lookup(ctx: Context, selector: Selector) -> Match | None:
    """The element on the live screen (strict), or None when nothing matches.

    AmbiguousSelectorError and StaleIndexError (an ``[i]`` that now denotes
    another element) propagate: neither is "not there".
    """
    try:
        return ctx.resolve(selector, ctx.screen()).element
    except ElementNotFoundError:
        return None


@dataclass(frozen=True, slots=True, kw_only=True)
class WaitFor(Command):
    """Wait until the selector's element is in ``state`` (visible, gone, enabled, …).

    visible: exactly one node matches and its box is not empty; gone: nothing
    matches; the others: it matches and has that state.

    Timeout: ``timeout`` seconds (default 5), polling the screen. Errors:
    ElementNotFoundError (visible/state: never appeared, naming what was on
    screen), StepFailedError (still there / wrong state at the timeout),
    AmbiguousSelectorError and StaleIndexError (at once), DeviceError.
    """

    name = "AC_wait_for"
    category = Category.FLOW

    selector: Selector = param(SELECTOR, "the element to wait for")
    state: str = param(Choice(STATES), "what to wait for", default="visible")
    timeout: float = param(TIMEOUT, "seconds to wait", default=5.0)

    def target(self) -> str:
        return self.selector.describe()

    def run(self, ctx: Context) -> dict[str, Any]:
        last: list[Match | None] = [None]

        def probe() -> bool | None:
            element = _lookup(ctx, self.selector)
            last[0] = element
            if self.state == "gone":
                return True if element is None else None
            if element is None:
                return None
            if self.state == "visible":
                return True if element.bounds.area > 0 else None
            return True if _FLAGS[self.state](element) else None

        start = ctx.clock()
        reached = poll(
            probe,
            timeout=self.timeout,
            clock=ctx.clock,
            sleep=ctx.sleep,
            interval=ctx.session.poll_interval,
        )
        waited = round(ctx.clock() - start, 3)
        element = last[0]
        ctx.tried.append(f"waited {waited:g}s for {self.selector} to be {self.state}")
        if reached:
            return {"state": self.state, "waited": waited, "element": str(element or "")}
        if element is None:
            raise ElementNotFoundError(
                f"{self.selector} within {self.timeout:g}s", seen_summary(ctx.screen())
            )
        ctx.fail(f"{element} is not {self.state} after {self.timeout:g}s")


@dataclass(frozen=True, slots=True, kw_only=True)
class Assert(Command):
    """Assert one fact about the selector's element: exists, gone, text, checked, enabled, selected.

    Give exactly one of them. ``timeout`` (default 0: check once) lets the fact
    come true while polling. Errors: StepFailedError saying what was expected
    and what was found, AmbiguousSelectorError, StaleIndexError, DeviceError.
    """

    name = "AC_assert"
    category = Category.FLOW

    selector: Selector = param(SELECTOR, "the element the assertion is about")
    exists: bool | None = param(BOOL, "it is on screen (false: it is not)", default=None)
    gone: bool | None = param(BOOL, "it is not on screen (false: it is)", default=None)
    text: str | None = param(Str(max_len=10_000), "the text it shows", default=None)
    checked: bool | None = param(BOOL, "its checked state", default=None)
    enabled: bool | None = param(BOOL, "its enabled state", default=None)
    selected: bool | None = param(BOOL, "its selected state", default=None)
    timeout: float = param(TIMEOUT, "seconds the fact may take to come true", default=0.0)

    def _facts(self) -> dict[str, object]:
        facts = {
            "exists": self.exists,
            "gone": self.gone,
            "text": self.text,
            "checked": self.checked,
            "enabled": self.enabled,
            "selected": self.selected,
        }
        return {k: v for k, v in facts.items() if v is not None}

    def check(self, path: str) -> None:
        exactly_one(
            path,
            {
                k: k in self._facts()
                for k in ("exists", "gone", "text", "checked", "enabled", "selected")
            },
            "what to assert",
        )

    def target(self) -> str:
        return self.selector.describe()

    def _verdict(self, element: Match | None) -> str | None:
        """None when the fact holds, else what was found instead."""
        ((fact, want),) = self._facts().items()
        if fact in ("exists", "gone"):
            present = want if fact == "exists" else not want
            if (element is not None) == present:
                return None
            return "nothing matches" if element is None else f"found {element}"
        if element is None:
            return "nothing matches"
        if fact == "text":
            actual = shown_text(element)
            return None if actual == want else f"{element} shows {actual!r}"
        actual_flag = _FLAGS[fact](element)
        return None if actual_flag == want else f"{element} is {fact}={str(actual_flag).lower()}"

    def run(self, ctx: Context) -> dict[str, Any]:
        ((fact, want),) = self._facts().items()
        found: list[tuple[Match | None, str | None]] = []

        def probe() -> bool | None:
            element = _lookup(ctx, self.selector)  # ambiguity, a stale [i] raise at once
            found[:] = [(element, self._verdict(element))]
            return True if found[0][1] is None else None

        poll(
            probe,
            timeout=self.timeout,
            clock=ctx.clock,
            sleep=ctx.sleep,
            interval=ctx.session.poll_interval,
        )
        element, problem = found[0]
        expected = f"{fact}={want!r}" if fact == "text" else f"{fact}={str(want).lower()}"
        if problem is not None:
            ctx.tried.append(f"checked {self.selector}")
            ctx.fail(f"assertion {expected} failed for {self.selector}: {problem}")
        return {"assertion": expected, "element": str(element) if element is not None else None}


@dataclass(frozen=True, slots=True, kw_only=True)
class Sleep(Command):
    """Pause for ``seconds`` (at most an hour); ``reason`` is required and kept in the log.

    Prefer AC_wait_for: a sleep is a guess. Uses the session's injected sleep.
    Errors: none.
    """

    name = "AC_sleep"
    category = Category.FLOW

    seconds: float = param(Number(minimum=0.001, maximum=3600), "how long")
    reason: str = param(TEXT, "why waiting on a selector will not do")

    def run(self, ctx: Context) -> dict[str, Any]:
        ctx.sleep(self.seconds)
        return {"slept": self.seconds, "reason": self.reason}
