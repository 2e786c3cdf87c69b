"""Locators: a description of one element, resolved strictly each time it is acted on.

A :class:`Locator` holds a :class:`~deltarec.core.executor.Selector`, never an element:
built before a screen change, it still means the same thing after it. Each
action resolves it on the live screen, waiting up to ``timeout`` seconds
(default 5) for exactly one element to match; an ambiguous locator fails at once
(:class:`~deltarec.core.errors.AmbiguousSelectorError`, listing the candidates), a
missing one with :class:`~deltarec.core.errors.StepFailedError` naming what the screen
had and what was tried. :meth:`Locator.or_` adds fallbacks, tried in order.

    >>> from deltarec.core.api import connect
    >>> phone = connect("virtual")
    >>> sign_up = phone.get(resource_id="sign_up").or_(text="Sign up")
    >>> sign_up
    <Locator {resource_id="sign_up"} or {text="Sign up"}>
    >>> sign_up.tap()
    >>> phone.get(role="textbox").tap()
    ... # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    deltarec.StepFailedError: step 2 (AC_tap) failed: selector {role="textbox"} matches
    3 elements: [6] textbox "Name"; [7] textbox "Email"; [8] textbox "Password";
    tried: selector {role="textbox"}
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from deltarec.core.errors import ElementNotFoundError
from deltarec.core.executor import Selector
from deltarec.core.executor.selectors import find_all

if TYPE_CHECKING:
    from deltarec.core.api.phone import Phone


class Locator:
    """One element of ``phone``'s screen, described by ``selector`` (module docstring)."""

    __slots__ = ("phone", "selector")

    def __init__(self, phone: Phone, selector: Selector) -> None:
        self.phone = phone
        self.selector = selector

    def __repr__(self) -> str:
        return f"<Locator {self.selector}>"

    def or_(
        self,
        *,
        text: str | None = None,
        resource_id: str | None = None,
        content_desc: str | None = None,
        name: str | None = None,
        role: str | None = None,
        class_name: str | None = None,
        key: str | None = None,
        index: int | None = None,
    ) -> Locator:
        """This locator with one more fallback: tried, strictly, when the ones before fail."""
        other = self.phone.get(text=text, resource_id=resource_id, content_desc=content_desc,
                               name=name, role=role, class_name=class_name, key=key,
                               index=index).selector  # fmt: skip
        alternates = (*self.selector.alternates, other)
        return Locator(self.phone, replace(self.selector, alternates=alternates))

    def _params(self, timeout: float | None, **more: Any) -> dict[str, Any]:
        params: dict[str, Any] = {"selector": self.selector.to_json()}
        params.update({k: v for k, v in more.items() if v is not None})
        if timeout is not None:
            params["timeout"] = timeout
        return params

    def _scroll(
        self, scroll_in: Locator | None, direction: str | None, max_swipes: int | None
    ) -> dict[str, Any]:
        if scroll_in is None:
            return {}
        return {"scroll_in": scroll_in.selector.to_json(), "scroll_direction": direction,
                "max_swipes": max_swipes}  # fmt: skip

    # ----------------------------------------------------------------- actions
    def tap(
        self,
        *,
        scroll_in: Locator | None = None,
        scroll_direction: str | None = None,
        max_swipes: int | None = None,
        timeout: float | None = None,
    ) -> None:
        """Tap the element's centre.

        With ``scroll_in`` (the list it is in), the list is swiped first until the element
        shows: the finger moves ``scroll_direction`` (default "up": later rows), turning
        once at the list's end, at most ``max_swipes`` (10) swipes.
        """
        more = self._scroll(scroll_in, scroll_direction, max_swipes)
        self.phone.run("AC_tap", self._params(timeout, **more))

    def long_press(
        self,
        *,
        duration: float | None = None,
        scroll_in: Locator | None = None,
        scroll_direction: str | None = None,
        max_swipes: int | None = None,
        timeout: float | None = None,
    ) -> None:
        """Press and hold the element for ``duration`` seconds (default 0.8); ``scroll_in``
        as for :meth:`tap`."""
        ms = None if duration is None else round(duration * 1000)
        more = self._scroll(scroll_in, scroll_direction, max_swipes)
        self.phone.run("AC_long_press", self._params(timeout, duration_ms=ms, **more))

    def fill(self, text: str, *, timeout: float | None = None) -> None:
        """Replace the field's text with ``text``: tap it, empty it, type (Playwright's fill).

        Emptying moves the cursor to the end and deletes what the field showed.
        """
        self.phone.run("AC_type_text", self._params(timeout, text=text, clear=True))

    def type(self, text: str, *, timeout: float | None = None) -> None:
        """Tap the field and type ``text`` after what it holds (nothing is cleared)."""
        self.phone.run("AC_type_text", self._params(timeout, text=text))

    def swipe(
        self,
        direction: str,
        *,
        percent: float | None = None,
        distance: int | None = None,
        duration: float | None = None,
        timeout: float | None = None,
    ) -> None:
        """Swipe inside the element: the finger moves ``direction`` ("up" scrolls a list on)
        by ``percent`` of the element's extent (the same on any screen size) or ``distance``
        pixels (default 60%)."""
        ms = None if duration is None else round(duration * 1000)
        params = self._params(
            timeout, direction=direction, percent=percent, distance=distance, duration_ms=ms
        )
        self.phone.run("AC_swipe", params)

    def wait_for(self, state: str = "visible", *, timeout: float | None = None) -> None:
        """Wait until the element is ``state``: visible, gone, enabled, disabled, checked, …"""
        self.phone.run("AC_wait_for", self._params(timeout, state=state))

    # ----------------------------------------------------------------- reading
    def count(self) -> int:
        """How many elements of the screen now match the primary selector (no wait)."""
        return len(find_all(self.selector, self.phone.session.screen()))

    def text(self) -> str:
        """The text the element shows now (its text, else its description); no wait.

        Raises ElementNotFoundError / AmbiguousSelectorError unless exactly one matches.
        """
        from deltarec.core.executor.commands.flow import shown_text
        from deltarec.core.executor.selectors import resolve

        return shown_text(resolve(self.selector, self.phone.session.screen()).element)

    def is_visible(self) -> bool:
        """True when exactly one element matches now (fallbacks included), False when none
        does; no wait. Raises AmbiguousSelectorError when several match."""
        from deltarec.core.executor.selectors import resolve

        try:
            resolve(self.selector, self.phone.session.screen())
        except ElementNotFoundError:
            return False
        return True


__all__ = ["Locator"]
