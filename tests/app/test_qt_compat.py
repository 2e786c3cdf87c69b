"""app.qt_compat.emit: no reference to True is lost, whatever PySide6 does."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal

from app.qt_compat import emit


class Probe(QObject):
    plain = Signal()
    flag = Signal(bool)
    anything = Signal(object)


def test_emit_keeps_true_alive() -> None:
    probe = Probe()
    got: list[object] = []
    probe.flag.connect(got.append)
    probe.anything.connect(got.append)
    got_before = len(got)
    before = sys.getrefcount(True)
    for _ in range(200):
        emit(probe.plain)
        emit(probe.flag, False)
        emit(probe.anything, None)
    assert len(got) - got_before == 400
    # Without the fix this is -600 on PySide6 6.12 / CPython 3.11 (one per emit); a
    # reference or two may legitimately be held by a cache, none may be lost.
    assert 0 <= sys.getrefcount(True) - before < 10
