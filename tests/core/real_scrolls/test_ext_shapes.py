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

from deltarec.core import elements
from deltarec.core.capture import frame_cache
from deltarec.core.capture.element_dicts import observation_to_elements
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe.model import Observation
from deltarec.core.observer import observe_delta
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls import (
    chrome,
    insertions,
    keyboards,
    rearranged,
    reshaped,
    screens,
    tall_rows,
    ticks,
)
from tests.core.real_scrolls.ext_shapes import (
    CHAT,
    captures_as,
    compose_chat,
    compose_column,
    nested_list,
    padded_cards,
    paged_list,
    repeated_rows,
    tile_strip,
    twin_rows,
)

AGES = (2, 3, 3, 3, 4, 5, 5, 6, 6, 6, 7)
"""The minutes of the list's children, top to bottom: times that repeat and skip."""


@lru_cache(maxsize=1)
def _shapes() -> tuple[tuple[str, Observation], ...]:
    return (
        ("repeated_rows.xml", parse_uiautomator(repeated_rows().encode())),
        ("twin_rows.xml", parse_uiautomator(twin_rows().encode())),
        ("nested_list.xml", parse_uiautomator(nested_list().encode())),
        ("paged_list.xml", parse_uiautomator(paged_list().encode())),
        ("compose_column.xml", parse_uiautomator(compose_column().encode())),
        ("padded_cards.xml", parse_uiautomator(padded_cards().encode())),
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


SLID = (("hide-bar", 150), ("show-both", 560), ("unimmersive", 373))
"""Kinds of :mod:`.chrome` whose list scrolled as a bar slid, each with an offset: one the
rows' twins cross (373, 560: the top "Alder Corp" row out, its twin in at the bottom) or
leave cut (150). ``collapse`` at 560 left out (it paid for the pager's and the column's
tests): ``show-both`` crosses the twins by the same offset, a bar sliding the same way."""


@pytest.mark.parametrize("dicts", [False, True], ids=["xml", "dicts"])
def test_a_bar_sliding_over_rows_whose_names_repeat_reads_as_the_scroll(dicts: bool) -> None:
    """A trading app's history list (its instruments repeat row after row) scrolled as its
    bars slid: the row that left at one edge and its twin that came in at the other are
    two rows, which the graders could not tell apart by their labels' counts (grader
    decision, :func:`.real_oracle.gone_from` and :func:`.grading.stayed_listed`): 4 of 4
    failed on both paths before (12 of 12 with every kind; 3 held here), the delta itself
    right."""
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


PAGE = (0, 0, 1, 0, 0, 0, 0)
"""The list in the pager's page of :func:`.ext_shapes.paged_list`."""
PAGED = (
    ("ime-open", 0, 333, 333, False),
    ("ime-close", 0, 1111, 333, True),
    ("ime-open", 4, -445, 333, False),
    ("anchored", 0, 1111, 333, False),
)
"""(kind, row, offset, d, merged) of :mod:`.tall_rows` cases on the paged list, its row
stretched to 1.3 times the list: a row filling it, cut by both edges, or by one."""


@pytest.mark.parametrize("dicts", [False, True], ids=["xml", "dicts"])
def test_the_keyboard_over_a_list_in_a_pager_s_page_turns_no_page(dicts: bool) -> None:
    """A directory app's tab: a list filling a pager's page (two wrappers that keep their
    box), the keyboard opened or closed over it. The list, its top kept, spanned the page
    in one frame and ended inside it in the other, which read as the page's section
    scrolled past: ``scrolled about a page`` on the page's wrapper, the list and its row
    removed and added (:func:`deltarec.core.diff.resized.list_kept`); laid out from its
    end (``stackFromEnd``), its rows' move read as the wrapper's scroll, no list named
    (:func:`deltarec.core.diff.resized.list_resized`). 5 of 5 failed on XML before, 3 of 5
    on dicts; the whole :mod:`.tall_rows` sweep of that list (``benchmarks/ext_classes.py``
    then ``bench_real_any.py --sweeps tall_rows``) failed 224 cases on XML and 208 on
    dicts, 0 after, as the external capture of that shape did (432 → 0)."""
    failed = []
    with captures_as(_shapes):
        for kind, row, offset, d, merged in PAGED:
            case = tall_rows.Tall("paged_list.xml", PAGE, row, 2891, offset, d, kind, merged)
            with graded_by_dicts() if dicts else nullcontext():
                got = tall_rows.check(case)
            if got:
                failed.append((case, got[:2]))
        typed = keyboards.Keyboard("paged_list.xml", PAGE, 1475, False, 23)
        with graded_by_dicts() if dicts else nullcontext():
            got = keyboards.check(typed)
        if got:
            failed.append((typed, got[:2]))
    assert not failed, failed


SPACED = ((2, 1, False), (3, 2, False), (5, 2, True), (8, 8, True))
"""(index, n, removal) of :mod:`.insertions` into the model picker's column: after a label
inside an entry, after an entry (its 32 px gap), taken out again."""


@pytest.mark.parametrize("dicts", [False, True], ids=["xml", "dicts"])
def test_labels_put_in_a_spaced_compose_column_are_no_scroll(dicts: bool) -> None:
    """A finance app's model picker: a Compose column of bare labels, spaced by its own gap
    (no row around them), labels put in (taken out) mid-column, the card below pushed down.
    The labels put in fill the band the pushed rows left but for the column's gap, which
    read as no band, so the rows' move as the ScrollView's scroll
    (:func:`deltarec.core.diff.growth.pushed_in`, ``_gap_above``): 4 of 4 failed on both
    paths before; every insertion and removal of that column
    (``benchmarks/ext_classes.py DIR --insertions``): false scrolls 58 → 4 of 168 on both
    paths, and on the external capture of that shape 58 → 4."""
    failed = []
    with captures_as(_shapes):
        for index, n, removal in SPACED:
            case = insertions.Insertion("compose_column.xml", (0, 0, 0, 0), index, n, removal)
            with graded_by_dicts() if dicts else nullcontext():
                got = insertions.check(case)
            if got:
                failed.append((case, got[:2]))
    assert not failed, failed


EDGE = (
    ("compose_column.xml", (0, 0, 0, 0), 2, 1, False, 263),
    ("compose_column.xml", (0, 0, 0, 0), 2, 8, True, 263),
    ("twin_rows.xml", (0, 0, 1), 2, 1, False, 640),
    ("twin_rows.xml", (0, 0, 1), 3, 2, True, 810),
)
"""(capture, list, index, n, removal, edge) of :mod:`.insertions` above the last label (row)
a list's clipped edge shows: the model picker's bare labels, the review queue's twin rows."""


@pytest.mark.parametrize("dicts", [False, True], ids=["xml", "dicts"])
def test_a_label_pushed_out_at_a_clipped_edge_is_hedged_not_stated_edited(dicts: bool) -> None:
    """Labels (rows) put in above the last one a ScrollView's clipped edge shows push it out
    of view, and the first lands in its box, cut alike: the two dumps are those of that
    label edited in place. The delta stated the edit as fact (``~ [3] text "Needs a newer
    chip to run"→"~1.9 GB …"``); it now says both readings, ``, or its row was taken out and
    another came into its box`` (JSON ``orNew``): a bare label of a column
    (:func:`deltarec.core.diff.swiped.either_label`), or a row whose other labels are the
    list's template, "Edit item" / "Delete item" on every row
    (:func:`~deltarec.core.diff.swiped.either_row`). 4 of 4 failed on both paths before;
    every insertion of the synthetic dumps (``benchmarks/ext_classes.py DIR
    --insertions``): 70 → 4 of 696 on both paths (the 4 left: false scrolls mid-column)."""
    failed = []
    with captures_as(_shapes):
        for capture, where, index, n, removal, edge in EDGE:
            case = insertions.Insertion(capture, where, index, n, removal, edge)
            with graded_by_dicts() if dicts else nullcontext():
                got = insertions.check(case)
            if got:
                failed.append((case, got[:2]))
            prev, curr = insertions.derive(case)
            text = observe_delta(prev, curr).text
            if not text.endswith(", or its row was taken out and another came into its box"):
                failed.append((case, text))
    assert not failed, failed


COLUMN = (0, 0, 0, 1, 0)
"""The column of :func:`.ext_shapes.padded_cards`' ScrollView."""


@pytest.mark.parametrize("dicts", [False, True], ids=["xml", "dicts"])
def test_a_card_put_in_atop_a_padded_column_is_hedged_as_new(dicts: bool) -> None:
    """A safety app's home refreshed: a card put in at the top of the ScrollView's column
    (padded 42 px above its first card) as a card below was edited. The cards moved down by
    its height with its top where the first card was, which a scroll up by as much onto a
    card's top shows too; the scroll line must say the other reading (``, or its top row
    came in new``, JSON ``orInserted``). It did not: the first card put in was asked to sit
    at the list's very top edge, not below its padding, and a ScrollView's column, the one
    child of the host, was never looked into
    (:func:`deltarec.core.diff.new_rows.pushed_down`, ``_content``): 2 of 2 failed on both
    paths before; :mod:`.reshaped`'s refresh+edit in the probe of 37 external captures
    (``--per 3``) 12 → 6 of 26 (XML) and 11 → 4 (dicts)."""
    failed = []
    with captures_as(_shapes):
        for k in (1, 2):
            case = reshaped.Reshaped(
                "padded_cards.xml", "refresh+edit", COLUMN, target=(*COLUMN, k, 2), what="text"
            )
            with graded_by_dicts() if dicts else nullcontext():
                got = reshaped.check(case)
            if got:
                failed.append((case, got[:2]))
    assert not failed, failed


def _strip() -> tuple[tuple[str, Observation], ...]:
    return (("tile_strip.xml", parse_uiautomator(tile_strip().encode())),)


STRIP_CASES = [
    screens.Screen("tile_strip.xml", kind, scale)
    for kind in screens.KINDS
    for scale in (screens.SCALES if kind in ("narrow", "widen") else (1.0,))
]


@pytest.mark.parametrize("dicts", [False, True], ids=["xml", "dicts"])
def test_a_strip_of_tiles_laid_out_again_at_another_width_scrolled_nowhere(dicts: bool) -> None:
    """A browser's new tab page laid out on a screen of another size (turned, narrowed,
    widened: every kind and share of :mod:`.screens`), its shortcut tiles stretched to share
    the strip's new width as they did, their icons of their own sizes kept. On 1cdaa2a the
    turn read ``↕ [2] list "" scrolled left 281px (+3 rows, -0 rows)``, three tiles ``-``
    and ``+`` (the one icon of its size moved 281 px with its widened tile), both ways, on
    the XML path (element dicts name no strip made to scroll: they held); Chrome's new tab
    page (``fixtures/ext/chrome-ntp``) so too."""
    with captures_as(_strip):
        failed: dict[screens.Screen, list[tuple[str, str]]] = {}
        for case in STRIP_CASES:
            with graded_by_dicts() if dicts else nullcontext():
                if got := screens.check(case):
                    failed[case] = got
    assert failed == {}


ANSWER = (("bot", "I can answer", 200), ("bot", "I can answer questions and translate.", 400))
"""The model's answer as it streamed, then done."""
CHAT_STEPS = {
    "answered": (
        compose_chat((*CHAT, ANSWER[0]), button="Stop"),
        compose_chat((*CHAT, ANSWER[1])),
        ("Stop", "Send"),
    ),
    "stopped": (compose_chat(button="Stop"), compose_chat(), ("Stop", "Send")),
}
"""A Compose chat's steps: the answer done (its text grown, the button "Stop" → "Send"),
the answer stopped. Open, left out: a message sent (the field cleared, its hint back, the
button "Send" → "Stop", the message put in the list): the chat's sections are plain views
with no ids, side by side in its column, which read as a list's rows, and the input bar,
its labels all other than before, as another row (``row_content.other_row``): its field
and both buttons ``-`` and ``+``, on element dicts ``» new screen``. Reading a row of no id
as of its siblings' shape only where it holds the same (as element dicts do) closed it,
but let rows put into merged real lists pair with old ones (``bench_real_merged.py --per
30``: 2 → 116 of 2,759): taken back."""


def _chat_delta(prev: str, curr: str, dicts: bool) -> str:
    a, b = parse_uiautomator(prev.encode()), parse_uiautomator(curr.encode())
    if not dicts:
        return observe_delta(a, b).text
    frame_cache.clear()
    return elements.delta_observation(observation_to_elements(a), observation_to_elements(b))


@pytest.mark.parametrize("dicts", [False, True], ids=["xml", "dicts"])
@pytest.mark.parametrize("step", sorted(CHAT_STEPS))
def test_a_compose_chat_s_send_button_renamed_is_one_button(step: str, dicts: bool) -> None:
    """A Compose send button named by its icon's description: the description edited read
    ``~ layout: container "Stop" changed`` on 1da1a38 (both steps, both paths: 4 of 4), the
    button's old name nowhere; a control named by a leaf's description says it edited as a
    text is (``~ container "Stop"→"Send"``, :func:`deltarec.core.render.folded.folded_edits`).
    Open: on element dicts the answer's text grown is unsaid (``delta_observation`` numbers
    controls only, and the bubble around the text is none); the message sent
    (:data:`CHAT_STEPS`)."""
    prev, curr, (old, new) = CHAT_STEPS[step]
    text = _chat_delta(prev, curr, dicts)
    lines = text.splitlines()
    assert not text.startswith("»"), text
    assert not [x for x in lines if x[:1] in "+-" and (" button " in x or " textbox " in x)], text
    assert any(f'"{old}"' in x and f'"{new}"' in x for x in lines), text
    if step == "answered" and not dicts:  # the dict API numbers controls only: open
        assert any(f'"{ANSWER[1][1]}"' in x and f'"{ANSWER[0][1]}"' in x for x in lines), text
