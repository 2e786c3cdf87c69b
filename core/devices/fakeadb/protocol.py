"""Framing helpers of the adb host protocol, shared by the host and sync services.

Host requests are ``<4 lowercase hex digits of length><ASCII payload>``;
replies are ``OKAY`` or ``FAIL<4 hex><message>``. The sync sub-protocol uses
binary u32 little-endian lengths instead. Every read here is bounded: a length
prefix larger than the caller's cap raises :class:`ProtocolError` before a
single byte of the payload is read, so a hostile client cannot make the server
buffer unbounded data.
"""

from __future__ import annotations

import contextlib
import socket
import struct

OKAY = b"OKAY"
FAIL = b"FAIL"

MAX_REQUEST = 32 * 1024
"""Longest host request accepted (a shell command line included)."""


class ProtocolError(Exception):
    """The client broke the protocol (bad length prefix, oversize request, EOF mid-frame)."""


class PeerClosed(ProtocolError):
    """The client closed the connection before a complete frame arrived."""


def read_exact(sock: socket.socket, n: int) -> bytes:
    """Read exactly ``n`` bytes; raise :class:`PeerClosed` on EOF before that."""
    chunks: list[bytes] = []
    remaining = n
    while remaining > 0:
        chunk = sock.recv(min(remaining, 65536))
        if not chunk:
            raise PeerClosed(f"connection closed after {n - remaining} of {n} bytes")
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)


def read_request(sock: socket.socket, *, limit: int = MAX_REQUEST) -> str:
    """Read one hex-length-prefixed request and return it as text.

    Raises :class:`PeerClosed` on EOF (also a clean EOF before the prefix),
    :class:`ProtocolError` for a prefix that is not 4 hex digits, a length over
    ``limit`` or a payload that is not UTF-8.
    """
    prefix = read_exact(sock, 4)
    # int(x, 16) alone would accept " 1f", "+1f" and "0x1f"; adb accepts hex digits only.
    if not all(c in b"0123456789abcdefABCDEF" for c in prefix):
        raise ProtocolError(f"bad length prefix {prefix!r}")
    length = int(prefix, 16)
    if length > limit:
        raise ProtocolError(f"request of {length} bytes is over the {limit}-byte limit")
    payload = read_exact(sock, length)
    try:
        return payload.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("request is not UTF-8") from None


def hex_block(data: bytes) -> bytes:
    """Frame ``data`` as ``<4 hex length><data>`` (data must be under 64 KiB)."""
    if len(data) > 0xFFFF:
        raise ValueError(f"block of {len(data)} bytes does not fit a 4-hex-digit length")
    return f"{len(data):04x}".encode("ascii") + data


def send_okay(sock: socket.socket, payload: bytes | None = None) -> None:
    """Send ``OKAY``, followed by ``payload`` as a hex-length block when given."""
    sock.sendall(OKAY if payload is None else OKAY + hex_block(payload))


def send_fail(sock: socket.socket, message: str) -> None:
    """Send ``FAIL`` + hex-length message (truncated to fit 64 KiB)."""
    sock.sendall(FAIL + hex_block(message.encode("utf-8")[:0xFFFF]))


def u32(value: int) -> bytes:
    """Pack an unsigned 32-bit little-endian integer."""
    return struct.pack("<I", value & 0xFFFFFFFF)


def read_u32(sock: socket.socket) -> int:
    """Read an unsigned 32-bit little-endian integer."""
    value: int = struct.unpack("<I", read_exact(sock, 4))[0]
    return value


def close_gracefully(sock: socket.socket, *, drain_limit: int = 256 * 1024) -> None:
    """Half-close, discard what the client still sends (bounded), then close.

    Closing a socket whose receive buffer still holds unread bytes makes the
    kernel send a reset, and the client may then lose the ``FAIL`` it was
    sent. Draining up to ``drain_limit`` bytes (1 s at most) avoids that.
    """
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_WR)
        sock.settimeout(1.0)
        drained = 0
        while drained < drain_limit:
            chunk = sock.recv(65536)
            if not chunk:
                break
            drained += len(chunk)
    sock.close()


def abort(sock: socket.socket) -> None:
    """Close ``sock`` with a TCP reset, as a phone that vanished mid-call would.

    ``SHUT_RD`` first wakes any other thread blocked reading the socket.
    """
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.shutdown(socket.SHUT_RD)
    sock.close()
