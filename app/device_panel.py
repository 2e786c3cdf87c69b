"""The left column: the device screen, a text box with Type, and Back / Home / Enter.

Everything here only emits signals (``screen.tapped``/``swiped``, ``typeRequested``,
``keyRequested``, ``refreshRequested``, ``replayToHereRequested``); the window forwards
them to the Studio. While busy the inputs that would act on the device are disabled.

After a restore the picture is the last recorded screen, not the phone: a "not live"
bar above it says so and offers **Refresh screen** (show the phone as it is now) and
**Replay to here** (run the recorded steps on the phone, so it is where the
recording left off); until one of them ran, clicks on the picture record nothing.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from deltarec.app.screen_view import ScreenView

KEYS = (("◁ Back", "back"), ("○ Home", "home"), ("↵ Enter", "enter"))


NOT_LIVE = (
    "Not live: this is where the recording left off, the phone may be elsewhere. "
    "Clicks record nothing until you refresh or replay to here."
)


class DevicePanel(QWidget):
    typeRequested = Signal(str)
    keyRequested = Signal(str)
    refreshRequested = Signal()
    replayToHereRequested = Signal()

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
        self.not_live = QFrame()
        self.not_live.setObjectName("notLive")
        self.not_live.setFrameShape(QFrame.Shape.StyledPanel)
        note = QLabel(NOT_LIVE)
        note.setWordWrap(True)
        self.refresh_button = QPushButton("Refresh screen")
        self.refresh_button.setToolTip("Show the phone as it is now (records nothing)")
        self.replay_button = QPushButton("Replay to here")
        self.replay_button.setToolTip(
            "Run the recorded steps on the phone, so it is where the recording left off"
        )
        self.refresh_button.clicked.connect(self.refreshRequested.emit)
        self.replay_button.clicked.connect(self.replayToHereRequested.emit)
        bar = QVBoxLayout(self.not_live)
        bar.setContentsMargins(6, 4, 6, 4)
        bar.addWidget(note)
        buttons = QHBoxLayout()
        buttons.addWidget(self.refresh_button)
        buttons.addWidget(self.replay_button)
        bar.addLayout(buttons)
        self.not_live.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.not_live)
        layout.addWidget(self.screen_view, 1)
        layout.addLayout(typing)
        layout.addLayout(keys)

    def _type(self) -> None:
        text = self.text.text()
        if text and self.type_button.isEnabled():
            self.typeRequested.emit(text)  # the window clears the box once it is sent

    @property
    def live(self) -> bool:
        """Whether the picture is the phone (False: a restored recording's last screen)."""
        return self.not_live.isHidden()

    def set_live(self, live: bool) -> None:
        self.not_live.setVisible(not live)

    def set_busy(self, busy: bool) -> None:
        self.refresh_button.setEnabled(not busy)
        self.replay_button.setEnabled(not busy)
        self.screen_view.set_busy(busy)
        self.type_button.setEnabled(not busy)
        for button in self.key_buttons.values():
            button.setEnabled(not busy)
