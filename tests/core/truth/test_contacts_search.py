"""Contacts' search, generated: a list filtered as the caller types, graded by the phone.

A seeded walk on Contacts (:mod:`deltarec.core.devices.virtual.screen_contacts`), every
profile, whose steps are what one searching a list does: tap the search field, type a
letter, a name's start, a query nothing matches or a space; delete a key; drag or fling the
filtered list; close the keyboard (back) and open it again. Each step is graded as the
truth walk grades it (:func:`tests.core.truth.walk.check`): no false line, no missed fact,
the list's scroll as the phone's offset moved (a query that filters it lays it out anew at
its top: no scroll, :func:`benchmarks.bench_session.relaid_lists`), each element once.
The phone's state (the query, the offset) is the truth.
"""

from __future__ import annotations

import random
from functools import lru_cache

from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.profile import parse_profile
from tests.core.truth.walk import Gesture, _swipe_class, driven

QUERIES = ("a", "ad", "Ada", "an", "li", "e", "Ken", "zr", " ", "ar", "o")


def draw(rng: random.Random, pg: Playground) -> Gesture:
    """One step of a search (module docstring)."""
    width, height = pg.window_size()
    r = rng.random()
    if r < 0.15:  # the search field (focus: the keyboard opens)
        return Gesture("tap", (width // 2, height * 14 // 100), "tap")
    if r < 0.45:
        return Gesture("type", (rng.choice(QUERIES),), "type")
    if r < 0.6:
        return Gesture("key", ("del",), "key")
    if r < 0.68:
        return Gesture("key", ("back",), "back")
    length = int(60 * (40 ** rng.random()))
    sign = rng.choice((-1, 1))
    x = rng.randint(40, width - 40)
    y1 = rng.randint(height * 30 // 100, height * 60 // 100)
    y2 = max(0, min(height - 1, y1 + sign * length))
    ms = rng.choice((60, 300, 600))
    return Gesture("swipe", (x, y1, x, y2, ms), _swipe_class(0, y2 - y1, ms))


OPEN = 0
"""Steps with a violation over the sample (seeds 0-1, phone, small, tablet: 180 steps), a
ratchet: 7 on ``i-agent4`` (stop 56), 0 since ``i-search`` read a list filtered as its
search box's text changed as rows taken out and put back (:mod:`deltarec.core.diff.filtered`)."""


@lru_cache(maxsize=1)
def sample() -> tuple[str, ...]:
    """Each step of the sample with a violation: its first violation and the reply."""
    return tuple(
        f"{profile} seed {seed} step {s.number} {s.gesture}: {s.violations[0]}\n{s.text}"
        for profile in ("phone", "small", "tablet")
        for seed in (0, 1)
        for s in driven(seed, 30, draw, start="ContactsActivity", profile=parse_profile(profile))
        if s.violations
    )


def test_a_search_filtering_a_list_no_worse_than_it_was() -> None:
    assert len(sample()) <= OPEN, "\n".join(sample()[:3])


def test_a_search_filtering_a_list_is_said_as_the_phone_did_it() -> None:
    """Closed (found by this generator when the scene was added, 7 of 180 steps): rows a
    query filtered out at the list's top read ``↕ … scrolled down 672px (…), or its rows
    "Ada Hopper", … were removed`` (a scroll stated where the offset never moved), and rows
    a deleted key put back ``↕ … scrolled about a page or more``. A typed key moves no
    finger, but "no touch, no scroll" is no rule (a form scrolls its focused field into
    view); the evidence is the step's: the search box outside the list changed its text
    and the list's first row sits whole at its top (:func:`deltarec.core.diff.filtered.filtered`)."""
    assert sample() == (), "\n".join(sample()[:3])
