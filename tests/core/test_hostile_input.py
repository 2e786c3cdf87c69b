"""Issue 11, item by item: hostile input and faults end in one typed line (exit 2), never a
traceback; corrupt bundles never block the healthy ones; a run interrupted keeps its report."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from deltarec.core.bundle import Bundle, scan_recordings
from deltarec.core.capture.boundary import MAX_DEPTH
from deltarec.core.cli.main import main
from deltarec.core.devices.fakeadb import FakeAdbServer
from deltarec.core.devices.virtual import ManualClock, VirtualShell, make_virtual_device
from deltarec.core.errors import InputError, ScriptValidationError
from deltarec.core.executor import Script, Step, load_script, save_script
from deltarec.core.executor.registry import command_table
from deltarec.core.executor.script import parse_script, validate_script
from deltarec.core.recorder.session import RecordingSession, find_unfinished

ROOT = Path(__file__).resolve().parents[2]
OBS = "deltarec.observation/1"


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run the CLI, expect exit 2 with exactly one ``deltarec: error:`` line; that line."""
    code, _, err = cli(capsys, *argv)
    lines = err.splitlines()
    assert (code, len(lines)) == (2, 1), err
    assert lines[0].startswith("deltarec: error: ")
    return lines[0]


def node(bounds: str = "[0,0][10,10]", kids: str = "") -> str:
    return f'<node class="android.widget.Button" bounds="{bounds}">{kids}</node>'


def dump(body: str, rotation: str = "0") -> str:
    return f'<hierarchy rotation="{rotation}">{body}</hierarchy>'


def healthy_recording(root: Path) -> Path:
    clock = ManualClock()
    session = RecordingSession(make_virtual_device(clock=clock), root / "20240101-120000",
                               clock=clock, sleep=clock.advance, screenshots=False)  # fmt: skip
    index = session.start()
    sign_up = next(e for e in index.elements if e.name == "Sign up")
    session.record_tap(*sign_up.bounds.center)
    return session.bundle.root


CORRUPT_MANIFESTS: dict[str, bytes] = {
    "bad-utf8": b'{"format": "deltarec.bundle/1", "info": {"state": "recording", "name": "\xff"}}',
    "bad-byte": b"\xff",
    "huge-number": b'{"format": "deltarec.bundle/1", "observations": 1e400, "steps": []}',
    "wrong-types": b'{"format": "deltarec.bundle/1", "device": [], "steps": []}',
    "step-types": b'{"format": "deltarec.bundle/1", "observations": 1,'
    b' "steps": [{"command": "AC_tap", "after": "one"}]}',
    "action-types": b'{"format": "deltarec.bundle/1", "observations": 1,'
    b' "steps": [{"command": "AC_tap", "actions": [{"kind": "tap", "x": "a"}]}]}',
    "no-command": b'{"format": "deltarec.bundle/1", "observations": 1, "steps": [{"after": 0}]}',
    "truncated": b'{"format": "deltarec.bundle/1", "steps": [',
}


# -- item 1: corrupt bundles -------------------------------------------------------------


def test_corrupt_bundles_are_listed_unreadable_and_the_healthy_one_is_still_offered(
    tmp_path: Path,
) -> None:
    healthy = healthy_recording(tmp_path)
    for name, data in CORRUPT_MANIFESTS.items():
        (tmp_path / name).mkdir()
        (tmp_path / name / "manifest.json").write_bytes(data)
    readable, unreadable = scan_recordings(tmp_path)
    assert [b.root for b in readable] == [healthy, tmp_path / "no-command"]
    assert sorted(p.name for p, _ in unreadable) == sorted(set(CORRUPT_MANIFESTS) - {"no-command"})
    assert all(isinstance(e, InputError) for _, e in unreadable)
    assert find_unfinished(tmp_path) == [healthy]


