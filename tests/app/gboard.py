"""A phone whose on-screen keyboard has shift, a symbols page and long-press digits.

The built-in phone's keyboard has lower-case letters only; a real phone's (Gboard,
say) has a shift key, a ``?123`` page with digits and ``@``, and digits on a long
press of the top row. No real input method runs here, so :class:`GboardDevice` is
the built-in phone with such a keyboard's behaviour in the same place: its keys are
where the built-in keyboard draws its own (the ``,`` key is shift, the ``.`` key
switches pages), and what they type goes in through the phone's own text input,
the path ``adb shell input text`` takes. Like a real input method's window, it is
never in the dump: the recorder only sees the field change.
"""

from __future__ import annotations

from deltarec.core.devices.virtual.device import VirtualDevice
from deltarec.core.devices.virtual.keyboard import key_center

ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
SYMBOLS = ("1234567890", "@#$_&-+()", "*\"':;!?")
"""What each letter key types on the ``?123`` page, row by row."""
SHIFT, PAGE = ",", "."
"""The built-in keyboard's keys that are shift and the page switch here."""


class GboardDevice(VirtualDevice):
    """The built-in phone with a keyboard that has shift, ``?123`` and long-press digits."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.page = "letters"  # letters | shift | symbols
        self.typed: list[str] = []  # every character a key put in, for the tests

    def _key_at(self, x: int, y: int) -> str | None:
        frame = self.playground.keyboard_frame()
        if frame is None or not (frame[0] <= x < frame[2] and frame[1] <= y < frame[3]):
            return None
        for label in [*"".join(ROWS), SHIFT, PAGE, "del", "space", "go"]:
            cx, cy = key_center(label)
            if abs(x - cx) < 54 and abs(y - cy) < 75:
                return label
        return ""  # between keys: the keyboard swallows it

    def _put(self, text: str) -> None:
        self.typed.append(text)
        super().type_text(text)

    def tap(self, x: int, y: int) -> None:
        key = self._key_at(x, y)
        if key is None or key in ("del", "space", "go"):
            super().tap(x, y)  # not on the keyboard, or a key the built-in one has too
        elif key == SHIFT:
            self.page = {"letters": "shift", "shift": "letters", "symbols": "letters"}[self.page]
        elif key == PAGE:
            self.page = "letters" if self.page == "symbols" else "symbols"
        elif key:
            row = next(i for i, letters in enumerate(ROWS) if key in letters)
            if self.page == "symbols":
                self._put(SYMBOLS[row][ROWS[row].index(key)] if ROWS[row].index(key) < len(
                    SYMBOLS[row]) else key)  # fmt: skip
            else:
                self._put(key.upper() if self.page == "shift" else key)
                self.page = "letters" if self.page == "shift" else self.page

    def long_press(self, x: int, y: int, duration_ms: int = 800) -> None:
        key = self._key_at(x, y)
        if key and key in ROWS[0] and self.page != "symbols":
            self._put(SYMBOLS[0][ROWS[0].index(key)])  # the digit over the letter
        elif key is None:
            super().long_press(x, y, duration_ms)
