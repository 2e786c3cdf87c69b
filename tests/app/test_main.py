"""``deltarec-studio --screenshot``: start, wait for the first screen, write the PNG, exit 0."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from deltarec.app.main import parse_args
from deltarec.core.recorder.session import find_unfinished

ROOT = Path(__file__).resolve().parents[2]


def test_screenshot_run_writes_the_window_and_exits_0(tmp_path: Path) -> None:
    out = tmp_path / "studio.png"
    called = tmp_path / "adb-was-called"
    adb = tmp_path / "adb"
    adb.write_text(f'#!/bin/sh\necho "$@" >> {called}\nexit 1\n', encoding="utf-8")
    adb.chmod(0o755)
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        DELTAREC_HOME=str(tmp_path / "home"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),  # QSettings' user scope
        XDG_DATA_HOME=str(tmp_path / "data"),
        ADBUTILS_ADB_PATH=str(adb),  # records any attempt to start an adb server
        PYTHONPATH=str(ROOT),
    )
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "deltarec.app.main",
            "--device",
            "virtual",
            "--screenshot",
            str(out),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert not called.exists()  # the virtual phone needs no adb: no server was started
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1400, 900)
    # The screenshot holds the phone: the launcher's dark teal is in the left column.
    colour = image.pixelColor(200, 400)
    assert colour.green() > colour.red()
    # The recording it made was closed on exit (nothing to restore next time).
    assert find_unfinished(tmp_path / "home" / "recordings") == []
    assert (tmp_path / "config" / "deltarec" / "studio.ini").is_file()


def test_arguments() -> None:
    args = parse_args(["--device", "emulator-5554"])
    assert args.device == "emulator-5554" and args.screenshot is None
    with pytest.raises(SystemExit) as exc:
        parse_args(["--bogus"])
    assert exc.value.code == 2
