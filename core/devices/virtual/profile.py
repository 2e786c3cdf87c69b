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

from deltarec.core.devices.virtual.views import Rect, View, Window
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

    Each edge maps on its own (``x * width / layout_width``, rounded), so the map is
    monotonic: a child stays inside its parent, siblings that did not overlap still
    do not, and the screen's edges land exactly on the screen's. A view left with
    no pixel (a sliver of a clipped row) leaves the tree, as a clipped one does.
    The identity (same objects) on the reference profile.
    """
    if profile.is_reference:
        return windows
    lw, lh = profile.layout_size

    w, h = profile.width, profile.height

    def rect(r: Rect) -> Rect:
        return (_map(r[0], w, lw), _map(r[1], h, lh), _map(r[2], w, lw), _map(r[3], h, lh))

    def view(v: View) -> View | None:
        bounds = rect(v.bounds)
        if bounds[2] <= bounds[0] or bounds[3] <= bounds[1]:
            return None
        kids = tuple(k for k in (view(c) for c in v.children) if k is not None)
        drawn = None if v.drawn is None else rect(v.drawn)
        return replace(v, bounds=bounds, children=kids, drawn=drawn)

    out: list[Window] = []
    for window in windows:
        root = view(window.root)
        if root is not None:
            out.append(replace(window, root=root))
    return tuple(out)
