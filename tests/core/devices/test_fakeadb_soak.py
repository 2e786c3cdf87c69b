"""Issue 11 item 6: no local client can lock the fake adb endpoints out.

Both endpoints are soaked with 200 idle loopback connections; a normal client is
then served within 1 s (its socket timeout is the bound: a lock-out fails it).
Connections stay bounded per client and in all (the longest-idle are evicted),
a connection that never says anything is dropped after the handshake timeout,
and one client's ``shell sleep`` holds no lock another client needs.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import adbutils

from deltarec.core.devices.fakeadb import FakeAdbd, FakeAdbServer
from deltarec.core.devices.virtual import VirtualShell
from deltarec.core.devices.virtual.faults import Faults
from tests.core.devices.test_fakeadb_adbd import Peer

SOAK = 200
SERIAL = "emulator-5554"


@contextmanager
def idle_connections(port: int, count: int) -> Iterator[list[socket.socket]]:
    """``count`` loopback connections that never send a byte."""
    with ExitStack() as stack:
        socks = [stack.enter_context(socket.create_connection(("127.0.0.1", port), timeout=5))
                 for _ in range(count)]  # fmt: skip
        yield socks


def closed_by_server(sock: socket.socket, timeout: float = 10.0) -> bool:
    """Wait (bounded) for the server to close ``sock``: True on EOF or reset."""
    sock.settimeout(timeout)
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_host_server_soak_then_a_normal_client_is_served_within_1_s() -> None:
    with (
        FakeAdbServer([VirtualShell(serial=SERIAL)]) as server,
        idle_connections(server.port, SOAK),
    ):
        started = time.monotonic()
        client = adbutils.AdbClient(port=server.port, socket_timeout=1.0)
        assert client.device(SERIAL).shell("echo hi") == "hi"
        served_in = time.monotonic() - started
        assert server.connection_count <= 128
        assert server.evictions >= SOAK - 128
    print(f"host server: served after {SOAK} idle connections in {served_in * 1000:.0f} ms")


def test_adbd_soak_then_a_normal_transport_is_served_within_1_s() -> None:
    with FakeAdbd(VirtualShell(serial=SERIAL)) as adbd, idle_connections(adbd.port, SOAK):
        started = time.monotonic()
        peer = Peer(adbd.port)
        peer.sock.settimeout(1.0)
        peer.handshake()
        assert peer.run("shell:echo hi") == b"hi\n"
        served_in = time.monotonic() - started
        peer.close()
        assert adbd.connection_count <= 8
        assert adbd.evictions >= SOAK - 8
    print(f"adbd: served after {SOAK} idle connections in {served_in * 1000:.0f} ms")


def test_the_longest_idle_connection_is_evicted_first() -> None:
    with FakeAdbd(VirtualShell(serial=SERIAL), max_per_client=2) as adbd:
        talker = Peer(adbd.port)
        talker.handshake()  # greeted: evicted only after every silent one
        with idle_connections(adbd.port, 1) as (silent,):
            with idle_connections(adbd.port, 1):
                assert closed_by_server(silent)
            assert talker.run("shell:echo still here") == b"still here\n"
        talker.close()


def test_a_silent_connection_is_dropped_after_the_handshake_timeout() -> None:
    host = FakeAdbServer([VirtualShell(serial=SERIAL)], handshake_timeout=0.2)
    adbd = FakeAdbd(VirtualShell(serial=SERIAL), handshake_timeout=0.2)
    for endpoint in (host, adbd):
        with endpoint, idle_connections(endpoint.port, 1) as (sock,):
            assert closed_by_server(sock)


def test_an_idle_transport_is_dropped_after_the_idle_timeout() -> None:
    with FakeAdbd(VirtualShell(serial=SERIAL), idle_timeout=0.2) as adbd:
        peer = Peer(adbd.port)
        peer.handshake()
        assert closed_by_server(peer.sock)
        peer.close()


def test_shell_sleep_holds_no_lock_other_clients_need() -> None:
    release, sleeping = threading.Event(), threading.Event()

    def held_sleep(_seconds: float) -> None:  # the phone "sleeps" until the test says so
        sleeping.set()
        assert release.wait(30)

    shell = VirtualShell(serial=SERIAL, faults=Faults(sleep=held_sleep))
    with FakeAdbServer([shell]) as server:
        client = adbutils.AdbClient(port=server.port, socket_timeout=5.0)
        sleeper = threading.Thread(target=client.device(SERIAL).shell, args=("sleep 20",))
        sleeper.start()
        try:
            assert sleeping.wait(10)
            assert client.device(SERIAL).shell("echo other client") == "other client"
            assert "Physical size" in client.device(SERIAL).shell("wm size")
        finally:
            release.set()
            sleeper.join(10)
