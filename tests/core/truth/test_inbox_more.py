"""The Inbox's pull to refresh and "load more" under the walk's oracles: a swipes-only walk
on the Inbox (drags down at its top pull it to refresh; flings reach its end, whose footer
loads a page at the next input) states only what the phone did, and it reaches both.

Generated first, before the fixes: the walk found the list read as "scrolled left about a
page" (rows listed twice) when a page arrived under a sideways drag
(:func:`deltarec.core.diff.page_gesture.with_gesture`: rows that stayed put were taken for twins
of a turned page), and the grader naming the refresh circle by the list's rows.
"""

from __future__ import annotations

from collections import Counter

import pytest

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.layout import APP_PACKAGE as APP
from deltarec.core.devices.virtual.screen_inbox import REFRESH_MAIL
from deltarec.core.diff.gesture import Gesture as Touch
from deltarec.core.observe.model import Observation
from deltarec.core.observer import observe_delta
from tests.core.truth import walk as walking
from tests.core.truth.walk import Gesture


def test_a_walk_on_the_inbox_refreshes_loads_more_and_states_only_what_the_phone_did(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: Counter[str] = Counter()
    perform = walking.perform

    def counted(pg: Playground, g: Gesture) -> None:
        inbox = pg.state.inbox
        was = (inbox.refreshing, inbox.pages)
        perform(pg, g)
        inbox = pg.state.inbox
        seen["refresh"] += not was[0] and inbox.refreshing
        seen["done"] += was[0] and not inbox.refreshing
        seen["page"] += inbox.pages - was[1]

    monkeypatch.setattr(walking, "perform", counted)
    bad = [
        (step.number, str(v))
        for step in walking.walk(0, 120, start="InboxActivity", swipes_only=True)
        for v in step.violations
    ]
    assert bad == []
    assert seen["refresh"] and seen["done"] and seen["page"], seen


def test_a_pull_to_refresh_and_its_end_are_said_as_what_they_are() -> None:
    """The circle over the list is one view that shows nothing: two dumps name it a refresh
    indicator (was: ``~ layout: 1 off-screen or unlabelled elements added or removed``); with the
    finger told, the refresh started and the swipe moved nothing. The refresh done takes it away again."""
    pg = Playground()
    pg.launch_app(APP, ".InboxActivity")
    a = _obs(pg)
    pg.swipe(540, 300, 540, 1500)  # the list is at its top: a pull
    b = _obs(pg)
    told = observe_delta(a, b, gesture=Touch(540, 300, 540, 1500)).text
    circle = '+ refresh indicator over [5] list "inbox_list" (a refresh started)'
    assert told.splitlines() == [
        circle,
        '↕ nothing scrolled: the swipe from (540,300) on [5] list "inbox_list" moved nothing',
    ]
    assert observe_delta(a, b).text == circle
    pg.state.inbox.refreshes = REFRESH_MAIL.index(0)  # a refresh that brings no mail
    pg.type_text("x")  # the next input: the refresh is done, no mail came
    done = '- refresh indicator over [5] list "inbox_list" (refresh done)'
    assert observe_delta(b, _obs(pg)).text == done
    assert _obs(pg) == a


def _obs(pg: Playground) -> Observation:
    return parse_uiautomator(pg.dump_xml(), screen=pg.window_size())
