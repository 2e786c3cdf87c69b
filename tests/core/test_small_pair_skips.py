"""Tests asked in a cheaper order on the small real pairs say what the long way says (issue 19).

:func:`~deltarec.core.diff.twin_sliver._sliver_after` asks whether the sibling after a row
reaches its list's bottom edge before whether it has an area (a property call): against the
long way on every row and the sibling after it, in every real capture (dumps and element
dicts), with no list scrolled and with each row's list scrolled, and in the generated lists.

:func:`~deltarec.core.diff.sliver_pairs._lone_slivers` asks whether an unpaired row crosses
an edge of its parent before whether it is thinner than half of it (most rows sit inside
their parent; the heights were two property calls a row, asked first). Checked against the
long way (``test_big_step_reads._lone_slivers_long``: every position, the height first) on
every ordered pair of real captures of a flow, as dumps and as element dicts, with pass 1's
pairs (the keys) on both sides and random ones, and on generated lists whose rows the edges
cut (thin and thick slivers, one or several at an edge, rows of no height, a list of no
height).

:func:`~deltarec.core.diff.twin_sliver.twins` tells the rows that came or went whose next
sibling is paired first, at C speed, and asks whether that sibling is a sliver only of them
(the long way asked it of every row first, two calls a row, then the pair): against the long
way on every ordered pair of real captures of a flow (dumps and element dicts) and on
generated lists cut by their bottom edge.

:func:`~deltarec.core.diff.wrappers._holds` tells whether a position holds a paired one below
it by bisecting the sorted paired positions (the long way, :func:`~deltarec.core.diff.
wrappers._holding`, walked up from every paired position of both frames): against the long
way at every position of both frames of every ordered pair of real captures of a flow (dumps
and element dicts), with pass 1's pairs and with random ones.

:func:`~deltarec.core.diff.row_place.may_span` answers yes where a position's own box spans
the host, without making the box around its subtree (which holds its own): against that box,
made at every position of every real capture (dumps and element dicts), for the boxes of
its root and of its containers made to scroll.
"""

from __future__ import annotations

import random
from itertools import permutations
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.compute import Delta, compute_delta
from deltarec.core.diff.row_place import may_span, spans
from deltarec.core.diff.sliver_pairs import _lone_slivers
from deltarec.core.diff.twin_sliver import (
    Twin,
    _next_row,
    _paired_next,
    _row_as_sliver,
    _row_before,
    _shows,
    _sliver_after,
    twins,
)
from deltarec.core.diff.wrappers import _holding, _holds
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import scrolls_by_nature
from deltarec.core.observe.model import Bounds
from tests.core.estimate_rules import SEQUENCES, elements_of, frame_of
from tests.core.test_big_step_reads import _lone_slivers_long


def _same(frame: Frame, paired: set[int]) -> None:
    got = _lone_slivers(frame, paired)
    assert list(got.items()) == list(_lone_slivers_long(frame, paired).items())


def _list(height: int, rows: list[tuple[int, int]]) -> Frame:
    """A list ``height`` px high with rows at (top, bottom), as a dump keeps them."""
    kids = "".join(f'<node class="Row" bounds="[0,{t}][90,{b}]"/>' for t, b in rows)
    return Frame(
        parse_uiautomator(
            f'<hierarchy><node class="L" scrollable="true" bounds="[0,0][90,{height}]">'
            f"{kids}</node></hierarchy>"
        )
    )


@settings(max_examples=20, deadline=None)  # 25 until may_span's and _holds' checks paid
@given(
    st.integers(0, 300),
    st.lists(st.tuples(st.integers(-80, 380), st.integers(0, 200)), max_size=8),
    st.data(),
)
def test_lone_slivers_are_the_long_ways_on_cut_rows(
    height: int, rows: list[tuple[int, int]], data: st.DataObject
) -> None:
    frame = _list(height, [(top, top + h) for top, h in rows])
    paired = set(data.draw(st.lists(st.integers(0, len(frame) - 1))))
    _same(frame, paired)
    _same_slivers_after(frame)


