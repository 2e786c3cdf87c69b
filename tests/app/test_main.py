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


HIDE_QT = """
import sys

class _NoQt:
    def find_spec(self, name, path=None, target=None):
        if name == "PySide6" or name.startswith("PySide6."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, _NoQt())
"""


def test_without_qt_it_says_which_extra_to_install_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "sitecustomize.py").write_text(HIDE_QT, encoding="utf-8")
    env = dict(
        os.environ, PYTHONPATH=f"{tmp_path}{os.pathsep}{ROOT}", ADBUTILS_ADB_PATH="/bin/false"
    )
    run = subprocess.run(
        [sys.executable, "-m", "deltarec.app.main", "--device", "virtual"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr == "deltarec-studio needs Qt: pip install 'deltarec[gui]'\n"


def test_help_is_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse_args(["--help"])
    text = capsys.readouterr().out
    assert "``" not in text and "Script Builder" in text
