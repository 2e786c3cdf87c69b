"""The Script Builder's main window: device screen | steps | delta, inspector.

The window owns no recording logic: it lays out the panels, forwards their
signals to the :class:`~deltarec.app.studio.Studio` (which runs everything on its
worker thread) and shows the :class:`~deltarec.app.snapshot.SessionView` each job
returns. Menus, toolbar and file commands are in :mod:`deltarec.app.actions`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QElapsedTimer, QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QGuiApplication, QResizeEvent, QUndoStack
from PySide6.QtWidgets import QFrame, QMainWindow, QScrollArea, QSplitter, QTabWidget, QWidget

from deltarec.app.actions import Actions
from deltarec.app.delta_panel import DeltaPanel
from deltarec.app.device_panel import DevicePanel
from deltarec.app.devices import default_device
from deltarec.app.dialogs import Ask
from deltarec.app.element_tree import ElementTree
from deltarec.app.inspecting import Inspecting
from deltarec.app.inspector import Inspector
from deltarec.app.palette import DELTA_TITLE, Entry, title_of
from deltarec.app.param_form import CommandDialog, StepDialog, problem_text
from deltarec.app.recordings import Unfinished
from deltarec.app.recordings_dialog import RecordingsDialog
from deltarec.app.screen_view import smallest_at
from deltarec.app.settings import Settings
from deltarec.app.snapshot import SessionView
from deltarec.app.status import StatusBar
from deltarec.app.steps_actions import StepsActions
from deltarec.app.steps_model import StepsModel
from deltarec.app.steps_panel import StepsPanel
from deltarec.app.studio import NOT_LIVE_RECORD, Studio, StudioConfig
from deltarec.app.undo_batch import command_for
from deltarec.app.unsaved import UnsavedWork
from deltarec.core.errors import DeltarecError
from deltarec.core.executor.registry import command_table, lookup
from deltarec.core.observe.index import ElementIndex, IndexedElement
from deltarec.core.recorder.keyboard import focused_field, on_keyboard
from deltarec.core.recorder.selector_gen import selector_for
from deltarec.core.recorder.suggest import Suggestion

STYLE = Path(__file__).with_name("style.qss")
RIGHT_SHARE = 0.7
"""The delta panel's share of the right column (the rest: inspector / tree tabs)."""
RECORDED_PICTURE = (
    "Restored: the picture is where the recording left off. Refresh screen shows the "
    "phone as it is now; Replay to here brings it there."
)
NOT_LIVE_CLICK = NOT_LIVE_RECORD
NO_FIELD = "No text field is focused: tap one on the phone first, then type."
KEYBOARD_TAP = (
    "That is the on-screen keyboard, with no text field focused: tap a field first; keys "
    "(held: their alternates) then join one typing step, as does the box under the phone."
)


APP_TITLE = "deltarec Studio"
MINIMUM_SIZE = (960, 620)
"""Below this the three columns and the suggestions overlap."""


def titled(text: str) -> str:
    """The window title: ``text`` alone when the application's display name (which the
    window system adds to every title) already says deltarec Studio."""
    if QGuiApplication.applicationDisplayName() == APP_TITLE:
        return text
    return f"{APP_TITLE} — {text}" if text else APP_TITLE


