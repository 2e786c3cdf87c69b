"""Virtual phone profiles: a screen size in px and a density, parsed from ``virtual:…`` names.

A profile is ``WIDTHxHEIGHT[@DPI]`` (``720x1600@320``) or a preset name
(:data:`PRESETS`). The Playground lays its screens out in *layout units* (lu): the
pixels of the reference phone, 1080x2400 at 420 dpi, so 1 lu = 160/420 dp and a
screen of ``W`` px at ``D`` dpi is ``W * 420 / D`` lu wide. Sizes are fixed in lu
(hence in dp, as Android sizes are), while the screen's size in lu follows the
profile: a narrower screen in dp wraps text onto more lines, a taller one shows
more list rows, a tablet's product grid has more columns. The laid-out views are
then mapped to px (:func:`scale_windows`, px = lu × D/420 = dp × D/160). On the
reference profile both steps are the identity, so plain ``virtual`` is byte for
byte the phone it always was.

    >>> parse_profile("720x1600@320")
    Profile(width=720, height=1600, dpi=320)
    >>> parse_profile("720x1600@320").layout_size
    (945, 2100)
    >>> parse_profile("tablet").name
    '2560x1600@320'
    >>> parse_profile("1080x2400") == DEFAULT_PROFILE
    True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from deltarec.core.devices.virtual.layout import WEBVIEW
from deltarec.core.devices.virtual.views import Rect, View, Window, intersect
from deltarec.core.errors import InputError

REFERENCE_DPI = 420
"""The density the Playground's sizes are written at (1 lu = 1 px at 420 dpi)."""

MIN_SHORT_DP = 320
"""The narrowest screen side, in dp, the layouts are made for (Android's smallest phones)."""
MIN_HEIGHT_DP = 660
"""The shortest screen height in dp: the Playground's home menu does not scroll, so it must fit
(it rules out 16:9 phones of 640 dp and phones held in landscape; tablets fit either way)."""
MAX_DP = 2000
"""The longest side, in dp, of any profile (a 13-inch tablet is about 1400 dp)."""
DPI_RANGE = (120, 800)
"""ldpi to beyond xxxhdpi (640)."""


