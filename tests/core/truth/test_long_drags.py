"""Long drags keep the numbers of what stayed, on every screen size (issue 18, class 6).

``bench_numbers --steps 2000`` (seed 1, step 81) dragged the Feed from 830 lu with
``AC_swipe {513,2042→529,545, 300 ms}``: the content moved 1,529 px, and one card stayed,
cut by the bottom edge before and by the top after (its title whole, then cut; its body
cut, then whole). No label of it was clear of both edges in both frames, so the offset was
taken for a page, and the card's title and body took new numbers ([642]→[644],
[643]→[645]). One cut row alone cannot tell the diff which card it is (a sponsored card
and its twin 18 cards on show the very same texts): the caller's finger can. The offset
went the finger's way at least as far as the finger went less the touch slop
(:func:`deltarec.core.diff.finger.followed`), and two labels of the card, one above
the other, are where it puts them (:func:`deltarec.core.diff.row_placed._label_kept`):
the scroll is measured and the card keeps its numbers.

:func:`renumbered` drives the executor's session on a fresh phone of any preset: one
``AC_observe`` on the Feed or the Inbox at any offset, then one long ``AC_swipe`` (half a
screen to nearly all of it, 150–1,000 ms, either way), and names every element by the
phone's own identity (:func:`tests.core.truth.numbers.phone_identities`): each one in both
replies must keep its number, unless it is a row two dumps and a finger cannot tell
(:func:`_told`). Before the fix ``sweep(0, 60)`` (480 drags) found 3 renumbered elements and
``sweep(1, 60)`` none (``bench_numbers --steps 2000``: 2); now none.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import ManualClock, Playground, VirtualDevice
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.executor.session import Session
from deltarec.core.observe.frame import Frame
from tests.core.truth.numbers import phone_identities
from tests.core.truth.test_sender_slivers import LISTS, _top

Drag = tuple[str, str, float, float, float, int, int]
"""(profile, screen, start as a share of the list's length, x and y1 as shares of the
screen, the drag's length as a signed share of the screen's height, duration ms)."""


Ident = tuple[str, ...]
Seen = tuple[dict[Ident, int], Frame, list[Ident]]


def _seen(session: Session, pg: Playground) -> Seen:
    """Each element's number in the session's last reply by the phone's identity, the
    frame it numbered and each node's identity."""
    index = session.seen
    assert index is not None
    idents = phone_identities(pg)
    assert len(idents) == len(index.frame.nodes)
    return {idents[e.pos]: e.index for e in index.elements}, index.frame, idents


Label = tuple[int, bool, bool, int]
"""How much of a label shows (px), whether the list's top and bottom edges cut it, and its
top (px)."""


def _labels(seen: Seen) -> dict[Ident, dict[str, Label]]:
    """Each row of the list: each of its labels by text, as :data:`Label`."""
    _, frame, idents = seen
    out: dict[Ident, dict[str, Label]] = {}
    for pos, node in enumerate(frame.nodes):
        if node.resource_id.endswith(("id/feed_content", "id/inbox_list")):
            box = node.bounds
            for row in frame.children[pos]:
                out[idents[row]] = {
                    n.text or n.content_desc: (
                        n.bounds.bottom - n.bounds.top,
                        n.bounds.top <= box.top,
                        n.bounds.bottom >= box.bottom,
                        n.bounds.top,
                    )
                    for n in frame.nodes[row : frame.subtree_end(row)]
                    if n.text or n.content_desc
                }
    return out


def _pins(a: Label, b: Label) -> bool:
    """Whether a label seen as ``a`` then ``b`` shows where it is: uncut in both frames."""
    return not (a[1] or a[2] or b[1] or b[2])


def _told(a: Seen, b: Seen) -> set[Ident]:
    """The rows of the list in both frames that two dumps and a finger tell: each shows in
    both a text no other row shows in either, in a label that no edge cuts in either, or
    in two labels one above the other (a card cut by opposite edges: its title whole before
    and cut after, its body cut before and whole after). Not a 3 px strip of an author's
    name, not a "Like" bar every card shows, not an empty sliver, not one date cut by the
    bottom edge (it recurs 56 rows on with its sender)."""
    rows_a, rows_b = _labels(a), _labels(b)
    by: dict[str, set[Ident]] = {}
    for rows in (rows_a, rows_b):
        for row, labels in rows.items():
            for text in labels:
                by.setdefault(text, set()).add(row)
    told = set()
    for row in rows_a.keys() & rows_b.keys():
        own = [t for t in rows_b[row] if by[t] == {row} and t in rows_a[row]]
        spans = [(rows_b[row][t][3], rows_b[row][t][3] + rows_b[row][t][0]) for t in own]
        apart = any(t2 >= b1 or t1 >= b2 for t1, b1 in spans for t2, b2 in spans)
        if apart or any(_pins(rows_a[row][t], rows_b[row][t]) for t in own):
            told.add(row)
    return told