@pytest.mark.parametrize("name", sorted(CORRUPT_MANIFESTS))
def test_restore_and_replay_of_a_corrupt_bundle_are_typed_errors(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bundle = healthy_recording(tmp_path)
    (bundle / "manifest.json").write_bytes(CORRUPT_MANIFESTS[name])
    with pytest.raises(InputError):
        RecordingSession.restore(bundle, make_virtual_device())
    if name == "no-command":
        return  # replay needs no command names: only restoring does
    script = tmp_path / "s.json"
    script.write_text('[["AC_back"]]')
    line = refused(capsys, "run", str(script), "--device", f"replay:{bundle}")
    assert "manifest.json" in line


@pytest.mark.parametrize(
    "observation",
    [b"\xff", b'{"format": "deltarec.observation/1", "width": 1e400, "windows": []}'],
)
def test_a_corrupt_observation_in_a_bundle_is_a_typed_error(
    observation: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bundle = healthy_recording(tmp_path)
    (bundle / "observations" / "0000.json").write_bytes(observation)
    script = tmp_path / "s.json"
    script.write_text('[["AC_observe"]]')
    assert "0000.json" in refused(capsys, "run", str(script), "--device", f"replay:{bundle}")


# -- item 2 and 9: one line, exit 2 ------------------------------------------------------

HOSTILE_CAPTURES: list[tuple[str, str | bytes, str]] = [
    ("bounds-5000-digits.xml", dump(node("[0,0][" + "9" * 5000 + ",10]")), "over 20 digits"),
    ("rotation.xml", dump(node(), rotation="²"), "rotation '²' is not an integer"),
    ("arabic-digits.xml", dump(node("[0,0][١٠,10]")), "ASCII digits only"),
    ("elements-x.json", '[{"role": "button", "x": 1e400}]', "1e400 is out of range"),
    ("elements-inf.json", '[{"role": "button", "x": "inf"}]', "'inf' is not a number"),
    ("elements-digits.json", '[{"role": "button", "x": ' + "9" * 5000 + "}]", "over 20 digits"),
    ("obs-width.json", '{"format": "' + OBS + '", "width": 1e400, "windows": []}', "out of range"),
    (
        "obs-enabled.json",
        '{"format": "' + OBS + '", "windows": [{"attributes": {"enabled": "false"}}]}',
        "enabled must be true or false",
    ),
    ("bad-utf8.json", b'[{"role": "\xff"}]', "not UTF-8"),
    ("surrogate.json", '[{"role": "\\ud800"}]', "unpaired surrogate"),
    ("nan.json", '[{"role": "button", "x": NaN}]', "NaN is not valid JSON"),
    ("deep.json", "[" * 5000 + "]" * 5000, "nests deeper"),
]


@pytest.mark.parametrize(("name", "content", "problem"), HOSTILE_CAPTURES)
def test_hostile_captures_exit_2_with_one_line(
    name: str,
    content: str | bytes,
    problem: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    for argv in (["observe", str(path)], ["observe", "--format", "json", str(path)]):
        assert problem in refused(capsys, *argv)
    assert problem in refused(capsys, "delta", str(path), str(path))


def test_a_byte_order_mark_dump_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bom.xml"
    path.write_bytes(b"\xef\xbb\xbf" + dump(node()).encode())
    code, out, _ = cli(capsys, "observe", str(path))
    assert code == 0 and "button" in out


def test_a_script_with_1e400_in_a_capture_is_a_validation_error(tmp_path: Path) -> None:
    text = '[["AC_delta_observation", {"prev": [{"role": "button", "x": 1e400}]}]]'
    with pytest.raises(ScriptValidationError, match="out of range") as refused_at:
        load_script(text)
    assert refused_at.value.path == "$[0][1].prev[0].x"  # where, not just "$"
    with pytest.raises(ScriptValidationError, match="out of range"):  # as MCP hands it over
        command_table()["AC_delta_observation"].parse(
            {"prev": [{"role": "button", "x": float("inf")}]}, "$[0][1]"
        )


@pytest.mark.parametrize(("package", "activity"), [("com.app\n", ""), ("com.app", ".Main\n"),
                                                   ("com.تطبيق", "")])  # fmt: skip
def test_package_and_activity_must_match_whole(package: str, activity: str) -> None:
    with pytest.raises(ScriptValidationError, match="not a"):
        load_script(json.dumps([["AC_launch_app", {"package": package, "activity": activity}]]))


def test_a_damaged_baseline_is_a_lost_cache_not_a_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DELTAREC_HOME", str(tmp_path))
    baseline = tmp_path / "baselines" / "virtual.json"
    baseline.parent.mkdir()
    for damage in (b"\xff", b'{"format": "%s", "width": 1e400}' % OBS.encode(), b"[" * 9000):
        baseline.write_bytes(damage)
        code, out, err = cli(capsys, "delta", "--device", "virtual")
        assert code == 0, err
        assert "ignoring the damaged baseline" in err and "first capture" in out
    code, out, err = cli(capsys, "delta", "--device", "virtual")  # and it recovered
    assert code == 0 and "ignoring" not in err


# -- item 3: bounded reads -----------------------------------------------------------------


def test_observe_dev_zero_is_refused_at_the_limit(capsys: pytest.CaptureFixture[str]) -> None:
    assert "a character device, not a regular file" in refused(capsys, "observe", "/dev/zero")


# -- item 4: lone surrogates -----------------------------------------------------------------


def test_a_lone_surrogate_never_passes_validation(tmp_path: Path) -> None:
    with pytest.raises(ScriptValidationError, match="unpaired surrogate"):
        load_script('[["AC_type_text", {"text": "a\\ud800"}]]')
    with pytest.raises(ScriptValidationError, match=r"\$\[0\]"):  # objects, as MCP hands them
        validate_script(parse_script([["AC_type_text", {"text": "a\ud800"}]]))
    with pytest.raises(ScriptValidationError, match="unpaired surrogate"):
        save_script(Script((Step("AC_type_text", {"text": "\udc80"}),)), tmp_path / "s.json")
    assert list(tmp_path.iterdir()) == []


def test_recording_refuses_a_lone_surrogate_before_acting(tmp_path: Path) -> None:
    device = make_virtual_device()
    session = RecordingSession(device, tmp_path / "b", screenshots=False)
    session.start()
    before = device.capture()
    with pytest.raises(ScriptValidationError, match="unpaired surrogate"):
        session.record("AC_type_text", {"text": "\ud800"})
    assert device.capture() == before and session.steps == []
    session.record("AC_back")  # and recording (with its autosave) goes on
    assert len(Bundle.open(tmp_path / "b").steps) == 1


def test_run_report_of_a_surrogate_script_is_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "s.json"
    script.write_text('[["AC_type_text", {"text": "\\udfff"}]]')
    assert "unpaired surrogate" in refused(
        capsys, "run", str(script), "--report", str(tmp_path / "r.html")
    )


# -- item 5: one depth through every stage -------------------------------------------------


def test_a_dump_at_the_depth_limit_passes_every_stage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = node()
    for _ in range(MAX_DEPTH - 1):
        body = node(kids=body)
    path = tmp_path / "deep.xml"
    path.write_text(dump(body))
    code, out, _ = cli(capsys, "observe", "--format", "json", str(path))
    assert code == 0 and json.loads(out)["format"] == OBS
    again = tmp_path / "again.json"
    again.write_text(out)
    assert cli(capsys, "delta", str(path), str(again))[0] == 0
    path.write_text(dump(node(kids=body)))
    assert f"deeper than {MAX_DEPTH}" in refused(capsys, "observe", str(path))


# -- item 7: signals during run --report ------------------------------------------------------


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_finishes_the_report_without_a_traceback(tmp_path: Path, signum: int) -> None:
    script = tmp_path / "s.json"
    script.write_text(
        json.dumps([["AC_back"], ["AC_sleep", {"seconds": 120, "reason": "held"}], ["AC_back"]])
    )
    report = tmp_path / "r.html"
    run = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "deltarec.core.cli.main",
            "run",
            str(script),
            "--report",
            str(report),
        ],
        cwd=ROOT,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "DELTAREC_HOME": str(tmp_path)},
    )
    assert run.stderr is not None
    first = run.stderr.readline()  # the condition: step 1 is done (and its report written)
    assert first.startswith("[1/3] AC_back")
    assert report.exists()
    run.send_signal(signum)
    _, rest = run.communicate(timeout=60)
    assert run.returncode == 128 + signum
    assert rest.splitlines() == [
        f"deltarec: interrupted by {signal.Signals(signum).name} after 1 of 3 steps;"
        f" report: {report}"
    ]
    page = report.read_text("utf-8")
    assert page.count(">skipped<") >= 1 and "AC_sleep" in page


