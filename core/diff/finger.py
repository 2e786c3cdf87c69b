"""What the caller's finger says of an offset two dumps measured off one row (issue 18).

One row cut by an edge, the only row in both frames, does not tell which row it is: a
sponsored card and its twin 18 cards on show the very same texts, and the offset read off
them is the twin's. The caller's swipe (:class:`~deltarec.core.diff.gesture.Gesture`) is a
second witness: content follows the finger while it is down, less the touch slop, and
glides on after it lifts (:func:`followed`). Read by
:func:`deltarec.core.diff.row_evidence.refuted`.
"""

from __future__ import annotations

from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.motions import OFF

FINGER_SLOP = 40
"""px the content may lag the finger along its main axis and still have followed it: the
touch slop a list takes before it moves (8 dp: 21 px at 420 dpi, 40 px at 800)."""

SLOW = 1.5
"""Lists' lengths a second below which a finger's glide carries the content less than a
screen (AOSP's spline glide after 1.5 screens/s on a 420 dpi phone is about a third of one)."""


def strayed(finger: Gesture, dx: int, dy: int) -> bool:
    """Whether content moved by (dx, dy) went further across the finger's main axis than the
    finger did, in proportion to how far it went along it (a glide keeps the release's
    direction), beyond the rounding of a box."""
    sy = finger.content[1]
    along, across = (abs(dy), abs(dx)) if sy else (abs(dx), abs(dy))
    f_along = abs(finger.y2 - finger.y1) if sy else abs(finger.x2 - finger.x1)
    f_across = abs(finger.x2 - finger.x1) if sy else abs(finger.y2 - finger.y1)
    return across > f_across * max(1.0, along / max(1, f_along)) + OFF


def followed(finger: Gesture, offset: tuple[int, int], span: int) -> bool:
    """Whether content that moved by ``offset`` in a list ``span`` px long followed
    ``finger``: the finger's way, no further across it than the finger went (in
    proportion), and either at least as far as the finger went less the touch slop
    (:data:`FINGER_SLOP`: a glide only adds), or short of it after a slow finger
    (:data:`SLOW`: the list stopped at its end).

    A twin's offset (an ad read off its twin, ``T`` px of content apart) is ``kT - D`` for
    the true move ``D``: the finger's way only when the content moved past a twin, more
    than a screen for twins a screen or more apart. A slow finger cannot carry it that far;
    a fast one can (a glide of many screens), and then only an offset at least as long as
    the finger's travel is taken, as the true one always is unless the list hit its end.

    >>> g = Gesture(540, 2000, 540, 500, 300)
    >>> followed(g, (0, -1529), 2022), followed(g, (0, -900), 2022), followed(g, (0, 1573), 2022)
    (True, False, False)
    >>> followed(Gesture(540, 500, 540, 2300, 600), (0, 1719), 2022)
    True
    """
    sx, sy = finger.content
    dx, dy = offset
    if (sx, sy) == (0, 0) or sx * dx < 0 or sy * dy < 0:
        return False
    if strayed(finger, dx, dy):
        return False
    along = abs(dy) if sy else abs(dx)
    f_along = abs(finger.y2 - finger.y1) if sy else abs(finger.x2 - finger.x1)
    slow = f_along * 1_000 <= SLOW * span * max(1, finger.duration_ms)
    return slow or along >= f_along - FINGER_SLOP
