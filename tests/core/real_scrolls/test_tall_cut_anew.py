"""A tall row's bare piece cut anew by its list's edge, on real captures, both paths (issue 18).

:func:`.tall_rows.anew_cases`: every real scroller's rows stretched taller than the list
(:mod:`.tall_rows`), scrolled so that a piece of the row that shows nothing (YouTube's
channel card's corner button, the contact editor's photo overlay and icon) is whole in one
frame and cut by the list's edge to a few px in the other, or the reverse. Nothing else
whole in view votes, the piece's key is made of no content and its boxes lie apart: read
as nothing scrolled, the piece ``-`` and ``+`` (``bench_real_tall_rows.py --wide``:
YouTube's merged card scrolled 410 px up, both paths; the contact editor's photo scrolled
64 px on element dicts). Its uncut edge places it
(:mod:`~deltarec.core.diff.cut_anew`, read by
:func:`~deltarec.core.diff.edge_pieces.edge_offset`).

Graded as :mod:`.tall_rows` grades a scroll. :data:`OPEN` is a ratchet (remove a case when
it closes, never add one)."""

from __future__ import annotations

from contextlib import nullcontext
from itertools import pairwise

import pytest

from deltarec.core.capture import frame_cache
from deltarec.core.observe.model import Node
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls.tall_rows import Tall, anew_cases, check, derive
from tests.core.real_scrolls.transforms import _at

EVERY = 11
"""The test runs every ``EVERY``-th case; ``bench_real_tall_rows.py --anew`` runs them all."""
CASES = 330

OPEN: dict[str, list[Tall]] = {"xml": [], "dicts": []}
"""The sample's cases still failing, per path (on ``c245569`` XML 3, dicts 3; with
:mod:`~deltarec.core.diff.cut_anew` and :mod:`~deltarec.core.diff.edge_across`, brought back
from ``cc21bbc`` with the guard that keeps a window laid out again from reading along x,
XML 2, dicts 1; with :mod:`~deltarec.core.diff.filled_row` XML 1, dicts 0: Settings' Airplane
row stretched, its switch cut anew to 6 px by the top edge as its title left, closed on both
paths). Closed too: the Wi-Fi screen's bar stretched, its "Settings" image spanning the
list in both frames read as removed and added (XML: the oracle): a label spanning its list in
both frames, of one breadth, shown once in each, is kept whole
(:func:`deltarec.core.diff.edge_twin.page_or_twin`): XML 0, dicts 0."""


def _failing(sample: list[Tall], path: str) -> list[Tall]:
    """The cases of ``sample`` graded wrong on ``path`` (``"xml"`` or ``"dicts"``)."""
    failing = []
    for case in sample:
        frame_cache.clear()
        with graded_by_dicts() if path == "dicts" else nullcontext():
            if check(case):
                failing.append(case)
    return failing


@pytest.mark.parametrize("path", ["xml", "dicts"])
def test_a_bare_piece_cut_anew_places_the_tall_row_s_scroll(path: str) -> None:
    """On ``c245569``, of all 3,630 cases (``bench_real_tall_rows.py --anew``): XML 26,
    dicts 34; with ``cc21bbc``'s fix XML 22, dicts 12 (:data:`OPEN`)."""
    sample = anew_cases(every=EVERY)
    assert len(sample) == CASES
    assert _failing(sample, path) == OPEN[path]


SHORT = 48
"""The short moves: :func:`.tall_rows.anew_cases` whose scroll is at most this many px."""
SHORT_OPEN: dict[str, list[Tall]] = {"xml": [], "dicts": []}
"""The short moves still failing, per path (a ratchet: remove a case when it closes). Closed
(on ``a01ee03`` XML 10, dicts 4): YouTube's results' card scrolled 16 px up, its thumbnail a
stack of layers of one box (an image under its overlay) cut alike by the list's top edge,
its bottom edge moved, was read as a web page's bare wrapper cut to the viewport
(``diff/host_wrapper.wraps``): the host went down into it, where nothing moved, no scroll; a
stack of layers holds nothing that could move in it (:func:`deltarec.core.diff.pages.layers`),
so the card's uncut edges place it. The Wi-Fi bar's "Settings" image (XML 4: the oracle)
closed as in :data:`OPEN`. Closed last (XML 2 → 0): YouTube's suggestions' merged row
scrolled 1 px, its items side by side, its edit button flush with the list's right edge, read
as a carousel that stayed; nothing of it moved along x, so its wrapper scrolls along y
(:func:`deltarec.core.diff.filled_row.moved_along_y`)."""


