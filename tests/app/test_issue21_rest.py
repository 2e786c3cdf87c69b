"""Issue 21, the last gaps: a launch that really clears, copy selector copies the tap's
target, pasted and duplicated steps say "not run yet" until they run, rename renames the
folder (undoably), and File ▸ Open recording folder…."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from deltarec.app.delta_panel import UNRUN
from deltarec.app.recordings import folder_name, move_bundle
from deltarec.app.selector_code import copied_selector
from deltarec.app.snapshot import NOT_RUN
from deltarec.app.window import MainWindow
from deltarec.core.cli.run_command import build_parser, run_script
from deltarec.core.devices.base import Device
from deltarec.core.devices.virtual import ManualClock, VirtualDevice
from deltarec.core.devices.virtual.playground import APP_PACKAGE, Playground
from deltarec.core.devices.virtual.state import SettingsState
from deltarec.core.errors import InputError
from deltarec.core.executor import Selector, Session
from deltarec.core.executor.selectors import find_all
from deltarec.core.observe.index import element_at
from deltarec.core.recorder.targets import actionable, tap_params
from tests.app.conftest import WindowFactory
from tests.app.helpers import FakeAsk, Phones, click, type_text, wait_idle
from tests.app.test_selector_code import real_screens

DEFAULTS = SettingsState().values
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


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


def _folder_files(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


@st.composite
def renames(draw: st.DrawFn) -> tuple[str, list[str]]:
    """A name a person types, and folders already beside the recording (some its name)."""
    name = draw(st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=80))
    taken = draw(st.lists(st.sampled_from(["a", "sign up", "x_y", "Ä"]), max_size=3))
    if draw(st.booleans()):
        with contextlib.suppress(InputError):  # a name that gives no folder is refused
            taken.append(folder_name(name))
    return name, taken


@settings(max_examples=200, deadline=None)
@given(renames())
def test_a_rename_moves_the_whole_folder_or_changes_nothing(case: tuple[str, list[str]]) -> None:
    name, taken = case
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        old = root / "20261204-020000"
        (old / "observations").mkdir(parents=True)
        (old / "manifest.json").write_text('{"format": 1}', "utf-8")
        (old / "observations" / "0000.json").write_bytes(b"{}")
        for t in taken:
            (root / t).mkdir(exist_ok=True)
            (root / t / "mine").write_bytes(t.encode())
        before, others = _folder_files(old), {t: _folder_files(root / t) for t in taken}
        try:
            new = move_bundle(old, folder_name(name))
        except InputError as exc:
            assert str(exc).startswith("Rename recording: ") and _folder_files(old) == before
            assert sorted(p.name for p in root.iterdir()) == sorted({old.name, *taken})
        else:
            assert new.parent == root and "/" not in new.name and new.name not in (".", "..")
            assert new == old or not old.exists()
            assert _folder_files(new) == before and new.name not in set(taken) - {old.name}
        assert {t: _folder_files(root / t) for t in taken} == others  # never over another


def test_rename_renames_the_folder_refuses_a_taken_name_and_undoes(
    qtbot: QtBot, window: MainWindow, ask: FakeAsk
) -> None:
    click(qtbot, window, "Sign up")
    view = window.studio.view
    assert view is not None
    first, entries = view.bundle, window.undo_stack.count()
    steps = json.loads((first / "script.json").read_text("utf-8"))
    window.mark_saved()
    ask.texts.append("sign up: first")
    window.actions_.rename.trigger()
    qtbot.waitUntil(lambda: window.studio.view.bundle.name == "sign up_ first")  # type: ignore[union-attr]
    wait_idle(qtbot, window)
    moved = first.parent / "sign up_ first"
    assert not first.exists() and json.loads((moved / "script.json").read_text("utf-8")) == steps
    assert (
        json.loads((moved / "manifest.json").read_text("utf-8"))["info"]["name"] == "sign up: first"
    )
    assert "sign up: first" in window.windowTitle() and not window.isWindowModified()
    assert window.undo_stack.count() == entries + 1  # the steps' history kept, the rename added

    (first.parent / "taken").mkdir()
    ask.texts.append("taken")
    window.actions_.rename.trigger()
    qtbot.waitUntil(lambda: "already exists" in window.last_error)
    wait_idle(qtbot, window)
    assert window.studio.view.bundle == moved and (moved / "manifest.json").is_file()  # type: ignore[union-attr]
    assert list((first.parent / "taken").iterdir()) == []

    window.undo_stack.undo()
    qtbot.waitUntil(lambda: window.studio.view.bundle == first)  # type: ignore[union-attr]
    wait_idle(qtbot, window)
    assert not moved.exists() and (first / "script.json").is_file()
    window.undo_stack.redo()
    qtbot.waitUntil(lambda: window.studio.view.bundle == moved)  # type: ignore[union-attr]
    wait_idle(qtbot, window)
    click(qtbot, window, "Name", "textbox")  # recording goes on in the renamed folder
    assert len(json.loads((moved / "script.json").read_text("utf-8"))) == 2


def test_open_recording_folder_opens_any_bundle_and_names_a_folder_that_is_not_one(
    qtbot: QtBot, window: MainWindow, ask: FakeAsk, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "agent" / "sign-up"
    shutil.copytree(FIXTURES / "bundles" / "sign-up", elsewhere)
    steps = len(json.loads((elsewhere / "manifest.json").read_text("utf-8"))["steps"])
    empty = tmp_path / "holiday photos"
    empty.mkdir()
    before = window.studio.view.bundle  # type: ignore[union-attr]
    ask.paths.append(str(empty))
    window.actions_.open_folder.trigger()
    qtbot.waitUntil(lambda: window.last_error != "")
    wait_idle(qtbot, window)
    assert str(empty) in window.last_error and "not a recording folder" in window.last_error
    assert window.studio.view.bundle == before  # type: ignore[union-attr]  # still open

    ask.paths.append(str(elsewhere))
    window.actions_.open_folder.trigger()
    qtbot.waitUntil(lambda: window.studio.view.bundle == elsewhere)  # type: ignore[union-attr]
    wait_idle(qtbot, window)
    assert window.model.rowCount() == steps and steps > 0
    file_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&File")
    assert window.actions_.open_folder in file_menu.actions()
