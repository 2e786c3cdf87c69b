"""Device services: what a client asks for once a transport picked a device.

- ``shell:<cmd>`` / ``exec:<cmd>``: ``OKAY``, then the raw output until the
  server closes (``shell`` sends stdout then stderr, ``exec`` stdout only);
- ``shell,v2[,…]:<cmd>``: ``OKAY``, then packets ``[id u8][len u32 LE][data]``
  with id 1 = stdout, 2 = stderr and finally 3 = exit code (one byte);
- ``sync:``: ``OKAY``, then :func:`deltarec.core.devices.fakeadb.sync.serve_sync`;
- ``tcp:<port>``: a stream to the phone's port (:mod:`.forward`).

A target that raises ``ConnectionError`` or
:class:`~deltarec.core.errors.DeviceDisconnected` makes :func:`handle_service` raise
:class:`Vanished`; the server then resets the socket without another byte, as
a phone that vanished mid-call would. Any other exception from a target is a
bug in the target: it is logged and reported to the client as stderr text and
exit code 255, so a test sees it instead of a hang.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING

from deltarec.core.devices.base import ShellResult
from deltarec.core.devices.fakeadb.forward import tcp_runner
from deltarec.core.devices.fakeadb.protocol import send_fail, send_okay, u32
from deltarec.core.devices.fakeadb.sync import serve_sync
from deltarec.core.errors import DeviceDisconnected

if TYPE_CHECKING:
    from deltarec.core.devices.base import ShellTarget

log = logging.getLogger(__name__)

_PACKET = 64 * 1024
_STDOUT, _STDERR, _EXIT = 1, 2, 3

DISCONNECTS: tuple[type[BaseException], ...] = (ConnectionError, DeviceDisconnected)
"""Exceptions from a target that mean "the phone is gone"."""


class Vanished(Exception):
    """The target disconnected; the connection must be reset, not answered."""


Runner = Callable[[socket.socket], None]
"""Runs an accepted service on a stream (after the acknowledgement was sent)."""


def resolve(target: ShellTarget, request: str) -> Runner | str:
    """The runner for device ``request``, or the reason it is refused.

    Shared by the host-protocol server (which then answers ``OKAY``/``FAIL``)
    and the device-side :mod:`.adbd` (which answers ``OKAY``/``CLSE``).
    """
    name, colon, argument = request.rstrip("\0").partition(":")
    if not colon:
        return f"unknown device service '{request[:200]}'"
    options = name.split(",")
    guarded = _Guarded(target)
    if options[0] == "shell":
        if not argument.strip():
            return "interactive shells are not supported by the fake adb server"
        if "v2" in options[1:]:
            return lambda sock: _send_v2(sock, guarded.shell(argument))
        return lambda sock: _send_raw(sock, guarded.shell(argument), stderr=True)
    if name == "exec":
        return lambda sock: _send_raw(sock, guarded.shell(argument), stderr=False)
    if name == "sync":
        return lambda sock: serve_sync(sock, guarded)
    if name == "tcp":
        return tcp_runner(target, argument)
    return f"unknown device service '{request[:200]}'"


def handle_service(sock: socket.socket, target: ShellTarget, request: str) -> None:
    """Serve one device ``request`` against ``target`` on a host-protocol ``sock``.

    Raises :class:`Vanished` when the target disconnects; a refused request
    (unknown service, empty interactive shell) answers ``FAIL`` + the reason.
    """
    runner = resolve(target, request)
    if isinstance(runner, str):
        send_fail(sock, runner)
        return
    send_okay(sock)
    runner(sock)


def _send_raw(sock: socket.socket, result: ShellResult, *, stderr: bool) -> None:
    sock.sendall(result.stdout + result.stderr if stderr else result.stdout)


class _Guarded:
    """A target whose disconnects become :class:`Vanished`.

    Converting at the call site keeps a target's ``ConnectionError`` apart from
    the client socket's own ``BrokenPipeError`` / ``ConnectionResetError``.
    """

    def __init__(self, target: ShellTarget) -> None:
        self._target = target
        self.serial = target.serial

    def shell(self, command: str) -> ShellResult:
        try:
            return self._target.shell(command)
        except DISCONNECTS as exc:
            raise Vanished(f"{self.serial} vanished during {command[:80]!r}: {exc}") from exc
        except Exception as exc:
            log.exception("fake adb target %r failed on %r", self.serial, command)
            message = f"fakeadb: target raised {type(exc).__name__}: {exc}\n"
            return ShellResult(b"", message.encode("utf-8", "replace"), 255)

    def read_file(self, path: str) -> bytes | None:
        try:
            return self._target.read_file(path)
        except DISCONNECTS as exc:
            raise Vanished(f"{self.serial} vanished while reading {path!r}: {exc}") from exc

    def write_file(self, path: str, data: bytes) -> None:
        try:
            self._target.write_file(path, data)
        except DISCONNECTS as exc:
            raise Vanished(f"{self.serial} vanished while writing {path!r}: {exc}") from exc


def _send_v2(sock: socket.socket, result: ShellResult) -> None:
    for stream, data in ((_STDOUT, result.stdout), (_STDERR, result.stderr)):
        for start in range(0, len(data), _PACKET):
            chunk = data[start : start + _PACKET]
            sock.sendall(bytes([stream]) + u32(len(chunk)) + chunk)
    sock.sendall(bytes([_EXIT]) + u32(1) + bytes([result.exit_code & 0xFF]))
