"""Helpers for the Script Builder tests: scripted dialogs, a phone factory, clicks on the screen."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from deltarec.app.dialogs import Ask
from deltarec.app.param_form import CommandDialog
from deltarec.app.window import MainWindow
from deltarec.core.devices.base import Device
from deltarec.core.devices.virtual import Faults, ManualClock, make_virtual_device
from deltarec.core.observe.index import IndexedElement


class FakeAsk(Ask):
    """Scripted answers; every question is logged in ``asked``."""

    def __init__(self) -> None:
        super().__init__()
        self.answers: list[bool | str] = []
        self.paths: list[str | None] = []
        self.asked: list[str] = []
        self.texts: list[str | None] = []
        self.launches: list[tuple[str, bool] | None] = []
        self.offered: list[list[str]] = []  # the packages each Launch app question listed
        self.shown: list[str] = []  # files "opened in the desktop's viewer"

    def yes_no(self, title: str, text: str) -> bool:
        self.asked.append(text)
        return bool(self.answers.pop(0)) if self.answers else False

    def save_discard_cancel(self, title: str, text: str) -> str:
        """An answer queued as a string, or True (discard: go ahead) / False (cancel)."""
        self.asked.append(text)
        answer = self.answers.pop(0) if self.answers else False
        return answer if isinstance(answer, str) else "discard" if answer else "cancel"

    def save_path(self, title: str, name_filter: str, suggested: str) -> str | None:
        self.asked.append(f"save: {title} [{name_filter}] {suggested}")
        return self.paths.pop(0) if self.paths else None

    def open_path(self, title: str, name_filter: str, folder: str = "") -> str | None:
        self.asked.append(f"open: {title} [{name_filter}]")
        return self.paths.pop(0) if self.paths else None

    def open_folder(self, title: str, folder: str = "") -> str | None:
        self.asked.append(f"folder: {title}")
        return self.paths.pop(0) if self.paths else None

    def text(self, title: str, label: str, initial: str = "") -> str | None:
        self.asked.append(f"text: {title} [{initial}]")
        return self.texts.pop(0) if self.texts else None

    def launch_app(self, packages: Sequence[str]) -> tuple[str, bool] | None:
        self.offered.append(list(packages))
        return self.launches.pop(0) if self.launches else None

    def show_file(self, path: str) -> bool:
        self.shown.append(path)
        return True


@dataclass
class Phones:
    """The device factory the Studio uses; keeps every device it opened."""

    clock: ManualClock = field(default_factory=ManualClock)
    faults: dict[str, Faults] = field(default_factory=dict)
    opened: list[tuple[str, Device]] = field(default_factory=list)

    def open(self, spec: str) -> Device:
        device = make_virtual_device(serial=spec, faults=self.faults.get(spec), clock=self.clock)
        self.opened.append((spec, device))
        return device

    listed: list[tuple[str, str]] = field(
        default_factory=lambda: [("virtual", "device"), ("emulator-5554", "device")]
    )

    def list(self) -> list[tuple[str, str]]:
        return list(self.listed)


def wait_idle(qtbot: QtBot, window: MainWindow, timeout: int = 10_000) -> None:
    qtbot.waitUntil(lambda: not window.studio.runner.busy, timeout=timeout)


def element(window: MainWindow, name: str, role: str | None = None) -> IndexedElement:
    index = window.screen_view.index
    assert index is not None
    hits = [e for e in index.elements if e.name == name and (role is None or e.role == role)]
    assert hits, f"{name!r} not on screen: {[e.name for e in index.elements]}"
    return hits[0]


def point_of(window: MainWindow, name: str, role: str | None = None) -> QPoint:
    """The widget point over the centre of the element called ``name``."""
    return window.screen_view.to_widget(*element(window, name, role).bounds.center)


def click(
    qtbot: QtBot,
    window: MainWindow,
    name: str,
    role: str | None = None,
    button: Qt.MouseButton = Qt.MouseButton.LeftButton,
) -> None:
    """Click the element on the screen widget and wait for the step to be recorded."""
    pos = point_of(window, name, role)
    with qtbot.waitSignal(window.studio.stepAdded, timeout=10_000):
        qtbot.mouseClick(window.screen_view, button, pos=pos)
    wait_idle(qtbot, window)


def drag(qtbot: QtBot, window: MainWindow, start: QPoint, end: QPoint) -> None:
    view = window.screen_view
    with qtbot.waitSignal(window.studio.stepAdded, timeout=10_000):
        qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=start)
        qtbot.mouseMove(view, end)
        qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=end)
    wait_idle(qtbot, window)


def type_text(qtbot: QtBot, window: MainWindow, text: str) -> None:
    panel = window.device_panel
    panel.text.setText(text)
    with qtbot.waitSignal(window.studio.stepAdded, timeout=10_000):
        panel.type_button.click()
    wait_idle(qtbot, window)


def field_line(dialog: CommandDialog, name: str) -> QLineEdit:
    """The line a person types parameter ``name`` into."""
    line = dialog.fields[name].line
    assert line is not None, f"{name} has no text line"
    return line
