"""A script replayed through the whole adb path: Session → AdbDevice → adbutils →
FakeAdbServer → the Playground phone, with the same observations as in process."""

from __future__ import annotations

from deltarec.core.devices.adb import AdbDevice
from deltarec.core.devices.fakeadb import FakeAdbServer
from deltarec.core.devices.virtual import ManualClock, Playground, VirtualShell, make_virtual_device
from deltarec.core.executor import Session, load_script, run_steps

SCRIPT = """[
  ["AC_tap", {"selector": {"text": "Sign up"}}],
  ["AC_tap", {"selector": {"resource_id": "name"}}],
  ["AC_type_text", {"text": "Ada Lovelace"}],
  ["AC_tap", {"selector": {"resource_id": "save"}}],
  ["AC_assert", {"selector": {"text": "Save account?"}, "exists": true}],
  ["AC_tap", {"selector": {"text": "Cancel"}}],
  ["AC_assert", {"selector": {"text": "Save account?"}, "gone": true}]
]"""


def _run(session: Session) -> list[str | None]:
    report = run_steps(load_script(SCRIPT), session)
    assert report.ok, [str(r.error) for r in report.failures]
    return [r.observation for r in report.results]


def test_same_script_same_observations_in_process_and_over_adb() -> None:
    clock = ManualClock()
    local = _run(Session(make_virtual_device(clock=clock), clock=clock, sleep=clock.advance))
    remote_clock = ManualClock()
    shell = VirtualShell(Playground(remote_clock), serial="emulator-5554")
    with FakeAdbServer([shell]) as server:
        device = AdbDevice("emulator-5554", host="127.0.0.1", port=server.port)
        remote = _run(Session(device, clock=remote_clock, sleep=remote_clock.advance))

    # The adb capture does not ask for the activity (one more shell call per capture),
    # so only a full frame's header line differs.
    def body(text: str | None) -> list[str]:
        lines = (text or "").splitlines()
        return lines[1:] if lines and lines[0].startswith("screen ") else lines

    assert [body(t) for t in remote] == [body(t) for t in local]
    assert '(text: "Name"→"Ada Lovelace")' in (remote[2] or "")
