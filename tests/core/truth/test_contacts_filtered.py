"""A list filtered as the caller types, widened: scrolled first, the first row kept, dicts.

:mod:`tests.core.truth.test_contacts_search` walks Contacts' search from the list's top.
Real search lists are filtered in more shapes, and this walk makes them on purpose
(:func:`draw`): the list dragged or flung to an offset other than 0 and then a key typed
(the list laid out anew at its top as it filters); a key that keeps the first row (the
query grown along the first result's name: the rows below it filtered out); a key that
filters the first rows out (a query nothing at the top holds); a key deleted (rows put
back). Each step is graded twice: on the XML path by the truth walk
(:func:`tests.core.truth.walk.check`, the phone's state the truth), and, where the query
changed with no finger on the screen, on element dicts (``delta_observation`` from
:func:`~deltarec.core.capture.element_dicts.observation_to_elements` of the two dumps):
no scroll entry at all, as the phone moved no offset but to lay the list out anew
(:func:`benchmarks.bench_session.relaid_lists`).
"""

from __future__ import annotations

import random
from functools import lru_cache

from deltarec.core.devices.virtual import ManualClock, Playground
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.profile import parse_profile
from deltarec.core.devices.virtual.screen_contacts import contacts, matches
from deltarec.core.observe.frame import Frame
from tests.core.dict_truth import dict_delta
from tests.core.truth.walk import Gesture, Stepper, _swipe_class

MISSES = ("zr", "q", "xy")
"""Queries no contact holds: the list gives way to its label."""


def _grown(rng: random.Random, query: str) -> str:
    """A key that keeps the first result: the next letter of its name after the query (a
    space where the query ends a word), or a letter the names hold anywhere."""
    found = matches(query)
    if found and rng.random() < 0.6:
        name = contacts()[found[0]][0]
        at = name.lower().find(query.strip().lower()) + len(query.strip())
        if at < len(name):
            return name[at]
    return rng.choice("aenrlot")


def draw(rng: random.Random, pg: Playground) -> Gesture:
    """One step of a search over a list scrolled or not (module docstring)."""
    width, height = pg.window_size()
    state = pg.state.contacts
    if not state.focused and rng.random() < 0.8:
        return Gesture("tap", (width // 2, height * 14 // 100), "tap")
    r = rng.random()
    if r < 0.35:
        length = int(80 * (12 ** rng.random()))
        sign = rng.choice((-1, -1, 1))  # down the list more often: an offset to leave
        x = rng.randint(40, width - 40)
        y1 = rng.randint(height * 40 // 100, height * 80 // 100)
        y2 = max(0, min(height - 1, y1 + sign * length))
        ms = rng.choice((60, 300, 600))
        return Gesture("swipe", (x, y1, x, y2, ms), _swipe_class(0, y2 - y1, ms))
    if r < 0.6:
        return Gesture("type", (_grown(rng, state.query),), "type")
    if r < 0.72:
        return Gesture("type", (rng.choice(("n", "an", "ur", "e ", "i", *MISSES)),), "type")
    return Gesture("key", ("del",), "key")


def _walk(profile: str, seed: int, steps: int) -> list[str]:
    """Every violation of the walk: the XML path's (the truth walk's) and the dict path's."""
    rng = random.Random(seed)
    clock = ManualClock()
    pg = Playground(clock, profile=parse_profile(profile))
    pg.launch_app(APP_PACKAGE, ".ContactsActivity")
    stepper = Stepper(pg, clock)
    out: list[str] = []
    for _ in range(steps):
        gesture = draw(rng, pg)
        query, offset, prev = pg.state.contacts.query, pg.state.contacts.offset, stepper.latest
        step = stepper.step(gesture)
        where = f"{profile} seed {seed} step {step.number} {gesture} (offset {offset})"
        if step.violations:
            out.append(f"xml {where}: {step.violations[0]}\n{step.text}")
        if pg.state.contacts.query != query and gesture.kind != "swipe":
            d = dict_delta(Frame(prev), Frame(stepper.latest), cold=True)
            if d.scrolls:
                out.append(f"dicts {where}: a scroll stated {d.scrolls[0]}")
    return out


@lru_cache(maxsize=1)
def sample() -> tuple[str, ...]:
    """The violations of the sample: seeds 0-1 on the phone, seed 0 on small and tablet."""
    runs = (("phone", 0), ("phone", 1), ("small", 0), ("tablet", 0))
    return tuple(v for profile, seed in runs for v in _walk(profile, seed, 30))


def test_the_walk_filters_a_scrolled_list_and_keeps_first_rows() -> None:
    """The generator itself: it types over a list scrolled away from its top, and types
    keys that keep the first row."""
    rng = random.Random(1)  # the sample's phone seed 1
    clock = ManualClock()
    pg = Playground(clock)
    pg.launch_app(APP_PACKAGE, ".ContactsActivity")
    stepper = Stepper(pg, clock)
    scrolled = kept = 0
    for _ in range(30):
        g = draw(rng, pg)
        query, offset = pg.state.contacts.query, pg.state.contacts.offset  # mutated in place
        first = matches(query)[:1]
        stepper.step(g)
        if pg.state.contacts.query != query:
            scrolled += offset > 0
            kept += bool(first) and matches(pg.state.contacts.query)[:1] == first
    assert scrolled >= 2 and kept >= 2, (scrolled, kept)


def test_a_filtered_list_is_said_as_the_phone_did_it_both_paths() -> None:
    assert sample() == (), "\n".join(sample()[:3])
