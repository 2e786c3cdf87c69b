"""The executor's curated public API, its registry, and its import boundary."""

from __future__ import annotations

import subprocess
import sys

import deltarec.core.executor
from deltarec.core.executor import COMMANDS, Category
from deltarec.core.executor.commands.base import Command

PUBLIC = {
    "Script",
    "Step",
    "load_script",
    "save_script",
    "validate_script",
    "Selector",
    "Session",
    "run_steps",
    "RunReport",
    "StepResult",
    "COMMANDS",
    "Category",
}


def test_public_names() -> None:
    assert set(deltarec.core.executor.__all__) >= PUBLIC
    assert all(hasattr(deltarec.core.executor, name) for name in deltarec.core.executor.__all__)


def test_registry_is_one_list_of_documented_typed_commands() -> None:
    names = [c.name for c in COMMANDS]
    assert len(names) == len(set(names)) == 23
    by_category = {cat: [c.name for c in COMMANDS if c.category is cat] for cat in Category}
    assert by_category == {
        Category.READONLY: [
            "AC_observe",
            "AC_screenshot",
            "AC_delta_observation",
            "AC_observation_index",
            "AC_serialize_observation",
            "AC_match_elements",
            "AC_assign_stable_ids",
            "AC_list_devices",
            "AC_current_app",
        ],
        Category.DISCOVERY: ["AC_describe_screen"],
        Category.MUTATING: [
            "AC_tap",
            "AC_long_press",
            "AC_swipe",
            "AC_type_text",
            "AC_press_key",
            "AC_back",
            "AC_home",
            "AC_launch_app",
            "AC_stop_app",
            "AC_clear_app",
        ],
        Category.FLOW: ["AC_wait_for", "AC_assert", "AC_sleep"],
    }
    for cls in COMMANDS:
        assert issubclass(cls, Command) and not cls.unsafe
        doc = cls.__doc__ or ""
        assert "Timeout" in doc or "Errors" in doc, cls.name
        assert cls.run is not Command.run, cls.name


def test_importing_the_executor_loads_neither_qt_nor_adbutils() -> None:
    code = (
        "import sys, deltarec.core.executor\n"
        "print([m for m in sys.modules if m.split('.')[0] in ('PySide6', 'app', 'adbutils')])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
