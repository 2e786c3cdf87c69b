"""The public names, pinned (as httpx pins its own): adding or removing one is a decision."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import deltarec
import deltarec.core
import deltarec.testing

ERRORS = {
    "AmbiguousSelectorError",
    "CaptureParseError",
    "DeltarecError",
    "DeviceDisconnected",
    "DeviceError",
    "DeviceTimeout",
    "ElementNotFoundError",
    "ExpectationError",
    "InputError",
    "ScriptValidationError",
    "SelectorError",
    "StaleIndexError",
    "StepFailedError",
}


def test_deltarec_exports_the_api_and_the_whole_error_tree() -> None:
    assert set(deltarec.__all__) == {
        "Locator",
        "LocatorAssertions",
        "Phone",
        "connect",
        "expect",
        *ERRORS,
    }
    assert all(getattr(deltarec, name) is not None for name in deltarec.__all__)


def test_deltarec_core_exports() -> None:
    assert set(deltarec.core.__all__) == {
        "DEFAULT_VOLATILE",
        "Bounds",
        "DeltaResult",
        "IndexOptions",
        "Node",
        "Observation",
        "ObservationDiff",
        "Observer",
        "Volatile",
        "apply_diff",
        "assign_stable_ids",
        "compute_keys",
        "count_tokens",
        "delta_index",
        "delta_observation",
        "delta_observation_result",
        "diff_observations",
        "elements_to_observation",
        "flatten_tree",
        "learn_volatile",
        "load_capture",
        "match_elements",
        "observation_from_json",
        "observation_index",
        "observation_to_elements",
        "observation_to_json",
        "observe_delta",
        "observe_frame",
        "parse_uiautomator",
        "read_capture",
        "serialize_observation",
        "summarize_delta",
        "without_volatile",
        *ERRORS,
    }


def test_deltarec_testing_exports() -> None:
    assert set(deltarec.testing.__all__) == {"FakeU2Server", "ScriptedTarget", "U2Phone"}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_errors_print_as_deltarec_names_and_pickle(name: str) -> None:
    error = getattr(deltarec, name)
    assert error is getattr(deltarec.core, name)
    assert repr(error) == f"<class 'deltarec.{name}'>"
    assert issubclass(error, deltarec.DeltarecError)


def test_a_raised_error_reads_deltarec_in_a_traceback_and_survives_pickling() -> None:
    error = deltarec.StepFailedError(2, "AC_tap", "nothing matches", ["text='Save'"])
    copy = pickle.loads(pickle.dumps(error))
    assert (type(copy), copy.args, copy.step, copy.tried) == (
        type(error),
        error.args,
        2,
        ("text='Save'",),
    )
    code = "import deltarec; raise deltarec.StepFailedError(0, 'AC_tap', 'gone')"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stderr.splitlines()[-1] == "deltarec.StepFailedError: step 1 (AC_tap) failed: gone"


def test_unknown_names_are_attribute_errors() -> None:
    with pytest.raises(AttributeError, match="no attribute 'conect'"):
        _ = deltarec.conect  # type: ignore[attr-defined]


def test_importing_deltarec_loads_nothing_of_the_library() -> None:
    code = "import sys, deltarec; print(sorted(m for m in sys.modules if m.startswith('deltarec')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "['deltarec']", out.stderr


def test_import_core_from_a_checkout_names_the_new_path() -> None:
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run(
        [sys.executable, "-c", "import core"], cwd=root, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 1
    assert out.stderr.splitlines()[-1] == (
        "ImportError: deltarec's library is imported as deltarec.core, not 'core'"
        " (the folder core/ installs as deltarec.core; see docs/architecture.md)"
    )
