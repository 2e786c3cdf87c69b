"""The MCP tools: one per executor command, generated from the registry, plus ``ac_run_steps``.

A tool is named after its command, lower-cased (``AC_tap`` → ``ac_tap``); its
``inputSchema`` is the command's parameter spec (:mod:`deltarec.core.mcp.schema`), so
parameters never drift from the executor. Its description is a short text of
:data:`DESCRIPTIONS` (what an agent needs; every listing costs it tokens), and
its ``outputSchema`` the shape of the ``structuredContent`` it returns.
:data:`MCP_DEFAULTS` are the server's own defaults (a 2 s wait for a missing
element instead of a script's 5 s). Left out on purpose (:data:`EXCLUDED`):
every UNSAFE command (they run arbitrary code, and the server's session never allows them),
``AC_sleep`` (a guess; ``ac_wait_for`` waits on the screen instead) and
``AC_list_devices`` (the server drives one device chosen at start; its
host/port parameters would let a client make the server connect anywhere).
``AC_screenshot``'s ``path`` is not offered (:data:`OMITTED`): a client must
not write files on the server's host; the tool returns the image instead.
The element-dict tools (:data:`ELEMENT_TOOLS`) are listed only on request.

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

Only hints that differ from the MCP spec's defaults are sent (readOnly false,
destructive true, idempotent false, openWorld true; destructive and idempotent
mean nothing for a read-only tool), and ``destructiveHint: true`` where it holds,
to say it; the title once, on the tool: :func:`hint` reads them back.

Output schemas (:func:`sent_output_schema`): each tool's ``outputSchema`` is sent
in every ``tools/list`` (MCP has no shared definitions across tools: the SDK's
client resolves ``$ref`` within one schema only), and no client shows it to a
model, so what is sent is the object and the keys a client tells a step's reply
(``ok``, ``step``) or a run's (``ok``, ``steps``) by;
:data:`~deltarec.core.mcp.schema.STEP_OUTPUT` / ``RUN_OUTPUT`` are the whole
contract (the tests validate every reply against both).

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

from deltarec.core.errors import ScriptValidationError
from deltarec.core.executor.commands.base import Category, Command
from deltarec.core.executor.registry import COMMANDS, UNSAFE_COMMANDS
from deltarec.core.executor.script import Script
from deltarec.core.executor.session import POLICIES
from deltarec.core.mcp.schema import RUN_OUTPUT, STEP_OUTPUT, JsonSchema, command_schema

RUN_STEPS = "ac_run_steps"

EXCLUDED: Mapping[str, str] = {
    "AC_sleep": "a sleep is a guess: ac_wait_for waits for the screen instead",
    "AC_list_devices": "the server drives one device; host/port would open arbitrary connections",
    "AC_clear_app": "an app's data is the user's: a recorded script clears it (ac_run_steps)",
    **{cls.name: "UNSAFE: runs arbitrary code" for cls in UNSAFE_COMMANDS},
}
"""Commands that have no tool, and why."""

ELEMENT_TOOLS = frozenset(
    {
        "AC_observation_index",
        "AC_serialize_observation",
        "AC_match_elements",
        "AC_assign_stable_ids",
    }
)
"""Commands over frames the caller passes (the peer's element-dict family, pure and
read-only): their tools are listed only when asked for (``element_tools``). Listed, the
four add about 520 tokens to every ``tools/list`` as sent (the list's budget is 3,000),
and an agent driving a phone has the phone, not element dicts; ``ac_run_steps`` runs
them either way."""

_REPLAY_ONLY = frozenset({"rel_x", "rel_y", "scroll_in", "scroll_direction", "max_swipes"})
"""What recordings write so that they replay on phones of other sizes (screen fractions,
scroll until visible): an agent sees the screen it acts on, so its tools leave them out
(``ac_run_steps`` still runs recorded steps that have them)."""

OMITTED: Mapping[str, frozenset[str]] = {
    "AC_screenshot": frozenset({"path"}),
    "AC_tap": _REPLAY_ONLY,
    "AC_long_press": _REPLAY_ONLY,
    "AC_swipe": frozenset({"start", "end"}),
}
"""Parameters a tool does not offer: command name → parameter names."""

SCRIPT_ONLY = frozenset({"AC_sleep", "AC_clear_app"})
"""Commands without a tool that ``ac_run_steps`` still runs (recorded scripts use them)."""

MCP_WAIT = 2.0
"""Seconds an acting tool waits for a missing element unless told (scripts keep their 5 s)."""

MCP_DEFAULTS: Mapping[str, Mapping[str, float]] = {
    name: {"timeout": MCP_WAIT} for name in ("AC_tap", "AC_long_press", "AC_swipe", "AC_type_text")
}
"""Parameter defaults of the server's tools that differ from the command's."""

DESCRIPTIONS: Mapping[str, str] = {
    "AC_observe": 'The whole screen: one `[i] role "name" @(x,y) (states)` line per element '
    "(tree: every node). Later deltas are from this frame.",
    "AC_screenshot": "A PNG screenshot, as an image.",
    "AC_delta_observation": "What changed (+ added, ~ changed, - removed, ↕ scrolled) between "
    "two frames, or from the screen you last saw to now.",
    "AC_observation_index": "Number a given frame's elements (element dicts, a dump, an "
    "Appium page source or observation JSON): {count, elements}.",
    "AC_serialize_observation": 'A given frame as `[i] role "name" @(x,y)` lines: '
    "{observation, count}.",
    "AC_match_elements": "Pair two given frames' elements: {matched, added, removed}.",
    "AC_assign_stable_ids": "Give element dicts ids, carried from prior's: {count, elements}.",
    "AC_current_app": "The foreground app's package and activity.",
    "AC_describe_screen": 'Look at the screen: every element as `[i] role "name" @(x,y)`; '
    "later actions reply with what changed since.",
    "AC_tap": "Tap an element (selector) or a point (x,y).",
    "AC_long_press": "Press and hold an element or a point.",
    "AC_swipe": "Swipe a direction in the list at the centre or selector's; or x1,y1 to x2,y2.",
    "AC_type_text": "Type text into the focused field (or tap selector's field first).",
    "AC_press_key": "Press a key.",
    "AC_back": "Press Back.",
    "AC_home": "Press Home.",
    "AC_launch_app": "Start or resume an app.",
    "AC_stop_app": "Force-stop an app (unsaved state is lost).",
    "AC_wait_for": "Wait until an element is in a state.",
    "AC_assert": "Check one fact about an element: one of exists, gone, text, checked, "
    "enabled, selected.",
}
"""What each tool's description says (acting tools all reply with what changed: the
server's instructions say it once)."""

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


HINT_DEFAULTS: Mapping[str, bool] = {
    "readOnlyHint": False,
    "destructiveHint": True,
    "idempotentHint": False,
    "openWorldHint": True,
}
"""What the MCP spec says a hint is when it is not sent."""


def tool_hints(
    *, read_only: bool, destructive: bool, idempotent: bool, open_world: bool
) -> types.ToolAnnotations:
    """Hints with only what differs from :data:`HINT_DEFAULTS` (module docstring)."""
    if read_only:
        return types.ToolAnnotations(readOnlyHint=True, openWorldHint=None if open_world else False)
    return types.ToolAnnotations(
        destructiveHint=destructive,
        idempotentHint=True if idempotent else None,
        openWorldHint=None if open_world else False,
    )


def hint(tool: types.Tool, name: str) -> bool:
    """A hint of ``tool`` as a client reads it: sent, else the spec's default.

    >>> hint(command_tool(COMMANDS[0]).tool, "readOnlyHint")
    True
    """
    value = getattr(tool.annotations, name, None) if tool.annotations else None
    if (
        value is None
        and name in ("destructiveHint", "idempotentHint")
        and hint(tool, "readOnlyHint")
    ):
        return name == "idempotentHint"  # looking changes nothing, and again nothing
    return HINT_DEFAULTS[name] if value is None else bool(value)


def tool_annotations(command: type[Command]) -> types.ToolAnnotations:
    """The hints of a command's tool (see the table in the module docstring)."""
    if command.category is not Category.MUTATING:
        return tool_hints(read_only=True, destructive=False, idempotent=True, open_world=False)
    return tool_hints(
        read_only=False,
        destructive=command.name in _DESTRUCTIVE,
        idempotent=command.name in _IDEMPOTENT_MUTATING,
        open_world=True,
    )


def sent_output_schema(schema: JsonSchema) -> JsonSchema:
    """What a tool's ``outputSchema`` sends of ``schema``: an object with ``ok`` and
    ``step`` (a run: ``steps``), a weaker schema ``schema``'s every instance meets."""
    key = "steps" if "steps" in schema["required"] else "step"
    return {"type": "object", "required": ["ok", key]}


def _description(command: type[Command]) -> str:
    """:data:`DESCRIPTIONS`' text, else the command's summary line."""
    return DESCRIPTIONS.get(command.name) or command.summary().replace("``", "`")


def command_tool(command: type[Command]) -> ToolSpec:
    """The tool of one registered command."""
    schema = command_schema(
        command,
        omit=OMITTED.get(command.name, frozenset()),
        defaults=MCP_DEFAULTS.get(command.name),
    )
    tool = types.Tool(
        name=tool_name(command),
        title=_title(command),
        description=_description(command),
        inputSchema=schema,
        outputSchema=sent_output_schema(STEP_OUTPUT),
        annotations=tool_annotations(command),
    )
    return ToolSpec(tool, command)


def run_steps_tool() -> ToolSpec:
    """``ac_run_steps``: a whole script, validated in full first, under a batch policy."""
    schema: JsonSchema = {
        "type": "object",
        "properties": {
            "script": {
                "type": ["array", "object"],
                "description": 'steps [["AC_tap", {"selector": {"text": "Save"}}], ["AC_back"]]: '
                "any tool's name in upper AC_ form, its arguments",
            },
            "policy": {
                "type": "string",
                "enum": list(POLICIES),
                "description": "whose deltas to return (none: the next delta covers the run)",
            },
            "keep_going": {"type": "boolean", "description": "go on after a failure"},
            "effects": {
                "type": "string",
                "enum": ["fail", "warn", "off"],
                "description": "a step whose recorded 'expect' differs",
            },
        },
        "required": ["script"],
        "additionalProperties": False,
    }
    tool = types.Tool(
        name=RUN_STEPS,
        title="Run steps",
        description="Run steps in order (all validated first); stops at a failure.",
        inputSchema=schema,
        outputSchema=sent_output_schema(RUN_OUTPUT),
        annotations=tool_hints(
            read_only=False, destructive=True, idempotent=False, open_world=True
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


def tool_table(*, read_only: bool = False, element_tools: bool = False) -> dict[str, ToolSpec]:
    """Tool name → :class:`ToolSpec`, in palette order; ``read_only`` keeps read-only ones,
    ``element_tools`` adds those of :data:`ELEMENT_TOOLS`.

    Never contains an UNSAFE command, whatever the arguments.
    """
    specs = [
        command_tool(cls)
        for cls in COMMANDS
        if cls.name not in EXCLUDED
        and not cls.unsafe
        and (element_tools or cls.name not in ELEMENT_TOOLS)
    ]
    specs.append(run_steps_tool())
    return {spec.name: spec for spec in specs if spec.read_only or not read_only}
