"""Views that show nothing, come, go and move (:mod:`.unlabelled`), graded: one line that
says what the view was, what it did and where; a refresh circle said as one.

Every case runs (1,488 then: each such view of every real and virtual capture three ways, and
six refresh circles per list made to scroll). Before ``core/render/unlabelled.py`` every
case but a scroll read ``~ layout: 1 off-screen or unlabelled elements added or removed``
or ``container "" moved down 30px``: 1,252 of 1,488 cases had a violation (came and gone
396 of 396 each, moved 160 of 396, circles 150 of 150 both ways); now none (the
Contacts screen of stop 56 brought 6 circle cases more, 1,494 in all).
"""

from __future__ import annotations

from collections import Counter

from deltarec.core.observer import observe_delta
from tests.core.real_scrolls.unlabelled import Case, captures, cases, check, derive, views


def test_every_view_that_shows_nothing_is_said_by_what_it_did() -> None:
    found: Counter[tuple[str, str]] = Counter()
    first: dict[tuple[str, str], str] = {}
    for case in cases():
        for klass, detail in check(case):
            found[(case.how, klass)] += 1
            first.setdefault((case.how, klass), f"{case}: {detail}")
    assert not found, first


def test_the_sample_holds_every_shape() -> None:
    sample = cases()
    assert Counter(c.how for c in sample) == {
        "gone": 396,
        "came": 396,
        "moved": 396,
        "circle": 153,  # 150 before stop 56's Contacts screen (its list: 3 more)
        "circle-done": 153,
    }
    assert {c.spinner for c in sample if c.how == "circle"} == {True, False}
    assert len({c.capture for c in sample if c.how == "circle"}) >= 10


def test_the_inbox_circle_read_from_two_dumps() -> None:
    """The virtual phone's SwipeRefreshLayout circle, as ``deltarec delta a.xml b.xml``
    reads it (was ``~ layout: 1 off-screen or unlabelled elements added or removed``)."""
    shots = dict(captures())
    idle, busy = shots["virtual/InboxActivity.xml"], shots["virtual/InboxActivity-refreshing.xml"]
    assert observe_delta(idle, busy).text == (
        '+ refresh indicator over [5] list "inbox_list" (a refresh started)'
    )
    assert observe_delta(busy, idle).text == (
        '- refresh indicator over [5] list "inbox_list" (refresh done)'
    )


def test_golden_lines_of_views_that_show_nothing() -> None:
    """What an agent reads: the role, what it did, its box, the element it is in."""
    name = "real/settings-airplane/03.xml"
    path = views(dict(captures())[name])[7]
    got = [observe_delta(*derive(Case(name, path, how))).text for how in ("came", "gone", "moved")]
    assert got == [
        '~ layout: unlabelled container appeared at [66,1240][198,1328] in [9] button "Airplane mode"',
        '~ layout: unlabelled container went at [66,1240][198,1328] in [9] button "Airplane mode"',
        '~ layout: unlabelled container moved down 30px in [9] button "Airplane mode"',
    ]
    icon = Case(name, views(dict(captures())[name])[8], "moved")  # named by its row's title
    assert observe_delta(*derive(icon)).text == '~ layout: image "Airplane mode" moved down 30px'