def renumbered(
    profile: str, screen: str, start: int, swipe: tuple[int, int, int, int, int]
) -> list[str]:
    """The elements on screen before and after one ``AC_swipe`` on ``screen`` (the list at
    ``start`` lu) whose number changed, as ``ident: [old] -> [new]``: every one outside the
    list's rows, and those of its rows that the dumps and the finger tell (:func:`_told`).
    A row they cannot tell may be listed as new under a page, with new numbers."""
    clock = ManualClock()
    pg = Playground(clock, profile=PRESETS[profile])
    session = Session(VirtualDevice(pg), clock=clock, sleep=clock.advance)
    pg.launch_app(APP_PACKAGE, "." + screen)
    getattr(pg.state, dict(LISTS)[screen]).offset = start
    session.call("AC_observe", {})
    a = _seen(session, pg)
    x1, y1, x2, y2, ms = swipe
    session.call("AC_swipe", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "duration_ms": ms})
    b = _seen(session, pg)
    rows, told = _labels(a).keys() | _labels(b).keys(), _told(a, b)
    before = a[0]
    return [
        f"{profile} {screen} {start} {swipe}: {'/'.join(ident[-2:])} [{before[ident]}] -> [{n}]"
        for ident, n in b[0].items()
        if ident in before
        and before[ident] != n
        and not any(ident[: len(r)] == r for r in rows - told)
    ]


def _drag(d: Drag) -> tuple[str, str, int, tuple[int, int, int, int, int]]:
    """A drag of shares made a drag in px on that profile's phone."""
    profile, screen, at, x, y, length, ms = d
    pg = Playground(profile=PRESETS[profile])
    pg.launch_app(APP_PACKAGE, "." + screen)
    width, height = pg.window_size()
    top = _top(pg, dict(LISTS)[screen])
    x1, y1 = int(width * x), int(height * y)
    y2 = max(0, min(height - 1, y1 + int(height * length)))
    return profile, screen, int(top * at), (x1, y1, x1, y2, ms)


def sweep(seed: int, per_list: int) -> list[str]:
    """``per_list`` long drags per profile and list from a seeded walk: every element they
    renumbered."""
    rng = random.Random(seed)
    bad = []
    for profile in ("small", "large", "tablet", "phone"):
        for screen, _ in LISTS:
            for _ in range(per_list):
                length = rng.choice((-1, 1)) * rng.uniform(0.5, 0.95)
                d = (profile, screen, rng.random(), rng.uniform(0.1, 0.9))
                y = rng.uniform(0.55, 0.97) if length < 0 else rng.uniform(0.03, 0.45)
                drag = (*d, y, length, rng.choice((150, 300, 600, 1000)))
                bad += renumbered(*_drag(drag))
    return bad


def test_the_long_feed_drag_of_bench_numbers_keeps_the_cards_numbers() -> None:
    """The example (seed 1, step 81): the card cut by opposite edges keeps its numbers."""
    assert renumbered("phone", "FeedActivity", 830, (513, 2042, 529, 545, 300)) == []


@settings(max_examples=150, deadline=None)
@given(
    profile=st.sampled_from(("small", "large", "tablet", "phone")),
    screen=st.sampled_from(("FeedActivity", "InboxActivity")),
    at=st.floats(0, 1),
    x=st.floats(0.1, 0.9),
    up=st.booleans(),
    y=st.floats(0.03, 0.45),
    length=st.floats(0.5, 0.95),
    ms=st.sampled_from((150, 300, 600, 1000)),
)
def test_long_drags_on_any_phone_keep_the_numbers_of_what_stayed(
    profile: str, screen: str, at: float, x: float, up: bool, y: float, length: float, ms: int
) -> None:
    drag = (profile, screen, at, x, 1 - y if up else y, -length if up else length, ms)
    assert renumbered(*_drag(drag)) == []
