"""Files deltarec writes for the user get the mode ``open()`` would give them: 0666 less
the umask (the atomic writers' temp files are 0600 whatever the umask)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from deltarec.core.bundle import current_umask, new_file_mode, write_atomic
from deltarec.core.devices.virtual import make_virtual_device
from deltarec.core.executor import Session, load_script, save_script
from deltarec.core.recorder.export import KINDS, export
from deltarec.core.report.model import ReportStep, RunSummary
from deltarec.core.report.page import write_report

SIGN_UP = Path(__file__).resolve().parents[2] / "fixtures" / "bundles" / "sign-up" / "script.json"


@pytest.fixture(params=[0o022, 0o002, 0o077])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_umask_is_read_without_changing_it(umask: int) -> None:
    assert current_umask() == umask and new_file_mode() == 0o666 & ~umask
    assert current_umask() == umask


def test_exports_screenshots_scripts_and_reports_respect_the_umask(
    tmp_path: Path, umask: int
) -> None:
    expected = 0o666 & ~umask
    script = load_script(SIGN_UP)
    for kind in KINDS:
        assert _mode(export(script, tmp_path / f"out.{kind}", kind)) == expected, kind
    save_script(script, tmp_path / "saved.json")
    assert _mode(tmp_path / "saved.json") == expected
    session = Session(make_virtual_device(), output_dir=tmp_path)
    assert session.call("AC_screenshot", {"path": str(tmp_path / "shot.png")})["ok"]
    assert _mode(tmp_path / "shot.png") == expected
    run = RunSummary("s.json", "virtual", "none", 0.1, (ReportStep(0, "AC_back", status="passed"),))
    assert _mode(write_report(run, tmp_path / "r.html")) == expected
    write_atomic(tmp_path / "raw.bin", b"x")
    assert _mode(tmp_path / "raw.bin") == expected
