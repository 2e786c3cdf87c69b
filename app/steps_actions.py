"""What the window does with several steps: delete, move, duplicate, copy and paste.

The steps panel asks (signals); :class:`StepsActions` sends each request to the
:class:`~deltarec.app.studio.Studio` as one undoable job and selects what it made.
Copy puts the selected steps on the clipboard as script JSON (the format of
``deltarec run``, each step's label as its ``note``, its checks kept); Paste reads
the clipboard through the script loader, so a bad paste is an error naming the
step and parameter, and nothing is inserted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QGuiApplication

from deltarec.core.executor import Script, Step
from deltarec.core.executor.script import dumps

if TYPE_CHECKING:
    from deltarec.app.snapshot import StepRow
    from deltarec.app.window import MainWindow


def steps_json(rows: list[StepRow]) -> str:
    """The steps as script JSON text (what Copy puts on the clipboard)."""
    steps = [
        Step(r.command, dict(r.params), note=r.label, checks=tuple(c for _, c in r.checks))
        for r in rows
    ]
    return dumps(Script(tuple(steps)))


class StepsActions:
    """Connects the steps panel's several-step requests for ``window``."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        panel, studio = window.steps_panel, window.studio
        panel.deleteRowsRequested.connect(lambda rows: studio.remove_steps(rows))
        panel.moveRowsRequested.connect(self.move)
        panel.duplicateRequested.connect(self.duplicate)
        panel.copyRequested.connect(self.copy)
        panel.pasteRequested.connect(self.paste)

    def move(self, rows: list[int], by: int) -> None:
        panel = self.window.steps_panel
        moved = [r + by for r in rows]
        self.window.studio.move_steps(rows, by, panel.model.rowCount(),
                                      on_done=lambda _: panel.select_rows(moved))  # fmt: skip

    def duplicate(self, rows: list[int]) -> None:
        after = max(rows) + 1
        made = [after + k for k in range(len(rows))]
        self.window.studio.duplicate_steps(
            rows, on_done=lambda _: self.window.steps_panel.select_rows(made)
        )

    def copy(self, rows: list[int]) -> None:
        model = self.window.model
        chosen = [step for step in (model.step(r) for r in rows) if step is not None]
        QGuiApplication.clipboard().setText(steps_json(chosen))
        n = len(chosen)
        self.window.status.show_note(f"Copied {n} step{'s' if n != 1 else ''} as script JSON")

    def paste(self, at: int) -> None:
        text = QGuiApplication.clipboard().text()
        if not text.strip():
            self.window.show_error("Nothing to paste: the clipboard holds no steps")
            return
        before = self.window.model.rowCount()

        def done(view: object) -> None:
            added = self.window.model.rowCount() - before
            self.window.steps_panel.select_rows(range(at, at + added))

        self.window.studio.paste_steps(at, text, on_done=done,
                                       on_error=lambda e: self.window.show_error(
                                           f"Cannot paste: {e}"))  # fmt: skip


__all__ = ["StepsActions", "steps_json"]
