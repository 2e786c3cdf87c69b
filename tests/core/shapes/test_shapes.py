"""The real-capture shapes issue 18 cites, generated: hypothesis draws the parameters (row
heights, columns, offsets, web nesting), :mod:`tests.core.shapes.trees` builds real-format
dumps, and each pair is graded twice — by the real-capture oracle
(:mod:`tests.core.truth.real_oracle`, no expected text) and by what the delta must say
exactly."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe.frame import Frame
from deltarec.core.observer import DeltaResult, observe_delta
from tests.core.shapes import trees
from tests.core.truth.real_oracle import violations

DEPTH = st.integers(1, 5)
"""How deep web content nests its controls under wrappers."""
FLAG, GAP, ROW = st.booleans(), st.integers(160, 260), st.integers(120, 200)
OFFSET, START = st.integers(480, 680), st.integers(0, 400)

SCROLL = re.compile(r"^↕ .* scrolled (up|down) (\d+)px")


def delta(before: str, after: str) -> tuple[DeltaResult, list[str]]:
    prev, curr = Frame(parse_uiautomator(before)), Frame(parse_uiautomator(after))
    result = observe_delta(prev, curr, max_lines=None)
    assert violations(prev, curr, result.delta) == []
    return result, [e.text for e in result.entries]


def scrolled(lines: list[str]) -> list[tuple[str, int]]:
    return [(m[1], int(m[2])) for ln in lines if (m := SCROLL.match(ln))]


def no_churn(lines: list[str]) -> None:
    """Nothing removed beside the scroll, and no name both added and removed."""
    assert [ln for ln in lines if ln.startswith("- ")] == [], lines
    assert [ln for ln in lines if ln.startswith("~ ")] == [], lines


@settings(max_examples=25, deadline=None)
@given(height=st.integers(150, 320), offset=st.integers(300, 700))
@example(height=240, offset=473)
def test_a_recycler_view_scroll_has_its_scroll_entry(height: int, offset: int) -> None:
    """YouTube's RecyclerView scrolled 473 px: one ``↕`` of that offset, nothing else false."""
    _, lines = delta(trees.video_list(0, height), trees.video_list(offset, height))
    assert scrolled(lines) == [("down", offset)], lines
    no_churn(lines)


@settings(max_examples=25, deadline=None)
@given(height=st.integers(560, 760), columns=st.integers(2, 3), offset=OFFSET, start=START)
@example(height=640, columns=2, offset=575, start=0)
def test_a_product_grid_scroll_removes_no_subtree_beside_its_scroll(
    height: int, columns: int, offset: int, start: int
) -> None:
    """Amazon's grid scrolled ~575 px: tiles recycled under one id, 2–3 columns."""
    before = trees.product_grid(start, height, columns)
    _, lines = delta(before, trees.product_grid(start + offset, height, columns))
    assert scrolled(lines) == [("down", offset)], lines
    no_churn(lines)


@settings(max_examples=25, deadline=None)
@given(offset=st.integers(120, 260), gap=GAP, depth=DEPTH, flagged=FLAG, sticky=FLAG)
@example(offset=193, gap=200, depth=3, flagged=False, sticky=True)
def test_a_small_web_scroll_reads_as_a_scroll_not_buttons_added_and_removed(
    offset: int, gap: int, depth: int, flagged: bool, sticky: bool
) -> None:
    """Chrome scrolled 193 px: ``DOCUMENTATION`` moved, it was not removed and added."""
    _, lines = delta(
        trees.web_page(0, gap, depth, flagged, sticky),
        trees.web_page(offset, gap, depth, flagged, sticky),
    )
    assert scrolled(lines) == [("down", offset)], lines
    added = {ln.split(" ", 2)[-1] for ln in lines if ln.startswith("+ ")}
    removed = {ln.split(" ", 1)[-1] for ln in lines if ln.startswith("- ")}
    assert not {a.split(" ", 1)[-1] for a in added} & removed, lines
    no_churn(lines)


@settings(max_examples=25, deadline=None)
@given(count=st.integers(0, 8), results=st.integers(3, 14), depth=DEPTH, flagged=FLAG)
@example(count=1, results=12, depth=3, flagged=False)
def test_a_web_filter_count_change_is_one_change(
    count: int, results: int, depth: int, flagged: bool
) -> None:
    """ "Filters (1)"→"(2)": one ``~``, not a page scroll, not the panel removed and added."""
    _, lines = delta(
        trees.web_filters(count, results, depth, flagged),
        trees.web_filters(count + 1, results, depth, flagged),
    )
    assert len(lines) == 1 and lines[0].startswith("~ "), lines
    assert f'"Filters ({count})"→"Filters ({count + 1})"' in lines[0], lines


@settings(max_examples=25, deadline=None)
@given(before=st.integers(1, 3), grown=st.integers(4, 12), height=ROW, wrap=FLAG)
@example(before=2, grown=10, height=150, wrap=True)
def test_a_list_that_grows_is_an_insertion(
    before: int, grown: int, height: int, wrap: bool
) -> None:
    """YouTube's suggestions growing from 2 rows to 10: rows added, the first untouched."""
    _, lines = delta(
        trees.suggestions(before, height, wrap), trees.suggestions(grown, height, wrap)
    )
    assert scrolled(lines) == [] and not any("about a page" in ln for ln in lines), lines
    no_churn(lines)
    shown = [ln for ln in lines if ln.startswith("+ ")]
    visible = sum(1 for i in range(grown) if trees.TOP + 140 + i * height < trees.HEIGHT)
    assert len(shown) >= visible - before, lines
    assert not any('"desk lamp"' in ln for ln in lines), lines
