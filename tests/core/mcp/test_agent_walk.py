"""A dealt sample of the seeded agent sessions (:mod:`tests.core.mcp.agent_walk`): the SDK's
client drives the MCP server on the virtual phone as an agent does, and every reply holds to
its names, numbers, swipe facts, titles, returns and budgets.

The whole sweep is ``python benchmarks/bench_agent.py``; the walks here are the ones that
found a class, each of which failed before its fix (the tablet and the other profiles run in
the benchmark).
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import anyio
import pytest

from deltarec.core.devices.virtual.layout import APP_PACKAGE
from tests.core.mcp.agent import agent
from tests.core.mcp.agent_walk import ACTIVITIES, Walk, walk

WALKS = [
    pytest.param(305, 6, "phone", id="budget-keyboard-closed"),  # structuredContent's diff URI
    pytest.param(0, 28, "phone", id="swipe-on-a-snackbar"),  # "on [14] list" vs "outside"
    pytest.param(141, 6, "tablet", id="swipe-under-its-own-snackbar"),  # read before the step
    # issue 18, one number and one name per element for the session (agent_numbers.py):
    pytest.param(0, 3, "phone", id="bar-the-clock-renumbered-in-an-app"),
    pytest.param(66, 24, "phone", id="relaunch-the-article-renumbered"),
    pytest.param(55, 17, "phone", id="stale-a-label-toggled-beside-its-twins"),
    pytest.param(138, 14, "tablet", id="stale-the-wifi-icon-renamed"),
    pytest.param(5025, 36, "phone", id="stale-a-label-three-rows-showed"),
    # stop 53: a feed left scrolled and liked, launched again at its top (renumbered two
    # cards' labels; test_come_back_fresh generates the class), and a row renamed unseen as
    # a refresh pushed it onto the list's edge while a message was read, then back to the
    # Inbox: its printed name found nothing
    pytest.param(14039, 73, "phone", id="relaunch-a-feed-left-scrolled-and-liked"),
    pytest.param(15000, 33, "phone", id="stale-a-row-renamed-while-away-then-back-to"),
    # stop 54: back to a message opened at step 7 after another message of the same sender
    # (the same screen title) was read: the other's numbers carried onto it; a swipe a
    # dialog took replied "no change", saying nothing of where it went
    pytest.param(14084, 43, "phone", id="relaunch-another-message-of-the-same-sender"),
    pytest.param(14002, 37, "phone", id="budget-a-swipe-a-dialog-took"),
    # stop 55: an archive put an ad row (no resource id) in at the list's bottom edge, cut
    # to a 30 px sliver that shows none of its texts: `+ [275] button ""`
    pytest.param(18002, 80, "phone", id="said-a-cut-row-named-by-nothing"),
    # a grader's: a swipe from the navigation bar's strip under a dialog, said to go to the
    # dialog (it is modal), was taken for a swipe on nothing scrollable left unsaid
    pytest.param(22009, 69, "small", id="swipe-from-the-nav-bar-a-dialog-took"),
    # a grader's: Airplane mode off, "~ [14] button "Wi-Fi · On" (enabled: …)" renamed the
    # row's label [16] "Airplane mode is on" → "On" through the row's new name; the walk
    # kept the old name and took the tap on [16] for a tap on another element
    pytest.param(24020, 35, "large", id="index-a-label-renamed-through-its-rows-line"),
    # stop 56: the Article's first row of tiles, cut by the bottom edge, dragged to the top
    # (read as a page, the tiles renumbered; their entry numbers back at a relaunch:
    # test_web_cut_labels generates the class); a grader's: an archive moved a row cut by
    # the list's edge up whole, "+ [110] text …" said the label that came into it, and the
    # walk kept the cut row's name [107] "Barbara · Mar 8" and took the tap for another's
    pytest.param(14129, 64, "small", id="relaunch-a-tile-cut-then-whole-after-a-drag"),
    pytest.param(14257, 42, "tablet", id="relaunch-tiles-cut-by-both-edges-after-a-drag"),
    pytest.param(14159, 28, "small", id="index-a-label-came-into-a-cut-row"),
]


@pytest.mark.parametrize(("seed", "steps", "profile"), WALKS)
def test_an_agent_session_holds_to_what_its_replies_said(
    seed: int, steps: int, profile: str
) -> None:
    result = anyio.run(walk, seed, steps, profile)
    assert result.violations == (), "\n".join(map(str, result.violations))


WIDE_WALKS = [
    # stop 57, a grader's: a Contacts row printed whole, "Anna Ritchie · +1 555 0109", then
    # cut by the list's bottom edge after a scroll up: the tap's facts line names it by the
    # part it shows, "Anna Ritchie", and the walk took the tap for one on another element
    pytest.param(35002, 26, "tablet", id="index-a-row-cut-to-the-first-of-its-labels"),
]


@pytest.mark.parametrize(("seed", "steps", "profile"), WIDE_WALKS)
def test_a_wide_agent_session_holds_to_what_its_replies_said(
    seed: int, steps: int, profile: str
) -> None:
    result = anyio.run(walk, seed, steps, profile, True)
    assert result.violations == (), "\n".join(map(str, result.violations))


async def tour() -> tuple[str, list[str]]:
    """The reduced case of seed 21's session (step 56): every activity of the Playground and a
    message, then home. The launcher is the tenth screen back: ``» back to``, its numbers
    kept."""
    async with agent(Path(tempfile.mkdtemp(prefix="deltarec-tour-"))) as a:
        w = Walk(a, -1, random.Random(0))
        await w.call("ac_describe_screen")
        for activity in ACTIVITIES:
            await w.call("ac_launch_app", {"package": APP_PACKAGE, "activity": activity})
        await w.call("ac_launch_app", {"package": APP_PACKAGE, "activity": ".InboxActivity"})
        await w.call("ac_tap", {"selector": {"name": "Standup moved #1"}})  # a message
        home = await w.call("ac_home")
        return home, [str(v) for v in w.violations]


def test_the_launcher_after_a_tour_of_every_screen_is_the_launcher_back() -> None:
    home, violations = anyio.run(tour)
    assert home.startswith("» back to Launcher"), home
    assert violations == []
