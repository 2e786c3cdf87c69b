"""Scrolls, stable [i] numbers, viewport and caps."""

from __future__ import annotations

from deltarec.core import Observer, apply_diff, diff_observations, observe_delta, without_volatile
from deltarec.core.diff.gesture import Gesture
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import build_index
from deltarec.core.observer import IndexOptions
from tests.core.trees import list_screen


def test_scroll_is_one_entry_with_rows_in_and_out() -> None:
    before, after = list_screen(0, 10), list_screen(3, 10)  # content moved up 300 px
    diff = diff_observations(before, after)
    assert len(diff["scrolls"]) == 1
    scroll = diff["scrolls"][0]
    assert (scroll["dx"], scroll["dy"]) == (0, -300)
    assert len(scroll["entered"]) == 3 and len(scroll["left"]) == 3
    assert not [c for c in diff["changed"] if "bounds" in c["changes"]]
    assert without_volatile(apply_diff(before, diff)) == without_volatile(after)


def test_scroll_renders_as_one_line_plus_the_rows_that_came_in() -> None:
    """From the list's start, by three whole rows, no gesture told: two dumps do not tell
    it from three rows removed at the top, and the line says so, naming them
    (:func:`deltarec.core.diff.grown.removed_rows`); told, the swipe says it scrolled."""
    rows = [
        '+ [22] button "Row 10", [23] switch (unchecked)',
        '+ [24] button "Row 11", [25] switch (unchecked)',
        '+ [26] button "Row 12", [27] switch (unchecked)',
    ]
    before, after = list_screen(0, 10), list_screen(3, 10)
    line = '↕ [1] list "inbox" scrolled down 300px (+3 rows, -3 rows)'
    text = observe_delta(before, after).text
    hedge = ', or its rows "Row 0", "Row 1" and "Row 2" were removed'
    assert text == "\n".join([f"{line}{hedge}", *rows])
    told = observe_delta(before, after, gesture=Gesture(540, 1500, 540, 1200)).text
    assert told == "\n".join([line, *rows])


def test_numbers_stay_while_elements_stay_on_screen() -> None:
    observer = Observer()
    observer.reset(list_screen(0, 10))
    first = {e.name: e.index for e in observer.index.elements}  # type: ignore[union-attr]
    observer.step(list_screen(3, 10))
    second = {e.name: e.index for e in observer.index.elements}  # type: ignore[union-attr]
    for name in ("Row 3", "Row 9", "Inbox"):
        assert first[name] == second[name]
    new_numbers = {second[n] for n in ("Row 10", "Row 11", "Row 12")}
    assert not new_numbers & set(first.values())  # a freed number is not reused at once


def test_reading_order_is_rows_then_left_to_right() -> None:
    index = build_index(Frame(list_screen(0, 2)))
    assert [e.name for e in index.elements] == [
        "Inbox",
        "inbox",
        "Row 0",
        "Row 0",
        "Row 1",
        "Row 1",
    ]
    assert [e.role for e in index.elements][2:4] == ["button", "switch"]


def test_viewport_clips_and_cap_never_invents_a_removal() -> None:
    before, after = list_screen(0, 10), list_screen(0, 10)
    capped = observe_delta(before, after, options=IndexOptions(max_elements=3))
    assert capped.text == "no change"
    vp = build_index(Frame(before), viewport=[0, 0, 1000, 500])
    assert all(e.bounds.center[1] < 500 for e in vp.elements)
