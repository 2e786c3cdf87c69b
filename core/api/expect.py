"""``expect(locator)``: assertions that wait, as Playwright's do.

Each assertion is one ``AC_assert`` step run by the executor, polling the screen
for up to ``timeout`` seconds (default :data:`~deltarec.core.executor.checks.CHECK_TIMEOUT`,
the same as a recorded step's checks) for the fact to hold. A failing one
raises :class:`ExpectationError` — an AssertionError (pytest shows it as a
failed assertion) and a StepFailedError — saying what the screen had instead,
followed by the last delta.

    >>> from deltarec.core.api import connect
    >>> phone = connect("virtual")
    >>> phone.get(text="Sign up").tap()
    >>> expect(phone.get(resource_id="save")).to_be_enabled(enabled=False)
    >>> expect(phone.get(resource_id="name")).to_have_text("Ada", timeout=0)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    deltarec.ExpectationError: step 1 (AC_assert) failed: assertion text='Ada' failed
    for {resource_id="name"}: [6] textbox "Name" shows 'Name'; tried: ...
    last delta:
    screen dev.deltarec.playground/dev.deltarec.playground.SignUpActivity 1080x2400
    ...
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deltarec.core.errors import ExpectationError, StepFailedError
from deltarec.core.executor.checks import CHECK_TIMEOUT

if TYPE_CHECKING:
    from deltarec.core.api.locator import Locator


class LocatorAssertions:
    """The assertions about one locator (see :func:`expect`)."""

    __slots__ = ("locator",)

    def __init__(self, locator: Locator) -> None:
        self.locator = locator

    def _assert(self, fact: str, value: Any, timeout: float) -> None:
        phone = self.locator.phone
        params = {"selector": self.locator.selector.to_json(), fact: value, "timeout": timeout}
        try:
            phone.run("AC_assert", params, check=True)
        except StepFailedError as exc:
            delta = phone.delta() if phone.last is not None else ""
            error = ExpectationError(exc.step, exc.command, exc.reason, exc.tried)
            error.delta = delta
            if delta:
                error.args = (f"{exc}\nlast delta:\n{delta}",)
            raise error from None  # the message holds the executor's reason and call log

    def to_be_visible(self, *, timeout: float = CHECK_TIMEOUT) -> None:
        """Exactly one element matches (it is on screen)."""
        self._assert("exists", True, timeout)

    def to_be_hidden(self, *, timeout: float = CHECK_TIMEOUT) -> None:
        """No element matches (it is gone)."""
        self._assert("gone", True, timeout)

    def to_have_text(self, text: str, *, timeout: float = CHECK_TIMEOUT) -> None:
        """The element shows exactly ``text`` (its text, else its description)."""
        self._assert("text", text, timeout)

    def to_be_checked(self, *, checked: bool = True, timeout: float = CHECK_TIMEOUT) -> None:
        """The element's checked state is ``checked``."""
        self._assert("checked", checked, timeout)

    def to_be_enabled(self, *, enabled: bool = True, timeout: float = CHECK_TIMEOUT) -> None:
        """The element's enabled state is ``enabled``."""
        self._assert("enabled", enabled, timeout)

    def to_be_selected(self, *, selected: bool = True, timeout: float = CHECK_TIMEOUT) -> None:
        """The element's selected state is ``selected``."""
        self._assert("selected", selected, timeout)


def expect(locator: Locator) -> LocatorAssertions:
    """Assertions about ``locator`` that wait (module docstring)."""
    return LocatorAssertions(locator)


__all__ = ["ExpectationError", "LocatorAssertions", "expect"]
