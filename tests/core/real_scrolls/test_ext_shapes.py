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
from tests.core.real_scrolls import ticks
from tests.core.real_scrolls.ext_shapes import captures_as, repeated_rows

AGES = (2, 3, 3, 3, 4, 5, 5, 6, 6, 6, 7)
"""The minutes of the list's children, top to bottom: times that repeat and skip."""


@lru_cache(maxsize=1)
def _shapes() -> tuple[tuple[str, Observation], ...]:
    return (("repeated_rows.xml", parse_uiautomator(repeated_rows().encode())),)


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
