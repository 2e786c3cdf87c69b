"""Undo / redo of edits to several steps at once: one undo entry per action.

Deleting three selected steps, pasting five, duplicating two or moving a block up
is one :class:`Batch` (the :class:`~deltarec.app.studio.Studio` announces it on
``undoable`` like a single :class:`~deltarec.app.undo.Change`), so one Undo puts
all of it back. The steps travel as copies; nothing runs on the device.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand

from deltarec.app.rename import RenameCommand, Renamed
from deltarec.app.undo import Change, DoneCommand, StepCommand
from deltarec.core.recorder.session import RecordedStep

if TYPE_CHECKING:
    from deltarec.app.studio import Studio

_TEXTS = {"insert": "Insert", "delete": "Delete", "order": "Move"}


@dataclass(frozen=True, slots=True)
class Batch:
    """One action on several steps.

    ``insert``: ``items`` (row, step) were inserted, rows ascending as they are now;
    ``delete``: ``items`` (row, step) were deleted, rows ascending as they were;
    ``order``: the steps were reordered, ``order[k]`` being the old row of the step now
    at row ``k``.
    """

    kind: str  # insert | delete | order
    items: tuple[tuple[int, RecordedStep], ...] = ()
    order: tuple[int, ...] = ()

    @property
    def text(self) -> str:
        n = len(self.items) if self.items else sum(1 for k, o in enumerate(self.order) if k != o)
        return f"{_TEXTS.get(self.kind, self.kind)} {n} step{'s' if n != 1 else ''}"


def inverse(order: Sequence[int]) -> tuple[int, ...]:
    """The order that undoes ``order``.

    >>> inverse((2, 0, 1))
    (1, 2, 0)
    """
    back = [0] * len(order)
    for now, was in enumerate(order):
        back[was] = now
    return tuple(back)


class BatchCommand(DoneCommand):
    """Undoes and redoes one :class:`Batch` through the Studio."""

    def __init__(self, studio: Studio, batch: Batch) -> None:
        super().__init__(studio, batch.text)
        self.batch = batch

    def again(self) -> None:
        self._apply(forward=True)

    def undo(self) -> None:
        self._apply(forward=False)

    def _apply(self, *, forward: bool) -> None:
        b = self.batch
        if b.kind == "order":
            self.studio.reorder_steps(b.order if forward else inverse(b.order), track=False)
        elif (b.kind == "insert") == forward:
            self.studio.put_steps(b.items)
        else:
            self.studio.remove_steps([row for row, _ in b.items], track=False)


def command_for(studio: Studio, change: Change | Batch | Renamed) -> QUndoCommand:
    """The undo command of what ``undoable`` announced."""
    if isinstance(change, Renamed):
        return RenameCommand(studio, change)
    if isinstance(change, Batch):
        return BatchCommand(studio, change)
    return StepCommand(studio, change)
