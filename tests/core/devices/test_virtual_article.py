"""The Article: a WebView not marked scrollable, whose deep id-less tree scrolls and clips."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.screen_article import max_offset, page_height
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


def article() -> Playground:
    return launch("ArticleActivity")


def web(o: Observation) -> Node:
    return one(o, rid=rid("article_web"))


def header(o: Observation) -> Node:
    """The fixed header: the page root's last child."""
    return web(o).children[0].children[-1]


def depth(node: Node) -> int:
    return 1 + max((depth(c) for c in node.children), default=0)


def page_nodes(o: Observation) -> dict[tuple[str, str, str, int], Node]:
    """Scrolling content keyed by (class, text, desc, occurrence), in document order."""
    fixed = set(map(id, header(o).walk()))
    seen: dict[tuple[str, str, str, int], Node] = {}
    for n in web(o).children[0].walk():
        if id(n) in fixed or not (n.text or n.content_desc):
            continue
        k = 0
        while (n.class_name, n.text, n.content_desc, k) in seen:
            k += 1
        seen[(n.class_name, n.text, n.content_desc, k)] = n
    return seen


def test_webview_is_not_scrollable_and_its_deep_tree_has_no_ids() -> None:
    o = obs(article())
    view = web(o)
    assert view.class_name == "android.webkit.WebView" and not view.scrollable
    inner = list(view.walk())[1:]
    assert all(not n.resource_id for n in inner)
    assert depth(view) >= 7
    plain = [n for n in inner if n.class_name == "android.view.View"]
    assert len(plain) > len(inner) / 2
    links = [n for n in plain if n.clickable and n.text]
    assert len(links) >= 3 and "how we choose products" in {n.text for n in links}
    assert page_height() > 2 * view.bounds.height


def test_swipe_moves_every_page_node_by_exactly_the_distance_and_not_the_header() -> None:
    pg = article()
    before = obs(pg)
    pg.swipe(540, 2000, 540, 1400)
    after = obs(pg)
    assert pg.state.article.offset == 600
    assert box(web(after)) == box(web(before))
    assert [box(n) for n in header(after).walk()] == [box(n) for n in header(before).walk()]
    old, new = page_nodes(before), page_nodes(after)
    both = [k for k in old if k in new and old[k].bounds.height == new[k].bounds.height]
    assert len(both) > 5
    for k in both:
        assert new[k].bounds.top == old[k].bounds.top - 600, k
    assert set(old) - set(new) and set(new) - set(old)  # nodes left, nodes came in


def test_nodes_are_clipped_to_the_webview_and_off_screen_ones_omitted() -> None:
    pg = article()
    o = obs(pg)
    assert not find(o, text="About")  # the footer is below the viewport
    assert one(o, text="The best desk gadgets of 2024").bounds.height > 0
    pg.swipe(540, 2000, 540, 1000)
    o = obs(pg)
    view = web(o)
    for n in view.walk():
        assert inside(n, view) and n.bounds.height > 0
    cut = [n for n in page_nodes(o).values() if n.bounds.top == view.bounds.top]
    assert [n.text[:6] for n in cut] == ["A good"]  # the intro paragraph is cut at the top
    assert not find(o, text="The best desk gadgets of 2024")


def test_scroll_is_clamped_and_reaches_the_footer() -> None:
    pg = article()
    assert offsets_at_both_ends(pg, lambda: pg.state.article.offset, swipes=10) == (0, max_offset())
    o = obs(pg)
    about = one(o, text="About")
    assert about.clickable and about.bounds.bottom < web(o).bounds.bottom
    assert one(o, text="© 2024 Deskly")


def test_texts_repeat_in_the_grid() -> None:
    pg = article()
    counts: dict[str, int] = {}
    for _ in range(8):
        o = obs(pg)
        for text in ("Add to cart", "Read more", "$24.99"):
            counts[text] = max(counts.get(text, 0), len(find(o, text=text)))
        pg.swipe(540, 2000, 540, 1200)
    assert counts["Add to cart"] >= 4 and counts["Read more"] >= 3 and counts["$24.99"] >= 2


def test_add_to_cart_marks_the_button_and_counts_in_the_fixed_header() -> None:
    pg = article()
    pg.swipe(540, 2000, 540, 700)
    o = obs(pg)
    button = find(o, text="Add to cart")[0]
    assert header(o).children[-1].text == "Cart (0)"
    tap(pg, button)
    o = obs(pg)
    now = next(n for n in web(o).walk() if box(n) == box(button))
    assert (now.text, now.selected) == ("In cart", True)
    assert one(o, text="Cart (1)")
    tap(pg, now)
    assert one(obs(pg), text="Cart (0)")


def test_the_fixed_header_covers_content_scrolled_under_it() -> None:
    pg = article()
    pg.swipe(540, 2000, 540, 1400)
    o = obs(pg)
    button = find(o, text="Add to cart")[0]
    top = header(o).bounds
    # scroll the button up until it lies under the header (a slow drag: no momentum)
    pg.swipe(540, 2000, 540, 2000 - (button.bounds.top - top.top), 1000)
    o = obs(pg)
    under = [n for n in find(o, text="Add to cart") if n.bounds.top == top.top]
    assert under and under[0].bounds.bottom <= header(o).bounds.bottom
    x, y = under[0].bounds.center
    tap(pg, under[0])
    assert not pg.state.article.cart  # the header took the tap
    pg.swipe(x, y, x, y + 300)  # but a swipe on the header still scrolls the page
    assert pg.state.article.offset == 600 + button.bounds.top - top.top - 300
    assert taps_hit_what_the_dump_shows(pg, skip_under=header(obs(pg))) >= 5


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(-2500, 2500).filter(lambda d: abs(d) >= 16), max_size=5))
def test_every_node_lies_inside_the_webview(moves: list[int]) -> None:
    pg = article()
    for d in moves:
        pg.swipe(540, 1300, 540, 1300 - d)
    assert 0 <= pg.state.article.offset <= max_offset()
    view = web(obs(pg))
    for n in view.walk():
        assert inside(n, view) and n.bounds.height > 0 and n.bounds.width > 0
