"""The MCP tools: one per executor command, generated from the registry, plus ``ac_run_steps``.

A tool is named after its command, lower-cased (``AC_tap`` → ``ac_tap``); its
description is the command's docstring and its ``inputSchema`` the command's
parameter spec (:mod:`core.mcp.schema`), so tools never drift from the
executor. Left out on purpose (:data:`EXCLUDED`): every UNSAFE command (they
run arbitrary code, and the server's session never allows them),
``AC_sleep`` (a guess; ``ac_wait_for`` waits on the screen instead) and
``AC_list_devices`` (the server drives one device chosen at start; its
host/port parameters would let a client make the server connect anywhere).
``AC_screenshot``'s ``path`` is not offered (:data:`OMITTED`): a client must
not write files on the server's host; the tool returns the image instead.

Annotations (hints for clients; the server enforces ``--read-only`` itself):

============================  ========  ===========  ==========  =========
category / tool               readOnly  destructive  idempotent  openWorld
============================  ========  ===========  ==========  =========
readonly, discovery, flow     true      false        true        false
mutating (tap, type, …)       false     false        false       true
home, launch_app              false     false        true        true
stop_app                      false     true         true        true
run_steps                     false     true         false       true
============================  ========  ===========  ==========  =========

Why: describe_screen only resets the *session's* diff baseline (the device is
untouched), and wait_for/assert only look, so they are read-only. A tap or a
key press is an input event, not a deletion: whether it destroys anything
depends on what the app does, which no hint can say, so input tools are not
``destructive``; force-stopping an app loses its unsaved state, so
``stop_app`` is; ``run_steps`` may contain ``AC_stop_app``. Acting on a phone
can reach the outside world (an app sends a message), hence ``openWorld``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import mcp.types as types

from core.errors import ScriptValidationError
from core.executor.commands.base import Category, Command
from core.executor.registry import COMMANDS, UNSAFE_COMMANDS
from core.executor.script import Script
from core.executor.session import POLICIES
from core.mcp.schema import JsonSchema, command_schema

RUN_STEPS = "ac_run_steps"

EXCLUDED: Mapping[str, str] = {
    "AC_sleep": "a sleep is a guess: ac_wait_for waits for the screen instead",
    "AC_list_devices": "the server drives one device; host/port would open arbitrary connections",
    **{cls.name: "UNSAFE: runs arbitrary code" for cls in UNSAFE_COMMANDS},
}
"""Commands that have no tool, and why."""

OMITTED: Mapping[str, frozenset[str]] = {"AC_screenshot": frozenset({"path"})}
"""Parameters a tool does not offer: command name → parameter names."""

SCRIPT_ONLY = frozenset({"AC_sleep"})
"""Commands without a tool that ``ac_run_steps`` still runs (recorded scripts use them)."""

_IDEMPOTENT_MUTATING = frozenset({"AC_home", "AC_launch_app", "AC_stop_app"})
_DESTRUCTIVE = frozenset({"AC_stop_app"})


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """One tool: its MCP definition and the command it runs (None for ``ac_run_steps``)."""

    tool: types.Tool
    command: type[Command] | None

    @property
    def name(self) -> str:
        return self.tool.name

    @property
    def read_only(self) -> bool:
        """What ``--read-only`` keeps (the annotation is a hint; this is the rule)."""
        return self.command is not None and self.command.category is not Category.MUTATING


def tool_name(command: type[Command]) -> str:
    """``AC_tap`` → ``ac_tap``."""
    return command.name.lower()


def _title(command: type[Command]) -> str:
    return command.name.removeprefix("AC_").replace("_", " ").capitalize()


def tool_annotations(command: type[Command]) -> types.ToolAnnotations:
    """The hints of a command's tool (see the table in the module docstring)."""
    title = _title(command)
    if command.category is not Category.MUTATING:
        return types.ToolAnnotations(
            title=title,
            readOnlyHint=True,
            destructiveHint=False,
            idempotentHint=True,
            openWorldHint=False,
        )
    return types.ToolAnnotations(
        title=title,
        readOnlyHint=False,
        destructiveHint=command.name in _DESTRUCTIVE,
        idempotentHint=command.name in _IDEMPOTENT_MUTATING,
        openWorldHint=True,
    )


