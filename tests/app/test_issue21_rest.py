"""Issue 21, the last gaps: a launch that really clears, copy selector copies the tap's
target, pasted and duplicated steps say "not run yet" until they run, rename renames the
folder (undoably), and File ▸ Open recording folder…."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from deltarec.app.delta_panel import UNRUN
from deltarec.app.selector_code import copied_selector
from deltarec.app.snapshot import NOT_RUN
from deltarec.app.window import MainWindow
from deltarec.core.cli.run_command import build_parser, run_script
from deltarec.core.devices.base import Device
from deltarec.core.devices.virtual import ManualClock, VirtualDevice
from deltarec.core.devices.virtual.playground import APP_PACKAGE, Playground
from deltarec.core.devices.virtual.state import SettingsState
from deltarec.core.executor import Selector, Session
from deltarec.core.executor.selectors import find_all
from deltarec.core.observe.index import element_at
from deltarec.core.recorder.targets import actionable, tap_params
from tests.app.conftest import WindowFactory
from tests.app.helpers import FakeAsk, Phones, click, type_text, wait_idle
from tests.app.test_selector_code import real_screens

DEFAULTS = SettingsState().values


@dataclass
class OnePhone(Phones):
    """Every device opened is the same phone (as a real one is): its state carries over."""

    playground: Playground = field(default_factory=Playground)

    def open(self, spec: str) -> Device:
        device = VirtualDevice(self.playground, serial=spec)
        self.opened.append((spec, device))
        return device


@pytest.fixture
def phones() -> Phones:
    return OnePhone()


def test_launch_with_clear_replays_from_the_cleared_state_in_the_studio_and_deltarec_run(
    qtbot: QtBot, open_window: WindowFactory, ask: FakeAsk, phones: OnePhone, tmp_path: Path
) -> None:
    window = open_window()
    phones.playground.state.settings.values["vibrate"] = True  # changed before the recording
    ask.launches.append((APP_PACKAGE, True))
    window.actions_.launch.trigger()
    qtbot.waitUntil(lambda: window.model.rowCount() == 2)
    wait_idle(qtbot, window)
    assert [r.command for r in window.model.rows] == ["AC_clear_app", "AC_launch_app"]
    assert window.model.rows[0].label.startswith(f"clear {APP_PACKAGE}")
    assert phones.playground.state.settings.values == DEFAULTS and window.last_error == ""
    phones.playground.state.settings.values["dark"] = True  # the phone was used since
    with qtbot.waitSignal(window.studio.replayFinished, timeout=20_000) as finished:
        window.actions_.replay.trigger()
    wait_idle(qtbot, window)
    assert finished.args[0] is True
    assert phones.playground.state.settings.values == DEFAULTS
    # deltarec run of the recording's own script, on a phone whose setting was changed
    script = window.studio.view.bundle / "script.json"  # type: ignore[union-attr]
    assert json.loads(script.read_text("utf-8"))[0][0] == "AC_clear_app"
    used: list[VirtualDevice] = []

    def session(device: Device) -> Session:
        phone = getattr(device, "inner", device)
        assert isinstance(phone, VirtualDevice)
        phone.playground.state.settings.values["wifi"] = False
        used.append(phone)
        clock = ManualClock(0)
        return Session(device, clock=clock, sleep=clock.advance)

    parsed = build_parser().parse_args(["run", str(script), "--device", "virtual"])
    out = io.StringIO()
    assert run_script(parsed, make_session=session, stdout=out, stderr=out, tty=False) == 0
    assert used[0].playground.state.settings.values == DEFAULTS, out.getvalue()


def test_copied_selectors_name_what_a_recorded_tap_acts_on_in_every_real_capture() -> None:
    """The oracle: every element of every real capture, its copied selector resolved strictly."""
    checked = moved = 0
    for screen in real_screens():
        frame = screen.frame
        for pos, node in enumerate(frame.nodes):
            if node.bounds.width <= 0 or node.bounds.height <= 0:
                continue
            target = actionable(frame, pos)
            selector = copied_selector(screen, pos)
            found = [m.pos for m in find_all(Selector.from_json(selector), screen)]
            assert found == [target], (screen.frame.obs.source, pos, selector)
            hit = element_at(screen, *node.bounds.center)
            if hit is not None and hit.pos == pos:  # a click there records a tap on target
                assert tap_params(screen, *node.bounds.center)["selector"] == selector
            checked += 1
            moved += target != pos
    assert checked > 1000 and moved > 100, (checked, moved)


def test_copy_selector_on_a_name_in_an_inbox_row_copies_the_row(
    qtbot: QtBot, open_window: WindowFactory, phones: OnePhone
) -> None:
    phones.playground.launch_app(APP_PACKAGE, ".InboxActivity")
    window = open_window()
    index = window.screen_view.index
    assert index is not None
    texts = [
        e for e in index.elements if e.role == "text" and actionable(index.frame, e.pos) != e.pos
    ]
    assert texts, "no text inside a row on the Inbox"
    inner = texts[0]
    row = actionable(index.frame, inner.pos)
    window.set_inspecting(True)  # a click selects, records nothing
    qtbot.mouseClick(window.screen_view, Qt.MouseButton.LeftButton,
                     pos=window.screen_view.to_widget(*inner.bounds.center))  # fmt: skip
    assert window.inspector.element is not None and window.inspector.element.pos == inner.pos
    window.inspector.copy_button.kinds["JSON"].trigger()
    copied = json.loads(QGuiApplication.clipboard().text())
    assert [m.pos for m in find_all(Selector.from_json(copied), index)] == [row]
    assert index.frame.nodes[row].clickable and window.model.rowCount() == 0
    tree = window.element_tree
    tree.select_pos(inner.pos)
    tree.copy_button.click()
    assert json.loads(QGuiApplication.clipboard().text()) == copied
    assert tree.count.text() == "copied as JSON · matches 1 ✓"


def _run(qtbot: QtBot, window: MainWindow, row: int, *, only: bool) -> None:
    window.steps_panel.select_rows([row])
    button = window.steps_panel.run_button if only else window.steps_panel.run_from_button
    with qtbot.waitSignal(window.studio.viewChanged, timeout=10_000):
        button.click()
    wait_idle(qtbot, window)
    window.steps_panel.select_rows([row])


def test_duplicated_and_pasted_steps_say_not_run_yet_until_run_step_or_run_from_here(
    qtbot: QtBot, window: MainWindow
) -> None:
    click(qtbot, window, "Sign up")
    click(qtbot, window, "Name", "textbox")
    type_text(qtbot, window, "Ada")
    panel, delta = window.steps_panel, window.delta_panel
    panel.select_rows([2])
    panel.duplicate_button.click()
    qtbot.waitUntil(lambda: window.model.rowCount() == 4)
    wait_idle(qtbot, window)
    copy = window.model.rows[3]
    assert copy.unrun and copy.delta == "" and window.model.rows[2].delta
    panel.select_rows([3])
    assert delta.delta_text.toPlainText() == UNRUN
    assert json.loads(delta.json_text.toPlainText())["delta"] == NOT_RUN
    _run(qtbot, window, 3, only=True)
    assert not window.model.rows[3].unrun and window.model.rows[3].status == "passed"
    assert "AdaAda" in delta.delta_text.toPlainText()  # what it did where it stands

    panel.select_rows([2])
    panel.table.setFocus()
    qtbot.keyClick(panel.table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    panel.select_rows([3])
    qtbot.keyClick(panel.table, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.model.rowCount() == 5)
    wait_idle(qtbot, window)
    panel.select_rows([4])
    assert window.model.rows[4].unrun and delta.delta_text.toPlainText() == UNRUN
    _run(qtbot, window, 4, only=False)
    assert not window.model.rows[4].unrun and "AdaAdaAda" in delta.delta_text.toPlainText()
