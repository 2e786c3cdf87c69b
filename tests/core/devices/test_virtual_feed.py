"""The Feed: nested scrollables, a carousel inside, recycled ids, clipping at the viewport."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.fling import TOUCH_SLOP_LU as SLOP  # 21 px here
from deltarec.core.devices.virtual.screen_feed import CARD_COUNT, max_chips_offset, max_offset
from deltarec.core.observe.model import Node, Observation
from tests.core.devices.vphone import (
    box,
    find,
    inside,
    launch,
    obs,
    offsets_at_both_ends,
    one,
    rid,
    tap,
    taps_hit_what_the_dump_shows,
)


def feed() -> Playground:
    return launch("FeedActivity")


def titles(o: Observation) -> dict[str, Node]:
    return {n.text: n for n in find(o, rid=rid("card_title"))}


def chips(o: Observation) -> dict[str, Node]:
    return {n.text: n for n in find(o, rid=rid("chip"))}


def test_outer_scroll_view_holds_the_inner_list_at_the_same_bounds() -> None:
    o = obs(feed())
    outer = one(o, rid=rid("feed_scroll"))
    assert outer.class_name == "android.widget.ScrollView" and outer.scrollable
    chain = outer
    while chain.resource_id != rid("feed_content"):
        assert len(chain.children) == 1
        chain = chain.children[0]
        assert chain.bounds == outer.bounds
    assert chain.class_name == "androidx.recyclerview.widget.RecyclerView" and chain.scrollable
    carousel = one(o, rid=rid("feed_chips"))
    assert carousel.scrollable and inside(carousel, chain)
    assert len(find(o, rid=rid("card"))) >= 2


def test_vertical_swipe_scrolls_the_inner_list_by_the_distance_less_the_touch_slop() -> None:
    pg = feed()
    before = obs(pg)
    pg.swipe(540, 1900, 540, 1700 - SLOP)  # RecyclerView subtracts the slop: 200 px
    after = obs(pg)
    assert pg.state.feed.offset == 200
    for name in ("feed_scroll", "feed_content"):  # the scrollers stay put
        assert one(after, rid=rid(name)).bounds == one(before, rid=rid(name)).bounds
    old, new = titles(before), titles(after)
    moved = [t for t in old if t in new and old[t].bounds.height == new[t].bounds.height]
    assert moved
    for t in moved:
        assert new[t].bounds.top == old[t].bounds.top - 200
    # the carousel scrolls with the content: it moved up and is clipped at the top
    carousel = one(after, rid=rid("feed_chips"))
    assert carousel.bounds.top == one(after, rid=rid("feed_content")).bounds.top
    assert carousel.bounds.bottom == one(before, rid=rid("feed_chips")).bounds.bottom - 200
    pg.swipe(540, 1900, 540, 1700 - SLOP)  # the header item is now entirely above the viewport
    assert not find(obs(pg), rid=rid("feed_header"))


def test_a_vertical_swipe_starting_on_the_carousel_scrolls_the_feed() -> None:
    pg = feed()
    x, y = one(obs(pg), rid=rid("feed_chips")).bounds.center
    pg.swipe(x, y, x, y - 200)
    assert (pg.state.feed.offset, pg.state.feed.chips_offset) == (200 - SLOP, 0)


def test_feed_scroll_is_clamped_at_both_ends_and_reaches_the_last_card() -> None:
    pg = feed()
    assert offsets_at_both_ends(pg, lambda: pg.state.feed.offset, swipes=60) == (0, max_offset())
    o = obs(pg)
    content = one(o, rid=rid("feed_content"))
    last = content.children[-1]
    assert last.bounds.bottom <= content.bounds.bottom
    assert f"{1 + (CARD_COUNT - 1) // 3}h" in {n.text for n in last.walk()}


def test_horizontal_swipe_on_the_carousel_scrolls_only_the_carousel() -> None:
    pg = feed()
    before = obs(pg)
    carousel = one(before, rid=rid("feed_chips"))
    x, y = carousel.bounds.center
    pg.swipe(x + 300, y, x - 100 - SLOP, y)  # horizontally too, less the slop: 400 px
    after = obs(pg)
    assert (pg.state.feed.offset, pg.state.feed.chips_offset) == (0, 400)
    assert titles(after).keys() == titles(before).keys()
    assert all(box(titles(after)[t]) == box(titles(before)[t]) for t in titles(before))
    old, new = chips(before), chips(after)
    assert set(old) != set(new)  # chips left and came in
    for name in set(old) & set(new):
        if old[name].bounds.width == new[name].bounds.width:
            assert new[name].bounds.left == old[name].bounds.left - 400
    for chip in new.values():
        assert inside(chip, one(after, rid=rid("feed_chips")))


def test_carousel_clips_its_chips_and_is_clamped() -> None:
    pg = feed()
    o = obs(pg)
    carousel = one(o, rid=rid("feed_chips"))
    edge = [c for c in chips(o).values() if c.bounds.right == carousel.bounds.right]
    assert edge and edge[0].bounds.width < 64 + 22 * len(edge[0].text)  # cut at the edge
    assert "Gaming" not in chips(o)  # entirely off screen: not in the dump
    x, y = carousel.bounds.center
    pg.swipe(x - 100, y, x + 300, y)
    assert pg.state.feed.chips_offset == 0
    for _ in range(5):
        pg.swipe(1000, y, 100, y)
    assert pg.state.feed.chips_offset == max_chips_offset()
    assert "Gaming" in chips(obs(pg)) and "For you" not in chips(obs(pg))


def test_horizontal_swipe_off_the_carousel_does_nothing() -> None:
    pg = feed()
    before = pg.dump_xml()
    pg.swipe(900, 1500, 200, 1500)
    pg.state.dumps -= 1
    assert pg.dump_xml() == before


def test_ids_and_texts_repeat_and_sponsored_cards_have_no_ids() -> None:
    pg = feed()
    authors: list[str] = []
    idless: list[Node] = []
    while True:
        o = obs(pg)
        content = one(o, rid=rid("feed_content"))
        authors += [n.text for n in find(content, rid=rid("card_author"))]
        idless += [c for c in content.children if not c.resource_id]
        if pg.state.feed.offset == max_offset():
            break
        pg.swipe(540, 2200, 540, 400)
    assert len(set(authors)) == 5 and len(authors) > 30
    assert len(find(obs(pg), rid=rid("like"))) >= 2  # one id on every card
    assert any(n.text == "Sponsored" for card in idless for n in card.walk())
    assert all(not n.resource_id for card in idless for n in card.walk())


def test_like_toggles_selected_and_the_count() -> None:
    pg = feed()
    o = obs(pg)
    card = one(o, rid=rid("card_author"), text="Maya Chen")
    first = next(c for c in one(o, rid=rid("feed_content")).children if card in list(c.walk()))
    like = one(first, rid=rid("like"))
    count = one(first, rid=rid("card_likes")).text
    tap(pg, like)
    o = obs(pg)
    first = next(c for c in one(o, rid=rid("feed_content")).children if box(c) == box(first))
    assert one(first, rid=rid("like")).selected
    assert one(first, rid=rid("card_likes")).text == f"{int(count.split()[0]) + 1} likes"
    tap(pg, one(first, rid=rid("like")))
    assert not pg.state.feed.liked


def test_tapping_a_chip_checks_it() -> None:
    pg = feed()
    news = chips(obs(pg))["News"]
    assert not news.checked and chips(obs(pg))["For you"].checked
    tap(pg, news)
    assert chips(obs(pg))["News"].checked


def test_taps_hit_what_the_feed_dump_shows() -> None:
    pg = feed()
    assert taps_hit_what_the_dump_shows(pg) > 10
    pg.swipe(540, 2000, 540, 777)
    pg.swipe(900, 400, 400, 400)
    assert taps_hit_what_the_dump_shows(pg) > 5


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.booleans(), st.integers(-1500, 1500).filter(lambda d: abs(d) >= 16)),
        max_size=6,
    )
)
def test_every_node_lies_inside_its_scroller(moves: list[tuple[bool, int]]) -> None:
    pg = feed()
    for horizontal, d in moves:
        if horizontal:
            pg.swipe(540 + d // 3, 440, 540 - d + d // 3, 440)
        else:
            pg.swipe(540, 1300, 540, 1300 - d)
    assert 0 <= pg.state.feed.offset <= max_offset()
    assert 0 <= pg.state.feed.chips_offset <= max_chips_offset()
    o = obs(pg)
    content = one(o, rid=rid("feed_content"))
    for node in content.walk():
        assert node.bounds.height > 0 and node.bounds.width > 0 and inside(node, content)
    for carousel in find(o, rid=rid("feed_chips")):
        assert all(inside(chip, carousel) for chip in carousel.children)
