"""One number and one name per element for a whole agent session (issue 18), the three classes
:mod:`tests.core.mcp.agent_numbers` grades, each reduced from the walk that found it on main
(``bench_agent.py``: bar 4,704, relaunch and stale counted there before the fix; the seeds
are in ``test_agent_walk.py``):

- the system bars keep their numbers across screens (the clock was ``[0]`` on the launcher
  and ``[9]`` in an app, and ``tap {index: 9}`` on the launcher was refused);
- a list started again that differs (a row archived since) gives its rows their numbers back;
- a name printed for a row still means that row after a toggle renamed it unseen, and a
  stale name never acts on another element.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import anyio
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.errors import AmbiguousSelectorError
from deltarec.core.executor.context import Context, ShownNumbers
from deltarec.core.executor.selectors import Selector
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import build_index
from tests.core.mcp.agent import agent

APP = "dev.deltarec.playground"
NUMBERED = re.compile(r'\[(\d+)\] (?:[a-z]\S* )?"((?:[^"\\]|\\.)*)"')


def _numbers(text: str) -> dict[str, int]:
    """name -> the first ``[i]`` printed with it (the status bar's clock before the
    launcher's)."""
    out: dict[str, int] = {}
    for i, name in NUMBERED.findall(text):
        out.setdefault(name, int(i))
    return out


def test_the_system_bars_keep_their_numbers_on_every_screen(tmp_path: Path) -> None:
    async def run() -> tuple[str, str, str, str]:
        async with agent(tmp_path) as a:
            home = await a.call("ac_describe_screen")
            await a.call("ac_launch_app", {"package": APP, "activity": ".SettingsActivity"})
            app = await a.call("ac_describe_screen")
            back = await a.call("ac_home")
            tapped = await a.call("ac_tap", {"selector": {"index": _numbers(app)["9:41"]}})
            return home, app, back, tapped

    home, app, back, tapped = anyio.run(run)
    for name in ("9:41", "Wifi signal full.", "Battery 100 percent."):
        assert _numbers(app)[name] == _numbers(home)[name], (name, app)
    assert back.startswith("» back to Launcher"), back
    assert "not on screen" not in tapped, tapped


def test_a_relaunched_list_gives_its_rows_their_numbers_back(tmp_path: Path) -> None:
    """A row archived, the app left and the list started again: it reads as a new screen (it
    differs from the one left), its rows under the numbers they had, moved up a row."""

    async def run() -> tuple[str, str]:
        async with agent(tmp_path) as a:
            await a.call("ac_launch_app", {"package": APP, "activity": ".InboxActivity"})
            first = await a.call("ac_describe_screen")
            row = {"name": "Ken · Weekend hike #4 · Mar 5"}
            await a.call("ac_swipe", {"direction": "left", "distance": 700, "selector": row})
            await a.call("ac_home")
            again = await a.call("ac_launch_app", {"package": APP, "activity": ".InboxActivity"})
            return first, again

    first, again = anyio.run(run)
    assert again.startswith("» new screen"), again
    before, now = _numbers(first), _numbers(again)
    rows = [n for n in now if " · " in n and n in before]
    assert len(rows) >= 8, again
    assert {n: now[n] for n in rows} == {n: before[n] for n in rows}


def test_a_name_printed_before_a_toggle_still_taps_its_row(tmp_path: Path) -> None:
    """The toggle's reply says the checkbox and the label (``~ [23] text "Off"→"On"``), not
    the row, whose name held the label: the name the agent read still means that row."""

    async def run() -> tuple[str, str]:
        async with agent(tmp_path) as a:
            await a.call("ac_launch_app", {"package": APP, "activity": ".SettingsActivity"})
            first = await a.call("ac_tap", {"selector": {"name": "Vibrate · Off"}})
            second = await a.call("ac_tap", {"selector": {"name": "Vibrate · Off"}})
            return first, second

    first, second = anyio.run(run)
    assert "checked: false→true" in first, first
    assert "checked: true→false" in second, second  # the same row, toggled back
    number = _numbers(first)["Vibrate · Off"]
    assert f'was shown for [{number}], which reads "Vibrate · On" now' in second, second


def _frame(*buttons: tuple[str, str, int]) -> Frame:
    nodes = "".join(
        f'<node class="android.widget.Button" resource-id="app:id/{rid}" text="{text}"'
        f' clickable="true" bounds="[0,{top}][200,{top + 80}]"/>'
        for rid, text, top in buttons
    )
    return Frame(parse_uiautomator(f'<hierarchy><node class="F" bounds="[0,0][400,800]">'
                                   f"{nodes}</node></hierarchy>"))  # fmt: skip


def test_a_stale_name_never_acts_on_another_element() -> None:
    """``Save`` shown for [0], which reads ``Saved`` now, unseen, beside a new ``Save``: the
    name means either (ambiguous, both listed); once a reply shows [0] as ``Saved``, the old
    name is the new button's alone."""
    shown = ShownNumbers()
    first = build_index(_frame(("save", "Save", 0)))
    shown.show(first, '+ [0] button "Save"', step=0)
    after = _frame(("save", "Saved", 0), ("again", "Save", 100))
    index = build_index(after, previous=first, pairs={0: 0, 1: 1})
    new = index.number_of[2]
    shown.show(index, f'+ [{new}] button "Save"', step=1)
    renamed = shown.renamed(Selector(name="Save"), index)
    assert [(m.index, m.name, was) for m, was in renamed] == [(0, "Saved", "Save")]
    context = Context(cast(Any, SimpleNamespace(numbers=shown)), 2, "AC_tap")
    with pytest.raises(AmbiguousSelectorError) as raised:
        context.resolve(Selector(name="Save"), index)
    assert '[0] button "Saved" (shown as "Save")' in str(raised.value), raised.value
    assert f'[{new}] button "Save"' in str(raised.value), raised.value
    shown.show(index, '~ [0] button "Save"→"Saved"', step=2)  # the caller read it
    assert shown.renamed(Selector(name="Save"), index) == []
    assert context.resolve(Selector(name="Save"), index).element.index == new


@settings(max_examples=25, deadline=None)
@given(
    shared=st.integers(min_value=1, max_value=4),
    renamed=st.data(),
    another=st.booleans(),
)
def test_a_name_shown_for_several_elements_never_finds_nothing(
    shared: int, renamed: st.DataObject, another: bool
) -> None:
    """A name printed for several elements (three rows' "Airplane mode is on" label, found by
    ``bench_agent.py`` seed 5025), some or all of them renamed since, unseen: tapping by it
    acts on the one it meant when exactly one element can be meant, and otherwise is
    ambiguous, listing every element it can mean — never "no element matches", which hides
    that the agent's name was shown for [i]."""
    gone = renamed.draw(st.sets(st.integers(0, shared - 1), min_size=1), label="renamed")
    shown = ShownNumbers()
    first = build_index(_frame(*((f"row{i}", "On", 100 * i) for i in range(shared))))
    shown.show(first, "\n".join(f'+ [{i}] button "On"' for i in range(shared)), step=0)
    rows = [(f"row{i}", "Off" if i in gone else "On", 100 * i) for i in range(shared)]
    extra = [("again", "On", 100 * shared)] if another else []
    index = build_index(
        _frame(*rows, *extra), previous=first, pairs={p: p for p in range(shared + 1)}
    )
    context = Context(cast(Any, SimpleNamespace(numbers=shown)), 1, "AC_tap")
    meant = sorted({*range(shared)} | ({index.number_of[shared + 1]} if another else set()))
    if len(meant) == 1:
        assert context.resolve(Selector(name="On"), index).element.index == meant[0]
        return
    with pytest.raises(AmbiguousSelectorError) as raised:
        context.resolve(Selector(name="On"), index)
    for i in meant:
        assert f"[{i}] button" in str(raised.value), (i, raised.value)
