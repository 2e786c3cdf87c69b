"""The Feed flung from an ad to its twin 18 cards away, graded by the phone's offsets.

Ads carry no ids and two advertisers take turns, so card ``i`` and card ``i + 18`` show the
very same texts. The grader used to key an item of a scroller by what it shows, so it took
one ad for the other, saw "a row stayed" and called a true page turn a wrong scroll. It now
keys an item known by no action by its place in the content (the phone's offset plus its
unclipped edge: :func:`benchmarks.bench_session._place`), which is what the phone says it
is. The grader stays honest: the scroll line reversed or left out, and a card that stayed
listed as come in, are still caught.

With the finger told, an ad kept in view while rows on one side of it came and went reads
"scrolled down D px or further" (``far_anchor.least``): the ad itself moved by D, or its
twin stands there, further on the finger's way; the grader takes that line only with D no
more than the fling went (a D past it is caught) and the D reading fitting both frames
node for node, the rows listed as come and gone left out (``scroll_truth._further``).
"""

from __future__ import annotations

import dataclasses
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual.layout import NAV_TOP, TOOLBAR_BOTTOM, WIDTH
from deltarec.core.devices.virtual.screen_feed import CARD_COUNT, is_ad, item_tops, max_offset
from deltarec.core.devices.virtual.screen_inbox import is_header
from deltarec.core.devices.virtual.screen_inbox import item_tops as inbox_tops
from deltarec.core.devices.virtual.screen_inbox import max_offset as inbox_max
from deltarec.core.diff.gesture import Gesture as Touch
from deltarec.core.observer import DeltaResult
from tests.core.truth.steps import Steps, violations

VIEWPORT = NAV_TOP - TOOLBAR_BOTTOM
TWINS = [c for c in range(CARD_COUNT - 18) if is_ad(c)]
"""Ads whose twin (the same advertiser, the same texts) is 18 cards further down."""


def _offset_showing(card: int, where: float) -> int:
    """An offset at which ``card``'s top sits ``where`` (0..1) down the viewport."""
    top = item_tops(WIDTH)[card + 1]  # item 0 is the header
    return max(0, min(max_offset(), top - int(where * VIEWPORT)))


def _page(card: int, where: tuple[float, float], down: bool) -> tuple[Steps, DeltaResult]:
    """From ``card`` to its twin (or back): a fling travels further than the finger, so the
    phone's offset is set where the fling lands, and the diff is told the finger's move."""
    feed = Steps(".FeedActivity")
    first, second = (card, card + 18) if down else (card + 18, card)
    feed.pg.state.feed.offset = _offset_showing(first, where[0])
    feed.step()
    feed.pg.state.feed.offset = _offset_showing(second, where[1])
    y1, y2 = (1900, 700) if down else (700, 1900)
    return feed, feed.step(Touch(540, y1, 540, y2, 60))


def _told(result: DeltaResult, lines: list[str]) -> DeltaResult:
    return dataclasses.replace(result, text="\n".join(lines) or "no change")


@settings(max_examples=24, deadline=None)
@given(
    card=st.sampled_from(TWINS),
    where=st.tuples(st.floats(0, 0.7), st.floats(0, 0.7)),
    down=st.booleans(),
)
def test_an_ad_flung_to_its_twin_is_a_page_the_grader_accepts(
    card: int, where: tuple[float, float], down: bool
) -> None:
    feed, result = _page(card, where, down)
    assert violations(feed, result) == [], result.text
    lines = result.text.splitlines()
    (i,) = [n for n, line in enumerate(lines) if line.startswith("↕")]
    word = "down" if down else "up"
    hedge = re.search(rf"scrolled {word} (\d+)px or further \(", lines[i])
    assert hedge or f"scrolled {word} about a page" in lines[i]
    if hedge:  # the ad kept in view, its twin further on (far_anchor.least): D no more
        too_far = lines[i].replace(f"{hedge[1]}px", "99999px")  # than the fling went
        assert violations(feed, _told(result, [*lines[:i], too_far, *lines[i + 1 :]]))
    reversed_ = lines[i].replace(f"scrolled {word}", f"scrolled {'up' if down else 'down'}")
    assert any("wrong" in v for v in violations(feed, _told(result, [*lines[:i], reversed_])))
    assert violations(feed, _told(result, lines[:i] + lines[i + 1 :]))  # the scroll omitted
    invented = _told(result, [*lines, '+ [999] text "Cloudbox"', '- [998] text "Deskly Pro"'])
    assert len(violations(feed, invented)) >= len(violations(feed, result)) + 1


