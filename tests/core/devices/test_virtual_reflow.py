"""The virtual phone reflows on every profile: a generator of realistic screens (hypothesis over
width, height and density, portrait phones and tablets either way up) and invariants checked on
every screen of the Playground, as a person would check a real app on a device farm:

- every node lies inside the screen (and inside its parent);
- no two clickable siblings overlap;
- every clickable on screen takes a tap at its centre (unless a fixed header covers it);
- every clickable is reachable: scrolling each scrollable to its end, along each axis, brings
  into view exactly the clickables the default phone brings (same texts and descriptions);
- no text is cut: one-line labels fit their box, wrapped text has the lines it needs;
- the first screen of the launcher and of each screen that fits shows the same selectors
  (text, content-desc, resource id) on every profile.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import DEFAULT_PROFILE, PRESETS, Playground, Profile
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.paint import (
    LINE_SIZES,
    WRAP_SIZES,
    drawable,
    fit_line,
    font,
    wrap_paragraphs,
    wrapped_height,
)
from deltarec.core.devices.virtual.profile import parse_profile
from deltarec.core.devices.virtual.views import Rect, View, Window, contains, hit_windows

INSET_LINES = {"icon": (38, 0), "checkbox": (40, 100)}
"""Looks whose text is one line of (size, inset) lu: the launcher icons' names under them,
a checkbox's text beside its box (see render_png)."""

DENSITIES = (120, 160, 213, 240, 280, 320, 360, 400, 420, 440, 480, 560, 640)


