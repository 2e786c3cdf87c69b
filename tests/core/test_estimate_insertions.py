"""The scroll estimate of a list that grew with rows put in, cut short where its answer is known
(issue 19: the 1 MB step's largest block).

A row put in mid-list pushes the rows below it down: no scroll, and the estimate proves it
the long way. Two of its walks read every row of such a list for an answer that was already
known:

- :func:`~deltarec.core.diff.pages.page` asked :func:`~deltarec.core.diff.pages._relaid`
  (both rows' labels walked) of every paired row that moved before asking whether a row
  stayed in view, and a row that stayed makes the answer None whatever came and left. It
  now asks whether a row stayed first, then which moved rows crossed an edge and
  ``_relaid`` only when none stayed (the answer is the long way's: every test is pure, and
  ``came``/``left`` are built in the same order);
- :func:`~deltarec.core.diff.host.host_motion` read a changed row's texts in both frames
  (:func:`~deltarec.core.diff.row_evidence.kin`, the whole list's on the list's own
  host, 2,830 nodes each side on the 1 MB step) before asking whether the row kept its
  size, which the vote needs first; it now asks the size first (``kin`` is pure);
- :func:`~deltarec.core.diff.axis.sideways` sorted every item of a list to find its rows
  stacked; items side by side start at distinct lefts, so a repeated left answers first
  (held against the sort on generated rows of boxes and every container of the real
  captures);
- :func:`~deltarec.core.diff.host_wrapper.wraps` asked a row's move before whether it could wrap
  the host at all (alone, or the host's box): a list's rows are told by the box now;
- :func:`~deltarec.core.diff.unique_labels.unique_spot` built both frames' label maps
  (:func:`~deltarec.core.diff.unique_labels.unique_at`) to place a few labels of a row
  put in, which are new: :func:`~deltarec.core.diff.unique_labels.alone_at` tells a text
  no node or one node shows by a scan at C speed (maps built: synthetic steps 8 -> 0,
  insertion cases of seed 0 524 -> 232).

The generator: rows put into (taken out of) the lists of every real capture
(:mod:`tests.core.real_scrolls.insertions`, both ways), the synthetic dumps of 20 and 200 kB
(a row put in mid-list, both ways), and scrolls with rows put in
(:mod:`tests.core.real_scrolls.composed`). On it, every ``page`` asked gives what the long
way gives, and the walks read nothing in vain. On ``1fe5943``, over the 453 insertion
cases of seed 0 (10 a capture), ``_relaid`` was asked 1,697 times in a container where a row
stayed, and a row's texts were read 646 times for a row that changed size; now 0 and 0
(``test_the_count_sees_the_long_way`` keeps the first count honest).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from collections.abc import Set as AbstractSet
from contextlib import ExitStack
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.synthetic import dump_pair
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff import (
    axis,
    host,
    host_wrapper,
    pager_swipe,
    pages,
    stayed_rows,
    unique_labels,
)
from deltarec.core.diff.axis import across as _across
from deltarec.core.diff.axis import host_sideways
from deltarec.core.diff.match import match_measured
from deltarec.core.diff.motions import Motion, near, near_box
from deltarec.core.diff.pages import (
    _crossed_way,
    _same_rows_in_place,
    _viewport,
    own_texts,
    spanned_past,
)
from deltarec.core.diff.row_evidence import TextCache, displacement
from deltarec.core.diff.scrolls import find_motions
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Observation
from tests.core.estimate_rules import SEQUENCES, replaced
from tests.core.real_scrolls import composed, insertions


def _page_long(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], used: AbstractSet[int], c: int, p: int
) -> Motion | None:
    """``pages.page`` as it was at ``1fe5943``: ``_relaid`` asked of every moved row first."""
    swiped = pager_swipe.pager_swiped(prev, p, curr, c, pairs)
    if swiped is not None:
        return swiped
    view, old_view = _viewport(curr, c), _viewport(prev, p)
    side: bool | None = None
    came = [k for k in curr.children[c] if k not in pairs]
    left = [k for k in prev.children[p] if k not in used]
    toward = (0, 0)
    still = view == old_view
    for k in curr.children[c]:
        q = pairs.get(k)
        if q is None:
            continue
        a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
        if still and (a is b or a == b):
            continue
        if side is None:
            side = host_sideways(prev, p, curr, c, pairs)
        if _across(a, old_view, b, view, side) or (not side and spanned_past(a, old_view, b, view)):
            came.append(k)
            left.append(q)
            if side and own_texts(prev, q) & own_texts(curr, k):
                toward = _crossed_way(prev.nodes[q].bounds, old_view)
        elif not side and pages._relaid(prev, q, curr, k):
            came.append(k)
            left.append(q)
    if not came or not left:
        return None
    if side is None:
        side = host_sideways(prev, p, curr, c, pairs)
    cache: TextCache = {}
    stayed = stayed_rows.stayed(prev, p, curr, c, pairs, side, cache)
    if stayed or _same_rows_in_place(prev, curr, came, left, cache):
        return None
    rows = (len(came) >= 2 and len(left) >= 2) or any(curr.children[k] for k in came)
    if not rows:
        return None
    return Motion(c, p, 0, 0, page=True, toward=toward)


def _wraps_long(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    c: int,
    p: int,
    k: int,
    pk: int,
    base: tuple[int, int],
    still: int,
    natural: bool,
) -> bool:
    """``host_wrapper.wraps`` (``host._wraps``) as it was at ``1fe5943``: the row's move asked first (``pairs``: its
    signature's since ``diff.covered``, unread)."""
    b = curr.nodes[k].bounds
    d = displacement(prev.nodes[pk].bounds, b)
    alone = len(curr.children[c]) == 1
    if (
        d is not None
        and near(d, base, still)
        and (alone or near_box(b, curr.nodes[c].bounds, still))
    ):
        return True
    return (
        alone
        and natural
        and len(prev.children[p]) == 1
        and pages.bare(curr.nodes[k])
        and pages.bare(prev.nodes[pk])
    )


