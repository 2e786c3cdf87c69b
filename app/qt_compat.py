"""Work around PySide6 6.12's lost references to ``True`` (CPython < 3.12 only).

On PySide6 6.12.0 with CPython 3.11, ``SignalInstance.emit()`` and
``SignalInstance.disconnect()`` return ``True`` without a reference of their
own, so each call made from Python takes one reference away from ``True``
when its result is dropped. After a few thousand calls the interpreter aborts
("Fatal Python error: bool_dealloc: deallocating True or False"), usually
while shutting down. Signals Qt emits itself (a button's ``clicked``) are not
affected, nor is CPython 3.12+, where ``True`` is immortal.

:data:`EMIT_LOSES_A_REFERENCE` is measured once, at import, on a probe signal.
When it is true:

- :func:`emit` gives back the reference each emit takes; every emit in
  ``app/`` goes through it, so the app itself loses nothing however long it runs;
- :data:`RESERVE` extra references are put on ``True`` for the calls the app
  does not make itself (pytest-qt's ``waitSignal`` disconnects its slots, one
  lost reference each), so a long test session cannot use ``True`` up.

    >>> from PySide6.QtCore import QObject, Signal
    >>> class Probe(QObject):
    ...     ping = Signal(int)
    >>> import sys
    >>> probe = Probe()
    >>> before = sys.getrefcount(True)
    >>> for _ in range(50):
    ...     emit(probe.ping, 1)
    >>> sys.getrefcount(True) - before
    0
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any

from PySide6.QtCore import QObject, Signal, SignalInstance

RESERVE = 200_000
"""References put on ``True`` when the bug is present (~40 ms; the bug costs one per call)."""

_incref = ctypes.pythonapi.Py_IncRef
_incref.argtypes = [ctypes.py_object]
_incref.restype = None


class _Probe(QObject):
    ping = Signal()


def _lost_references(tries: int = 16) -> int:
    """How many references to ``True`` ``tries`` emits took away (0 on a correct PySide6)."""
    probe = _Probe()
    before = sys.getrefcount(True)
    for _ in range(tries):
        probe.ping.emit()
    return max(0, before - sys.getrefcount(True))


def _give_back(count: int) -> None:
    for _ in range(count):
        _incref(True)


_LOST = _lost_references()
EMIT_LOSES_A_REFERENCE = _LOST > 0
if EMIT_LOSES_A_REFERENCE:
    _give_back(_LOST + RESERVE)


def emit(signal: SignalInstance, *args: Any) -> None:
    """``signal.emit(*args)``, giving back the reference a buggy emit takes from ``True``."""
    result: object = signal.emit(*args)  # type: ignore[func-returns-value]  # it returns a bool
    if EMIT_LOSES_A_REFERENCE and result is True:
        _incref(result)
