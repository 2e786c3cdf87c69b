"""The on-screen keyboard: one layout used for drawing and for hit testing.

It is its own window (kind "ime") covering ``KEYBOARD_TOP``..bottom. Like a real
IME window it is absent from ``uiautomator dump`` (``in_dump=False``); the tree
still shows it indirectly, because the app content is resized above it. A tap on
a key types its letter into the focused field.
"""

from __future__ import annotations

from deltarec.core.devices.virtual.layout import FRAME, HEIGHT, KEYBOARD_TOP, WIDTH
from deltarec.core.devices.virtual.views import View, Window

IME_PACKAGE = "dev.deltarec.keyboard"

_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_TOP = KEYBOARD_TOP + 40
_KEY_H = 150
_GAP = 12


def _key(text: str, left: int, top: int, right: int, action: str, look: str = "key") -> View:
    return View(
        cls="android.inputmethodservice.Key",
        bounds=(left, top, right, top + _KEY_H),
        text=text,
        clickable=True,
        action=action,
        look=look,
    )


def _keys() -> tuple[View, ...]:
    keys: list[View] = []
    key_w = WIDTH // 10
    for row, letters in enumerate(_ROWS):
        top = _TOP + row * (_KEY_H + _GAP)
        indent = (WIDTH - key_w * len(letters)) // 2
        for i, ch in enumerate(letters):
            left = indent + i * key_w
            keys.append(_key(ch, left + 6, top, left + key_w - 6, f"key:{ch}"))
    row3 = _TOP + 2 * (_KEY_H + _GAP)
    keys.append(_key("del", WIDTH - 135, row3, WIDTH - 12, "key:del", "fnkey"))
    row4 = _TOP + 3 * (_KEY_H + _GAP)
    keys.append(_key(",", 12, row4, 150, "key:,", "fnkey"))
    keys.append(_key("space", 162, row4, 780, "key: "))
    keys.append(_key(".", 792, row4, 900, "key:.", "fnkey"))
    keys.append(_key("go", 912, row4, WIDTH - 12, "key:enter", "enter"))
    return tuple(keys)


_KEYS = _keys()


def keyboard_window() -> Window:
    """The keyboard window (always the same layout: letters, space, enter, delete)."""
    root = View(
        cls=FRAME,
        bounds=(0, KEYBOARD_TOP, WIDTH, HEIGHT),
        children=_KEYS,
        clickable=True,  # swallows touches between keys, as an IME window does
        look="keyboard",
    )
    return Window(root=root, package=IME_PACKAGE, kind="ime", in_dump=False)


def key_center(label: str) -> tuple[int, int]:
    """Where a person taps the key labelled ``label`` (``"a"``, ``"del"``, ``"go"``)."""
    for key in _KEYS:
        if key.text == label:
            left, top, right, bottom = key.bounds
            return (left + right) // 2, (top + bottom) // 2
    raise KeyError(label)
