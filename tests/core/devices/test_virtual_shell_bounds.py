"""Issue 22: one shell command can neither stall the virtual phone nor fill its memory.

The generator builds hostile command lines (at most a host request's 32 KB) from what grows:
``cat`` of many copies of a screenshot into a file or a pipe, append loops, ``screencap``
loops, ``grep`` with nested quantifiers, long ``input keyevent`` lists. Whatever it builds:
the command ends within its time budget (plus slack), the files stay under the storage cap,
the output under its cap, and the phone's lock stays free for others meanwhile.
"""

from __future__ import annotations

import threading
import time
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager

import adbutils
import pytest
from adbutils.errors import AdbError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deltarec.core.devices.fakeadb import FakeAdbServer
from deltarec.core.devices.fakeadb.protocol import MAX_REQUEST
from deltarec.core.devices.virtual import Faults, VirtualShell
from deltarec.core.devices.virtual.storage import Storage

CAP = 1 << 20
"""Storage capacity for these tests (1 MiB: a dozen screenshots)."""
OUTPUT = 1 << 20
"""Output cap of one command for these tests."""
BUDGET = 1.0
SLACK = 1.0
"""How far past its budget a command may work: one screencap, a regex's own check interval."""
LOADED = 10.0
"""How much longer by the clock than by CPU time a command may take on a loaded machine (the
budget is work: regex counts CPU time, and 2 cores are shared by several test runs)."""


@contextmanager
def within_budget() -> Iterator[None]:
    """The block works (process CPU time) at most its budget + slack, and ends by the clock."""
    wall, cpu = time.monotonic(), time.process_time()
    yield
    worked, took = time.process_time() - cpu, time.monotonic() - wall
    assert worked <= BUDGET + SLACK, f"worked {worked:.2f} s"
    assert took <= (BUDGET + SLACK) * LOADED, f"took {took:.2f} s"


SHOT = "/sdcard/shot.png"
FILES = st.sampled_from([SHOT, "/sdcard/a", "/data/local/tmp/b"])
BACKTRACKING = st.sampled_from(["'(a|aa)+$'", "'(a|a)+$'", "'(x+x+)+y'", "'(a*)*b'"])


def _fit(words: list[str], sep: str = " ") -> str:
    """Join ``words`` but stop before the line passes a host request's length."""
    out: list[str] = []
    size = 0
    for word in words:
        size += len(word) + len(sep)
        if size > MAX_REQUEST - 200:
            break
        out.append(word)
    return sep.join(out)


@st.composite
def hostile_command(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["cat", "append", "screencap", "grep", "keys", "steps"]))
    copies = draw(st.integers(1, 3000))
    src, dst = draw(FILES), draw(FILES)
    if kind == "cat":
        op = draw(st.sampled_from([">", ">>", "| cat >", "|"]))
        tail = "cat" if op == "|" else dst
        return _fit(["cat", *[src] * copies]) + f" {op} {tail}"
    if kind == "append":
        return _fit([f"cat {src} {src} >> {dst}"] * copies, "; ")
    if kind == "screencap":
        return _fit([f"screencap -p {dst}"] * copies, "; ")
    if kind == "grep":
        subject = "a" * draw(st.integers(20, 40)) + "!"
        return f"echo {subject} | grep {draw(BACKTRACKING)}"
    if kind == "keys":
        return _fit(["input keyevent", *["KEYCODE_A"] * copies])
    return _fit(["true"] * copies, "; ")


def _shell() -> VirtualShell:
    shell = VirtualShell(storage=Storage(CAP), budget=BUDGET, max_output=OUTPUT)
    assert shell.shell(f"screencap -p {SHOT}").exit_code == 0
    return shell


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_command())
def test_any_hostile_command_ends_in_budget_within_the_caps(command: str) -> None:
    shell = _shell()
    with within_budget():
        result = shell.shell(command)
    assert shell.storage.used <= CAP
    assert len(result.stdout) <= OUTPUT
    if result.exit_code == 124:
        assert b"time budget" in result.stderr


def test_a_full_storage_says_no_space_left_on_device() -> None:
    shell = _shell()
    result = shell.shell(_fit(["cat", *[SHOT] * 200]) + " > /sdcard/big")
    assert result.exit_code == 1
    assert result.stderr.endswith(b"/sdcard/big: No space left on device\n")
    assert shell.read_file("/sdcard/big") is None
    assert shell.storage.used <= CAP
    with pytest.raises(OSError, match="No space left on device"):
        shell.write_file("/sdcard/push", bytes(CAP + 1))


def test_output_past_its_cap_is_an_error_not_a_buffer() -> None:
    result = _shell().shell(_fit(["cat", *[SHOT] * 3000]))
    assert result.exit_code == 1
    assert b"cat: output over the 1048576-byte limit of the virtual shell" in result.stderr
    assert len(result.stdout) <= OUTPUT


def test_the_worst_copy_command_keeps_memory_bounded() -> None:
    shell = _shell()
    command = _fit(["cat", *[SHOT] * 3000]) + " > /sdcard/a"
    tracemalloc.start()
    try:
        shell.shell(command)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak <= 4 * CAP, f"peak {peak} bytes"


def test_a_backtracking_grep_fails_with_a_clear_message_in_budget() -> None:
    shell = _shell()
    with within_budget():
        result = shell.shell("echo " + "a" * 40 + "! | grep '(a|aa)+$'")
    assert result.exit_code == 124
    assert result.stderr == b"/system/bin/sh: grep: over the 1 s time budget of the shell\n"


def test_sleep_does_not_count_against_the_budget() -> None:
    slept: list[float] = []
    shell = VirtualShell(budget=0.5, faults=Faults(sleep=slept.append))
    assert shell.shell("sleep 5; echo done").stdout == b"done\n"
    assert slept == [5.0]


WORST = {
    "copy": _fit(["cat", *[SHOT] * 3000]) + " > /sdcard/a",
    "grep": "echo " + "a" * 40 + "! | grep '(a|aa)+$'",
    "screencap": _fit([f"screencap -p {SHOT}"] * 3000, "; "),
    "keys": _fit(["input keyevent", *["KEYCODE_A"] * 5000]),
}


@pytest.mark.parametrize("name", sorted(WORST))
def test_the_phone_lock_stays_free_while_the_worst_command_runs(name: str) -> None:
    shell = _shell()
    started = threading.Event()
    done = threading.Event()

    def worst() -> None:
        started.set()
        shell.shell(WORST[name])
        done.set()

    runner = threading.Thread(target=worst, daemon=True)
    runner.start()
    assert started.wait(5)
    while not done.is_set():
        begun = time.monotonic()
        got = shell.playground.lock.acquire(timeout=1.0)
        assert got, f"the phone's lock was held over 1 s during {name}"
        shell.playground.lock.release()
        begun = time.monotonic()
        assert shell.shell("echo hi").stdout == b"hi\n"
        assert time.monotonic() - begun <= 1.0, f"echo waited during {name}"
        done.wait(0.05)
    runner.join((BUDGET + SLACK) * LOADED)
    assert not runner.is_alive()


def test_a_push_to_a_full_phone_fails_with_no_space_left() -> None:
    shell = VirtualShell(serial="full", storage=Storage(CAP))
    with FakeAdbServer([shell]) as server:
        device = adbutils.AdbClient(port=server.port, socket_timeout=5).device("full")
        with pytest.raises(AdbError):  # adbutils shows "FAIL"; the message says why
            device.sync.push(bytes(CAP + 1), "/sdcard/big.bin")
        device.sync.push(b"small", "/sdcard/small.bin")
    assert shell.storage.used == len(b"small")