@settings(max_examples=16, deadline=None)
@given(start=st.integers(0, max_offset() - 300), move=st.integers(60, 300))
def test_a_card_that_stayed_listed_as_come_in_is_still_false(start: int, move: int) -> None:
    """Keys by place still know a card that stayed: listing it as come in is false."""
    feed = Steps(".FeedActivity")
    feed.pg.state.feed.offset = start
    feed.step()
    feed.pg.state.feed.offset = start + move
    result = feed.step()
    assert violations(feed, result) == [], result.text
    shown = [v for w in feed.pg.windows() for v in w.root.walk() if v.text]
    once = {t for t in (v.text for v in shown) if sum(u.text == t for u in shown) == 1}
    stayed = [  # a card's own label clear of both edges, moved by less than they are away
        v.text
        for v in shown
        if v.rid.rpartition("/")[2] in ("card_title", "card_likes", "card_author")
        and v.text in once
        and TOOLBAR_BOTTOM + 310 < v.bounds[1] < v.bounds[3] < NAV_TOP - 310
    ]
    assert stayed
    told = _told(result, [*result.text.splitlines(), f'+ [999] text "{stayed[0]}"'])
    assert any(stayed[0] in v for v in violations(feed, told))


def _tops(screen: str) -> tuple[int, ...]:
    return item_tops(WIDTH) if screen == "FeedActivity" else inbox_tops()


def _across(
    screen: str, item: int, cut: tuple[float, float], down: bool
) -> tuple[Steps, DeltaResult]:
    """Item ``item`` cut by the top edge (its ``cut[0]`` share hidden), then flung about a
    viewport so the bottom edge cuts it (``cut[1]`` hidden), or the reverse; the diff is
    told the finger's way."""
    phone = Steps(f".{screen}")
    feed = screen == "FeedActivity"
    state = phone.pg.state.feed if feed else phone.pg.state.inbox
    highest = max_offset() if feed else inbox_max()
    tops = _tops(screen)
    top, height = tops[item], tops[item + 1] - tops[item]
    at_top = top + max(1, int(cut[0] * height))  # the item's top above the viewport's
    at_bottom = top - VIEWPORT + max(1, int(cut[1] * height))
    first, second = (at_bottom, at_top) if down else (at_top, at_bottom)
    state.offset = max(0, min(highest, first))
    phone.step()
    state.offset = max(0, min(highest, second))
    y1, y2 = (1900, 700) if down else (700, 1900)
    return phone, phone.step(Touch(540, y1, 540, y2, 60))


HEADERS = [i for i in range(3, 100) if is_header(i)]
"""The Inbox's section headers ("Week 3") past the first screen."""


@settings(max_examples=40, deadline=None)
@given(
    where=st.sampled_from(("FeedActivity", "InboxActivity")).flatmap(
        lambda screen: st.tuples(
            st.just(screen),
            st.integers(3, 36) if screen == "FeedActivity" else st.sampled_from(HEADERS),
        )
    ),
    cut=st.tuples(st.floats(0.05, 0.95), st.floats(0.05, 0.95)),
    down=st.booleans(),
)
def test_a_row_cut_by_one_edge_then_the_other_is_listed_once_or_not_at_all(
    where: tuple[str, int], cut: tuple[float, float], down: bool
) -> None:
    """About a viewport: a row cut by one edge is now cut by the other, no row whole in both.
    A cut card that shows only what other cards show ("Like · Comment · Share") may be that
    card or any other, so it is not listed as come in; a section header ("Week 3", a text no
    other row shows) is the one that was there, and is not listed either. (A cut Inbox row
    showing a sender and a date of its own is listed: it may be the row the other edge cut,
    or one that came in; the dumps cannot say, and a row that came in must be listed. So is a
    cut card showing a label of its own: its ``+`` line is not graded here.)"""
    phone, result = _across(*where, cut, down)
    found = violations(phone, result)
    if where[0] == "FeedActivity":  # a cut card with a label of its own is listed (above)
        found = [v for v in found if not v.partition(": ")[2].startswith("+ [")]
    assert found == [], result.text
