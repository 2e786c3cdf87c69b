"""Momentum: how far a list keeps moving after a fast swipe's finger lifts (a fling).

Real phones do not scroll by exactly the finger's travel. When the finger lifts while
moving fast, Android's ``OverScroller`` keeps the content going: the faster the release,
the further, decelerating to a stop (or to the list's end, where :func:`~.actions.scroll`
clamps it). A slow drag has no momentum: the content stops under the finger.

The model (deterministic: a recorded swipe replays with its duration, so to the same
screen):

- the release velocity is the finger's travel over the swipe's duration (``input swipe``
  moves the finger at constant speed, so Android's ``VelocityTracker`` reads that);
- below :data:`FLING_MIN_DP_S` there is no momentum; above it the momentum velocity is
  the excess, capped at :data:`MAX_FLING_DP_S` (``ViewConfiguration``'s maximum fling
  velocity) less the threshold, so the glide grows smoothly from 0 at the threshold;
- the glide is ``v² / (2·a)`` at :data:`DECELERATION_DP_S2`, at most :data:`MAX_GLIDE_DP`.

Why a threshold far above Android's 50 dp/s minimum fling velocity? Android's overscroller
follows a spline whose glide at low velocity is a few dp; this model's parabola would make
those a visible jump. The threshold keeps drags at the speeds scripts use to scroll
precisely (300 ms for a finger's travel of up to ~1,180 px on the default phone) exact,
and makes every quicker swipe — the walk's flings of 40–120 ms, a 2,000 px swipe in
300 ms — overshoot the finger as a real one does.

Touch slop: a native scroller does not move by the finger's whole travel either. AOSP
``RecyclerView.onTouchEvent`` (``ACTION_MOVE``: ``if (Math.abs(dy) > mTouchSlop) { dy > 0 ?
dy -= mTouchSlop : dy += mTouchSlop; ... }``, the same for ``dx`` on a horizontal list) and
``ScrollView.onTouchEvent`` (``deltaY -= mTouchSlop`` when ``mIsBeingDragged`` starts)
subtract the touch slop once, when the drag starts; ``ViewConfiguration``'s ``TOUCH_SLOP``
is :data:`TOUCH_SLOP_DP` (8 dp: 21 px at 420 dpi). So the content moves the finger's travel
less the slop on the drag's main axis, and a drag no longer than the slop moves nothing
(:func:`drag`). The glide still comes from the finger's velocity (``VelocityTracker`` reads
the finger, not the content).

Distances are in layout units (lu: 160/420 dp, the reference phone's px; :mod:`.profile`).

    >>> glide(600, 600)  # 1,000 lu/s ≈ 381 dp/s: a slow drag
    0
    >>> glide(-500, 40)  # a flick: the content keeps going the finger's way
    -3491
    >>> glide(20_000, 10) == glide(40_000, 10)  # capped
    True
    >>> drag(2000, 21), drag(-2000, 21), drag(21, 21), drag(-15, 21)
    (1979, -1979, 0, 0)
"""

from __future__ import annotations

LU_PER_DP = 420 / 160
"""Layout units per dp."""

FLING_MIN_DP_S = 1_500.0
"""Release velocity (dp/s) below which a swipe is a drag: no momentum."""

MAX_FLING_DP_S = 8_000.0
"""Fastest release velocity counted (dp/s; Android's ``MAXIMUM_FLING_VELOCITY``)."""

DECELERATION_DP_S2 = 4_000.0
"""How fast the glide slows (dp/s²)."""

MAX_GLIDE_DP = 4_000.0
"""The longest glide (dp): about four screens of a phone."""

TOUCH_SLOP_DP = 8
"""``ViewConfiguration.TOUCH_SLOP`` (dp): how far the finger moves before a drag starts."""

TOUCH_SLOP_LU = round(TOUCH_SLOP_DP * LU_PER_DP)
"""The touch slop in layout units (21: 8 dp at 420 dpi)."""


def drag(travel: int, slop: int) -> int:
    """How far a native scroller's content follows a drag of ``travel`` (any unit, signed)
    when the touch slop is ``slop`` in the same unit: the travel less the slop, 0 within it."""
    if abs(travel) <= slop:
        return 0
    return travel - slop if travel > 0 else travel + slop


def glide(travel: int, duration_ms: int) -> int:
    """How much further (lu, the sign of ``travel``) the content moves after the finger
    lifts, for a swipe of ``travel`` lu over ``duration_ms`` (module docstring)."""
    if travel == 0:
        return 0
    seconds = max(duration_ms, 1) / 1000
    velocity = min(abs(travel) / LU_PER_DP / seconds, MAX_FLING_DP_S) - FLING_MIN_DP_S
    if velocity <= 0:
        return 0
    extra = min(velocity * velocity / (2 * DECELERATION_DP_S2), MAX_GLIDE_DP)
    return round(extra * LU_PER_DP) * (1 if travel > 0 else -1)


__all__ = ["TOUCH_SLOP_DP", "TOUCH_SLOP_LU", "drag", "glide"]
