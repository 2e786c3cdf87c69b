"""What a recorded tap or swipe acts on, written so that it replays on a phone of another size.

The recorder is given pixels (where the person clicked or dragged); the script gets what
those pixels meant, in this order of preference:

1. **an element**, by a strict selector with alternates
   (:func:`~deltarec.core.recorder.selector_gen.selector_for`): a tap acts on the element
   that takes it (:func:`actionable`: the row, not the name inside it). When that element
   lies inside a scrollable list, the tap also names the list (``scroll_in``) and the
   direction the recording last swiped it, so a replay on a phone where the row is not on
   screen swipes until it is (:mod:`deltarec.core.executor.scrolling`);
2. **a scrollable element** for a swipe: the innermost scrollable under the finger's start,
   by selector, with the swipe as a direction and a percentage of its extent
   (:func:`~deltarec.core.executor.gestures.relative_swipe`), as Maestro writes swipes;
3. **the screen**, as fractions of its width and height (``rel_x``/``rel_y`` for a tap,
   ``start``/``end`` for a swipe): only where nothing else identifies the target.

Raw pixels are never written (a drag on a list with no length along either axis aside: it
has no direction to carry over).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.observer import index_frame
    >>> screen = index_frame(Frame(parse_uiautomator(
    ...     '<hierarchy rotation="0"><node class="android.widget.FrameLayout"'
    ...     ' bounds="[0,0][1000,2000]"><node class="androidx.recyclerview.widget.RecyclerView"'
    ...     ' resource-id="app:id/list" scrollable="true" bounds="[0,200][1000,1800]">'
    ...     '<node class="android.widget.TextView" text="Row 1" clickable="true"'
    ...     ' bounds="[0,200][1000,400]"/></node></node></hierarchy>')))
    >>> swipe = swipe_params(screen, 500, 1500, 500, 700)
    >>> swipe["selector"]["resource_id"], swipe["direction"], swipe["percent"]
    ('app:id/list', 'up', 50.03)
    >>> tap_params(screen, 10, 1900)
    {'rel_x': 0.01, 'rel_y': 0.95}
"""

from __future__ import annotations

from typing import Any

from deltarec.core.executor.gestures import relative_swipe, screen_fraction
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex, element_at
from deltarec.core.observe.model import Bounds
from deltarec.core.recorder.selector_gen import selector_for


def actionable(frame: Frame, pos: int, *, long: bool = False) -> int:
    """What a tap at the element at ``pos`` acts on: the element itself when it takes taps
    (long presses), else its nearest ancestor that does (the row, not the sender's name in
    it: a name may repeat, the row it is in is one), else ``pos``."""
    at = pos
    while at >= 0:
        node = frame.nodes[at]
        if node.clickable or node.checkable or node.editable or (long and node.long_clickable):
            return at
        at = frame.parents[at]
    return pos


def scrollable_at(frame: Frame, pos: int, *, strict: bool = False) -> int | None:
    """The innermost scrollable element holding ``pos`` (``pos`` itself unless ``strict``),
    or None."""
    at = frame.parents[pos] if strict else pos
    while at >= 0:
        if frame.nodes[at].scrollable:
            return at
        at = frame.parents[at]
    return None


def _selector(screen: ElementIndex, pos: int) -> dict[str, Any]:
    return selector_for(screen.frame, pos, screen.number_of.get(pos), name=screen.names[pos])


def _screen(screen: ElementIndex) -> Bounds:
    return screen.frame.obs.screen


def tap_params(screen: ElementIndex, x: int, y: int, *, long: bool = False,
               directions: dict[str, str] | None = None) -> dict[str, Any]:  # fmt: skip
    """The parameters of a tap (long press) at ``(x, y)`` on ``screen`` (module docstring).

    ``directions`` maps a list's stable key to the direction the recording last swiped
    it (the way to scroll when looking for a row of it; "up" when never swiped).
    """
    target = element_at(screen, x, y)
    if target is None:
        rx, ry = _fractions(screen, x, y)
        return {"rel_x": rx, "rel_y": ry}
    pos = actionable(screen.frame, target.pos, long=long)
    params: dict[str, Any] = {"selector": _selector(screen, pos)}
    container = scrollable_at(screen.frame, pos, strict=True)
    if container is not None:
        params["scroll_in"] = _selector(screen, container)
        key = screen.frame.keys[container]
        params["scroll_direction"] = (directions or {}).get(key, "up")
    return params


def tap_label(screen: ElementIndex, x: int, y: int, *, long: bool = False) -> str | None:
    """What a person reads for a tap (long press) at ``(x, y)``: ``tap button "Save"``, with
    the element under the finger when the tap acts on another (``(at text "Ada")``); None
    when no element is there (the step's label then says where)."""
    target = element_at(screen, x, y)
    if target is None:
        return None
    pos = actionable(screen.frame, target.pos, long=long)
    verb = "long-press" if long else "tap"
    label = f'{verb} {screen.frame.nodes[pos].role} "{screen.names[pos]}"'
    if pos != target.pos and target.name != screen.names[pos]:
        label += f' (at {target.role} "{target.name}")'
    return label


def swiped_list(screen: ElementIndex, x: int, y: int) -> int | None:
    """The innermost scrollable element under a swipe's start ``(x, y)``, or None."""
    start = element_at(screen, x, y)
    return None if start is None else scrollable_at(screen.frame, start.pos)


def swipe_params(screen: ElementIndex, x1: int, y1: int, x2: int, y2: int) -> dict[str, Any]:
    """The parameters of a swipe from ``(x1, y1)`` to ``(x2, y2)`` on ``screen``."""
    container = swiped_list(screen, x1, y1)
    if container is None:  # nothing identifies it: where the finger went, on any screen
        return {"start": _fractions(screen, x1, y1), "end": _fractions(screen, x2, y2)}
    relative = relative_swipe(screen.frame.nodes[container].bounds, x1, y1, x2, y2)
    if relative is None:
        return {"x1": x1, "y1": y1, "x2": x2, "y2": y2}
    direction, percent = relative
    return {"selector": _selector(screen, container), "direction": direction,
            "percent": percent}  # fmt: skip


def _fractions(screen: ElementIndex, x: int, y: int) -> list[float]:
    area = _screen(screen)
    return [screen_fraction(x - area.left, area.width), screen_fraction(y - area.top, area.height)]


__all__ = [
    "actionable",
    "scrollable_at",
    "swipe_params",
    "swiped_list",
    "tap_label",
    "tap_params",
]
