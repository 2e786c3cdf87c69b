"""The observation policy: who moves the baseline, what a result looks like, what runs at all."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from deltarec.core.devices.base import ShellResult
from deltarec.core.devices.virtual import ManualClock, VirtualDevice, make_virtual_device
from deltarec.core.elements import delta_observation_result
from deltarec.core.errors import ScriptValidationError
from deltarec.core.executor import Session, catalog
from tests.core.executor.conftest import APP, launch, run

NAME = {"selector": {"resource_id": "name"}}


def open_sign_up(session: Session) -> dict[str, Any]:
    return session.call("AC_launch_app", {"package": APP, "activity": ".SignUpActivity"})


def test_every_result_has_the_envelope(session: Session) -> None:
    result = open_sign_up(session)
    assert set(result) == {"ok", "command", "step", "result", "observation", "timing"}
    assert (result["ok"], result["command"], result["step"]) == (True, "AC_launch_app", 0)
    timing = result["timing"]
    assert set(timing) == {"queueMs", "toolMs", "observationMs", "totalMs"}
    parts = timing["queueMs"] + timing["toolMs"] + timing["observationMs"]
    assert timing["totalMs"] == pytest.approx(parts)
    assert session.call("AC_current_app")["step"] == 1


def test_a_launch_reads_as_a_delta_from_the_screen_last_shown(session: Session) -> None:
    observation = open_sign_up(session)["observation"]  # nothing seen yet: the full frame
    assert observation.splitlines()[0] == f"screen {APP}/{APP}.SignUpActivity 1080x2400"
    assert '[6] textbox "Name" @(540,472)' in observation
    tapped = session.call("AC_tap", NAME)["observation"]
    assert tapped == '+ keyboard opened (covers y 1530–2400)\n~ focus: none → [6] textbox "Name"'
    assert open_sign_up(session)["observation"] == "no change"  # already on top: as it was
    settings = session.call("AC_launch_app", {"package": APP, "activity": ".SettingsActivity"})
    lines = settings["observation"].splitlines()
    assert lines[0] == '» new screen SettingsActivity [12] "Settings": 18 elements (6 gone)'
    assert '+ [13] button "Airplane mode · Off", [14] switch (unchecked)' in lines
    # Back on the form, which lost its focus and keyboard: not as it was left (a launch may
    # start a fresh instance), but as it was entered, step 1, which the memory keeps too:
    # nothing differs from that step (diff/screen_memory.py; was "» new screen SignUpActivity
    # [4] "Sign up": 7 elements (25 gone)", every element listed again under its number).
    again = open_sign_up(session)["observation"]
    assert again == '» back to SignUpActivity "Sign up" (as after step 1)'
    back = session.call("AC_launch_app", {"package": APP, "activity": ".SettingsActivity"})
    assert back["observation"] == '» back to SettingsActivity "Settings" (as after step 4)'


def test_readonly_commands_that_return_no_whole_frame_never_move_the_baseline(
    session: Session, tmp_path: Path
) -> None:
    open_sign_up(session)
    baseline, seen = session.baseline, session.seen
    session.device.tap(540, 472)  # behind the session's back: focus the Name field
    session.device.type_text("Ada")
    for name, params in [
        ("AC_observe", {"tree": True, "max_lines": 5}),  # cut: not a frame seen whole
        ("AC_screenshot", {"path": str(tmp_path / "shot.png")}),
        ("AC_delta_observation", {}),
        ("AC_current_app", {}),
        ("AC_list_devices", {"adb": False}),
    ]:
        result = session.call(name, params)
        assert result["ok"], result
        assert result["observation"] is None
        assert session.baseline is baseline and session.seen is seen
    # The next mutation still reports everything since the baseline the caller saw.
    observation = session.call("AC_press_key", {"key": "enter"})["observation"]
    assert '~ [6] textbox "Ada" (text: "Name"→"Ada")' in observation


def test_readonly_commands_capture_only_to_return_a_frame(session: Session, tmp_path: Path) -> None:
    open_sign_up(session)
    captures: list[int] = []
    real = session.device.capture

    def counted() -> Any:
        captures.append(1)
        return real()

    session.device.capture = counted  # type: ignore[method-assign]
    for name, params, expected in [
        ("AC_screenshot", {"path": str(tmp_path / "shot.png")}, 0),
        ("AC_current_app", {}, 0),
        ("AC_list_devices", {"adb": False}, 0),
        ("AC_observe", {}, 1),
        ("AC_describe_screen", {}, 1),
        ("AC_delta_observation", {}, 1),
    ]:
        captures.clear()
        assert session.call(name, params)["ok"]
        assert len(captures) == expected, name


@pytest.mark.parametrize("name", ["AC_observe", "AC_describe_screen"])
def test_a_frame_shown_whole_becomes_the_baseline(session: Session, name: str) -> None:
    open_sign_up(session)
    session.device.tap(540, 472)  # behind the session's back: focus the Name field
    session.device.type_text("Ada")
    shown = session.call(name)
    assert shown["observation"] is None and "cut" not in shown["result"]
    assert '[6] textbox "Ada" @(540,472) (focused)' in shown["result"]["text"]
    assert session.baseline is session.seen is not None
    # The caller has seen "Ada": the next delta is taken from that frame.
    observation = session.call("AC_tap", {"selector": {"text": "Send me news"}})["observation"]
    assert observation == '~ [9] checkbox "Send me news" (checked: false→true)'


def test_delta_observation_reads_baseline_vs_now_without_consuming_it(session: Session) -> None:
    open_sign_up(session)
    session.device.tap(540, 977)  # tick "Send me news"
    first = session.call("AC_delta_observation", {})["result"]
    assert first == {
        "summary": '~ [9] checkbox "Send me news" (checked: false→true)',
        "added": 0,
        "removed": 0,
        "changed": 1,
    }
    assert session.call("AC_delta_observation", {})["result"] == first


def test_delta_observation_with_frames_is_the_compat_function(session: Session) -> None:
    prev = [{"role": "textbox", "name": "Name", "x": 0, "y": 0, "width": 90, "height": 20}]
    curr = [{**prev[0], "value": "zr"}]
    params = {"prev": prev, "curr": curr, "max_lines": 5}
    result = session.call("AC_delta_observation", params)["result"]
    assert result == delta_observation_result(prev, curr, max_lines=5)
    assert result["changed"] == 1
    assert session.baseline is None and session.latest is None  # the device was not read


def test_delta_observation_with_no_baseline_shows_the_frame(session: Session) -> None:
    result = session.call("AC_delta_observation", {"max_lines": 3})["result"]
    assert result["summary"].startswith("screen dev.deltarec.launcher/")
    assert (result["added"], result["removed"], result["changed"]) == (9, 0, 0)


def test_describe_screen_cut_resets_the_baseline_and_sets_the_numbers(session: Session) -> None:
    open_sign_up(session)
    described = session.call("AC_describe_screen", {"max_lines": 30})
    assert described["observation"] is None
    assert '[10] button "Save" @(540,1152) (disabled)' in described["result"]["text"]
    cut = session.call("AC_describe_screen", {"max_lines": 3})["result"]
    assert cut["cut"] is True and cut["text"].endswith("more)")
    assert session.baseline is None
    # After a reset the first mutating step's observation is the full frame, not a delta,
    # and [i] selectors use the numbers the description showed.
    tapped = session.call("AC_tap", {"selector": {"index": 6}})
    assert tapped["result"]["element"] == '[6] textbox "Name"'
    assert tapped["observation"].startswith("screen ")
    assert '[6] textbox "Name" @(540,472) (focused)' in tapped["observation"]
    typed = session.call("AC_type_text", {"text": "Ada"})["observation"]
    assert typed.startswith('~ [6] textbox "Ada"')


def test_index_selectors_keep_the_numbers_the_caller_saw(session: Session) -> None:
    session.call("AC_tap", {"selector": {"text": "Settings"}})
    # Screen numbers on Settings were given by that observation; [9] is the Wi-Fi switch.
    result = session.call("AC_tap", {"selector": {"index": 5}})
    assert result["result"]["element"] == '[5] button "Airplane mode · Off"'
    assert session.call("AC_assert", {"selector": {"index": 9}, "checked": False})["ok"]


def test_policy_none_keeps_the_baseline_at_what_the_caller_saw(session: Session) -> None:
    open_sign_up(session)
    baseline = session.baseline
    report = run(
        session,
        [["AC_tap", NAME], ["AC_type_text", {"text": "Ada"}], ["AC_back"]],
        policy="none",
    )
    assert report.ok and [r.observation for r in report.results] == [None, None, None]
    assert session.baseline is baseline
    # The next observation the caller gets covers the whole run.
    observation = session.call("AC_tap", {"selector": {"text": "Send me news"}})["observation"]
    assert observation.splitlines() == [
        '~ focus: none → [6] textbox "Ada"',
        '~ [6] textbox "Ada" (text: "Name"→"Ada")',
        '~ [9] checkbox "Send me news" (checked: false→true)',
        '~ [10] button "Save" (enabled: false→true)',
    ]


def test_policy_failures_returns_only_failed_observations(session: Session) -> None:
    open_sign_up(session)
    baseline = session.baseline
    report = run(
        session,
        [
            ["AC_tap", NAME],
            ["AC_type_text", {"text": "Ada"}],
            ["AC_assert", {**NAME, "text": "Bob"}],
        ],
        policy="failures",
    )
    assert [r.ok for r in report.results] == [True, True, False]
    assert [r.observation is None for r in report.results] == [True, True, False]
    # The failed step's observation is what changed since the caller last looked.
    assert '~ [6] textbox "Ada" (text: "Name"→"Ada")' in (report.results[2].observation or "")
    assert session.baseline is not baseline  # the caller has now seen it


def test_policy_all_returns_every_mutating_observation(session: Session) -> None:
    report = run(
        session,
        [
            launch("SignUpActivity"),
            ["AC_current_app"],
            ["AC_tap", NAME],
            ["AC_sleep", {"seconds": 1, "reason": "x"}],
        ],
    )
    seen = [r.observation is not None for r in report.results]
    assert seen == [True, False, True, False]


def test_auto_observe_off_never_captures(device: VirtualDevice, clock: ManualClock) -> None:
    session = Session(device, clock=clock, sleep=clock.advance, auto_observe=False)
    result = session.call("AC_tap", {"x": 405, "y": 1950})
    assert result["ok"] and result["observation"] is None
    assert session.latest is None and session.baseline is None


def test_call_validates_before_running(session: Session) -> None:
    with pytest.raises(ScriptValidationError) as caught:
        session.call("AC_tap", {"x": 1})
    assert caught.value.path == "$[1]"
    with pytest.raises(ScriptValidationError, match="did you mean AC_tap"):
        session.call("AC_tapp", {})
    assert session.latest is None


def test_sleep_uses_the_injected_sleep(session: Session, clock: ManualClock) -> None:
    result = session.call("AC_sleep", {"seconds": 30, "reason": "animation has no end state"})
    assert result["ok"] and clock() == 30
    assert result["timing"]["toolMs"] == 30_000


def test_screenshot_writes_a_png_atomically(session: Session, tmp_path: Path) -> None:
    path = tmp_path / "screen.png"
    result = session.call("AC_screenshot", {"path": str(path)})["result"]
    assert result == {"width": 1080, "height": 2400, "path": str(path)}
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["screen.png"]
    failed = session.call("AC_screenshot", {"path": str(tmp_path / "missing" / "x.png")})
    assert not failed["ok"] and "cannot write" in failed["error"]
    assert session.call("AC_screenshot")["result"] == {"width": 1080, "height": 2400}


def test_screenshot_writes_only_under_the_output_folder(
    device: VirtualDevice, clock: ManualClock, tmp_path: Path
) -> None:
    """Issue 11 item 8: a script's path cannot overwrite a file outside its run's folder."""
    out, victim = tmp_path / "out", tmp_path / "victim.txt"
    out.mkdir()
    victim.write_text("keep me")
    (out / "link.png").symlink_to(victim)
    session = Session(device, clock=clock, sleep=clock.advance, output_dir=out)
    for path in (str(victim), "../victim.txt", "link.png", "sub/../../victim.txt"):
        failed = session.call("AC_screenshot", {"path": path})
        assert not failed["ok"] and "outside the output folder" in failed["error"], path
    assert victim.read_text() == "keep me"
    assert session.call("AC_screenshot", {"path": "shot.png"})["ok"]
    assert (out / "shot.png").read_bytes()[:4] == b"\x89PNG"
    anywhere = Session(device, clock=clock, sleep=clock.advance, output_dir=out,
                       write_anywhere=True)  # fmt: skip
    assert anywhere.call("AC_screenshot", {"path": str(victim)})["ok"]
    assert victim.read_bytes()[:4] == b"\x89PNG"


def test_list_devices_survives_a_missing_adb_server(session: Session) -> None:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    result = session.call("AC_list_devices", {"port": port})["result"]
    assert result["devices"] == [{"serial": "virtual", "state": "device", "session": True}]
    assert "adb_error" in result


def test_disconnect_fails_the_step_and_stops_the_run(clock: ManualClock) -> None:
    from deltarec.core.devices.virtual import Faults

    device = make_virtual_device(clock=ManualClock(), faults=Faults(disconnect_after=4))
    session = Session(device, clock=clock, sleep=clock.advance)
    report = run(session, [["AC_home"], ["AC_back"], ["AC_back"], ["AC_back"]])
    assert not report.ok and report.skipped > 0
    assert "disconnected" in (report.failures[0].error or "")


class ShellDevice(VirtualDevice):
    def shell(self, command: str) -> ShellResult:
        return ShellResult(f"ran {command}".encode(), b"", 0)


def test_unsafe_shell_exists_only_when_allowed(clock: ManualClock) -> None:
    assert "AC_shell" not in {c["name"] for c in catalog()}
    (shell,) = [c for c in catalog(allow_unsafe=True) if c["name"] == "AC_shell"]
    assert shell["summary"].startswith("UNSAFE")
    safe = Session(ShellDevice(), clock=clock, sleep=clock.advance)
    with pytest.raises(ScriptValidationError, match="UNSAFE"):
        safe.call("AC_shell", {"command": "id"})
    unsafe = Session(ShellDevice(), clock=clock, sleep=clock.advance, allow_unsafe=True)
    result = unsafe.call("AC_shell", {"command": "id"})
    assert result["result"] == {"stdout": "ran id", "stderr": "", "exit_code": 0}
    no_shell = Session(make_virtual_device(), clock=clock, sleep=clock.advance, allow_unsafe=True)
    assert "has no shell" in no_shell.call("AC_shell", {"command": "id"})["error"]


def test_catalog_documents_every_command() -> None:
    entries = catalog()
    assert len(entries) == 23
    for entry in entries:
        assert entry["name"].startswith("AC_")
        assert entry["category"] in {"readonly", "discovery", "mutating", "flow"}
        assert (
            "Timeout" in entry["help"] or entry["category"] == "flow" or "Errors" in entry["help"]
        )
        for param in entry["params"]:
            assert param["help"] and param["type"]
    tap = next(e for e in entries if e["name"] == "AC_tap")
    assert [p["name"] for p in tap["params"]] == [
        "selector", "x", "y", "rel_x", "rel_y", "scroll_in", "scroll_direction", "max_swipes",
        "timeout",
    ]  # fmt: skip
    assert tap["params"][-1] == {
        "name": "timeout",
        "type": "a number",
        "required": False,
        "default": 5.0,
        "help": "seconds to wait for the selector to match",
    }


class OneScreen:
    """A fake device with one fixed screen: a button inside it and one below its bottom edge."""

    serial = "fake"

    def __init__(self) -> None:
        from deltarec.core.capture.uiautomator import parse_uiautomator

        self.obs = parse_uiautomator(
            '<hierarchy><node class="android.widget.FrameLayout" bounds="[0,0][100,200]">'
            '<node class="android.widget.Button" text="In" clickable="true" bounds="[0,0][100,50]"/>'
            '<node class="android.widget.Button" text="Out" clickable="true" bounds="[0,300][100,350]"/>'
            "</node></hierarchy>",
            screen=(100, 200),
        )
        self.taps: list[tuple[int, int]] = []

    def capture(self) -> Any:
        return self.obs

    def tap(self, x: int, y: int) -> None:
        self.taps.append((x, y))


def test_an_element_off_screen_is_not_tapped(clock: ManualClock) -> None:
    device = OneScreen()
    session = Session(device, clock=clock, sleep=clock.advance)  # type: ignore[arg-type]
    assert session.call("AC_tap", {"selector": {"text": "In"}})["ok"]
    result = session.call("AC_tap", {"selector": {"text": "Out"}})
    assert not result["ok"]
    assert 'button "Out" is not on screen (bounds [0, 300, 100, 350])' in result["error"]
    assert device.taps == [(50, 25)]


def test_close_forgets_everything(session: Session) -> None:
    open_sign_up(session)
    session.close()
    assert (session.baseline, session.seen, session.latest) == (None, None, None)
    assert session.call("AC_back")["observation"].startswith("screen ")


def test_an_unsafe_command_built_in_code_is_refused(session: Session) -> None:
    from deltarec.core.executor.commands.unsafe import Shell

    outcome = session.execute(Shell(command="id"))
    assert not outcome.ok and "UNSAFE" in str(outcome.error)


def test_a_session_on_the_virtual_phone_waits_on_the_phones_own_time() -> None:
    """The built-in phone keeps a ManualClock: nothing on it changes but by the steps and its
    clock, so a session waits by moving that clock (a replay on it never waits on the host);
    a phone on a clock of the caller's is waited on by the host's clock, as a real phone."""
    device = make_virtual_device()
    session = Session(device)
    phone_clock = device.playground.clock
    assert isinstance(phone_clock, ManualClock)
    before = phone_clock()
    assert session.call("AC_sleep", {"seconds": 30, "reason": "let a toast pass"})["ok"]
    assert phone_clock() == before + 30
    assert session.clock is phone_clock

    real = Session(make_virtual_device(clock=time.time))
    assert (real.clock, real.sleep) == (time.monotonic, time.sleep)
    given = ManualClock(0)
    told = Session(make_virtual_device(), clock=given, sleep=given.advance)
    assert told.clock is given
