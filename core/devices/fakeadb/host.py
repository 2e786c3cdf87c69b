"""Host services: what a client asks the adb *server* before talking to a device.

One request per connection (``host:version``, ``host:devices``, …): the server
answers and closes. Transport requests (``host:transport:<serial>``,
``host:tport:serial:<serial>``, ``host:transport-any``, …) instead pick a device
and keep the connection open for one device service (see
:mod:`deltarec.core.devices.fakeadb.services`). Failures use adb's wording:
``device 'X' not found``, ``no devices/emulators found``,
``more than one device/emulator``, ``unknown host service '…'``.
"""

from __future__ import annotations

import re
import socket
import struct
from dataclasses import dataclass

from deltarec.core.devices.fakeadb.protocol import PeerClosed, send_fail, send_okay
from deltarec.core.devices.fakeadb.registry import Entry, LookupFailed, Registry

SERVER_VERSION = 41
"""Protocol version reported by ``host:version`` (``0029``), as adb 1.0.41+."""

FEATURES = "shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir,fixed_push_symlink_timestamp"
"""Features every served device reports (no ``sendrecv_v2``: only v1 SEND/RECV exist)."""

_DEVICE_TAGS = "product:deltarec_virtual model:deltarec_virtual device:virtual"

# A serial is "name" or "host:port"; the device command follows after one more colon.
_SERIAL_PREFIX = re.compile(r"([^:]+(?::\d+)?):(.*)", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Transport:
    """The device a transport request selected."""

    entry: Entry


def handle_host(sock: socket.socket, registry: Registry, request: str) -> Transport | None:
    """Answer one host ``request``.

    Returns a :class:`Transport` when the request selected a device (the caller
    then reads the device service from the same socket), ``None`` when the
    answer is complete and the connection should close.
    """
    try:
        return _dispatch(sock, registry, request)
    except LookupFailed as exc:
        send_fail(sock, str(exc))
        return None


def _dispatch(sock: socket.socket, registry: Registry, request: str) -> Transport | None:
    if request.startswith("host-serial:"):
        entry, command = _split_serial(registry, request[len("host-serial:") :])
        _device_command(sock, registry, entry, command)
        return None
    if request.startswith("host-transport-id:"):
        id_text, _, command = request[len("host-transport-id:") :].partition(":")
        _device_command(sock, registry, registry.by_transport_id(_int(id_text)), command)
        return None
    for prefix in ("host-any:", "host-usb:", "host-local:"):
        if request.startswith(prefix):
            _device_command(sock, registry, registry.any(), request[len(prefix) :])
            return None
    if not request.startswith("host:"):
        send_fail(sock, f"unknown host service '{request[:200]}'")
        return None
    return _host_command(sock, registry, request[len("host:") :])


def _host_command(sock: socket.socket, registry: Registry, command: str) -> Transport | None:
    if command == "version":
        send_okay(sock, f"{SERVER_VERSION:04x}".encode())
    elif command in ("devices", "devices-l"):
        send_okay(sock, _device_list(registry, long=command == "devices-l").encode())
    elif command == "track-devices":
        send_okay(sock, _device_list(registry, long=False).encode())
        _wait_for_close(sock)
    elif command == "features" or command == "host-features":
        send_okay(sock, FEATURES.encode())
    elif command == "kill":
        send_okay(sock)  # a shared fake server is not killed by one client
    elif command.startswith("connect:"):
        addr = command[len("connect:") :]
        served = any(e.serial == addr for e in registry.entries())
        text = (
            f"already connected to {addr}"
            if served
            else (f"failed to connect to '{addr}': Connection refused")
        )
        send_okay(sock, text.encode())
    elif command.startswith("disconnect:"):
        addr = command[len("disconnect:") :]
        send_fail(sock, f"no such device '{addr}'")
    elif command == "list-forward":
        send_okay(sock, b"")
    elif command.startswith("transport:"):
        return _select(sock, registry.by_serial(command[len("transport:") :]), tport=False)
    elif command.startswith("tport:serial:"):
        return _select(sock, registry.by_serial(command[len("tport:serial:") :]), tport=True)
    elif command in ("tport:any", "tport:usb", "tport:local"):
        return _select(sock, registry.any(), tport=True)
    elif command in ("transport-any", "transport-usb", "transport-local"):
        return _select(sock, registry.any(), tport=False)
    elif command.startswith("transport-id:"):
        entry = registry.by_transport_id(_int(command[len("transport-id:") :]))
        return _select(sock, entry, tport=False)
    elif command.startswith("get-state") or command.startswith("wait-for-"):
        _device_command(sock, registry, registry.any(), command)
    else:
        send_fail(sock, f"unknown host service 'host:{command[:200]}'")
    return None


def _device_command(sock: socket.socket, registry: Registry, entry: Entry, command: str) -> None:
    """Answer a host request aimed at one device (``host-serial:<s>:<command>``)."""
    if command == "features":
        send_okay(sock, FEATURES.encode())
    elif command == "get-state":
        send_okay(sock, b"device")
    elif command == "get-serialno":
        send_okay(sock, entry.serial.encode())
    elif command == "get-devpath":
        send_okay(sock, b"unknown")
    elif command.startswith("wait-for-") and command.endswith("-device"):
        sock.sendall(b"OKAYOKAY")  # the device is already there
    elif command == "list-forward":
        send_okay(sock, b"")
    else:
        send_fail(sock, f"unknown host service '{command[:200]}' for device '{entry.serial}'")


def _select(sock: socket.socket, entry: Entry, *, tport: bool) -> Transport:
    # tport requests (adb ≥ 1.0.41) are answered with the transport id as a u64 LE.
    sock.sendall(b"OKAY" + (struct.pack("<Q", entry.transport_id) if tport else b""))
    return Transport(entry)


def _split_serial(registry: Registry, rest: str) -> tuple[Entry, str]:
    """Split ``<serial>:<command>``; serials may hold colons (``127.0.0.1:5555``)."""
    for entry in sorted(registry.entries(), key=lambda e: -len(e.serial)):
        if rest.startswith(entry.serial + ":"):
            return entry, rest[len(entry.serial) + 1 :]
    match = _SERIAL_PREFIX.fullmatch(rest)
    serial = match.group(1) if match else rest
    raise LookupFailed(f"device '{serial[:200]}' not found")


def _device_list(registry: Registry, *, long: bool) -> str:
    lines = []
    for entry in registry.entries():
        if long:
            lines.append(
                f"{entry.serial:<22} device {_DEVICE_TAGS} transport_id:{entry.transport_id}\n"
            )
        else:
            lines.append(f"{entry.serial}\tdevice\n")
    return "".join(lines)


def _wait_for_close(sock: socket.socket) -> None:
    """Hold a ``track-devices`` connection open until the client (or server stop) ends it."""
    try:
        while sock.recv(4096):
            pass
    except (OSError, PeerClosed):
        pass


def _int(text: str) -> int:
    if not text.isdigit():
        raise LookupFailed(f"bad transport id '{text[:40]}'")
    return int(text)