class MainWindow(UnsavedWork, Inspecting, QMainWindow):
    """deltarec Studio. Call :meth:`start` once it is constructed."""

    firstScreenShown = Signal()
    """The first screen of the device has been painted (``--screenshot`` waits on it)."""
    errorShown = Signal(str)

    def __init__(
        self,
        config: StudioConfig,
        *,
        ask: Ask | None = None,
        settings: Settings | None = None,
        restore_layout: bool = True,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(titled(""))
        self.setMinimumSize(*MINIMUM_SIZE)
        self.ask = ask or Ask()
        self.ask.parent = self
        self.settings = settings or Settings()
        self.studio = Studio(config, self)
        self.model = StepsModel(self)
        self.device_panel = DevicePanel()
        self.screen_view = self.device_panel.screen_view
        self.steps_panel = StepsPanel(self.model)
        self.delta_panel = DeltaPanel()
        self.inspector = Inspector()
        self.element_tree = ElementTree()
        self.side_tabs = QTabWidget()
        inspector_scroll = QScrollArea()
        inspector_scroll.setWidgetResizable(True)
        inspector_scroll.setFrameShape(QFrame.Shape.NoFrame)
        inspector_scroll.setWidget(self.inspector)
        self.side_tabs.addTab(inspector_scroll, "Element")
        self.side_tabs.addTab(self.element_tree, "Tree")
        self.dialog: StepDialog | None = None
        self.last_error = ""
        self._picked: IndexedElement | None = None
        self._first_shown = False
        self._hold_picture = False
        self._quiet_since = QElapsedTimer()  # restarted by every job's start and end
        self._quiet_since.start()
        self._saved: tuple[tuple[str, str], ...] = ()  # the steps as last saved or exported
        self._saved_bundle: Path | None = None
        self.recordings_dialog: RecordingsDialog | None = None
        self.undo_stack = QUndoStack(self)
        self.poll = QTimer(self)
        self.poll.setInterval(config.idle_poll_ms)
        self.poll.timeout.connect(self._look)

        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.delta_panel)
        right.addWidget(self.side_tabs)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 1)
        right.setChildrenCollapsible(False)
        self.right = right
        self._right_moved = False  # the person dragged it: their sizes win from then on
        right.splitterMoved.connect(lambda *_: setattr(self, "_right_moved", True))
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.device_panel)
        self.splitter.addWidget(self.steps_panel)
        self.splitter.addWidget(right)
        self.splitter.setSizes([370, 470, 560])
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setContentsMargins(8, 8, 8, 4)
        self.setCentralWidget(self.splitter)
        self.status = StatusBar(self)
        self.setStatusBar(self.status)
        self.actions_ = Actions(self)
        self._wire_inspect()
        self.steps_actions = StepsActions(self)
        self.status.report_button.setDefaultAction(self.actions_.report)
        if STYLE.is_file():
            self.setStyleSheet(STYLE.read_text(encoding="utf-8"))
        self._wire()
        self.resize(1400, 900)
        if restore_layout:
            self._restore_layout()

    # ----------------------------------------------------------------- wiring
    def _wire(self) -> None:
        studio, screen = self.studio, self.screen_view
        studio.viewChanged.connect(self._show_view)
        studio.stepAdded.connect(self.select_quietly)
        studio.stepStatus.connect(self._step_status)
        studio.replayStarted.connect(self._replay_started)
        studio.replayFinished.connect(self._replay_finished)
        studio.error.connect(self.show_error)
        studio.exported.connect(self._saved_to)
        studio.picture.connect(self._live_picture_arrived)
        studio.undoable.connect(lambda change: self.undo_stack.push(command_for(studio, change)))
        studio.disconnected.connect(self._disconnected)
        studio.runner.busyChanged.connect(self._set_busy)
        studio.runner.started.connect(self.status.set_job)
        screen.tapped.connect(self._tapped)
        screen.swiped.connect(self._swiped)
        screen.hovered.connect(self._hovered)
        screen.shown.connect(self._screen_shown, Qt.ConnectionType.QueuedConnection)
        self.device_panel.typeRequested.connect(self._type)
        self.device_panel.keyRequested.connect(studio.key)
        self.device_panel.refreshRequested.connect(studio.refresh)
        self.device_panel.replayToHereRequested.connect(lambda: studio.run_from(0))
        self.steps_panel.selected.connect(self._show_step)
        self.steps_panel.editRequested.connect(self.edit_step)
        self.steps_panel.moveRequested.connect(self._move_step)
        self.steps_panel.deleteRequested.connect(studio.delete_step)
        self.steps_panel.runRequested.connect(lambda row, only: studio.run_from(row, only=only))
        self.delta_panel.addSuggestion.connect(self._add_suggestion)
        self.delta_panel.removeCheck.connect(self._remove_check)
        self.element_tree.picked.connect(self._tree_picked)

    # ---------------------------------------------------------------- start-up
    def start(self, device: str | None = None) -> None:
        """Pick the device, offer to restore an unfinished recording, then start recording.

        The device: ``device``, else the last one used, else the first attached
        adb device, else ``virtual`` (the built-in phone).
        """
        chosen = device or self.settings.last_device

        def listed(devices: list[tuple[str, str]]) -> None:
            spec = chosen or default_device(devices)
            self.actions_.picker.set_current(spec)
            self.studio.find_unfinished(lambda found: self._restore_or_start(spec, found))

        self.studio.list_devices(then=listed)

    def _restore_or_start(self, spec: str, found: list[Unfinished]) -> None:
        if found:
            newest = found[-1]
            question = f"Restore the unfinished recording with {newest.steps} steps?"
            if self.ask.yes_no("Unfinished recording", question):
                self.studio.discard(found[:-1])
                self.studio.open_recording(spec, restore=newest.path)
                return
            self.studio.discard(found)
        self.studio.open_recording(spec)

    # --------------------------------------------------------------- showing
    def _show_view(self, view: SessionView) -> None:
        if view.bundle != self._saved_bundle:  # another recording: nothing of it saved yet
            self._saved_bundle, self._saved = view.bundle, ()
            self.undo_stack.clear()
            self.actions_.set_report("")  # the last recording's replay report is not this one's
            self.status.report_button.hide()
        grew = len(view.steps) > self.model.rowCount()
        self.model.set_steps(view.steps)
        self._hold_picture = view.recorded_picture
        self.device_panel.set_live(not view.recorded_picture)
        if not self._keep_step_screen(view, grew):
            self._show_screen(view)
            self._view_shown()
        self.status.show_view(view)
        if view.recorded_picture:
            self.status.show_note(RECORDED_PICTURE)
        self.setWindowTitle(titled(f"{view.name or view.bundle.name}[*] on {view.serial}"))
        self.show_modified()
        self._show_step(self.steps_panel.current_row())

    def _show_screen(self, view: SessionView) -> None:
        """The recording's latest screen on the picture, the inspector and the tree."""
        self.screen_view.set_screen(view.image, view.screen_size, view.index)
        self.inspector.show_element(view.index, None)
        self.element_tree.set_index(view.index)
        self._picked = None

    def _show_step(self, row: int) -> None:
        self.delta_panel.show_step(self.model.step(row), row + 1 if row >= 0 else None)

    def _look(self) -> None:
        """The idle poll: a quiet look at the phone when nothing runs and no dialog is open."""
        if self._hold_picture or self.step_screen is not None or self.picking:
            return  # a restore (a step's screen) shows a recorded picture, not the phone
        if self._quiet_since.elapsed() < self.poll.interval():
            return  # only after a quiet interval: a look never delays a person's next step
        if self.studio.runner.idle_now and self.dialog is None and self.isVisible():
            self.studio.peek(self._live_picture_arrived)

    def _screen_shown(self) -> None:
        if not self._first_shown and self.studio.view is not None:
            self._first_shown = True
            if self.studio.config.idle_poll_ms > 0:
                self.poll.start()
            self.firstScreenShown.emit()

    def _set_busy(self, busy: bool) -> None:
        self._quiet_since.restart()
        self.device_panel.set_busy(busy)
        self.steps_panel.set_busy(busy)
        self.actions_.set_busy(busy)
        self.status.set_busy(busy)

    def show_error(self, text: str) -> None:
        self.last_error = text
        self.status.show_error(text)
        self.errorShown.emit(text)

    def _disconnected(self, text: str) -> None:
        self.show_error(f"Device disconnected: {text} — Device ▸ Reconnect to continue")
        self.actions_.reconnect.setEnabled(True)

    def _step_status(self, row: int, status: str, error: object) -> None:
        self.model.set_status(row, status, error if isinstance(error, str) else None)
        if status in ("passed", "failed"):
            self.status.advance(row + 1)
        if row == self.steps_panel.current_row():
            self._show_step(row)

    def _replay_started(self, total: int) -> None:
        self.model.reset_statuses()
        self.status.start_progress(total)

    def _replay_finished(self, ok: bool, report: str = "") -> None:
        self.actions_.set_report(report)
        self.status.report_button.setVisible(bool(report))
        rows = self.model.rows
        passed = sum(1 for r in rows if r.status == "passed")
        message = f"Replay {'passed' if ok else 'FAILED'}: {passed}/{len(rows)} steps passed"
        failed = next((i for i, r in enumerate(rows) if r.status == "failed"), None)
        if failed is not None:  # the failure is what the person looks at next
            skipped = sum(1 for r in rows if r.status == "skipped")
            message += f"; step {failed + 1} failed" + (f", {skipped} skipped" if skipped else "")
            self.select_quietly(failed)
        self.status.finish_progress(message)

    # ------------------------------------------------------------- recording
    def _not_live(self) -> bool:
        """True (and says why) when the picture is not the phone: a click would record junk."""
        if self.device_panel.live:
            return False
        self.show_error(NOT_LIVE_CLICK)
        return True

    def _swiped(self, x1: int, y1: int, x2: int, y2: int) -> None:
        if not self._intercept_swipe() and not self._not_live():
            self.studio.swipe(x1, y1, x2, y2)

    def _tapped(self, x: int, y: int, long: bool) -> None:
        if self._intercept_tap(x, y) or self._not_live():
            return
        index = self.screen_view.index
        if index is not None and on_keyboard(index.frame.obs, x, y):
            if focused_field(index.frame.obs) is None:
                self.show_error(KEYBOARD_TAP)
                self.device_panel.text.setFocus()
            else:  # a key (held: its alternate, a digit say): it joins the typing step
                self.studio.keyboard_tap(x, y, long=long)
            return
        self._picked = smallest_at(self.screen_view.index, x, y)
        self.screen_view.select(self._picked)
        self.studio.tap(x, y, long=long)

    def _type(self, text: str) -> None:
        """Type into the focused field; refused, with the reason, when no field is focused."""
        index = self.screen_view.index
        if index is not None and focused_field(index.frame.obs) is None:
            self.show_error(NO_FIELD)  # the box keeps what the person typed
            return
        self.device_panel.text.clear()
        self.studio.type_text(text)

    def _tree_picked(self, element: IndexedElement | None) -> None:
        self.screen_view.select(element)
        if element is not None and element.index >= 0:
            self._picked = element
            self.inspector.show_element(self.screen_view.index, element)

    def _hovered(self, element: IndexedElement | None) -> None:
        self.inspector.show_element(self.screen_view.index, element or self._picked)

    def _add_suggestion(self, suggestion: Suggestion) -> None:
        row = self.steps_panel.current_row()
        self.studio.add_suggestion(suggestion, row if row >= 0 else None)

    def _remove_check(self, check: int) -> None:
        row = self.steps_panel.current_row()
        if row >= 0:
            self.studio.remove_check(row, check)

    def _move_step(self, row: int, to: int) -> None:
        self.studio.move_step(row, to, on_done=lambda _: self.select_quietly(to))

    def edit_step(self, row: int) -> CommandDialog | None:
        """Open the parameters form of step ``row`` (checked field by field, then by core)."""
        step = self.model.step(row)
        if step is None:
            return None
        try:
            command = lookup(command_table(), step.command, "$")
        except DeltarecError as exc:
            self.show_error(str(exc))
            return None
        # Its selector is matched against the screen the step was recorded on, not today's.
        screen: list[ElementIndex | None] = [None]
        self.studio.step_screen(row, lambda index: screen.__setitem__(0, index), before=True)
        dialog = CommandDialog(command, f"Edit step {row + 1}: {title_of(command)}",
                               initial=step.params, screen=lambda: screen[0],
                               pick=self.pick_on_step(row), parent=self)  # fmt: skip
        dialog.submitted.connect(
            lambda params: self.studio.update_params(
                row,
                params,
                on_done=dialog.succeeded,
                on_error=lambda e: dialog.show_error(problem_text(e)),
            )
        )
        self._open(dialog)
        return dialog

    def choose(self, entry: Entry) -> StepDialog | None:
        """A palette entry: record it at once, or open its dialog."""
        if not entry.needs_dialog:
            self.studio.record(entry.name, {})
            return None
        initial = dict(entry.initial)
        picked = self.inspector.element
        index = self.screen_view.index
        if entry.wants_selector and picked is not None and index is not None:
            made = selector_for(index.frame, picked.pos, picked.index, name=picked.name)
            selector: dict[str, Any] = dict(made)
            selector.pop("alternates", None)
            initial.setdefault("selector", selector)
        dialog = CommandDialog(entry.command, entry.title, fields=entry.fields,
                               initial=initial, screen=self._screen,
                               pick=self.request_pick, parent=self)  # fmt: skip

        def submitted(params: dict[str, Any]) -> None:
            def failed(exc: BaseException) -> None:
                dialog.show_error(problem_text(exc, dialog.labels))

            if entry.title == DELTA_TITLE:
                self.studio.record_delta(
                    max_lines=int(params.get("max_lines", 40)),
                    max_tokens=params.get("max_tokens"),
                    interactive_only=bool(params.get("interactive_only", False)),
                    on_done=dialog.succeeded,
                    on_error=failed,
                )
            else:
                self.studio.record(entry.name, params, on_done=dialog.succeeded, on_error=failed)

        dialog.submitted.connect(submitted)
        self._open(dialog)
        return dialog

    def _screen(self) -> ElementIndex | None:
        return self.screen_view.index

    def _open(self, dialog: StepDialog) -> None:
        self.dialog = dialog
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(lambda _: setattr(self, "dialog", None))
        dialog.open()

    # ----------------------------------------------------------------- layout
    def resizeEvent(self, event: QResizeEvent) -> None:
        """The delta panel keeps about 70% of the right column's height at every size
        (the inspector scrolls instead of taking the suggestions' rows)."""
        super().resizeEvent(event)
        if not self._right_moved:
            total = sum(self.right.sizes()) or self.right.height()
            self.right.blockSignals(True)
            self.right.setSizes([int(total * RIGHT_SHARE), total - int(total * RIGHT_SHARE)])
            self.right.blockSignals(False)

    # ---------------------------------------------------------------- closing
    def _restore_layout(self) -> None:
        if (geometry := self.settings.geometry) is not None:
            self.restoreGeometry(geometry)
        if (state := self.settings.window_state) is not None:
            self.restoreState(state)
        if (sizes := self.settings.splitter) is not None:
            self.splitter.restoreState(sizes)

    def event(self, event: QEvent) -> bool:
        """A hover text never covers a result or an error (it waits for the next job)."""
        if event.type() == QEvent.Type.StatusTip and self.status.sticky:
            return True
        return super().event(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._quit_question():
            event.ignore()
            return
        self.poll.stop()
        self.settings.geometry = QByteArray(self.saveGeometry())
        self.settings.window_state = QByteArray(self.saveState())
        self.settings.splitter = QByteArray(self.splitter.saveState())
        self.settings.last_device = self.studio.spec
        self.settings.sync()
        self.studio.close()
        super().closeEvent(event)
