"""The left column: the device screen, a text box with Type, and Back / Home / Enter.

Everything here only emits signals (``screen.tapped``/``swiped``, ``typeRequested``,
``keyRequested``); the window forwards them to the Studio. While busy the
inputs that would act on the device are disabled.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QPushButton, QVBoxLayout, QWidget

from deltarec.app.screen_view import ScreenView

KEYS = (("◁ Back", "back"), ("○ Home", "home"), ("↵ Enter", "enter"))


class DevicePanel(QWidget):
    typeRequested = Signal(str)
    keyRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.screen_view = ScreenView()
        self.text = QLineEdit()
        self.text.setPlaceholderText("Text to type into the focused field")
        self.type_button = QPushButton("Type")
        self.type_button.setDefault(True)
        self.text.returnPressed.connect(self._type)
        self.type_button.clicked.connect(self._type)
        typing = QHBoxLayout()
        typing.addWidget(self.text, 1)
        typing.addWidget(self.type_button)
        keys = QHBoxLayout()
        self.key_buttons: dict[str, QPushButton] = {}
        for title, key in KEYS:
            button = QPushButton(title)
            button.setToolTip(f"Press {key} (recorded as a step)")
            button.clicked.connect(lambda _=False, k=key: self.keyRequested.emit(k))
            keys.addWidget(button)
            self.key_buttons[key] = button
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.screen_view, 1)
        layout.addLayout(typing)
        layout.addLayout(keys)

    def _type(self) -> None:
        text = self.text.text()
        if text and self.type_button.isEnabled():
            self.typeRequested.emit(text)  # the window clears the box once it is sent

    def set_busy(self, busy: bool) -> None:
        self.screen_view.set_busy(busy)
        self.type_button.setEnabled(not busy)
        for button in self.key_buttons.values():
            button.setEnabled(not busy)
