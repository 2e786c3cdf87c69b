"""The fake adb server, driven by real adbutils and by raw sockets."""

from __future__ import annotations

import _thread
import re
import shutil
import signal
import socket
import struct
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import adbutils
import pytest
from adbutils.errors import AdbError

from deltarec.core.devices.base import ShellResult
from deltarec.core.devices.fakeadb import FEATURES, FakeAdbServer
from deltarec.testing import ScriptedTarget

# -- fixtures -------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _no_real_adb(monkeypatch: pytest.MonkeyPatch) -> None:
    """adbutils must never spawn a real adb server: a dead fake fails fast instead."""
    monkeypatch.setenv("ADBUTILS_ADB_PATH", "/bin/false")


def _fake_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("fakeadb")]


@pytest.fixture
def target() -> ScriptedTarget:
    phone = ScriptedTarget("emulator-5554")
    phone.on(r"^echo ", lambda cmd: cmd[5:] + "\n")
    phone.on(r"^fail$", ShellResult(b"out\n", b"boom\n", 3))
    return phone


@pytest.fixture
def server(target: ScriptedTarget) -> Iterator[FakeAdbServer]:
    with FakeAdbServer([target]) as fake:
        yield fake
    assert not _fake_threads(), "the server leaked threads"


@pytest.fixture
def client(server: FakeAdbServer) -> adbutils.AdbClient:
    return adbutils.AdbClient(host="127.0.0.1", port=server.port)


def _raw(server: FakeAdbServer) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    return sock


def _request(text: str) -> bytes:
    data = text.encode()
    return f"{len(data):04x}".encode() + data


def _recv_all(sock: socket.socket) -> bytes:
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


