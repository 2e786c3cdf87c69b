"""Rows cut by a list's edge to a sliver stay in the dump down to 1 px, on every profile.

A real RecyclerView or ScrollView lays its children out at integer px; a row the edge cuts
to 1 px is visible (``isVisibleToUser``) and ``uiautomator dump`` lists it with bounds 1 px
high, and of its children only those that reach into that px (a label padded away from the
row's edge is not visible, so it is left out). The Playground lays screens out in layout
units and culls and clips there before mapping to px, so a sliver could be lost to the
rounding. The oracle lays every row out with no culling and no clipping in layout units,
maps it to px the same way and clips in px only: the phone's tree must be exactly that.
Generated: any realistic profile, every native scroller of the Playground (the Inbox, the
Feed and its carousel, the Settings list and the sign-up form where they scroll), any
offset. Web content is left out: Chrome rounds each box on its own (see
:mod:`.test_virtual_scroll_px`).
"""

from __future__ import annotations

from collections import Counter
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import (
    PRESETS,
    Playground,
    Profile,
    screen_feed,
    screen_forms,
    screen_inbox,
)
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.views import Rect, View, clip
from tests.core.devices.test_virtual_reflow import profiles
from tests.core.devices.test_virtual_scroll_px import _scrollers, highest_offset

Shown = Counter[tuple[str, str, str, str, Rect]]

RUN = 40
"""Consecutive offsets tried from each drawn one (lu)."""


def _every_item(
    tops: tuple[int, ...], offset: int, viewport: Rect, item: object, slack: int = 0
) -> tuple[View, ...]:
    """``layout.list_items`` with no culling and no clipping: every item where it lies."""
    del slack
    build = item if callable(item) else None
    assert build is not None
    return tuple(build(i, viewport[1] + tops[i] - offset) for i in range(len(tops) - 1))


def _unclipped(view: View, rect: Rect, slack: int = 0) -> View:
    del rect, slack
    return view


def _shown(pg: Playground, rid: str) -> Shown:
    """Every view inside the scroller ``rid`` as a dump shows it (clipped to what shows)."""
    app = next(w for w in pg.windows() if w.kind == "app")
    scroller = next(v for v in app.root.walk() if v.rid == f"{APP_PACKAGE}:id/{rid}")
    visible = clip(scroller, scroller.bounds) or scroller
    return Counter((v.cls, v.rid, v.text, v.desc, v.bounds) for v in visible.walk())


def lost_and_made(profile: Profile, name: str, offset: int, *, keyboard: bool) -> list[str]:
    """The views an integer-px layout shows that the phone's tree lacks, and the reverse."""
    pg = Playground(profile=profile)
    activity, rid, _, setter = _scrollers(pg)[name]
    pg.launch_app(APP_PACKAGE, f".{activity}")
    if keyboard:
        pg.perform("focus:name")
    setter(pg.state, min(offset, highest_offset(profile, name, keyboard=keyboard)))
    got = _shown(pg, rid)
    with (
        mock.patch.object(screen_inbox, "list_items", _every_item),
        mock.patch.object(screen_feed, "list_items", _every_item),
        mock.patch.object(screen_feed, "clip_near", _unclipped),
        mock.patch.object(screen_forms, "clip_near", _unclipped),
    ):
        want = _shown(pg, rid)
    return [f"lost {v}" for v in want - got] + [f"made {v}" for v in got - want]


@settings(max_examples=25, deadline=None)
@given(
    profiles() | st.sampled_from(list(PRESETS.values())),
    st.sampled_from(("inbox", "feed", "chips", "settings", "form")),
    st.integers(0, 1000),
    st.booleans(),
)
def test_the_phone_shows_what_an_integer_px_layout_shows(
    profile: Profile, name: str, per_mille: int, keyboard: bool
) -> None:
    """From a drawn offset, the next :data:`RUN` offsets one by one: a sliver of a px shows
    at a few offsets in a row's height, so every offset near the drawn one is tried."""
    highest = highest_offset(profile, name, keyboard=keyboard)
    start = highest * per_mille // 1000
    for offset in range(start, min(highest, start + RUN) + 1):
        found = lost_and_made(profile, name, offset, keyboard=keyboard)
        assert found == [], (profile.name, name, offset, keyboard, found)


def _slivers(profile: Profile) -> Counter[int]:
    """How many Inbox items show 1, 2 and 3 px high, over the list's first 1,000 offsets."""
    pg = Playground(profile=profile)
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    found: Counter[int] = Counter()
    for offset in range(1000):
        pg.state.inbox.offset = offset
        app = next(w for w in pg.windows() if w.kind == "app")
        inbox = next(v for v in app.root.walk() if v.rid == f"{APP_PACKAGE}:id/inbox_list")
        found.update(h for v in inbox.children if (h := v.bounds[3] - v.bounds[1]) <= 3)
    return found


def test_every_preset_shows_one_px_slivers() -> None:
    """What the dumps hold, per preset: 1 px slivers (and 2 and 3 px ones), never dropped;
    a sliver keeps only the children that reach into it (an Inbox row's are all padded away
    from its edges, so its slivers are bare, as a real dump's are)."""
    found = {name: _slivers(profile) for name, profile in PRESETS.items()}
    assert {name: c[1] for name, c in found.items()} == {
        "phone": 11,
        "small": 12,
        "large": 11,
        "tablet": 12,
    }, found
