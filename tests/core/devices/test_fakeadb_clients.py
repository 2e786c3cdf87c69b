"""Issue 22: whatever mix of clients hits a served phone, its bounds hold.

A state machine plays clients on one small server (6 threads, 8 connections, 6 per
client): silent connections, shells asleep, clients vanishing mid-sleep, and ordinary
``echo`` calls. After every step: threads never passed the cap, no call in flight
was dropped, and an ``echo`` is answered within 1 s whenever a thread can be had
(two threads and connections left beside the calls in flight). Stopping ends within 1 s whatever is running.
"""

from __future__ import annotations

import socket
import time

import adbutils
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from deltarec.core.devices.fakeadb import FakeAdbServer
from deltarec.core.devices.virtual import VirtualShell
from tests.core.devices.test_fakeadb_bounds import SERIAL, _recv_exact, _request

THREADS, CONNECTIONS, PER_CLIENT = 6, 8, 6
"""Equal thread and per-client caps: a sleep past them is refused (EOF), never left waiting."""


def _dropped(sock: socket.socket) -> bool:
    """The server closed ``sock`` (EOF or reset), seen without blocking."""
    sock.setblocking(False)
    try:
        return sock.recv(1, socket.MSG_PEEK) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        sock.setblocking(True)


class Clients(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.server = FakeAdbServer(
            [VirtualShell(serial=SERIAL)],
            max_connections=CONNECTIONS,
            max_per_client=PER_CLIENT,
            max_threads=THREADS,
        ).start()
        self.silent: list[socket.socket] = []
        self.sleeping: list[socket.socket] = []
        self.gone = 0
        """Sleepers whose client closed: their calls sleep on (as on a phone: adb's own
        client half-closes on stdin EOF, so a close says nothing), holding a thread."""

    def _connect(self) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.server.port), timeout=5)

    @rule(count=st.integers(1, 12))
    def open_silent(self, count: int) -> None:
        self.silent.extend(self._connect() for _ in range(count))

    @rule()
    def start_a_sleep(self) -> None:
        sock = self._connect()
        sock.sendall(_request(f"host:transport:{SERIAL}") + _request("shell:sleep 600"))
        try:
            answer = _recv_exact(sock, 8)
        except ConnectionResetError:  # closed with the request unread: refused
            answer = b""
        if answer == b"OKAYOKAY":
            self.sleeping.append(sock)
        else:  # refused: allowed only when every thread or connection slot is in flight
            assert self.in_flight >= min(THREADS, PER_CLIENT)
            sock.close()

    @property
    def in_flight(self) -> int:
        return len(self.sleeping) + self.gone

    @precondition(lambda self: bool(self.sleeping))
    @rule(data=st.data())
    def a_sleeper_goes_away(self, data: st.DataObject) -> None:
        self.sleeping.pop(data.draw(st.integers(0, len(self.sleeping) - 1))).close()
        self.gone += 1

    @precondition(lambda self: bool(self.silent))
    @rule()
    def silent_ones_go_away(self) -> None:
        for sock in self.silent:
            sock.close()
        self.silent.clear()

    # adbutils holds its transport connection open, silent, while a second one asks
    # host:version: an echo needs two connections and two threads.
    @precondition(lambda self: self.in_flight <= min(THREADS, PER_CLIENT) - 2)
    @rule()
    def echo_is_answered_within_1_s(self) -> None:
        client = adbutils.AdbClient(port=self.server.port, socket_timeout=1.0)
        assert client.device(SERIAL).shell("echo hi") == "hi"

    @invariant()
    def threads_stay_under_the_cap(self) -> None:
        assert self.server.workers.peak <= THREADS

    @invariant()
    def no_call_in_flight_is_dropped(self) -> None:
        assert not any(_dropped(sock) for sock in self.sleeping)

    def teardown(self) -> None:
        started = time.monotonic()
        self.server.stop()
        took = time.monotonic() - started
        for sock in self.silent + self.sleeping:
            sock.close()
        assert took <= 1.0, f"stop took {took:.2f} s"
        assert not self.server.stuck_threads


Clients.TestCase.settings = settings(max_examples=30, stateful_step_count=12, deadline=None)
test_clients = Clients.TestCase
