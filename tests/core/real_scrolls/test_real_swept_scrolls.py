"""Plain scrolls swept on real captures (:mod:`.swept_scrolls`), graded on both paths: a
derandomized slice of ``bench_real_swept.py`` (every 97th case of the 61 px sweep, both
ways) and the cases of each class closed, pinned."""

from __future__ import annotations

from collections import Counter

from deltarec.core.capture import frame_cache
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls.grading import by_kind
from tests.core.real_scrolls.swept_scrolls import kind, swept
from tests.core.real_scrolls.transforms import Case, check


def _sample() -> list[Case]:
    return swept(61)[::97]


def test_the_slice_scrolls_both_ways() -> None:
    assert set(Counter(kind(c) for c in _sample())) == {"down", "up"}


def test_swept_scrolls_state_the_truth_on_xml() -> None:
    assert by_kind("xml", _sample(), kind, check) == Counter()


def test_swept_scrolls_state_the_truth_on_dicts() -> None:
    frame_cache.clear()
    with graded_by_dicts():
        found = by_kind("dicts", _sample(), kind, check)
    assert found == Counter()


_YOUTUBE = (
    "corpus/youtube/apps__Youtube__demos__demo_Youtube_2026-02-28_22-03-39__xml__demo_Youtube_"
    "2026-02-28_22-03-39_"
)
RESULTS = (0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0)
APP_BAR_TWIN = (
    Case(_YOUTUBE + "4.xml", "scroll", RESULTS, -1596),
    Case(_YOUTUBE + "5.xml", "scroll", RESULTS, -1566),
)
"""YouTube's results flung 1,566-1,596 px up, the ad card cut by the bottom edge the one
row kept in view (its title cut: no whole row), its "更多选项" button whole in both frames:
on element dicts the app bar's overflow button, which carries no class there, shows that
label too, so no label one node alone shows placed the card; the list read as a page, the
card ``-`` and ``+`` (``bench_real_swept.py``, dicts; ``bench_real_sticky.py --swept 61``
found it under a header). A label one node alone of each frame's list shows, its other
nodes outside the list in the same boxes in both frames, places the card as one alone of
the frame does (:func:`deltarec.core.diff.unique_labels.list_own`): "scrolled up 1596px or
further, …". Both failed on ``bc4b05e`` on element dicts; XML passed."""


def test_a_card_kept_by_a_label_the_app_bar_shows_too_on_both_paths() -> None:
    assert [check(c) for c in APP_BAR_TWIN] == [[], []]
    frame_cache.clear()
    with graded_by_dicts():
        assert [check(c) for c in APP_BAR_TWIN] == [[], []]
