"""The real adb binary in the loop: ``deltarec virtual serve --adbd PORT``, then the adb that
adbutils ships connects to it, lists it and drives it (through a private adb server port).

The adb server is started with ``start-server`` (it forks and returns once it listens) and
stopped afterwards by its pid, found in ``/proc`` (Linux only, as CI).
"""

from __future__ import annotations

import os
import re
import select
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import adbutils
import pytest

from deltarec.core.devices.adb import AdbDevice

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs Linux /proc"),
]

ADB = Path(adbutils.__file__).parent / "binaries" / "adb"
APP = "dev.deltarec.playground"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _server_pid(port: int) -> int | None:
    """The pid of the adb server listening on ``port`` (``adb … fork-server server``)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"fork-server" in argv and f"tcp:{port}".encode() in argv:
            return int(entry.name)
    return None


def _kill(pid: int) -> None:
    """SIGKILL ``pid`` and wait until it has exited (a pidfd turns readable then)."""
    fd = os.pidfd_open(pid)
    try:
        os.kill(pid, signal.SIGKILL)
        readable, _, _ = select.select([fd], [], [], 10)
        assert readable, f"adb server {pid} did not exit"
    finally:
        os.close(fd)


@pytest.fixture
def served() -> Iterator[int]:
    """``deltarec virtual serve --adbd 0`` in a child process; yields its port."""
    cli = subprocess.Popen(
        [sys.executable, "-m", "deltarec.core.cli.main", "virtual", "serve", "--adbd", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert cli.stdout is not None
        line = cli.stdout.readline()  # printed once the port listens
        match = re.search(r"adb connect 127\.0\.0\.1:(\d+)", line)
        assert match, line
        yield int(match.group(1))
    finally:
        cli.terminate()
        cli.wait(timeout=10)


@pytest.mark.skipif(not os.access(ADB, os.X_OK), reason="adbutils ships no adb binary here")
def test_the_real_adb_binary_lists_and_drives_the_virtual_phone(served: int) -> None:
    port = _free_port()

    def adb(*args: str) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "ANDROID_ADB_SERVER_PORT": str(port)}
        return subprocess.run(
            [str(ADB), "-P", str(port), *args], capture_output=True, text=True, timeout=30, env=env
        )

    started = adb("start-server")
    assert started.returncode == 0, started.stderr
    pid = _server_pid(port)
    assert pid is not None, "no adb server process for the private port"
    try:
        addr = f"127.0.0.1:{served}"
        assert adb("connect", addr).stdout.startswith(f"connected to {addr}")
        assert adb("-s", addr, "wait-for-device").returncode == 0
        assert f"{addr}\tdevice" in adb("devices").stdout.splitlines()

        device = AdbDevice(addr, port=port)
        device.launch_app(APP, ".SignUpActivity")
        before = device.capture()
        assert before.activity == f"{APP}.SignUpActivity"
        name = next(n for n in before.walk() if n.role == "textbox")
        device.tap(*name.bounds.center)
        device.type_text("Ada")
        after = device.capture()
        assert after.keyboard is not None
        assert any(n.text == "Ada" for n in after.walk())
        shown = adb("-s", addr, "shell", "dumpsys", "window", "windows").stdout
        assert f"mCurrentFocus=Window{{7c1e3a2 u0 {APP}/{APP}.SignUpActivity}}" in shown
        device.close()
    finally:
        _kill(pid)
    assert _server_pid(port) is None
