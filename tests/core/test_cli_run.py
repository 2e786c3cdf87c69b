"""``deltarec run``: validation first, progress, exit codes, effect checks, the HTML report.

The parser is built in-process with :func:`deltarec.core.cli.run_command.register` and
run with a session on a fake clock (settling "waits" by advancing it), so
nothing sleeps. One subprocess test runs the real ``deltarec`` entry point
once main.py registers the subcommand.
"""

from __future__ import annotations

import base64
import io
import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from deltarec.core.bundle import Bundle
from deltarec.core.cli.run_command import Progress, build_parser, clean, run_script
from deltarec.core.devices.base import Device
from deltarec.core.devices.virtual import ManualClock, make_virtual_device
from deltarec.core.executor import Session, StepResult
from deltarec.core.observe.model import Observation
from deltarec.core.observer import observe_delta

APP = "dev.deltarec.playground"
LAUNCH = ["AC_launch_app", {"package": APP, "activity": ".SignUpActivity"}]
TAP_NAME = ["AC_tap", {"selector": {"resource_id": "name"}}]
TYPE_ADA = ["AC_type_text", {"text": "Ada"}]
SIGN_UP_OK = [LAUNCH, TAP_NAME, TYPE_ADA]

Result = tuple[int, str, str]


class Sessions:
    """A session factory on a fake clock that remembers the devices it was given."""

    def __init__(self) -> None:
        self.devices: list[Device] = []

    def __call__(self, device: Device) -> Session:
        self.devices.append(device)
        clock = ManualClock(0)
        return Session(device, clock=clock, sleep=clock.advance)


@pytest.fixture
def deltarec(tmp_path: Path) -> Callable[..., Result]:
    """Run ``deltarec run SCRIPT ARGS…`` in-process; SCRIPT is JSON-dumped to a file."""

    def go(script: Any, *args: str, sessions: Sessions | None = None, tty: bool = False) -> Result:
        path = tmp_path / "script.json"
        path.write_text(script if isinstance(script, str) else json.dumps(script), "utf-8")
        parsed = build_parser().parse_args(["run", str(path), *args])
        out, err = io.StringIO(), io.StringIO()
        code = run_script(
            parsed, make_session=sessions or Sessions(), stdout=out, stderr=err, tty=tty
        )
        return code, out.getvalue(), err.getvalue()

    return go


def test_a_passing_script_exits_0_with_one_progress_line_per_step(
    deltarec: Callable[..., Result],
) -> None:
    code, out, err = deltarec(SIGN_UP_OK, "--device", "virtual")
    assert code == 0, err
    timings = [re.sub(r"ok \d+ ms$", "ok N ms", line) for line in err.splitlines()]
    assert timings == [
        f"[1/3] AC_launch_app {APP} … ok N ms",
        '[2/3] AC_tap {resource_id="name"} … ok N ms',
        "[3/3] AC_type_text … ok N ms",
    ]
    assert re.fullmatch(r"3 passed, 0 failed, 0 warnings, 0 skipped in \d+\.\d\d s\n", out)


def test_a_failing_step_exits_1_naming_step_command_and_what_was_tried(
    deltarec: Callable[..., Result],
) -> None:
    script = [LAUNCH, ["AC_tap", {"selector": {"text": "Nope"}, "timeout": 1}], TYPE_ADA]
    code, out, err = deltarec(script)
    assert code == 1
    lines = err.splitlines()
    assert lines[1].startswith('[2/3] AC_tap {text="Nope"} … FAILED')
    assert lines[2].startswith("deltarec: failed: step 2 (AC_tap) failed: no element matches")
    assert lines[2].endswith('tried: selector {text="Nope"}')
    assert len(lines) == 3  # the third step never ran
    assert out.startswith("1 passed, 1 failed, 0 warnings, 1 skipped")


