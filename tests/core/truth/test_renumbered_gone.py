"""An element renumbered during a visit and then gone again, its screen come back to,
generated (issue 18, item 5: the "renumbered in a visit" class stop 54 left open).

An agent that read ``[21]`` for the Article's title at entry, then ``[70]`` for it after the
page was turned down and back up (the web page's blocks are recycled content, renumbered
across a page), then saw it scroll out again, must see ``[70]`` when the Article is opened
again at its top: the screen's latest frame no longer shows the title, so the entry frame
recalled gave it its entry number (``small`` seed 0: ``[21, 70]→[21]``).

A seeded walk through the executor's own Session on every screen with a list or a page
(the Feed, the Article, the Inbox) and every profile: the list dragged far down a few times,
back up past its top (its first rows leave and come back, renumbered where the dumps cannot
keep them), down again (they leave again), back to the main screen, then the screen opened
again by its button or launched. Graded by the PHONE's identity
(:class:`tests.core.truth.test_come_back_renumbered.Visit`): every element the return shows
under a name of its own, not cut to a sliver then or at its last reply, has the number the
last reply that showed it gave it; a number never names another element than it last did.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from deltarec.core.devices.virtual.layout import APP_PACKAGE
from tests.core.truth.test_come_back_renumbered import OPENED, Visit


def later_number_lost(v: Visit) -> list[str]:
    """Elements of the frame last shown under another number than the last one a reply
    showed them with, and numbers another element held last."""
    shown = v.shown()
    counts = Counter((role, name) for _, _, role, name in shown)
    out = []
    for number, ident, role, name in shown:
        if counts[role, name] != 1 or not name:
            continue
        (w1, h1), (w2, h2) = v.size.get(ident, (0, 0)), v.box(number)
        if 2 * min(w1, w2) < max(w1, w2) or 2 * min(h1, h2) < max(h1, h2):
            continue  # cut to a sliver then or now: a sliver's pair is a guess
        had = v.had.get(ident, [])
        if had and had[-1] != number:
            out.append(f"{name!r} {had}→[{number}]")
        was = v.owner.get(number)
        if was is not None and was != ident:
            out.append(f"[{number}] {name!r} was {'/'.join(was[-2:])}")
    return out


def walk(seed: int, profile: str, activity: str) -> tuple[list[object], list[str]]:
    """The seeded walk of the module docstring: what it did, and what the return got wrong."""
    rng = random.Random(seed)
    v = Visit(profile)
    v.tap(f"open:{activity}")
    done: list[object] = []
    far = rng.randint(2, 4)
    for dy in [rng.randint(900, 1400) for _ in range(far)]:
        v.drag(dy)
        done.append(dy)
    for dy in [-rng.randint(900, 1400) for _ in range(far + 1)]:
        v.drag(dy)
        done.append(dy)
    dy = rng.randint(300, 1400)
    v.drag(dy)
    done.append(dy)
    v.act("AC_back")
    route = rng.choice(("open", "launch"))
    done.append(route)
    if route == "open":
        v.call("AC_tap", v.centre(f"open:{activity}"))
    else:
        v.call("AC_launch_app", {"package": APP_PACKAGE, "activity": "." + activity})
    return done, later_number_lost(v)


@pytest.mark.parametrize("activity", OPENED)
@pytest.mark.parametrize("profile", ["phone", "small", "tablet"])
def test_an_element_renumbered_in_a_visit_and_gone_again_keeps_its_later_number(
    profile: str, activity: str
) -> None:
    failed = {}
    for seed in range(3):
        done, found = walk(seed, profile, activity)
        if found:
            failed[seed] = (done, found)
    assert failed == {}


@pytest.mark.parametrize("profile", ["small", "tablet"])
@pytest.mark.parametrize(
    "drags",
    [
        [1008, -392, 1393],  # the Article's paragraphs [24, 83]→[24] on the tablet
        [1140, -666, 811],
        [217, 608, 608, 596, -948, 466],  # 'Desk lamp' [30, 101]→[30]
    ],
)
def test_the_article_dragged_back_and_on_then_opened_again(profile: str, drags: list[int]) -> None:
    """Shorter walks, found by a random walk over the Article: a paragraph renumbered in the
    visit sits in a wrapper whose own key changes as the page is cut (a first reading keyed
    by the wrapper missed it)."""
    v = Visit(profile)
    v.tap("open:ArticleActivity")
    for dy in drags:
        v.drag(dy)
    v.act("AC_back")
    v.call("AC_tap", v.centre("open:ArticleActivity"))
    assert later_number_lost(v) == []
