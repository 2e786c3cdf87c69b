"""Rows that crossed the view of a list turned about a page (issue 18, class 2).

``bench_truth --profile small --seed 100`` (walk seed 106, the Inbox, step 122,
``swipe(140,1276,140,0,600)``): the ad row "Sponsored: offer 17" was cut by the bottom edge
(its sender "Ad", its date and 37 px of its subject showing) and, 1,276 px on, by the top
edge (40 px of its subject). No row stayed whole, so the list turned "about a page or more",
and inside such a list nothing pairs by place: the delta listed the row as ``+`` though it
never came in. :func:`crossings` generates the class on every screen size: a list moved so
that a row cut by the bottom edge is cut by the top edge after, any depth, with and without
the gesture. Before the fix 25 of 249 Inbox crossings (and every size) listed a row that
stayed as ``+``; after it none. The row is paired when one of its slivers shows only texts
the other shows, among them one no other row of the list shows in either frame (a subject
"#46"); a sender's sliver never is (senders repeat): see
:meth:`deltarec.core.diff.pair_evidence.Guard._crossed`.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.bench_session import Grader, expected_facts, snapshot
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.devices.virtual.screen_feed import CARD_COUNT, is_ad, item_tops
from deltarec.core.devices.virtual.screen_feed import max_offset as feed_max
from deltarec.core.devices.virtual.screen_inbox import max_offset as inbox_max
from deltarec.core.diff.gesture import Gesture
from deltarec.core.observe.frame import Frame
from deltarec.core.observer import observe_delta

APP = "dev.deltarec.playground"
LISTS = {"InboxActivity": ("inbox", inbox_max()), "FeedActivity": ("feed", feed_max())}


@dataclass(frozen=True)
class Crossing:
    profile: str
    screen: str
    start: int
    depth: float
    """How deep past the top edge the row's top goes after (a share of its height)."""
    told: bool
    back: bool = False
    """The same crossing the other way: from the end back to the start (a row cut by the
    top edge moved to be cut by the bottom one, content and finger moving down)."""


@st.composite
def crossings(draw: st.DrawFn, screen: str, back: bool = False) -> Crossing:
    """Any size, any start, a row cut by the bottom edge moved to be cut by the top one (or,
    ``back``, cut by the top edge moved to be cut by the bottom one)."""
    _, top = LISTS[screen]
    return Crossing(
        draw(st.sampled_from(sorted(PRESETS))),
        screen,
        draw(st.integers(0, top - 4_000)),
        draw(st.floats(0.0, 1.0)),
        draw(st.booleans()),
        back,
    )


def false_facts(c: Crossing) -> list[str]:
    """What the delta of the crossing states that the phone did not do (and missed facts)."""
    name, top = LISTS[c.screen]
    profile = PRESETS[c.profile]
    pg = Playground(profile=profile)
    pg.launch_app(APP, "." + c.screen)
    state = getattr(pg.state, name)
    state.offset = c.start
    a, sa = parse_uiautomator(pg.dump_xml(), screen=pg.window_size()), snapshot(pg)
    frame = Frame(a)
    host = next(k for k, n in enumerate(frame.nodes) if n.scrollable and frame.children[k])
    box = frame.nodes[host].bounds
    cut = [
        frame.nodes[k].bounds
        for k in frame.children[host]
        if frame.children[k]
        and frame.nodes[k].bounds.bottom >= box.bottom > frame.nodes[k].bounds.top
    ]
    if not cut:
        return []
    row = cut[0]
    up = row.top - box.top + 1 + int(c.depth * max(1, row.height - 2))  # px the content goes
    end = min(top, c.start + round(up * profile.layout_size[1] / profile.height))
    state.offset = end
    b, sb = parse_uiautomator(pg.dump_xml(), screen=pg.window_size()), snapshot(pg)
    x, y = profile.width // 2, box.bottom - 20
    gesture = Gesture(x, y, x, max(0, y - up), 600) if c.told else None
    if c.back:  # the same crossing the other way: from the end back to the start
        a, sa, b, sb = b, sb, a, sa
        y = box.top + 20
        gesture = Gesture(x, y, x, min(profile.height - 1, y + up), 600) if c.told else None
    text = observe_delta(a, b, max_lines=None, gesture=gesture).text
    grade = Grader(sa, sb, told=c.told).grade(text)
    return [f"{c}: {f}" for f in grade.false + grade.missed]


@settings(max_examples=75, deadline=None)
@given(crossings("InboxActivity"))
def test_a_row_that_crossed_the_inbox_is_never_new(crossing: Crossing) -> None:
    """The generated class: a row cut by the bottom edge, then by the top edge, is never
    listed as ``+`` (nor is anything false or missed)."""
    assert false_facts(crossing) == []


@settings(max_examples=75, deadline=None)
@given(crossings("InboxActivity", back=True))
def test_a_row_that_crossed_the_inbox_downward_is_never_new(crossing: Crossing) -> None:
    """The same class the other way (content moving down): a row cut by the top edge, then
    by the bottom edge, where it shows only its sender and date ("Barbara · Mar 24": its
    subject is below the edge). No column tells it from a row of that sender 28 days on, so
    it is not paired, and a page listed it as ``+``: 64 of 200 such crossings before, none
    after (:func:`deltarec.core.diff.pages.crossed`: what the row the other edge cut showed
    may have stayed, and is not listed as come in)."""
    assert false_facts(crossing) == []