def test_keep_going_runs_the_rest(deltarec: Callable[..., Result]) -> None:
    script = [LAUNCH, ["AC_tap", {"selector": {"text": "Nope"}, "timeout": 1}], TYPE_ADA]
    code, out, err = deltarec(script, "--keep-going")
    assert code == 1 and "[3/3] AC_type_text … ok" in err
    assert out.startswith("2 passed, 1 failed, 0 warnings, 0 skipped")


@pytest.mark.parametrize(
    ("script", "path"),
    [
        ([LAUNCH, ["AC_tap", {"x": "10", "y": 20}]], "$[1][1].x"),
        ({"auto_control": [LAUNCH, ["AC_tapp", {}]]}, "$.auto_control[1][0]"),
        ([LAUNCH, ["AC_shell", {"command": "reboot"}]], "$[1][0]"),
        ("[[", "$"),
    ],
)
def test_an_invalid_script_exits_2_naming_the_json_path_and_runs_nothing(
    deltarec: Callable[..., Result], script: Any, path: str
) -> None:
    sessions = Sessions()
    code, out, err = deltarec(script, "--report", "never.html", sessions=sessions)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"deltarec: error: {path}: ")
    assert sessions.devices == []  # no device was even opened


def test_bad_inputs_other_than_the_script_exit_2(
    deltarec: Callable[..., Result], tmp_path: Path
) -> None:
    code, _, err = deltarec(SIGN_UP_OK, "--device", f"replay:{tmp_path / 'missing'}")
    assert code == 2 and "cannot read bundle" in err
    code, _, err = deltarec(SIGN_UP_OK, "--report", str(tmp_path))
    assert code == 2 and "is a directory" in err
    with pytest.raises(SystemExit) as exc:
        build_parser().parse_args(["run", "x.json", "--policy", "some"])
    assert exc.value.code == 2


def test_the_report_shows_summary_steps_screenshots_and_escaped_names(
    deltarec: Callable[..., Result], tmp_path: Path
) -> None:
    hostile = "<script>alert(1)</script>"
    script = [
        LAUNCH,
        ["AC_tap", {"selector": {"resource_id": "name"}}, {"note": hostile}],
        TYPE_ADA,
        ["AC_tap", {"selector": {"text": hostile}, "timeout": 1}],
        ["AC_back"],
    ]
    report = tmp_path / "out.html"
    code, out, _ = deltarec(script, "--report", str(report))
    assert code == 1 and out.endswith(f"; report: {report}\n")
    page = report.read_text("utf-8")
    counts = dict(re.findall(r'<div class="count (\w+)"><b>(\d+)</b>', page))
    assert counts == {"passed": "3", "failed": "1", "warnings": "0", "skipped": "1"}
    assert page.count('<section class="card step ') == 5
    assert "<script" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(images) == 4  # one per step that ran
    sizes = {Image.open(io.BytesIO(base64.b64decode(i))).size for i in images}
    assert sizes == {(360, 800)}
    assert "~ [6] textbox &quot;Ada&quot; (text: &quot;Name&quot;→&quot;Ada&quot;)" in page
    assert "queueMs" in page and "observationMs" in page
    assert "step 4 (AC_tap) failed" not in page  # the section shows the reason itself …
    assert "no element matches {text=&quot;&lt;script&gt;" in page  # … escaped