def _check_alone_at(frame: Frame) -> None:
    """``alone_at`` says what the frame's ``unique_at`` says, for every label it shows and
    labels it does not, asked before the map (scans) and after it."""
    keys = [(n.class_name, n.text, n.content_desc) for n in frame.nodes]
    keys = [k for k in dict.fromkeys(keys) if k[1] or k[2]]
    # Labels no node shows whose text (description) one does: another class, another
    # description beside the text; and one no node shows at all.
    keys += [(f"{c}.Other", t, d) for c, t, d in keys] + [(c, t, f"{d}!") for c, t, d in keys]
    keys.append(("X", "no such label", ""))
    fresh = Frame.like(frame, frame.obs, frame.nodes, same_keys=True)  # no memo
    want = unique_labels.unique_at(frame)
    for key in keys:
        assert unique_labels.alone_at(fresh, key) == want.get(key), key


class _Tally:
    """What one case's estimates read in vain, and whether every ``page`` said the long
    way's answer."""

    def __init__(self) -> None:
        self.pages = self.differ = self.relaid_in_vain = self.texts_in_vain = 0
        self.maps = 0  # unique_at built


def _watched(prev: Frame, curr: Frame, tally: _Tally) -> None:
    """The matcher's estimates of the pair, every ``page`` checked against the long way and
    the asks counted (``_relaid`` in a container where a row stayed; ``kin`` from
    ``host_motion`` of a row whose box changed size)."""
    real_page, real_relaid, real_kin = pages.page, pages._relaid, host.kin
    real_wraps, real_unique_at = host.wraps, unique_labels.unique_at
    where: list[tuple[Frame, Frame, int, int, Any]] = []

    def page(p_frame: Frame, c_frame: Frame, pairs: Any, used: Any, c: int, p: int) -> Any:
        where.append((p_frame, c_frame, c, p, pairs))
        try:
            got = real_page(p_frame, c_frame, pairs, used, c, p)
        finally:
            where.pop()
        with replaced(pages, "_relaid", real_relaid):
            want = _page_long(p_frame, c_frame, pairs, used, c, p)
        tally.pages += 1
        tally.differ += got != want
        return got

    def relaid(p_frame: Frame, q: int, c_frame: Frame, k: int) -> bool:
        if where:
            pf, cf, c, p, pairs = where[-1]
            side = host_sideways(pf, p, cf, c, pairs)
            tally.relaid_in_vain += stayed_rows.stayed(pf, p, cf, c, pairs, side, {})
        return real_relaid(p_frame, q, c_frame, k)

    def kin(p_frame: Frame, p: int, c_frame: Frame, c: int, cache: TextCache) -> bool:
        if p >= 0 and displacement(p_frame.nodes[p].bounds, c_frame.nodes[c].bounds) is None:
            tally.texts_in_vain += 1
        return real_kin(p_frame, p, c_frame, c, cache)

    def wraps(*args: Any) -> bool:
        got = real_wraps(*args)
        tally.differ += got != _wraps_long(*args)
        return got

    def unique_at(frame: Frame) -> Any:
        tally.maps += "unique_labels.at" not in frame.memo
        return real_unique_at(frame)

    with ExitStack() as stack:
        stack.enter_context(replaced(pages, "page", page))
        stack.enter_context(replaced(pages, "_relaid", relaid))
        stack.enter_context(replaced(host, "kin", kin))
        stack.enter_context(replaced(host, "wraps", wraps))
        stack.enter_context(replaced(host_wrapper, "wraps", wraps))
        stack.enter_context(replaced(unique_labels, "unique_at", unique_at))
        got = match_measured(prev, curr)
        measured = got.measured if got.measured is not None else got.pairs
        find_motions(prev, curr, measured)
        find_motions(prev, curr, got.pairs)


