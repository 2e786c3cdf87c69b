"""Looking without recording: old steps' screens, inspect-only mode, pick-on-screen.

A mixin of :class:`~deltarec.app.window.MainWindow`. A click on the phone picture
records a step, except in three cases, checked in this order by :meth:`Inspecting._intercept_tap`:

1. **a pick is pending** (the "Pick" button of a selector or assertion editor): the
   dialogs are hidden, and the next click fills the editor's selector with the one the
   recorder would write for that element (:func:`picked_selector`); Esc cancels;
2. **inspect-only mode** (Inspect ▸ Inspect only, the toolbar, Ctrl+I): a click selects
   the element (outline, inspector, tree) and records nothing; the status bar says the
   mode; the idle poll keeps the picture live, and a click on a picture newer than the
   boxes captures the screen first (never a capture per poll: a capture can change
   what it captures, a "refreshed N times" label, so that would never stop);
3. **a step's screen is shown** (selecting an older step, or the device panel's
   "Step N" switch): the picture, boxes, inspector and tree are that step's, read from
   the recording on the worker (:mod:`deltarec.app.step_screens`); a click selects an
   element and, the first time, says that nothing is recorded; "● Live" (Ctrl+L) returns
   to the phone.

Selecting the last step keeps the live picture (the phone is where that step left it);
selections the window makes itself (a recorded step, a replay's failure) never switch;
Refresh screen, a replay and a newly recorded step return to live.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QImage, QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QLabel, QMainWindow, QWidget

from deltarec.app.screen_view import smallest_at
from deltarec.app.selector_code import FORMATS
from deltarec.app.selector_editor import OnPick
from deltarec.app.step_screens import StepScreen, read_step_screen
from deltarec.core.observe.index import ElementIndex, IndexedElement
from deltarec.core.recorder.selector_gen import selector_for
from deltarec.core.recorder.targets import tap_params

if TYPE_CHECKING:
    from deltarec.app.actions import Actions
    from deltarec.app.device_panel import DevicePanel
    from deltarec.app.element_tree import ElementTree
    from deltarec.app.inspector import Inspector
    from deltarec.app.param_form import StepDialog
    from deltarec.app.screen_view import ScreenView
    from deltarec.app.snapshot import SessionView
    from deltarec.app.status import StatusBar
    from deltarec.app.steps_model import StepsModel
    from deltarec.app.steps_panel import StepsPanel
    from deltarec.app.studio import Studio

RECORDING = "● Recording"
INSPECTING = "‖ Inspecting (recording paused)"
INSPECT_NOTE = "Inspect only: clicks select elements, nothing is recorded (Ctrl+I records again)."
INSPECT_SWIPE = "Inspect only: nothing was sent or recorded (Ctrl+I records again)."
STEP_CLICK = (
    "Nothing recorded: this is step {n}'s screen, not the phone. ● Live (Ctrl+L) returns "
    "to the phone."
)
COPIED = "Copied the selector of {element} as {kind}: {code}"
"""Said in the status bar after Copy selector (the clipboard gives no sign of its own)."""
PICK_NOTE = "Pick: click an element on the phone picture (Esc cancels)."
PICK_NOTHING = "Pick: no element there; click an element (Esc cancels)."
PICK_CAPTION = "Esc cancels"
PICK_LOADING = "Pick: the step's screen is still loading; click again in a moment."
PICK_NO_SCREEN = "Nothing to pick from: the picture has no elements (Refresh screen first)."


def picked_selector(index: ElementIndex, x: int, y: int, *, tap: bool) -> dict[str, Any] | None:
    """The selector the recorder would write for a click at ``(x, y)``: for a tap, the one
    a recorded tap there gets (the element that takes the tap); else the innermost
    element's. None when no element is there."""
    target = smallest_at(index, x, y)
    if target is None:
        return None
    if tap:
        return dict(tap_params(index, x, y)["selector"])
    number = index.number_of.get(target.pos)
    return dict(selector_for(index.frame, target.pos, number, name=index.names[target.pos]))


