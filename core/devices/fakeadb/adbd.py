"""The device side of adb over TCP (what ``adbd`` speaks), for ``adb connect``.

The real adb server connects to :class:`FakeAdbd` with
``adb connect 127.0.0.1:PORT`` and then treats the simulated phone as a
device: ``adb shell``, ``adb pull`` and adbutils through that server all work.

Wire format: 24-byte headers ``<6I`` (command, arg0, arg1, data length,
checksum = byte sum of the data, magic = command ^ 0xffffffff) and the
messages used here:

- ``CNXN(version, maxdata, "host::…")`` from the server → answered with
  ``CNXN(0x01000001, max_payload, "device::ro.product.…;features=…")``
  (the phone never asks for ``AUTH``);
- ``OPEN(their_id, 0, "service\\0")`` → ``OKAY(our_id, their_id)`` and the
  service runs, or ``CLSE(0, their_id)`` when refused;
- ``WRTE(id, id, data)`` both ways, each answered by ``OKAY``; flow control:
  one of our ``WRTE`` in flight per stream until the server's ``OKAY``;
- ``CLSE`` from either side ends a stream.

Each stream bridges to a socketpair, so the services of :mod:`.services`
(shell, shell v2, exec, sync) run unchanged; its two threads (the service and
the pump) come from the endpoint's bounded :class:`~.workers.Workers`, and an
``OPEN`` that finds no free thread is refused (``CLSE``), as a busy phone may.
A target that vanishes resets the whole TCP connection, as an unplugged phone
drops its transport. Bounds: a payload over ``max_payload`` or a bad magic drops
the connection; at most :data:`MAX_STREAMS` streams per connection; ``CNXN`` must come within
``handshake_timeout`` and a transport with no open stream is dropped after
``idle_timeout`` without a packet; connections are bounded per client and in
all, the longest-idle closed to make room, never a transport with an open
stream (:mod:`.listener`).
"""

from __future__ import annotations

import contextlib
import logging
import select
import socket
import struct
import threading
from typing import TYPE_CHECKING

from deltarec.core.devices.fakeadb.host import FEATURES
from deltarec.core.devices.fakeadb.listener import Listener
from deltarec.core.devices.fakeadb.protocol import PeerClosed, abort, read_exact
from deltarec.core.devices.fakeadb.registry import interrupt
from deltarec.core.devices.fakeadb.services import Runner, Vanished, resolve
from deltarec.core.devices.fakeadb.workers import Starter

if TYPE_CHECKING:
    from deltarec.core.devices.base import ShellTarget

log = logging.getLogger(__name__)


def _command(name: bytes) -> int:
    value: int = struct.unpack("<I", name)[0]
    return value


A_CNXN, A_OPEN, A_OKAY = _command(b"CNXN"), _command(b"OPEN"), _command(b"OKAY")
A_WRTE, A_CLSE, A_AUTH = _command(b"WRTE"), _command(b"CLSE"), _command(b"AUTH")
A_VERSION = 0x01000001
MAX_PAYLOAD = 256 * 1024
MAX_STREAMS = 64
_HEADER = struct.Struct("<6I")


class _Dropped(Exception):
    """The peer broke the protocol; the connection is dropped."""


class FakeAdbd(Listener):
    """A simulated phone listening for the adb server on ``host:port``.

    ``props`` become the ``ro.product.*`` fields of the connect banner.
    Lifecycle (``start``/``stop``/``serve_forever``/``with``) as
    :class:`~deltarec.core.devices.fakeadb.listener.Listener`.
    """

    thread_name = "fakeadbd"

    def __init__(
        self,
        target: ShellTarget,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        max_payload: int = MAX_PAYLOAD,
        props: dict[str, str] | None = None,
        max_connections: int = 16,
        max_per_client: int = 8,
        idle_timeout: float = 600.0,
        handshake_timeout: float = 10.0,
        max_threads: int | None = 128,
        start_thread: Starter | None = None,
    ) -> None:
        # The socket timeout bounds a packet that stops half-way; waiting between
        # packets is bounded by _Transport.wait (a transport with an open stream
        # is never idle: a long `adb shell` stays up).
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
        self.target = target
        self.max_payload = max_payload
        fields = {
            "ro.product.name": "deltarec_virtual",
            "ro.product.model": "deltarec_virtual",
            "ro.product.device": "virtual",
            **(props or {}),
        }
        banner = "".join(f"{k}={v};" for k, v in fields.items()) + f"features={FEATURES}"
        self.banner = b"device::" + banner.encode()

    def handle(self, conn: socket.socket) -> None:
        """Run one adb transport until the server closes it or the phone vanishes."""
        _Transport(conn, self).run()

    def interrupt_targets(self) -> None:
        """Wake the phone's running calls (a sleeping shell ends now)."""
        interrupt(self.target)


