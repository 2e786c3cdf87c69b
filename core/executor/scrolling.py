"""Scroll until visible: bring an element that came in by scrolling onto the screen.

A tap recorded on a row of a list replays on a phone where that row may not be on screen:
a smaller phone shows fewer rows, a larger one scrolled past it with the same relative
swipe. :func:`scroll_into_view` resolves the target on the live screen; while it is not
there (or its centre lies outside the list), it swipes the list (found by its own
selector) by :data:`~deltarec.core.executor.gestures.SWIPE_SHARE` of its extent in the
recorded direction, inside the list's visible part (not on a bar drawn over it:
:mod:`~deltarec.core.executor.swipe_area`), settles, and looks again. When the list stops
moving (its content is the same after a swipe) it turns round once: the row may be behind.
At most ``max_swipes`` swipes in all; then the step fails naming the target, the list
and what was swiped.

Order of evidence: an ambiguous target or a stale ``[i]`` fails at once (scrolling cannot
make a selector strict); only "not found" scrolls. The list itself is waited for with
the step's timeout (the screen may still be coming in); the target is not (it is known
to be missing, so waiting would only cost the timeout per swipe).

Cost: one capture per look, one swipe and one settle per swipe.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deltarec.core.errors import ElementNotFoundError
from deltarec.core.executor.gestures import OPPOSITE, swipe_points
from deltarec.core.executor.selectors import Match, Selector
from deltarec.core.executor.swipe_area import plan, visible_box
from deltarec.core.observe.model import Bounds

if TYPE_CHECKING:
    from deltarec.core.executor.context import Context
    from deltarec.core.observe.index import ElementIndex

MAX_SWIPES = 10
"""Default bound on the swipes one step may make looking for its target."""


def _inside(element: Match, area: Bounds) -> bool:
    cx, cy = element.bounds.center
    return element.bounds.area > 0 and area.contains_point(cx, cy)


def _content(screen: ElementIndex, area: Bounds) -> tuple[tuple[str, str, Bounds], ...]:
    """What the list shows: every node inside ``area`` (text, description, bounds)."""
    return tuple(
        (n.text, n.content_desc, n.bounds)
        for n in screen.frame.nodes
        if area.intersection(n.bounds) > 0
    )


def _look(ctx: Context, target: Selector, screen: ElementIndex, area: Bounds | None) -> bool:
    """Whether the target is on ``screen`` (inside ``area``)."""
    try:
        found = ctx.resolve(target, screen)
    except ElementNotFoundError:
        return False
    return area is None or _inside(found.element, area)


def _gesture(screen: ElementIndex, pos: int, area: Bounds, direction: str) -> tuple[int, ...]:
    """A swipe of :data:`~deltarec.core.executor.gestures.SWIPE_SHARE` of the list, inside its
    visible part (:mod:`~deltarec.core.executor.swipe_area`: not on a bar drawn over it);
    through the whole list when nothing of it is free."""
    cross = area.center[0] if direction in ("up", "down") else area.center[1]
    box = visible_box(screen.frame, pos, area, direction, cross)
    swipe = plan(box, direction, cross)
    return swipe.points if swipe.done > 0 else swipe_points(area, direction, None)


def scroll_into_view(
    ctx: Context,
    target: Selector,
    within: Selector,
    direction: str,
    *,
    timeout: float,
    max_swipes: int = MAX_SWIPES,
) -> None:
    """Swipe ``within`` until ``target`` is on screen inside it (module docstring).

    Returns when it is (at once when it already was); raises StepFailedError (through
    ``ctx.fail``) after ``max_swipes`` swipes, ElementNotFoundError when the list itself
    never shows within ``timeout``, AmbiguousSelectorError / StaleIndexError at once.
    One capture per look: the list, the target and the list's content are read from it.
    """
    screen = ctx.screen()
    if _look(ctx, target, screen, screen.frame.obs.screen):
        return
    found = ctx.find(within, timeout=timeout)
    area, pos = found.bounds, found.pos
    screen = ctx.screened or screen
    swiped: list[str] = []
    turned = False
    while len(swiped) < max_swipes:
        if _look(ctx, target, screen, area):
            return
        before = _content(screen, area)
        x1, y1, x2, y2 = _gesture(screen, pos, area, direction)
        ctx.device.swipe(x1, y1, x2, y2, 300)
        ctx.settle()
        swiped.append(direction)
        screen = ctx.screen()
        found = ctx.resolve(within, screen).element
        area, pos = found.bounds, found.pos
        if _content(screen, area) == before:  # the list is at its end
            if turned:
                break
            direction, turned = OPPOSITE[direction], True
    if _look(ctx, target, screen, area):
        return
    ctx.tried.append(f"scrolled {within.describe()}: {', '.join(swiped) or 'not at all'}")
    ctx.fail(
        f"{target.describe()} not found in {within.describe()} after "
        f"{len(swiped)} swipe{'s' * (len(swiped) != 1)} ({', '.join(swiped) or 'none'})"
    )


__all__ = ["MAX_SWIPES", "scroll_into_view"]
