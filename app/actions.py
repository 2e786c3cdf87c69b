"""The window's menus and toolbar, and the file commands behind them.

File: New recording, Open script (JSON)…, Recordings…, Save script, Export ▸ every
format of deltarec.core.recorder.export.FORMATS (JSON, Python, pytest, Maestro), Replay all,
Quit. Device: the picker (toolbar), Refresh screen, Refresh device list, Reconnect.
Commands: the palette. File names come from the window's ``ask`` seam, never
from a dialog opened here.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QToolBar, QToolButton

from deltarec.app.devices import DevicePicker
from deltarec.app.dialogs import JSON_FILTER
from deltarec.app.palette import Palette
from deltarec.core.recorder.export import FORMATS, Kind

if TYPE_CHECKING:
    from deltarec.app.window import MainWindow

EXPORTS: tuple[tuple[Kind, str, str, str], ...] = tuple(
    (f.kind, f"{f.title}…", f.filter, f.pattern) for f in FORMATS.values()
)  # the core's registry: JSON, Python, pytest, Maestro flow


class Actions:
    """Builds the menus and toolbar of ``window`` and runs their commands."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        studio = window.studio
        self.save_path: str | None = None

        def action(title: str, slot: object, shortcut: str | None = None, tip: str = "") -> QAction:
            act = QAction(title, window)
            if shortcut:
                act.setShortcut(QKeySequence(shortcut))
            if tip:
                act.setStatusTip(tip)
                act.setToolTip(tip)
            act.triggered.connect(slot)
            return act

        self.new = action("New recording", self.new_recording, "Ctrl+N",
                          "Start a new recording on a fresh device")  # fmt: skip
        self.open = action("Open script (JSON)…", self.open_script, "Ctrl+O",
                           "Record a JSON script's steps again on the device")  # fmt: skip
        self.recordings = action("Recordings…", window.show_recordings, "Ctrl+Shift+O",
                                 "Autosaved recordings: open one again or discard it")  # fmt: skip
        self.save = action("Save script", self.save_script, "Ctrl+S", "Save the script as JSON")
        self.exports: dict[str, QAction] = {
            kind: action(title, lambda _=False, k=kind: self.export(k))
            for kind, title, *_ in EXPORTS
        }
        self.replay = action("▶ Replay all", lambda: studio.replay_all(), "F5",
                             "Replay every step on a fresh device; marks each step")  # fmt: skip
        self.quit = action("Quit", window.close, "Ctrl+Q")
        self.refresh = action("Refresh screen", lambda: studio.refresh(), "Ctrl+R",
                              "Capture the device again (records nothing)")  # fmt: skip
        self.list = action("Refresh device list", lambda: studio.list_devices())
        self.reconnect = action("Reconnect", lambda: studio.reconnect(),
                                tip="Open the device again; the recording continues")  # fmt: skip

        self.palette = Palette(window)
        self.palette.chosen.connect(window.choose)
        self.picker = DevicePicker()
        self.picker.chosen.connect(self.switch_device)
        studio.devicesListed.connect(self.picker.set_devices)

        bar = window.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.new, self.open, self.recordings, self.save])
        export_menu = file_menu.addMenu("Export")
        export_menu.addActions(list(self.exports.values()))
        file_menu.addSeparator()
        file_menu.addAction(self.replay)
        file_menu.addSeparator()
        file_menu.addAction(self.quit)
        edit_menu = bar.addMenu("&Edit")
        self.undo = window.undo_stack.createUndoAction(window, "Undo")
        self.undo.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo = window.undo_stack.createRedoAction(window, "Redo")
        self.redo.setShortcut(QKeySequence.StandardKey.Redo)
        edit_menu.addActions([self.undo, self.redo])
        device_menu = bar.addMenu("&Device")
        device_menu.addActions([self.refresh, self.list, self.reconnect])
        palette_menu = bar.addMenu("&Commands")
        for sub in self.palette.actions():
            palette_menu.addAction(sub)

        tools = QToolBar("Main")
        tools.setObjectName("mainToolBar")
        tools.setMovable(False)
        tools.addWidget(self.picker)
        tools.addAction(self.refresh)
        tools.addAction(self.reconnect)
        tools.addSeparator()
        self.palette_button = QToolButton()
        self.palette_button.setText("+ Add command")
        self.palette_button.setToolTip("Command palette: device actions, flow, native UI")
        self.palette_button.setMenu(self.palette)
        self.palette_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        tools.addWidget(self.palette_button)
        tools.addSeparator()
        tools.addAction(self.replay)
        tools.addAction(self.exports["pytest"])
        self.exports["pytest"].setIconText("Export pytest")
        window.addToolBar(tools)
        self.toolbar = tools

    def set_busy(self, busy: bool) -> None:
        """Actions that queue device work wait; the rest stay available."""
        for act in (self.new, self.open, self.replay, self.refresh):
            act.setEnabled(not busy)
        self.palette.setEnabled(not busy)
        self.palette_button.setEnabled(not busy)
        self.picker.setEnabled(not busy)

    # ------------------------------------------------------------------ files
    def _folder(self) -> str:
        return self.window.settings.last_dir or str(Path.home())

    def _remember(self, path: str) -> None:
        self.window.settings.last_dir = str(Path(path).parent)

    def new_recording(self) -> None:
        if not self.window.confirm_unsaved("Start a new recording"):
            return
        self.save_path = None
        self.window.studio.open_recording(self.picker.current() or self.window.studio.spec)

    def open_script(self) -> None:
        if not self.window.confirm_unsaved("Open another script"):
            return
        path = self.window.ask.open_path("Open script", JSON_FILTER, self._folder())
        if path:
            self._remember(path)
            self.save_path = path
            self.window.studio.open_script(path, on_done=lambda _: self.window.mark_saved())

    def script_path(self) -> str | None:
        """Where Save writes: the file saved to before, else one the person chooses."""
        path = self.save_path or self._ask_path("json")
        if path:
            self.save_path = path
        return path

    def save_script(self) -> None:
        path = self.script_path()
        if path:
            self.window.studio.export(path, "json")

    def export(self, kind: Kind) -> None:
        path = self._ask_path(kind)
        if path:
            self.window.studio.export(path, kind)

    def _ask_path(self, kind: Kind) -> str | None:
        _, title, name_filter, pattern = next(e for e in EXPORTS if e[0] == kind)
        view = self.window.studio.view
        name = view.bundle.name.replace("-", "_") if view is not None else "recording"
        suggested = str(Path(self._folder()) / pattern.format(name=name))
        path = self.window.ask.save_path("Export " + title.rstrip("…"), name_filter, suggested)
        if path:
            self._remember(path)
        return path

    def switch_device(self, spec: str) -> None:
        if spec != self.window.studio.spec and not self.window.confirm_unsaved(
            f"Continue the recording on {spec}"
        ):
            self.picker.set_current(self.window.studio.spec)
            return
        self.window.settings.last_device = spec
        self.window.studio.switch_device(spec)