def _insertion_pairs(per_capture: int, seed: int) -> Iterator[tuple[Observation, Observation]]:
    for case in insertions.cases(random.Random(seed), per_capture):
        yield insertions.derive(case)


def _composed_pairs(per_capture: int, seed: int) -> Iterator[tuple[Observation, Observation]]:
    for case in composed.cases(random.Random(seed), per_capture):
        if case.kind == "scroll+insert":
            yield composed.derive(case)


def _synthetic_pairs() -> Iterator[tuple[Observation, Observation]]:
    for size in (20_000, 200_000):
        for seed in (0, 1):
            before, after = (parse_uiautomator(x) for x in dump_pair(size, seed))
            yield before, after
            yield after, before


def _tally(pairs: Iterator[tuple[Observation, Observation]]) -> tuple[_Tally, int]:
    tally, cases = _Tally(), 0
    for prev, curr in pairs:
        _watched(Frame(prev), Frame(curr), tally)
        cases += 1
    return tally, cases


def test_page_says_what_the_long_way_says_on_rows_put_in() -> None:
    tally, cases = _tally(_insertion_pairs(2, 0))
    assert cases >= 100 and tally.pages >= 100  # not vacuous
    assert tally.differ == 0


def test_page_says_what_the_long_way_says_on_scrolls_with_rows_put_in() -> None:
    tally, cases = _tally(_composed_pairs(3, 1))
    assert cases >= 50
    assert tally.differ == 0


@pytest.mark.parametrize("seed", [3, 4])
def test_no_walk_reads_in_vain_on_rows_put_in(seed: int) -> None:
    """The generator that found the cost: no ``_relaid`` where a row stayed, no row's texts
    read for a row that changed size (the long way: thousands of each)."""
    tally, _ = _tally(_insertion_pairs(2, seed))
    assert (tally.relaid_in_vain, tally.texts_in_vain, tally.differ) == (0, 0, 0)


def test_the_synthetic_steps_read_nothing_in_vain() -> None:
    tally, cases = _tally(_synthetic_pairs())
    assert cases == 8
    assert (tally.relaid_in_vain, tally.texts_in_vain, tally.differ) == (0, 0, 0)


def test_the_count_sees_the_long_way() -> None:
    """Not vacuous: with ``page`` the long way, the insertions ask ``_relaid`` where a row
    stayed."""
    with replaced(pages, "page", _page_long):
        tally, _ = _tally(_insertion_pairs(2, 3))
    assert tally.relaid_in_vain > 100


def _sideways_long(frame: Frame, pos: int) -> bool:
    """``axis.sideways`` as it was at ``1fe5943``: every box sorted, then each pair asked."""
    boxes = sorted(
        (b.left, b.top, b.right, b.bottom)
        for k in frame.children[pos]
        for b in (frame.nodes[k].bounds,)
        if b.area
    )
    if len(boxes) < 2:
        return False
    return all(
        right <= left2 and top < bottom2 and top2 < bottom
        for (_, top, right, bottom), (left2, top2, _, bottom2) in pairwise(boxes)
    )


