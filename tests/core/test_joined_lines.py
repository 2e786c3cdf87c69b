"""Every part of a joined ``+`` / ``~`` line names the element its number denotes.

A line may list several elements (siblings of one row, a control named like its label, a
row with its switch): ``+ [14] text "Maya Chen", [15] "1h"``, ``+ [208] text "6:30",
[209] switch (checked)``, ``~ [131] button "Wi-Fi · …" (enabled: true→false), [132]
switch (checked: true→false)``. Parsed back part by part — a part without a role has the
role of the part before it, one without a name is a control named like the nearest named
part before it — each must match the new frame's element of that number: its role, its
name (or, nameless, a part of that named part's name), its states. Over seeded walks of the
virtual phone (every screen, every gesture) and every consecutive pair of real captures,
one-off and numbered across a session.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path

import pytest

from deltarec.core.capture.jsonio import read_capture
from deltarec.core.devices.virtual import ManualClock, Playground, VirtualDevice
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.observe.labels import NAME_SEPARATOR
from deltarec.core.observer import DeltaResult, Observer, observe_delta
from deltarec.core.render.lines import states
from tests.conftest import REAL_DUMPS
from tests.core.truth.real_oracle import sequences
from tests.core.truth.walk import perform, random_gesture, touch

PART = re.compile(
    r'\[(?P<n>\d+)\](?: (?P<role>[a-z-]+))?(?: (?P<name>"(?:[^"\\]|\\.)*"))?'
    r"(?P<states> \([^()]*\))?"
)


def _parts(line: str) -> list[re.Match[str]]:
    """The ``[i] role "name" (states)`` parts of a ``+`` line, split at ``, [``."""
    body = line[2:]
    return [m for chunk in re.split(r", (?=\[\d+\])", body) if (m := PART.match(chunk))]


def check(result: DeltaResult) -> list[str]:
    """What a joined line states that its numbers' elements do not."""
    index = result.index
    by_number = {e.index: e.pos for e in index.elements}
    bad = []
    for line in result.text.splitlines():
        if not line.startswith(("+ [", "~ [")) or ", [" not in line:
            continue
        parts = _parts(line)
        named = ""  # the nearest named part before (what a nameless part is named like)
        role = ""
        for m in parts:
            pos = by_number.get(int(m["n"]))
            if pos is None:
                bad.append(f"{line}: [{m['n']}] is no element of the new frame")
                continue
            node = index.frame.nodes[pos]
            role = m["role"] or role
            name = index.names[pos]
            if role != node.role:
                bad.append(f"{line}: [{m['n']}] is a {node.role}, not a {role}")
            if m["name"] is not None:
                named = json.loads(m["name"])
                if named != name:
                    bad.append(f"{line}: [{m['n']}] is called {name!r}")
            elif name not in named.split(NAME_SEPARATOR):
                bad.append(f"{line}: [{m['n']}] {name!r} is not named by {named!r}")
            said = (m["states"] or "").strip()
            if line.startswith("+") and said and f" {said}" != states(node):
                bad.append(f"{line}: [{m['n']}] states {states(node)!r}")
    return bad


@pytest.mark.parametrize("start", ["", "FeedActivity", "ClockActivity", "ArticleActivity"])
def test_joined_lines_on_walks_of_the_virtual_phone(start: str) -> None:
    rng = random.Random(start)
    pg = Playground(ManualClock())
    device = VirtualDevice(pg)
    if start:
        pg.launch_app(APP_PACKAGE, "." + start)
    observer = Observer()
    observer.reset(device.capture())
    joined = 0
    for _ in range(150):
        gesture = random_gesture(rng, pg)
        perform(pg, gesture)
        launched = gesture.kind == "launch"
        result = observer.step(
            device.capture(), max_lines=None, gesture=touch(gesture), launched=launched
        )
        joined += sum(", [" in x for x in result.text.splitlines())
        assert check(result) == [], f"{gesture}\n{result.text}"
    assert joined  # the walk met joined lines


@pytest.mark.parametrize("name,seq", sequences(REAL_DUMPS), ids=lambda v: str(v)[-40:])
def test_joined_lines_on_real_captures(name: str, seq: list[Path]) -> None:
    observer = Observer()
    observer.reset(read_capture(seq[0]))
    for a, b in itertools.pairwise(seq):
        result = observe_delta(read_capture(a), read_capture(b), max_lines=None)
        assert check(result) == [], f"{a} → {b}\n{result.text}"
        result = observer.step(read_capture(b), max_lines=None)  # numbered across a session
        assert check(result) == [], f"{b}\n{result.text}"