def _description(command: type[Command]) -> str:
    doc = " ".join((command.__doc__ or command.summary()).replace("``", "`").split())
    hint = {
        Category.MUTATING: " Returns the observation of the screen afterwards (what changed).",
        Category.DISCOVERY: " Use it to look at a new screen; deltas follow from the next action.",
    }.get(command.category, "")
    return doc + hint


def command_tool(command: type[Command]) -> ToolSpec:
    """The tool of one registered command."""
    schema = command_schema(command, omit=OMITTED.get(command.name, frozenset()))
    tool = types.Tool(
        name=tool_name(command),
        title=_title(command),
        description=_description(command),
        inputSchema=schema,
        annotations=tool_annotations(command),
    )
    return ToolSpec(tool, command)


def _step_schema() -> JsonSchema:
    return {
        "type": "array",
        "minItems": 1,
        "maxItems": 3,
        "description": '[command, params?, {"expect"?, "note"?}?], e.g. '
        '["AC_tap", {"selector": {"text": "Save"}}]',
    }


def run_steps_tool() -> ToolSpec:
    """``ac_run_steps``: a whole script, validated in full first, under a batch policy."""
    names = ", ".join(script_commands())
    schema: JsonSchema = {
        "type": "object",
        "properties": {
            "script": {
                "type": ["array", "object"],
                "items": _step_schema(),
                "description": 'the steps, or {"auto_control": [steps]}; commands by their '
                f"AC_ names: {names}",
            },
            "policy": {
                "type": "string",
                "enum": list(POLICIES),
                "default": "all",
                "description": "which observations to return: every mutating step's, "
                "only failed steps', or none (the baseline then stays where you last looked)",
            },
            "keep_going": {
                "type": "boolean",
                "default": False,
                "description": "run the remaining steps after a failure",
            },
            "effects": {
                "type": "string",
                "enum": ["fail", "warn", "off"],
                "default": "fail",
                "description": "a step with a recorded 'expect' delta whose replay had "
                "another effect: fail it, only warn, or do not check",
            },
        },
        "required": ["script"],
        "additionalProperties": False,
    }
    tool = types.Tool(
        name=RUN_STEPS,
        title="Run steps",
        description="Run a whole script of AC_* steps on the device: the script is validated "
        "in full before the first step runs; stops at the first failure unless keep_going. "
        "Returns {ok, passed, failed, skipped, steps: [{step, command, status, error, "
        "observation, timing}]}.",
        inputSchema=schema,
        annotations=types.ToolAnnotations(
            title="Run steps",
            readOnlyHint=False,
            destructiveHint=True,
            idempotentHint=False,
            openWorldHint=True,
        ),
    )
    return ToolSpec(tool, None)


def script_commands() -> tuple[str, ...]:
    """The command names ``ac_run_steps`` accepts: those with a tool, plus :data:`SCRIPT_ONLY`."""
    return tuple(
        c.name
        for c in COMMANDS
        if not c.unsafe and (c.name not in EXCLUDED or c.name in SCRIPT_ONLY)
    )


def check_script(script: Script) -> None:
    """Refuse what a client may not run through ``ac_run_steps`` (before anything runs).

    ScriptValidationError naming the step: a command with no tool (other than
    :data:`SCRIPT_ONLY`), or a parameter in :data:`OMITTED`. The executor's
    own validation (every parameter of every step) follows.
    """
    allowed = set(script_commands())
    for i, step in enumerate(script.steps):
        path = f"{script.root}[{i}]"
        if step.command in EXCLUDED and step.command not in allowed:
            why = EXCLUDED[step.command]
            raise ScriptValidationError(f"{path}[0]", f"{step.command} is not available ({why})")
        for name in OMITTED.get(step.command, frozenset()) & set(step.params):
            raise ScriptValidationError(f"{path}[1].{name}", "not available over MCP")


def tool_table(*, read_only: bool = False) -> dict[str, ToolSpec]:
    """Tool name → :class:`ToolSpec`, in palette order; ``read_only`` keeps read-only ones.

    Never contains an UNSAFE command, whatever the arguments.
    """
    specs = [command_tool(cls) for cls in COMMANDS if cls.name not in EXCLUDED and not cls.unsafe]
    specs.append(run_steps_tool())
    return {spec.name: spec for spec in specs if spec.read_only or not read_only}
