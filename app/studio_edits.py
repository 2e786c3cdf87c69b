"""The Script Builder's step edits: delete, insert, replace, move and re-parameter a
recorded step, each (unless told otherwise) handed to the undo stack as a
:class:`~deltarec.app.undo.Change`; delete, move, duplicate and paste of several
steps, each one :class:`~deltarec.app.undo_batch.Batch` (one undo entry); rename.

A part of :class:`~deltarec.app.studio.Studio` (it inherits these methods), as the
replay jobs are; every edit runs as a job on the worker thread.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import SignalInstance

from deltarec.app.job_host import Done, Failed, JobHost
from deltarec.app.recordings import folder_name, move_bundle
from deltarec.app.rename import Renamed
from deltarec.app.snapshot import SessionView
from deltarec.app.undo import Change
from deltarec.app.undo_batch import Batch
from deltarec.app.workers import Report
from deltarec.core.errors import DeltarecError
from deltarec.core.executor import load_script
from deltarec.core.recorder.session import RecordedStep, RecordingSession

Made = tuple[int, list[RecordedStep]]
"""Steps to insert and the row they go to."""


class _Host(JobHost, Protocol):
    """What the edits use of the Studio."""

    undoable: SignalInstance
    bundleMoved: SignalInstance

    def _edit(self, label: str, edit: Callable[[RecordingSession], None],
              on_done: Callable[[Any], None] | None = None,
              on_error: Callable[[BaseException], None] | None = None) -> None: ...  # fmt: skip
    def _tracked(self, label: str, edit: Callable[[RecordingSession], Change | Batch],
                 on_done: Callable[[Any], None] | None = None,
                 on_error: Callable[[BaseException], None] | None = None) -> None: ...  # fmt: skip
    def reorder_steps(self, order: tuple[int, ...], on_done: Done = None, *,
                      track: bool = True) -> None: ...  # fmt: skip
    def _insert_batch(self, label: str, make: Callable[[RecordingSession], Made],
                      on_done: Done = None, on_error: Failed = None) -> None: ...  # fmt: skip


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

    def _tracked(self: _Host, label: str, edit: Callable[[RecordingSession], Change | Batch],
                 on_done: Callable[[Any], None] | None = None,
                 on_error: Callable[[BaseException], None] | None = None) -> None:  # fmt: skip
        """An edit whose :class:`~deltarec.app.undo.Change` (or
        :class:`~deltarec.app.undo_batch.Batch`) goes to ``undoable`` once it is done."""
        changes: list[Change | Batch] = []

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

    # ------------------------------------------------------------ several steps
    def remove_steps(self: _Host, rows: list[int], *, track: bool = True) -> None:
        """Delete the steps at ``rows`` (one undo entry)."""
        ordered = sorted(set(rows))

        def delete(session: RecordingSession) -> Batch:
            items = tuple((r, copy.deepcopy(session.steps[r])) for r in ordered)
            for r in reversed(ordered):
                session.delete_step(r)
            return Batch("delete", items)

        if track:
            self._tracked(f"Deleting {len(ordered)} steps", delete)
        else:
            self._edit(f"Deleting {len(ordered)} steps", lambda s: _untracked(delete, s))

    def put_steps(self: _Host, items: tuple[tuple[int, RecordedStep], ...]) -> None:
        """Put steps back at their rows as they were (undo / redo); nothing runs."""

        def put(session: RecordingSession) -> None:
            for row, step in sorted(items, key=lambda item: item[0]):
                session.insert_step(row, copy.deepcopy(step))

        self._edit("Restoring steps", put)

    def reorder_steps(self: _Host, order: tuple[int, ...], on_done: Done = None, *,
                      track: bool = True) -> None:  # fmt: skip
        """The step at row ``k`` becomes the one that was at ``order[k]``."""

        def reorder(session: RecordingSession) -> Batch:
            wanted = [session.steps[was] for was in order]
            for k, step in enumerate(wanted):
                now = next(i for i, s in enumerate(session.steps) if s is step)
                if now != k:
                    session.move_step(now, k)
            return Batch("order", order=tuple(order))

        if track:
            self._tracked("Moving steps", reorder, on_done)
        else:
            self._edit("Moving steps", lambda s: _untracked(reorder, s), on_done)

    def move_steps(self: _Host, rows: list[int], by: int, count: int,
                   on_done: Done = None) -> bool:  # fmt: skip
        """Move the steps at ``rows`` (of ``count``) one row up (``by`` -1) or down (+1),
        as a block; False (nothing queued) when one is already at the edge."""
        order = moved(count, rows, by)
        if order is None:
            return False
        self.reorder_steps(order, on_done)
        return True

    def _insert_batch(
        self: _Host,
        label: str,
        make: Callable[[RecordingSession], tuple[int, list[RecordedStep]]],
        on_done: Done = None,
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:
        """Insert the steps ``make(session)`` returns at its row (one undo entry)."""

        def insert(session: RecordingSession) -> Batch:
            at, steps = make(session)
            for k, step in enumerate(steps):
                session.insert_step(at + k, step)
            return Batch("insert", tuple((at + k, copy.deepcopy(s)) for k, s in enumerate(steps)))

        self._tracked(label, insert, on_done, on_error)

    def duplicate_steps(self: _Host, rows: list[int], on_done: Done = None) -> None:
        """Copies of the steps at ``rows``, after the last one: not run yet (no delta: what
        the originals changed was from where they stand) until Run step or Run from here."""
        ordered = sorted(set(rows))

        def copies(session: RecordingSession) -> tuple[int, list[RecordedStep]]:
            return ordered[-1] + 1, [session.steps[r].unrun_copy() for r in ordered]

        self._insert_batch(f"Duplicating {len(ordered)} steps", copies, on_done)

    def paste_steps(self: _Host, at: int, text: str, on_done: Done = None,
                    on_error: Callable[[BaseException], None] | None = None) -> None:  # fmt: skip
        """Insert the steps of script JSON ``text`` (the clipboard) at row ``at``, validated
        in full first (a ScriptValidationError names the step and parameter); nothing runs:
        each is "not run yet" (no delta) until it runs."""

        def pasted(session: RecordingSession) -> tuple[int, list[RecordedStep]]:
            script = load_script(text)
            steps = [RecordedStep.pasted(step) for step in script.steps]
            return min(at, len(session.steps)), steps

        self._insert_batch("Pasting steps", pasted, on_done, on_error)

    def rename(self: _Host, name: str, *, folder: str | None = None, track: bool = True,
               on_done: Done = None) -> None:  # fmt: skip
        """The recording is called ``name`` from now on (exports, title, Recordings), in the
        folder ``folder`` (default: named after it) beside the old one (:mod:`.rename`).
        A refused rename (the folder is taken, the disk says no) changes nothing.
        ``bundleMoved(old, new)`` goes before the view that shows the new folder."""

        def rename(session: RecordingSession, _: Report) -> tuple[Renamed, SessionView]:
            bundle, old_name = session.bundle, session.name
            old_root = bundle.root
            bundle.root = move_bundle(old_root, folder or folder_name(name))
            session.name = bundle.info["name"] = name
            try:
                bundle.save_manifest()
            except (OSError, DeltarecError):
                os.replace(bundle.root, old_root)  # as it was: the old folder, the old name
                bundle.root, session.name = old_root, old_name
                bundle.info["name"] = old_name
                raise
            return Renamed(old_name, name, old_root, bundle.root), self._view(session)

        def done(result: tuple[Renamed, SessionView]) -> None:
            renamed, view = result
            self.bundleMoved.emit(renamed.old_root, renamed.new_root)
            self._show(view)
            if track:
                self.undoable.emit(renamed)
            if on_done is not None:
                on_done(view)

        self._job("Renaming the recording", rename, on_done=done)


def moved(count: int, rows: list[int], by: int) -> tuple[int, ...] | None:
    """The order after moving ``rows`` (of ``count``) by one row, as a block; None at an edge.

    >>> moved(4, [1, 2], -1), moved(4, [0, 2], +1), moved(3, [0], -1)
    ((1, 2, 0, 3), (1, 0, 3, 2), None)
    """
    ordered = sorted(set(rows))
    if not ordered or ordered[0] + by < 0 or ordered[-1] + by >= count:
        return None
    order = list(range(count))
    for r in reversed(ordered) if by > 0 else ordered:
        order[r], order[r + by] = order[r + by], order[r]
    return tuple(order)


def _untracked(edit: Callable[[RecordingSession], object], session: RecordingSession) -> None:
    edit(session)  # an undo or redo: what it returns is not announced again
