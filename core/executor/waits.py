"""Waiting for an element: :func:`poll` a probe until it answers, :func:`wait_for` one that
raises ElementNotFoundError until the element shows, both on an injected clock and sleep
(a fake clock never hangs them). Re-exported by :mod:`deltarec.core.executor.selectors`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TypeVar

from deltarec.core.errors import ElementNotFoundError

T = TypeVar("T")


def poll(
    probe: Callable[[], T | None],
    *,
    timeout: float,
    clock: Callable[[], float],
    sleep: Callable[[float], None],
    interval: float = 0.25,
) -> T | None:
    """Call ``probe`` until it returns something other than None, or ``timeout`` passes.

    Probes at least once. Sleeps only through the injected ``sleep``; stops
    after ``timeout / interval + 2`` probes even if the injected clock never
    moves, so a fake clock cannot hang it. Returns None on timeout.
    """
    deadline = clock() + timeout
    attempts = math.ceil(timeout / interval) + 2 if interval > 0 else 2
    for _ in range(attempts):
        result = probe()
        if result is not None:
            return result
        left = deadline - clock()
        if left <= 0:
            break
        sleep(min(interval, left))
    return None


def wait_for(
    probe: Callable[[], T],
    *,
    timeout: float,
    clock: Callable[[], float],
    sleep: Callable[[float], None],
    interval: float = 0.25,
) -> T:
    """Retry ``probe`` while it raises ElementNotFoundError, up to ``timeout`` seconds.

    Any other error (an ambiguous selector, a stale ``[i]``, a device error) is
    raised at once: waiting cannot make an ambiguous selector strict, nor give a
    number back its element. On timeout, raises an ElementNotFoundError naming
    the wait and what the last attempt saw (and the ``reasons`` of that attempt).
    """
    last: list[ElementNotFoundError] = []

    def attempt() -> tuple[T] | None:
        try:
            return (probe(),)
        except ElementNotFoundError as exc:
            last[:] = [exc]
            return None

    found = poll(attempt, timeout=timeout, clock=clock, sleep=sleep, interval=interval)
    if found is not None:
        return found[0]
    exc = last[0]
    timed_out = ElementNotFoundError(f"{exc.selector} within {timeout:g}s", exc.seen)
    timed_out.reasons = exc.reasons
    raise timed_out from exc


__all__ = ["poll", "wait_for"]
