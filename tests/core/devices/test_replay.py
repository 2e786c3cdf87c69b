"""Bundles and the replay device: a recording replays with no phone."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from deltarec.core.bundle import Bundle
from deltarec.core.devices.replay import ReplayDevice
from deltarec.core.devices.virtual import ManualClock, make_virtual_device
from deltarec.core.errors import CaptureParseError, DeviceError
from deltarec.core.observe.model import Observation


def _field(obs: Observation, rid: str) -> tuple[int, int]:
    node = next(n for n in obs.walk() if n.resource_id.endswith(f":id/{rid}"))
    return node.bounds.center


def _png(device: object) -> bytes:
    buf = io.BytesIO()
    device.screenshot().save(buf, "PNG")  # type: ignore[attr-defined]
    return buf.getvalue()


@pytest.fixture
def bundle(tmp_path: Path) -> Bundle:
    """Record: launch sign-up, tap Name, type "Ada" — by hand, as the recorder will."""
    phone = make_virtual_device(clock=ManualClock())
    rec = Bundle.create(tmp_path / "rec", {"serial": phone.serial})
    before = rec.add_observation(phone.capture(), _png(phone))
    actions = [
        ({"kind": "launch_app", "package": "dev.deltarec.playground", "activity": ".SignUpActivity"},
         lambda: phone.launch_app("dev.deltarec.playground", ".SignUpActivity")),
    ]  # fmt: skip
    for action, run in actions:
        run()
        after = rec.add_observation(phone.capture(), _png(phone))
        rec.add_step(
            {"command": "AC_launch_app", "action": action, "before": before, "after": after}
        )
        before = after
    x, y = _field(phone.capture(), "name")
    phone.tap(x, y)
    after = rec.add_observation(phone.capture())
    rec.add_step(
        {
            "command": "AC_tap",
            "action": {"kind": "tap", "x": x, "y": y},
            "before": before,
            "after": after,
        }
    )
    phone.type_text("Ada")
    last = rec.add_observation(phone.capture())
    rec.add_step(
        {
            "command": "AC_type_text",
            "action": {"kind": "type_text", "text": "Ada"},
            "before": after,
            "after": last,
        }
    )
    return Bundle.open(rec.root)


def test_replay_follows_the_recording(bundle: Bundle) -> None:
    device = ReplayDevice(bundle)
    assert device.capture().package == "dev.deltarec.launcher"
    device.launch_app("dev.deltarec.playground", ".SignUpActivity")
    x, y = _field(device.capture(), "name")
    device.tap(x + 10, y)  # inside the same field: fine
    device.type_text("Ada")
    texts = [n.text for n in device.capture().walk() if n.role == "textbox"]
    assert "Ada" in texts
    assert device.screenshot().size == (1080, 2400)  # no PNG recorded here: a wireframe


def test_divergence_is_a_device_error_naming_the_step(bundle: Bundle) -> None:
    device = ReplayDevice(bundle)
    device.launch_app("dev.deltarec.playground", ".SignUpActivity")
    with pytest.raises(DeviceError, match=r"diverged at step 2: recorded tap\(.*\), asked swipe"):
        device.swipe(0, 0, 10, 10)
    with pytest.raises(DeviceError, match="recorded tap"):
        device.tap(5, 5)  # outside the Name field


def test_recorded_screenshot_is_served(bundle: Bundle) -> None:
    assert ReplayDevice(bundle).screenshot().size == (1080, 2400)


def test_bad_bundles_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(CaptureParseError, match="cannot read bundle"):
        Bundle.open(tmp_path)
    (tmp_path / "manifest.json").write_text(json.dumps({"format": "other"}))
    with pytest.raises(CaptureParseError, match=r"not a deltarec\.bundle/1"):
        Bundle.open(tmp_path)
