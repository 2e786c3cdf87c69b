"""``AC_clear_app``: a script that clears its app starts from the app's fresh state.

``deltarec run`` opens the phone, someone had changed a setting on it, and the script
(clear, then launch, as the Script Builder records "clear its state first") must start
from the defaults; a force-stop alone keeps them changed, as preferences survive it.
Through the MCP server, ``ac_run_steps`` runs it (a recorded script) while no tool of
its own is listed (tools/list keeps its budget).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from deltarec.core.cli.run_command import build_parser, run_script
from deltarec.core.devices.base import Device
from deltarec.core.devices.virtual import ManualClock, VirtualDevice
from deltarec.core.devices.virtual.playground import APP_PACKAGE
from deltarec.core.devices.virtual.state import SettingsState
from deltarec.core.errors import ScriptValidationError
from deltarec.core.executor import Session, parse_script, validate_script
from deltarec.core.executor.script import dumps
from deltarec.core.mcp.tools import check_script, script_commands, tool_table

APP = {"package": APP_PACKAGE}
SETTINGS = ["AC_launch_app", {"package": APP_PACKAGE, "activity": ".SettingsActivity"}]
CHANGED = {"vibrate": True, "dark": True, "wifi": False}


class ChangedPhone:
    """The session factory of ``deltarec run``: the phone it opened had its settings changed."""

    def __init__(self) -> None:
        self.phones: list[VirtualDevice] = []

    def __call__(self, device: Device) -> Session:
        phone = getattr(device, "inner", device)
        assert isinstance(phone, VirtualDevice)
        phone.playground.state.settings.values.update(CHANGED)
        self.phones.append(phone)
        clock = ManualClock(0)
        return Session(device, clock=clock, sleep=clock.advance)


def run(tmp_path: Path, script: object) -> tuple[int, str, dict[str, bool]]:
    path = tmp_path / "script.json"
    path.write_text(json.dumps(script), "utf-8")
    sessions, out, err = ChangedPhone(), io.StringIO(), io.StringIO()
    parsed = build_parser().parse_args(["run", str(path), "--device", "virtual"])
    code = run_script(parsed, make_session=sessions, stdout=out, stderr=err, tty=False)
    return (
        code,
        out.getvalue() + err.getvalue(),
        sessions.phones[0].playground.state.settings.values,
    )


@pytest.mark.parametrize(
    ("first", "expected"),
    [
        ("AC_clear_app", SettingsState().values),
        ("AC_stop_app", {**SettingsState().values, **CHANGED}),
    ],
)
def test_deltarec_run_of_a_clear_start_begins_from_the_defaults(
    tmp_path: Path, first: str, expected: dict[str, bool]
) -> None:
    code, text, values = run(tmp_path, [[first, APP], ["AC_launch_app", APP], SETTINGS])
    assert code == 0, text
    assert values == expected


@pytest.mark.parametrize("package", ["", "not a package", "com.x;reboot", 7])
def test_a_bad_package_is_refused_naming_the_json_path(package: object) -> None:
    with pytest.raises(ScriptValidationError) as caught:
        validate_script(
            parse_script([["AC_launch_app", APP], ["AC_clear_app", {"package": package}]])
        )
    assert caught.value.path == "$[1][1].package"


def test_mcp_runs_it_in_a_script_and_lists_no_tool_for_it() -> None:
    assert "ac_clear_app" not in tool_table()
    assert "AC_clear_app" in script_commands()
    check_script(parse_script([["AC_clear_app", APP], ["AC_launch_app", APP]]))  # no error


def test_exports_of_a_clear_start_clear_their_way_and_json_keeps_the_command() -> None:
    from deltarec.core.recorder.export_maestro import to_maestro
    from deltarec.core.recorder.export_python import to_pytest
    from deltarec.core.recorder.origin import clean_start

    script = parse_script([["AC_clear_app", APP], ["AC_launch_app", APP], ["AC_back"]])
    assert clean_start(script) == (APP_PACKAGE, True)
    assert json.loads(dumps(script))[0][:2] == ["AC_clear_app", APP]  # the JSON export
    flow = to_maestro(script, name="start")
    assert "clearState: true" in flow and "stopApp" not in flow
    assert flow.count("launchApp") == 1
    code = to_pytest(script, name="start")
    assert f"deltarec_app({APP_PACKAGE!r}, reset='clear')" in code
    assert f"phone.clear({APP_PACKAGE!r})" in code
    compile(code, "test_start.py", "exec")
