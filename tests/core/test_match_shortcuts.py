"""Pass 3's shortcuts (issue 19, small screens) say what the long way says.

- :meth:`~deltarec.core.diff.match.Evidence.overlapping` (one sweep over a slot's boxes, the
  moves worked out once per old parent; the cut tests asked only where their first tests,
  read once, let them hold: a candidate showing the child's label, a scroll along one
  axis) is the set of candidates for which
  :meth:`~deltarec.core.diff.match.Evidence.overlaps` holds, asked one by one: on every
  ordered pair of real captures of a flow (dumps and element dicts, the scrolls measured as
  the matcher measures them), each child against its paired parent's old children; and on
  generated siblings — boxes that stay, move a little, scroll, or sit under a parent that
  moved, showing a label or none — at thresholds from 0 to past 1 (where even an equal box
  is not enough).
- :func:`~deltarec.core.diff.match._anchors` (the anchored slots of a child, looked up) is
  the slot rule asked of every old sibling — the sibling before each is a pair, or both are
  first; or the sibling after each is, or both are last — on generated sibling lists with
  generated pairs (some to nodes outside the old siblings).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.match import _anchors, match_frames
from deltarec.core.diff.pair_evidence import Evidence, Guard
from deltarec.core.observe.frame import Frame
from tests.core.estimate_rules import each_ordered_pair
from tests.core.truth.real_oracle import sequences

REAL_DUMPS = Path(__file__).resolve().parents[2] / "fixtures" / "real"


def _evidence(prev: Frame, curr: Frame, threshold: float) -> Evidence:
    """Evidence as passes 3 and 4 see it: the final pairs, the scrolls measured over them."""
    pairs = match_frames(prev, curr)
    ev = Evidence(prev, curr, pairs, threshold)
    ev.guard = Guard(prev, curr, pairs)
    return ev


def _check_slots(prev: Frame, curr: Frame, ev: Evidence) -> int:
    """overlapping == overlaps one by one, for every child against its slot's candidates."""
    checked = 0
    for c in range(len(curr)):
        cp = curr.parents[c]
        if cp < 0:
            olds = prev.roots
        elif (pp := ev.pairs.get(cp)) is not None:
            olds = prev.children[pp]
        else:
            continue
        assert ev.overlapping(c, list(olds)) == {p for p in olds if ev.overlaps(c, p)}
        checked += len(olds)
    return checked


@pytest.mark.parametrize("name,seq", sequences(REAL_DUMPS), ids=lambda v: str(v)[-40:])
def test_overlapping_is_overlaps_asked_one_by_one_on_real_pairs(name: str, seq: list[Path]) -> None:
    checked = [0]

    def check(a: Frame, b: Frame) -> None:
        checked[0] += _check_slots(a, b, _evidence(a, b, 0.5))

    each_ordered_pair(seq, check)
    assert checked[0] > 0


_BOX = st.tuples(st.integers(0, 300), st.integers(0, 300), st.integers(0, 120), st.integers(0, 120))


def _dump(parent: tuple[int, int], kids: list[tuple[int, int, int, int]]) -> Frame:
    """A grid of cells at ``kids`` (x, y, w, h) under a grid at ``parent``; a cell's text is
    its height's parity ("" or "1"): alike labels, as a dial's cells show them."""
    px, py = parent
    nodes = "".join(
        f'<node class="Cell" text="{"1" if h % 2 else ""}"'
        f' bounds="[{px + x},{py + y}][{px + x + w},{py + y + h}]"/>'
        for x, y, w, h in kids
    )
    return Frame(
        parse_uiautomator(
            f'<hierarchy><node class="Grid" resource-id="g" bounds="[{px},{py}]'
            f'[{px + 500},{py + 500}]">{nodes}</node></hierarchy>'
        )
    )


