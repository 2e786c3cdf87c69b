"""``deltarec mcp`` over real pipes: Ctrl-C, end of input, and lines that are not requests."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from deltarec.core.devices.fakeadb import FakeAdbServer
from deltarec.core.devices.virtual import VirtualShell
from deltarec.core.mcp.stdio import MAX_LINE

ROOT = Path(__file__).resolve().parents[3]
INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "test", "version": "0"},
    },
}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


class Server:
    """A ``deltarec mcp --device DEVICE`` process (the built-in virtual phone by default);
    lines it writes arrive on a queue."""

    def __init__(self, tmp: Path, device: str = "virtual") -> None:
        env = {
            **os.environ,
            "DELTAREC_HOME": str(tmp),
            "PYTHONPATH": str(ROOT),
            "ADBUTILS_ADB_PATH": "/bin/false",
        }
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "deltarec.core.cli.main", "mcp", "--device", device],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=tmp,
            env=env,
        )
        self.lines: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)

    def send(self, *messages: dict[str, Any] | bytes) -> None:
        assert self.proc.stdin is not None
        for m in messages:
            raw = m if isinstance(m, bytes) else json.dumps(m).encode() + b"\n"
            self.proc.stdin.write(raw)
        self.proc.stdin.flush()

    def reply(self, timeout: float = 30) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.lines.get(timeout=timeout))
        return data

    def start(self) -> None:
        self.send(INIT)
        assert self.reply()["id"] == 1
        self.send(INITIALIZED)

    def stderr(self) -> str:
        assert self.proc.stderr is not None
        return self.proc.stderr.read().decode(errors="replace")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path)
    yield s
    if s.proc.poll() is None:
        s.proc.kill()
        s.proc.wait()


@pytest.fixture
def served_server(tmp_path: Path) -> Iterator[Server]:
    """The server on a virtual phone served over adb, waited on by the host's clock as a real
    phone is (the built-in phone keeps its own time: a sleep there moves its clock and
    returns at once, ``VirtualDevice.own_time``)."""
    with FakeAdbServer([VirtualShell(serial="phone-0")]) as adb:
        s = Server(tmp_path, f"phone-0@127.0.0.1:{adb.port}")
        yield s
        if s.proc.poll() is None:
            s.proc.kill()
            s.proc.wait()


def call(ident: int, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": ident,
        "method": "tools/call",
        "params": {"name": name, "arguments": arguments},
    }


def test_ctrl_c_stops_it_within_2s_without_a_traceback(server: Server) -> None:
    server.start()
    server.proc.send_signal(signal.SIGINT)
    started = time.monotonic()
    code = server.proc.wait(timeout=10)
    assert time.monotonic() - started < 2.0
    assert code in (0, 130)
    err = server.stderr()
    assert "Traceback" not in err and "ExceptionGroup" not in err, err


def test_ctrl_c_during_a_long_call_answers_it_and_stops(served_server: Server) -> None:
    server = served_server
    server.start()
    sleep = [["AC_sleep", {"seconds": 30, "reason": "a long call"}]]
    server.send(
        call(2, "ac_current_app", {}),
        call(3, "ac_run_steps", {"script": sleep}),
        call(4, "ac_back", {}),
    )
    assert server.reply()["id"] == 2  # the session runs calls: the long one is next
    server.proc.send_signal(signal.SIGINT)
    started = time.monotonic()
    replies = {r["id"]: r for r in (server.reply(timeout=5), server.reply(timeout=5))}
    assert replies[3]["error"]["code"] == -32800 and "SIGINT" in replies[3]["error"]["message"]
    assert replies[4]["error"]["code"] == -32800
    server.proc.wait(timeout=10)
    assert time.monotonic() - started < 2.0
    assert "Traceback" not in server.stderr()


def test_end_of_input_answers_every_queued_call(server: Server) -> None:
    server.start()
    server.send(
        call(2, "ac_current_app", {}),
        call(3, "ac_tap", {"selector": {"text": "Sign up"}}),
        call(4, "ac_back", {}),
    )
    assert server.proc.stdin is not None
    server.proc.stdin.close()
    replies = {r["id"]: r for r in (server.reply(), server.reply(), server.reply())}
    assert set(replies) == {2, 3, 4}
    assert all("result" in r or "error" in r for r in replies.values())
    assert server.proc.wait(timeout=20) == 0


def test_lines_that_are_not_requests_get_an_error_reply(server: Server) -> None:
    server.start()
    server.send(b"{not json\n")
    bad = server.reply(timeout=10)
    assert bad["id"] is None and bad["error"]["code"] == -32700
    server.send(
        b'{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"ac_type_text",'
        b'"arguments":{"text":"\\ud800"}}}\n'
    )
    surrogate = server.reply(timeout=10)
    assert surrogate["id"] == 7 and surrogate["error"]["code"] in (-32700, -32602)
    server.send(b'{"jsonrpc":"2.0","id":8,"method":"ping","params":{"x":"\xff"}}\n')
    invalid = server.reply(timeout=10)
    assert invalid["id"] is None and invalid["error"]["code"] == -32700
    assert "UTF-8" in invalid["error"]["message"]
    server.send({"jsonrpc": "2.0", "id": 9, "method": "ping"})
    assert server.reply(timeout=10) == {"jsonrpc": "2.0", "id": 9, "result": {}}


def test_a_line_over_the_limit_is_refused_and_the_server_goes_on(server: Server) -> None:
    server.start()
    server.send(
        b'{"jsonrpc":"2.0","id":5,"method":"ping","params":{"x":"' + b"a" * MAX_LINE + b'"}}\n'
    )
    refused = server.reply(timeout=30)
    assert refused["error"]["code"] == -32600 and "too long" in refused["error"]["message"]
    server.send({"jsonrpc": "2.0", "id": 6, "method": "ping"})
    assert server.reply(timeout=10)["id"] == 6
