"""Bounded worker threads: at most ``cap`` alive at once, whatever the clients do.

A fake adb endpoint serves each busy connection (and each adbd stream) on a
thread of its own, so a blocking target needs no rewrite; :class:`Workers` is
what keeps that from growing without bound. :meth:`Workers.spawn` starts a group
of threads only when the whole group fits under the cap, and returns False
instead of raising when it does not — also when the OS refuses a thread
(``RuntimeError: can't start new thread`` at a pids limit), so an accept loop
that calls it never dies. Each thread that ends calls ``on_exit`` (the accept
loop's wake-up: a freed slot may serve a waiting connection).

Why threads and not an event loop: the targets (``VirtualShell``, a test's
``ScriptedTarget``) are blocking code, and a cap on threads bounds memory the same
way; waiting connections cost no thread (they wait in the accept loop's selector).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

Starter = Callable[[threading.Thread], None]
"""Starts a thread (``threading.Thread.start``; tests pass one that refuses, as an OS can)."""


class Workers:
    """At most ``cap`` threads named ``name``; see the module docstring."""

    def __init__(
        self,
        cap: int,
        name: str,
        *,
        start: Starter | None = None,
        on_exit: Callable[[], None] = lambda: None,
    ) -> None:
        self.cap = max(1, cap)
        self.name = name
        self._start: Starter = start or threading.Thread.start
        self._on_exit = on_exit
        self._lock = threading.Condition()
        self._alive: set[threading.Thread] = set()
        self._started: list[threading.Thread] = []
        """Threads started and maybe not yet finished (one leaves ``_alive`` just before)."""
        self.peak = 0
        """The most threads alive at once so far."""
        self.refused = threading.Event()
        """Set once the OS refused to start a thread."""

    @property
    def count(self) -> int:
        """Threads alive now (started, not yet ended)."""
        with self._lock:
            return len(self._alive)

    def free(self, need: int = 1) -> bool:
        """Whether ``need`` more threads fit under the cap now."""
        with self._lock:
            return len(self._alive) + need <= self.cap

    def spawn(self, *targets: Callable[[], None]) -> bool:
        """Start one thread per target, all or none; False when they do not fit or the OS
        refuses (threads of the group already started then still run to their end)."""
        threads = [
            threading.Thread(target=self._run, args=(t,), name=self.name, daemon=True)
            for t in targets
        ]
        with self._lock:
            if len(self._alive) + len(threads) > self.cap:
                return False
            self._alive.update(threads)
            self.peak = max(self.peak, len(self._alive))
            self._started = [t for t in self._started if t.is_alive()] + threads
        for index, thread in enumerate(threads):
            try:
                self._start(thread)
            except RuntimeError:  # the OS refused a thread
                self.refused.set()
                with self._lock:
                    self._alive.difference_update(threads[index:])
                    self._lock.notify_all()
                return False
        return True

    def join(self, timeout: float) -> list[threading.Thread]:
        """Wait up to ``timeout`` seconds for every thread to end; the ones still alive."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while self._alive and (left := deadline - time.monotonic()) > 0:
                self._lock.wait(left)
            started = list(self._started)
        for thread in started:
            if thread.ident is not None:  # never started: the OS refused it
                thread.join(max(0.0, deadline - time.monotonic()))
        return [t for t in started if t.is_alive()]

    def _run(self, target: Callable[[], None]) -> None:
        try:
            target()
        finally:
            with self._lock:
                self._alive.discard(threading.current_thread())
                self._lock.notify_all()
            self._on_exit()