def _row_of(boxes: list[tuple[int, int, int, int]]) -> Frame:
    kids = "".join(f'<node class="C" bounds="[{a},{b}][{c},{d}]"/>' for a, b, c, d in boxes)
    return Frame(
        parse_uiautomator(
            f'<hierarchy><node class="L" bounds="[0,0][900,900]">{kids}</node></hierarchy>'
        )
    )


_UNIT = st.integers(0, 12).map(lambda v: v * 25)  # few values: shared lefts, touching boxes


@st.composite
def _boxes(draw: st.DrawFn) -> list[tuple[int, int, int, int]]:
    """Items of one container: a row of boxes side by side (touching or apart, in any order,
    some of them moved, stacked or emptied), or boxes anywhere."""
    if draw(st.booleans()):
        out, left = [], draw(_UNIT)
        for _ in range(draw(st.integers(0, 6))):
            width, gap = draw(st.integers(0, 4)) * 25, draw(st.integers(0, 2)) * 25
            top, height = draw(_UNIT), draw(st.integers(1, 4)) * 25
            out.append((left, top, left + width, top + height))
            left += width + gap
        for i in draw(st.lists(st.integers(0, 5), max_size=2)):
            if i < len(out):  # one item moved elsewhere
                a, b, c, d = out[i]
                dx, dy = draw(_UNIT), draw(_UNIT)
                out[i] = (a - dx, b + dy, c - dx, d + dy)
        return draw(st.permutations(out))
    return draw(st.lists(st.tuples(_UNIT, _UNIT, _UNIT, _UNIT), max_size=6))


@settings(max_examples=400, deadline=None)
@given(_boxes())
def test_sideways_says_what_the_sort_says(boxes: list[tuple[int, int, int, int]]) -> None:
    """Side by side, stacked, overlapping, touching and empty boxes: the items' lefts told
    first (a repeated left is no carousel) give the sort's answer."""
    frame = _row_of(boxes)
    assert axis.sideways(frame, 0) == _sideways_long(frame, 0)


def test_sideways_says_what_the_sort_says_on_the_real_captures() -> None:
    asked = 0
    for _, seq in SEQUENCES:
        for path in seq:
            frame = Frame(parse_uiautomator(path.read_bytes()))
            for pos in range(len(frame)):
                if frame.children[pos]:
                    assert axis.sideways(frame, pos) == _sideways_long(frame, pos), (path, pos)
                    asked += 1
    assert asked > 1000


def test_alone_at_says_what_the_map_says() -> None:
    """On every real capture and the synthetic dumps: labels shown once, several times (the
    map built), by description only, and none; more asks than DIRECT_ASKS."""
    for _, seq in SEQUENCES:
        for path in seq:
            _check_alone_at(Frame(parse_uiautomator(path.read_bytes())))
    for prev, _ in _synthetic_pairs():
        _check_alone_at(Frame(prev))


def test_no_label_map_is_built_for_the_rows_put_in() -> None:
    """The generator that found the cost: the labels of rows put in are new, and one scan
    tells it (``1fe5943`` built both frames' maps: 2 a case where a label was asked)."""
    tally, _ = _tally(_synthetic_pairs())
    assert tally.maps == 0


def test_alone_at_scans_a_frame_a_bounded_number_of_times() -> None:
    """Hostile input: a step asking thousands of labels scans the frame at most
    DIRECT_ASKS times, then reads the map (O(n) a frame, not O(n) an ask)."""
    rows = "".join(
        f'<node class="T" text="t{i}" bounds="[0,{i}][9,{i + 1}]"/>' for i in range(3000)
    )
    frame = Frame(
        parse_uiautomator(
            f'<hierarchy><node class="L" bounds="[0,0][9,3000]">{rows}</node></hierarchy>'
        )
    )
    for i in range(3000):
        assert unique_labels.alone_at(frame, ("T", f"new {i}", "")) is None
    assert len(frame.memo[unique_labels.alone_at]) == unique_labels.DIRECT_ASKS  # type: ignore[arg-type]
    assert "unique_labels.at" in frame.memo
    assert unique_labels.alone_at(frame, ("T", "t7", "")) == 8