# -- item 9: the virtual shell and the adb server port ------------------------------------------


@pytest.mark.parametrize(
    ("command", "error"),
    [
        ("sleep abc", "sleep: invalid number 'abc'"),
        ("sleep -1", "sleep: invalid number"),
        ("grep '('", "grep: bad regex"),
        ("input tap 1e400 5", "Error: Invalid arguments for command: tap"),
        ("input swipe 1 2 3 nan", "Error: Invalid arguments for command: swipe"),
    ],
)
def test_the_virtual_shell_answers_bad_arguments_like_a_shell(command: str, error: str) -> None:
    result = VirtualShell().shell(command)
    assert result.exit_code != 0 and result.stderr.decode().startswith(error)


def test_devices_honours_android_adb_server_port(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakeAdbServer([VirtualShell(serial="emulator-5560")]) as server:
        monkeypatch.setenv("ANDROID_ADB_SERVER_PORT", str(server.port))
        code, out, _ = cli(capsys, "devices")
    assert code == 0 and "emulator-5560\tdevice" in out.splitlines()


def test_a_hand_edited_expect_with_a_bad_escape_is_compared_as_written() -> None:
    from deltarec.core.executor.effect import signature

    assert signature('+ [3] button "\\x"') == ("+", "button", "\\x")
    assert signature('+ button "a\tb"') == ("+", "button", "a\tb")


def test_refused_values_are_named_by_their_json_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "s.json"
    script.write_text('{"steps": [["AC_home", {}], ["AC_tap", {"x": 5, "y": 9e999}]]}')
    said = refused(capsys, "run", str(script)).removeprefix("deltarec: error: ")
    assert said == "$.steps[1][1].y: number 9e999 is out of range"
    script.write_text('[["AC_type_text", {"text": "ok", "\\udc00": 1}]]')
    said = refused(capsys, "run", str(script)).removeprefix("deltarec: error: ")
    assert said.startswith('$[0][1]["\\udc00"]: unpaired surrogate')
    obs = tmp_path / "o.json"
    obs.write_text('{"package": "a", "width": 1080, "height": 1e400}')
    assert refused(capsys, "observe", str(obs)).endswith(f"(at {obs}, $.height)")