class Inspecting:
    """Step screens, inspect-only mode and picking for the main window (module docstring)."""

    studio: Studio
    model: StepsModel
    status: StatusBar
    actions_: Actions
    device_panel: DevicePanel
    screen_view: ScreenView
    steps_panel: StepsPanel
    inspector: Inspector
    element_tree: ElementTree
    dialog: StepDialog | None
    _picked: IndexedElement | None

    def show_error(self, text: str) -> None: ...
    def _show_screen(self, view: SessionView) -> None: ...
    def _show_step(self, row: int) -> None: ...

    def _me(self) -> QWidget:
        assert isinstance(self, QWidget)  # mixed into the main window only
        return self

    # ------------------------------------------------------------------ wiring
    def _wire_inspect(self) -> None:
        me = self._me()
        self.inspecting = False
        self.step_screen: StepScreen | None = None
        self._wanted: tuple[int, bool] | None = None  # the step screen asked for (or shown)
        self._said_step = False
        self._live_picture: QImage | None = None  # a picture newer than the boxes
        self._select_at: tuple[int, int] | None = None  # an inspect click waiting on a capture
        self._pick: tuple[OnPick, bool] | None = None
        self._hidden: list[QDialog] = []
        self._quiet_select = False
        self.inspect_action = QAction("Inspect only (pause recording)", me)
        self.inspect_action.setCheckable(True)
        self.inspect_action.setShortcut(QKeySequence("Ctrl+I"))
        self.inspect_action.setIconText("Inspect")
        self.inspect_action.setToolTip("Clicks select elements instead of recording (Ctrl+I)")
        self.inspect_action.setStatusTip(self.inspect_action.toolTip())
        self.inspect_action.toggled.connect(self.set_inspecting)
        self.live_action = QAction("● Live screen", me)
        self.live_action.setShortcut(QKeySequence("Ctrl+L"))
        self.live_action.triggered.connect(self.go_live)
        assert isinstance(me, QMainWindow)
        menu = me.menuBar().addMenu("&Inspect")
        menu.addAction(self.inspect_action)
        menu.addAction(self.live_action)
        copy = menu.addMenu("Copy selector")
        for kind in FORMATS:
            act = copy.addAction(f"as {kind}")
            act.triggered.connect(lambda _=False, k=kind: self.inspector.copy_button.copy(k))
        self.inspector.copy_button.copied.connect(self._copied)
        self.actions_.toolbar.addSeparator()
        self.actions_.toolbar.addAction(self.inspect_action)
        self.mode_label = QLabel(RECORDING)
        self.mode_label.setObjectName("statusField")
        self.status.addPermanentWidget(self.mode_label)
        self.escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), me)
        self.escape.setContext(Qt.ShortcutContext.WindowShortcut)
        self.escape.setEnabled(False)
        self.escape.activated.connect(self.cancel_pick)
        self.device_panel.liveRequested.connect(self.go_live)
        # Asking for the phone (Refresh screen) or running steps on it (a replay) shows it.
        self.device_panel.refreshRequested.connect(self.go_live)
        self.actions_.refresh.triggered.connect(self.go_live)
        self.studio.replayStarted.connect(lambda _: self.go_live())
        self.device_panel.stepRequested.connect(
            lambda before: self.show_step_screen(self.steps_panel.current_row(), before)
        )
        self.steps_panel.selected.connect(self._follow_selection)

    def _copied(self, kind: str, code: str) -> None:
        element = self.inspector.element
        name = f'{element.role} "{element.name}"' if element is not None else "the element"
        first = code.strip().splitlines()[0] if code.strip() else ""
        self.status.show_note(COPIED.format(element=name, kind=kind, code=first))

    @contextmanager
    def selecting_quietly(self) -> Iterator[None]:
        """Selections made inside (by the window, not the person) never switch the picture."""
        self._quiet_select = True
        try:
            yield
        finally:
            self._quiet_select = False

    def select_quietly(self, row: int) -> None:
        with self.selecting_quietly():
            self.steps_panel.select_row(row)

    # ------------------------------------------------------------- the input
    def _intercept_tap(self, x: int, y: int) -> bool:
        """Whether a click is taken here (module docstring); False: record it."""
        index = self.screen_view.index
        if self._pick is not None:
            self._take_pick(index, x, y)
            return True
        if not self.inspecting and self._wanted is None:
            return False
        if self._wanted is None and self._live_picture is not None:
            # The picture moved on since the boxes were captured: capture, then select.
            self._select_at = (x, y)
            self.studio.refresh()
            return True
        self._select_element(smallest_at(index, x, y))
        if self.inspecting:
            self.status.show_note(INSPECT_NOTE)
        elif self._wanted is not None and not self._said_step:
            self._said_step = True
            self.show_error(STEP_CLICK.format(n=self._wanted[0] + 1))
        return True

    def _intercept_swipe(self) -> bool:
        if self._pick is not None:
            return True
        if self.inspecting:
            self.status.show_note(INSPECT_SWIPE)
            return True
        if self._wanted is not None:
            self.show_error(STEP_CLICK.format(n=self._wanted[0] + 1))
            return True
        return False

    def _select_element(self, element: IndexedElement | None) -> None:
        index = self.screen_view.index
        self._picked = element
        self.screen_view.select(element)
        self.inspector.show_element(index, element)
        if element is not None:
            self.element_tree.select_pos(element.pos)

    # ---------------------------------------------------------------- picking
    def request_pick(self, on_pick: OnPick, tap: bool = False) -> None:
        """The next click on the picture calls ``on_pick(selector)`` (``tap``: the element
        that takes a tap there); the open dialogs hide meanwhile. Esc cancels."""
        if self.screen_view.index is None:
            self.show_error(PICK_NO_SCREEN)
            return
        self._hidden = [d for d in self._me().findChildren(QDialog) if d.isVisible()]
        for dialog in self._hidden:
            dialog.hide()
        self._pick = (on_pick, tap)
        self.escape.setEnabled(True)
        self._caption()
        self.status.show_note(PICK_NOTE)

    def pick_on_step(self, row: int) -> Callable[[OnPick, bool], None]:
        """A pick for an edit of step ``row``: on the screen that step started on (what its
        selector is matched against), shown for the pick."""

        def pick(on_pick: OnPick, tap: bool) -> None:
            if self._wanted != (row, True):
                self.show_step_screen(row, before=True)
            self.request_pick(on_pick, tap)

        return pick

    def _loading(self) -> bool:
        """A step's screen is asked for and not shown yet."""
        shown = self.step_screen
        return self._wanted is not None and (
            shown is None or (shown.row, shown.before) != self._wanted
        )

    @property
    def picking(self) -> bool:
        return self._pick is not None

    def _take_pick(self, index: ElementIndex | None, x: int, y: int) -> None:
        assert self._pick is not None
        on_pick, tap = self._pick
        if self._loading():
            self.status.show_note(PICK_LOADING)
            return
        selector = picked_selector(index, x, y, tap=tap) if index is not None else None
        if selector is None:
            self.status.show_note(PICK_NOTHING)
            return
        element = smallest_at(index, x, y)
        self._select_element(element)
        self._end_pick()
        if element is not None:
            self.status.show_note(f'Picked {element.role} "{element.name}".')
        on_pick(selector)

    def cancel_pick(self) -> None:
        if self._pick is not None:
            self._end_pick()
            self.status.show_note("Pick cancelled.")

    def _end_pick(self) -> None:
        self._pick = None
        self.escape.setEnabled(False)
        self._caption()
        for dialog in self._hidden:
            dialog.show()
            dialog.raise_()
        self._hidden = []

    # ------------------------------------------------------------ inspecting
    def set_inspecting(self, on: bool) -> None:
        """Inspect-only mode on or off (the action, the status bar and the picture say it)."""
        self.inspecting = on
        if self.inspect_action.isChecked() != on:
            self.inspect_action.setChecked(on)
        self.mode_label.setText(INSPECTING if on else RECORDING)
        self.mode_label.setProperty("inspecting", on)
        self._caption()
        self.status.show_note(INSPECT_NOTE if on else "Recording: clicks on the phone are steps.")

    def _caption(self) -> None:
        """The badge over the picture: whose screen it is, and what a click does now."""
        shown = self.step_screen
        text = shown.caption if shown is not None else "inspect only" if self.inspecting else ""
        if self._pick is not None:
            text = f"{text} · {PICK_CAPTION}" if text else f"pick an element · {PICK_CAPTION}"
        self.screen_view.set_caption(text)

    # ---------------------------------------------------------- step screens
    def _live_picture_arrived(self, image: QImage) -> None:
        self._live_picture = image
        if self._wanted is None:
            self.screen_view.set_picture(image)

    def _follow_selection(self, row: int) -> None:
        """A step selected: show its screen (not for the last one while live, or for a
        selection the window made)."""
        shown = self._wanted[0] if self._wanted is not None else None
        self.device_panel.show_step(shown, row if row >= 0 else None,
                                    before=self.device_panel.before)  # fmt: skip
        if self._quiet_select:
            return
        if row < 0:
            if self._wanted is not None:
                self.go_live()
            return
        if self._wanted is not None or row < self.model.rowCount() - 1:
            self.show_step_screen(row, self.device_panel.before)

    def show_step_screen(self, row: int, before: bool = False) -> None:
        """Show step ``row``'s screen (``before``: the one it started on), read on the worker."""
        step = self.model.step(row)
        view = self.studio.view
        if step is None or view is None:
            return
        if self._wanted != (row, before):
            self._said_step = False
        self._wanted = (row, before)
        self.device_panel.show_step(row, row, before=before)
        number = step.before if before else step.after
        params = dict(step.params)

        def read(_: object) -> StepScreen:
            return read_step_screen(view.bundle, row, number, before=before, params=params)

        def failed(exc: BaseException) -> None:
            self.show_error(f"Step {row + 1}'s screen could not be read: {exc}")
            self.go_live()

        self.studio.runner.submit(f"Reading step {row + 1}'s screen", read,
                                  on_done=self._step_screen_read, on_error=failed,
                                  quiet=True)  # fmt: skip

    def _step_screen_read(self, screen: StepScreen) -> None:
        if self._wanted != (screen.row, screen.before):
            return  # another step (or Live) was asked for meanwhile
        self.step_screen = screen
        self.screen_view.set_screen(screen.image, screen.size, screen.index)
        self._caption()
        self.element_tree.set_index(screen.index)
        self._picked = screen.target
        self.screen_view.select(screen.target)
        self.inspector.show_element(screen.index, screen.target)

    def go_live(self) -> None:
        """Back to the phone: the latest screen the recording saw, and the latest picture."""
        self._wanted, self.step_screen = None, None
        row = self.steps_panel.current_row()
        self.device_panel.show_step(None, row if row >= 0 else None)
        view = self.studio.view
        if view is not None:
            self._show_screen(view)
            if self._live_picture is not None and not view.recorded_picture:
                self.screen_view.set_picture(self._live_picture)
        self._caption()

    def _view_shown(self) -> None:
        """A new live view is on the picture: select what an inspect click waited on."""
        point, self._select_at = self._select_at, None
        if point is not None and self.inspecting:
            self._select_element(smallest_at(self.screen_view.index, *point))
            self.status.show_note(INSPECT_NOTE)

    def _keep_step_screen(self, view: SessionView, grew: bool) -> bool:
        """A new view while a step's screen is shown: keep it (True) unless a step was
        recorded (the phone moved on: back to live)."""
        self._live_picture = None  # the view's own picture is the newest
        if self._wanted is None:
            return False
        self._select_at = None
        if grew:
            self.go_live()
            return True  # go_live showed the view
        if self._wanted[0] >= len(view.steps):
            self.go_live()
        return True


__all__ = ["Inspecting", "picked_selector"]