@dataclass(frozen=True, slots=True)
class Profile:
    """A virtual screen: ``width`` x ``height`` px at ``dpi`` dots per inch."""

    width: int
    height: int
    dpi: int

    @property
    def name(self) -> str:
        """``WIDTHxHEIGHT@DPI``, what :func:`parse_profile` reads back."""
        return f"{self.width}x{self.height}@{self.dpi}"

    @property
    def layout_size(self) -> tuple[int, int]:
        """The screen in layout units (reference px): what the layouts are laid out in."""
        return (_to_lu(self.width, self.dpi), _to_lu(self.height, self.dpi))

    @property
    def is_reference(self) -> bool:
        """True when layout units are px (the screens need no mapping)."""
        return self.layout_size == (self.width, self.height)

    @property
    def slack(self) -> int:
        """How far (lu) outside a scroller its content may still show a px once mapped: a
        px and one lu more (0 on the reference profile, where lu are px).

        >>> Profile(720, 1600, 320).slack, DEFAULT_PROFILE.slack, Profile(240, 495, 120).slack
        (3, 0, 5)
        """
        return 0 if self.is_reference else -(-REFERENCE_DPI // self.dpi) + 1

    def to_layout(self, distance: int) -> int:
        """A distance in px (a swipe's) in layout units, rounded half away from zero.

        >>> Profile(720, 1600, 320).to_layout(400), Profile(720, 1600, 320).to_layout(-400)
        (525, -525)
        """
        lu = abs(distance) * REFERENCE_DPI * 2 + self.dpi
        return (1 if distance >= 0 else -1) * (lu // (2 * self.dpi))

    def px(self, distance: int) -> int:
        """A distance in layout units (a tap slop, an inset) in px, at least 1 for 1.

        >>> Profile(720, 1600, 320).px(16), DEFAULT_PROFILE.px(16)
        (12, 16)
        """
        return max(1 if distance else 0, (distance * self.dpi * 2 + REFERENCE_DPI) // 840)


DEFAULT_PROFILE = Profile(1080, 2400, REFERENCE_DPI)
"""Plain ``virtual``: a 1080x2400 phone at 420 dpi (411x914 dp)."""

PRESETS: dict[str, Profile] = {
    "phone": DEFAULT_PROFILE,
    "small": Profile(720, 1600, 320),
    "large": Profile(1440, 3120, 560),
    "tablet": Profile(2560, 1600, 320),
}
"""Named profiles: the default phone, a small phone (360x800 dp), a large phone
(411x891 dp at 560 dpi) and a landscape tablet (1280x800 dp)."""

_SPEC = re.compile(r"(?P<w>[0-9]{1,5})x(?P<h>[0-9]{1,5})(?:@(?P<dpi>[0-9]{1,4}))?")


def _to_lu(px: int, dpi: int) -> int:
    return (px * REFERENCE_DPI * 2 + dpi) // (2 * dpi)


def _map(lu: int, px_size: int, lu_size: int) -> int:
    """A coordinate in layout units on a side of ``lu_size`` as px on one of ``px_size``."""
    return (lu * px_size * 2 + lu_size) // (2 * lu_size)


def _dp(px: int, dpi: int) -> int:
    return px * 160 // dpi


def _default_dpi(width: int, height: int) -> int:
    """The density that gives the shortest side the default phone's 411 dp (1080 px → 420)."""
    return max(1, round(min(width, height) * REFERENCE_DPI / DEFAULT_PROFILE.width))


def parse_profile(spec: str, *, device: str = "") -> Profile:
    """The profile ``spec`` names: a preset name or ``WIDTHxHEIGHT[@DPI]``.

    Without ``@DPI`` the density makes the shortest side 411 dp, as on the default
    phone (give a DPI for a tablet). Raises :class:`~deltarec.core.errors.InputError`
    naming ``device`` (default: ``virtual:<spec>``) and what is wrong: not the
    shape, a density out of :data:`DPI_RANGE`, or a screen smaller than
    :data:`MIN_SHORT_DP` x :data:`MIN_HEIGHT_DP` dp or larger than :data:`MAX_DP`.

    >>> parse_profile("100x100@420")
    Traceback (most recent call last):
    ...
    deltarec.InputError: device 'virtual:100x100@420': 100x100 px at 420 dpi is 38x38 dp; \
the narrower side must be at least 320 dp
    """
    where = device or f"virtual:{spec}"
    if spec in PRESETS:
        return PRESETS[spec]
    match = _SPEC.fullmatch(spec)
    if match is None:
        presets = ", ".join(PRESETS)
        raise InputError(
            f"device {where!r}: expected WIDTHxHEIGHT[@DPI] in px (e.g. virtual:720x1600@320) "
            f"or a preset ({presets})"
        )
    width, height = int(match["w"]), int(match["h"])
    dpi = int(match["dpi"]) if match["dpi"] else _default_dpi(width, height)
    low, high = DPI_RANGE
    if not low <= dpi <= high:
        raise InputError(f"device {where!r}: density {dpi} dpi is out of range ({low}-{high})")
    wdp, hdp = _dp(width, dpi), _dp(height, dpi)
    size = f"{width}x{height} px at {dpi} dpi is {wdp}x{hdp} dp"
    if min(wdp, hdp) < MIN_SHORT_DP:
        raise InputError(
            f"device {where!r}: {size}; the narrower side must be at least {MIN_SHORT_DP} dp"
        )
    if hdp < MIN_HEIGHT_DP:
        raise InputError(
            f"device {where!r}: {size}; the height must be at least {MIN_HEIGHT_DP} dp"
        )
    if max(wdp, hdp) > MAX_DP:
        raise InputError(f"device {where!r}: {size}; no side may exceed {MAX_DP} dp")
    return Profile(width, height, dpi)


def scale_windows(windows: tuple[Window, ...], profile: Profile) -> tuple[Window, ...]:
    """``windows`` laid out in layout units, mapped to the profile's px.

    Outside native scrollers each edge maps on its own (``x * width / layout_width``,
    rounded), so the map is monotonic: a child stays inside its parent, siblings that did
    not overlap still do not, and the screen's edges land exactly on the screen's. The
    content of a native scroller (a view with a ``swipe`` that is not a WebView) is laid
    out in px once, unscrolled, and moved by its ``offset`` rounded to px once, then
    clipped in px to the scroller and each ancestor: as a RecyclerView or ScrollView moves
    every child by one whole dy (``offsetChildrenVertical``, ``scrollTo``), so every view
    of one scroll moves by the same px. Web content keeps each box rounded on its own, as
    Chrome rounds each box's bounds from fractional CSS px (a px of spread inside one web
    scroll is real). A view left with no pixel (a sliver of a clipped row) leaves the tree,
    as a clipped one does. The identity (same objects) on the reference profile.

    >>> from deltarec.core.devices.virtual.layout import scroller
    >>> row = lambda top: View(cls="row", bounds=(0, top, 945, top + 180))
    >>> small = parse_profile("small")
    >>> def tops(offset):
    ...     rows = tuple(row(300 + 180 * i - offset) for i in range(3))
    ...     lst = scroller("list", (0, 0, 945, 2100), "", rows, swipe="v:x", offset=offset)
    ...     (window,) = scale_windows((Window(root=lst, package="p"),), small)
    ...     return [v.bounds[1] for v in window.root.children]
    >>> tops(0), tops(37), tops(74)
    ([229, 366, 503], [201, 338, 475], [173, 310, 447])
    """
    return scale_traced(windows, profile)[0]


def scale_traced(
    windows: tuple[Window, ...], profile: Profile
) -> tuple[tuple[Window, ...], dict[int, View]]:
    """:func:`scale_windows`, and each px view's layout-unit original by ``id`` of the px
    view (empty on the reference profile, where the px views are the layout's own)."""
    if profile.is_reference:
        return windows, {}
    scaler = _Scaler(profile)
    out: list[Window] = []
    for window in windows:
        root = scaler.view(window.root, _NO_SHIFT, _NO_SHIFT, None)
        if root is not None:
            out.append(replace(window, root=root))
    return tuple(out), scaler.origins


_Shift = tuple[int, int]
"""Along one axis: (lu added before the map, px taken off after it): the scrolls of the
native scrollers a view is inside, in lu and each rounded to px once."""
_NO_SHIFT: _Shift = (0, 0)


class _Scaler:
    """One mapping of views from layout units to a profile's px (:func:`scale_traced`)."""

    def __init__(self, profile: Profile) -> None:
        self.lw, self.lh = profile.layout_size
        self.w, self.h = profile.width, profile.height
        self.origins: dict[int, View] = {}

    def rect(self, r: Rect, sx: _Shift, sy: _Shift) -> Rect:
        w, h, lw, lh = self.w, self.h, self.lw, self.lh
        return (
            _map(r[0] + sx[0], w, lw) - sx[1],
            _map(r[1] + sy[0], h, lh) - sy[1],
            _map(r[2] + sx[0], w, lw) - sx[1],
            _map(r[3] + sy[0], h, lh) - sy[1],
        )

    def scroll(self, v: View, axis: int) -> int:
        """The scroller ``v``'s offset in whole px along ``axis``: how far its end edge moves
        in px when it moves ``v.offset`` lu, so a scroller at the end of its range shows its
        content's end flush with its own, as a real one does (its range is whole px)."""
        size, lu = (self.w, self.lw) if axis == 0 else (self.h, self.lh)
        end = (v.drawn or v.bounds)[axis + 2]
        return _map(end + v.offset, size, lu) - _map(end, size, lu)

    def view(self, v: View, sx: _Shift, sy: _Shift, clip_to: Rect | None) -> View | None:
        """``v`` in px: its content moved by ``sx``/``sy``; clipped to ``clip_to`` (px)
        inside a native scroller, else each edge of its bounds and ``drawn`` mapped."""
        if clip_to is None:
            bounds = self.rect(v.bounds, sx, sy)
            if bounds[2] <= bounds[0] or bounds[3] <= bounds[1]:
                return None
            drawn = None if v.drawn is None else self.rect(v.drawn, sx, sy)
        else:
            whole = self.rect(v.drawn or v.bounds, sx, sy)
            visible = intersect(whole, clip_to)
            if visible is None:
                return None
            bounds, drawn = visible, (None if visible == whole else whole)
        inner = clip_to
        if v.swipe and v.cls != WEBVIEW:  # a native scroller: its content scrolls in whole px
            inner = bounds
            if v.swipe.startswith("h:"):
                sx = (sx[0] + v.offset, sx[1] + self.scroll(v, 0))
            else:
                sy = (sy[0] + v.offset, sy[1] + self.scroll(v, 1))
        kids = tuple(k for k in (self.view(c, sx, sy, inner) for c in v.children) if k is not None)
        scaled = replace(v, bounds=bounds, children=kids, drawn=drawn)
        self.origins[id(scaled)] = v
        return scaled
