"""deltarec core: capture, identity, index, match, diff and render, with no Qt.

The public API is what this module exports (pinned by ``tests/test_public_names.py``);
its subpackages are internal. Import it as ``deltarec.core``.
"""

if __name__ != "deltarec.core":  # ``import core`` from a checkout's top folder
    raise ImportError(
        f"deltarec's library is imported as deltarec.core, not {__name__!r}"
        " (the folder core/ installs as deltarec.core; see docs/architecture.md)"
    )

from deltarec.core.capture.element_dicts import elements_to_observation, observation_to_elements
from deltarec.core.capture.jsonio import (
    load_capture,
    observation_from_json,
    observation_to_json,
    read_capture,
)
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.apply import apply_diff
from deltarec.core.diff.observation_diff import diff_observations
from deltarec.core.diff.types import ObservationDiff
from deltarec.core.diff.volatile import DEFAULT_VOLATILE, Volatile, learn_volatile, without_volatile
from deltarec.core.elements import (
    assign_stable_ids,
    delta_index,
    delta_observation,
    delta_observation_result,
    flatten_tree,
    match_elements,
    observation_index,
    serialize_observation,
    summarize_delta,
)
from deltarec.core.errors import (
    AmbiguousSelectorError,
    CaptureParseError,
    DeltarecError,
    DeviceDisconnected,
    DeviceError,
    DeviceTimeout,
    ElementNotFoundError,
    ExpectationError,
    InputError,
    ScriptValidationError,
    SelectorError,
    StaleIndexError,
    StepFailedError,
)
from deltarec.core.observe.identity import compute_keys
from deltarec.core.observe.model import Bounds, Node, Observation
from deltarec.core.observer import DeltaResult, IndexOptions, Observer, observe_delta, observe_frame
from deltarec.core.render.tokens import count_tokens

__all__ = [
    "DEFAULT_VOLATILE",
    "AmbiguousSelectorError",
    "Bounds",
    "CaptureParseError",
    "DeltaResult",
    "DeltarecError",
    "DeviceDisconnected",
    "DeviceError",
    "DeviceTimeout",
    "ElementNotFoundError",
    "ExpectationError",
    "IndexOptions",
    "InputError",
    "Node",
    "Observation",
    "ObservationDiff",
    "Observer",
    "ScriptValidationError",
    "SelectorError",
    "StaleIndexError",
    "StepFailedError",
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
]
