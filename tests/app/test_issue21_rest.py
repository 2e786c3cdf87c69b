"""Issue 21, the last gaps: a launch that really clears, copy selector copies the tap's
target, pasted and duplicated steps say "not run yet" until they run, rename renames the
folder (undoably), and File ▸ Open recording folder…."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from deltarec.core.cli.run_command import build_parser, run_script
from deltarec.core.devices.base import Device
from deltarec.core.devices.virtual import ManualClock, VirtualDevice
from deltarec.core.devices.virtual.playground import APP_PACKAGE, Playground
from deltarec.core.devices.virtual.state import SettingsState
from deltarec.core.executor import Session
from tests.app.conftest import WindowFactory
from tests.app.helpers import FakeAsk, Phones, wait_idle

DEFAULTS = SettingsState().values


@dataclass
class OnePhone(Phones):
    """Every device opened is the same phone (as a real one is): its state carries over."""

    playground: Playground = field(default_factory=Playground)

    def open(self, spec: str) -> Device:
        device = VirtualDevice(self.playground, serial=spec)
        self.opened.append((spec, device))
        return device


@pytest.fixture
def phones() -> Phones:
    return OnePhone()


def test_launch_with_clear_replays_from_the_cleared_state_in_the_studio_and_deltarec_run(
    qtbot: QtBot, open_window: WindowFactory, ask: FakeAsk, phones: OnePhone, tmp_path: Path
) -> None:
    window = open_window()
    phones.playground.state.settings.values["vibrate"] = True  # changed before the recording
    ask.launches.append((APP_PACKAGE, True))
    window.actions_.launch.trigger()
    qtbot.waitUntil(lambda: window.model.rowCount() == 2)
    wait_idle(qtbot, window)
    assert [r.command for r in window.model.rows] == ["AC_clear_app", "AC_launch_app"]
    assert window.model.rows[0].label.startswith(f"clear {APP_PACKAGE}")
    assert phones.playground.state.settings.values == DEFAULTS and window.last_error == ""
    phones.playground.state.settings.values["dark"] = True  # the phone was used since
    with qtbot.waitSignal(window.studio.replayFinished, timeout=20_000) as finished:
        window.actions_.replay.trigger()
    wait_idle(qtbot, window)
    assert finished.args[0] is True
    assert phones.playground.state.settings.values == DEFAULTS
    # deltarec run of the recording's own script, on a phone whose setting was changed
    script = window.studio.view.bundle / "script.json"  # type: ignore[union-attr]
    assert json.loads(script.read_text("utf-8"))[0][0] == "AC_clear_app"
    used: list[VirtualDevice] = []

    def session(device: Device) -> Session:
        phone = getattr(device, "inner", device)
        assert isinstance(phone, VirtualDevice)
        phone.playground.state.settings.values["wifi"] = False
        used.append(phone)
        clock = ManualClock(0)
        return Session(device, clock=clock, sleep=clock.advance)

    parsed = build_parser().parse_args(["run", str(script), "--device", "virtual"])
    out = io.StringIO()
    assert run_script(parsed, make_session=session, stdout=out, stderr=out, tty=False) == 0
    assert used[0].playground.state.settings.values == DEFAULTS, out.getvalue()
