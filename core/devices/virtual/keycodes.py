"""Android keycodes by number or name, as ``input keyevent`` accepts them.

>>> keycode("KEYCODE_BACK"), keycode("back"), keycode("4"), keycode("KEYCODE_4")
(4, 4, 4, 11)
"""

from __future__ import annotations

from deltarec.core.devices.base import KEYS

_EXTRA = {
    "forward_del": 112,
    "volume_mute": 164,
    "sleep": 223,
    "wakeup": 224,
    "escape": 111,
    "move_home": 122,
    "move_end": 123,
}

NAMES: dict[str, int] = {
    **{name.upper(): code for name, code in {**KEYS, **_EXTRA}.items()},
    **{str(d): 7 + d for d in range(10)},
    **{chr(ord("A") + i): 29 + i for i in range(26)},
}
"""Keycode by name without the ``KEYCODE_`` prefix."""


def keycode(key: str) -> int:
    """The keycode of ``key``: a number, ``KEYCODE_NAME`` or ``NAME`` (any case).

    Raises ValueError for a name Android does not know (``input`` then reports an error).
    """
    text = key.strip()
    if text.isdigit():  # a bare number is a keycode ("4" is BACK, not the digit 4)
        return int(text)
    name = text.upper().removeprefix("KEYCODE_")
    if name in NAMES:
        return NAMES[name]
    raise ValueError(f"unknown keycode {key!r}")
