"""The phone's layout-unit truth in a profile's px, for the oracles that grade deltas.

The virtual phone keeps its state (scroll offsets) and lays its screens out in *layout
units* (lu, :mod:`deltarec.core.devices.virtual.profile`); its dumps, and so every delta,
are in the profile's px. An oracle grading a delta converts the truth with the profile's
own mapping, never the other way round:

- a distance of ``d`` lu along a side is ``d × px_size / lu_size`` px exactly
  (:func:`exact_px`); each edge is rounded to a whole px on its own, so a view moved by
  ``d`` lu moves by the floor or the ceiling of that — never a whole px off
  (:data:`ROUNDING`: the rounding of one layout unit, under 1 px on every profile);
- an item's place in its scroller's content is read from the layout the phone drew
  (:func:`layout_views`), which scrolling does not round.

On the reference profile (1080x2400 at 420 dpi) lu are px: every function is the
identity and the oracles grade exactly as they always did.

    >>> from deltarec.core.devices.virtual.profile import PRESETS
    >>> exact_px(PRESETS["small"], 123, axis=1)
    93.71428571428571
    >>> within(PRESETS["small"], 94, 93.71428571428571, slack=0), within(PRESETS["phone"], 94, 93.7, slack=0)
    (True, False)
"""

from __future__ import annotations

from collections.abc import Iterable

from deltarec.core.devices.virtual.profile import Profile, _map
from deltarec.core.devices.virtual.views import Rect, View, Window

ROUNDING = 1
"""px a view's move may differ from the exact px of its move in lu on a scaled profile:
both of its edges are rounded to whole px (``profile._map``), so the move is the floor or
the ceiling of the exact value. 0 on the reference profile (no rounding)."""


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


def layout_views(
    layout: Iterable[Window], shown: Iterable[Window], profile: Profile
) -> dict[int, View]:
    """Each shown (px) view's layout-unit original, by ``id`` of the px view.

    ``shown`` is ``scale_windows(layout, profile)``: the same trees, each view mapped edge
    by edge, less the views left with no pixel. Empty on the reference profile (the shown
    views are the layout's own)."""
    out: dict[int, View] = {}
    if profile.is_reference:
        return out
    lw, lh = profile.layout_size

    def drawn(r: Rect) -> bool:
        x1, x2 = (_map(r[0], profile.width, lw), _map(r[2], profile.width, lw))
        y1, y2 = (_map(r[1], profile.height, lh), _map(r[3], profile.height, lh))
        return x2 > x1 and y2 > y1

    def pair(px: View, lu: View) -> None:
        out[id(px)] = lu
        kept = [c for c in lu.children if drawn(c.bounds)]
        for a, b in zip(px.children, kept, strict=True):
            pair(a, b)

    by_kind = [w for w in layout if drawn(w.root.bounds)]
    for a, b in zip(shown, by_kind, strict=True):
        pair(a.root, b.root)
    return out
