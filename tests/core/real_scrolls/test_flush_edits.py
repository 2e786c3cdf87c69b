"""A list scrolled up (its content moved down) as a label of its first row was edited, that
row flush with the list's top edge before (:mod:`.scroll_edits`), on every scroller of
every real capture and of ``fixtures/ext``, on both paths.

Chrome's new tab page (``fixtures/ext/chrome-ntp/04.xml``): its feed's header ("Discover by
Google" and its menu button), flush with the feed's top edge, the feed scrolled 281 px as
the title was edited, reads ``scrolled about a page or more``, the header's button ``+``
and ``-``. The class on ``fixtures/real`` (17 cases: a settings list's first row, flush
with the list's top, scrolled down to its bottom, one of its two labels edited): a row
flush with an edge counted as no row clear of the edges, so no row placed the offset. A
row in the box the offset puts it in, of the very size it has there, clear of the edges
in the other frame, was not cut in either (:func:`deltarec.core.diff.axis.kept_whole`)."""

from __future__ import annotations

from collections import Counter
from contextlib import nullcontext

from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls import scroll_edits
from tests.core.real_scrolls.ext_shapes import captures_as, ext_captures
from tests.core.real_scrolls.scroll_edits import ScrollEdit
from tests.core.real_scrolls.transforms import _at, _content, captures, scrollers

SHARES = (4, 2)
"""The offsets: a quarter and a half of the room below the flush row, and all of it but
8 px (the row then the only one whole in view)."""


def _sign(n: int) -> int:
    return -1 if n < 0 else 1


def cases() -> list[ScrollEdit]:
    """Every scroller whose content's first row sits flush with its top edge (last row with
    its bottom edge), scrolled up (down) by each share of :data:`SHARES` of the room below
    (above) that row, each text of the row edited."""
    out = []
    for name, obs in captures():
        for where in scrollers(obs):
            got = _content(where, _at(obs, where))
            if got is None or not _at(obs, got[0]).children:
                continue
            box, rows = _at(obs, where).bounds, _at(obs, got[0]).children
            first, last = rows[0].bounds, rows[-1].bounds
            ends = []
            if first.top == box.top and first.bottom < box.bottom:
                ends.append((0, -(box.bottom - first.bottom)))
            if last.bottom == box.bottom and last.top > box.top and len(rows) > 1:
                ends.append((len(rows) - 1, last.top - box.top))
            for index, room in ends:
                row = (*got[0], index)
                for d in {room // share for share in SHARES} | {room - 8 * _sign(room)}:
                    out += [
                        ScrollEdit(name, where, d, path, what)
                        for path, what in scroll_edits.spots(obs, where, d)
                        if path[: len(row)] == row and what == "text"
                    ]
    return out


def _failing(path: str) -> Counter[tuple[str, str, str]]:
    got: Counter[tuple[str, str, str]] = Counter()
    for where, source in (("real", nullcontext), ("ext", lambda: captures_as(ext_captures))):
        with source():
            for case in cases():
                with graded_by_dicts() if path == "dicts" else nullcontext():
                    for cls in sorted({cls for cls, _ in scroll_edits.check(case)}):
                        got[(path, where, cls)] += 1
    return got


BUDGET: dict[tuple[str, str, str], int] = {
    **{
        (path, "real", cls): n
        for path in ("xml", "dicts")
        for cls, n in (("missed", 2), ("unchanged-listed", 2), ("wrong-scroll", 2), ("oracle", 1))
    },
    **{("xml", "ext", cls): 3 for cls in ("missed", "oracle", "unchanged-listed", "wrong-scroll")},
    ("dicts", "ext", "missed"): 9,
    ("dicts", "ext", "oracle"): 9,
    ("dicts", "ext", "unchanged-listed"): 9,
    ("dicts", "ext", "wrong-scroll"): 5,
}
"""Failing cases per (path, captures, class) of 315 (real) and 57 (ext) a path, a ratchet.
6eca1fa: real wrong-scroll 17 (XML) / 16 (dicts), ext 3 / 5. Left: YouTube's search
suggestions scrolled all but 8 px of the room below the first (its label the list's
template's); Chrome's feed header (ext, both captures): the derived scroll brings in a copy
of the feed's last row, a loading card the bottom edge cut to 46 px, whole and showing
nothing, matched by shape to the cut original and voting for its move as the header's
menu button votes for the true one (a tie: a page); and on element dicts Chrome's page
header (its help link and "Continue browsing"). Dropping such a vote (a row that shows
nothing, its old box on the old view's edge) broke carousels grafted into real lists
(``test_real_edited``'s nested kind, 52 cases): left open."""


def test_xml() -> None:
    assert not +(_failing("xml") - Counter(BUDGET)), _failing("xml")


def test_dicts() -> None:
    assert not +(_failing("dicts") - Counter(BUDGET)), _failing("dicts")


def test_the_cases_hold_the_chrome_feed_s_header() -> None:
    with captures_as(ext_captures):
        assert any(c.capture == "chrome-ntp/04.xml" for c in cases())
