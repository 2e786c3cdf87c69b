"""Device subcommands against the built-in virtual phone and the fake adb server."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from deltarec.core.cli.main import main
from deltarec.core.devices.fakeadb import FakeAdbServer
from deltarec.core.devices.virtual import VirtualShell


def run(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, DELTAREC_HOME=str(home), ADBUTILS_ADB_PATH="/bin/false")
    return subprocess.run(
        [sys.executable, "-m", "deltarec.core.cli.main", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_observe_virtual_with_screenshot(tmp_path: Path) -> None:
    shot = tmp_path / "s.png"
    out = run(tmp_path, "observe", "--device", "virtual", "--elements", "--screenshot", str(shot))
    assert out.returncode == 0, out.stderr
    assert 'button "Settings"' in out.stdout
    assert Image.open(shot).size == (1080, 2400)


def test_delta_device_uses_the_saved_baseline(tmp_path: Path) -> None:
    first = run(tmp_path, "delta", "--device", "virtual")
    assert first.stdout.startswith("» first capture of virtual")
    second = run(tmp_path, "delta", "--device", "virtual")
    assert second.returncode == 0 and second.stdout == "no change\n"


def test_device_and_files_together_is_bad_input(tmp_path: Path) -> None:
    out = run(tmp_path, "observe", "x.xml", "--device", "virtual")
    assert out.returncode == 2 and "either --device or capture files" in out.stderr


def test_devices_lists_virtual_even_without_an_adb_server(tmp_path: Path) -> None:
    out = run(tmp_path, "devices", "--port", "1")
    assert out.returncode == 0 and out.stdout.startswith("virtual\tdevice")


def _recording_adb(tmp_path: Path) -> tuple[Path, Path]:
    """A stand-in adb binary that notes every call (adbutils runs it to start a server)."""
    called = tmp_path / "adb-was-called"
    adb = tmp_path / "adb"
    adb.write_text(f'#!/bin/sh\necho "$@" >> {called}\nexit 1\n', encoding="utf-8")
    adb.chmod(0o755)
    return adb, called


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def test_devices_and_the_virtual_phone_never_start_an_adb_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    adb, called = _recording_adb(tmp_path)
    monkeypatch.setenv("ADBUTILS_ADB_PATH", str(adb))
    monkeypatch.setenv("DELTAREC_HOME", str(tmp_path / "home"))
    port = _free_port()  # nothing listens there
    assert main(["devices", "--port", str(port)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("virtual\tdevice")
    assert f"# no adb server running at 127.0.0.1:{port}" in out
    assert main(["observe", "--device", "virtual", "--elements"]) == 0
    assert main(["observe", "--device", f"x@127.0.0.1:{port}"]) == 1  # refused, not started
    assert "Connection refused" in capsys.readouterr().err
    assert not called.exists()


def test_devices_lists_a_running_servers_devices(capsys: pytest.CaptureFixture[str]) -> None:
    with FakeAdbServer([VirtualShell(serial="phone-0")]) as server:
        assert main(["devices", "--port", str(server.port)]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "phone-0\tdevice"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["virtual", "serve", "--port", "99999"], "--port 99999: not a TCP port (0-65535)"),
        (["virtual", "serve", "--adbd", "70000"], "--adbd 70000: not a TCP port (0-65535)"),
        (["virtual", "serve", "--port", "0", "--adbd", "0"], "give --port"),
        (["devices", "--port", "99999"], "--port 99999: not a TCP port (1-65535)"),
        (["observe", "--device", "x@127.0.0.1:99999"], "port 99999 is out of range"),
    ],
)
def test_bad_ports_are_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err


@pytest.mark.parametrize("option", ["--port", "--adbd"])
def test_serving_on_a_port_in_use_is_one_line_and_exit_2(
    option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert main(["virtual", "serve", option, str(port)]) == 2
    err = capsys.readouterr().err
    assert f"{option} {port}: cannot listen on 127.0.0.1:{port}: Address already in use" in err
    assert err.count("\n") == 1


def test_serve_help_names_its_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["virtual", "serve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "default 127.0.0.1:5037, adb's own port" in text and "default emulator-5554" in text
