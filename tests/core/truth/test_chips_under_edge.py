"""The Feed's chips swiped sideways while the feed's top edge cuts them (issue 18).

A swipes-only Feed walk on the large phone (``bench_truth --swipes-only --start
FeedActivity --profile large``, seed 5 step 127, ``swipe(1347,465,1082,450,300)``): the feed
had scrolled its header under the toolbar, so the edge cut the carousel and every chip in
it to the same sliver; the chips moved 237 px sideways, and the delta said ``↕ nothing
scrolled … "feed_chips" moved nothing`` and listed the chip that came in as ``+``. A sliver
cut by an edge voted for no move unless the outer scroll made it (one cut by the top edge
now and the bottom one before is as high by chance) — a chip cut alike by the same edge in
both frames, moved along it, is no chance: it votes
(:func:`deltarec.core.diff.host._along_edge`).

:func:`chip_swipes` generates the class: any preset, the feed at any offset that cuts the
carousel (or not), the chips from any offset to any other, with and without the gesture,
where a chip shows whole in both frames. Before: 62 of the 300 first generated swipes
stated something false or missed the scroll; after: none.

Far swipes (issue 18), where no chip shows whole in both frames, run too: only a chip cut
by the carousel's side edge stayed (phone, feed at 0, chips 101→1,068; small, chips
939→385). The edges that cut a carousel's items are its left and right ones
(:mod:`deltarec.core.diff.axis`): such a chip votes by its uncut edge, and a chip, a label
itself, names its place by its text even when cut. Before: 18 of 144 seeded swipes
(``random.Random(1)``, far included) stated something false or missed the scroll
(every one far); after: none.

When every chip that stayed is cut by one side edge, then by the other (phone, feed 0,
chips 56→1,023: "Technology" at the right edge, then at the left), the carousel turned
about a page, and the chip that crossed the view says which way (:func:`deltarec.core.
diff.pages.page`). Cases where the feed's edge cut every chip away (feed at 264-276 on
the phone and the small preset) show nothing of the swipe and are skipped.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.bench_session import Grader, find_scrolls, snapshot
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.devices.virtual.screen_feed import max_chips_offset
from deltarec.core.diff.gesture import Gesture
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node
from deltarec.core.observer import observe_delta
from tests.core.truth.scroll_truth import scroll_truth

APP = "dev.deltarec.playground"


@dataclass(frozen=True)
class ChipSwipe:
    profile: str
    feed: int
    """The feed's offset (lu): from 0 (the carousel whole) to past the carousel's bottom."""
    start: int
    end: int
    told: bool


@st.composite
def chip_swipes(draw: st.DrawFn) -> ChipSwipe:
    top = max_chips_offset()
    start = draw(st.integers(0, top))
    return ChipSwipe(
        draw(st.sampled_from(sorted(PRESETS))),
        draw(st.integers(0, 280)),
        start,
        draw(st.integers(0, top).filter(lambda end: abs(end - start) >= 30)),
        draw(st.booleans()),
    )


def violations(c: ChipSwipe) -> list[str]:
    """What the delta of the swipe states falsely or misses, and its JSON's wrong scrolls."""
    profile = PRESETS[c.profile]
    pg = Playground(profile=profile)
    pg.launch_app(APP, ".FeedActivity")
    pg.state.feed.offset, pg.state.feed.chips_offset = c.feed, c.start
    a, sa = parse_uiautomator(pg.dump_xml(), screen=pg.window_size()), snapshot(pg)
    frame = Frame(a)
    chips = [k for k, n in enumerate(frame.nodes) if n.resource_id.endswith(":id/feed_chips")]
    if not chips or frame.nodes[chips[0]].bounds.height <= 2:
        return []  # the carousel is (all but) gone under the toolbar: nothing to swipe on
    box = frame.nodes[chips[0]].bounds
    pg.state.feed.chips_offset = c.end
    b, sb = parse_uiautomator(pg.dump_xml(), screen=pg.window_size()), snapshot(pg)
    if not _shown(frame) or not _shown(Frame(b)):
        return []  # the feed's edge cut every chip away: nothing of the swipe shows
    dx = round((c.start - c.end) * profile.width / profile.layout_size[0])
    # The finger stays on the screen: a swipe further than the screen is wide is a fling
    # (the content goes on past the finger's reach).
    x1 = min(max(profile.width // 2 - dx // 2, 1), profile.width - 2)
    x2 = min(max(x1 + dx, 1), profile.width - 2)
    y = (box.top + box.bottom) // 2
    gesture = Gesture(x1, y, x2, y, 300) if c.told else None
    result = observe_delta(a, b, max_lines=None, gesture=gesture)
    grader = Grader(sa, sb, told=c.told)
    grade = grader.grade(result.text)
    near = any(s.near for s in find_scrolls(sa, sb)) if grader.scrolls else None
    truth = scroll_truth(sa.state, sb.state, result, near, profile)
    return [f"{c}: {v}" for v in grade.false + grade.missed + truth]


def _chips(frame: Frame) -> tuple[Bounds, list[Node]]:
    pos = next(k for k, n in enumerate(frame.nodes) if n.resource_id.endswith(":id/feed_chips"))
    return frame.nodes[pos].bounds, [frame.nodes[k] for k in frame.children[pos]]


def _shown(frame: Frame) -> bool:
    """Whether a chip shows in the carousel (the feed's edge may cut them all away)."""
    return bool(_chips(frame)[1])


@settings(max_examples=150, deadline=None)
@given(chip_swipes())
def test_chips_swiped_under_the_feeds_edge_scroll_sideways(swipe: ChipSwipe) -> None:
    """The generated class (module docstring): no false or missed line, and the JSON's
    scroll is the phone's."""
    assert violations(swipe) == []
