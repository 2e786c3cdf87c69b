"""A list whose only row in view is taller than the list (:mod:`.tall_rows`), on both paths.

A cheap sample runs here (every 39th case of the whole sweep, every kind);
``python benchmarks/bench_real_tall_rows.py`` runs all 9,042. :data:`BUDGET` is a ratchet:
the violations each (path, kind, class) still has in this sample. Lower it when a class
closes, never raise it.
"""

from __future__ import annotations

from collections import Counter

from deltarec.core.capture import frame_cache
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls.grading import by_kind
from tests.core.real_scrolls.tall_rows import KINDS, Tall, cases, check, derive, kind
from tests.core.real_scrolls.transforms import _at

BUDGET: dict[tuple[str, str, str], int] = {
    ("xml", "scroll+merged", "wrong-scroll"): 2,
    ("xml", "ime-open+merged", "false-scroll"): 2,
    ("xml", "unanchored", "wrong-scroll"): 1,
    ("dicts", "scroll+merged", "wrong-scroll"): 2,
    ("dicts", "ime-open+merged", "false-scroll"): 2,
    ("dicts", "unanchored", "wrong-scroll"): 1,
}
"""Violations per (path, kind, class) in the sample (232 cases a path).

Whole sweep (9,042 cases a path), XML / element dicts, main → this branch: 222 / 332 →
116 / 122 (:mod:`deltarec.core.diff.edge_pieces`: the move read off the edges no edge of
the list cuts, where nothing voted). Open in the whole sweep: the keyboard opened over a
list that kept its content (``ime-open`` / ``ime-close``, 64 a path: read as a page turned)
and scrolls where only a content-less piece cut by both edges of the list moved."""


def _sample() -> list[Tall]:
    return cases(every=39)


def test_the_sample_holds_every_kind() -> None:
    got = Counter(c.kind for c in _sample())
    assert set(got) == set(KINDS), got
    assert any(c.merged for c in _sample())


def test_the_tall_row_is_the_only_row_and_fills_the_list() -> None:
    """The generator itself: the row is taller than the list and covers it, or runs past one
    of its edges from inside it."""
    for case in _sample()[:40]:
        prev, _ = derive(case)
        box = _at(prev, case.host).bounds
        assert case.span > box.height
        top = box.top - case.offset
        assert top < box.bottom and top + case.span > box.top


def _over(path: str) -> tuple[dict[tuple[str, str, str], int], Counter[tuple[str, str, str]]]:
    found = by_kind(path, _sample(), kind, check)
    return {k: n for k, n in found.items() if n > BUDGET.get(k, 0)}, found


def test_tall_rows_state_the_truth_within_the_budget_on_xml() -> None:
    over, found = _over("xml")
    assert over == {}, found


def test_tall_rows_state_the_truth_within_the_budget_on_dicts() -> None:
    frame_cache.clear()
    with graded_by_dicts():
        over, found = _over("dicts")
    assert over == {}, found