def _sliver_after_long(frame: Frame, row: int, s: int, scrolled: set[int]) -> bool:
    """``_sliver_after`` as it was: its area asked first."""
    a, b = frame.nodes[row], frame.nodes[s]
    box = frame.nodes[frame.parents[s]].bounds
    sb, rb = b.bounds, a.bounds
    return (
        sb.area > 0
        and sb.bottom >= box.bottom
        and sb.height < rb.height
        and rb.bottom <= sb.top
        and (a.class_name, a.resource_id) == (b.class_name, b.resource_id)
        and frame.parents[s] not in scrolled
        and not _shows(frame, s, sb.top, sb.bottom)
    )


def _same_slivers_after(frame: Frame) -> int:
    """Both ways agree on every row with a sibling after it; how many said yes."""
    found = 0
    for row in range(len(frame)):
        s = _next_row(frame, row)
        if s is None:
            continue
        for scrolled in (set(), {frame.parents[s]}):
            got = _sliver_after(frame, row, s, scrolled)
            assert got == _sliver_after_long(frame, row, s, scrolled), (row, s)
            found += got
    return found


def _twins_long(d: Delta) -> list[Twin]:
    """``twins`` as it was: each row's next sibling, then whether it is a sliver, then its
    pair (the pair map made once a candidate is found)."""
    out: list[Twin] = []
    came: set[int] | None = None
    went: set[int] | None = None
    scrolls = ({s.curr for s in d.scrolls}, {s.prev for s in d.scrolls})
    sides = ((True, d.curr, d.prev, d.pairs), (False, d.prev, d.curr, None))
    for grown, frame, other, pairs in sides:
        scrolled, scrolled_o = scrolls if grown else scrolls[::-1]
        for n in d.added if grown else d.removed:
            s = _next_row(frame, n)
            if s is None or not _sliver_after(frame, n, s, scrolled):
                continue
            if pairs is None:
                pairs = {p: c for c, p in d.pairs.items()}
            t = pairs.get(s)
            if t is None:
                continue
            if _row_as_sliver(other, t, frame, s):
                out.append(Twin(s, t, t, False) if grown else Twin(t, s, t, True))
                continue
            q = _row_before(other, t)
            if q is None or other.nodes[t].bounds != frame.nodes[s].bounds:
                continue
            if grown:
                went = set(d.removed) if went is None else went
                fresh = q in went
            else:
                came = set(d.added) if came is None else came
                fresh = q in came
            if (
                fresh
                and _sliver_after(other, q, t, scrolled_o)
                and _row_as_sliver(other, q, frame, s)
            ):
                out.append(Twin(s, t, q, False) if grown else Twin(t, s, q, True))
    return out


def _delta(prev: Frame, curr: Frame, pairs: dict[int, int], scrolled: list[int]) -> Delta:
    """The delta ``twins`` reads, of ``pairs`` as they are: what came and went, and the
    pairs of ``scrolled`` (current positions) as its scrolls (their hosts and nothing else)."""
    used = set(pairs.values())
    return Delta(
        prev=prev,
        curr=curr,
        pairs=pairs,
        added=sorted(set(range(len(curr))).difference(pairs)),
        removed=sorted(set(range(len(prev))).difference(used)),
        changed={},
        moved={},
        scrolls=[SimpleNamespace(curr=c, prev=pairs[c]) for c in scrolled],  # type: ignore[misc]
        opened=[],
        closed=[],
    )


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_sliver_rules_are_the_long_ways_on_real_captures(name: str, seq: list[Path]) -> None:
    """On every capture of a flow, dumps and element dicts, ``_sliver_after`` of every row
    and the sibling after it; on every ordered pair of them (one walk for the three rules:
    each frame built once), ``_lone_slivers`` with pass 1's pairs (the keys) on both sides
    and random ones, and ``twins`` (the rows whose next sibling is paired told first) on the
    delta of the keys' pairs with random pairs added (any row with any, as a pass might)
    and half the paired lists scrolled (a delta of those pairs: no matching run), and the
    rows it tells first against :func:`_next_row` row by row."""
    rng = random.Random(name)
    dumps = [Frame(parse_uiautomator(p.read_bytes())) for p in seq]
    dicts = [frame_of(elements_of(p)) for p in seq]
    for frame in (*dumps, *dicts):
        _same_slivers_after(frame)
        _same_may_span(frame)

    def check(prev: Frame, curr: Frame) -> None:
        keys = {c: prev.pos_of[key] for c, key in enumerate(curr.keys) if key in prev.pos_of}
        _same(curr, set(keys))
        _same(prev, set(keys.values()))
        _same(curr, {c for c in range(len(curr)) if rng.random() < 0.5})
        free = [p for p in range(len(prev)) if p not in set(keys.values())]
        rng.shuffle(free)
        more = dict(keys)
        for c in range(len(curr)):
            if c not in more and free and rng.random() < 0.5:
                more[c] = free.pop()
        lists = [c for c in more if curr.children[c] and rng.random() < 0.5]
        d = _delta(prev, curr, more, lists)
        assert twins(d) == _twins_long(d)
        used = set(more.values())
        for frame, paired in ((curr, set(more)), (prev, used)):
            rows = list(range(len(frame)))
            assert _paired_next(frame, rows, paired) == [
                (n, s) for n in rows if (s := _next_row(frame, n)) is not None and s in paired
            ]
        for frame, paired in ((curr, keys), (prev, keys.values()), (curr, more), (prev, used)):
            holding, ordered = _holding(frame, paired), sorted(paired)
            assert [_holds(frame, ordered, pos) for pos in range(len(frame))] == [
                pos in holding for pos in range(len(frame))
            ]

    for frames in (dumps, dicts):
        for prev, curr in permutations(frames, 2):
            check(prev, curr)


