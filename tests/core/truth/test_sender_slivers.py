"""Rows the two dumps cannot identify, and far moves (issue 18, every screen size).

``bench_truth --profile tablet`` (walk seed 5, step 143) flung the Feed from 7,677 to
9,378 lu (1,296 px): the Cloudbox card was on screen in both frames, but before only as
an empty 7 px sliver at the bottom (no label of it showed), and the delta said ``about a
page``. The grader called that a false "page" because a row stayed. Any card shows the
same empty sliver, so two dumps cannot tell which card came to the top, and the gesture
(a fling: the content outruns the finger by an unknown glide) cannot either. The same
holds for the Feed from 1,635 to 0 on the tablet: the card in both frames shows, where
the bottom edge cuts it, 3 px of "Omar Haddad", and senders repeat. The grader
(``bench_session.find_scrolls``) now accepts the page where no row in both frames shows,
wholly in both, a text no other row shows (its ``_blind`` test), and the rows of such a
scroll may be told as having come in and left.

Open (not fixed here): :func:`far_jumps` generates far moves on every profile, diffed
from the dumps alone; the scroll must be the phone's move (±2 px) or a page. It finds the
4 false offsets of :data:`OPEN` in its 1,200 moves (seed 1 with 700 a list: 36 of
5,600), e.g. the walk's tablet seed 0 step 244 (the Feed from 0 to 11,975 read as
1,159 px off a 3 px sliver of "Omar Haddad"): the votes are all pieces of a row an edge
cut in one frame (:func:`deltarec.core.diff.row_evidence.cut_move`). Requiring such a
row to show a label whole where it is cut fixes 25 of the 36 but loses the Inbox's true
moves read off a unique subject's sliver (test_far_scrolls' no-gesture walk, seed 2
step 23); what tells a sender's sliver from a subject's is still to be found.
"""

from __future__ import annotations

import random

from benchmarks.bench_session import Grader, find_scrolls, snapshot
from benchmarks.profile_units import exact_px
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.devices.virtual.screen_feed import max_offset as feed_max
from deltarec.core.devices.virtual.screen_inbox import max_offset as inbox_max
from deltarec.core.diff.compute import compute_delta
from deltarec.core.observe.model import Observation
from deltarec.core.observer import observe_delta

APP = "dev.deltarec.playground"
LISTS = (("FeedActivity", "feed", feed_max()), ("InboxActivity", "inbox", inbox_max()))

OPEN = [
    "tablet FeedActivity 7201->1649: said -1248px, moved 4230px",
    "tablet FeedActivity 2913->14149: said 1097px, moved -8561px",
    "tablet InboxActivity 10716->18858: said 1248px, moved -6203px",
    "phone FeedActivity 21616->10113: said -1573px, moved 11503px",
]
"""False offsets :func:`far_jumps` still finds (module docstring): open."""


def _frames(profile: str, screen: str, start: int, end: int) -> tuple[Observation, Observation]:
    pg = Playground(profile=PRESETS[profile])
    pg.launch_app(APP, "." + screen)
    state = getattr(pg.state, "feed" if screen == "FeedActivity" else "inbox")
    state.offset = start
    a = parse_uiautomator(pg.dump_xml(), screen=pg.window_size())
    state.offset = end
    return a, parse_uiautomator(pg.dump_xml(), screen=pg.window_size())


def far_jumps(seed: int, per_list: int) -> list[str]:
    """Moves of 3,000-12,000 lu either way from random offsets, ``per_list`` per profile and
    list (the Feed, the Inbox), diffed without the gesture: each one whose delta states an
    offset other than the phone's."""
    rng = random.Random(seed)
    bad = []
    for name in ("small", "large", "tablet", "phone"):
        for screen, field, top in LISTS:
            pg = Playground(profile=PRESETS[name])
            pg.launch_app(APP, "." + screen)
            state = getattr(pg.state, field)
            for _ in range(per_list):
                start = rng.randint(0, top)
                move = rng.choice((-1, 1)) * rng.randint(3_000, 12_000)
                end = min(top, max(0, start + move))
                if start == end:
                    continue
                state.offset = start
                a = parse_uiautomator(pg.dump_xml(), screen=pg.window_size())
                state.offset = end
                b = parse_uiautomator(pg.dump_xml(), screen=pg.window_size())
                truth = round(-exact_px(PRESETS[name], end - start, axis=1))
                for s in compute_delta(a, b).scrolls:
                    if not s.page and abs(s.dy - truth) > 2:
                        bad.append(
                            f"{name} {screen} {start}->{end}: said {s.dy}px, moved {truth}px"
                        )
    return bad


def test_far_moves_state_no_offset_but_the_phones() -> None:
    assert far_jumps(0, 150) == OPEN


def test_a_row_no_dump_identifies_is_not_near() -> None:
    """The walk's step (tablet, seed 5, step 143) and the Feed from 1,635 to 0: a row is on
    screen in both frames, but nothing of it tells it from another card, so the grader
    accepts the page the delta says (and the true offset, the one the second reads off the
    sliver); a card whose title shows in both is still near."""
    for start, end in ((7_677, 9_378), (1_635, 0)):
        pg = Playground(profile=PRESETS["tablet"])
        pg.launch_app(APP, ".FeedActivity")
        pg.state.feed.offset = start
        sa = snapshot(pg)
        pg.state.feed.offset = end
        (s,) = find_scrolls(sa, snapshot(pg))
        assert (s.near, s.blind, bool(s.unknown)) == (False, True, True), (start, end)
        a, b = _frames("tablet", "FeedActivity", start, end)
        text = observe_delta(a, b, max_lines=None).text
        if start == 7_677:  # the empty sliver: no vote at all (the other reads 1,246 px)
            assert "about a page" in text.splitlines()[0], text
        grade = Grader(sa, snapshot(pg), told=False).grade(text)
        assert (grade.false, grade.missed) == ([], []), (start, end, grade)
    pg.state.feed.offset = 1_000
    sa = snapshot(pg)
    pg.state.feed.offset = 1_400
    (s,) = find_scrolls(sa, snapshot(pg))
    assert (s.near, s.blind, s.unknown) == (True, False, set())
