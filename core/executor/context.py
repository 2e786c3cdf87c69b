"""What a command sees while it runs: the device, the live screen, waits, and a call log.

A :class:`Context` lives for one step. Commands act through it so that the
session can keep its books: every capture becomes the session's latest known
screen, ``[i]`` numbers stay those the caller was shown, and ``tried`` records
what was attempted (selectors and their fallbacks) for
:class:`~core.errors.StepFailedError`, like Playwright's call log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

from core.errors import AmbiguousSelectorError, ElementNotFoundError, StepFailedError
from core.executor.selectors import Match, Resolution, Selector, resolve, wait_for

if TYPE_CHECKING:
    from core.devices.base import Device
    from core.executor.session import Session
    from core.index import ElementIndex
    from core.model import Observation


class Context:
    """One step's view of the session (see the module docstring)."""

    def __init__(self, session: Session, step: int, command: str) -> None:
        self.session = session
        self.step = step
        self.command = command
        self.tried: list[str] = []
        """What was attempted, in order (for StepFailedError.tried)."""
        self.resolution: Resolution | None = None
        """The last selector resolution, for the result and effect messages."""
        self.shown: ElementIndex | None = None
        """A frame whose numbers the command showed the caller (discovery)."""
        self.warnings: list[str] = []

    @property
    def device(self) -> Device:
        return self.session.device

    @property
    def clock(self) -> Callable[[], float]:
        return self.session.clock

    @property
    def sleep(self) -> Callable[[float], None]:
        return self.session.sleep

    def capture(self) -> Observation:
        """One capture of the device (it becomes the session's latest known screen)."""
        return self.session.capture()

    def screen(self) -> ElementIndex:
        """Capture and number the screen with the numbers the caller was last shown."""
        return self.session.screen()

    def settle(self) -> Observation:
        """Wait until the screen stops changing (no observation is produced)."""
        return self.session.settle()

    def find(self, selector: Selector, *, timeout: float) -> Match:
        """Resolve ``selector`` on the live screen, retrying until ``timeout`` seconds.

        Raises ElementNotFoundError (naming what the last capture saw) on timeout,
        AmbiguousSelectorError at once. Records what was tried.
        """
        chain = (selector, *selector.alternates)
        try:
            found = wait_for(
                lambda: resolve(selector, self.screen()),
                timeout=timeout,
                clock=self.clock,
                sleep=self.sleep,
                interval=self.session.poll_interval,
            )
        except (ElementNotFoundError, AmbiguousSelectorError):
            self.tried.extend(_label(s, i) for i, s in enumerate(chain))
            raise
        self.tried.extend(found.tried)
        if found.alternate is not None:
            self.tried.append(f"{_label(found.selector, found.alternate + 1)}: resolved")
            self.warnings.append(
                f"selector {selector.describe()} failed; alternate {found.selector.describe()}"
                f" resolved to {found.element}"
            )
        self.resolution = found
        return found.element

    def point(
        self, selector: Selector | None, x: int | None, y: int | None, *, timeout: float
    ) -> tuple[int, int]:
        """The point to act on: the centre of the element ``selector`` finds, else (x, y).

        An element whose centre is off screen is an error (acting there would hit
        something else).
        """
        if selector is None:
            assert x is not None and y is not None  # guaranteed by the command's check()
            return x, y
        element = self.find(selector, timeout=timeout)
        cx, cy = element.bounds.center
        screen = self.session.latest.screen if self.session.latest is not None else None
        if element.bounds.area == 0 or (
            screen is not None and screen.area > 0 and not screen.contains_point(cx, cy)
        ):
            self.fail(f"{element} is not on screen (bounds {element.bounds.as_list()})")
        return cx, cy

    def element_result(self) -> dict[str, Any]:
        """The last resolution as JSON: element, key, bounds, and the selector that found it."""
        found = self.resolution
        if found is None:
            return {}
        out: dict[str, Any] = {
            "element": str(found.element),
            "key": found.element.key,
            "bounds": found.element.bounds.as_list(),
            "selector": found.selector.describe(),
        }
        if found.element.index is not None:
            out["index"] = found.element.index
        if found.alternate is not None:
            out["alternate"] = found.alternate
        return out

    def show(self, index: ElementIndex) -> None:
        """Record that the caller was shown ``index`` (its numbers become the session's)."""
        self.shown = index

    def fail(self, reason: str) -> NoReturn:
        """Fail the step: StepFailedError naming the step, the command and what was tried."""
        raise StepFailedError(self.step, self.command, reason, self.tried)


def _label(selector: Selector, position: int) -> str:
    kind = "selector" if position == 0 else f"alternate {position - 1}"
    return f"{kind} {selector.describe()}"
