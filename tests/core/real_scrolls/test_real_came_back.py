"""Rows that scroll out of a real list and come back keep their number (issue 18, item 5): a
dealt sample of :mod:`tests.core.real_scrolls.came_back` (every 8th walk of seed 0, both
input paths), graded by each node's identity in the tall source. On main before the content
books (:mod:`deltarec.core.diff.came_back`) this sample renumbered 59 (XML) and 69 (element
dicts) rows that came back through scrolls the replies stated exactly; now none. A row that
comes back after a reply that stated no exact offset (a page turned, a hedge) keeps its
number where two rows whose labels the book holds once place the list's content again
(``book_moves.anchored``: kept 88 XML / 69 dicts before, 102 / 83 then; 105 / 86 since one
row whose other elements agree places it too), else takes a new
one. Never a reuse. The whole sweep:
``python benchmarks/bench_numbers.py --real``. 0.3 s of CPU, paid for with
``tests/core/truth/test_returning.py`` by three slop walks (``test_session_numbers``)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.core.real_scrolls.came_back import run, sweep, walks

KEPT = {"xml": 105, "dicts": 86}


@pytest.mark.parametrize("path", sorted(KEPT))
def test_rows_that_scroll_out_of_a_real_list_and_back_keep_their_number(path: str) -> None:
    counts: Counter[str] = Counter()
    examples: list[str] = []
    for _, found, said in sweep(path, 0, 8):
        counts.update(found)
        examples += said
    assert counts["reuse"] == 0, examples
    assert counts["renumbered"] == 0, examples
    assert counts["kept"] == KEPT[path]


CONFIRMED_BESIDE = {
    (1, 30, "dicts"): 25,
    (0, 17, "dicts"): 26,
}
"""(seed, walk, path) -> rows kept. Walk 30 of seed 1 (``settings-airplane/03.xml``): Settings
rows that come back showing only labels other rows show too ("Off"), each in the box the book
noted between two rows confirmed in the step, so the row the book holds there
(``book_rows.beside``); before, 2 were renumbered on each path (the XML path's walk left
to the sample above: -0.2 s of CPU, paying for the calendar's). Walk 17 of seed 0 (a tablet
calendar's event form, on element dicts): its twin date and time buttons, a 2 x 2 block of
rows showing one date and one time, between two rows confirmed by their own labels; before
``beside`` confirmed a run of rows, not one, 5 were renumbered (kept 10); 4 more rows that
come back after its page turned keep their number since a book the turn left with no offset
waits for rows that place it again (``Books.dormant``: kept 15 before); 7 more since its map
button no longer borrows the title field's text (``borrowed.unshared``: kept 19 on 50889ec)."""


@pytest.mark.parametrize(("seed", "at", "path"), sorted(CONFIRMED_BESIDE))
def test_rows_whose_labels_repeat_are_confirmed_beside_confirmed_rows(
    seed: int, at: int, path: str
) -> None:
    walk = walks(seed)[at]
    counts, examples = run(walk, path)
    kept = CONFIRMED_BESIDE[seed, at, path]
    assert (counts["reuse"], counts["renumbered"], counts["kept"]) == (0, 0, kept), examples


CONFIRMED_OFFSET = {
    (1, 9, "xml"): 9,
    (1, 9, "dicts"): 9,
}
"""(seed, walk, path) -> rows kept. Walk 9 of seed 1 (``contacts-manual/05.xml``, the contact
form): its photo row, 551 px high, cut by the list's top edge (534 px shown), then by its
bottom edge (372 px), is the only row that stayed in a scroll up of 934 px, stated 917 px
off its cut edges; the book, carried by that offset, gave the rows above it boxes 17 px
off and renumbered 6 (XML) and 9 (element dicts) rows. A book is now carried by an offset
only where a row of its list confirms it (``book_moves.confirmed``: an edge in one place of
the content in both frames, inside both views), else where the labels it holds once place
its content (``book_moves.anchored``): kept 3 / 0 before."""


@pytest.mark.parametrize(("seed", "at", "path"), sorted(CONFIRMED_OFFSET))
def test_a_book_is_carried_only_by_an_offset_a_row_of_its_list_confirms(
    seed: int, at: int, path: str
) -> None:
    _no_reuse_and_kept(CONFIRMED_OFFSET, seed, at, path)


@pytest.mark.parametrize(("seed", "at", "path"), sorted(CONFIRMED_OFFSET))
def test_a_move_read_off_a_row_the_edge_may_have_cut_is_the_least_it_went(
    seed: int, at: int, path: str
) -> None:
    """The same walk: that scroll up of 934 px was stated "917px", read off the photo row
    pushed onto the bottom edge (``pushed_edge.pushed_to_edge``) whose top had sat on the
    top edge, which may have cut it: "917px or further" now (``pushed_edge.pushed_least``;
    misstated 1 on each path before, on bc4b05e)."""
    counts, examples = run(walks(seed)[at], path)
    assert counts["misstated"] == 0, examples


ONE_ROW_PLACES = {
    (1, 31, "dicts"): 39,
}
"""(seed, walk, path) -> rows kept. Walk 31 of seed 1 (``settings-airplane/04.xml``): a
fling of three lists turns a page ("about a page or more"), and the rows that come back
after it show one label the book holds once per row at most (their summaries, "Off", "On",
repeat). Two rows whose labels the book holds once placed the content; one row now does
where its other elements show what the book noted in their boxes and nothing contradicts
(``book_moves.anchored``, ``ROW_AGREES``): renumbered 34 (XML) and 39 (element dicts)
before, counted apart as after a reply that stated no exact offset (kept 5 / 0). The XML
path's walk is left to ``bench_numbers --real`` (-0.06 s of CPU, paying for
:data:`SLIVERS_ACROSS_A_PAGE`)."""


@pytest.mark.parametrize(("seed", "at", "path"), sorted(ONE_ROW_PLACES))
def test_one_row_whose_elements_agree_places_a_book_after_a_page_turned(
    seed: int, at: int, path: str
) -> None:
    _no_reuse_and_kept(ONE_ROW_PLACES, seed, at, path, "renumbered-unstated")


SLIVERS_ACROSS_A_PAGE = {
    (5, 30, "xml"): 26,
    (15, 34, "dicts"): 26,
}
"""(seed, walk, path) -> rows kept. A fling turns a page of Settings (``about a page or
more``) and a row cut by the list's top edge shows nothing of its own (a 20-25 px strip of
``settings-airplane/03.xml``, walk 30 of seed 5), or shows only a cut title where the strip
a page before it showed nothing (``settings-airplane/05.xml``, walk 34 of seed 15): the
diff paired the two by place, so the new strip took the old one's number (a reuse, 1 on
each path of each walk; kept 25). Two such nodes across a page turned are one element only
on the move the page's witnesses measured (``across._unpair_slivers``): unpaired, and
the strip is then paired on that move with the row it was, whole a page before (kept 26).
The generator: ``bench_numbers --real`` over seeds 0-19, this class 2 / 2 reuses (XML /
element dicts) before, 0 / 0 after."""


@pytest.mark.parametrize(("seed", "at", "path"), sorted(SLIVERS_ACROSS_A_PAGE))
def test_slivers_across_a_page_turned_are_paired_only_on_the_measured_move(
    seed: int, at: int, path: str
) -> None:
    _no_reuse_and_kept(SLIVERS_ACROSS_A_PAGE, seed, at, path)


SCROLLED_ONTO_THE_EDGE = {
    (8, 36, "xml"): 26,
}
"""(seed, walk, path) -> rows kept. Walk 36 of seed 8 (``settings-airplane/06.xml``): the
list scrolled 215 px, its rows' height, and the 57 px sliver its top edge cut of "Data
Saver · Off" sat in the very box, showing the same "Off", where the sliver of the row
before it sat (one key); the old sliver was taken for a pinned header staying put, so the
new one kept its number (a reuse), the row whose sliver it is went, and 25 rows were
renumbered after it. A node that stayed put on the edge where the measured scroll puts
another old row of its kind, unpaired, cut to its box and showing all it shows, is that
row (``unpinned.scrolled_onto``): reuse 1, renumbered 26, kept 0 before."""


@pytest.mark.parametrize(("seed", "at", "path"), sorted(SCROLLED_ONTO_THE_EDGE))
def test_a_sliver_the_scroll_puts_where_a_twin_sliver_was_is_the_row_scrolled_there(
    seed: int, at: int, path: str
) -> None:
    _no_reuse_and_kept(SCROLLED_ONTO_THE_EDGE, seed, at, path)


FORM_FLUNG_A_PAGE = {
    (7, 14, "dicts"): 12,
}
"""(seed, walk, path) -> rows kept. Walk 14 of seed 7 (a tablet calendar's event form,
``corpus/calendar-tablet/…14-20-47_3.xml``, element dicts): flung up 1,410 px, the
fields the fling brought in filling just the band below the one row it kept, the other
frame blank there but for its bottom padding: read as fields put in below the rows that
pushed them up (``growth.pushed_in``), no scroll, and five fields that left paired by
their slot, 29-39 px off, with the fields that came in (5 reuses). A ScrollView's
content grows down from its top (``growth.held_from_top``): the scroll is read, and
those fields come in new. The rows that come back after its page turned are left to
``renumbered-unstated`` (18; the XML path keeps them by its ids)."""


@pytest.mark.parametrize(("seed", "at", "path"), sorted(FORM_FLUNG_A_PAGE))
def test_a_form_flung_near_a_page_gives_no_field_the_number_of_one_that_left(
    seed: int, at: int, path: str
) -> None:
    _no_reuse_and_kept(FORM_FLUNG_A_PAGE, seed, at, path)


NESTED_IN_ONE_BOX = {
    (2, 20, "xml"): 8,
    (2, 20, "dicts"): 8,
}
"""(seed, walk, path) -> rows kept. Walk 20 of seed 2 (YouTube's results, a card and the
frame around it two buttons in one box): a book noting both erased both
(``book_rows.over``: another number of its role written in its box), so the card, never
noted, came back under a new number after the list scrolled out and back by stated
offsets: kept 4, renumbered 2 (never-noted) on each path before. Two numbers written in
one note in one box are nested elements, both noted."""


@pytest.mark.parametrize(("seed", "at", "path"), sorted(NESTED_IN_ONE_BOX))
def test_nested_elements_in_one_box_are_both_noted(seed: int, at: int, path: str) -> None:
    _no_reuse_and_kept(NESTED_IN_ONE_BOX, seed, at, path)


NESTED_LISTS_CUT_TO_ONE_BOX = {
    (11, 25, "dicts"): 12,
    (15, 25, "dicts"): 20,
}
"""(seed, walk, path) -> rows kept. Walk 25 of seed 15 (YouTube's results, element dicts):
two nested lists with no label (a list of cards and a shelf inside one of them, end to
end at the bottom) are noted in two boxes, the inner one inside the outer; scrolled back,
the list's top edge cuts both to one box, so each entry's place matched both elements
and both took new numbers (renumbered 2, ``overwritten``; the XML path keeps them by
their ids). The edge cut them to one box; their nesting tells them apart: the outer
element is the entry whose box holds the other's (``book_rows.nested``), or, noted in one
box too (walk 25 of seed 11: kept 10 before), the one noted less deep. Found by
``bench_numbers --real --seeds 0-19``: 18 such on element dicts before, on YouTube."""


@pytest.mark.parametrize(("seed", "at", "path"), sorted(NESTED_LISTS_CUT_TO_ONE_BOX))
def test_nested_lists_the_edge_cuts_to_one_box_keep_their_numbers(
    seed: int, at: int, path: str
) -> None:
    _no_reuse_and_kept(NESTED_LISTS_CUT_TO_ONE_BOX, seed, at, path)


CUT_AT_OPPOSITE_EDGES = {
    (1, 39, "dicts"): 22,
    (2, 39, "dicts"): 22,
}
"""(seed, walk, path) -> rows kept. Walk 39 of seeds 1 and 2 (``settings-wifi/05.xml``'s
toolbar, the next copy's, on element dicts): an element only while an edge cuts it — 48 px
of it at the list's bottom edge, then 149 px at its top, whole in between where its
children are the elements — so the book held only the first sliver's box, which the second
does not share: renumbered 1 each (``box``; the XML path keeps it by its resource id). A
sliver noted cut by one edge and an element cut by the other, on the same sides, each
showing the part of one box the other frame could not (the noted top above the view, the
bottom now below the old one), are one element when its own label says so
(``book_rows.across_edges``). Found by ``bench_numbers --real --seeds 0-19``: 18 such
(``box``) on element dicts before, 15 of them this toolbar."""


@pytest.mark.parametrize(("seed", "at", "path"), sorted(CUT_AT_OPPOSITE_EDGES))
def test_an_element_cut_by_one_edge_then_the_other_keeps_its_number(
    seed: int, at: int, path: str
) -> None:
    _no_reuse_and_kept(CUT_AT_OPPOSITE_EDGES, seed, at, path)


def _no_reuse_and_kept(
    table: dict[tuple[int, int, str], int],
    seed: int,
    at: int,
    path: str,
    renumbered: str = "renumbered",
) -> None:
    """Walk ``at`` of ``seed`` on ``path``: no number reused, none renumbered (of the
    ``renumbered`` count), and the rows ``table`` says kept."""
    counts, examples = run(walks(seed)[at], path)
    kept = table[seed, at, path]
    assert (counts["reuse"], counts[renumbered], counts["kept"]) == (0, 0, kept), examples


UNCONFIRMED_WAITS = {
    (20, 27, "xml"): 30,
}
"""(seed, walk, path) -> rows kept. Walk 27 of seed 20 (YouTube's results list inside its
host, ``corpus/youtube/…22-03-39_5.xml``), found by ``bench_numbers --real --seeds 20-29``
(stop 55): scrolled 2,139 px, stated exactly, the list kept in view only its own box cut by
the top edge, so no row confirmed the offset (``book_moves.confirmed``) and the book started
in that step was dropped; its ad row and a header, never noted, came back two and three
steps on under new numbers: renumbered 10 (never-noted), kept 20 on c245569. A book started
where no row confirms the offset now waits (``Books.dormant``) for rows whose labels it holds
once to place it (``book_moves.anchored``)."""


@pytest.mark.parametrize(("seed", "at", "path"), sorted(UNCONFIRMED_WAITS))
def test_a_book_whose_offset_no_row_confirms_waits_to_be_placed(
    seed: int, at: int, path: str
) -> None:
    _no_reuse_and_kept(UNCONFIRMED_WAITS, seed, at, path)
