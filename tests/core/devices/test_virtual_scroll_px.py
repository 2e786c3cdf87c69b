"""A native scroller moves its content by whole px, the same for every view, on every profile.

A real RecyclerView or ScrollView lays its children out in integer px once; a scroll offsets
every child by one integer dy (``offsetChildrenVertical``, ``scrollTo``). So between two
dumps of one scroller, every view that stayed wholly in view moved by exactly the same px —
never 562 px for one row and 563 px for the next, which a diff must then read as two moves.
Generated: any realistic profile (WxH@DPI), any native scroller of the Playground that
scrolls on it (the Inbox, the Feed and its carousel, and the Settings list and the sign-up
form where they do not fit), any two offsets.

Web content is the exception a real phone has too: Chrome rounds each box's accessibility
bounds on its own from fractional CSS px, so boxes of one web scroll can move a px apart;
the Article's WebView keeps that (checked below, so the phone never gets easier).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import PRESETS, Playground, Profile
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.screen_feed import max_chips_offset
from deltarec.core.devices.virtual.screen_feed import max_offset as feed_max
from deltarec.core.devices.virtual.screen_forms import form_max_offset, settings_max_offset
from deltarec.core.devices.virtual.screen_inbox import max_offset as inbox_max
from deltarec.core.devices.virtual.state import PhoneState
from deltarec.core.devices.virtual.views import Rect, View
from tests.core.devices.test_virtual_reflow import profiles

Setter = Callable[[PhoneState, int], None]


def _inbox(state: PhoneState, offset: int) -> None:
    state.inbox.offset = offset


def _feed(state: PhoneState, offset: int) -> None:
    state.feed.offset = offset


def _chips(state: PhoneState, offset: int) -> None:
    state.feed.chips_offset = offset


def _settings(state: PhoneState, offset: int) -> None:
    state.settings.offset = offset


def _form(state: PhoneState, offset: int) -> None:
    state.form.offset = offset


def _scrollers(pg: Playground) -> dict[str, tuple[str, str, int, Setter]]:
    """name: (activity, the scroller's id name, its highest offset in lu, set its offset)."""
    screen = pg.screen
    bottom = screen.nav_top
    return {
        "inbox": ("InboxActivity", "inbox_list", inbox_max(bottom), _inbox),
        "feed": ("FeedActivity", "feed_content", feed_max(screen.width, bottom), _feed),
        "chips": ("FeedActivity", "feed_chips", max_chips_offset(screen.width), _chips),
        "settings": ("SettingsActivity", "settings_list", settings_max_offset(bottom), _settings),
        "form": ("SignUpActivity", "form_scroll", form_max_offset(screen.keyboard_top), _form),
    }


def _find(pg: Playground, rid: str) -> View:
    app = next(w for w in pg.windows() if w.kind == "app")
    return next(v for v in app.root.walk() if v.rid == f"{APP_PACKAGE}:id/{rid}")


def _items(scroller: View) -> Iterator[View]:
    """The scroller's items that show whole and hold an action (what tells them apart:
    ``open:13``, ``like:4``; an ad or a section title shows what another shows). The form's
    items are the fields of its one column."""
    kids = scroller.children
    if len(kids) == 1 and kids[0].drawn is not None:
        kids = kids[0].children
    for item in kids:
        if item.drawn is None and any(v.action for v in item.walk()):
            yield item


def _signature(view: View) -> tuple[tuple[str, ...], ...]:
    return tuple((v.cls, v.rid, v.text, v.desc, v.action) for v in view.walk())


def _whole(pg: Playground, rid: str) -> dict[tuple[tuple[str, ...], ...], list[Rect]]:
    """Each whole item, by what it shows (items shown twice left out), and its views' bounds."""
    items = list(_items(_find(pg, rid)))
    twice = Counter(_signature(i) for i in items)
    return {_signature(i): [v.bounds for v in i.walk()] for i in items if twice[_signature(i)] == 1}


def moves(profile: Profile, name: str, first: int, second: int, *, keyboard: bool) -> set[Rect]:
    """How the edges of every view that stayed whole moved, scrolling ``name`` from offset
    ``first`` to ``second`` (lu, clamped to its range): one move per view."""
    pg = Playground(profile=profile)
    activity, rid, _, setter = _scrollers(pg)[name]
    pg.launch_app(APP_PACKAGE, f".{activity}")
    if keyboard and name == "form":
        pg.perform("focus:name")
    highest = highest_offset(profile, name, keyboard=keyboard)
    setter(pg.state, min(first, highest))
    before = _whole(pg, rid)
    setter(pg.state, min(second, highest))
    after = _whole(pg, rid)
    found: set[Rect] = set()
    for key in before.keys() & after.keys():
        for a, b in zip(before[key], after[key], strict=True):
            found.add((b[0] - a[0], b[1] - a[1], b[2] - a[2], b[3] - a[3]))
    return found


def highest_offset(profile: Profile, name: str, *, keyboard: bool) -> int:
    """How far ``name`` scrolls on ``profile`` (the form: with the keyboard up or down)."""
    pg = Playground(profile=profile)
    if name == "form":
        bottom = pg.screen.keyboard_top if keyboard else pg.screen.nav_top
        return form_max_offset(bottom)
    return _scrollers(pg)[name][2]


@settings(max_examples=60, deadline=None)
@given(
    profiles() | st.sampled_from(list(PRESETS.values())),
    st.sampled_from(("inbox", "feed", "chips", "settings", "form")),
    st.integers(0, 1000),
    st.integers(0, 1000),
    st.booleans(),
)
def test_every_view_of_one_native_scroll_moves_by_the_same_whole_px(
    profile: Profile, name: str, first: int, second: int, keyboard: bool
) -> None:
    highest = highest_offset(profile, name, keyboard=keyboard)
    if highest == 0:
        return
    one, two = highest * first // 1000, highest * second // 1000
    found = moves(profile, name, one, two, keyboard=keyboard)
    assert len(found) <= 1, (profile.name, name, first, second, sorted(found))
    for dx, dy, dr, db in found:
        assert (dx, dy) == (dr, db) and 0 in (dx, dy), (profile.name, name, found)


def test_the_small_phones_inbox_rows_move_together() -> None:
    """The issue's case: one scroll moved one row 562 px and the next 563 px."""
    assert moves(PRESETS["small"], "inbox", 0, 737, keyboard=False) == {(0, -562, 0, -562)}
    assert moves(PRESETS["small"], "feed", 37, 437, keyboard=False) == {(0, -305, 0, -305)}
    assert moves(PRESETS["small"], "chips", 0, 301, keyboard=False) == {(-229, 0, -229, 0)}


def test_web_boxes_still_round_on_their_own() -> None:
    """The Article's web page is not made easier than Chrome: its boxes round apart."""
    pg = Playground(profile=PRESETS["small"])
    pg.launch_app(APP_PACKAGE, ".ArticleActivity")
    spreads = []
    for first, second in ((0, 137), (137, 911), (911, 1503)):
        pg.state.article.offset = first
        before = _boxes(pg)
        pg.state.article.offset = second
        after = _boxes(pg)
        spread = {after[k][1] - before[k][1] for k in before.keys() & after.keys()}
        spread.discard(0)  # the fixed header
        if any(m + 1 in spread for m in spread):
            return
        spreads.append(sorted(spread))
    raise AssertionError(f"every web box moved alike: {spreads}")


def _boxes(pg: Playground) -> dict[tuple[str, str, str, int], Rect]:
    """The web page's whole boxes, by what they show (boxes shown twice left out)."""
    shown = [v for v in _find(pg, "article_web").walk() if v.drawn is None]
    count = Counter((v.cls, v.text, v.desc, len(v.children)) for v in shown)
    return {
        (v.cls, v.text, v.desc, len(v.children)): v.bounds
        for v in shown
        if count[(v.cls, v.text, v.desc, len(v.children))] == 1
    }
