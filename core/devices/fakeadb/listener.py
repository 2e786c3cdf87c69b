"""A TCP listener with bounded workers and a clean lifecycle, shared by both fake adb endpoints.

:class:`Listener` binds and runs an accept loop in a background thread: a
selector over the listening socket and a wake-up socketpair (written on stop and
whenever a worker ends — never polled). Each accepted connection is served by a
:class:`~.workers.Workers` thread; at most ``max_threads`` run at once (every
thread the endpoint starts counts, adbd's streams included). A connection that
finds no free thread waits in the accept loop, costing none; when the OS refuses
a thread the connection waits too and the loop keeps accepting.

Bounds, so that no local client can lock the others out: at most
``max_per_client`` connections from one peer address and ``max_connections``
in all. A new connection over either bound is not refused while another can
make room: an *idle* connection is closed — one waiting for a thread or that
never sent its first request first, then the one silent longest. A connection
with a request in flight (the subclass calls :meth:`Listener.active` once it
read one, and :meth:`Listener.set_busy` ``False`` when it waits for the next) is
never evicted; with every connection busy the newcomer is closed instead. A
connection has ``handshake_timeout`` seconds to send its first request, then
``idle_timeout`` seconds between requests.

Stopping: :meth:`Listener.stop` wakes the accept loop, shuts every open
connection down, interrupts the targets (:meth:`Listener.interrupt_targets`: a
sleeping shell wakes) and waits for every worker, all within one ``timeout``
(1 s by default); a thread still stuck inside a target's own code is listed in
:attr:`Listener.stuck_threads`. Subclasses implement :meth:`Listener.handle`.
"""

from __future__ import annotations

import contextlib
import logging
import os
import select
import selectors
import socket
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from functools import partial
from types import TracebackType
from typing import Self

from deltarec.core.devices.fakeadb.workers import Starter, Workers

log = logging.getLogger(__name__)

_INTERRUPT_EVERY = 0.05
"""Seconds between interrupts of the targets while a stop waits for its threads."""


@dataclass(eq=False)
class _Connection:
    """One accepted connection: its socket, its peer, and when it last did something."""

    sock: socket.socket
    client: str
    last_active: float = field(default_factory=time.monotonic)
    greeted: bool = False
    """It has sent a complete first request (or handshake)."""
    busy: bool = False
    """A request is in flight: never evicted."""
    running: bool = False
    """A worker serves it (else it waits in the accept loop for one)."""
    evicted: bool = False


