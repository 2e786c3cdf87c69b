"""Scrolls of any length and shape on recycled lists (hypothesis) and their golden text."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core import (
    apply_diff,
    count_tokens,
    diff_observations,
    observe_delta,
    without_volatile,
)
from deltarec.core.diff.compute import compute_delta
from deltarec.core.observer import FULL_FRAME_MARK
from deltarec.core.render.frame_text import render_frame
from tests.core.lists import VIEW_BOTTOM, VIEW_TOP, list_frame, tops

VIEWPORT = VIEW_BOTTOM - VIEW_TOP
SHAPES = ("list", "nested", "unmarked")


@settings(max_examples=120, deadline=None)
@given(
    st.integers(0, 6000),
    st.integers(-4000, 4000),
    st.sampled_from(SHAPES),
    st.sampled_from([1000, 1000, 3, 2]),
)
def test_scrolls_are_one_entry_and_nothing_they_cover_is_a_change(
    start: int, move: int, shape: str, subjects: int
) -> None:
    limit = tops(60)[-1] - VIEWPORT
    a_off = min(start, limit)
    b_off = max(0, min(limit, a_off + move))
    before = list_frame(a_off, subjects=subjects, shape=shape)
    after = list_frame(b_off, subjects=subjects, shape=shape)
    diff = json.loads(json.dumps(diff_observations(before, after)))
    # apply_diff rebuilds the frame exactly
    assert without_volatile(apply_diff(before, diff)) == without_volatile(after)
    # no changed entry says nothing, and a scroll never reads as changed text or bounds
    # (an unmarked container gone a page or more has no scroll to say it: two rows the edge
    # cut alike may then read as one that moved)
    beyond = shape == "unmarked" and abs(b_off - a_off) >= VIEWPORT - 240
    for entry in diff["changed"]:
        for name, ft in entry["changes"].items():
            assert ft.get("from") != ft["to"], (name, ft)
            assert name not in ("text", "content-desc", "bounds") or beyond, entry
    d = compute_delta(before, after)
    if without_volatile(before) == without_volatile(after):  # also: moved by the period of twins
        assert d.empty
        return
    # one scroll, reported on the container whose rows moved (the inner one when nested);
    # an unmarked container shows it only while some content stays in view
    if beyond or (shape == "unmarked" and subjects <= 3):
        # gone a page, or rows that repeat every few rows with nothing that tells them apart
        # in a container that does not say it scrolls: there may be no scroll to say
        assert len(d.scrolls) <= 1
        return
    assert len(d.scrolls) == 1
    s = d.scrolls[0]
    assert d.curr.nodes[s.curr].resource_id == (
        "" if shape == "unmarked" else "app:id/feed_content"
    )
    # the exact offset while two rows stay in view, when rows are not periodic twins (a list
    # that repeats every three rows is ambiguous by its period, on a real phone too)
    if subjects > 3 and VIEWPORT - abs(b_off - a_off) > 2 * 240:
        assert (s.dx, s.dy, s.page) == (0, a_off - b_off, False)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 5000), st.integers(-3000, 3000), st.sampled_from(SHAPES), st.integers(5, 60))
def test_text_is_never_no_change_and_never_dearer_than_the_full_frame(
    start: int, move: int, shape: str, max_lines: int
) -> None:
    limit = tops(60)[-1] - VIEWPORT
    a_off = min(start, limit)
    b_off = max(0, min(limit, a_off + move))
    result = observe_delta(
        list_frame(a_off, subjects=3, shape=shape),
        list_frame(b_off, subjects=3, shape=shape),
        max_lines=max_lines,
    )
    if not result.delta.empty:
        assert result.text != "no change"
    full = [FULL_FRAME_MARK, render_frame(result.index, tree=False, max_lines=max_lines)]
    assert count_tokens(result.text) <= count_tokens("\n".join(full))


def test_a_long_swipe_on_recycled_rows_is_one_scroll_with_each_row_named() -> None:
    text = observe_delta(list_frame(0), list_frame(1100)).text
    assert text == "\n".join(
        [
            '↕ [1] list "feed_content" scrolled down 1100px (+6 rows, -6 rows)',
            '+ [28] text "Subject 8"',  # the rest of a row the edge had cut
            '+ [29] button "Ada · Subject 9"',
            '+ [32] button "Ken · Subject 10"',
            '+ [35] button "Grace · Subject 11"',
            '+ [38] button "Ada · Subject 12"',
            '+ [41] button "Ken · Subject 13"',
        ]
    )


def test_nested_scrollables_report_the_scroll_once_on_the_inner_list() -> None:
    text = observe_delta(list_frame(0, shape="nested"), list_frame(325, shape="nested")).text
    assert text == "\n".join(
        [
            '↕ [2] list "feed_content" scrolled down 325px (+2 rows, -2 rows)',
            '+ [29] text "Subject 8"',
            '+ [30] button "Ada · Subject 9"',
        ]
    )


def test_an_unmarked_container_scrolls_too() -> None:
    result = observe_delta(list_frame(0, shape="unmarked"), list_frame(200, shape="unmarked"))
    assert result.text.splitlines()[0].startswith("↕ ")
    assert not result.diff["changed"]
