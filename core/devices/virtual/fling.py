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

Distances are in layout units (lu: 160/420 dp, the reference phone's px; :mod:`.profile`).

    >>> glide(600, 600)  # 1,000 lu/s ≈ 381 dp/s: a slow drag
    0
    >>> glide(-500, 40)  # a flick: the content keeps going the finger's way
    -3491
    >>> glide(20_000, 10) == glide(40_000, 10)  # capped
    True
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


__all__ = ["glide"]