def test_the_tapped_element_is_outlined_in_the_report(
    deltarec: Callable[..., Result], tmp_path: Path
) -> None:
    report = tmp_path / "out.html"
    assert deltarec([LAUNCH, TAP_NAME], "--report", str(report))[0] == 0
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', report.read_text("utf-8"))
    tapped = Image.open(io.BytesIO(base64.b64decode(images[1]))).convert("RGB")
    launched = Image.open(io.BytesIO(base64.b64decode(images[0]))).convert("RGB")
    name = next(
        n for n in make_signup().walk() if n.resource_id.endswith(":id/name")
    ).bounds  # 1080 px wide screen → 360 px picture: divide by 3
    edge = (name.left // 3 + 1, (name.top + name.bottom) // 6)
    assert tapped.getpixel(edge) == (232, 28, 99)
    assert launched.getpixel(edge) != (232, 28, 99)


def make_signup() -> Observation:
    phone = make_virtual_device()
    phone.launch_app(APP, ".SignUpActivity")
    return phone.capture()


def test_policy_none_keeps_no_deltas(deltarec: Callable[..., Result], tmp_path: Path) -> None:
    report = tmp_path / "out.html"
    code, _, _ = deltarec(SIGN_UP_OK, "--policy", "none", "--report", str(report))
    page = report.read_text("utf-8")
    assert code == 0 and page.count("not returned (policy)") == 3
    assert "<dt>Policy</dt><dd>none</dd>" in page


NO_EFFECT = [
    LAUNCH,
    ["AC_tap", {"selector": {"text": "Create your account"}}, {"expect": '+ [11] dialog "Save?"'}],
]


def test_a_step_that_had_no_effect_fails_by_default(deltarec: Callable[..., Result]) -> None:
    code, _, err = deltarec(NO_EFFECT)
    assert code == 1
    assert 'AC_tap on Create your account had no effect (expected: + [11] dialog "Save?")' in err


def test_effects_warn_surfaces_the_warning_in_progress_and_report(
    deltarec: Callable[..., Result], tmp_path: Path
) -> None:
    report = tmp_path / "out.html"
    code, out, err = deltarec(NO_EFFECT, "--effects", "warn", "--report", str(report))
    assert code == 0
    lines = err.splitlines()
    assert lines[1].startswith('[2/2] AC_tap {text="Create your account"} … ok')
    assert lines[2] == (
        '    warning: AC_tap on Create your account had no effect (expected: + [11] dialog "Save?")'
    )
    assert "1 passed" not in out and ", 1 warning, " in out
    page = report.read_text("utf-8")
    assert '<div class="count warnings"><b>1</b>' in page
    assert "had no effect" in page and "Recorded delta (expected)" in page


def test_a_terminal_gets_a_bar_and_keeps_failures_printed(deltarec: Callable[..., Result]) -> None:
    script = [LAUNCH, ["AC_tap", {"selector": {"text": "Nope"}, "timeout": 1}]]
    code, _, err = deltarec(script, tty=True)
    assert code == 1
    assert f"\r\x1b[2K[{'#' * 12}{'-' * 12}] [1/2] AC_launch_app" in err
    assert '\r\x1b[2K[2/2] AC_tap {text="Nope"} … FAILED' in err  # stays on its own line
    assert err.count("\n") == 2  # the failure line and the final error; the bar is erased


def test_progress_lines_are_one_line_and_terminal_safe() -> None:
    stream = io.StringIO()
    progress = Progress(stream, 1, ["evil\n\x1b[31mred"], tty=False)
    progress.step(StepResult(0, "AC_tap", True, None, None, {"totalMs": 1.4}, warnings=("a\nb",)))
    assert stream.getvalue() == "[1/1] AC_tap evil\\x0a\\x1b[31mred … ok 1 ms\n    warning: a b\n"
    assert clean("x" * 100).endswith("…") and len(clean("x" * 100)) == 60


# -- replay bundles ----------------------------------------------------------------------


def _png(phone: Device) -> bytes:
    buf = io.BytesIO()
    phone.screenshot().save(buf, "PNG")
    return buf.getvalue()


@pytest.fixture
def recording(tmp_path: Path) -> tuple[Path, list[Any]]:
    """A bundle recorded on the virtual phone (launch, tap Name, type "Ada") and its script.

    The first two observations carry screenshots; the last does not (replay draws a
    wireframe). Each script step carries the delta seen when recording as ``expect``.
    """
    phone = make_virtual_device(clock=ManualClock())
    bundle = Bundle.create(tmp_path / "rec", {"serial": phone.serial})
    before_obs = phone.capture()
    before = bundle.add_observation(before_obs, _png(phone))
    script: list[Any] = []

    def record(
        command: list[Any], action: dict[str, Any], act: Callable[[], None], shot: bool
    ) -> None:
        nonlocal before, before_obs
        act()
        after_obs = phone.capture()
        after = bundle.add_observation(after_obs, _png(phone) if shot else None)
        step = {"command": command[0], "action": action, "before": before, "after": after}
        bundle.add_step(step)
        expect = observe_delta(before_obs, after_obs).text
        script.append([*command, {"expect": expect}] if command[0] != "AC_launch_app" else command)
        before, before_obs = after, after_obs

    record(LAUNCH, {"kind": "launch_app", "package": APP, "activity": ".SignUpActivity"},
           lambda: phone.launch_app(APP, ".SignUpActivity"), True)  # fmt: skip
    node = next(n for n in phone.capture().walk() if n.resource_id.endswith(":id/name"))
    x, y = node.bounds.center
    record(TAP_NAME, {"kind": "tap", "x": x, "y": y}, lambda: phone.tap(x, y), True)
    record(TYPE_ADA, {"kind": "type_text", "text": "Ada"}, lambda: phone.type_text("Ada"), False)
    return bundle.root, script


def test_a_recorded_bundle_replays_with_its_screenshots(
    deltarec: Callable[..., Result], recording: tuple[Path, list[Any]], tmp_path: Path
) -> None:
    root, script = recording
    report = tmp_path / "replay.html"
    code, out, err = deltarec(script, "--device", f"replay:{root}", "--report", str(report))
    assert code == 0, err
    assert out.startswith("3 passed, 0 failed, 0 warnings, 0 skipped")
    page = report.read_text("utf-8")
    assert f"<dt>Device</dt><dd>replay:{root}</dd>" in page
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(images) == 3
    pictures = [Image.open(io.BytesIO(base64.b64decode(i))).convert("RGB") for i in images]
    assert {p.size for p in pictures} == {(360, 800)}
    assert pictures[2].getpixel((5, 5)) == (255, 255, 255)  # no PNG recorded: a wireframe
    assert pictures[1].getpixel((5, 5)) != (255, 255, 255)  # the recorded screenshot


def test_a_replay_that_diverges_fails_naming_the_step(
    deltarec: Callable[..., Result], recording: tuple[Path, list[Any]]
) -> None:
    root, script = recording
    script[1] = ["AC_tap", {"x": 5, "y": 5}]
    code, _, err = deltarec(script, "--device", f"replay:{root}")
    assert code == 1
    assert "deltarec: failed: step 2 (AC_tap) failed: replay diverged at step 2" in err


# -- the real entry point ------------------------------------------------------------------


def _registered() -> bool:
    from deltarec.core.cli import main

    main._load_extensions()
    parser = main.build_parser()
    sub = next(a for a in parser._actions if isinstance(a.choices, dict))
    return "run" in (sub.choices or {})


@pytest.mark.skipif(not _registered(), reason="deltarec.core.cli.main does not register `run` yet")
def test_deltarec_run_through_the_real_entry_point(tmp_path: Path) -> None:
    script = tmp_path / "s.json"
    script.write_text(json.dumps(SIGN_UP_OK), "utf-8")
    report = tmp_path / "r.html"
    done = subprocess.run(
        [sys.executable, "-m", "deltarec.core.cli.main", "run", str(script), "--device", "virtual",
         "--report", str(report)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("3 passed, 0 failed")
    assert len(done.stderr.splitlines()) == 3 and report.stat().st_size > 10_000
    bad = subprocess.run(
        [sys.executable, "-m", "deltarec.core.cli.main", "run", str(tmp_path / "missing.json")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert bad.returncode == 2 and bad.stderr.startswith("deltarec: error: $: cannot read")
