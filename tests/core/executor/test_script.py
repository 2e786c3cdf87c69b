"""Script format, atomic saving, and whole-script validation with exact JSON paths."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deltarec.core.errors import ScriptValidationError
from deltarec.core.executor import (
    MAX_STEPS,
    Script,
    Step,
    load_script,
    parse_script,
    save_script,
    validate_script,
)
from deltarec.core.executor.script import MAX_BYTES

TAP_SAVE = ["AC_tap", {"selector": {"resource_id": "dev.deltarec.playground:id/save"}}]


def error_of(source: Any) -> ScriptValidationError:
    text = source if isinstance(source, str | bytes) else json.dumps(source).encode()
    with pytest.raises(ScriptValidationError) as caught:
        load_script(text)
    return caught.value


def test_both_forms_load_to_the_same_steps() -> None:
    plain = load_script(json.dumps([TAP_SAVE, ["AC_back"]]))
    wrapped = load_script(json.dumps({"auto_control": [TAP_SAVE, ["AC_back"]]}))
    assert plain.steps == wrapped.steps
    assert plain.steps[1] == Step("AC_back", {})
    assert (plain.wrapped, wrapped.wrapped) == (False, True)
    assert (plain.root, wrapped.root) == ("$", "$.auto_control")


def test_metadata_is_a_third_element_and_the_two_element_form_stays_valid() -> None:
    script = load_script(
        json.dumps(
            [TAP_SAVE, [*TAP_SAVE, {"expect": '+ [11] dialog "Save account?"', "note": "n"}]]
        )
    )
    assert script.steps[0].expect is None
    assert script.steps[1].expect == '+ [11] dialog "Save account?"'
    assert script.steps[1].note == "n"
    assert script.steps[0].to_json() == TAP_SAVE
    assert script.steps[1].to_json()[2] == {"expect": '+ [11] dialog "Save account?"', "note": "n"}


@pytest.mark.parametrize("wrapped", [False, True])
def test_save_then_load_round_trips(tmp_path: Path, wrapped: bool) -> None:
    script = Script(
        (
            Step("AC_launch_app", {"package": "dev.deltarec.playground"}),
            Step("AC_type_text", {"text": 'say "hi"\nbye', "selector": {"id": "name"}}, "~ x", "é"),
        ),
        wrapped,
    )
    path = tmp_path / "s.json"
    save_script(script, path)
    assert load_script(path) == script
    assert load_script(str(path)) == script
    assert os.listdir(tmp_path) == ["s.json"]  # no temp file left behind


def test_save_is_atomic_when_the_rename_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.json"
    path.write_text("[]", encoding="utf-8")

    def broken(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        save_script(Script((Step("AC_back"),)), path)
    assert path.read_text(encoding="utf-8") == "[]"
    assert os.listdir(tmp_path) == ["s.json"]


@pytest.mark.parametrize(
    ("script", "path", "problem"),
    [
        ([["AC_tapp", {}]], "$[0][0]", "unknown command 'AC_tapp' (did you mean AC_tap?)"),
        ([["AC_back"], ["AC_tap", {"x": 1}]], "$[1][1]", "give both x and y"),
        ([["AC_tap", {}]], "$[0][1]", "where to act: give exactly one of selector or x/y"),
        ([["AC_tap", {"x": True, "y": 1}]], "$[0][1].x", "expected an integer, got a boolean"),
        ([["AC_tap", {"x": 1, "y": 2, "force": True}]], "$[0][1].force", "unknown parameter"),
        (
            [["AC_tap", {"selector": {"resource_id": 5}}]],
            "$[0][1].selector.resource_id",
            "expected a non-empty string, got a number",
        ),
        (
            [["AC_tap", {"selector": {"colour": "red"}}]],
            "$[0][1].selector.colour",
            "unknown selector field 'colour'",
        ),
        ([["AC_tap", {"selector": {}}]], "$[0][1].selector", "needs at least one field"),
        (
            [["AC_tap", {"selector": {"id": "a", "resource_id": "b"}}]],
            "$[0][1].selector.resource_id",
            "given twice",
        ),
        (
            {
                "auto_control": [
                    ["AC_back"],
                    ["AC_tap", {"selector": {"text": "a", "alternates": [{"txt": "b"}]}}],
                ]
            },
            "$.auto_control[1][1].selector.alternates[0].txt",
            "unknown selector field 'txt'",
        ),
        ([["AC_type_text", {}]], "$[0][1]", "missing required parameter 'text'"),
        ([["AC_sleep", {"seconds": 1}]], "$[0][1]", "missing required parameter 'reason'"),
        ([["AC_sleep", {"seconds": 1, "reason": "  "}]], "$[0][1].reason", "must not be empty"),
        ([["AC_sleep", {"seconds": 0, "reason": "x"}]], "$[0][1].seconds", "must be in"),
        ([["AC_press_key", {"key": "escape"}]], "$[0][1].key", "'escape' is not one of"),
        (
            [["AC_assert", {"selector": {"text": "a"}, "exists": True, "checked": True}]],
            "$[0][1]",
            "give exactly one of exists or gone or text or checked or enabled or selected (got exists and checked)",
        ),
        ([["AC_swipe", {"direction": "up", "x1": 1}]], "$[0][1]", "give exactly one of direction"),
        ([["AC_swipe", {"x1": 1, "y1": 2, "x2": 3}]], "$[0][1]", "give all of x1, y1, x2, y2"),
        ([["AC_swipe", {"direction": "sideways"}]], "$[0][1].direction", "is not one of"),
        ([["AC_delta_observation", {"prev": "<node"}]], "$[0][1].prev", "not a usable capture"),
        ([["AC_delta_observation", {"viewport": [0, 0, 10]}]], "$[0][1].viewport", "4 integers"),
        ([["AC_launch_app", {"package": "x; rm -rf /"}]], "$[0][1].package", "not a package name"),
        (
            [["AC_wait_for", {"selector": {"text": "a"}, "timeout": 1e9}]],
            "$[0][1].timeout",
            "must be in 0..600",
        ),
        ([["AC_shell", {"command": "ls"}]], "$[0][0]", "UNSAFE"),
        ([["AC_back", [], {}]], "$[0][1]", "parameters must be an object, got an array"),
        ([["AC_back", {}, {"expect": 3}]], "$[0][2].expect", "expected a string"),
        ([["AC_back", {}, {"why": "x"}]], "$[0][2].why", "unknown step metadata"),
        ([["AC_back", {}, {}, {}]], "$[0]", "got 4 items"),
        ([[]], "$[0]", "got 0 items"),
        ([[7, {}]], "$[0][0]", "expected a command name, got a number"),
        (["AC_back"], "$[0]", "a step must be an array, got a string"),
        ({"steps": []}, "$.steps", "unknown key"),
        ({}, "$", "needs 'auto_control'"),
        ({"auto_control": {}}, "$.auto_control", "a script is an array of steps, got an object"),
        (3, "$", "a script is an array of steps, got a number"),
    ],
)
def test_validation_names_the_json_path(script: Any, path: str, problem: str) -> None:
    error = error_of(script)
    assert error.path == path
    assert problem in error.problem
    assert str(error).startswith(f"{path}: ")


def test_unsafe_commands_validate_only_when_allowed() -> None:
    script = parse_script([["AC_shell", {"command": "ls"}]])
    with pytest.raises(ScriptValidationError, match="allow_unsafe=True"):
        validate_script(script)
    (command,) = validate_script(script, allow_unsafe=True)
    assert command.name == "AC_shell"


def test_a_script_built_in_code_is_validated_with_the_same_paths() -> None:
    script = Script((Step("AC_back"), Step("AC_tap", {"x": "1", "y": 2})))
    with pytest.raises(ScriptValidationError) as caught:
        validate_script(script)
    assert caught.value.path == "$[1][1].x"


# ------------------------------------------------------------------ hostile input


def test_too_many_steps() -> None:
    error = error_of([["AC_back"]] * 100_000)
    assert (error.path, error.problem) == ("$", f"100000 steps, over the limit of {MAX_STEPS}")
    assert error_of({"auto_control": [["AC_back"]] * (MAX_STEPS + 1)}).path == "$.auto_control"
    assert len(load_script(json.dumps([["AC_back"]] * MAX_STEPS)).steps) == MAX_STEPS


@pytest.mark.parametrize("depth", [10_000, 100_000])
def test_deep_nesting_is_a_validation_error(depth: int) -> None:
    assert "JSON nests deeper than" in error_of("[" * depth + "]" * depth).problem
    assert error_of('[["AC_back", {"a": ' + "[" * depth + "]" * depth + "}]]").path == "$"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('[["AC_sleep", {"seconds": NaN, "reason": "x"}]]', "NaN is not valid JSON"),
        ('[["AC_tap", {"x": 1, "x": 2, "y": 3}]]', "duplicate key 'x'"),
        ('[["AC_tap", {"x": ' + "9" * 5000 + ', "y": 1}]]', "out of range (over 20 digits)"),
        ('[["AC_tap", {"x": 1e400, "y": 1}]]', "1e400 is out of range"),
        ('[["AC_type_text", {"text": "\\ud800"}]]', "unpaired surrogate U+D800"),
        ("[[", "malformed JSON"),
        (b'[["AC_type_text", {"text": "\xff"}]]', "not UTF-8"),
        ("not json", "cannot read"),
    ],
)
def test_malformed_json(text: str | bytes, problem: str) -> None:
    error = error_of(text)
    # A value the decoder refused is named by its JSON path; the rest by the document.
    at = {"over 20": "$[0][1].x", "1e400": "$[0][1].x", "surrogate": "$[0][1].text"}
    path = next((where for key, where in at.items() if key in problem), "$")
    assert error.path == path and problem in error.problem


def test_oversized_file(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with path.open("wb") as handle:
        handle.truncate(MAX_BYTES + 1)  # sparse: nothing is really written
    with pytest.raises(ScriptValidationError, match="over"):
        load_script(path)
    with pytest.raises(ScriptValidationError, match="over"):
        load_script(" " * (MAX_BYTES + 1) + "[]")


def test_wrong_types_everywhere_fail_cleanly() -> None:
    for value in (None, True, 1, 1.5, "s", {}, [[]], [None], [[None]], [["AC_tap", None]]):
        with pytest.raises(ScriptValidationError):
            load_script(json.dumps(value).encode())


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)
NAMES = st.sampled_from(
    [
        "AC_tap",
        "AC_swipe",
        "AC_assert",
        "AC_type_text",
        "AC_delta_observation",
        "AC_sleep",
        "AC_wait_for",
        "AC_nope",
    ]
)
KEYS = st.sampled_from(
    [
        "selector",
        "x",
        "y",
        "text",
        "direction",
        "prev",
        "seconds",
        "reason",
        "state",
        "alternates",
        "exists",
        "timeout",
    ]
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(JSON)
def test_any_json_loads_or_fails_with_a_validation_error(data: Any) -> None:
    try:
        load_script(json.dumps(data).encode())
    except ScriptValidationError as exc:
        assert exc.path.startswith("$")


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    NAMES,
    st.dictionaries(KEYS, JSON, max_size=4),
    st.dictionaries(
        st.sampled_from(["resource_id", "text", "index", "alternates", "key", "role"]),
        JSON,
        max_size=3,
    ),
)
def test_plausible_steps_with_random_values_fail_only_with_validation_errors(
    name: str, params: dict[str, Any], selector: dict[str, Any]
) -> None:
    params = {**params, "selector": selector} if selector else params
    try:
        script = load_script(json.dumps([[name, params]]))
    except ScriptValidationError as exc:
        # A number out of range is refused while decoding, before any step exists.
        assert exc.path.startswith("$[0]") or "out of range" in exc.problem
    else:
        assert validate_script(script)[0].name == name
