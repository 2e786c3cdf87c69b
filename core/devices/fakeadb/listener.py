"""A threaded TCP listener with a clean lifecycle, shared by both fake adb endpoints.

:class:`Listener` binds, accepts in a background thread (woken through a
socketpair on stop, never by polling), runs each connection in its own daemon
thread and stops within a bounded time.

Bounds, so that no local client can lock the others out: at most
``max_per_client`` connections from one peer address and ``max_connections``
in all. A new connection over either bound is not refused: the longest-idle
connection (of that client, else of all) is closed to make room, those that
never finished their handshake first, then the one silent longest. A
connection has ``handshake_timeout`` seconds to send its first request (the
subclass calls :meth:`Listener.active` after each request it reads), then
``idle_timeout`` seconds between requests.

Stopping: :meth:`Listener.stop` wakes the accept loop,
shuts every open connection down and joins every thread within ``timeout``
seconds; a thread stuck inside a target's own code past that is listed in
:attr:`Listener.stuck_threads`. Subclasses implement :meth:`Listener.handle`.
"""

from __future__ import annotations

import contextlib
import logging
import selectors
import socket
import threading
import time
from dataclasses import dataclass, field
from types import TracebackType
from typing import Self

log = logging.getLogger(__name__)


@dataclass(eq=False)
class _Connection:
    """One accepted connection: its socket, its peer, and when it last did something."""

    sock: socket.socket
    client: str
    last_active: float = field(default_factory=time.monotonic)
    greeted: bool = False
    """It has sent a complete first request (or handshake)."""
    evicted: bool = False


class Listener:
    """Accept loop + per-connection threads on ``host:port`` (``port=0``: a free one).

    ``idle_timeout`` bounds how long a connection may stay silent (seconds),
    ``handshake_timeout`` how long before its first request; connections are
    bounded per client and in all (see the module docstring).
    Not restartable: one ``start``/``stop`` cycle.
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
    ) -> None:
        self._address = (host, port)
        self._max_connections = max(1, max_connections)
        self._max_per_client = max(1, min(max_per_client or max_connections, max_connections))
        self.idle_timeout = idle_timeout
        self.handshake_timeout = handshake_timeout
        self.evictions = 0
        """How many connections were closed to make room for newer ones."""
        self._listener: socket.socket | None = None
        self._wake_r, self._wake_w = socket.socketpair()
        self._accept_thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._connections: dict[threading.Thread, _Connection] = {}
        self._stopping = threading.Event()
        self._stopped = threading.Event()
        self.stuck_threads: list[threading.Thread] = []
        self.ready = threading.Event()
        """Set once the server listens (tests and ``serve_forever`` callers wait on it)."""

    def handle(self, conn: socket.socket) -> None:
        """Serve one accepted connection; the listener closes it afterwards."""
        raise NotImplementedError

    def active(self, conn: socket.socket) -> None:
        """``conn`` just completed a request: it is not idle, and from now on it has
        ``idle_timeout`` between requests (its handshake is done)."""
        with self._lock:
            entry = self._connections.get(threading.current_thread())
            if entry is None or entry.sock is not conn:
                return
            entry.last_active = time.monotonic()
            if not entry.greeted:
                entry.greeted = True
                with contextlib.suppress(OSError):
                    conn.settimeout(self.idle_timeout)

    @property
    def connection_count(self) -> int:
        """Connections being served now (evicted ones excluded)."""
        with self._lock:
            return sum(1 for c in self._connections.values() if not c.evicted)

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

    def stop(self, timeout: float = 5.0) -> None:
        """Stop accepting, reset open connections and join every thread.

        Idempotent. Returns within about ``timeout`` seconds even if a target
        blocks; such threads (daemons) are listed in :attr:`stuck_threads`.
        """
        if self._stopping.is_set():
            self._stopped.wait(timeout)
            return
        self._stopping.set()
        with contextlib.suppress(OSError):
            self._wake_w.send(b"x")
        if self._accept_thread is not None:
            self._accept_thread.join(timeout)
        with self._lock:
            connections = list(self._connections.items())
        for _, entry in connections:
            with contextlib.suppress(OSError):
                entry.sock.shutdown(socket.SHUT_RDWR)
        for thread, _ in connections:
            thread.join(timeout)
        self.stuck_threads = [t for t, _ in connections if t.is_alive()]
        if self.stuck_threads:
            log.warning("%s: %d threads still busy", self.thread_name, len(self.stuck_threads))
        for sock in (self._listener, self._wake_r, self._wake_w):
            if sock is not None:
                sock.close()
        self._stopped.set()

    def serve_forever(self) -> None:
        """Start (if needed) and block until :meth:`stop` is called or Ctrl-C.

        KeyboardInterrupt stops the server cleanly and returns normally.
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

    def _accept_loop(self) -> None:
        assert self._listener is not None
        with selectors.DefaultSelector() as selector:
            selector.register(self._listener, selectors.EVENT_READ)
            selector.register(self._wake_r, selectors.EVENT_READ)
            while not self._stopping.is_set():
                for key, _ in selector.select():
                    if key.fileobj is self._wake_r or self._stopping.is_set():
                        return
                    try:
                        conn, _ = self._listener.accept()
                    except OSError:
                        continue
                    self._spawn(conn)

    def _spawn(self, conn: socket.socket) -> None:
        try:
            client = str(conn.getpeername()[0])
        except OSError:  # already gone
            conn.close()
            return
        with self._lock:
            if self._stopping.is_set():
                conn.close()
                return
            live = [c for c in self._connections.values() if not c.evicted]
            mine = [c for c in live if c.client == client]
            if len(mine) >= self._max_per_client:
                self._evict(mine)
            elif len(live) >= self._max_connections:
                self._evict(live)
            conn.settimeout(self.handshake_timeout)
            thread = threading.Thread(
                target=self._serve_connection,
                args=(conn,),
                name=f"{self.thread_name}-conn",
                daemon=True,
            )
            self._connections[thread] = _Connection(conn, client)
        thread.start()

    def _evict(self, candidates: list[_Connection]) -> None:
        """Close the longest-idle of ``candidates`` (never-greeted first); holds the lock."""
        victim = min(candidates, key=lambda c: (c.greeted, c.last_active))
        victim.evicted = True
        self.evictions += 1
        with contextlib.suppress(OSError):
            victim.sock.shutdown(socket.SHUT_RDWR)

    def _serve_connection(self, conn: socket.socket) -> None:
        try:
            self.handle(conn)
        except OSError:
            pass  # the peer went away or the listener is stopping
        except Exception:
            log.exception("%s: connection failed", self.thread_name)
        finally:
            conn.close()  # a no-op when handle() already closed or reset it
            with self._lock:
                self._connections.pop(threading.current_thread(), None)
