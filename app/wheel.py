"""The mouse wheel on the phone: a quick burst of notches is one scroll, one swipe step.

A wheel turns in notches, each its own event; five quick notches are one gesture
to the person, so :class:`WheelBurst` gathers the notches that come less than
:data:`BURST_GAP_MS` apart (in one direction) and hands them on as one burst;
:func:`wheel_swipe` turns a burst into the swipe that scrolls as far.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

BURST_GAP_MS = 250
"""Notches closer than this belong to one burst (a quick flick of the wheel)."""
MAX_NOTCHES = 3
"""A burst scrolls at most this many quarter screens (a longer swipe leaves the screen)."""


def wheel_swipe(x: int, y: int, notches: float, height: int) -> tuple[int, int, int, int]:
    """The swipe through (x, y) that scrolls ``notches`` (negative: wheel down, showing what
    is below, so the finger moves up): a quarter of the screen's ``height`` per notch, at
    most :data:`MAX_NOTCHES`, kept a tenth of the height inside the screen.

    >>> wheel_swipe(540, 1200, -1, 2400), wheel_swipe(540, 1200, 5, 2400)
    ((540, 1200, 540, 600), (540, 1200, 540, 2160))
    """
    span = int(min(abs(notches), MAX_NOTCHES) * height / 4)
    to = y - span if notches < 0 else y + span
    return x, y, x, min(max(to, height // 10), height - height // 10)


class WheelBurst(QObject):
    """Gathers wheel notches into bursts: ``burst(x, y, notches)`` once the wheel rests for
    ``gap_ms`` or turns the other way; (x, y) is where the burst began."""

    burst = Signal(int, int, float)

    def __init__(self, parent: QObject | None = None, gap_ms: int = BURST_GAP_MS) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(gap_ms)
        self._timer.timeout.connect(self.flush)
        self._at: tuple[int, int] | None = None
        self._notches = 0.0

    @property
    def pending(self) -> float:
        """The notches gathered and not yet handed on."""
        return self._notches

    def add(self, x: int, y: int, notches: float) -> None:
        """One wheel event at device point (x, y)."""
        if self._notches and (notches > 0) != (self._notches > 0):
            self.flush()  # it turned the other way: a new gesture
        if self._at is None:
            self._at = (x, y)
        self._notches += notches
        self._timer.start()

    def flush(self) -> None:
        """Hand on the burst gathered so far (if any)."""
        self._timer.stop()
        at, notches = self._at, self._notches
        self._at, self._notches = None, 0.0
        if at is not None and notches:
            self.burst.emit(at[0], at[1], notches)