class _Transport:
    def __init__(self, sock: socket.socket, adbd: FakeAdbd) -> None:
        self.sock = sock
        self.adbd = adbd
        self.peer_max = adbd.max_payload
        self.send_lock = threading.Lock()
        self.streams: dict[int, _Stream] = {}
        self.streams_lock = threading.Lock()
        self.next_id = 1
        self.vanished = False
        self.greeted = False
        """CNXN arrived; before that the server has ``handshake_timeout`` to send it."""

    def _wait(self) -> None:
        """Wait for the next packet: ``handshake_timeout`` for CNXN, then ``idle_timeout``
        while no stream is open (with one open, as long as it stays open)."""
        while True:
            limit = self.adbd.idle_timeout if self.greeted else self.adbd.handshake_timeout
            readable, _, _ = select.select([self.sock], [], [], limit)
            if readable:
                return
            with self.streams_lock:
                busy = bool(self.streams)
            if not (self.greeted and busy):
                raise _Dropped(f"no packet for {limit} s")

    def _mark(self) -> None:
        """Busy while a stream is open (never evicted then), idle between streams."""
        with self.streams_lock:
            busy = bool(self.streams)
        self.adbd.set_busy(self.sock, busy)

    def send(self, command: int, arg0: int, arg1: int, data: bytes = b"") -> None:
        header = _HEADER.pack(
            command, arg0, arg1, len(data), sum(data) & 0xFFFFFFFF, command ^ 0xFFFFFFFF
        )
        with self.send_lock:
            self.sock.sendall(header + data)

    def run(self) -> None:
        try:
            while True:
                self._wait()
                command, arg0, arg1, data = self._read_packet()
                if command == A_CNXN:
                    self.greeted = True
                if self.greeted:
                    self.adbd.active(self.sock)
                self._dispatch(command, arg0, arg1, data)
                self._mark()
        except (PeerClosed, OSError, _Dropped) as exc:
            if not self.vanished:
                log.debug("fake adbd transport ended: %s", exc)
        finally:
            with self.streams_lock:
                streams = list(self.streams.values())
            for stream in streams:
                stream.close_from_peer()  # their threads end on their own

    def _read_packet(self) -> tuple[int, int, int, bytes]:
        command, arg0, arg1, length, _check, magic = _HEADER.unpack(read_exact(self.sock, 24))
        if magic != command ^ 0xFFFFFFFF:
            raise _Dropped(f"bad magic in header {command:#x}")
        if length > self.adbd.max_payload:
            raise _Dropped(f"payload of {length} bytes is over {self.adbd.max_payload}")
        return command, arg0, arg1, read_exact(self.sock, length)

    def _dispatch(self, command: int, arg0: int, arg1: int, data: bytes) -> None:
        if command == A_CNXN:
            self.peer_max = max(1024, min(arg1, self.adbd.max_payload))
            self.send(A_CNXN, A_VERSION, self.adbd.max_payload, self.adbd.banner)
        elif command == A_OPEN:
            self._open(arg0, data.rstrip(b"\0").decode("utf-8", "replace"))
        elif command == A_OKAY:
            stream = self._stream(arg1)
            if stream is not None:
                stream.acked.set()
        elif command == A_WRTE:
            stream = self._stream(arg1)
            if stream is not None and stream.feed(data):
                self.send(A_OKAY, stream.local_id, arg0)
        elif command == A_CLSE:
            stream = self._stream(arg1)
            if stream is not None:
                stream.close_from_peer()
        # AUTH and anything else is ignored: this phone never asks for AUTH.

    def _stream(self, local_id: int) -> _Stream | None:
        with self.streams_lock:
            return self.streams.get(local_id)

    def _open(self, remote_id: int, request: str) -> None:
        runner = resolve(self.adbd.target, request)
        with self.streams_lock:
            full = len(self.streams) >= MAX_STREAMS
        if isinstance(runner, str) or full:
            log.info("fake adbd refused %r: %s", request[:80], runner if not full else "busy")
            self.send(A_CLSE, 0, remote_id)
            return
        if not self.adbd.workers.free(2):
            log.info("fake adbd refused %r: no free thread", request[:80])
            self.send(A_CLSE, 0, remote_id)
            return
        with self.streams_lock:
            local_id = self.next_id
            self.next_id += 1
            stream = _Stream(self, local_id, remote_id, runner)
            self.streams[local_id] = stream
        self.send(A_OKAY, local_id, remote_id)
        if not self.adbd.workers.spawn(stream.serve, stream.pump):
            stream.close_from_peer()  # the OS refused a thread: the stream ends at once
            self.forget(local_id)
            with contextlib.suppress(OSError):
                self.send(A_CLSE, local_id, remote_id)

    def forget(self, local_id: int) -> None:
        with self.streams_lock:
            self.streams.pop(local_id, None)
            busy = bool(self.streams)
        if not busy:
            self.adbd.set_busy(self.sock, False)

    def vanish(self) -> None:
        """The phone is gone: reset the TCP connection (the reader thread then ends)."""
        self.vanished = True
        with self.send_lock:
            abort(self.sock)


