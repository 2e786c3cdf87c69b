"""Rename recording: the name and the folder, undoable as one action.

A recording's name is what exports and the title use; its folder is named after it
(:func:`~deltarec.app.recordings.folder_name`), renamed atomically and never over
another (:func:`~deltarec.app.recordings.move_bundle`). The rename goes on the undo
stack with the steps' edits: a person who renamed by mistake expects Ctrl+Z to take it
back, as a file manager's rename does; undo renames the folder back (refused, with the
same message, if meanwhile another folder took the old name; nothing is lost then).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from deltarec.app.undo import DoneCommand

if TYPE_CHECKING:
    from deltarec.app.studio import Studio


@dataclass(frozen=True, slots=True)
class Renamed:
    """A finished rename: the recording was ``old_name`` in ``old_root``, now ``new_name``
    in ``new_root``."""

    old_name: str
    new_name: str
    old_root: Path
    new_root: Path


class RenameCommand(DoneCommand):
    """Undoes and redoes one :class:`Renamed` through the Studio (on its worker)."""

    def __init__(self, studio: Studio, renamed: Renamed) -> None:
        super().__init__(studio, f'Rename to "{renamed.new_name}"')
        self.renamed = renamed

    def again(self) -> None:
        r = self.renamed
        self.studio.rename(r.new_name, folder=r.new_root.name, track=False)

    def undo(self) -> None:
        r = self.renamed
        self.studio.rename(r.old_name, folder=r.old_root.name, track=False)


__all__ = ["RenameCommand", "Renamed"]
