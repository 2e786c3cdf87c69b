"""VirtualShell with the exact command strings adbutils sends, and its fault injection."""

from __future__ import annotations

import io
import re
import shlex

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.latency import Latency
from deltarec.core.devices.virtual import Faults, Playground, ShellDisconnected, VirtualShell
from deltarec.core.devices.virtual.shell import android_input_text
from deltarec.core.devices.virtual.shell_parse import ShellSyntaxError, parse, tokenize

APP = "dev.deltarec.playground"
DUMP = (
    "rm -f /data/local/tmp/uidump.xml; uiautomator dump /data/local/tmp/uidump.xml && echo success"
)
HOSTILE = "a b'c\"d;e&f|g$(h)"


def focused_sign_up(**kw: object) -> VirtualShell:
    sh = VirtualShell(**kw)  # type: ignore[arg-type]
    sh.shell(f"am start -n {APP}/.SignUpActivity")
    sh.playground.perform("focus:name")
    return sh


def test_dump_hierarchy_command_writes_the_file_and_prints_success() -> None:
    sh = VirtualShell()
    sh.write_file("/data/local/tmp/uidump.xml", b"stale")
    r = sh.shell(DUMP)
    assert r.exit_code == 0
    assert r.stdout == b"UI hierchary dumped to: /data/local/tmp/uidump.xml\nsuccess\n"
    data = sh.read_file("/data/local/tmp/uidump.xml")
    assert data is not None and data.startswith(b"<?xml")
    assert parse_uiautomator(data).package == "dev.deltarec.launcher"


def test_screencap_prints_png_bytes() -> None:
    r = VirtualShell().shell("screencap -p")
    assert r.exit_code == 0
    assert Image.open(io.BytesIO(r.stdout)).size == (1080, 2400)


def test_input_text_with_shlex_quoted_hostile_text_types_it_exactly() -> None:
    sh = focused_sign_up()
    command = "input text " + shlex.quote(HOSTILE)
    assert command == "input text 'a b'\"'\"'c\"d;e&f|g$(h)'"  # what adbutils' list2cmdline sends
    assert sh.shell(command).exit_code == 0
    assert sh.playground.state.form.name == HOSTILE


def test_input_text_turns_percent_s_into_a_space() -> None:
    sh = focused_sign_up()
    sh.shell("input text 'hello%sworld'")
    assert sh.playground.state.form.name == "hello world"
    assert android_input_text("100%") == "100%"
    assert android_input_text("%%s") == "% "


@settings(max_examples=80, deadline=None)
@given(st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), min_size=1))
def test_any_printable_ascii_survives_shlex_quoting(text: str) -> None:
    sh = focused_sign_up()
    sh.shell("input text " + shlex.quote(text))
    assert sh.playground.state.form.name == android_input_text(text)


def test_tap_swipe_keyevent_and_long_press() -> None:
    sh = VirtualShell()
    sh.shell(f"am start -n {APP}/.InboxActivity")
    sh.shell("input swipe 540 1800 540 1300 300")
    assert sh.playground.state.inbox.offset == 500 - 21  # less the touch slop (8 dp)
    sh.shell("input draganddrop 540 1300 540 1800 300")
    assert sh.playground.state.inbox.offset == 0
    sh.shell("input swipe 540 700 540 700 800")  # long press
    assert sh.playground.state.inbox.selected
    sh.shell("input tap 540 700")
    assert sh.playground.current_app()[1].endswith("MessageActivity")
    sh.shell("input keyevent KEYCODE_BACK")
    assert sh.playground.current_app()[1].endswith("InboxActivity")
    sh.shell("input keyevent 3")
    assert sh.playground.current_app()[0] == "dev.deltarec.launcher"
    assert sh.shell("input -d 0 tap 10 10").exit_code == 0
    assert sh.shell("input tap 10").exit_code == 1


def test_keyevent_names_type_letters_and_delete() -> None:
    sh = focused_sign_up()
    sh.shell("input keyevent KEYCODE_A KEYCODE_B KEYCODE_DEL KEYCODE_C")
    assert sh.playground.state.form.name == "ac"


def test_window_size_rotation_and_current_app_outputs_match_adbutils_regexes() -> None:
    sh = VirtualShell()
    assert re.search(
        r"Physical size: (\d+)x(\d+)", sh.shell("wm size").stdout.decode()
    ).groups() == (  # type: ignore[union-attr]
        "1080",
        "2400",
    )
    display = sh.shell("dumpsys display").stdout.decode()
    line = next(ln for ln in display.splitlines() if re.search(r".*?orientation=(\d+)", ln))
    assert re.search(r"orientation=(\d+)", line).group(1) == "0"  # type: ignore[union-attr]
    viewport = re.compile(
        r".*DisplayViewport{.*?valid=true, .*?orientation=(?P<o>\d+), .*?deviceWidth=(?P<w>\d+), "
        r"deviceHeight=(?P<h>\d+).*"
    )
    assert viewport.search(display) is not None
    sh.shell(f"monkey -p {APP} -c android.intent.category.LAUNCHER 1")
    focus = re.compile(r"mCurrentFocus=Window{.*\s+(?P<package>[^\s]+)/(?P<activity>[^\s]+)\}")
    m = focus.search(sh.shell("dumpsys window windows").stdout.decode())
    assert m is not None and m.group("package") == APP
    assert m.group("activity") == f"{APP}.MainActivity"


