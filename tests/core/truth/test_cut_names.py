"""A row its list's edge cuts keeps the name it was shown under while it keeps its number
(issue 18 item 5: one name per element), generated over every list screen of the virtual
phone and graded by the phone (:mod:`tests.core.truth.names` with
:mod:`tests.core.truth.phone_shows`: a name that changed is excused only where the phone says
the element was edited, or drawn cut then and whole now).

Each list (the Inbox, the Feed, Settings, Contacts, the Article's web page) is moved in
steps of :data:`STEP` lu down and back up (so its edges cut rows to slivers of every
height), one :class:`Observer` session per list and preset. Found by ``bench_names --virtual`` with the honest grader: an Inbox row
``"Grace · Standup moved #1 · Mar 8"`` read ``"Standup moved #1"`` once the list's top edge
cut its sender and date away, its number kept (seed 3 step 11).
"""

from __future__ import annotations

import pytest

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.observer import Observer
from tests.core.truth.names import NameLog
from tests.core.truth.numbers import phone_identities
from tests.core.truth.phone_shows import phone_shows

STEP = 37
"""lu a step moves the list (prime to every row height, so the edges cut every height)."""
LISTS = {
    "InboxActivity": "inbox",
    "FeedActivity": "feed",
    "SettingsActivity": "settings",
    "ContactsActivity": "contacts",
    "ArticleActivity": "article",
}


def stepped(far: int = 1_500) -> list[int]:
    """Down in steps, back up in steps."""
    down = list(range(0, far, STEP))
    return [*down, *down[::-1]]


def cut_session(activity: str, preset: str, offsets: list[int]) -> NameLog:
    """One session on ``activity``'s list at each of ``offsets`` in turn, graded."""
    pg = Playground(profile=PRESETS[preset])
    pg.launch_app(APP_PACKAGE, "." + activity)
    scroller = getattr(pg.state, LISTS[activity])
    log, observer = NameLog(), Observer()
    for step, offset in enumerate(offsets):
        scroller.offset = offset
        obs = parse_uiautomator(pg.dump_xml())
        index = observer.reset(obs) if step == 0 else observer.step(obs, max_lines=None).index
        log.step(step, index, phone_identities(pg), phone_shows(pg))
    return log


@pytest.mark.parametrize("preset", ["phone", "small"])
@pytest.mark.parametrize("activity", list(LISTS))
def test_a_row_an_edge_cuts_keeps_its_name(activity: str, preset: str) -> None:
    log = cut_session(activity, preset, stepped())
    assert log.found == [], (len(log.found), log.found[:3])
    assert log.elements > 100
