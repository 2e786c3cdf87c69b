"""Copy a selector as code: Python, pytest, Maestro or JSON, as the exporters write it.

:func:`selector_code` renders one selector (a JSON selector object) with the exporters'
own functions, so what is copied is what an export of a step on that element holds:

- **Python**: the locator, ``phone.get(resource_id='…').or_(text='…')``
  (:func:`~deltarec.core.recorder.export_code.locator`);
- **pytest**: the assertion a pytest export writes for a check that the element is there,
  ``expect(phone.get(…)).to_be_visible()``
  (:func:`~deltarec.core.recorder.export_code.expectation`; the same API as Python);
- **Maestro**: ``- tapOn:`` with ``id:`` or ``text:``, and comments for what has no
  Maestro form (:func:`~deltarec.core.recorder.export_maestro.selector_command`);
- **JSON**: the selector object of a script step.

What is copied for an element of the screen (:func:`copied_selector`) is the selector of
the element that takes a tap there, by the recorder's own rule
(:func:`~deltarec.core.recorder.targets.actionable`): the clickable row or button holding
a text, not the text, whose name may repeat in other rows. Pasted into a script, it
acts on what a recorded tap on that element acts on.

:class:`CopyButton` is the "Copy as ▾" button the inspector, the element tree and the
selector editor share: a click copies the default format, its menu the others.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu, QToolButton, QWidget

from deltarec.core.executor import Selector
from deltarec.core.executor.checks import CHECK_TIMEOUT
from deltarec.core.observe.index import ElementIndex
from deltarec.core.recorder.export_code import expectation, locator
from deltarec.core.recorder.export_maestro import selector_command
from deltarec.core.recorder.selector_gen import selector_for
from deltarec.core.recorder.targets import actionable

FORMATS = ("Python", "pytest", "Maestro", "JSON")


def copied_selector(index: ElementIndex, pos: int) -> dict[str, Any]:
    """The selector Copy selector copies for the element at frame position ``pos``: that of
    the element a recorded tap on it acts on (the module docstring)."""
    target = actionable(index.frame, pos)
    number = index.number_of.get(target)
    return dict(selector_for(index.frame, target, number, name=index.names[target]))


def selector_code(selector: Mapping[str, Any], kind: str) -> str:
    """``selector`` as ``kind`` (one of :data:`FORMATS`); ScriptValidationError when it is
    not a selector."""
    parsed = Selector.from_json(dict(selector))
    if kind == "Python":
        return locator(parsed)
    if kind == "pytest":
        line = expectation({"selector": dict(selector), "exists": True}, CHECK_TIMEOUT)
        assert line is not None  # a selector with exists=True always has an expect line
        return line
    if kind == "Maestro":
        return selector_command(dict(selector)).rstrip("\n")
    if kind == "JSON":
        return json.dumps(dict(selector), ensure_ascii=False)
    raise ValueError(f"unknown format {kind!r}: one of {', '.join(FORMATS)}")


class CopyButton(QToolButton):
    """ "Copy as ▾": a click copies ``default``, the menu any of :data:`FORMATS`.

    ``source()`` gives the selector to copy (None: nothing to copy, the click does nothing).
    ``copied(kind, text)`` follows every copy; ``last`` holds the text.
    """

    copied = Signal(str, str)

    def __init__(
        self,
        source: Callable[[], Mapping[str, Any] | None],
        *,
        default: str = "Python",
        title: str = "Copy selector",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.source = source
        self.default = default
        self.last = ""
        self.setText(title)
        self.setToolTip(f"Copy the selector as {default}; the arrow: as {', '.join(FORMATS)}")
        self.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        menu = QMenu(self)
        self.kinds: dict[str, Any] = {}
        for kind in FORMATS:
            act = menu.addAction(f"as {kind}")
            act.triggered.connect(lambda _=False, k=kind: self.copy(k))
            self.kinds[kind] = act
        self.setMenu(menu)
        self.clicked.connect(lambda: self.copy(self.default))

    def copy(self, kind: str) -> str:
        """Copy the source's selector as ``kind``; returns the text ("" when nothing to copy)."""
        selector = self.source()
        if not selector:
            return ""
        text = selector_code(selector, kind)
        QGuiApplication.clipboard().setText(text)
        self.last = text
        self.copied.emit(kind, text)
        return text