@settings(max_examples=40, deadline=None)
@given(
    st.lists(_BOX, min_size=1, max_size=8),
    st.lists(st.tuples(st.integers(-1, 7), st.integers(-40, 40), st.integers(-40, 40))),
    st.tuples(st.integers(0, 60), st.integers(0, 60)),
    st.sampled_from([0.0, 0.1, 0.5, 0.9, 1.0, 1.5]),
)
def test_overlapping_is_overlaps_asked_one_by_one_on_generated_siblings(
    olds: list[tuple[int, int, int, int]],
    edits: list[tuple[int, int, int]],
    parent_move: tuple[int, int],
    threshold: float,
) -> None:
    news = list(olds)
    for i, dx, dy in edits:  # -1: a new sibling; else a sibling moved (or kept, by 0, 0)
        if i < 0 or i >= len(news):
            news.append((abs(dx) * 3, abs(dy) * 3, abs(dx), abs(dy)))
        else:
            x, y, w, h = news[i]
            news[i] = (max(0, x + dx), max(0, y + dy), w, h)
    prev, curr = _dump((0, 0), olds), _dump(parent_move, news)
    ev = _evidence(prev, curr, threshold)
    assert ev.pairs.get(0) == 0  # the grid: its resource id is its key
    _check_slots(prev, curr, ev)


def _anchored(i: int, j: int, new: list[int], old: list[int], pairs: dict[int, int]) -> bool:
    """The slot rule of ``_align``'s docstring, asked of one old sibling."""
    last_new, last_old = len(new) - 1, len(old) - 1
    before = (i == 0 and j == 0) or (i > 0 and j > 0 and pairs.get(new[i - 1]) == old[j - 1])
    after = (i == last_new and j == last_old) or (
        i < last_new and j < last_old and pairs.get(new[i + 1]) == old[j + 1]
    )
    return before or after


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 7), st.integers(0, 7), st.data())
def test_anchors_are_the_slot_rule_asked_of_every_old_sibling(
    n_new: int, n_old: int, data: st.DataObject
) -> None:
    new = list(range(100, 100 + n_new))
    old = data.draw(st.permutations(range(n_old + 3)))[:n_old]  # positions, not in order
    targets = st.sampled_from([*old, 50, 51]) if old else st.sampled_from([50, 51])
    pairs = data.draw(st.dictionaries(st.sampled_from(new), targets) if new else st.just({}))
    old_at = {p: j for j, p in enumerate(old)}
    for i in range(n_new):
        want = {p for j, p in enumerate(old) if _anchored(i, j, new, old, pairs)}
        assert _anchors(i, new, old, old_at, pairs) == want


def _list(top: int, rows: int, height: int, label: str) -> Frame:
    """A list 600 px high whose content starts ``top`` px above its top edge: ``rows`` rows
    of ``height`` px, each a row around a text (row ``i`` shows ``label`` and its number),
    cut by the list's edges, those out of view left out (as a dump leaves them)."""
    kids = []
    for i in range(rows):
        y0, y1 = max(0, i * height - top), min(600, (i + 1) * height - top)
        if y1 <= y0:
            continue
        box = f"[0,{y0}][300,{y1}]"
        kids.append(
            f'<node class="Row" bounds="{box}"><node class="T" text="{label}{i}"'
            f' bounds="{box}"/></node>'
        )
    return Frame(
        parse_uiautomator(
            '<hierarchy><node class="android.widget.ListView" resource-id="l"'
            f' scrollable="true" bounds="[0,0][300,600]">{"".join(kids)}</node></hierarchy>'
        )
    )


@settings(max_examples=20, deadline=None)
@given(
    st.integers(0, 400),
    st.integers(-300, 300),
    st.integers(40, 170),
    st.sampled_from(["row ", ""]),
    st.sampled_from([0.0, 0.5, 0.9]),
)
def test_overlapping_is_overlaps_asked_one_by_one_in_a_scrolled_list(
    top: int, dy: int, height: int, label: str, threshold: float
) -> None:
    """Rows a list's edges cut, scrolled along y: a cut row is one box cut alike by each
    frame's view (:meth:`~deltarec.core.diff.pair_evidence.Guard.cut_alike`) only where a
    scroll along one axis was measured, the test read once per child."""
    prev, curr = _list(top, 12, height, label), _list(max(0, top + dy), 12, height, label)
    _check_slots(prev, curr, _evidence(prev, curr, threshold))
