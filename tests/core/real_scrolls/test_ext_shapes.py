"""The classes external captures showed, held on synthetic dumps of their shapes (issue 18).

``benchmarks/bench_real_any.py`` over public dumps found a trading app's history list (date
headers between rows whose instruments repeat, so no edge row shows a label of its own)
where a clock tick of every row read as ``scrolled about a page or more`` and every row as
removed and added: 43 of 48 ticks (seed 5) on the synthetic dump of that shape
(:func:`.ext_shapes.repeated_rows`), this test's 6 formats 6 of 6 on both paths, and 15 of
60 ticks on the external dump (``--per 20``). A date
header whose one label ticked counted against the rows that kept their names
(``pages._one_label_ticked``: it says nothing either way). The whole sweep over any
directory: ``python benchmarks/bench_real_any.py --dumps DIR --sweeps ticks``.
"""

from __future__ import annotations

from contextlib import nullcontext
from functools import lru_cache

import pytest

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe.model import Observation
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls import chrome, rearranged, tall_rows, ticks
from tests.core.real_scrolls.ext_shapes import captures_as, nested_list, repeated_rows, twin_rows

AGES = (2, 3, 3, 3, 4, 5, 5, 6, 6, 6, 7)
"""The minutes of the list's children, top to bottom: times that repeat and skip."""


@lru_cache(maxsize=1)
def _shapes() -> tuple[tuple[str, Observation], ...]:
    return (
        ("repeated_rows.xml", parse_uiautomator(repeated_rows().encode())),
        ("twin_rows.xml", parse_uiautomator(twin_rows().encode())),
        ("nested_list.xml", parse_uiautomator(nested_list().encode())),
    )


@pytest.mark.parametrize("dicts", [False, True], ids=["xml", "dicts"])
def test_a_tick_over_rows_whose_names_repeat_turns_no_page(dicts: bool) -> None:
    """Every row of the list ticks in each format (a row's own sender's each time): one
    ``~`` a stamped label, no scroll, no row removed and added, on both paths."""
    failed = []
    with captures_as(_shapes):
        for style in range(len(ticks.FORMATS)):
            case = ticks.Tick("repeated_rows.xml", (0, 1), AGES, style)
            with graded_by_dicts() if dicts else nullcontext():
                got = ticks.check(case)
            if got:
                failed.append((case, got[:2]))
    assert not failed, failed


SLID = (("hide-bar", 150), ("show-both", 560), ("collapse", 560), ("unimmersive", 373))
"""Kinds of :mod:`.chrome` whose list scrolled as a bar slid, each with an offset: one the
rows' twins cross (373, 560: the top "Alder Corp" row out, its twin in at the bottom) or
leave cut (150)."""


@pytest.mark.parametrize("dicts", [False, True], ids=["xml", "dicts"])
def test_a_bar_sliding_over_rows_whose_names_repeat_reads_as_the_scroll(dicts: bool) -> None:
    """A trading app's history list (its instruments repeat row after row) scrolled as its
    bars slid: the row that left at one edge and its twin that came in at the other are
    two rows, which the graders could not tell apart by their labels' counts (grader
    decision, :func:`.real_oracle.gone_from` and :func:`.grading.stayed_listed`): 4 of 4
    failed on both paths before (12 of 12 with every kind), the delta itself right."""
    failed = []
    with captures_as(_shapes):
        for kind, d in SLID:
            case = chrome.Chrome("repeated_rows.xml", kind, (0, 1), d, 40 if "half" in kind else 0)
            with graded_by_dicts() if dicts else nullcontext():
                got = chrome.check(case)
            if got:
                failed.append((case, got[:2]))
    assert not failed, failed


@pytest.mark.parametrize("dicts", [False, True], ids=["xml", "dicts"])
def test_a_row_dragged_among_its_twins_is_moved_not_removed_and_added(dicts: bool) -> None:
    """A review queue with no ids showing the same product twice (rows 0 and 2): row 1 or
    row 2 dragged below the next (the twin then moved past a row whose neighbours moved
    too), and row 2 lifted as a copy and dragged over row 3. The twin that moved had no
    anchor and read as removed and added (:mod:`deltarec.core.diff.twin_moved`): 4 of 4
    failed on both paths before."""
    steps = [rearranged.Rearranged("twin_rows.xml", (0, 0, 1), k, False) for k in (1, 2)]
    failed = []
    with captures_as(_shapes):
        for case in steps:
            with graded_by_dicts() if dicts else nullcontext():
                got = rearranged.check(case)
            if got:
                failed.append((case, got[:2]))
        for kind in ("ghost-lift", "ghost-drop"):
            lift = chrome.Chrome("twin_rows.xml", kind, (0, 0, 1), 56, 2)
            with graded_by_dicts() if dicts else nullcontext():
                got = chrome.check(lift)
            if got:
                failed.append((lift, got[:2]))
    assert not failed, failed


NESTED = ((3, 1847, 158, False), (3, 3126, 236, True), (6, 1847, 262, False), (6, 3126, 197, True))
"""(row, span, d, merged) of :mod:`.tall_rows` scrolls of the nested list, its row stretched
past the list's bottom edge, 285 px below its top: distances the sweep's own do not draw
(``benchmarks/ext_classes.py --tall 13`` runs every 13 px)."""


@pytest.mark.parametrize("dicts", [False, True], ids=["xml", "dicts"])
def test_a_list_inside_a_scrollview_scrolled_past_its_tall_row_reads_as_the_scroll(
    dicts: bool,
) -> None:
    """A settings home's list, not made to scroll, inside the ScrollView that is: a row
    stretched past its bottom edge, the row above it scrolled until its title left. No
    paired node moved whole (each is cut by an edge in one frame), so no host was asked and
    the reply had no scroll line; the tall row's top moved with its content, its bottom
    the list's edge in both frames (:func:`deltarec.core.diff.scrolls._on_bottom_edge`): 4 of 4
    failed on both paths before; on every 13 px (`ext_classes.py --tall 13`) 68 of 2,044
    scrolls of that list failed on either path, 0 after."""
    failed = []
    with captures_as(_shapes):
        for row, span, d, merged in NESTED:
            case = tall_rows.Tall(
                "nested_list.xml", (0, 1, 0, 1), row, span, -285, d, "scroll", merged
            )
            with graded_by_dicts() if dicts else nullcontext():
                got = tall_rows.check(case)
            if got:
                failed.append((case, got[:2]))
    assert not failed, failed
