"""Keep PySide6 6.12 from freeing ``None``, ``True`` and ``False`` on CPython < 3.12.

PySide6 6.12.0 (an abi3 wheel) returns ``None`` from every void method, and
``True`` from ``SignalInstance.emit()`` / ``disconnect()``, without adding a
reference, as if they were immortal, which they are only from CPython 3.12
on. On CPython 3.11 each such call made from Python takes one reference away
(``label.setText(…)``, ``timer.start()``, ``app.processEvents()``: −1 each on
``None``); after a few thousand the interpreter aborts with "Fatal Python
error: none_dealloc: deallocating None" (or ``bool_dealloc``), often at exit.

When :func:`singleton_refs_leak` sees this happen on a probe, :func:`pin_singletons`
does what CPython 3.12 does: it makes the three objects effectively immortal by
adding :data:`PIN` (2**40) to their reference counts, after checking that the
count sits where CPython keeps it. ``app/__init__.py`` calls it before any
other app code runs. On a correct PySide6, or CPython 3.12+, it does nothing.

The real fix is a PySide6 that increments these references (6.11.x does), or
CPython 3.12+; see the project's notes on the ``gui`` extra.

    >>> pin_singletons() == (sys.version_info < (3, 12) and singleton_refs_leak())
    True
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject, Signal

PIN = 1 << 40
"""References added to each singleton: more than any run can lose (one per call)."""


class _Probe(QObject):
    ping = Signal()


def singleton_refs_leak(tries: int = 32) -> bool:
    """True when void calls lose references to ``None`` or emits lose them on ``True``."""
    probe = _Probe()
    none_before, true_before = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(tries):
        probe.setObjectName("probe")
        probe.ping.emit()
    lost_none = none_before - sys.getrefcount(None)
    lost_true = true_before - sys.getrefcount(True)
    return lost_none >= tries or lost_true >= tries


def _pin(obj: object) -> bool:
    """Add :data:`PIN` references to ``obj`` if its count is where CPython keeps it."""
    cell = ctypes.c_ssize_t.from_address(id(obj))  # ob_refcnt: the first field of PyObject
    if abs(cell.value - (sys.getrefcount(obj) - 1)) > 2:
        return False  # not the layout we know (a debug build?): leave it alone
    cell.value += PIN
    return True


PINNED = False


def pin_singletons() -> bool:
    """Pin ``None``, ``True`` and ``False`` when (and only when) PySide6 leaks them."""
    global PINNED
    if not PINNED and sys.version_info < (3, 12) and singleton_refs_leak():
        PINNED = all([_pin(None), _pin(True), _pin(False)])
    return PINNED
