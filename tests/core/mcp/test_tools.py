"""The tool table: names, annotations and schemas generated from the executor's registry."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from deltarec.core.errors import ScriptValidationError
from deltarec.core.executor import COMMANDS, UNSAFE_COMMANDS, Category, Selector, parse_script
from deltarec.core.executor.registry import command_table
from deltarec.core.mcp import EXCLUDED, RUN_STEPS, tool_name, tool_table
from deltarec.core.mcp.schema import (
    RUN_OUTPUT,
    STEP_OUTPUT,
    kind_schema,
    selector_schema,
    unknown_kinds,
)
from deltarec.core.mcp.tools import (
    MCP_DEFAULTS,
    MCP_WAIT,
    OMITTED,
    check_script,
    hint,
    script_commands,
    sent_output_schema,
)
from deltarec.core.render.tokens import count_tokens

READ_ONLY = [
    "ac_observe",
    "ac_screenshot",
    "ac_delta_observation",
    "ac_current_app",
    "ac_describe_screen",
    "ac_wait_for",
    "ac_assert",
]
MUTATING = [
    "ac_tap",
    "ac_long_press",
    "ac_swipe",
    "ac_type_text",
    "ac_press_key",
    "ac_back",
    "ac_home",
    "ac_launch_app",
    "ac_stop_app",
]

VALID: dict[str, list[dict[str, Any]]] = {
    "ac_observe": [{}, {"tree": True, "max_lines": 5}],
    "ac_screenshot": [{}],
    "ac_delta_observation": [
        {},
        {"prev": [], "curr": [], "viewport": [0, 0, 100, 100], "interactive_only": False},
        {"prev": "<hierarchy/>", "max_lines": 3, "max_elements": 10, "max_tokens": 50},
    ],
    "ac_current_app": [{}],
    "ac_describe_screen": [{}, {"tree": True}],
    "ac_tap": [{"selector": {"text": "Save"}}, {"x": 1, "y": 2, "timeout": 0}],
    "ac_long_press": [{"selector": {"index": 3}, "duration_ms": 900}],
    "ac_swipe": [
        {"direction": "up"},
        {"selector": {"role": "list"}, "direction": "down", "distance": 300},
        {"x1": 1, "y1": 2, "x2": 3, "y2": 4, "duration_ms": 100},
    ],
    "ac_type_text": [{"text": "hi"}, {"text": "zr", "selector": {"resource_id": "name"}}],
    "ac_press_key": [{"key": "enter"}],
    "ac_back": [{}],
    "ac_home": [{}],
    "ac_launch_app": [{"package": "com.example.app", "activity": ".Main"}],
    "ac_stop_app": [{"package": "com.example.app"}],
    "ac_wait_for": [{"selector": {"text": "Saved"}, "state": "gone", "timeout": 1.5}],
    "ac_assert": [{"selector": {"text": "Save"}, "enabled": True}],
    "ac_observation_index": [{"elements": []}, {"elements": "<hierarchy/>", "max_elements": 3}],
    "ac_serialize_observation": [{"elements": [{"role": "button"}], "viewport": [0, 0, 9, 9]}],
    "ac_match_elements": [{"before": [], "after": [], "iou_threshold": 0.3}],
    "ac_assign_stable_ids": [{"elements": [{"x": 1}], "prior": [{"x": 1, "id": 4}]}],
}

INVALID: dict[str, list[dict[str, Any]]] = {
    "ac_observe": [{"tree": "yes"}, {"max_lines": 0}, {"nope": 1}],
    "ac_screenshot": [{"path": "/tmp/x.png"}],
    "ac_delta_observation": [{"viewport": "all"}, {"prev": 3}],
    "ac_tap": [{"x": "10", "y": 2}, {"selector": "Save"}, {"timeout": "soon"}],
    "ac_swipe": [{"direction": "sideways"}],
    "ac_type_text": [{}, {"text": 3}],
    "ac_press_key": [{"key": "no-such-key"}, {}],
    "ac_wait_for": [{"selector": {"text": "x"}, "state": "blue"}],
    "ac_launch_app": [{}],
    "ac_observation_index": [{}, {"elements": 3}],
    "ac_match_elements": [{"before": []}, {"before": [], "after": [], "iou_threshold": "x"}],
    "ac_assign_stable_ids": [{"elements": "<hierarchy/>"}, {"elements": [], "prior": 3}],
}


def test_the_tools_are_the_safe_commands_by_name() -> None:
    assert list(tool_table()) == [
        "ac_observe",
        "ac_screenshot",
        "ac_delta_observation",
        "ac_current_app",
        "ac_describe_screen",
        *MUTATING,
        "ac_wait_for",
        "ac_assert",
        RUN_STEPS,
    ]
    for spec in tool_table().values():
        if spec.command is not None:
            assert spec.name == tool_name(spec.command) == spec.command.name.lower()


def test_every_registered_command_has_a_tool_or_a_reason() -> None:
    tools = tool_table(element_tools=True)
    for cls in (*COMMANDS, *UNSAFE_COMMANDS):
        assert (tool_name(cls) in tools) != (cls.name in EXCLUDED), cls.name
        assert not cls.unsafe or cls.name in EXCLUDED
    assert "ac_shell" not in tools and "ac_sleep" not in tools and "ac_list_devices" not in tools


def test_annotations_follow_the_category() -> None:
    tools = tool_table()
    for name in READ_ONLY:
        tool = tools[name].tool
        assert tool.annotations is not None and tools[name].read_only
        assert (hint(tool, "readOnlyHint"), hint(tool, "destructiveHint")) == (True, False)
        assert (hint(tool, "idempotentHint"), hint(tool, "openWorldHint")) == (True, False)
        # only what differs from the spec's defaults is sent
        assert tool.annotations.model_dump(exclude_none=True) == {
            "readOnlyHint": True,
            "openWorldHint": False,
        }
    for name in [*MUTATING, RUN_STEPS]:
        tool = tools[name].tool
        assert tool.annotations is not None and not tools[name].read_only
        assert hint(tool, "readOnlyHint") is False and hint(tool, "openWorldHint") is True
        assert hint(tool, "destructiveHint") is (name in ("ac_stop_app", RUN_STEPS)), name
        assert tool.annotations.destructiveHint is not None  # said, either way
        assert tool.annotations.title is None and tool.title  # the title once
    idempotent = [n for n in MUTATING if hint(tools[n].tool, "idempotentHint")]
    assert idempotent == ["ac_home", "ac_launch_app", "ac_stop_app"]
    delta = tools["ac_delta_observation"]
    assert delta.command is not None and delta.command.category is Category.READONLY


def test_read_only_table_keeps_only_read_only_tools() -> None:
    assert list(tool_table(read_only=True)) == [
        "ac_observe",
        "ac_screenshot",
        "ac_delta_observation",
        "ac_current_app",
        "ac_describe_screen",
        "ac_wait_for",
        "ac_assert",
    ]


def test_schemas_are_the_command_specs() -> None:
    assert unknown_kinds(COMMANDS) == []
    for spec in tool_table().values():
        schema = spec.tool.inputSchema
        jsonschema.Draft202012Validator.check_schema(schema)
        assert spec.tool.outputSchema in (
            sent_output_schema(STEP_OUTPUT),
            sent_output_schema(RUN_OUTPUT),
        )
        jsonschema.Draft202012Validator.check_schema(spec.tool.outputSchema)
        jsonschema.Draft202012Validator.check_schema(STEP_OUTPUT)
        jsonschema.Draft202012Validator.check_schema(RUN_OUTPUT)
        assert schema["type"] == "object" and schema["additionalProperties"] is False
        if spec.command is None:
            continue
        params = {
            name: p
            for name, p in spec.command.spec().items()
            if name not in OMITTED.get(spec.command.name, ())
        }
        assert list(schema["properties"]) == list(params)
        assert schema.get("required", []) == [name for name, p in params.items() if p.required]
        defaults = MCP_DEFAULTS.get(spec.command.name, {})
        for name, p in params.items():
            shown = schema["properties"][name].get("default")
            if name in defaults:
                assert shown == defaults[name] == MCP_WAIT
            elif p.default not in (None, "", False):
                assert shown == p.default


def tool_tokens(tool: Any) -> int:
    """What a tool costs a model in its listing: name + description + input schema (cl100k)."""
    schema = json.dumps(tool.inputSchema)
    return count_tokens(tool.name) + count_tokens(tool.description or "") + count_tokens(schema)


def test_the_tool_list_fits_its_token_budget() -> None:
    full = sum(tool_tokens(s.tool) for s in tool_table().values())
    read_only = sum(tool_tokens(s.tool) for s in tool_table(read_only=True).values())
    assert full <= 3000, full
    assert read_only <= 1500, read_only
    # One compact selector schema, described once per tool that takes a selector.
    tap = tool_table()["ac_tap"].tool.inputSchema["properties"]["selector"]
    assert all(
        set(prop) == {"type"} or name == "alternates" for name, prop in tap["properties"].items()
    )


def test_delta_schema() -> None:
    schema = tool_table()["ac_delta_observation"].tool.inputSchema
    assert list(schema["properties"]) == [
        "prev",
        "curr",
        "viewport",
        "max_elements",
        "max_lines",
        "interactive_only",
        "max_tokens",
    ]
    assert "required" not in schema
    assert set(schema["properties"]["prev"]["type"]) == {"array", "string", "object"}


@pytest.mark.parametrize("name", list(VALID))
def test_schema_and_executor_accept_the_same_examples(name: str) -> None:
    spec = tool_table(element_tools=True)[name]
    assert spec.command is not None
    for args in VALID[name]:
        jsonschema.validate(args, spec.tool.inputSchema)
        spec.command.parse(args, "$")


@pytest.mark.parametrize("name", list(INVALID))
def test_schema_refuses_bad_arguments(name: str) -> None:
    schema = tool_table(element_tools=True)[name].tool.inputSchema
    for args in INVALID[name]:
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(args, schema)


def test_selector_schema_lists_every_selector_field() -> None:
    props = selector_schema()["properties"]
    assert set(props) == {*Selector.__dataclass_fields__}
    example = {name: (1 if prop["type"] == "integer" else "x") for name, prop in props.items()}
    example["alternates"] = [{"text": "y"}]
    assert Selector.from_json(example).to_json() == example
    assert kind_schema(object()) is None  # type: ignore[arg-type]


def test_run_steps_refuses_what_has_no_tool() -> None:
    assert "AC_sleep" in script_commands() and "AC_shell" not in script_commands()
    assert set(script_commands()) <= set(command_table())
    check_script(parse_script([["AC_sleep", {"seconds": 1, "reason": "animation"}], ["AC_back"]]))
    with pytest.raises(ScriptValidationError, match=r"^\$\[1\]\[0\]: AC_list_devices"):
        check_script(parse_script([["AC_back"], ["AC_list_devices", {"host": "10.0.0.1"}]]))
    with pytest.raises(ScriptValidationError, match="UNSAFE"):
        check_script(parse_script({"auto_control": [["AC_shell", {"command": "rm -rf /"}]]}))
    with pytest.raises(ScriptValidationError, match=r"^\$\[0\]\[1\]\.path: not available"):
        check_script(parse_script([["AC_screenshot", {"path": "/etc/passwd"}]]))


def test_run_steps_schema_accepts_both_script_forms() -> None:
    schema = tool_table()[RUN_STEPS].tool.inputSchema
    jsonschema.validate({"script": [["AC_back"]], "policy": "failures"}, schema)
    jsonschema.validate({"script": {"auto_control": [["AC_back"]]}}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"script": [["AC_back"]], "policy": "some"}, schema)
