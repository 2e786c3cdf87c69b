"""deltarec core: capture, identity, index, match, diff and render, with no Qt.

The public API is what this module exports (pinned by ``tests/core/test_public_api.py``).
"""

from core.capture.elements import elements_to_observation, observation_to_elements
from core.capture.jsonio import (
    load_capture,
    observation_from_json,
    observation_to_json,
    read_capture,
)
from core.capture.uiautomator import parse_uiautomator
from core.compat import (
    delta_index,
    delta_observation,
    delta_observation_result,
    match_elements,
    observation_index,
    serialize_observation,
    summarize_delta,
)
from core.delta import DeltaResult, IndexOptions, Observer, observe_delta, observe_frame
from core.diff.apply import apply_diff
from core.diff.compute import diff_observations
from core.diff.types import ObservationDiff
from core.diff.volatile import DEFAULT_VOLATILE, Volatile, learn_volatile, without_volatile
from core.errors import (
    AmbiguousSelectorError,
    CaptureParseError,
    DeltarecError,
    DeviceDisconnected,
    DeviceError,
    DeviceTimeout,
    ElementNotFoundError,
    InputError,
    ScriptValidationError,
    SelectorError,
    StepFailedError,
)
from core.identity import compute_keys
from core.model import Bounds, Node, Observation
from core.render.tokens import count_tokens

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
    "IndexOptions",
    "InputError",
    "Node",
    "Observation",
    "ObservationDiff",
    "Observer",
    "ScriptValidationError",
    "SelectorError",
    "StepFailedError",
    "Volatile",
    "apply_diff",
    "compute_keys",
    "count_tokens",
    "delta_index",
    "delta_observation",
    "delta_observation_result",
    "diff_observations",
    "elements_to_observation",
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