@pytest.mark.parametrize("path", ["xml", "dicts"])
def test_a_tall_row_moved_a_few_px_is_placed_by_its_uncut_edges(path: str) -> None:
    """Every case of :func:`.tall_rows.anew_cases` moved :data:`SHORT` px or less (122 of
    3,630, both paths): the pieces cut alike by the list's edge, their uncut edges moved."""
    sample = [case for case in anew_cases() if abs(case.d) <= SHORT]
    assert len(sample) == 122
    assert _failing(sample, path) == SHORT_OPEN[path]


def _side_by_side(node: Node) -> bool:
    """Whether the content below ``node``, down its chain of one child (with an area) each,
    shows items side by side (two or more with an area, each one beside the next): a
    settings row's icon | title | switch frames, each spanning its height."""
    kids = [k for k in node.children if k.bounds.area]
    while len(kids) == 1:
        kids = [k for k in kids[0].children if k.bounds.area]
    boxes = sorted((k.bounds.left, k.bounds.top, k.bounds.right, k.bounds.bottom) for k in kids)
    return len(boxes) > 1 and all(
        right <= left and top < bottom2 and top2 < bottom
        for (_, top, right, bottom), (left, top2, _, bottom2) in pairwise(boxes)
    )


def columns_cases() -> list[Tall]:
    """Every case of :func:`.tall_rows.anew_cases` whose list shows, in both frames, one
    row's items side by side down its chain of wrappers (:func:`_side_by_side`): the tall
    row fills its list, so the host walk takes it for the list's one wrapper, and its
    items side by side for a carousel's."""
    out = []
    for case in anew_cases():
        prev, curr = derive(case)
        if _side_by_side(_at(prev, case.host)) and _side_by_side(_at(curr, case.host)):
            out.append(case)
    return out


COLUMNS = 266
""":func:`columns_cases`' cases."""
COLUMNS_OPEN: dict[str, list[Tall]] = {"xml": [], "dicts": []}
"""Its cases still failing, per path (a ratchet: remove a case when it closes). On
``a5c6fa4``: XML 18 (Settings' Airplane row 8, the Wi-Fi bar's "Settings" image 8, the
oracle; YouTube's suggestions' merged row scrolled 1 px, 2), dicts 8 (the Airplane row).
Closed: the Airplane row, read along y as its list is, its switch's uncut edge placing the
scroll (:mod:`~deltarec.core.diff.filled_row`): XML 10, dicts 0. Then the Wi-Fi bar's image,
kept whole as it spans the list in both frames (:data:`OPEN`): XML 2 (YouTube's suggestions'
merged row scrolled 1 px), dicts 0. Then that row, read along y where nothing of it moved
along x (:func:`deltarec.core.diff.filled_row.moved_along_y`): XML 0."""


@pytest.mark.parametrize("path", ["xml", "dicts"])
def test_a_row_of_items_side_by_side_filling_its_list_scrolls_along_the_list(path: str) -> None:
    """:func:`columns_cases` on both paths: a tall row whose items sit side by side (a
    settings row's title frame | switch frame, each spanning the row), filling its list,
    scrolled so that a bare piece of it (the switch) is cut anew by the list's edge. The
    row was taken for the list's one wrapper (``host_wrapper.wraps``) and, as a host, for a
    carousel by its items (``axis.host_sideways``): the switch's frame, at no side edge,
    voted that nothing moved (``bench_real_tall_rows.py --anew``: Settings' Airplane row
    scrolled 140 px, XML 8, dicts 8)."""
    sample = columns_cases()
    assert len(sample) == COLUMNS
    assert _failing(sample, path) == COLUMNS_OPEN[path]
