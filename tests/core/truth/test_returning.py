"""Rows that scroll out of a list and come back keep their number (issue 18, item 5): a
dealt sample of :mod:`tests.core.truth.returning` — one walk a list screen (the Inbox, the
Feed, Settings, the Article's web page), 30 steps each. Every row that comes back through
scrolls the replies stated exactly keeps its number, also after a ``» back to`` reply; no
number is ever given to another element. On main before the content books
(:mod:`deltarec.core.diff.came_back`) these walks renumbered 103 such rows and kept 11.
Seeds 11 (the Article) and 22 (Settings) renumbered 2 and 16 before a book was carried
through a scroll stated on another of the web page's nested wrappers and past a sliver at
the list's edge (``book_moves.moves``, ``came_back._at_edge``); they took the places of
seeds 3 and 6, which those books already passed, and seed 17 took seed 0's (-0.06 s of
CPU). The whole sweep:
``python benchmarks/bench_numbers.py --returning``. With
``tests/core/real_scrolls/test_real_came_back.py`` 1.0 s of CPU, paid for by three of the
slop walks (``test_session_numbers.SLOP_SEEDS``: 1.1 s)."""

from __future__ import annotations

import pytest

from deltarec.core.devices.virtual import ManualClock, Playground, VirtualDevice
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.diff import came_back
from deltarec.core.executor.session import Session
from tests.core.estimate_rules import calls_to
from tests.core.truth.returning import SCREENS, ReturningWalk

SEEDS = {
    11: (23, 66, 0, 0, 0, 36),
    13: (48, 42, 0, 0, 0, 1),
    17: (120, 110, 0, 0, 0, 0),
    22: (27, 60, 0, 0, 0, 0),
    32: (30, 233, 0, 0, 0, 0),
}
"""seed -> rows that came back in its walk: kept within a visit and after a ``» back to``
reply (``recalled-kept``), renumbered so, and renumbered after a reply that stated no exact
offset (``-unstated``); seed % 4 picks its screen. Seed 17 renumbered 62 more Inbox rows
before the rows' own move carried a book through new mail put in at the list's top
(``book_moves.rows_move``), and 2 + 1 more before a row noted as a sliver that comes back
whole (or the reverse) was confirmed by the labels its cut part shows or by its neighbour
row (``book_rows.shown_part``, ``book_rows.beside``). Seed 13 (the Feed: a card cut to its
Like / Comment / Share, their labels on every card) renumbered 4 before ``beside`` and
before a number written over in a box cut otherwise dropped the entry it replaced
(``came_back._over``); it took the place of seed 5, whose Feed rows recalled
(``Books.shelve``) it holds too (42). Seed 32 (the Inbox) renumbered 2 recalled slivers, and
5 + 84 rows after page turns before two rows whose labels the book holds once placed the
list's content again (``book_moves.anchored``; kept 25 + 147 then). Seed 11 (the Article)
counts 38 more recalled rows kept and 36 recalled unstated, none stated renumbered, since a
fresh instance at the page's top reads ``» back to`` the frame it was entered showing
(:mod:`deltarec.core.diff.screen_memory`): that reply resumes the visit, so the rows seen
after a page turned in it count (they were a new screen's, uncounted, before)."""


@pytest.mark.parametrize("seed", sorted(SEEDS))
def test_rows_that_scroll_out_and_back_keep_their_number(seed: int) -> None:
    walk = ReturningWalk(seed, SCREENS[seed % len(SCREENS)])
    found = [v for violations in walk.run(30) for v in violations]
    assert [v for v in found if v.klass == "reuse"] == []
    counts = walk.counts
    kinds = (
        "back-kept",
        "recalled-kept",
        "back-renumbered",
        "recalled-renumbered",
        "back-renumbered-unstated",
        "recalled-renumbered-unstated",
    )
    assert tuple(counts[k] for k in kinds) == SEEDS[seed], walk.examples


def test_a_frame_shown_whole_keeps_the_books_on_the_match_it_was_numbered_with() -> None:
    """``AC_observe`` after an exact scroll: the session numbered the frame by matching it
    with the baseline, and the books are carried on those pairs, not on a second match
    (``Session._pairs_of``); the book of the list that stayed is kept."""
    clock = ManualClock()
    pg = Playground(clock)
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    session = Session(VirtualDevice(pg), clock=clock, sleep=clock.advance)
    session.call("AC_observe", {})
    out = session.call("AC_swipe", {"x1": 540, "y1": 1600, "x2": 540, "y2": 1300})
    assert "scrolled down" in str(out), out
    assert session.observer.books.books  # an exact scroll: its list has a book
    matched = calls_to(came_back, "match_frames", lambda: session.call("AC_observe", {}))
    assert matched == 0
    assert session.observer.books.books  # the list stayed: its book is kept


def test_rows_new_mail_pushed_out_before_any_scroll_keep_their_number() -> None:
    """Seed 52 of the held-out seeds (40-119), its first 8 steps on the Inbox: a refresh
    puts new mail in at the list's top and pushes rows out before any scroll gave the list
    a book, then a scroll past more new rows brings them back. A book is started where rows
    leave a list with no scroll stated on it (``book_moves.left_unsaid``), and carried by
    the rows' own move also where the scroll stated on the list (rows in at its top, then
    a scroll) moved them otherwise (``came_back.Books.recall``): 6 rows renumbered before
    (never noted, then their book dropped), kept now."""
    walk = ReturningWalk(52, SCREENS[52 % len(SCREENS)])
    found = [v for violations in walk.run(8) for v in violations]
    assert [v for v in found if v.klass == "reuse"] == []
    assert (walk.counts["back-kept"], walk.counts["back-renumbered"]) == (6, 0), walk.examples


def test_a_row_cut_to_one_element_is_no_row_gone() -> None:
    """Seed 112 of the held-out seeds, its first 7 steps on the Inbox: a scroll leaves a
    row cut by the list's edge to its subject line, one element now (its texts folded into
    its name), paired with the row's texts that were elements before. Those texts are no
    rows gone inside the part both frames show (``came_back.Books._pure`` checks their
    boxes as a pair's), so the book is carried: 2 rows renumbered before (the book dropped
    as "moved-went"), kept now; over seeds 40-119 that class renumbered 72 + 8 recalled."""
    walk = ReturningWalk(112, SCREENS[112 % len(SCREENS)])
    found = [v for violations in walk.run(7) for v in violations]
    assert [v for v in found if v.klass == "reuse"] == []
    assert (walk.counts["back-kept"], walk.counts["back-renumbered"]) == (2, 0), walk.examples
