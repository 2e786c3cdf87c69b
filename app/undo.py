"""Undo / redo of the steps list: add, delete, move and edit, on a ``QUndoStack``.

Each edit the :class:`~deltarec.app.studio.Studio` finishes is announced as a
:class:`Change` (``undoable`` signal), carrying copies of the steps involved;
the window pushes a :class:`StepCommand` for it. The command's first ``redo``
does nothing (the edit is already done, the stack calls redo on push); later
ones and every ``undo`` queue the inverse on the Studio, which runs it on its
worker like any edit, without running anything on the device: an undone
recording step is removed, a redone one comes back as it was recorded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand

from deltarec.core.recorder.session import RecordedStep

if TYPE_CHECKING:
    from deltarec.app.studio import Studio

_TEXTS = {"record": "Record", "delete": "Delete", "move": "Move", "edit": "Edit"}


@dataclass(frozen=True, slots=True)
class Change:
    """One finished edit: ``kind`` at ``row``; ``step`` the step recorded or deleted (or
    before an edit), ``after`` the step after an edit, ``to`` where a move went."""

    kind: str  # record | delete | move | edit
    row: int
    step: RecordedStep | None = None
    after: RecordedStep | None = None
    to: int = -1


class DoneCommand(QUndoCommand):
    """An undo command for an edit already done: the stack's ``redo`` on push does nothing,
    later ones call :meth:`again`."""

    def __init__(self, studio: Studio, text: str) -> None:
        super().__init__(text)
        self.studio = studio
        self._done = True  # the edit happened before the push

    def redo(self) -> None:
        if self._done:
            self._done = False
            return
        self.again()

    def again(self) -> None:
        """Do the edit again (redo after an undo)."""
        raise NotImplementedError


class StepCommand(DoneCommand):
    """Undoes and redoes one :class:`Change` through the Studio."""

    def __init__(self, studio: Studio, change: Change) -> None:
        label = change.step.label if change.step is not None else f"step {change.row + 1}"
        super().__init__(studio, f"{_TEXTS.get(change.kind, change.kind)} {label}")
        self.change = change

    def again(self) -> None:
        c, studio = self.change, self.studio
        if c.kind == "record" and c.step is not None:
            studio.insert_step(c.row, c.step)
        elif c.kind == "delete":
            studio.delete_step(c.row, track=False)
        elif c.kind == "move":
            studio.move_step(c.row, c.to, track=False)
        elif c.kind == "edit" and c.after is not None:
            studio.replace_step(c.row, c.after)

    def undo(self) -> None:
        c, studio = self.change, self.studio
        if c.kind == "record":
            studio.delete_step(c.row, track=False)
        elif c.kind == "delete" and c.step is not None:
            studio.insert_step(c.row, c.step)
        elif c.kind == "move":
            studio.move_step(c.to, c.row, track=False)
        elif c.kind == "edit" and c.step is not None:
            studio.replace_step(c.row, c.step)
