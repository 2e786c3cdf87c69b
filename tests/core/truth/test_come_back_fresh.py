"""A screen left after scrolling it, come back to as a fresh instance at its top, generated
(issue 18, item 5; found by ``bench_agent`` phone seeds 14031 step 65 and 14087 step 75).

From the app's main screen a screen is opened (the Feed, the Article, the Inbox), scrolled
(and a card liked), left by back; then ``k`` other screens are opened and left (some of
them several times), ``k`` up to the observer's memory and beyond; then the screen is opened
again by the same route. A new instance starts at its top, showing what the phone showed
when the screen was first entered (ground truth: every view of the app's window, text,
description, box and state, as at that step). While the observer still remembers that
screen, the reply must be ``» back to … (as after step N)``, graded against what step N
showed (:func:`tests.core.truth.steps.violations`), and every element it showed then under
a name of its own keeps its number. Was: ``» new screen …`` listing every element again,
numbered as before (the remembered frame, the one left scrolled, was refused: a screen
whose content scrolled since is no screen come back to).
"""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.observe.index import ElementIndex
from tests.core.truth.steps import Steps, violations

OPENED = ("FeedActivity", "ArticleActivity", "InboxActivity")
OTHERS = ("SettingsActivity", "ClockActivity", "SignUpActivity", "FeedActivity",
          "ArticleActivity", "InboxActivity")  # fmt: skip
Look = tuple[tuple[str, tuple[int, int, int, int], str, str, bool, bool, bool], ...]


def look(pg: Playground) -> Look:
    """What the app's window shows: every view's class, box, text, description and state."""
    return tuple(
        (v.cls, v.bounds, v.text, v.desc, v.checked, v.selected, v.enabled)
        for w in pg.windows()
        if w.kind == "app"
        for v in w.root.walk()
    )


def kept(then: ElementIndex, now: ElementIndex) -> list[str]:
    """Elements ``then`` showed under a role and name of their own, shown so now under
    another number."""

    def own(index: ElementIndex) -> dict[tuple[str, str], int]:
        said = [
            ((index.frame.nodes[e.pos].role, index.names[e.pos]), e.index) for e in index.elements
        ]
        counts: dict[tuple[str, str], int] = {}
        for k, _ in said:
            counts[k] = counts.get(k, 0) + 1
        return {k: i for k, i in said if counts[k] == 1 and k[1]}

    a, b = own(then), own(now)
    return [f"{k} [{a[k]}]→[{b[k]}]" for k in a.keys() & b.keys() if a[k] != b[k]]


def _has(pg: Playground, action: str) -> bool:
    return any(v.action == action for w in pg.windows() for v in w.root.walk())


def _visit(s: Steps, activity: str) -> None:
    s.tap(f"open:{activity}")
    s.step()
    s.pg.press_key("back")
    s.step()


@settings(max_examples=25, deadline=None)
@given(
    activity=st.sampled_from(OPENED),
    drags=st.lists(st.integers(60, 700), min_size=1, max_size=2),
    like=st.booleans(),
    others=st.lists(st.sampled_from(OTHERS), max_size=6),
    memory=st.integers(2, 8),
    route=st.sampled_from(("open", "launch")),
)
def test_a_screen_opened_again_at_its_top_is_back_to_the_step_that_showed_it(
    activity: str, drags: list[int], like: bool, others: list[str], memory: int, route: str
) -> None:
    s = Steps(".MainActivity")
    s.observer.recent = deque(s.observer.recent, maxlen=memory)
    s.tap(f"open:{activity}")
    entered = s.step()
    shown = look(s.pg)
    for length in drags:  # the finger moves up: the content scrolls down
        s.pg.swipe(540, 1600, 540, 1600 - length, 600)
        s.step()
    if like and _has(s.pg, "like:1"):
        s.tap("like:1")
        s.step()
    s.pg.press_key("back")
    s.step()
    for other in others:
        _visit(s, other)
    if route == "open":  # by the same route: its button on the main screen
        s.tap(f"open:{activity}")
        result = s.step()
    else:  # started by its activity (the agent's ac_launch_app: seed 14039 step 73)
        s.pg.launch_app(APP_PACKAGE, "." + activity)
        result = s.step(launched=True)
    assert violations(s, result) == [], result.text
    screens = {"MainActivity", *(o for o in others if o != activity)}
    if look(s.pg) != shown or len(screens) >= memory:
        return  # it shows something else, or the memory forgot it: nothing more required
    renumbered = kept(entered.index, result.index)
    assert renumbered == [], f"renumbered {renumbered}\n{result.text}"
    assert result.text.startswith("» back to"), result.text
