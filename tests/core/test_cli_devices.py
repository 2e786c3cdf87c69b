"""Device subcommands against the built-in virtual phone and the fake adb server."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PIL import Image


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
