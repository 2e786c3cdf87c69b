"""The Script Builder's step edits: delete, insert, replace, move and re-parameter a
recorded step, each (unless told otherwise) handed to the undo stack as a
:class:`~deltarec.app.undo.Change`.

A part of :class:`~deltarec.app.studio.Studio` (it inherits these methods), as the
replay jobs are; every edit runs as a job on the worker thread.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import SignalInstance

from deltarec.app.snapshot import SessionView
from deltarec.app.undo import Change
from deltarec.app.workers import Report
from deltarec.core.recorder.session import RecordedStep, RecordingSession


class _Host(Protocol):
    """What the edits use of the Studio."""

    undoable: SignalInstance

    def _job(self, label: str, fn: Callable[[RecordingSession, Report], object], *,
             on_done: Callable[[Any], None] | None = None,
             on_error: Callable[[BaseException], None] | None = None,
             on_progress: Callable[[Any], None] | None = None) -> None: ...  # fmt: skip
    def _view(self, session: RecordingSession) -> SessionView: ...
    def _edit(self, label: str, edit: Callable[[RecordingSession], None],
              on_done: Callable[[Any], None] | None = None,
              on_error: Callable[[BaseException], None] | None = None) -> None: ...  # fmt: skip
    def _tracked(self, label: str, edit: Callable[[RecordingSession], Change],
                 on_done: Callable[[Any], None] | None = None,
                 on_error: Callable[[BaseException], None] | None = None) -> None: ...  # fmt: skip


class StepEdits:
    """Edit methods of :class:`~deltarec.app.studio.Studio`."""

    def _edit(
        self: _Host,
        label: str,
        edit: Callable[[RecordingSession], None],
        on_done: Callable[[Any], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:
        def run(session: RecordingSession, _: Report) -> SessionView:
            edit(session)
            return self._view(session)

        self._job(label, run, on_done=on_done, on_error=on_error)

    def _tracked(self: _Host, label: str, edit: Callable[[RecordingSession], Change],
                 on_done: Callable[[Any], None] | None = None,
                 on_error: Callable[[BaseException], None] | None = None) -> None:  # fmt: skip
        """An edit whose :class:`~deltarec.app.undo.Change` goes to ``undoable`` once it is done."""
        changes: list[Change] = []

        def done(view: object) -> None:
            self.undoable.emit(changes[0])
            if on_done is not None:
                on_done(view)

        self._edit(label, lambda s: changes.append(edit(s)), done, on_error)

    def delete_step(self: _Host, row: int, *, track: bool = True) -> None:
        def delete(session: RecordingSession) -> Change:
            removed = copy.deepcopy(session.steps[row])
            session.delete_step(row)
            return Change("delete", row, removed)

        if track:
            self._tracked("Deleting a step", delete)
        else:
            self._edit("Deleting a step", lambda s: s.delete_step(row))

    def insert_step(self: _Host, row: int, step: RecordedStep) -> None:
        """Put a step back as it was (undo / redo); nothing runs."""
        self._edit("Restoring a step", lambda s: s.insert_step(row, copy.deepcopy(step)))

    def replace_step(self: _Host, row: int, step: RecordedStep) -> None:
        """Step ``row`` becomes ``step`` as it was (undo / redo of an edit)."""

        def replace(session: RecordingSession) -> None:
            session.delete_step(row)
            session.insert_step(row, copy.deepcopy(step))

        self._edit("Restoring a step", replace)

    def move_step(self: _Host, row: int, to: int, on_done: Callable[[Any], None] | None = None,
                  *, track: bool = True) -> None:  # fmt: skip
        def move(session: RecordingSession) -> Change:
            session.move_step(row, to)
            return Change("move", row, to=to)

        if track:
            self._tracked("Moving a step", move, on_done)
        else:
            self._edit("Moving a step", lambda s: s.move_step(row, to), on_done)

    def update_params(
        self: _Host,
        row: int,
        params: dict[str, Any],
        *,
        on_done: Callable[[Any], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:
        """Validate and set step ``row``'s parameters; ``on_error`` gets the validation error."""

        def update(session: RecordingSession) -> Change:
            old = copy.deepcopy(session.steps[row])
            session.update_params(row, params)
            return Change("edit", row, old, copy.deepcopy(session.steps[row]))

        self._tracked("Updating a step", update, on_done, on_error)
