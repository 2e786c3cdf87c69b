"""The grader's blind test (``bench_session._blind``) on the virtual phone's lists turned a
quarter: a carousel's rows are cut by its side edges as a list's by its top and bottom.

:func:`pairs` moves the Inbox and the Feed of every profile from one offset to another and
snapshots both frames (the grader's semantic state); :func:`turn` flips every view's box
across the diagonal. Whether two dumps alone can tell a move (:func:`check`) must not
depend on the axis the content moved along: ``_blind`` of the turned pair, read along x
(``side``), equals ``_blind`` of the pair as it was.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

from benchmarks.bench_session import Key, Snapshot, ViewInfo, _blind, snapshot
from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.profile import PRESETS
from tests.core.truth.test_sender_slivers import APP, LISTS, _top


def turn(snap: Snapshot) -> Snapshot:
    """``snap`` with every view's box flipped across the diagonal (x for y)."""

    def flipped(info: ViewInfo) -> ViewInfo:
        left, top, right, bottom = info.view.bounds
        view = dataclasses.replace(info.view, bounds=(top, left, bottom, right))
        return dataclasses.replace(info, view=view)

    return dataclasses.replace(snap, views={k: flipped(v) for k, v in snap.views.items()})


def pairs(seed: int, per_list: int) -> Iterator[tuple[str, Snapshot, Snapshot, Key]]:
    """``per_list`` moves of 50-4,000 lu either way from random offsets on every profile's
    Inbox and Feed: (what, before, after, the list's key)."""
    rng = random.Random(seed)
    for name in ("phone", "small", "large", "tablet"):
        for screen, field in LISTS:
            pg = Playground(profile=PRESETS[name])
            pg.launch_app(APP, "." + screen)
            state, top = getattr(pg.state, field), _top(pg, field)
            for _ in range(per_list):
                start = state.offset = rng.randint(0, top)
                before = snapshot(pg)
                end = state.offset = min(
                    top, max(0, start + rng.choice((-1, 1)) * rng.randint(50, 4000))
                )
                after = snapshot(pg)
                for key, info in after.views.items():
                    if info.view.scrollable and key in before.views and after.children.get(key):
                        yield f"{name} {screen} {start}->{end}", before, after, key


def check(before: Snapshot, after: Snapshot, key: Key) -> bool:
    """Whether ``_blind`` says the same of the pair and of the pair turned a quarter."""
    kids_b, kids_a = set(before.children[key]), set(after.children[key])
    upright = _blind(before, after, key, kids_b, kids_a)
    return upright == _blind(turn(before), turn(after), key, kids_b, kids_a, side=True)
