"""The command palette: every registered command, grouped the way a person looks for it.

Built from core's registry (:func:`deltarec.core.executor.registry.by_category`), so a
new command shows up without touching the app. Sections:

- **Device actions**: mutating commands (tap, swipe, type, keys, launch …);
- **Flow**: wait for, assert, sleep;
- **Native UI**: the read-only and discovery commands, first of all
  **"Observation: Delta (what changed)"** (``AC_delta_observation``).

Choosing an entry emits ``chosen(entry)``; the window opens the entry's dialog.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from deltarec.core.executor import Category, Command
from deltarec.core.executor.registry import by_category

DELTA_TITLE = "Observation: Delta (what changed)"
DELTA_FIELDS = ("max_lines", "max_tokens", "interactive_only")

SECTIONS: tuple[tuple[str, tuple[Category, ...]], ...] = (
    ("Device actions", (Category.MUTATING,)),
    ("Flow", (Category.FLOW,)),
    ("Native UI", (Category.READONLY, Category.DISCOVERY)),
)

_TITLES = {
    "AC_delta_observation": DELTA_TITLE,
    "AC_swipe": "Swipe (direction)",
    "AC_press_key": "Press key",
    "AC_launch_app": "Launch app",
    "AC_wait_for": "Wait for",
    "AC_assert": "Assert",
}
_INITIAL: dict[str, dict[str, Any]] = {
    "AC_swipe": {"direction": "up"},
    "AC_delta_observation": {"interactive_only": False},  # a check box, as record_delta takes
}
_FIELDS: dict[str, tuple[str, ...]] = {
    "AC_delta_observation": DELTA_FIELDS,
    "AC_swipe": ("direction", "distance", "selector", "duration_ms"),
}
_FIRST = ("AC_delta_observation",)


@dataclass(frozen=True, slots=True)
class Entry:
    """One palette entry: the command, its title, the fields its dialog shows, preset values."""

    command: type[Command]
    title: str
    fields: tuple[str, ...] | None = None
    initial: dict[str, Any] = field(default_factory=dict)
    wants_selector: bool = False

    @property
    def name(self) -> str:
        return self.command.name

    @property
    def needs_dialog(self) -> bool:
        return bool(self.fields if self.fields is not None else self.command.spec())


def title_of(command: type[Command]) -> str:
    """``AC_current_app`` → ``Current app`` (unless it has a title of its own)."""
    plain = command.name.removeprefix("AC_").replace("_", " ").capitalize()
    return _TITLES.get(command.name, plain)


def entries() -> dict[str, list[Entry]]:
    """Section title → entries, in palette order."""
    out: dict[str, list[Entry]] = {}
    for title, categories in SECTIONS:
        commands = [c for cat in categories for c in by_category(cat)]
        commands.sort(key=lambda c: c.name not in _FIRST)  # stable: the delta step first
        out[title] = [
            Entry(
                c,
                title_of(c),
                _FIELDS.get(c.name),
                dict(_INITIAL.get(c.name, {})),
                wants_selector="selector" in c.spec(),
            )
            for c in commands
        ]
    return out


class Palette(QMenu):
    """The palette as a menu with one submenu per section."""

    chosen = Signal(object)  # Entry

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Commands", parent)
        self.actions_by_title: dict[str, QAction] = {}
        for section, items in entries().items():
            menu = self.addMenu(section)
            for entry in items:
                action = menu.addAction(entry.title + ("…" if entry.needs_dialog else ""))
                action.setToolTip(entry.command.summary())
                action.setStatusTip(f"{entry.name}: {entry.command.summary()}")
                action.triggered.connect(lambda _=False, e=entry: self.chosen.emit(e))
                self.actions_by_title[entry.title] = action
            menu.setToolTipsVisible(True)

    def trigger(self, title: str) -> None:
        """Choose the entry titled ``title`` (as a click on it would)."""
        self.actions_by_title[title].trigger()
