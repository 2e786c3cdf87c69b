"""The deltarec CLI contracts: output, --help, exit codes 0 / 2 / 1."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from deltarec.core import count_tokens
from tests.conftest import REAL_DUMPS


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "deltarec.core.cli.main", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def dump(name: str) -> str:
    return str(REAL_DUMPS / name)


def test_delta_text() -> None:
    out = run("delta", dump("contacts-agent/06.xml"), dump("contacts-agent/07.xml"))
    assert out.returncode == 0, out.stderr
    assert out.stdout == '~ [7] textbox "zr" (text: "Name"→"zr")\n'


def test_delta_json_is_an_observation_diff() -> None:
    out = run(
        "delta",
        "--format",
        "json",
        dump("settings-airplane/03.xml"),
        dump("settings-airplane/04.xml"),
    )
    diff = json.loads(out.stdout)
    assert diff["isDiff"] is True
    assert set(diff) == {"isDiff", "added", "removed", "changed", "scrolls", "windows", "fields"}
    switch = [c for c in diff["changed"] if "checked" in c["changes"]]
    assert switch[0]["changes"]["checked"] == {"from": False, "to": True}


def test_delta_budgets() -> None:
    args = (dump("contacts-agent/01.xml"), dump("contacts-agent/02.xml"))
    lines = run("delta", "--max-lines", "3", *args).stdout.splitlines()
    assert len(lines) == 4 and lines[-1].startswith("… (+")
    text = run("delta", "--max-tokens", "25", *args).stdout
    assert text.strip() and count_tokens(text.rstrip("\n")) <= 25


def test_observe_text_and_json() -> None:
    text = run("observe", dump("settings-wifi/05.xml"))
    assert text.returncode == 0 and text.stdout.startswith("screen com.android.settings 1080x2220")
    elements = run("observe", "--elements", dump("settings-wifi/05.xml")).stdout.splitlines()
    assert elements[1].startswith("[0] ")
    data = json.loads(run("observe", "--format", "json", dump("settings-wifi/05.xml")).stdout)
    assert data["format"] == "deltarec.observation/1"


def test_observation_json_is_accepted_back(tmp_path: Path) -> None:
    saved = tmp_path / "a.json"
    saved.write_text(run("observe", "--format", "json", dump("contacts-agent/06.xml")).stdout)
    out = run("delta", str(saved), dump("contacts-agent/07.xml"))
    assert out.stdout == '~ [7] textbox "zr" (text: "Name"→"zr")\n'


def test_tokens() -> None:
    out = run("tokens", dump("contacts-agent/06.xml"))
    assert out.returncode == 0 and int(out.stdout) > 1000


@pytest.mark.parametrize(
    "args",
    [
        ("delta", "/nonexistent.xml", "/nonexistent2.xml"),
        ("observe", "/etc/hostname"),
        ("delta", "--max-lines", "-1", "a", "b"),
        ("frobnicate",),
    ],
)
def test_bad_input_exits_2_with_one_line(args: tuple[str, ...]) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.strip() and "Traceback" not in out.stderr


def test_hostile_dump_exits_2(tmp_path: Path) -> None:
    evil = tmp_path / "evil.xml"
    evil.write_text(
        '<!DOCTYPE h [<!ENTITY x SYSTEM "file:///etc/passwd">]><hierarchy>&x;</hierarchy>'
    )
    out = run("observe", str(evil))
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "DOCTYPE" in out.stderr


@pytest.mark.parametrize("command", ["delta", "observe", "tokens"])
def test_help(command: str) -> None:
    out = run(command, "--help")
    assert out.returncode == 0 and "usage: deltarec " + command in out.stdout


def test_observe_json_elements_lists_the_numbered_elements(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from deltarec.core.cli.main import main

    assert main(["observe", "--elements", dump("settings-wifi/05.xml")]) == 0
    numbered = [line for line in capsys.readouterr().out.splitlines() if line.startswith("[")]
    assert main(["observe", "--format", "json", "--elements", dump("settings-wifi/05.xml")]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [e["index"] for e in listed] == list(range(len(numbered))) and numbered
    pairs = zip(listed, numbered, strict=True)
    assert all(line.startswith(f"[{e['index']}] {e['role']} ") for e, line in pairs)


def test_baselines_location_is_in_help_and_an_empty_home_is_unset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from deltarec.core.cli.device_commands import session_dir
    from deltarec.core.cli.main import main

    for command in ("observe", "delta"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        assert "$DELTAREC_HOME/baselines/SERIAL.json" in text
        assert (
            "~/.cache/deltarec/baselines/SERIAL.json when DELTAREC_HOME is unset or empty" in text
        )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    monkeypatch.setenv("DELTAREC_HOME", "")
    assert session_dir() == tmp_path / "user" / ".cache" / "deltarec"
    assert main(["observe", "--device", "virtual", "--elements"]) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["user"]  # nothing in the current folder
    assert (tmp_path / "user" / ".cache" / "deltarec" / "baselines" / "virtual.json").is_file()
