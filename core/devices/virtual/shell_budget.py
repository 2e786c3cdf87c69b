"""The time budget of one virtual shell call, and how a server interrupts it.

Each ``VirtualShell.shell`` call gets a :class:`Budget`: ``limit`` seconds of work
(``sleep`` does not count: a phone's ``sleep 600`` is no work) and a cancel
event of its own (``VirtualShell.interrupt`` sets it). Loops that can grow
with the command line — steps, files of a ``cat``, keys of an ``input keyevent``,
lines of a ``grep`` — call :meth:`Budget.check`; a regex gets :meth:`Budget.remaining`
as its own timeout.
Past the limit :class:`OverBudget` ends the call ("over the N s time budget",
exit 124 as ``timeout`` gives); once the event is set (the server is stopping)
:class:`Interrupted` ends it, and a ``sleep`` wakes at once.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

DEFAULT_BUDGET = 10.0
"""Seconds of work one shell call may take (a screencap takes ~0.2 s, a dump ~1 ms)."""


class OverBudget(Exception):
    """The call worked past its budget."""


class Interrupted(Exception):
    """The call was interrupted (the server serving it is stopping)."""


@dataclass
class Budget:
    """``limit`` seconds of work from now, ``cancel`` to interrupt."""

    limit: float
    cancel: threading.Event = field(default_factory=threading.Event)
    started: float = field(default_factory=time.monotonic)
    slept: float = 0.0

    def remaining(self) -> float:
        """Seconds of work left (≤ 0 when spent)."""
        return self.limit - (time.monotonic() - self.started - self.slept)

    def check(self) -> None:
        """Raise :class:`Interrupted` or :class:`OverBudget` when the call must end."""
        if self.cancel.is_set():
            raise Interrupted
        if self.remaining() <= 0:
            raise OverBudget

    def sleep(self, seconds: float, sleep: Callable[[float], None]) -> None:
        """Sleep ``seconds`` without spending the budget; wakes on interrupt.

        ``sleep`` is the phone's (``Faults.sleep``): ``time.sleep`` is replaced by a
        wait on the cancel event; an injected one (a test's recorder) is called as is.
        """
        begun = time.monotonic()
        try:
            if sleep is not time.sleep:
                sleep(seconds)
            elif self.cancel.wait(seconds):
                raise Interrupted
        finally:
            self.slept += time.monotonic() - begun
