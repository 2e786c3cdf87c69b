"""The on-screen keyboard: one layout used for drawing and for hit testing.

It is its own window (kind "ime") covering ``Screen.keyboard_top``..bottom, its keys
spread across the screen's width. Like a real
IME window it is absent from ``uiautomator dump`` (``in_dump=False``); the tree
still shows it indirectly, because the app content is resized above it. A tap on
a key types its letter into the focused field.
"""

from __future__ import annotations

from functools import lru_cache

from deltarec.core.devices.virtual.layout import DEFAULT_SCREEN, FRAME, WIDTH, Screen
from deltarec.core.devices.virtual.views import View, Window

IME_PACKAGE = "dev.deltarec.keyboard"

_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
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


@lru_cache(maxsize=8)
def _keys(screen: Screen) -> tuple[View, ...]:
    keys: list[View] = []
    width = screen.width
    key_w = width // 10
    first = screen.keyboard_top + 40
    for row, letters in enumerate(_ROWS):
        top = first + row * (_KEY_H + _GAP)
        indent = (width - key_w * len(letters)) // 2
        for i, ch in enumerate(letters):
            left = indent + i * key_w
            keys.append(_key(ch, left + 6, top, left + key_w - 6, f"key:{ch}"))
    row3 = first + 2 * (_KEY_H + _GAP)
    after_m = (width - key_w * len(_ROWS[2])) // 2 + key_w * len(_ROWS[2]) + 6
    keys.append(_key("del", max(width - 135, after_m), row3, width - 12, "key:del", "fnkey"))
    row4 = first + 3 * (_KEY_H + _GAP)

    def x(ref: int) -> int:  # the bottom row's edges, laid out for 1080 lu, stretched
        return ref * width // WIDTH

    keys.append(_key(",", 12, row4, x(150), "key:,", "fnkey"))
    keys.append(_key("space", x(162), row4, x(780), "key: "))
    keys.append(_key(".", x(792), row4, x(900), "key:.", "fnkey"))
    keys.append(_key("go", x(912), row4, width - 12, "key:enter", "enter"))
    return tuple(keys)


def keyboard_window(screen: Screen = DEFAULT_SCREEN) -> Window:
    """The keyboard window (always the same keys: letters, space, enter, delete)."""
    root = View(
        cls=FRAME,
        bounds=(0, screen.keyboard_top, screen.width, screen.height),
        children=_keys(screen),
        clickable=True,  # swallows touches between keys, as an IME window does
        look="keyboard",
    )
    return Window(root=root, package=IME_PACKAGE, kind="ime", in_dump=False)


def key_center(label: str, screen: Screen = DEFAULT_SCREEN) -> tuple[int, int]:
    """Where a person taps the key labelled ``label`` (``"a"``, ``"del"``, ``"go"``), in the
    layout units of ``screen`` (px on the default phone)."""
    for key in _keys(screen):
        if key.text == label:
            left, top, right, bottom = key.bounds
            return (left + right) // 2, (top + bottom) // 2
    raise KeyError(label)
