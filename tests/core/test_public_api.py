"""The curated public API of core, and the import boundaries (no Qt, adbutils only in adb)."""

from __future__ import annotations

import importlib.util
import pkgutil
import subprocess
import sys

from deltarec import core

PUBLIC = {
    "delta_observation",
    "delta_index",
    "summarize_delta",
    "observation_index",
    "serialize_observation",
    "match_elements",
    "parse_uiautomator",
    "diff_observations",
    "apply_diff",
}


def test_design_contract_names_are_exported() -> None:
    assert set(core.__all__) >= PUBLIC
    assert all(hasattr(core, name) for name in core.__all__)


EXTRA_MODULES = {"deltarec.core.devices.u2": "uiautomator2"}
"""Modules that need an optional extra's package: skipped where it is not installed."""


def test_no_core_module_loads_qt_or_the_app() -> None:
    modules = [
        m.name
        for m in pkgutil.walk_packages(core.__path__, "deltarec.core.")
        if m.name not in EXTRA_MODULES or importlib.util.find_spec(EXTRA_MODULES[m.name])
    ]
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] == 'PySide6'"
        " or m.startswith(('deltarec.app', 'deltarec.testing'))]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_importing_core_does_not_load_adbutils() -> None:
    code = "import deltarec.core, sys; print([m for m in sys.modules if m.startswith('adbutils')])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "[]", out.stderr
