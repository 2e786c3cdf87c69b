"""The ``sync:`` service: file transfer between the client and a :class:`ShellTarget`.

After ``sync:`` is acknowledged the connection carries binary requests
``<4-byte id><u32 LE length><payload>``:

- ``STAT`` → ``STAT`` + mode, size, mtime (u32 each; all zero when missing);
- ``STA2`` / ``LST2`` → the 68-byte stat_v2 record (error code 2 when missing);
- ``LIST`` / ``LIS2`` → ``DENT`` / ``DNT2`` records for ``.`` and ``..``, then ``DONE``;
- ``RECV`` → ``DATA`` chunks of at most :data:`CHUNK` bytes, then ``DONE``
  (or ``FAIL`` + message when the target has no such file);
- ``SEND`` (``"<path>,<mode>"``) → ``DATA`` chunks, ``DONE`` + mtime → ``OKAY``;
- ``QUIT`` (or EOF) ends the session.

The target only knows files (``read_file`` / ``write_file``), so directories are
the fixed set :data:`DIRECTORIES`; every other path is a file or absent.
Bounds: paths over :data:`MAX_PATH` bytes, ``DATA`` chunks over :data:`CHUNK`
bytes and uploads over :data:`MAX_UPLOAD` bytes are refused with ``FAIL``.
"""

from __future__ import annotations

import socket
import struct
import time
from typing import TYPE_CHECKING

from deltarec.core.devices.fakeadb.protocol import PeerClosed, read_exact, read_u32, u32

if TYPE_CHECKING:
    from deltarec.core.devices.base import ShellTarget

CHUNK = 64 * 1024
"""Largest ``DATA`` chunk sent or accepted (adb's SYNC_DATA_MAX)."""

MAX_PATH = 4096
"""Longest path accepted in a sync request."""

MAX_UPLOAD = 64 * 1024 * 1024
"""Largest file accepted by ``SEND``."""

DIRECTORIES = frozenset(
    {"/", "/data", "/data/local", "/data/local/tmp", "/sdcard", "/storage/emulated/0"}
)
"""Paths that stat as directories."""

_DIR_MODE = 0o040771
_FILE_MODE = 0o100644
_ENOENT = 2


class SyncFailure(Exception):
    """A sync request the server answers with ``FAIL`` + this message, then closes."""


def serve_sync(sock: socket.socket, target: ShellTarget) -> None:
    """Run sync requests from ``sock`` against ``target`` until ``QUIT`` or EOF.

    A target that raises ``ConnectionError`` / ``DeviceDisconnected`` propagates
    (the caller aborts the socket). Protocol violations answer ``FAIL`` and
    return; a clean EOF between requests returns quietly.
    """
    while True:
        try:
            request = read_exact(sock, 4)
        except PeerClosed:
            return  # a client may simply close instead of sending QUIT (adbutils does)
        length = read_u32(sock)
        try:
            if request == b"QUIT":
                return
            if length > MAX_PATH:
                raise SyncFailure(f"path of {length} bytes is over the {MAX_PATH}-byte limit")
            path = _decode(read_exact(sock, length))
            if request == b"STAT":
                sock.sendall(b"STAT" + _stat_v1(target, path))
            elif request in (b"STA2", b"LST2"):
                sock.sendall(request + _stat_v2(target, path))
            elif request in (b"LIST", b"LIS2"):
                _list(sock, target, path, v2=request == b"LIS2")
            elif request == b"RECV":
                _recv(sock, target, path)
            elif request == b"SEND":
                _send(sock, target, path)
            else:
                raise SyncFailure(f"unknown sync request {request!r}")
        except SyncFailure as exc:
            _fail(sock, str(exc))
            return


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SyncFailure("path is not UTF-8") from None


def _fail(sock: socket.socket, message: str) -> None:
    data = message.encode("utf-8")
    sock.sendall(b"FAIL" + u32(len(data)) + data)


def _lookup(target: ShellTarget, path: str) -> tuple[int, int]:
    """(mode, size) of ``path``; mode 0 when absent."""
    normal = path.rstrip("/") or "/"
    if normal in DIRECTORIES:
        return _DIR_MODE, 4096
    data = target.read_file(path)
    if data is None:
        return 0, 0
    return _FILE_MODE, len(data)


def _stat_v1(target: ShellTarget, path: str) -> bytes:
    mode, size = _lookup(target, path)
    mtime = int(time.time()) if mode else 0
    return u32(mode) + u32(size) + u32(mtime)


def _stat_v2(target: ShellTarget, path: str) -> bytes:
    mode, size = _lookup(target, path)
    if not mode:
        return struct.pack("<I", _ENOENT) + bytes(64)
    now = int(time.time())
    # error, dev, ino, mode, nlink, uid, gid, size, atime, mtime, ctime
    return struct.pack("<IQQIIIIQqqq", 0, 0, 0, mode, 1, 2000, 2000, size, now, now, now)


def _list(sock: socket.socket, target: ShellTarget, path: str, *, v2: bool) -> None:
    mode, _ = _lookup(target, path)
    if mode == _DIR_MODE:
        now = int(time.time())
        for name in (b".", b".."):
            if v2:
                record = struct.pack(
                    "<IQQIIIIQqqqI",
                    0,
                    0,
                    0,
                    _DIR_MODE,
                    1,
                    2000,
                    2000,
                    4096,
                    now,
                    now,
                    now,
                    len(name),
                )
                sock.sendall(b"DNT2" + record + name)
            else:
                sock.sendall(
                    b"DENT" + u32(_DIR_MODE) + u32(4096) + u32(now) + u32(len(name)) + name
                )
    sock.sendall(b"DONE" + bytes(16 if not v2 else 72))


def _recv(sock: socket.socket, target: ShellTarget, path: str) -> None:
    data = target.read_file(path)
    if data is None:
        raise SyncFailure(f"remote object '{path}' does not exist")
    for start in range(0, len(data), CHUNK):
        chunk = data[start : start + CHUNK]
        sock.sendall(b"DATA" + u32(len(chunk)) + chunk)
    sock.sendall(b"DONE" + u32(0))


def _send(sock: socket.socket, target: ShellTarget, spec: str) -> None:
    path, comma, mode = spec.rpartition(",")
    if not comma or not mode.isdigit() or not path:
        raise SyncFailure(f"bad SEND spec {spec!r}, expected '<path>,<mode>'")
    parts: list[bytes] = []
    total = 0
    while True:
        request = read_exact(sock, 4)
        value = read_u32(sock)
        if request == b"DONE":
            break
        if request != b"DATA":
            raise SyncFailure(f"unexpected {request!r} during SEND")
        if value > CHUNK:
            raise SyncFailure(f"DATA chunk of {value} bytes is over the {CHUNK}-byte limit")
        total += value
        if total > MAX_UPLOAD:
            raise SyncFailure(f"upload is over the {MAX_UPLOAD}-byte limit")
        parts.append(read_exact(sock, value))
    try:
        target.write_file(path, b"".join(parts))
    except OSError as exc:  # a full phone (ENOSPC); a vanished one arrives as Vanished
        raise SyncFailure(f"{path}: {exc.strerror or exc}") from exc
    sock.sendall(b"OKAY" + u32(0))