def _recv_exact(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        assert chunk, f"connection closed after {len(data)} of {n} bytes"
        data += chunk
    return data


def _fail_message(reply: bytes) -> str:
    assert reply[:4] == b"FAIL", reply
    length = int(reply[4:8], 16)
    return reply[8 : 8 + length].decode()


# -- host services through adbutils -----------------------------------------------------


def test_version_devices_and_features(client: adbutils.AdbClient) -> None:
    assert client.server_version() == 41
    assert [(d.serial, d.state) for d in client.list()] == [("emulator-5554", "device")]
    (info,) = client.list(extended=True)
    assert info.tags["transport_id"] == "1"
    assert info.tags["model"] == "deltarec_virtual"
    device = client.device("emulator-5554")
    assert device.get_features() == FEATURES
    assert device.get_state() == "device"
    assert device.get_serialno() == "emulator-5554"


def test_shell_v1_and_v2(client: adbutils.AdbClient, target: ScriptedTarget) -> None:
    device = client.device("emulator-5554")
    assert device.shell("echo hello world") == "hello world"
    result = device.shell2("fail", v2=True, encoding=None)
    assert (result.stdout, result.stderr, result.returncode) == (b"out\n", b"boom\n", 3)
    missing = device.shell2("nosuchcmd --x", v2=True)
    assert missing.returncode == 127
    assert "nosuchcmd: not found" in missing.stderr
    assert target.commands == ["echo hello world", "fail", "nosuchcmd --x"]


def test_large_shell_output_arrives_whole(
    client: adbutils.AdbClient, target: ScriptedTarget
) -> None:
    blob = bytes(range(256)) * 1000  # 256 KB: several v2 packets
    target.on(r"^cat blob$", ShellResult(blob))
    device = client.device("emulator-5554")
    assert device.shell2("cat blob", v2=True, encoding=None).stdout == blob
    assert device.shell("cat blob", encoding=None) == blob


def test_sync_push_pull_stat_list(client: adbutils.AdbClient, target: ScriptedTarget) -> None:
    device = client.device("emulator-5554")
    payload = bytes(range(256)) * 700  # 179 KB: several DATA chunks each way
    assert device.sync.push(payload, "/data/local/tmp/blob.bin") == len(payload)
    assert target.files["/data/local/tmp/blob.bin"] == payload
    assert device.sync.read_bytes("/data/local/tmp/blob.bin") == payload
    info = device.sync.stat("/data/local/tmp/blob.bin")
    assert (info.mode & 0o170000, info.size) == (0o100000, len(payload))
    assert device.sync.stat("/data/local/tmp").mode & 0o170000 == 0o040000
    assert not device.sync.exists("/nope")
    assert [f.path for f in device.sync.list("/sdcard")] == [".", ".."]


def test_pull_of_missing_file_fails_with_message(client: adbutils.AdbClient) -> None:
    with pytest.raises(AdbError, match="does not exist"):
        client.device("emulator-5554").sync.read_bytes("/sdcard/missing.txt")


def test_unknown_serial_uses_adb_wording(client: adbutils.AdbClient) -> None:
    with pytest.raises(AdbError, match="device 'nope' not found"):
        client.device("nope").shell("echo hi")
    with pytest.raises(AdbError, match=re.escape("device '10.0.0.9:5555' not found")):
        client.device("10.0.0.9:5555").get_state()


def test_serials_with_colons_and_several_devices() -> None:
    one, two = ScriptedTarget("127.0.0.1:5555"), ScriptedTarget("emulator-5556")
    two.on("^getprop", "two\n")
    with FakeAdbServer([one, two]) as server:
        client = adbutils.AdbClient(port=server.port)
        assert client.device("127.0.0.1:5555").get_serialno() == "127.0.0.1:5555"
        assert client.device("emulator-5556").shell("getprop x") == "two"
        sock = _raw(server)
        sock.sendall(_request("host:transport-any"))
        assert _fail_message(_recv_all(sock)) == "more than one device/emulator"
        sock.close()
        server.remove_target("emulator-5556")
        with pytest.raises(AdbError, match="not found"):
            client.device("emulator-5556").shell("getprop x")
    assert not _fake_threads()


def test_connect_reports_failure_text(client: adbutils.AdbClient) -> None:
    assert client.connect("10.1.2.3:5555").startswith("failed to connect to '10.1.2.3:5555'")
    assert client.connect("emulator-5554") == "already connected to emulator-5554"


def test_concurrent_clients(client: adbutils.AdbClient) -> None:
    errors: list[BaseException] = []
    outputs: list[str] = []
    lock = threading.Lock()

    def work(n: int) -> None:
        try:
            text = client.device("emulator-5554").shell(f"echo {n}")
            with lock:
                outputs.append(text)
        except BaseException as exc:  # collected and asserted on below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert not errors
    assert sorted(outputs, key=int) == [str(n) for n in range(20)]


# -- raw-socket protocol edges --------------------------------------------------------


def test_tport_answers_okay_and_transport_id(server: FakeAdbServer) -> None:
    sock = _raw(server)
    sock.sendall(_request("host:tport:serial:emulator-5554"))
    reply = _recv_exact(sock, 12)
    assert reply[:4] == b"OKAY"
    assert struct.unpack("<Q", reply[4:])[0] == 1
    sock.sendall(_request("shell:echo raw"))
    assert _recv_all(sock) == b"OKAYraw\n"
    sock.close()


def test_bad_length_prefix(server: FakeAdbServer) -> None:
    for prefix in (b"zzzz", b"0x10", b" 1f "):
        sock = _raw(server)
        sock.sendall(prefix + b"host:version")
        assert "bad length prefix" in _fail_message(_recv_all(sock))
        sock.close()


def test_oversize_request_is_refused_before_reading_it(server: FakeAdbServer) -> None:
    sock = _raw(server)
    sock.sendall(b"ffff" + b"x" * 100)  # claims 65535 bytes, sends 100: must not wait
    assert "over the" in _fail_message(_recv_all(sock))
    sock.close()


def test_unknown_host_and_device_services(server: FakeAdbServer) -> None:
    sock = _raw(server)
    sock.sendall(_request("host:frobnicate"))
    assert _fail_message(_recv_all(sock)) == "unknown host service 'host:frobnicate'"
    sock.close()
    sock = _raw(server)
    sock.sendall(_request("host:transport:emulator-5554") + _request("frob:nicate"))
    reply = _recv_all(sock)
    assert reply[:4] == b"OKAY"
    assert _fail_message(reply[4:]) == "unknown device service 'frob:nicate'"
    sock.close()


def test_unknown_serial_on_raw_transport(server: FakeAdbServer) -> None:
    sock = _raw(server)
    sock.sendall(_request("host:transport:ghost"))
    assert _fail_message(_recv_all(sock)) == "device 'ghost' not found"
    sock.close()


def test_truncated_request_and_silent_client_do_not_wedge_the_server(
    server: FakeAdbServer, client: adbutils.AdbClient
) -> None:
    half = _raw(server)
    half.sendall(b"0010host:")  # promises 16 bytes, sends 5, stays open
    idle = _raw(server)  # sends nothing at all
    assert client.server_version() == 41
    half.close()
    idle.close()


def _sync(server: FakeAdbServer) -> socket.socket:
    sock = _raw(server)
    sock.sendall(_request("host:transport:emulator-5554") + _request("sync:"))
    assert _recv_exact(sock, 8) == b"OKAYOKAY"
    return sock


def test_sync_refuses_oversize_path_and_chunk(server: FakeAdbServer) -> None:
    sock = _sync(server)
    sock.sendall(b"RECV" + struct.pack("<I", 1 << 30))
    reply = _recv_all(sock)
    assert reply[:4] == b"FAIL" and b"limit" in reply
    sock.close()
    sock = _sync(server)
    path = b"/sdcard/x,420"
    sock.sendall(b"SEND" + struct.pack("<I", len(path)) + path)
    sock.sendall(b"DATA" + struct.pack("<I", 1 << 20))
    reply = _recv_all(sock)
    assert reply[:4] == b"FAIL" and b"limit" in reply
    sock.close()


def test_sync_stat_v2_records(server: FakeAdbServer, target: ScriptedTarget) -> None:
    target.files["/sdcard/a.txt"] = b"hello"
    sock = _sync(server)
    for path in (b"/sdcard/a.txt", b"/sdcard/none"):
        sock.sendall(b"STA2" + struct.pack("<I", len(path)) + path)
        reply = _recv_exact(sock, 72)
        assert reply[:4] == b"STA2"
        error, _dev, _ino, mode, *_rest, size = struct.unpack("<IQQIIIIQ", reply[4:48])
        if path.endswith(b"a.txt"):
            assert (error, mode & 0o170000, size) == (0, 0o100000, 5)
        else:
            assert error == 2
    sock.sendall(b"QUIT" + struct.pack("<I", 0))
    assert _recv_all(sock) == b""
    sock.close()


def test_vanishing_target_resets_the_connection(
    server: FakeAdbServer, target: ScriptedTarget
) -> None:
    def vanish(_cmd: str) -> ShellResult:
        raise ConnectionError("usb cable pulled")

    target.on(r"^getevent", vanish)
    sock = _raw(server)
    sock.sendall(_request("host:transport:emulator-5554") + _request("shell,v2:getevent"))
    assert sock.recv(4) == b"OKAY"
    try:
        rest = _recv_all(sock)
    except ConnectionResetError:
        rest = b""
    assert rest == b"", "a vanished phone sends no exit code"
    sock.close()


# -- lifecycle ------------------------------------------------------------------------


def test_stop_ends_open_connections_without_hanging(target: ScriptedTarget) -> None:
    server = FakeAdbServer([target]).start()
    tracker = _raw(server)
    tracker.sendall(_request("host:track-devices"))
    assert tracker.recv(4) == b"OKAY"
    server.stop(timeout=5)
    assert not server.stuck_threads
    assert not _fake_threads()
    assert _recv_all(tracker).startswith(b"0015emulator-5554\tdevice\n")
    tracker.close()
    server.stop()  # idempotent
    with pytest.raises(RuntimeError):
        server.start()


def test_port_zero_picks_distinct_ports(target: ScriptedTarget) -> None:
    with FakeAdbServer([target]) as a, FakeAdbServer([target]) as b:
        assert a.port != b.port
        assert a.host == "127.0.0.1"
    assert not _fake_threads()


def test_serve_forever_stops_on_keyboard_interrupt(target: ScriptedTarget) -> None:
    """Ctrl-C (Python's own SIGINT handler: a test run earlier in this worker may have left
    another one, and ``interrupt_main`` does nothing then) makes ``serve_forever`` return.
    Bounded: if the interrupt were lost, the helper stops the server after 10 s and the test
    fails instead of hanging the worker (it once hung a loaded run)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    server = FakeAdbServer([target])
    returned = threading.Event()
    lost: list[bool] = []

    def interrupt_when_ready() -> None:
        server.ready.wait(5)
        adbutils.AdbClient(port=server.port).server_version()
        _thread.interrupt_main()
        if not returned.wait(10):
            lost.append(True)
            server.stop()

    helper = threading.Thread(target=interrupt_when_ready)
    helper.start()
    try:
        server.serve_forever()  # returns normally after the interrupt
    finally:
        returned.set()
        signal.signal(signal.SIGINT, previous)
    helper.join(15)
    assert not lost, "the interrupt never reached serve_forever"
    assert not _fake_threads()


def test_serve_forever_returns_when_stopped_elsewhere(target: ScriptedTarget) -> None:
    server = FakeAdbServer([target])

    def stop_when_ready() -> None:
        server.ready.wait(5)
        server.stop()

    stopper = threading.Thread(target=stop_when_ready)
    stopper.start()
    server.serve_forever()
    stopper.join(5)
    assert not _fake_threads()


# -- the real adb command line as a client ------------------------------------------------


def test_real_adb_cli_talks_to_the_fake_server(server: FakeAdbServer, tmp_path: Path) -> None:
    bundled = Path(adbutils.__file__).parent / "binaries" / "adb"
    binary = str(bundled) if bundled.is_file() else shutil.which("adb")
    if binary is None:
        pytest.skip("no adb binary")

    def adb(*args: str) -> subprocess.CompletedProcess[bytes]:
        command = [binary, "-P", str(server.port), "-s", "emulator-5554", *args]
        return subprocess.run(command, capture_output=True, timeout=30)

    assert adb("shell", "echo", "hi").stdout == b"hi\n"
    assert adb("devices").stdout.splitlines()[1] == b"emulator-5554\tdevice"
    pulled = adb("pull", "/sdcard/none", str(tmp_path / "x"))
    assert pulled.returncode == 1
    assert b"No such file or directory" in pulled.stderr