class _Stream:
    """One adb stream: a service running on a socketpair, pumped into WRTE packets."""

    def __init__(self, transport: _Transport, local_id: int, remote_id: int, runner: Runner):
        self.transport = transport
        self.local_id = local_id
        self.remote_id = remote_id
        self.runner = runner
        self.inner, self.outer = socket.socketpair()
        self.outer.settimeout(300.0)  # a service that never reads its input cannot wedge us
        self.acked = threading.Event()
        self.closed = threading.Event()
        self.thread: int | None = None
        """The service's thread once it runs (a CLSE interrupts its call)."""

    def feed(self, data: bytes) -> bool:
        """Hand data the server wrote to the service; False when the stream is closed."""
        if self.closed.is_set():
            return False
        try:
            self.outer.sendall(data)
        except OSError:
            return False
        return True

    def close_from_peer(self) -> None:
        """The stream ends (CLSE, or the transport went): wake the service's call too."""
        if self.thread is not None and not self.closed.is_set():
            interrupt(self.transport.adbd.target, self.thread)
        self.closed.set()
        self.acked.set()
        with contextlib.suppress(OSError):
            self.outer.shutdown(socket.SHUT_RDWR)
        with contextlib.suppress(OSError):
            self.inner.shutdown(socket.SHUT_RDWR)

    def serve(self) -> None:
        """Run the service (on a worker thread)."""
        self.thread = threading.get_ident()
        try:
            self.runner(self.inner)
        except Vanished as exc:
            log.info("fake adbd target vanished: %s", exc)
            self.transport.vanish()
        except OSError:
            pass  # the stream was closed under the service
        except Exception:
            log.exception("fake adbd service failed")
        finally:
            with contextlib.suppress(OSError):
                self.inner.shutdown(socket.SHUT_WR)
            self.inner.close()

    def pump(self) -> None:
        """Forward what the service writes as WRTE packets, one in flight (a worker thread)."""
        try:
            while not self.closed.is_set():
                data = self.outer.recv(self.transport.peer_max)
                if not data or self.closed.is_set():
                    break
                self.acked.clear()
                self.transport.send(A_WRTE, self.local_id, self.remote_id, data)
                self.acked.wait()
        except OSError:
            pass
        finally:
            if not self.closed.is_set() and not self.transport.vanished:
                with contextlib.suppress(OSError):
                    self.transport.send(A_CLSE, self.local_id, self.remote_id)
            self.closed.set()
            self.outer.close()
            self.transport.forget(self.local_id)
