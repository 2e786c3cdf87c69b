"""Executor fixtures: a fresh Playground phone and a session on a fake clock (no real sleeps)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from deltarec.core.devices.virtual import ManualClock, VirtualDevice, make_virtual_device
from deltarec.core.executor import RunReport, Session, load_script, run_steps

APP = "dev.deltarec.playground"


@pytest.fixture
def clock() -> ManualClock:
    """The session's clock; its ``advance`` is the session's sleep."""
    return ManualClock(0)


@pytest.fixture
def device() -> VirtualDevice:
    """A Playground phone on the launcher, with its own frozen clock (the status bar stays 9:41)."""
    return make_virtual_device(clock=ManualClock())


@pytest.fixture
def session(device: VirtualDevice, clock: ManualClock, tmp_path: Path) -> Session:
    return Session(device, clock=clock, sleep=clock.advance, output_dir=tmp_path)


def run(session: Session, steps: list[Any], **kwargs: Any) -> RunReport:
    """Load ``steps`` as script JSON (so validation runs as for a file) and run them."""
    return run_steps(load_script(json.dumps(steps)), session, **kwargs)


def launch(activity: str) -> list[Any]:
    return ["AC_launch_app", {"package": APP, "activity": f".{activity}"}]
