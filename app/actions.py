"""The window's menus and toolbar, and the file commands behind them.

File: New recording (then offers Launch app…), Open script (JSON)…, Recordings…,
Open recording folder… (any bundle folder, checked first), Rename recording… (the
name and the folder, undoable: :mod:`deltarec.app.rename`), Save script (to the file
saved before, without asking), Save script as…, Export ▸ every format of
deltarec.core.recorder.export.FORMATS (JSON, Python, pytest, Maestro), Quit.
Edit: Undo, Redo, Copy / Paste / Duplicate steps. Run: Replay all, Open replay
report. Device: the picker (toolbar), Launch app…, Refresh screen, Refresh device
list, Reconnect. Commands: the palette. File names, names and the app to launch
come from the window's ``ask`` seam, never from a dialog opened here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QToolBar, QToolButton

from deltarec.app.devices import DevicePicker
from deltarec.app.dialogs import JSON_FILTER
from deltarec.app.palette import Palette
from deltarec.app.recordings import check_bundle
from deltarec.core.recorder.export import FORMATS, Kind

if TYPE_CHECKING:
    from deltarec.app.window import MainWindow

MAX_NAME = 200
"""The longest recording name (it becomes file and test names)."""

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
        self.open_folder = action("Open recording folder…", self.open_recording_folder,
                                  tip="Open any recording's folder (an agent's MCP --record "
                                  "folder too) and continue it here")  # fmt: skip
        self.save = action("Save script", self.save_script, "Ctrl+S",
                           "Save the script as JSON (to the file saved before)")  # fmt: skip
        self.save_as = action("Save script as…", self.save_script_as, "Ctrl+Shift+S",
                              "Save the script as JSON to another file")  # fmt: skip
        self.rename = action(
            "Rename recording…",
            self.rename_recording,
            tip=("Name the recording and its folder (the title, exports, Recordings); undoable"),
        )
        self.launch = action(
            "Launch app…",
            self.launch_app,
            tip=("Record launching an app (optionally cleared first): a known state to start from"),
        )
        self.report = action(
            "Open replay report",
            self.open_report,
            tip=("The last Replay all's HTML report: every step, its delta and a screenshot"),
        )
        self.report.setEnabled(False)
        self.report_path: str | None = None
        self.copy_steps = action(
            "Copy steps",
            window.steps_panel.copy,
            tip="The selected steps as script JSON (Ctrl+C in the list)",
        )
        self.paste_steps = action(
            "Paste steps",
            window.steps_panel.paste,
            tip="Steps from the clipboard after the selection (Ctrl+V)",
        )
        self.duplicate = action(
            "Duplicate steps",
            window.steps_panel.duplicate,
            tip="Copies of the selected steps after them (Ctrl+D)",
        )
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
        studio.bundleMoved.connect(self.bundle_moved)

        bar = window.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.new, self.open, self.recordings, self.open_folder, self.rename])
        file_menu.addSeparator()
        file_menu.addActions([self.save, self.save_as])
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
        edit_menu.addSeparator()
        edit_menu.addActions([self.copy_steps, self.paste_steps, self.duplicate])
        run_menu = bar.addMenu("&Run")
        run_menu.addActions([self.replay, self.report])
        device_menu = bar.addMenu("&Device")
        device_menu.addActions([self.launch, self.refresh, self.list, self.reconnect])
        palette_menu = bar.addMenu("&Commands")
        for sub in self.palette.actions():
            palette_menu.addAction(sub)

        tools = QToolBar("Main")
        tools.setObjectName("mainToolBar")
        tools.setMovable(False)
        tools.addWidget(self.picker)
        tools.addAction(self.refresh)
        tools.addAction(self.reconnect)
        tools.addAction(self.launch)
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
        for act in (self.new, self.open, self.replay, self.refresh, self.launch):
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
        """A fresh recording; once it shows the phone, Launch app… offers a known start."""
        if not self.window.confirm_unsaved("Start a new recording"):
            return
        self.save_path = None
        self.window.studio.open_recording(self.picker.current() or self.window.studio.spec,
                                          on_done=lambda _: self.launch_app())  # fmt: skip

    def launch_app(self) -> None:
        """Ask which installed app to launch (cleared first?); record it as step 1, or at
        the selected row."""
        window = self.window

        def ask(packages: list[str]) -> None:
            choice = window.ask.launch_app(packages)
            if choice is not None:
                row = window.steps_panel.current_row()
                window.studio.launch_app(choice[0], clear=choice[1], row=max(row, 0))

        # Asked once the listing job has ended: the window is not busy behind the question.
        window.studio.list_apps(lambda packages: QTimer.singleShot(0, lambda: ask(packages)))

    def rename_recording(self) -> None:
        view = self.window.studio.view
        if view is None:
            return
        name = self.window.ask.text("Rename recording", "Name:", view.name or view.bundle.name)
        if not name:
            return
        if len(name) > MAX_NAME or not name.isprintable():
            self.window.show_error(f"Rename recording: a name is at most {MAX_NAME} printable "
                                   f"characters (got {len(name)})")  # fmt: skip
            return
        self.window.studio.rename(name)

    def bundle_moved(self, old: Path, new: Path) -> None:
        """The recording's folder was renamed (or renamed back): the window keeps what was
        saved of it, and the replay report is where the folder went."""
        self.window.bundle_moved(old, new)
        if self.report_path and Path(self.report_path).parent == old:
            self.set_report(str(new / Path(self.report_path).name))

    def open_recording_folder(self) -> None:
        """File ▸ Open recording folder…: any bundle folder, checked before the recording
        open now is closed; a folder that is not one is an error naming it."""
        path = self.window.ask.open_folder("Open recording folder", self._folder())
        if path:
            self._remember(str(Path(path) / "manifest.json"))
            self.window.studio.runner.submit(
                "Checking the recording folder",
                lambda _: check_bundle(Path(path)),
                on_done=self.window.open_recording,
                on_error=lambda exc: self.window.show_error(f"Open recording folder: {exc}"),
            )

    def set_report(self, path: str) -> None:
        """A replay wrote its report to ``path`` ("": none): Open replay report opens it."""
        self.report_path = path or None
        self.report.setEnabled(bool(path))
        self.report.setToolTip(path or "No replay report yet: Replay all writes one")

    def open_report(self) -> None:
        if self.report_path:
            self.window.ask.show_file(self.report_path)

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

    def save_script_as(self) -> None:
        """Save to a file the person chooses; Save writes there from then on."""
        path = self._ask_path("json")
        if path:
            self.save_path = path
            self.window.studio.export(path, "json")

    def export(self, kind: Kind) -> None:
        path = self._ask_path(kind)
        if path:
            self.window.studio.export(path, kind)

    def _ask_path(self, kind: Kind) -> str | None:
        _, title, name_filter, pattern = next(e for e in EXPORTS if e[0] == kind)
        view = self.window.studio.view
        name = (view.name or view.bundle.name) if view is not None else "recording"
        name = re.sub(r"[^\w.]+", "_", name).strip("_") or "recording"
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
