"""``deltarec export BUNDLE``: golden exports of the sign-up recording; bad bundles exit 2."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from deltarec.core.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "fixtures" / "bundles" / "sign-up"
GOLDEN = Path(__file__).resolve().parent / "recorder" / "golden"
FILES = {"py": "sign-up.py.golden", "pytest": "test_sign_up.py.golden",
         "json": "sign-up.json.golden", "maestro": "sign-up.yaml.golden"}  # fmt: skip


@pytest.mark.parametrize("fmt", sorted(FILES))
def test_export_matches_the_golden_file(
    fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    golden = GOLDEN / FILES[fmt]
    assert main(["export", str(BUNDLE), "--format", fmt]) == 0
    printed = capsys.readouterr().out
    if os.environ.get("DELTAREC_UPDATE_GOLDEN"):
        golden.write_text(printed, encoding="utf-8")
    assert printed == golden.read_text(encoding="utf-8")
    out = tmp_path / "out" / FILES[fmt]
    assert main(["export", str(BUNDLE), "--format", fmt, "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"{out}\n"
    assert out.read_text(encoding="utf-8") == printed


def test_py_is_python_and_json_is_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", str(BUNDLE), "--format", "python"]) == 0
    assert capsys.readouterr().out == (GOLDEN / FILES["py"]).read_text(encoding="utf-8")
    assert main(["export", str(BUNDLE)]) == 0
    assert json.loads(capsys.readouterr().out)[0][0] == "AC_tap"


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "bundle"
    target.mkdir()
    for name in ("manifest.json", "script.json"):
        (target / name).write_bytes((BUNDLE / name).read_bytes())
    return target


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        ("missing", "not a recording folder"),
        ("file", "not a recording folder"),
        ("no manifest", "cannot read bundle manifest"),
        ("bad manifest", "not a deltarec.bundle/1 manifest"),
        ("no script", "script.json"),
        ("bad script", "not UTF-8"),
        ("bad step", "unknown command"),
    ],
)
def test_a_bad_bundle_is_one_line_and_exit_2(
    damage: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bundle = _copy(tmp_path)
    if damage == "missing":
        bundle = tmp_path / "nothing"
    elif damage == "file":
        bundle = bundle / "script.json"
    elif damage == "no manifest":
        (bundle / "manifest.json").unlink()
    elif damage == "bad manifest":
        (bundle / "manifest.json").write_text('{"format": "other"}', encoding="utf-8")
    elif damage == "no script":
        (bundle / "script.json").unlink()
    elif damage == "bad script":
        (bundle / "script.json").write_bytes(b"[\xff]")
    else:
        (bundle / "script.json").write_text('[["AC_explode", {}]]', encoding="utf-8")
    assert main(["export", str(bundle), "--format", "py"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("deltarec: error: ") and message in captured.err