@st.composite
def profiles(draw: st.DrawFn) -> Profile:
    """A realistic screen: a phone or tablet in portrait, or a tablet in landscape.

    Sizes are drawn in dp (the narrower side 320-1000 dp, the longer 1-2.3 times it), then
    turned into px at a common density, rounded up so the dp size holds.
    """
    dpi = draw(st.sampled_from(DENSITIES) | st.integers(120, 800))
    landscape = draw(st.booleans())
    short = draw(st.integers(660 if landscape else 320, 1000))
    long = draw(st.integers(max(short, 660), min(2000, int(short * 2.3))))
    width_dp, height_dp = (long, short) if landscape else (short, long)
    width, height = (-(-dp * dpi // 160) for dp in (width_dp, height_dp))
    return parse_profile(f"{width}x{height}@{dpi}")


# ------------------------------------------------------------------ the screens
def _launch(activity: str) -> Callable[[Playground], None]:
    return lambda pg: pg.launch_app(APP_PACKAGE, f".{activity}")


def _then(*steps: Callable[[Playground], None]) -> Callable[[Playground], None]:
    def run(pg: Playground) -> None:
        for step in steps:
            step(pg)

    return run


def _perform(action: str) -> Callable[[Playground], None]:
    return lambda pg: pg.perform(action)


def _type(text: str) -> Callable[[Playground], None]:
    return lambda pg: pg.type_text(text)


FIRST_SCREENS: dict[str, Callable[[Playground], None]] = {
    "launcher": lambda pg: None,
    "home": _launch("MainActivity"),
    "sign up": _launch("SignUpActivity"),
    "settings": _launch("SettingsActivity"),
    "inbox": _launch("InboxActivity"),
    "message": _launch("MessageActivity"),
    "feed": _launch("FeedActivity"),
    "clock": _launch("ClockActivity"),
    "article": _launch("ArticleActivity"),
}
"""How to reach the first screen of the launcher and of each activity on a fresh phone."""

SCREENS: dict[str, Callable[[Playground], None]] = {
    **FIRST_SCREENS,
    "keyboard": _then(_launch("SignUpActivity"), _perform("focus:name"), _type("Ada")),
    "save dialog": _then(
        _launch("SignUpActivity"), _perform("focus:name"), _type("Ada"), _perform("save")
    ),
    "saved": _then(
        _launch("SignUpActivity"),
        _perform("focus:name"),
        _type("Ada Lovelace"),
        _perform("save"),
        _perform("dialog:ok"),
    ),
    "history dialog": _then(_launch("SettingsActivity"), _perform("ask:clear_history")),
    "history deleted": _then(_launch("SettingsActivity"), _perform("history:delete")),
    "airplane": _then(_launch("SettingsActivity"), _perform("toggle:airplane")),
    **{f"clock tab {i}": _then(_launch("ClockActivity"), _perform(f"tab:{i}")) for i in range(4)},
    "message 13": _then(_launch("InboxActivity"), _perform("open:13")),
}
"""Every screen the invariants are checked on (scrolled states come from the walks)."""

FITS = ("launcher", "home", "sign up", "message", "clock")
"""First screens whose content fits every profile: the same selectors on each."""


def phone(profile: Profile, screen: str) -> Playground:
    pg = Playground(profile=profile)
    SCREENS[screen](pg)
    return pg


# ------------------------------------------------------------------ invariants
def _inside(inner: Rect, outer: Rect) -> bool:
    return (
        outer[0] <= inner[0] < inner[2] <= outer[2] and outer[1] <= inner[1] < inner[3] <= outer[3]
    )


def _overlap(a: Rect, b: Rect) -> bool:
    return max(a[0], b[0]) < min(a[2], b[2]) and max(a[1], b[1]) < min(a[3], b[3])


def label(view: View) -> str:
    """What a person would call a clickable: its text or description, else its texts'."""
    own = view.text or view.desc
    return own or " ".join(v.text or v.desc for v in view.walk() if v.text or v.desc)


def _windows_checked(windows: tuple[Window, ...], size: tuple[int, int], where: str) -> None:
    screen = (0, 0, *size)
    for window in windows:
        stack = [window.root]
        assert _inside(window.root.bounds, screen), (where, window.root.bounds)
        while stack:
            view = stack.pop()
            clickable = [c for c in view.children if c.clickable]
            for i, a in enumerate(clickable):
                for b in clickable[i + 1 :]:
                    assert not _overlap(a.bounds, b.bounds), (where, label(a), label(b))
            for child in view.children:
                assert _inside(child.bounds, view.bounds), (where, label(child), child.bounds)
                stack.append(child)


def _top_windows(windows: tuple[Window, ...]) -> tuple[Window, ...]:
    """The windows that take touches: a dialog alone (a tap outside cancels it), else all."""
    dialogs = tuple(w for w in windows if w.kind == "dialog")
    return dialogs or windows


def hittable(windows: tuple[Window, ...], where: str) -> set[str]:
    """Labels of the clickables wholly on screen; each clickable must take a tap at its
    centre, unless an opaque view (a web page's fixed header) covers that point."""
    opaque = [v for w in windows for v in w.root.walk() if v.opaque]
    in_cover = {id(d) for v in opaque for d in v.walk()}
    found: set[str] = set()
    for window in _top_windows(windows):
        for view in window.root.walk():
            if not view.clickable or view is window.root:
                continue
            x, y = (view.bounds[0] + view.bounds[2]) // 2, (view.bounds[1] + view.bounds[3]) // 2
            if id(view) not in in_cover and any(contains(c.bounds, x, y) for c in opaque):
                continue  # scrolled under the fixed header: in the dump, not tappable
            assert hit_windows(windows, x, y) == view, (where, label(view), view.bounds)
            if view.drawn is None:  # wholly in view (a cut row's label depends on the cut)
                found.add(label(view))
    return found


def text_fits(windows: tuple[Window, ...], where: str) -> None:
    """In layout units: one-line looks are not cut with "...", wrapped ones have every line."""
    for window in windows:
        for view in window.root.walk():
            if not view.text:
                continue
            left, top, right, bottom = view.drawn or view.bounds
            if view.look in INSET_LINES:  # a one-line label beside a drawing
                size, inset = INSET_LINES[view.look]
                drawn = fit_line(view.text, right - left - inset, size)
                assert drawn == drawable(view.text), (where, view.look, view.text, right - left)
            elif view.look == "body":  # lines as written, wrapped: each fits, all are drawn
                lines = wrap_paragraphs(view.text, right - left, 38).split("\n")
                for line in lines:
                    assert font(38).getlength(line) <= right - left, (where, line)
                assert 52 * len(lines) - 14 <= bottom - top, (where, lines, bottom - top)
            elif view.look in LINE_SIZES:
                line = view.text.split("\n", 1)[0]
                drawn = fit_line(line, right - left, LINE_SIZES[view.look])
                assert drawn == drawable(line), (where, view.look, view.text, right - left)
            elif view.look in WRAP_SIZES:
                need = wrapped_height(view.text, right - left, WRAP_SIZES[view.look])
                assert need <= bottom - top, (where, view.look, view.text, bottom - top, need)


def check(pg: Playground, where: str) -> set[str]:
    """Every invariant on the screen ``pg`` shows now; the labels of its clickables."""
    windows = pg.windows()
    _windows_checked(windows, pg.window_size(), where)
    text_fits(pg.layout_windows(), where)
    return hittable(windows, where)


# ------------------------------------------------------------------ walks
def _scrollers(pg: Playground, axis: str) -> list[View]:
    """The views a swipe along ``axis`` would scroll, outermost first (one per target)."""
    seen: dict[str, View] = {}
    for window in pg.windows():
        for view in window.root.walk():
            if view.swipe.startswith(axis + ":") and view.swipe not in seen:
                seen[view.swipe] = view
    return list(seen.values())


def _swipe_along(pg: Playground, view: View, axis: str) -> None:
    left, top, right, bottom = view.bounds
    mid_x, mid_y = (left + right) // 2, (top + bottom) // 2
    if axis == "v":
        pg.swipe(mid_x, top + (bottom - top) * 3 // 4, mid_x, top + (bottom - top) // 4)
    else:
        pg.swipe(left + (right - left) * 3 // 4, mid_y, left + (right - left) // 4, mid_y)


def walk(pg: Playground, where: str, *, limit: int = 200) -> set[str]:
    """Scroll every scrollable to its end (horizontal ones first, as the Feed's carousel sits
    at the top), checking each screen on the way; the labels of every clickable seen."""
    seen = check(pg, where)
    for axis in ("h", "v"):
        for view in _scrollers(pg, axis):
            for step in range(limit):
                before = pg.windows()
                target = next((v for v in _scrollers(pg, axis) if v.swipe == view.swipe), None)
                if target is None:
                    break
                _swipe_along(pg, target, axis)
                if pg.windows() == before:
                    break
                seen |= check(pg, f"{where} after {step + 1} {axis}-swipes")
    return seen


def selectors(pg: Playground) -> set[tuple[str, str, str]]:
    return {
        (v.text, v.desc, v.rid)
        for w in pg.windows()
        if w.in_dump
        for v in w.root.walk()
        if v.text or v.desc or v.rid
    }


@cache
def reference(screen: str) -> tuple[frozenset[str], frozenset[tuple[str, str, str]]]:
    """What the default phone reaches on ``screen`` and the selectors of its first screen."""
    pg = phone(DEFAULT_PROFILE, screen)
    first = frozenset(selectors(pg))
    return frozenset(walk(pg, screen)), first


def check_profile(profile: Profile) -> None:
    """Every invariant on every screen of a phone with ``profile``, scrolled to every end."""
    for screen in SCREENS:
        pg = phone(profile, screen)
        where = f"{profile.name} {screen}"
        first = selectors(pg)
        reached, expected_first = reference(screen)
        assert walk(pg, where) == reached, where
        if screen in FITS:
            assert first == expected_first, where


# ------------------------------------------------------------------ the tests
def test_every_invariant_holds_on_the_presets() -> None:
    for profile in PRESETS.values():
        check_profile(profile)


@settings(max_examples=8, deadline=None)
@given(profiles())
def test_every_invariant_holds_on_any_realistic_screen(profile: Profile) -> None:
    check_profile(profile)


def _shown(profile: Profile, activity: str, match: Callable[[View], bool]) -> list[View]:
    """The wholly visible views of ``activity``'s first screen that ``match``, in lu."""
    pg = Playground(profile=profile)
    pg.launch_app(APP_PACKAGE, f".{activity}")
    return [v for w in pg.layout_windows() for v in w.root.walk() if match(v) and v.drawn is None]


def test_what_reflows_between_the_presets() -> None:
    """The facts a person sees: a taller screen in dp shows more rows, a narrower one wraps
    text onto more lines, a wider one puts more product tiles side by side."""
    names = {p: name for name, p in PRESETS.items()}

    def per_preset(activity: str, match: Callable[[View], bool]) -> dict[str, list[int]]:
        return {
            names[p]: [v.bounds[3] - v.bounds[1] for v in _shown(p, activity, match)]
            for p in PRESETS.values()
        }

    rows = per_preset("InboxActivity", lambda v: v.rid.endswith(":id/message_row"))
    assert {name: len(found) for name, found in rows.items()} == {
        "phone": 8,  # 914 dp tall
        "small": 7,  # 800 dp
        "large": 8,  # 891 dp
        "tablet": 7,  # 800 dp, landscape
    }
    intro = per_preset("ArticleActivity", lambda v: v.text.startswith("A good desk setup"))
    assert intro == {
        "phone": [200],
        "small": [250],
        "large": [200],
        "tablet": [100],
    }  # 4, 5, 2 lines
    body = per_preset("FeedActivity", lambda v: v.rid.endswith(":id/card_body"))
    assert body == {"phone": [100], "small": [100], "large": [100], "tablet": [50]}
    from deltarec.core.devices.virtual.screen_article import columns

    assert [columns(p.layout_size[0]) for p in PRESETS.values()] == [2, 1, 2, 6]