class Listener:
    """Accept loop + bounded worker threads on ``host:port`` (``port=0``: a free one).

    ``idle_timeout`` bounds how long a connection may stay silent (seconds),
    ``handshake_timeout`` how long before its first request; connections are
    bounded per client and in all, threads by ``max_threads`` (default:
    ``max_connections``); ``start_thread`` starts each one (tests simulate an OS
    that refuses). See the module docstring. Not restartable: one
    ``start``/``stop`` cycle.
    """

    thread_name = "fakeadb"

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        max_connections: int = 64,
        max_per_client: int | None = None,
        idle_timeout: float | None = 300.0,
        handshake_timeout: float | None = 10.0,
        max_threads: int | None = None,
        start_thread: Starter | None = None,
    ) -> None:
        self._address = (host, port)
        self._max_connections = max(1, max_connections)
        self._max_per_client = max(1, min(max_per_client or max_connections, max_connections))
        self.idle_timeout = idle_timeout
        self.handshake_timeout = handshake_timeout
        self.evictions = 0
        """How many connections were closed to make room for newer ones."""
        self.refusals = 0
        """How many new connections were closed because every other one was busy."""
        self._listener: socket.socket | None = None
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_w.setblocking(False)
        self.workers = Workers(
            max_threads or self._max_connections,
            f"{self.thread_name}-worker",
            start=start_thread,
            on_exit=self._wake,
        )
        self._accept_thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._connections: list[_Connection] = []
        self._waiting: deque[_Connection] = deque()
        self._stopping = threading.Event()
        self._stopped = threading.Event()
        self.stuck_threads: list[threading.Thread] = []
        self.ready = threading.Event()
        """Set once the server listens (tests and ``serve_forever`` callers wait on it)."""

    def handle(self, conn: socket.socket) -> None:
        """Serve one accepted connection; the listener closes it afterwards."""
        raise NotImplementedError

    def interrupt_targets(self) -> None:
        """Make the targets end what they run now (on stop); subclasses know their targets."""

    def active(self, conn: socket.socket) -> None:
        """``conn`` just read a request: it is busy (never evicted) and from now on has
        ``idle_timeout`` between requests (its handshake is done)."""
        with self._lock:
            entry = self._entry(conn)
            if entry is None:
                return
            entry.last_active = time.monotonic()
            entry.busy = True
            if not entry.greeted:
                entry.greeted = True
                with contextlib.suppress(OSError):
                    conn.settimeout(self.idle_timeout)

    def set_busy(self, conn: socket.socket, busy: bool) -> None:
        """Say whether ``conn`` has a request in flight (False: it waits for the next one)."""
        with self._lock:
            entry = self._entry(conn)
            if entry is not None:
                entry.busy = busy
                entry.last_active = time.monotonic()

    @property
    def connection_count(self) -> int:
        """Connections being served or waiting for a thread now (evicted ones excluded)."""
        with self._lock:
            return sum(1 for c in self._connections if not c.evicted)

    # -- lifecycle -----------------------------------------------------------------

    def start(self) -> Self:
        """Bind, listen and start accepting in a background thread; returns ``self``.

        Raises ``OSError`` if the address is taken, ``RuntimeError`` if already started.
        """
        if self._listener is not None or self._stopping.is_set():
            raise RuntimeError("a fake adb endpoint can be started only once")
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            listener.bind(self._address)
            listener.listen(128)  # a burst of connects must not wait for SYN retries
        except OSError:
            listener.close()
            raise
        listener.setblocking(False)
        self._listener = listener
        self._accept_thread = threading.Thread(
            target=self._accept_loop, name=f"{self.thread_name}-accept-{self.port}", daemon=True
        )
        self._accept_thread.start()
        self.ready.set()
        return self

    @property
    def port(self) -> int:
        """The TCP port listened on (the chosen one when constructed with ``port=0``)."""
        if self._listener is None:
            raise RuntimeError("the server is not started")
        port: int = self._listener.getsockname()[1]
        return port

    @property
    def host(self) -> str:
        """The address listened on."""
        return self._address[0]

    def stop(self, timeout: float = 1.0) -> None:
        """Stop accepting, reset open connections, interrupt the targets, join every thread.

        Idempotent. Returns within about ``timeout`` seconds in all even if a
        target blocks; such threads (daemons) are listed in :attr:`stuck_threads`.
        """
        deadline = time.monotonic() + timeout
        if self._stopping.is_set():
            self._stopped.wait(timeout)
            return
        self._stopping.set()
        self._wake()
        if self._accept_thread is not None:
            self._accept_thread.join(max(0.0, deadline - time.monotonic()))
        with self._lock:
            connections = list(self._connections)
            self._waiting.clear()
        for entry in connections:
            with contextlib.suppress(OSError):
                entry.sock.shutdown(socket.SHUT_RDWR)
            if not entry.running:
                entry.sock.close()
        while True:  # again and again: a call may begin just after an interrupt
            self.interrupt_targets()
            left = deadline - time.monotonic()
            self.stuck_threads = self.workers.join(max(0.0, min(left, _INTERRUPT_EVERY)))
            if not self.stuck_threads or left <= _INTERRUPT_EVERY:
                break
        if self.stuck_threads:
            log.warning("%s: %d threads still busy", self.thread_name, len(self.stuck_threads))
        for sock in (self._listener, self._wake_r, self._wake_w):
            if sock is not None:
                sock.close()
        self._stopped.set()

    def serve_forever(self) -> None:
        """Start (if needed) and block until :meth:`stop` is called or Ctrl-C.

        KeyboardInterrupt stops the server cleanly (within a second) and returns normally.
        """
        if self._listener is None:
            self.start()
        try:
            while not self._stopped.wait(0.1):  # short waits let Ctrl-C through
                pass
        except KeyboardInterrupt:
            pass
        finally:
            self.stop()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()

    # -- internals -----------------------------------------------------------------

    def _wake(self) -> None:
        with contextlib.suppress(OSError):  # a full buffer already wakes the loop
            self._wake_w.send(b"x")

    def _entry(self, conn: socket.socket) -> _Connection | None:
        """The entry of ``conn`` (holds the lock)."""
        for entry in self._connections:
            if entry.sock is conn:
                return entry
        return None

    def _accept_loop(self) -> None:
        assert self._listener is not None
        with selectors.DefaultSelector() as selector:
            selector.register(self._listener, selectors.EVENT_READ)
            selector.register(self._wake_r, selectors.EVENT_READ)
            while not self._stopping.is_set():
                # With connections waiting and no wake-up due (the OS refused a thread
                # and none is running), look again in a while.
                events = selector.select(0.2 if self._waiting else None)
                for key, _ in events:
                    if self._stopping.is_set():
                        return
                    if key.fileobj is self._wake_r:
                        with contextlib.suppress(OSError):
                            self._wake_r.recv(4096)
                    else:
                        self._accept_all()
                self._dispatch()

    def _accept_all(self) -> None:
        assert self._listener is not None
        while True:
            try:
                conn, _ = self._listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:  # out of file descriptors, a reset before accept, …
                log.warning("%s: accept failed: %s", self.thread_name, exc)
                return
            conn.setblocking(True)
            self._admit(conn)

    def _admit(self, conn: socket.socket) -> None:
        try:
            client = str(conn.getpeername()[0])
        except OSError:  # already gone
            conn.close()
            return
        with self._lock:
            live = [c for c in self._connections if not c.evicted]
            mine = [c for c in live if c.client == client]
            full = mine if len(mine) >= self._max_per_client else None
            if full is None and len(live) >= self._max_connections:
                full = live
            if full is not None and not self._evict(full):
                self.refusals += 1
                conn.close()  # every connection has a request in flight
                return
            entry = _Connection(conn, client)
            self._connections.append(entry)
            self._waiting.append(entry)

    def _dispatch(self) -> None:
        """Give waiting connections a worker each while threads are free; when none is,
        evict idle served connections so that one frees for each waiting connection."""
        with self._lock:
            while self._waiting:
                entry = self._waiting[0]
                if entry.evicted:
                    self._waiting.popleft()
                    continue
                if not self.workers.free():
                    break
                entry.running = True
                if not self.workers.spawn(partial(self._serve_connection, entry)):
                    entry.running = False
                    break
                self._waiting.popleft()
            leaving = sum(1 for c in self._connections if c.evicted and c.running)
            served = [c for c in self._connections if c.running and not c.evicted]
            for _ in range(len(self._waiting) - leaving):
                if not self._evict(served):
                    break

    def _evict(self, candidates: list[_Connection]) -> bool:
        """Close the longest-idle of ``candidates`` that has no request in flight or arriving:
        never-greeted ones first, oldest first. False when every one is busy. Holds the lock."""
        idle = [c for c in candidates if not c.busy and not c.evicted and not _has_input(c)]
        if not idle:
            return False
        victim = min(idle, key=lambda c: (c.greeted, c.last_active))
        victim.evicted = True
        self.evictions += 1
        with contextlib.suppress(OSError):
            victim.sock.shutdown(socket.SHUT_RDWR)
        if not victim.running:
            victim.sock.close()
            self._connections.remove(victim)
        return True

    def _serve_connection(self, entry: _Connection) -> None:
        conn = entry.sock
        try:
            conn.settimeout(self.handshake_timeout)
            self.handle(conn)
        except OSError:
            pass  # the peer went away or the listener is stopping
        except Exception:
            log.exception("%s: connection failed", self.thread_name)
        finally:
            conn.close()  # a no-op when handle() already closed or reset it
            with self._lock, contextlib.suppress(ValueError):
                self._connections.remove(entry)


def _has_input(entry: _Connection) -> bool:
    """Whether the request of ``entry`` is arriving (not evicted: it is about to be busy).

    A peer that closed (EOF, reset) has none: a dead connection is the first to go. Peeks
    on a duplicate of the socket, non-blocking, so the accept loop never waits on it.
    """
    try:
        readable, _, _ = select.select([entry.sock], [], [], 0)
        if not readable:
            return False
        with socket.socket(fileno=os.dup(entry.sock.fileno())) as probe:
            return bool(probe.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT))
    except BlockingIOError:  # a worker took the bytes meanwhile: it is busy now
        return True
    except (OSError, ValueError):  # reset, or closed under us
        return False
