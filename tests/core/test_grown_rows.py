"""Rows inserted at (removed from) the top of a container that wraps them
(:mod:`deltarec.core.diff.grown`), on any such list: its box grows (shrinks) with them, by
their height or up to the edge of what holds it, so no scroll is said; where the box
stayed, a removal reads as a scroll down that says the other reading (``orRemoved``)."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.compute import compute_delta
from deltarec.core.diff.new_rows import hedged
from deltarec.core.diff.observation_diff import diff_observations, to_json
from deltarec.core.observe.model import Bounds, Observation
from deltarec.core.observer import observe_delta
from deltarec.core.render.budget import fit
from deltarec.core.render.facts import short_lines
from deltarec.core.render.tokens import count_tokens

SCREEN = 2000


def _shot(labels: list[str], h: int, top: int, room: int, keyboard: bool = False) -> Observation:
    """A ScrollView at ``top`` wrapping rows ``h`` px high, as tall as they are but at most
    ``room`` px: the box of its parent, whose edge clips the rest."""
    bottom = min(top + h * len(labels), top + room)
    rows = "".join(
        f'<node class="android.widget.LinearLayout" resource-id="app:id/row"'
        f' bounds="[0,{top + h * i}][1080,{min(top + h * i + h, bottom)}]">'
        f'<node class="android.widget.TextView" text="{t}"'
        f' bounds="[40,{top + h * i + 10}][900,{min(top + h * i + h - 10, bottom)}]"/></node>'
        for i, t in enumerate(labels)
        if top + h * i < bottom
    )
    obs = parse_uiautomator(
        f'<hierarchy><node class="android.widget.FrameLayout" bounds="[0,0][1080,{SCREEN}]">'
        f'<node class="android.widget.LinearLayout" bounds="[0,{top}][1080,{top + room}]">'
        f'<node class="android.widget.ScrollView" scrollable="true" bounds="[0,{top}]'
        f'[1080,{bottom}]">{rows}</node></node></node></hierarchy>'
    )
    return (
        dataclasses.replace(obs, keyboard=Bounds(0, top + room, 1080, SCREEN)) if keyboard else obs
    )


words = st.lists(
    st.text("abcdefghijklmnop", min_size=4, max_size=8), min_size=2, max_size=9, unique=True
)


@settings(max_examples=80, deadline=None)
@given(
    labels=words,
    new=st.integers(1, 3),
    h=st.integers(60, 400),
    top=st.integers(0, 300),
    room=st.integers(300, 1700),
    removal=st.booleans(),
)
def test_rows_at_the_top_of_a_list_that_grew_with_them_are_no_scroll(
    labels: list[str], new: int, h: int, top: int, room: int, removal: bool
) -> None:
    """The list had room to grow (its rows before fit in it): the new rows are ``+`` (``-``
    read backwards), no scroll line, the rows below keep their pairs."""
    room = max(room, h * len(labels) + 1)  # the rows before fit: the box wraps them
    added = [f"{w}x{k}" for k, w in enumerate(labels[:new])]
    before, after = _shot(labels, h, top, room), _shot(added + labels, h, top, room)
    prev, curr = (after, before) if removal else (before, after)
    d = compute_delta(prev, curr)
    assert d.scrolls == [], [(s.dy, s.page) for s in d.scrolls]
    assert not {c for c, ch in d.changed.items() if set(ch) & {"text", "content-desc"}}
    shown = {n.text for n in d.curr.nodes if n.text} & {n.text for n in d.prev.nodes if n.text}
    kept_texts = {d.curr.nodes[c].text for c in d.pairs if d.curr.nodes[c].text}
    assert shown <= kept_texts  # every row both frames show is one element


@settings(max_examples=40, deadline=None)
@given(labels=words, new=st.integers(1, 2), h=st.integers(100, 300))
def test_rows_removed_at_the_top_of_a_list_whose_box_stayed_say_the_other_reading(
    labels: list[str], new: int, h: int
) -> None:
    """The list fills its box before and after (at its max): rows removed at its top read
    exactly as a scroll down by their height onto a row's top; the scroll line says the
    other reading, and its JSON entry ``orRemoved``."""
    rows = labels + [f"{w}{e}" for e in "yz" for w in labels]  # more than the box holds
    room = h * (new + 2) + h // 2  # two old rows whole beside the removed ones, one cut
    added = [f"{w}x{k}" for k, w in enumerate(labels[:new])]
    prev, curr = _shot(added + rows, h, 100, room), _shot(rows, h, 100, room)
    d = compute_delta(prev, curr)
    assert [s.dy for s in d.scrolls] == [-h * new]
    entry = diff_observations(prev, curr)["scrolls"][0]
    assert entry.get("orRemoved") == new


def test_a_list_the_keyboard_uncovered_is_not_said_to_have_grown_rows() -> None:
    """A list that grew by 300 px as the keyboard went, its rows moved down by as much (a
    list stacked from its end shows older rows above): the box grew, but not with rows put
    in; the scroll stands."""
    labels = [f"row{k}" for k in range(14)]
    prev = _shot(labels[2:], 150, 0, SCREEN - 300, keyboard=True)
    curr = _shot(labels, 150, 0, SCREEN)
    d = compute_delta(prev, curr)
    assert [s.dy for s in d.scrolls] == [300]


def test_golden_a_row_put_in_and_taken_out_at_the_top_of_a_list_that_wraps_its_rows() -> None:
    """The text an agent reads: the row, and nothing moved or scrolled (was: ``↕ [0] list ""
    scrolled up 150px (+1 rows, -0 rows)`` above the row; taken out, ``scrolled down 150px
    (+0 rows, -1 rows)`` and no row)."""
    labels = ["Alpha", "Bravo", "Charlie"]
    short, tall = _shot(labels, 150, 200, 1000), _shot(["New mail", *labels], 150, 200, 1000)
    assert observe_delta(short, tall).text == '+ [4] text "New mail"'
    assert observe_delta(tall, short).text == '- text "New mail"'


def test_golden_a_row_taken_out_at_the_top_of_a_list_whose_box_stayed() -> None:
    """The list fills its box before and after: the scroll line says the other reading (was:
    the scroll alone), naming the row (was: "or its top row was removed", which says not
    which row an agent would look for: issue 18, ``bench_truth --no-gesture`` seed 1203)."""
    rows = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf"]
    before, after = _shot(["Old", *rows], 150, 200, 700), _shot(rows, 150, 200, 700)
    result = observe_delta(before, after)
    assert result.text == (
        '↕ [0] list "ScrollView" scrolled down 150px (+1 rows, -1 rows), or its row "Old" was removed\n'
        '+ [6] text "Echo"'
    )
    (entry,) = hedged(result.delta, to_json(result.delta))["scrolls"]
    prev = result.delta.prev
    named = [prev.nodes[prev.pos_of[k] + 1].text for k in entry["orRows"]]  # the row's label
    assert entry["orRemoved"] == 1 and named == ["Old"]


def test_a_token_budget_drops_the_hedge_s_names_before_a_line() -> None:
    """Under a token budget the names cost a line: the line reads as it did without them
    (``Line.short``, :func:`~deltarec.core.render.budget.fit`'s ``short``), and keeps them
    where they cost none; never cut to the named line alone."""
    rows = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf"]
    long = "Old mail from a sender whose name runs on and on and on"
    before, after = _shot([long, *rows], 150, 200, 700), _shot(rows, 150, 200, 700)
    result = observe_delta(before, after)
    named = result.text
    plain = named.replace(f'its row "{long}"', "its top row")
    lines, short = [e.text for e in result.entries], short_lines(result.entries)
    assert named != plain and short is not None
    assert fit(lines, max_tokens=count_tokens(plain), short=short) == plain
    assert fit(lines, max_tokens=count_tokens(named), short=short) == named
    for budget in range(count_tokens(named) + 1):
        text = observe_delta(before, after, max_tokens=budget).text
        assert long not in text or text == named, (budget, text)
