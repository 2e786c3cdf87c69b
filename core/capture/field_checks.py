"""Bounds of a capture's numeric fields: coordinates within Android's 32-bit ints, a rotation
in quarter turns, an integer however it was spelled (:mod:`.boundary`'s limits, for the
readers of dumps, element dicts and AutoMobile observations)."""

from __future__ import annotations

import math

from deltarec.core.capture.boundary import (
    MAX_MAGNITUDE,
    ErrorFactory,
    capture_error,
    fail,
    number,
)

MAX_COORDINATE = 2**31 - 1
"""Largest absolute screen coordinate: Android lays views out in 32-bit ints."""


def check_coordinates(
    values: tuple[int, ...] | list[int], *, where: str, error: ErrorFactory = capture_error
) -> None:
    """Refuse a bounds coordinate beyond a 32-bit int (Android's), naming the first.

    >>> check_coordinates((0, 0, 2**31, 5), where="bounds")
    Traceback (most recent call last):
    ...
    deltarec.CaptureParseError: coordinate 2147483648 is out of range (±2^31) (at bounds)
    """
    for value in values:
        if not -MAX_COORDINATE - 1 <= value <= MAX_COORDINATE:
            fail(error, f"coordinate {value} is out of range (±2^31)", where)


def check_rotation(value: int, *, where: str, error: ErrorFactory = capture_error) -> int:
    """``value`` when it is a rotation in quarter turns, 0 to 3 (``Surface.ROTATION_*``).

    Anything else is refused, never taken modulo 4: ``"90"`` (degrees), ``"5"`` and
    ``"-1"`` name no rotation a device reports.

    >>> check_rotation(90, where="rotation")
    Traceback (most recent call last):
    ...
    deltarec.CaptureParseError: rotation 90 is not 0, 1, 2 or 3 (quarter turns) (at rotation)
    """
    if value not in (0, 1, 2, 3):
        fail(error, f"rotation {value} is not 0, 1, 2 or 3 (quarter turns)", where)
    return value


def checked_int(value: object, *, where: str, error: ErrorFactory = capture_error) -> int:
    """An already-decoded JSON value as an integer: an int (not a bool) or an integral float."""
    if isinstance(value, bool):
        fail(error, "expected an integer, got a boolean", where)
    if isinstance(value, int):
        if abs(value) > MAX_MAGNITUDE:
            fail(error, "integer is out of range", where)
        return value
    if isinstance(value, float):
        if not math.isfinite(value) or abs(value) > MAX_MAGNITUDE:
            fail(error, f"number {value!r} is out of range", where)
        return int(value)
    if isinstance(value, str):
        return int(number(value, where=where, error=error))
    fail(error, f"expected an integer, got {type(value).__name__}", where)
