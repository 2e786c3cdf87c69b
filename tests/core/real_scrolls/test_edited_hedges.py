"""Two hedges of an edited label, in the text and in the JSON (issue 18): a row at its
list's edge that may be another row come into its box (``orNew``), and a row edited in
place that may have come in new, its old row pushed down into the row added after it
(``orNew`` + ``orPushedTo``; :mod:`deltarec.core.diff.edited_or_new`)."""

from __future__ import annotations

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.apply import apply_diff
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Observation
from deltarec.core.observer import observe_delta
from deltarec.core.render.folded import EITHER, PUSHED
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls.reshaped import Reshaped, check, derive

_SUGGESTIONS = (0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0)
REFRESH_HEDGED = Reshaped(
    "corpus/youtube/apps__Youtube__demos__demo_Youtube_2026-02-28_22-03-39__xml__"
    "demo_Youtube_2026-02-28_22-03-39_2.xml",
    "refresh+edit",
    _SUGGESTIONS,
    target=(*_SUGGESTIONS, 1, 0),
    what="text",
)
"""The one case of :func:`.refresh_edits.refresh_edits` (97 of 195) where a refresh's new row
and the row it pushed, edited, read as well the other way (YouTube's suggestions' header):
it failed on both paths before the hedge (``bench_real_reshaped --per 10 --seed 3``)."""


def _list(*labels: str) -> Observation:
    rows = "".join(
        f'<node class="Row" clickable="true" bounds="[0,{100 * i}][90,{100 * i + 90}]">'
        f'<node class="android.widget.TextView" text="{t}"'
        f' bounds="[9,{100 * i}][80,{100 * i + 40}]"/></node>'
        for i, t in enumerate(labels)
    )
    return parse_uiautomator(
        '<hierarchy><node class="android.widget.ListView" scrollable="true"'
        f' bounds="[0,0][90,900]">{rows}</node></hierarchy>'
    )


def _same(a: Observation, b: Observation) -> bool:
    return Frame(a).subtree_hashes == Frame(b).subtree_hashes


def test_a_row_at_the_edge_that_may_be_another_says_so_in_the_text_and_the_json() -> None:
    before = _list("Lunch", "Kept")
    after = _list("Invoice", "Kept")
    got = observe_delta(before, after)
    assert got.text == f'~ [1] button "Lunch"→"Invoice"{EITHER}'
    [entry] = got.diff["changed"]
    assert entry["changes"] == {"text": {"from": "Lunch", "to": "Invoice"}}
    assert entry.get("orNew") is True and "orPushedTo" not in entry
    assert _same(apply_diff(before, got.diff), after)


def test_a_refreshed_row_that_may_be_edited_in_place_says_both_in_the_text_and_the_json() -> None:
    case = REFRESH_HEDGED
    before, after = derive(case)
    got = observe_delta(before, after)
    lines = got.text.splitlines()
    edited = [x for x in lines if PUSHED in x]
    assert edited == [
        '~ [4] text "你可能喜欢"→"你可能喜欢 #40", or its row came in new, and its old row was'
        ' pushed down to [23] text "你可能喜欢 (edited)"'
    ]
    assert '+ [23] text "你可能喜欢 (edited)"' in lines
    [entry] = [e for e in got.diff["changed"] if e.get("orNew")]
    assert entry["changes"] == {"text": {"from": "你可能喜欢", "to": "你可能喜欢 #40"}}
    added = {e["key"]: e for e in got.diff["added"]}
    assert added[entry["orPushedTo"]]["position"] == 1  # the row after it in its list
    assert _same(apply_diff(before, got.diff), after)
    assert check(case) == []
    with graded_by_dicts():
        assert check(case) == []
