"""The loopback fake adb server: accept loop, connection threads, clean shutdown.

::

    with FakeAdbServer([phone]) as server:        # listens on 127.0.0.1:<free port>
        client = adbutils.AdbClient(port=server.port)
        client.device(phone.serial).shell("echo hi")

Each connection runs in its own thread (adbutils opens a second connection for
``host:version`` while the first waits), at most ``max_connections`` at once;
extra connections are closed at once. A connection reads host requests with
:func:`~core.devices.fakeadb.protocol.read_request` (bounded length), answers
them (:mod:`.host`) and, after a transport request, serves one device service
(:mod:`.services`). A protocol violation answers ``FAIL`` with the reason and
closes. A target that disconnects resets the connection.

:meth:`FakeAdbServer.stop` wakes the accept loop, shuts every open connection
down and joins all threads within ``timeout`` seconds; a thread stuck inside a
target's own code past that is reported by :attr:`FakeAdbServer.stuck_threads`.
"""

from __future__ import annotations

import contextlib
import logging
import selectors
import socket
import threading
from collections.abc import Iterable
from types import TracebackType
from typing import TYPE_CHECKING

from core.devices.fakeadb.host import handle_host
from core.devices.fakeadb.protocol import (
    MAX_REQUEST,
    PeerClosed,
    ProtocolError,
    abort,
    close_gracefully,
    read_request,
    send_fail,
)
from core.devices.fakeadb.registry import Registry
from core.devices.fakeadb.services import Vanished, handle_service

if TYPE_CHECKING:
    from core.devices.base import ShellTarget

log = logging.getLogger(__name__)


class FakeAdbServer:
    """An adb host-protocol server on ``host:port`` serving ``targets``.

    ``port=0`` picks a free port (read it from :attr:`port` after
    :meth:`start`). ``idle_timeout`` bounds how long a connection may stay
    silent mid-request (seconds). Not restartable: one ``start``/``stop`` cycle.
    """

    def __init__(
        self,
        targets: Iterable[ShellTarget] = (),
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        max_connections: int = 64,
        max_request: int = MAX_REQUEST,
        idle_timeout: float = 300.0,
    ) -> None:
        self.registry = Registry(targets)
        self._address = (host, port)
        self._max_connections = max_connections
        self._max_request = max_request
        self._idle_timeout = idle_timeout
        self._listener: socket.socket | None = None
        self._wake_r, self._wake_w = socket.socketpair()
        self._accept_thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._connections: dict[threading.Thread, socket.socket] = {}
        self._stopping = threading.Event()
        self._stopped = threading.Event()
        self.stuck_threads: list[threading.Thread] = []
        self.ready = threading.Event()
        """Set once the server listens (tests and ``serve_forever`` callers wait on it)."""

    # -- lifecycle -----------------------------------------------------------------

    def start(self) -> FakeAdbServer:
        """Bind, listen and start accepting in a background thread; returns ``self``.

        Raises ``OSError`` if the address is taken, ``RuntimeError`` if already started.
        """
        if self._listener is not None or self._stopping.is_set():
            raise RuntimeError("a FakeAdbServer can be started only once")
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            listener.bind(self._address)
            listener.listen(32)
        except OSError:
            listener.close()
            raise
        self._listener = listener
        self._accept_thread = threading.Thread(
            target=self._accept_loop, name=f"fakeadb-accept-{self.port}", daemon=True
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
        for _, conn in connections:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)
        for thread, _ in connections:
            thread.join(timeout)
        self.stuck_threads = [t for t, _ in connections if t.is_alive()]
        if self.stuck_threads:
            log.warning("fake adb server: %d threads still busy", len(self.stuck_threads))
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

    def __enter__(self) -> FakeAdbServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()

    # -- device management ---------------------------------------------------------

    def add_target(self, target: ShellTarget) -> None:
        """Serve another device (as if plugged in)."""
        self.registry.add(target)

    def remove_target(self, serial: str) -> None:
        """Stop serving ``serial`` (as if unplugged); later requests get "not found"."""
        self.registry.remove(serial)

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
        with self._lock:
            if len(self._connections) >= self._max_connections or self._stopping.is_set():
                conn.close()
                return
            conn.settimeout(self._idle_timeout)
            thread = threading.Thread(
                target=self._serve_connection, args=(conn,), name="fakeadb-conn", daemon=True
            )
            self._connections[thread] = conn
        thread.start()

    def _serve_connection(self, conn: socket.socket) -> None:
        aborted = False
        try:
            self._converse(conn)
        except Vanished as exc:
            log.info("fake adb target vanished: %s", exc)
            abort(conn)
            aborted = True
        except (PeerClosed, OSError):
            pass  # the client went away or the server is stopping
        except Exception:
            log.exception("fake adb server: connection failed")
        finally:
            if not aborted:
                close_gracefully(conn)
            with self._lock:
                self._connections.pop(threading.current_thread(), None)

    def _converse(self, conn: socket.socket) -> None:
        try:
            request = read_request(conn, limit=self._max_request)
        except PeerClosed:
            return
        except ProtocolError as exc:
            send_fail(conn, str(exc))
            return
        transport = handle_host(conn, self.registry, request)
        if transport is None:
            return
        try:
            service = read_request(conn, limit=self._max_request)
        except PeerClosed:
            return
        except ProtocolError as exc:
            send_fail(conn, str(exc))
            return
        handle_service(conn, transport.entry.target, service)
