"""The device side (FakeAdbd): raw adb packets, and the real adb server via ``adb connect``."""

from __future__ import annotations

import os
import shutil
import socket
import struct
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import adbutils
import pytest

from deltarec.core.devices.adb import AdbDevice
from deltarec.core.devices.base import ShellResult
from deltarec.core.devices.fakeadb import FEATURES, FakeAdbd
from deltarec.core.errors import DeviceDisconnected
from deltarec.testing import ScriptedTarget

HEADER = struct.Struct("<6I")
HOSTILE = "a b'c\"d;e&f|g$(h)"


def _cmd(name: bytes) -> int:
    value: int = struct.unpack("<I", name)[0]
    return value


CNXN, OPEN, OKAY, WRTE, CLSE = (_cmd(n) for n in (b"CNXN", b"OPEN", b"OKAY", b"WRTE", b"CLSE"))


@pytest.fixture(autouse=True)
def _no_real_adb(monkeypatch: pytest.MonkeyPatch) -> None:
    """adbutils must never spawn an adb server on its own."""
    monkeypatch.setenv("ADBUTILS_ADB_PATH", "/bin/false")


def _threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("fakeadbd")]


class Peer:
    """The adb server's side of a transport, spoken by hand."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)

    def send(self, command: int, arg0: int, arg1: int, data: bytes = b"") -> None:
        magic = command ^ 0xFFFFFFFF
        self.sock.sendall(HEADER.pack(command, arg0, arg1, len(data), sum(data), magic) + data)

    def _exact(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise EOFError(f"closed after {len(data)} of {n} bytes")
            data += chunk
        return data

    def recv(self) -> tuple[int, int, int, bytes]:
        command, arg0, arg1, length, check, magic = HEADER.unpack(self._exact(24))
        assert magic == command ^ 0xFFFFFFFF
        data = self._exact(length)
        assert check == sum(data) & 0xFFFFFFFF
        return command, arg0, arg1, data

    def handshake(self) -> bytes:
        self.send(CNXN, 0x01000001, 1024 * 1024, b"host::features=shell_v2")
        command, version, maxdata, banner = self.recv()
        assert (command, version, maxdata) == (CNXN, 0x01000001, 256 * 1024)
        return banner

    def run(self, service: str, my_id: int = 7) -> bytes:
        """OPEN a stream, collect every WRTE (acknowledging each) until CLSE."""
        self.send(OPEN, my_id, 0, service.encode() + b"\0")
        command, their_id, arg1, _ = self.recv()
        assert (command, arg1) == (OKAY, my_id)
        out = b""
        while True:
            command, arg0, arg1, data = self.recv()
            assert (arg0, arg1) == (their_id, my_id)
            if command == CLSE:
                self.send(CLSE, my_id, their_id)
                return out
            assert command == WRTE
            out += data
            self.send(OKAY, my_id, their_id)

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def phone() -> ScriptedTarget:
    target = ScriptedTarget("phone")
    target.on(r"^echo ", lambda cmd: cmd[5:] + "\n")
    target.on(r"^big$", ShellResult(b"x" * 600_000))
    return target


@pytest.fixture
def adbd(phone: ScriptedTarget) -> Iterator[FakeAdbd]:
    with FakeAdbd(phone) as server:
        yield server
    assert not _threads(), "FakeAdbd leaked threads"


def test_handshake_banner_names_features(adbd: FakeAdbd) -> None:
    peer = Peer(adbd.port)
    banner = peer.handshake()
    assert banner.startswith(b"device::ro.product.name=deltarec_virtual;")
    assert banner.endswith(f"features={FEATURES}".encode())
    peer.close()


def test_shell_streams_with_flow_control(adbd: FakeAdbd) -> None:
    peer = Peer(adbd.port)
    peer.handshake()
    assert peer.run("shell:echo hi") == b"hi\n"
    v2 = peer.run("shell,v2,raw:echo hi", my_id=8)
    assert v2 == b"\x01" + struct.pack("<I", 3) + b"hi\n" + b"\x03" + struct.pack("<I", 1) + b"\0"
    assert peer.run("exec:big", my_id=9) == b"x" * 600_000  # several 256 KiB WRTEs
    peer.close()


def test_sync_over_a_stream(adbd: FakeAdbd, phone: ScriptedTarget) -> None:
    phone.files["/sdcard/a.txt"] = b"hello"
    peer = Peer(adbd.port)
    peer.handshake()
    peer.send(OPEN, 3, 0, b"sync:\0")
    command, their_id, _, _ = peer.recv()
    assert command == OKAY
    path = b"/sdcard/a.txt"
    peer.send(WRTE, 3, their_id, b"RECV" + struct.pack("<I", len(path)) + path)
    expected = b"DATA" + struct.pack("<I", 5) + b"hello" + b"DONE" + bytes(4)
    acknowledged, received = False, b""
    # Our WRTE's OKAY and the answer's WRTEs may come in either order, the answer in pieces.
    while not acknowledged or len(received) < len(expected):
        command, _, _, data = peer.recv()
        if command == OKAY:
            acknowledged = True
        else:
            assert command == WRTE
            received += data
            peer.send(OKAY, 3, their_id)
    assert received == expected
    peer.close()


def test_refused_service_is_closed(adbd: FakeAdbd) -> None:
    peer = Peer(adbd.port)
    peer.handshake()
    peer.send(OPEN, 5, 0, b"reboot:\0")
    assert peer.recv() == (CLSE, 0, 5, b"")
    peer.send(OPEN, 6, 0, b"shell:\0")  # interactive shells are not simulated
    assert peer.recv() == (CLSE, 0, 6, b"")
    peer.close()


@pytest.mark.parametrize(
    "header",
    [
        HEADER.pack(CNXN, 0, 0, 0, 0, 0),  # bad magic
        HEADER.pack(WRTE, 1, 1, 1 << 30, 0, WRTE ^ 0xFFFFFFFF),  # oversize payload
    ],
)
def test_protocol_violations_drop_the_connection(adbd: FakeAdbd, header: bytes) -> None:
    peer = Peer(adbd.port)
    peer.sock.sendall(header)
    with pytest.raises((EOFError, ConnectionResetError)):
        peer.recv()
    peer.close()


def test_vanishing_phone_resets_the_transport(adbd: FakeAdbd, phone: ScriptedTarget) -> None:
    def vanish(_cmd: str) -> ShellResult:
        raise ConnectionError("gone")

    phone.on(r"^getevent$", vanish)
    peer = Peer(adbd.port)
    peer.handshake()
    peer.send(OPEN, 4, 0, b"shell,v2:getevent\0")
    assert peer.recv()[0] == OKAY
    with pytest.raises((EOFError, ConnectionResetError)):
        peer.recv()
    peer.close()


def test_stop_with_open_transport_does_not_hang(phone: ScriptedTarget) -> None:
    adbd = FakeAdbd(phone).start()
    peer = Peer(adbd.port)
    peer.handshake()
    adbd.stop(timeout=5)
    assert not adbd.stuck_threads and not _threads()
    peer.close()


# -- the real adb server ---------------------------------------------------------------


def _adb_binary() -> str | None:
    bundled = Path(adbutils.__file__).parent / "binaries" / "adb"
    if bundled.is_file() and os.access(bundled, os.X_OK):
        return str(bundled)
    return shutil.which("adb")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture
def real_adb(adbd: FakeAdbd) -> Iterator[tuple[int, str]]:
    """A real adb server on a private port, connected to the fake phone."""
    binary = _adb_binary()
    if binary is None:
        pytest.skip("no adb binary")
    port = _free_port()

    def adb(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [binary, "-P", str(port), *args], capture_output=True, text=True, timeout=30
        )

    started = adb("start-server")
    if started.returncode != 0:
        pytest.skip(f"adb server did not start: {started.stderr.strip()}")
    try:
        addr = f"127.0.0.1:{adbd.port}"
        assert adb("connect", addr).stdout.startswith(f"connected to {addr}")
        assert adb("-s", addr, "wait-for-device").returncode == 0
        yield port, addr
    finally:
        adb("kill-server")


@pytest.mark.slow
def test_real_adb_server_drives_the_fake_phone(
    real_adb: tuple[int, str], phone: ScriptedTarget
) -> None:
    port, addr = real_adb
    typed: list[str] = []

    def record(cmd: str) -> str:
        typed.append(cmd)
        return ""

    phone.on(r"^input text ", record)
    phone.on(r"^wm size$", "Physical size: 720x1280\n")
    phone.on(r"^dumpsys display$", "mCurrentOrientation=0\n")
    device = AdbDevice(addr, port=port)
    assert device.window_size() == (720, 1280)
    device.type_text(HOSTILE)
    assert typed == ["input text 'a%sb'\"'\"'c\"d;e&f|g$(h)'"]

    def vanish(_cmd: str) -> ShellResult:
        raise ConnectionError("unplugged")

    phone.on(r"^input tap", vanish)
    with pytest.raises(DeviceDisconnected):
        device.tap(1, 1)
