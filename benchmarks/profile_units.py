"""The phone's layout-unit truth in a profile's px, for the oracles that grade deltas.

The virtual phone keeps its state (scroll offsets) and lays its screens out in *layout
units* (lu, :mod:`deltarec.core.devices.virtual.profile`); its dumps, and so every delta,
are in the profile's px. An oracle grading a delta converts the truth with the profile's
own mapping, never the other way round:

- a distance of ``d`` lu along a side is ``d × px_size / lu_size`` px exactly
  (:func:`exact_px`); a native scroller's offset is rounded to a whole px once (and each
  edge of a web box on its own), so content scrolled by ``d`` lu moves by the floor or the
  ceiling of that — never a whole px off (:data:`ROUNDING`: the rounding of one layout
  unit, under 1 px on every profile);
- an item's place in its scroller's content is read from the layout the phone drew
  (:func:`~deltarec.core.devices.virtual.profile.scale_traced`), which scrolling does not
  round.

On the reference profile (1080x2400 at 420 dpi) lu are px: every function is the
identity and the oracles grade exactly as they always did.

    >>> from deltarec.core.devices.virtual.profile import PRESETS
    >>> exact_px(PRESETS["small"], 123, axis=1)
    93.71428571428571
    >>> within(PRESETS["small"], 94, 93.71428571428571, slack=0), within(PRESETS["phone"], 94, 93.7, slack=0)
    (True, False)
"""

from __future__ import annotations

from deltarec.core.devices.virtual.profile import Profile

ROUNDING = 1
"""px a view's move may differ from the exact px of its move in lu on a scaled profile:
its scroller's offset (a web box: each of its edges) is rounded to whole px
(``profile._map``), so the move is the floor or the ceiling of the exact value. 0 on the
reference profile (no rounding)."""


def exact_px(profile: Profile, distance: int, *, axis: int) -> float:
    """``distance`` lu along ``axis`` (0: x, 1: y) in the profile's px, unrounded."""
    lw, lh = profile.layout_size
    size, lu = (profile.width, lw) if axis == 0 else (profile.height, lh)
    return distance * size / lu if lu != size else float(distance)


def within(profile: Profile, px: int, exact: float, *, slack: int) -> bool:
    """``px`` (a measured or reported move) agrees with ``exact`` within ``slack`` px plus
    the rounding of one layout unit (:data:`ROUNDING`) off the reference profile."""
    rounding = 0 if profile.is_reference else ROUNDING
    return abs(px - exact) < slack + rounding or abs(px - exact) <= slack