def _same_may_span(frame: Frame) -> None:
    """``may_span`` (its own box first) against the box around every subtree, made."""
    nodes, around = frame.nodes, [n.bounds for n in frame.nodes]
    for pos in range(len(frame) - 1, -1, -1):  # children come after their parent
        for k in frame.children[pos]:
            a, b = around[pos], around[k]
            around[pos] = Bounds(
                min(a.left, b.left),
                min(a.top, b.top),
                max(a.right, b.right),
                max(a.bottom, b.bottom),
            )
    hosts = [0, *(pos for pos in range(len(frame)) if scrolls_by_nature(nodes[pos]))]
    for box in (nodes[h].bounds for h in hosts):
        assert [may_span(frame, pos, box) for pos in range(len(frame))] == [
            spans(b, box) for b in around
        ]


def _pushed_list(labels: list[str], height: int, pitch: int) -> Frame:
    """A list ``height`` px high of rows ``pitch`` px high, top down, each showing its label
    (none: ""), the row the bottom edge crosses cut there (its label gone with the part
    cut off), the rows below it out of view: as rows put in above push rows onto the edge."""
    kids = ""
    for i, label in enumerate(labels):
        top = i * pitch
        if top >= height:
            break
        bottom = min(top + pitch, height)
        shown = label and top + 8 <= bottom
        text = f'<node class="T" text="{label}" bounds="[0,{top + 2}][90,{top + 8}]"/>'
        kids += f'<node class="Row" bounds="[0,{top}][90,{bottom}]">{text if shown else ""}</node>'
    return Frame(
        parse_uiautomator(
            '<hierarchy><node class="L" scrollable="true" bounds="[0,0][90,'
            f'{height}]">{kids}</node></hierarchy>'
        )
    )


@example(["a", "b", "zr"], ["new"], 2, 32, 10)  # the module's own case: a twin found
@settings(max_examples=20, deadline=None)
@given(
    st.lists(st.sampled_from(["a", "b", "zr", ""]), min_size=1, max_size=6),
    st.lists(st.sampled_from(["new", "b", ""]), max_size=3),
    st.integers(0, 6),
    st.integers(12, 40),
    st.integers(8, 12),
)
def test_twins_are_the_long_ways_on_pushed_lists(
    labels: list[str], put: list[str], at: int, height: int, pitch: int
) -> None:
    """Generated lists whose rows were pushed toward their bottom edge by rows put in (read
    backwards: taken out), slivers left there: ``twin_sliver``'s own case and its kin."""
    a = _pushed_list(labels, height, pitch)
    b = _pushed_list([*labels[:at], *put, *labels[at:]], height, pitch)
    for d in (compute_delta(a, b), compute_delta(b, a)):
        assert twins(d) == _twins_long(d)
