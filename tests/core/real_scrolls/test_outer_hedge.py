"""The collapsing bar's two readings, in the text and in the JSON (issue 18): a list whose top
edge moved with its rows as the bar above it left, inside a container made to scroll that
may as well have scrolled it all (:mod:`deltarec.core.diff.outer_scroll`; ``orHost``)."""

from __future__ import annotations

from deltarec.core.diff.apply import apply_diff
from deltarec.core.observe.frame import Frame
from deltarec.core.observer import observe_delta
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls.tall_rows import Tall, check, derive

BAR_OUT = Tall("settings-airplane/03.xml", (0, 0, 0, 0), 1, 2800, -431, 538, "scroll", True)
"""Settings' list (its one row merged and stretched) scrolled 538 px under a 431 px bar, as
its ``ScrollView`` scrolls it all: it read "recycler_view scrolled down 107px" alone before
(16 of 9,042 on the XML path, ``bench_real_tall_rows.py``)."""
KEYBOARD = Tall("settings-airplane/03.xml", (0, 0, 0, 0), 1, 2800, -431, 646, "anchored", True)
"""The same list, the keyboard opened over it as its content followed the edge: the
scroller's bottom edge moved, its top and sides did not."""


def test_the_bar_scrolled_out_says_both_readings_in_the_text_and_the_json() -> None:
    before, after = derive(BAR_OUT)
    got = observe_delta(before, after)
    head = got.text.splitlines()[0]
    assert head.startswith('↕ [2] list "recycler_view" scrolled down 107px')
    assert head.endswith(', or [0] list "content_parent" around it scrolled down 538px'), head
    [entry] = got.diff["scrolls"]
    host = Frame(after).keys[3]  # content_parent, the ScrollView around the list
    assert (entry["dy"], entry.get("edge"), entry.get("orHost")) == (-107, -431, host)
    assert Frame(apply_diff(before, got.diff)).subtree_hashes == Frame(after).subtree_hashes


def test_both_readings_stand_on_both_paths_under_the_keyboard_too() -> None:
    assert check(BAR_OUT) == check(KEYBOARD) == []
    with graded_by_dicts():
        assert check(BAR_OUT) == check(KEYBOARD) == []