@settings(max_examples=50, deadline=None)
@given(crossings("FeedActivity", back=True))
def test_a_card_that_crossed_the_feed_downward_is_never_new(crossing: Crossing) -> None:
    """The Feed's cards the same way: an author strip ("Lena Vogel · 2h") at the bottom edge
    after the card's top part showed at the top edge (2 of 200 before). The other one: the
    large phone's Feed from 274 to 2,102 lu without the gesture read ``» new screen`` and no
    scroll — a strip of one author's card at the bottom edge, whole after, and a card of
    another author's turn whole before, a strip after, voted for opposite moves, and the
    whole-and-strip pair counted as a row that stayed, so no page either
    (:func:`deltarec.core.diff.pages.page`); a forward crossing from 274 read the same."""
    assert false_facts(crossing) == []


def test_the_walks_ad_row_stayed() -> None:
    """The walk's step (module docstring) as the phone has it: the Inbox from 1,362 to 3,037
    lu on the small phone, the gesture told. The ad row is no ``+``: the page lists the ten
    rows that came in. (Two dumps cannot measure it: the row's subject is cut in both.)"""
    pg = Playground(profile=PRESETS["small"])
    pg.launch_app(APP, ".InboxActivity")
    pg.state.inbox.offset = 1_362
    a, sa = parse_uiautomator(pg.dump_xml(), screen=pg.window_size()), snapshot(pg)
    pg.swipe(140, 1292, 140, 0, 600)  # 1,292 px less the touch slop (16 px at 320 dpi)
    assert pg.state.inbox.offset == 3_037
    b, sb = parse_uiautomator(pg.dump_xml(), screen=pg.window_size()), snapshot(pg)
    text = observe_delta(a, b, max_lines=None, gesture=Gesture(140, 1292, 140, 0, 600)).text
    assert text == "\n".join(
        [
            '↕ [5] list "inbox_list" scrolled down about a page or more (+10 rows, -10 rows)',
            '+ [43] button "Linus · Re: build is green #18 · Mar 19"',
            '+ [47] button "Margaret · Q&A session notes #19 · Mar 18"',
            '+ [51] text "Week 3"',
            '+ [52] button "Barbara · Invoice 42 #21 · Mar 16"',
            '+ [56] button "Dennis · Lunch on Friday? #22 · Mar 15"',
            '+ [60] button "Frances · Standup moved #23 · Mar 14"',
            '+ [64] button "Ad · Sponsored: offer 24 · Mar 13"',
            '+ [67] button "Grace · Café menu #25 · Mar 12"',
            '+ [71] button "Linus · Weekend hike #26 · Mar 11"',
            '+ [75] button "Margaret · Mar 10"',
        ]
    )
    assert Grader(sa, sb).grade(text).false == []


@dataclass(frozen=True)
class AdCrossing:
    profile: str
    ad: int
    """Which ad card (the 0th, 1st, … of the Feed)."""
    before: float
    """How much of the ad shows at the bottom edge before (a share of its height)."""
    after: float
    """And at the top edge after."""


@st.composite
def ad_crossings(draw: st.DrawFn) -> AdCrossing:
    """Any size, any ad, cut by the bottom edge by any amount, then by the top edge."""
    return AdCrossing(
        draw(st.sampled_from(sorted(PRESETS))),
        draw(st.integers(0, 3)),
        draw(st.floats(0.0, 1.0)),
        draw(st.floats(0.0, 1.0)),
    )


def grader_facts(c: AdCrossing) -> list[str]:
    """What the grader expects of the crossing besides the scroll and its rows (nothing:
    the phone moved one offset and changed no view)."""
    profile = PRESETS[c.profile]
    pg = Playground(profile=profile)
    pg.launch_app(APP, ".FeedActivity")
    width = profile.layout_size[0]
    tops = item_tops(width)
    card = [k for k in range(CARD_COUNT) if is_ad(k)][c.ad]
    top, height = tops[card + 1], tops[card + 2] - tops[card + 1] - 12
    (view,) = [
        v for w in pg.layout_windows() for v in w.root.walk() if v.rid.endswith(":id/feed_content")
    ]
    seen = view.bounds[3] - view.bounds[1]
    shown_b, shown_a = (1 + int(f * (height - 2)) for f in (c.before, c.after))
    pg.state.feed.offset = max(0, top + shown_b - seen)
    before = snapshot(pg)
    pg.state.feed.offset = min(feed_max(), top + height - shown_a)
    facts, _ = expected_facts(before, snapshot(pg))
    return [f"{c}: {f.kind} {f.what}" for f in facts if f.kind not in ("scroll", "row")]


@settings(max_examples=75, deadline=None)
@given(ad_crossings())
def test_an_ad_that_crossed_the_feed_changed_nothing_for_the_grader(crossing: AdCrossing) -> None:
    """The grader's own class (swipes-only Feed walks, ``bench_truth --swipes-only --start
    FeedActivity``: tablet seed 1 step 86, phone seed 8 step 94, small seeds 3/61 and 8/87):
    an ad card (no ids) cut by the bottom edge shows its avatar, and after crossing the view
    only its photo; both are ``ImageView`` leaves of one card, the grader keyed them alike
    and expected a description change ('Deskly Pro' → 'Photo') the phone never made. A leaf
    known only by its class inside a scroller's item is now known by its place in its parent
    too (``benchmarks.bench_session._spot``)."""
    assert grader_facts(crossing) == []
