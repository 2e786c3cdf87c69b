"""A swipe that started on nothing that scrolls says so, whatever else the step showed
(issue 18, item 3: "a gesture that hit no scrollable says so").

Found by ``bench_agent.py`` (tablet, seed 7004, step 59): a swipe from the status bar on the
Inbox while mail came in at the list's top (a refresh finishing, a push). The rows the new
mail pushed down are the evidence :func:`deltarec.core.diff.new_rows.pushed_only` keeps for a
list the finger may have scrolled past them; a finger that started outside every scrollable
scrolled none, yet the reply left out its ``↕ nothing scrolled`` line.

Generated: every preset, the Inbox at its top with 0-3 messages arriving (a push or a refresh
the last step started), a swipe of any direction and length from a point the phone gives to
no scrollable (its own :func:`~deltarec.core.devices.virtual.views.swipe_target`) outside the
list's box: the status bar, the toolbar, the navigation bar. A push with no refresh circle
reads as the scroll up its dumps also are, with the insertion as its other reading
(:mod:`tests.core.truth.test_inbox_mail`: an app may scroll a list itself), and says no more.
"""

from __future__ import annotations

import re

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.virtual.playground import Playground
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.devices.virtual.views import swipe_target
from deltarec.core.diff.gesture import Gesture
from deltarec.core.observe.model import Observation
from deltarec.core.observer import observe_delta

APP = "dev.deltarec.playground"
DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


def _obs(pg: Playground) -> Observation:
    return parse_uiautomator(pg.dump_xml(), screen=pg.window_size())


@settings(max_examples=40, deadline=None)
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    mail=st.integers(0, 3),
    refresh=st.booleans(),
    direction=st.sampled_from(sorted(DIRECTIONS)),
    length=st.integers(50, 4000),
    where=st.data(),
)
def test_a_swipe_from_outside_every_scrollable_says_so(
    preset: str, mail: int, refresh: bool, direction: str, length: int, where: st.DataObject
) -> None:
    pg = Playground(profile=PRESETS[preset])
    pg.launch_app(APP, ".InboxActivity")
    before = _obs(pg)
    lists = [n.bounds for n in before.walk() if n.resource_id.endswith("inbox_list")]
    assert len(lists) == 1
    box = lists[0]
    width, height = pg.window_size()
    band = where.draw(st.sampled_from(["above", "below"]), label="band")
    y = where.draw(st.integers(0, box.top - 1) if band == "above" else st.integers(box.bottom, height - 1), label="y")  # fmt: skip
    x = where.draw(st.integers(0, width - 1), label="x")
    dx, dy = DIRECTIONS[direction]
    axis = "v" if dy else "h"
    if swipe_target(pg.windows(), x, y, axis):
        return  # the phone gives this start to a scrollable: another test's case
    if refresh:
        pg.state.inbox.refreshing = True  # the last step's pull: the circle shows now
        before = _obs(pg)
    pg.push_mail(mail)
    x2, y2 = x + dx * length, y + dy * length
    clamped = not (0 <= x2 < width and 0 <= y2 < height)
    x2, y2 = min(max(x2, 0), width - 1), min(max(y2, 0), height - 1)
    gesture = Gesture(x, y, x2, y2, clamped=clamped)
    assume(gesture.swipe)  # cut to the screen's edge, it may be no swipe at all
    pg.swipe(x, y, x2, y2, 300)
    after = _obs(pg)
    text = observe_delta(before, after, gesture=gesture).text
    if mail and not refresh:  # a push, no circle: the dumps are a scroll's too (hedged)
        assume(not re.search(r"or its top (\d+ rows|row) came in new", text.splitlines()[0]))
    assert f"↕ nothing scrolled: the swipe from ({x},{y})" in text, text
