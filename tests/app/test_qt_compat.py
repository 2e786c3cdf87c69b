"""app.qt_compat: PySide6 6.12 cannot free None/True/False, however many calls leak them."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal

from app import qt_compat


class Probe(QObject):
    ping = Signal()


def test_pinned_exactly_when_pyside_leaks_singletons() -> None:
    leaks = qt_compat.singleton_refs_leak()
    assert (leaks and sys.version_info < (3, 12)) == qt_compat.PINNED
    if qt_compat.PINNED:
        assert sys.getrefcount(None) > qt_compat.PIN // 2
        assert sys.getrefcount(True) > qt_compat.PIN // 2
        assert sys.getrefcount(False) > qt_compat.PIN // 2


def test_many_leaky_calls_do_not_free_none_or_true() -> None:
    # On PySide6 6.12 / CPython 3.11 each call takes one reference from None (and
    # each emit one from True); None starts with ~5,000, so without the pin this
    # aborts the interpreter ("none_dealloc").
    probe = Probe()
    for _ in range(20_000):
        probe.setObjectName("probe")
        probe.ping.emit()
    assert sys.getrefcount(None) > 0 and sys.getrefcount(True) > 0
