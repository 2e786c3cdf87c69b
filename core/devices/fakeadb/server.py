"""The loopback fake adb *server* (host protocol): what adbutils connects to on 5037.

::

    with FakeAdbServer([phone]) as server:        # listens on 127.0.0.1:<free port>
        client = adbutils.AdbClient(port=server.port)
        client.device(phone.serial).shell("echo hi")

Each connection is served on a worker thread of its own (adbutils opens a second
connection for ``host:version`` while the first waits), at most ``max_threads``
at once, at most ``max_per_client`` connections from one address and
``max_connections`` in all; a connection beyond either bound closes the
longest-idle one instead of being refused (never one with a request in flight),
so idle connections can lock no client out. The first request must come within
``handshake_timeout`` seconds, and a connection may stay silent mid-request for
``idle_timeout`` seconds.
A connection reads host requests with
:func:`~deltarec.core.devices.fakeadb.protocol.read_request` (bounded length), answers
them (:mod:`.host`) and, after a transport request, serves one device service
(:mod:`.services`). A protocol violation answers ``FAIL`` with the reason and
closes. A target that disconnects resets the connection.

Threads, shutdown and ``serve_forever`` come from
:class:`~deltarec.core.devices.fakeadb.listener.Listener`.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterable
from typing import TYPE_CHECKING

from deltarec.core.devices.fakeadb.host import handle_host
from deltarec.core.devices.fakeadb.listener import Listener
from deltarec.core.devices.fakeadb.protocol import (
    MAX_REQUEST,
    PeerClosed,
    ProtocolError,
    abort,
    close_gracefully,
    read_request,
    send_fail,
)
from deltarec.core.devices.fakeadb.registry import Registry, interrupt
from deltarec.core.devices.fakeadb.services import Vanished, handle_service
from deltarec.core.devices.fakeadb.workers import Starter

if TYPE_CHECKING:
    from deltarec.core.devices.base import ShellTarget

log = logging.getLogger(__name__)


class FakeAdbServer(Listener):
    """An adb host-protocol server on ``host:port`` serving ``targets``.

    ``port=0`` picks a free port (read it from :attr:`port` after
    :meth:`start`). ``max_request`` caps a request's length (bytes);
    ``idle_timeout`` bounds how long a connection may stay silent mid-request
    (seconds). Lifecycle (``start``/``stop``/``serve_forever``/``with``):
    :class:`~deltarec.core.devices.fakeadb.listener.Listener`.
    """

    def __init__(
        self,
        targets: Iterable[ShellTarget] = (),
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        max_connections: int = 128,
        max_per_client: int = 64,
        max_request: int = MAX_REQUEST,
        idle_timeout: float = 60.0,
        handshake_timeout: float = 10.0,
        max_threads: int | None = None,
        start_thread: Starter | None = None,
    ) -> None:
        super().__init__(
            host,
            port,
            max_connections=max_connections,
            max_per_client=max_per_client,
            idle_timeout=idle_timeout,
            handshake_timeout=handshake_timeout,
            max_threads=max_threads,
            start_thread=start_thread,
        )
        self.registry = Registry(targets)
        self._max_request = max_request

    # -- device management ---------------------------------------------------------

    def add_target(self, target: ShellTarget) -> None:
        """Serve another device (as if plugged in)."""
        self.registry.add(target)

    def remove_target(self, serial: str) -> None:
        """Stop serving ``serial`` (as if unplugged); later requests get "not found"."""
        self.registry.remove(serial)

    def interrupt_targets(self) -> None:
        """Wake every served phone's running calls (a sleeping shell ends now)."""
        for entry in self.registry.entries():
            interrupt(entry.target)

    # -- one connection ------------------------------------------------------------

    def handle(self, conn: socket.socket) -> None:
        """Answer one host request; after a transport request, serve one device service."""
        try:
            self._converse(conn)
        except Vanished as exc:
            log.info("fake adb target vanished: %s", exc)
            abort(conn)
            return
        except PeerClosed:
            pass
        close_gracefully(conn)

    def _converse(self, conn: socket.socket) -> None:
        try:
            request = read_request(conn, limit=self._max_request)
        except PeerClosed:
            return
        except ProtocolError as exc:
            send_fail(conn, str(exc))
            return
        self.active(conn)
        if request.endswith("track-devices"):
            self.set_busy(conn, False)  # it only waits for the client to close
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
        self.active(conn)
        handle_service(conn, transport.entry.target, service)
