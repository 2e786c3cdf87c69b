"""Shared test setup: offscreen Qt, no real adb server, the real captures in fixtures/real."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# CI replays the same examples every run (a red run must mean a change broke something, not
# that a new random example turned up); locally each run explores new ones.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
os.environ["ADBUTILS_ADB_PATH"] = "/bin/false"

ROOT = Path(__file__).resolve().parents[1]
REAL_DUMPS = ROOT / "fixtures" / "real"


def real_dump(name: str) -> bytes:
    """The bytes of one real capture, e.g. ``real_dump("contacts-agent/06.xml")``."""
    return (REAL_DUMPS / name).read_bytes()


@pytest.fixture(scope="session")
def real_dumps() -> Path:
    if not REAL_DUMPS.is_dir():
        pytest.fail(f"real captures missing: {REAL_DUMPS}")
    return REAL_DUMPS
