"""The left column: the device screen, a text box with Type, and Back / Home / Enter.

Everything here only emits signals (``screen.tapped``/``swiped``, ``typeRequested``,
``keyRequested``, ``refreshRequested``, ``replayToHereRequested``); the window forwards
them to the Studio. While busy the inputs that would act on the device are disabled.

After a restore the picture is the last recorded screen, not the phone: a "not live"
bar above it says so and offers **Refresh screen** (show the phone as it is now) and
**Replay to here** (run the recorded steps on the phone, so it is where the
recording left off); until one of them ran, clicks on the picture record nothing.

Above the picture, the view switch: **● Live** (the phone) or **Step N** (the screen a
recorded step started on, **Before**, or left, **After**, read from the recording). While
a step is shown the picture, its boxes, the inspector and the tree are that step's, and
clicks record nothing; ``liveRequested`` / ``stepRequested(before)`` ask the window to
switch.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QButtonGroup,
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


STEP_NOTE = "A recorded screen ({step}, {when}): clicks here record nothing."

LIVE, NOT_LIVE_SWITCH = "● Live", "○ Not live"
"""The switch's first button: the phone, or (after a restore) the last recorded picture
standing in for it until Refresh screen or Replay to here."""


def _toggle(title: str, tip: str, group: QButtonGroup, row: QHBoxLayout) -> QPushButton:
    button = QPushButton(title)
    button.setCheckable(True)
    button.setToolTip(tip)
    button.setObjectName("viewSwitch")
    group.addButton(button)
    row.addWidget(button)
    return button


class DevicePanel(QWidget):
    typeRequested = Signal(str)
    keyRequested = Signal(str)
    refreshRequested = Signal()
    replayToHereRequested = Signal()
    liveRequested = Signal()
    stepRequested = Signal(bool)  # before: the screen the selected step started on

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
        layout.addLayout(self._view_switch())
        layout.addWidget(self.step_note)
        layout.addWidget(self.not_live)
        layout.addWidget(self.screen_view, 1)
        layout.addLayout(typing)
        layout.addLayout(keys)

    def _view_switch(self) -> QHBoxLayout:
        row = QHBoxLayout()
        which, when = QButtonGroup(self), QButtonGroup(self)
        self.live_button = _toggle(LIVE, "Show the phone as it is now", which, row)
        self.step_button = _toggle("Step —", "Show the selected step's screen (records nothing)",
                                   which, row)  # fmt: skip
        row.addSpacing(12)
        self.before_button = _toggle("Before", "The screen the step started on", when, row)
        self.after_button = _toggle("After", "The screen the step left", when, row)
        row.addStretch(1)
        self.live_button.setChecked(True)
        self.after_button.setChecked(True)
        self.live_button.clicked.connect(self.liveRequested.emit)
        self.step_button.clicked.connect(lambda: self.stepRequested.emit(self.before))
        self.before_button.clicked.connect(lambda: self.stepRequested.emit(True))
        self.after_button.clicked.connect(lambda: self.stepRequested.emit(False))
        self.step_note = QLabel()
        self.step_note.setObjectName("hint")
        self.step_note.setWordWrap(True)
        self.show_step(None, None)
        return row

    @property
    def before(self) -> bool:
        """Whether a step is shown (or would be) as the screen it started on."""
        return self.before_button.isChecked()

    @property
    def shown_step(self) -> int | None:
        """The row of the step whose screen is shown; None while live."""
        return self._shown

    def show_step(self, row: int | None, selected: int | None, *, before: bool = False) -> None:
        """Show the switch as ``Step row+1`` (``row`` None: live); ``selected`` is the row
        the Step button would show (None: no step selected, the button is off)."""
        self._shown = row
        target = row if row is not None else selected
        self.step_button.setText("Step —" if target is None else f"Step {target + 1}")
        self.step_button.setEnabled(target is not None)
        (self.live_button if row is None else self.step_button).setChecked(True)
        if row is not None:
            (self.before_button if before else self.after_button).setChecked(True)
        for button in (self.before_button, self.after_button):
            button.setVisible(row is not None)
        when = "before" if before else "after"
        self.step_note.setText(STEP_NOTE.format(step=f"step {(row or 0) + 1}", when=when))
        self.step_note.setVisible(row is not None)

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
        self.live_button.setText(LIVE if live else NOT_LIVE_SWITCH)

    def set_busy(self, busy: bool) -> None:
        self.refresh_button.setEnabled(not busy)
        self.replay_button.setEnabled(not busy)
        self.screen_view.set_busy(busy)
        self.type_button.setEnabled(not busy)
        for button in self.key_buttons.values():
            button.setEnabled(not busy)
