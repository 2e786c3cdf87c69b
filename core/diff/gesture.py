"""What the caller knows about a step's touch: evidence for the diff, never required.

The executor, the recorder and the MCP server know the gesture a step made (start, end,
duration). :func:`deltarec.core.diff.compute.compute_delta` takes it as ``gesture=`` and uses
it only where the two dumps leave a doubt:

- **Content moves with the finger.** A finger moving up never yields "scrolled up": a
  measured offset against the finger, in the container under the gesture's start, is a
  mismatch of twins, and the scroll's offset is unknown (about a page or more).
- **Direction of a page.** When no row stayed (a fling), the dumps give no direction; the
  finger does: ``scrolled down about a page or more``.
- **A dialog takes the touch.** A touch that starts outside a dialog's box, below its window,
  goes to the dialog (it dismisses it), never to the view behind: the finger is then no
  evidence (:func:`reaching`); nor is it where a dialog came up in the step, maybe before
  the touch (:func:`came_up`).
- **A swipe that moved nothing** says so (``↕ nothing scrolled …``), naming the scrollable
  under its start, or that there was none; a swipe the caller clamped to the screen says it.

Without a gesture (``deltarec delta A B``), the diff is what the dumps alone say.

    >>> Gesture(540, 1800, 540, 600).content
    (0, -1)
    >>> Gesture(540, 900, 541, 905).swipe
    False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from deltarec.core.observe.labels import scrolls_by_nature

if TYPE_CHECKING:
    from deltarec.core.observe.frame import Frame

TAP_SLOP = 16
"""A touch that moved no further than this (px) on either axis is a tap or a long press: the
touch slop (8 dp) at 320 dpi, the least of today's phones, so every one of them took it as
one (a finger 16 px down on a 320 dpi tablet is its tap; as a drag, the diff read the tap's
relabelled rows as a page turned against the finger)."""

TOUCH_SLOP_DP = 8
"""``ViewConfiguration``'s touch slop: a finger that moves no further on either axis is a
tap to every view (no scroller starts a drag, the view under it keeps its press)."""

DENSEST = 640
"""dpi of the densest phones (xxxhdpi): a move past their slop is a drag on every phone."""


@dataclass(frozen=True, slots=True)
class Gesture:
    """One touch from (x1, y1) to (x2, y2) over ``duration_ms``; ``clamped``: the caller cut
    the requested move to fit the screen or element."""

    x1: int
    y1: int
    x2: int
    y2: int
    duration_ms: int = 300
    clamped: bool = False

    @property
    def swipe(self) -> bool:
        """It moved past the slop of every phone (:data:`TAP_SLOP`): a drag or a fling."""
        return max(abs(self.x2 - self.x1), abs(self.y2 - self.y1)) > TAP_SLOP

    @property
    def tap_from_dpi(self) -> int:
        """The lowest screen density (dpi) at which this touch stays within the touch slop,
        so that the phone takes it as a tap; 0 when it is past the slop of every phone.

        >>> Gesture(540, 900, 540, 918).tap_from_dpi, Gesture(540, 900, 540, 960).tap_from_dpi
        (360, 0)
        """
        travel = max(abs(self.x2 - self.x1), abs(self.y2 - self.y1))
        dpi = -(-travel * 160 // TOUCH_SLOP_DP)
        return dpi if dpi <= DENSEST else 0

    @property
    def vertical(self) -> bool:
        return abs(self.y2 - self.y1) >= abs(self.x2 - self.x1)

    @property
    def content(self) -> tuple[int, int]:
        """The sign of the content's move along the gesture's main axis (it follows the
        finger); (0, 0) for a tap."""
        if not self.swipe:
            return (0, 0)
        if self.vertical:
            return (0, 1 if self.y2 > self.y1 else -1)
        return (1 if self.x2 > self.x1 else -1, 0)

    def contradicts(self, dx: int, dy: int) -> bool:
        """Whether content moved by (dx, dy) went against the finger on its main axis."""
        sx, sy = self.content
        return sx * dx < 0 or sy * dy < 0


def top_node(frame: Frame, x: int, y: int) -> int:
    """The node drawn on top at (x, y), where a touch there lands: the last in document order
    holding it; -1: none."""
    for pos in range(len(frame.nodes) - 1, -1, -1):
        if frame.nodes[pos].bounds.contains_point(x, y):
            return pos
    return -1


def reaching(
    frame: Frame, gesture: Gesture | None, after: Frame | None = None
) -> tuple[Gesture | None, Gesture | None]:
    """The gesture as evidence for what moved, and the gesture a dialog took: ``(None,
    gesture)`` when a dialog's window, drawn over the point where it started, took it
    (:func:`dialog_over`). A dialog is modal: a touch outside its box dismisses it (or does
    nothing) and the window behind never sees it, so the finger is no evidence for what
    moved there (new mail pushing rows down under a prompt the drag dismissed), and the
    reply says where it went
    (``↕ nothing scrolled: the swipe from (338,647) went to [66] dialog "Delete history?"``)."""
    if gesture is None:
        return None, None
    if dialog_over(frame, gesture) >= 0:
        return None, gesture
    if after is not None and gesture.swipe and came_up(frame, after):
        return None, gesture
    return gesture, None


def came_up(before: Frame, after: Frame) -> bool:
    """A dialog's window shown in ``after`` where ``before`` shows none: it came up in the
    step, maybe before the swipe, which it then took (the window behind never sees a touch
    while a dialog is up), maybe after it. The dumps cannot say which, so the finger is no
    evidence for what moved (new mail pushing rows down under a drag the app's prompt took,
    read as the list scrolled with the finger); the reply says the dialog came up. A tap is
    still evidence: a tap opens dialogs."""
    return _has_dialog(after) and not _has_dialog(before)


def _has_dialog(frame: Frame) -> bool:
    return any(frame.nodes[r].role == "dialog" for r in frame.roots)


def dialog_over(frame: Frame, gesture: Gesture) -> int:
    """The topmost dialog window drawn over the node where ``gesture`` started (the start
    outside its box, below its window), which took the touch; -1: none."""
    at = top_node(frame, gesture.x1, gesture.y1)
    return max((r for r in frame.roots if r > at and frame.nodes[r].role == "dialog"), default=-1)


def scrollable_of(frame: Frame, pos: int) -> int | None:
    """``pos`` when it scrolls, else its nearest scrolling ancestor; None when none does."""
    if pos < 0:
        return None
    for p in (pos, *frame.ancestors(pos)):
        if scrolls_by_nature(frame.nodes[p]):
            return p
    return None
