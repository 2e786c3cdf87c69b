"""What a reply says of screens, rows and dialogs, generated (issue 18, "Smaller"):

- ``» new screen X: N elements`` lists N elements (its title's number and every number on
  its ``+`` lines), over seeded executor sessions on the virtual phone;
- a row that came in never has an empty name while its texts show;
- a dialog moved whole (the keyboard pushing it up) reads as one line saying what moved.

(A clamped direction swipe says so: tests/core/mcp/test_swipe_clamp.py.) And on real captures,
a new screen that is a dialog alone counts the dialog's lines (every ordered pair:
``python benchmarks/bench_screens_said.py``).
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.bench_screens_said import captures, miscounted, said
from benchmarks.bench_truth import STARTS
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.executor.context import numbers_in
from deltarec.core.observe.model import Bounds, Node, Observation
from deltarec.core.observer import observe_delta
from tests.core.truth.numbers import NumbersWalk

HEAD = re.compile(r'^» new screen .*?(?:\[(\d+)\] "(?:[^"\\]|\\.)*")?: (\d+) elements', re.M)


def _said_wrong(text: str, walk: NumbersWalk) -> list[str]:
    """The header's count against the numbers listed; empty names of rows with texts."""
    wrong = []
    head = HEAD.search(text)
    lines = text.splitlines()
    if head and not any(line.startswith("… (+") for line in lines):
        listed = numbers_in("\n".join(x for x in lines[1:] if x.startswith("+")))
        listed |= {int(head[1])} if head[1] else set()
        if len(listed) != int(head[2]):
            wrong.append(f"says {head[2]} elements, lists {len(listed)}")
    assert walk.last is not None
    index = walk.last.index
    frame = index.frame
    for e in index.elements:
        if e.name == "" and f"+ [{e.index}] " in text:
            texts = [frame.nodes[p].text for p in range(e.pos, frame.subtree_end(e.pos))]
            if any(texts):
                wrong.append(f"[{e.index}] {e.role} came in unnamed, showing {texts}")
    return wrong


def test_new_screens_count_what_they_list_and_rows_come_in_named() -> None:
    wrong, screens = [], 0
    for seed in range(3):
        walk = NumbersWalk(seed, STARTS[(seed + 1) % len(STARTS)])
        walk.session.max_lines = None  # the whole reply: nothing cut from the count
        for _ in walk.run(28):
            assert walk.last is not None
            text = walk.last.text
            screens += text.startswith("» new screen")
            wrong += [f"seed {seed} step {walk.steps}: {w}" for w in _said_wrong(text, walk)]
    assert screens >= 5  # the walks do reach new screens
    assert wrong == []


DIALOGS_ALONE = (
    "contacts-manual/07.xml",
    "corpus/calendar-tablet/tasks__task_Calendar_2025-08-14_14-20-47__task_Calendar_2025-08-14_14-20-47_2.xml",
)
"""Real captures of a dialog over an activity the dump leaves out (a confirmation, a time
picker): a new screen that is a dialog alone."""


@pytest.mark.parametrize("path", ["xml", "dicts"])
def test_a_new_screen_that_is_a_dialog_alone_counts_the_dialogs_lines(path: str) -> None:
    """Its header counted the screen's elements outside the dialog, ``0 elements``, then
    listed the dialog and its controls (355 of 2,135 XML new screens among every ordered pair
    of real captures: ``python benchmarks/bench_screens_said.py``; here from the first
    capture of each flow)."""
    shots = dict(captures())
    sources = [name for name in shots if name.endswith("/01.xml")] + [sorted(shots)[-1]]
    wrong = [
        f"{a} → {b}: {bad}"
        for a in sources
        for b in DIALOGS_ALONE
        if (bad := miscounted(said(shots[a], shots[b], path))) is not None
    ]
    assert not wrong, "\n".join(wrong)


# ------------------------------------------------------------------ a dialog moved whole

DIALOGS = {
    "save": ".SignUpActivity",
    "clear_history": ".SettingsActivity",
    "history_deleted": ".SettingsActivity",
}


def _moved(node: Node, dy: int) -> Node:
    b = node.bounds
    return replace(
        node,
        bounds=Bounds(b.left, b.top - dy, b.right, b.bottom - dy),
        children=tuple(_moved(c, dy) for c in node.children),
    )


def _with_dialog(name: str) -> Observation:
    pg = Playground()
    pg.launch_app(APP_PACKAGE, DIALOGS[name])
    pg.state.dialog = name
    return parse_uiautomator(pg.dump_xml(), screen=pg.window_size())


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(sorted(DIALOGS)), st.integers(8, 600))
def test_a_dialog_moved_whole_reads_as_one_line_saying_what_moved(name: str, dy: int) -> None:
    before = _with_dialog(name)
    *under, dialog = before.windows  # the dialog is the top window
    after = replace(before, windows=(*under, _moved(dialog, dy)))
    text = observe_delta(before, after, max_lines=None).text
    assert len(text.splitlines()) == 1, text
    assert re.fullmatch(r'~ layout: \[\d+\] dialog "[^"]+" moved up \d+px.*', text), text
    assert f"moved up {dy}px" in text, text
