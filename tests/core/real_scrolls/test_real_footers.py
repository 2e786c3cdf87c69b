"""Infinite scroll on real captures (:mod:`.footers`), graded on both paths: a "Loading…"
footer (or a bare spinner) at a list's end replaced by the rows it loaded, or left in view
below the few rows a short page brought.

A cheap, dealt sample runs here (every 4th case of the whole sweep);
``benchmarks/bench_real_footers.py`` runs them all (128 cases: 0 on both paths since the
kind was written). :data:`BUDGET` is a ratchet: the violations each (path, kind, class)
still has in this sample. Lower it when a class closes, never raise it.
"""

from __future__ import annotations

from collections import Counter

from deltarec.core.observe.frame import Frame
from tests.core.real_scrolls.footers import KINDS, LOADING, Footer, check, derive, kind, sweep
from tests.core.real_scrolls.grading import over_budget

BUDGET: dict[tuple[str, str, str], int] = {}
"""Violations per (path, kind, class) in the dealt sample: none."""


def _sample() -> list[Footer]:
    return sweep()[::4]


def test_the_sample_holds_every_kind() -> None:
    kinds = Counter(kind(c) for c in _sample())
    assert set(kinds) == set(KINDS), kinds
    assert sum(kinds.values()) >= 30


def test_the_footer_is_in_the_frame_before_and_the_rows_after() -> None:
    """The generator itself: the frame before ends the list in the footer, the rows it held
    from the spot on gone; after, the rows are back (and a short page's footer below them)."""
    for case in _sample()[:12]:
        prev, curr = derive(case)
        texts_p = [n.text for n in Frame(prev).nodes]
        texts_c = [n.text for n in Frame(curr).nodes]
        if case.kind != "spinner":
            assert LOADING in texts_p
        assert (LOADING in texts_c) == (case.kind == "more")
        assert len(Frame(curr)) > len(Frame(prev)) - 3


def test_real_footers_state_the_truth_within_the_budget_on_xml() -> None:
    over, found = over_budget("xml", _sample(), kind, check, BUDGET)
    assert over == {}, found


def test_real_footers_state_the_truth_within_the_budget_on_dicts() -> None:
    over, found = over_budget("dicts", _sample(), kind, check, BUDGET)
    assert over == {}, found
