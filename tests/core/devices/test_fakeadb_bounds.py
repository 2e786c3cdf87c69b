"""Issue 22: a served phone that one client cannot stall.

Each fault the reliability probe found, as a test with a bound (all on 127.0.0.1):
threads stay under the cap whatever clients do (300 sleeping connections, 4 × 64 sleeping
streams on adbd, the OS refusing threads), ``stop`` ends within 1 s with shells asleep,
and eviction takes silent connections first, never one with a request in flight. The
bounds are deadline waits (socket timeouts, ``Event.wait``), never sleeps.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager

import adbutils
import pytest

from deltarec.core.devices.fakeadb import FakeAdbd, FakeAdbServer
from deltarec.core.devices.fakeadb.listener import Listener
from deltarec.core.devices.virtual import Faults, VirtualShell
from tests.core.devices.test_fakeadb_adbd import CLSE, OKAY, OPEN, Peer

SERIAL = "emulator-5554"
CAP = 24
"""The thread cap these tests configure (small, so 300 connections are far over it)."""


def _request(text: str) -> bytes:
    data = text.encode()
    return f"{len(data):04x}".encode() + data


def _threads(prefix: str = "fakeadb") -> int:
    return sum(1 for t in threading.enumerate() if t.name.startswith(prefix))


def _left_after_stop(prefix: str = "fakeadb", seconds: float = 5.0) -> int:
    """Threads still alive once every one of them had ``seconds`` (in all) to end: ``stop``
    returns when it has interrupted and joined its workers, but a thread that was woken may
    still be unwinding its last lines on a loaded machine. (A leaked thread — a ``sleep 600``
    nobody woke — is still there after the wait.)"""
    deadline = time.monotonic() + seconds
    for thread in [t for t in threading.enumerate() if t.name.startswith(prefix)]:
        thread.join(max(0.0, deadline - time.monotonic()))
    return _threads(prefix)


@contextmanager
def sleepers(port: int, count: int, command: str = "sleep 600") -> Iterator[list[socket.socket]]:
    """``count`` connections that each start ``shell:<command>`` and wait."""
    with ExitStack() as stack:
        socks = []
        for _ in range(count):
            sock = stack.enter_context(socket.create_connection(("127.0.0.1", port), timeout=5))
            sock.sendall(_request(f"host:transport:{SERIAL}") + _request(f"shell:{command}"))
            socks.append(sock)
        yield socks


def _recv_exact(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n and (chunk := sock.recv(n - len(data))):
        data += chunk
    return data


def _echo_within(port: int, seconds: float = 1.0) -> str:
    client = adbutils.AdbClient(port=port, socket_timeout=seconds)
    return str(client.device(SERIAL).shell("echo hi"))


def _stop_within(endpoint: Listener, seconds: float = 1.0) -> float:
    started = time.monotonic()
    endpoint.stop()
    took = time.monotonic() - started
    assert took <= seconds, f"stop took {took:.2f} s"
    assert not endpoint.stuck_threads
    return took


def test_300_sleeping_connections_never_take_more_threads_than_the_cap() -> None:
    server = FakeAdbServer([VirtualShell(serial=SERIAL)], max_threads=CAP).start()
    try:
        with sleepers(server.port, 300) as socks:
            for sock in socks[::2]:  # half of them go away mid-sleep
                sock.close()
            assert _threads() <= CAP + 1  # the workers and the accept loop
            assert server.workers.peak <= CAP
    finally:
        _stop_within(server)
    assert _left_after_stop() == 0


def test_stop_ends_within_1_s_with_shells_asleep() -> None:
    server = FakeAdbServer([VirtualShell(serial=SERIAL)]).start()
    with sleepers(server.port, 20) as socks:
        for sock in socks:
            assert _recv_exact(sock, 8) == b"OKAYOKAY"  # both acknowledged: the shell runs
        _stop_within(server)
    assert _left_after_stop() == 0


def test_adbd_4_x_64_sleeping_streams_never_take_more_threads_than_the_cap() -> None:
    adbd = FakeAdbd(VirtualShell(serial=SERIAL), max_threads=CAP).start()
    peers = [Peer(adbd.port) for _ in range(4)]
    try:
        for peer in peers:
            peer.handshake()
            for stream in range(64):
                peer.send(OPEN, stream + 1, 0, b"shell:sleep 600\0")
        for peer in peers:  # every OPEN is answered (OKAY, or CLSE when the cap is reached)
            for _ in range(64):
                assert peer.recv()[0] in (OKAY, CLSE)
            assert _threads("fakeadbd") <= CAP + 1
        assert adbd.workers.peak <= CAP
        _stop_within(adbd)
    finally:
        for peer in peers:
            peer.close()
        adbd.stop()
    assert _left_after_stop("fakeadbd") == 0


def test_the_accept_loop_survives_the_os_refusing_threads() -> None:
    refusing = threading.Event()
    refusing.set()

    def start(thread: threading.Thread) -> None:  # an OS at its pids limit, simulated
        if refusing.is_set():
            raise RuntimeError("can't start new thread")
        thread.start()

    server = FakeAdbServer([VirtualShell(serial=SERIAL)], start_thread=start).start()
    try:
        with sleepers(server.port, 20) as socks:
            assert server.workers.refused.wait(5)
            refusing.clear()  # the OS has threads again: every waiting connection is served
            for sock in socks:
                assert _recv_exact(sock, 8) == b"OKAYOKAY"
            assert _echo_within(server.port) == "hi"
    finally:
        _stop_within(server)


def _held_sleep(sleeping: threading.Event, release: threading.Event) -> Callable[[float], None]:
    def sleep(_seconds: float) -> None:
        sleeping.set()
        assert release.wait(30)

    return sleep


@pytest.mark.parametrize("silent", [130, 300])
def test_silent_connections_never_evict_a_shell_call_in_flight(silent: int) -> None:
    sleeping, release = threading.Event(), threading.Event()
    shell = VirtualShell(serial=SERIAL, faults=Faults(sleep=_held_sleep(sleeping, release)))
    with FakeAdbServer([shell]) as server:
        client = adbutils.AdbClient(port=server.port, socket_timeout=10.0)
        answer: list[str] = []
        caller = threading.Thread(
            target=lambda: answer.append(client.device(SERIAL).shell("sleep 3; echo done"))
        )
        caller.start()
        assert sleeping.wait(5)  # the 3 s call is in flight
        with ExitStack() as stack:
            for _ in range(silent):
                stack.enter_context(socket.create_connection(("127.0.0.1", server.port), timeout=5))
            # Answered after every silent connection was admitted (accepts are in order).
            assert _echo_within(server.port) == "hi"
            assert server.evictions >= silent - 63  # the per-client cap (64) was passed
            release.set()
            caller.join(10)
        assert answer == ["done"]


def test_idle_connections_are_evicted_oldest_first() -> None:
    with FakeAdbServer([VirtualShell(serial=SERIAL)], max_per_client=3) as server:
        socks = [socket.create_connection(("127.0.0.1", server.port), timeout=5) for _ in range(3)]
        try:
            extra = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            socks[0].settimeout(5)
            assert socks[0].recv(1) == b""  # the oldest silent one went first
            socks[1].settimeout(0.2)
            with pytest.raises(TimeoutError):
                socks[1].recv(1)
            extra.close()
        finally:
            for sock in socks:
                sock.close()


def test_another_client_is_answered_within_1_s_while_one_runs_the_worst_command() -> None:
    shell = VirtualShell(serial=SERIAL, budget=5.0)
    worst = "; ".join(
        ["screencap -p /sdcard/s.png; cat /sdcard/s.png /sdcard/s.png >> /sdcard/t"] * 400
    )
    with FakeAdbServer([shell]) as server:
        hog = threading.Thread(
            target=adbutils.AdbClient(port=server.port, socket_timeout=30).device(SERIAL).shell,
            args=(worst[:30_000],),
        )
        hog.start()
        try:
            for _ in range(5):
                assert _echo_within(server.port) == "hi"
        finally:
            hog.join(30)


@pytest.mark.parametrize("side", ["--port", "--adbd"])
def test_ctrl_c_stops_virtual_serve_within_1_s_with_shells_asleep(side: str) -> None:
    command = [sys.executable, "-m", "deltarec.core.cli.main", "virtual", "serve", side, "0"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env) as proc:
        try:
            assert proc.stdout is not None
            banner = proc.stdout.readline()
            match = re.search(r"127\.0\.0\.1:(\d+)", banner)
            assert match, banner
            port = int(match.group(1))
            with ExitStack() as stack:
                for _ in range(6):  # adbd takes 8 transports from one client
                    if side == "--port":
                        sock = stack.enter_context(sleepers(port, 1))[0]
                        assert _recv_exact(sock, 8) == b"OKAYOKAY"  # the shell sleeps now
                    else:
                        peer = Peer(port)
                        stack.callback(peer.close)
                        peer.handshake()
                        for stream in range(1, 4):
                            peer.send(OPEN, stream, 0, b"shell:sleep 600\0")
                            assert peer.recv()[0] == OKAY
                started = time.monotonic()
                proc.send_signal(signal.SIGINT)
                code = proc.wait(timeout=10)
                took = time.monotonic() - started
        finally:
            proc.kill()
    assert code == 0
    assert took <= 1.0, f"Ctrl-C took {took:.2f} s to stop"
    print(f"virtual serve {side}: Ctrl-C to exit in {took * 1000:.0f} ms with shells asleep")


@pytest.mark.parametrize("side", ["--port", "--adbd"])
def test_ctrl_c_right_after_the_banner_stops_cleanly(
    side: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C can land while the banner is being written, before ``serve_forever`` listens for
    it (a loaded machine made the subprocess test above see exit -2 and a traceback): the
    server still stops, its threads end and the command exits 0."""
    from deltarec.core.cli import device_commands
    from deltarec.core.cli.main import main

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    before = set(threading.enumerate())
    monkeypatch.setattr(device_commands, "print", interrupted, raising=False)
    assert main(["virtual", "serve", side, "0"]) == 0
    assert [t for t in threading.enumerate() if t not in before and t.is_alive()] == []
