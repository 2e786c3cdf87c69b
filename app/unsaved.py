"""Nothing lost: which steps are unsaved, the questions before they could be, and the
list of autosaved recordings (File → Recordings).

A mixin of :class:`~deltarec.app.window.MainWindow`: it reads the window's model, studio,
status bar, actions and ``ask``, and keeps the signature of the steps as last saved.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from deltarec.app.recordings_dialog import RecordingsDialog
from deltarec.app.snapshot import StepRow

if TYPE_CHECKING:
    from deltarec.app.actions import Actions
    from deltarec.app.dialogs import Ask
    from deltarec.app.status import StatusBar
    from deltarec.app.steps_model import StepsModel
    from deltarec.app.studio import Studio


class UnsavedWork:
    """Unsaved steps, the quit question and the recordings list of the main window."""

    ask: Ask
    studio: Studio
    model: StepsModel
    status: StatusBar
    actions_: Actions
    recordings_dialog: RecordingsDialog | None
    _saved: tuple[tuple[str, str], ...]
    _saved_bundle: Path | None

    def _as_widget(self) -> QWidget:
        assert isinstance(self, QWidget)  # mixed into the main window only
        return self

    @staticmethod
    def _signature(steps: Sequence[StepRow]) -> tuple[tuple[str, str], ...]:
        return tuple((s.command, json.dumps(s.params, sort_keys=True, default=str)) for s in steps)

    def _saved_to(self, path: str) -> None:
        self.mark_saved()
        n = self.model.rowCount()
        self.status.show_note(f"Saved {n} step{'s' if n != 1 else ''} to {path}")

    def mark_saved(self) -> None:
        """The steps as they are now are in a file (saved, exported or opened)."""
        self._saved = self._signature(self.model.rows)
        self.show_modified()

    def bundle_moved(self, old: Path, new: Path) -> None:
        """The recording's folder was renamed: the same recording, whatever of it was saved
        is still saved (and its undo history stays)."""
        if self._saved_bundle == old:
            self._saved_bundle = new

    def show_modified(self) -> None:
        """The title's unsaved marker (Qt's ``windowModified``: ``*`` where the title has
        ``[*]``) is on while steps are not saved."""
        self._as_widget().setWindowModified(self.unsaved_steps() > 0)

    def unsaved_steps(self) -> int:
        """How many steps a quit would leave only in the autosave (0 when all are saved)."""
        rows = self.model.rows
        return len(rows) if rows and self._signature(rows) != self._saved else 0

    def confirm_unsaved(self, what: str) -> bool:
        """True when there is nothing unsaved, or the person says go ahead with ``what``."""
        n = self.unsaved_steps()
        if n == 0:
            return True
        steps = "1 recorded step is" if n == 1 else f"{n} recorded steps are"
        return self.ask.yes_no(
            "Unsaved steps",
            f"{steps} not saved as a script. {what} anyway?\n"
            "The recording stays on disk: File → Recordings opens it again.",
        )

    def show_recordings(self) -> RecordingsDialog:
        """File → Recordings: list every autosaved recording (open, discard)."""
        view = self.studio.view
        dialog = RecordingsDialog(view.bundle if view is not None else None, self._as_widget())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.recordings_dialog = dialog
        dialog.finished.connect(lambda _: setattr(self, "recordings_dialog", None))
        dialog.openRequested.connect(self.open_recording)
        dialog.discardRequested.connect(lambda path: self._discard_recording(dialog, path))
        self.studio.list_recordings(dialog.set_recordings)
        dialog.open()
        return dialog

    def open_recording(self, path: Path) -> None:
        """Continue an autosaved recording on the current device (asks about unsaved steps)."""
        if self.confirm_unsaved("Open another recording"):
            self.actions_.save_path = None
            self.studio.open_recording(self.studio.spec, restore=path)

    def _discard_recording(self, dialog: RecordingsDialog, path: Path) -> None:
        question = f"Delete the recording {path.name} from disk? This cannot be undone."
        if self.ask.yes_no("Discard recording", question):
            self.studio.delete_recording(
                path, lambda _: self.studio.list_recordings(dialog.set_recordings)
            )

    def _quit_question(self) -> bool:
        """Save, Discard or Cancel when steps are unsaved; True when the window may close."""
        n = self.unsaved_steps()
        if n == 0:
            return True
        steps = "1 recorded step is" if n == 1 else f"{n} recorded steps are"
        answer = self.ask.save_discard_cancel(
            "Unsaved steps",
            f"{steps} not saved as a script. Save them before quitting?\n"
            "Discard keeps the recording on disk: File → Recordings opens it again.",
        )
        if answer == "save":
            path = self.actions_.script_path()
            if path is None:
                return False  # no file chosen: stay
            self.studio.export(path, "json")  # close() waits for it
            return True
        return answer == "discard"
