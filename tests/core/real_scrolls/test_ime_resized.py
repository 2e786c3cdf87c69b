"""The keyboard opened and closed over every real scroller, its rows' labels merged
(:mod:`.ime_resized`), on every capture of ``fixtures/real``, ``ext``, ``ext2`` and
``appium``, both paths: no scroll.

Each budget is a ratchet: failing cases per (path, capture), lowered when a case closes, never
raised; a capture not named holds 0."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.core.real_scrolls import ime_resized
from tests.core.real_scrolls.budgeted import counted

CUT_BUDGET: Counter[tuple[str, str]] = Counter()
"""Failing cases per (path, capture) of :func:`.ime_resized.cases`, on ``aa92aac``: the
Wi-Fi list's keyboard closing on element dicts read as its list turned a page (1 each of
``ext/pixel-wifi/05``, ``real/settings-wifi/05``: the outer list's rows merged, the inner
list's blank twins, the row the old edge cut matched its twin, the move refuted and read as
a page). Then 0: a refuted move of a list whose bottom edge alone moved, its content node for
node in place, turns no page (:func:`deltarec.core.diff.stayed_rows.page_unless_held` asks
:func:`deltarec.core.diff.resized.list_kept`)."""

TALL_BUDGET: Counter[tuple[str, str]] = Counter()
"""Failing cases per (path, capture) of :func:`.ime_resized.tall_cases`, on ``aa92aac``:
Settings' home (Pixel, Appium's), its inner ScrollView one row of the outer one, merged,
the keyboard over 60 % of the list: the row the old edge cut, whole once the keyboard
closed, matched its blank twin a row above (``scrolled up 242px``; opening, ``down 231px``):
XML 6 / dicts 6 (Appium's 4, Pixel's 2, each path). Then 0 / 0: a list whose bottom edge alone
moved, its content node for node in place, scrolled nothing whatever its rows voted
(:func:`deltarec.core.diff.resized.list_kept`, asked of a measured move by
:func:`deltarec.core.diff.scrolls.find_motions`)."""


def _capture(case: ime_resized.Ime) -> str:
    return case.capture.split(":")[0]


@pytest.mark.parametrize("path", ["xml", "dicts"])
def test_the_keyboard_over_merged_rows_scrolls_nothing(path: str) -> None:
    found = counted(ime_resized.cases(), ime_resized.check, path, lambda c: (path, _capture(c)))
    assert not +(found - CUT_BUDGET), sorted(found.items())


@pytest.mark.parametrize("path", ["xml", "dicts"])
def test_the_keyboard_over_a_tall_merged_row_holding_a_list_scrolls_nothing(path: str) -> None:
    found = counted(
        ime_resized.tall_cases(), ime_resized.tall_check, path, lambda c: (path, c.capture)
    )
    assert not +(found - TALL_BUDGET), sorted(found.items())
