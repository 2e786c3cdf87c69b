"""Shared test setup: offscreen Qt, no real adb server, the real captures in ../shared."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["ADBUTILS_ADB_PATH"] = "/bin/false"

ROOT = Path(__file__).resolve().parents[1]
REAL_DUMPS = ROOT.parent / "shared" / "real-dumps"


def real_dump(name: str) -> bytes:
    """The bytes of one real capture, e.g. ``real_dump("contacts-agent/06.xml")``."""
    return (REAL_DUMPS / name).read_bytes()


@pytest.fixture(scope="session")
def real_dumps() -> Path:
    if not REAL_DUMPS.is_dir():
        pytest.fail(f"real captures missing: {REAL_DUMPS}")
    return REAL_DUMPS