def test_app_start_stop_and_packages() -> None:
    sh = VirtualShell()
    assert sh.shell("am start -n com.nope/.Main").exit_code == 1
    assert sh.shell("monkey -p com.nope -c android.intent.category.LAUNCHER 1").exit_code == 252
    sh.shell(f"am start -n {APP}/{APP}.SettingsActivity")
    assert sh.playground.current_app()[1].endswith("SettingsActivity")
    sh.shell(f"am force-stop {APP}")
    assert sh.playground.current_app()[0] == "dev.deltarec.launcher"
    out = sh.shell("pm list packages").stdout.decode()
    assert f"package:{APP}\n" in out
    assert sh.shell("getprop ro.product.model").stdout == b"Playground\n"
    assert b"[ro.serialno]: [virtual]" in sh.shell("getprop").stdout


def test_operators_pipes_and_redirections() -> None:
    sh = VirtualShell()
    assert sh.shell("echo a; echo b && echo c || echo d").stdout == b"a\nb\nc\n"
    assert sh.shell("false && echo no; echo yes").stdout == b"yes\n"
    assert sh.shell("false || echo rescued").stdout == b"rescued\n"
    assert sh.shell("pm list packages | grep launcher").stdout == b"package:dev.deltarec.launcher\n"
    sh.shell("echo hi > /sdcard/x; echo there >> /sdcard/x")
    assert sh.read_file("/sdcard/x") == b"hi\nthere\n"
    assert sh.shell("cat /sdcard/x").stdout == b"hi\nthere\n"
    assert sh.shell("rm /nope").exit_code == 1 and sh.shell("rm -f /nope").exit_code == 0
    assert sh.shell("nope 2>/dev/null").stderr == b""
    assert sh.shell("nope 2>&1").stdout.startswith(b"/system/bin/sh: nope")


def test_unknown_command_is_127_with_the_android_message() -> None:
    r = VirtualShell().shell("frobnicate --now")
    assert r.exit_code == 127
    assert r.stderr == b"/system/bin/sh: frobnicate: inaccessible or not found\n"


def test_unclosed_quote_is_a_syntax_error_not_an_exception() -> None:
    r = VirtualShell().shell("echo 'oops")
    assert r.exit_code == 1 and b"no closing quote" in r.stderr
    with pytest.raises(ShellSyntaxError):
        tokenize('echo "oops')


def test_parser_keeps_quoted_operators_as_text() -> None:
    steps = parse("echo ';' \"&&\" a\\|b")
    assert len(steps) == 1 and steps[0].commands[0].argv == ("echo", ";", "&&", "a|b")


def test_idle_state_fault_prints_error_and_keeps_no_file() -> None:
    sh = VirtualShell(faults=Faults(idle_failures=2))
    for _ in range(2):
        r = sh.shell(DUMP)
        out = r.stdout + r.stderr
        assert b"ERROR: could not get idle state." in out  # adbutils: 'ERROR' in output -> raises
        assert sh.read_file("/data/local/tmp/uidump.xml") is None
    assert sh.shell(DUMP).stdout.endswith(b"success\n")
    assert sh.read_file("/data/local/tmp/uidump.xml") is not None


def test_null_root_fault_writes_an_empty_hierarchy() -> None:
    sh = VirtualShell(faults=Faults(null_root_dumps=1))
    sh.shell(DUMP)
    data = sh.read_file("/data/local/tmp/uidump.xml")
    assert data is not None and parse_uiautomator(data, screen=(1080, 2400)).windows == ()
    sh.shell(DUMP)
    data = sh.read_file("/data/local/tmp/uidump.xml")
    assert data is not None and parse_uiautomator(data).windows


def test_slow_capture_uses_the_injected_sleep() -> None:
    slept: list[float] = []
    sh = VirtualShell(
        faults=Faults(latency=Latency(capture_s=2.5, screenshot_s=0.5), sleep=slept.append)
    )
    sh.shell(DUMP)
    sh.shell("screencap -p")
    assert slept == [2.5, 0.5]


def test_disconnect_after_n_calls_raises_connection_error() -> None:
    sh = VirtualShell(faults=Faults(disconnect_after=2))
    sh.shell("echo 1")
    sh.read_file("/x")
    with pytest.raises(ShellDisconnected):
        sh.shell("echo 3")
    with pytest.raises(ConnectionError):
        sh.write_file("/x", b"")


def test_shell_and_device_share_one_playground() -> None:
    pg = Playground()
    sh = VirtualShell(pg)
    sh.shell(f"am start -n {APP}/.SignUpActivity")
    assert pg.current_app()[1].endswith("SignUpActivity")
