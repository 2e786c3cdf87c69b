"""JSON Schemas of the tools: compact inputs from the executor's typed specs, and outputs.

Every tool listing costs an agent tokens on every turn, so input schemas say
only what an agent needs to call a tool right: types, choices, defaults worth
knowing, and a few words where the name does not say it. The executor's own
validator checks every call again (the server turns the SDK's check off), and
its messages name the parameter and the expected type (``$.x: expected an
integer, got a string``), so bounds that only guard against hostile input are
left out here.

Contract of :func:`command_schema`:

- every parameter is a property; required ones are listed in ``required``;
  unknown parameters are refused (``additionalProperties: false``);
- an optional parameter may also be sent as ``null`` ("not given", as in
  scripts): the executor accepts it, the schema does not spell it out;
- a property's description is :data:`HELP`'s short text for that parameter
  when there is one, else the command's own help;
- a selector is :func:`selector_schema`, one compact object (field types; what
  they mean is said once, in the server's instructions: :data:`SELECTOR_HELP`).

    >>> from deltarec.core.executor.params import Choice, Int
    >>> kind_schema(Int(minimum=0, maximum=9)), kind_schema(Int(minimum=1, maximum=9))
    ({'type': 'integer'}, {'type': 'integer', 'minimum': 1})
    >>> kind_schema(Choice(("up", "down")))
    {'type': 'string', 'enum': ['up', 'down']}
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from deltarec.core.executor.commands.base import Command
from deltarec.core.executor.commands.observation import ElementsKind
from deltarec.core.executor.commands.readonly import CaptureKind
from deltarec.core.executor.params import (
    MAX_TEXT,
    Bool,
    Choice,
    Int,
    IntList,
    Kind,
    Number,
    NumberList,
    Param,
    Str,
)
from deltarec.core.executor.selectors import Selector, SelectorKind

JsonSchema = dict[str, Any]

SELECTOR_HELP = (
    'A selector: exactly one element must match all fields given, e.g. {"text":"Save"}, '
    '{"index":4} (its [i]), {resource_id, role}; alternates: fallback selectors.'
)
"""What a selector is: said once, in the server's instructions, not in every tool."""

HELP: Mapping[str, str] = {
    "x": "px, with y",
    "y": "px, with x",
    "timeout": "s to wait for the element",
    "tree": "every node, not just [i] elements",
    "max_lines": "cut after N lines",
    "max_tokens": "cut to N tokens",
    "duration_ms": "",
    "direction": "the finger's: up shows later rows",
    "distance": "px (default 60% of the list)",
    "percent": "% of the list, not with distance",
    "x1": "",
    "y1": "",
    "x2": "",
    "y2": "",
    "key": "",
    "package": "e.g. com.android.settings",
    "activity": '".Main" or the full name',
    "prev": "earlier frame (default: the screen you last saw)",
    "curr": "later frame (default: now)",
    "viewport": "[x,y,w,h]",
    "max_elements": "index cap",
    "interactive_only": "index interactive elements only",
    "elements": "",
    "before": "",
    "after": "",
    "prior": "",
    "iou_threshold": "",
    "exists": "",
    "gone": "",
    "checked": "",
    "enabled": "",
    "selected": "",
    "state": "",
}
"""Short parameter help for agents (empty: the name and type say it); others use the spec's."""

_HELP_BY_COMMAND: Mapping[tuple[str, str], str] = {
    ("AC_type_text", "text"): "typed as given",
    ("AC_type_text", "selector"): "field to tap first",
    ("AC_swipe", "selector"): "element whose list to swipe",
    ("AC_assert", "text"): "the text it shows",
    ("AC_assert", "timeout"): "s the fact may take",
    ("AC_wait_for", "timeout"): "s to wait",
}


def selector_schema(description: str = "") -> JsonSchema:
    """A selector object: one typed property per :class:`Selector` field, plus ``alternates``.

    Field-name aliases the executor also accepts (``resource-id``, ``desc``, …)
    are allowed through (``additionalProperties`` is left open) and checked by
    the executor, whose message lists the known fields.
    """
    hints = typing.get_type_hints(Selector)
    props: JsonSchema = {}
    for f in fields(Selector):
        if f.name == "alternates":
            props[f.name] = {"type": "array", "items": {"type": "object"}}
        else:
            json_type = "integer" if int in typing.get_args(hints[f.name]) else "string"
            props[f.name] = {"type": json_type}
    out: JsonSchema = {"type": "object", "properties": props}
    if description:
        out["description"] = description
    return out


def kind_schema(kind: Kind[Any]) -> JsonSchema | None:
    """The schema accepting what ``kind.parse`` accepts; None for a kind not known here."""
    if isinstance(kind, Bool):
        return {"type": "boolean"}
    if isinstance(kind, Choice):
        return {"type": "string", "enum": list(kind.choices)}
    if isinstance(kind, Str):
        out: JsonSchema = {"type": "string"}
        if kind.max_len != MAX_TEXT and kind.max_len < 1000:
            out["maxLength"] = kind.max_len
        return out
    if isinstance(kind, Int | Number):
        return _bounded("integer" if isinstance(kind, Int) else "number", kind)
    if isinstance(kind, IntList):
        return {"type": "array", "items": {"type": "integer"}}
    if isinstance(kind, NumberList):
        return {"type": "array", "items": {"type": "number"}}
    if isinstance(kind, SelectorKind):
        return selector_schema()
    if isinstance(kind, ElementsKind):
        return {"type": "array"}
    if isinstance(kind, CaptureKind):
        return {
            "type": ["array", "string", "object"],
            "description": "element dicts, XML (uiautomator dump or Appium page source) "
            "or observation JSON",
        }
    return None


def _bounded(json_type: str, kind: Int | Number) -> JsonSchema:
    """A number type with a lower bound above 0 when it matters (``max_lines`` ≥ 1)."""
    out: JsonSchema = {"type": json_type}
    if kind.minimum > 0:
        out["minimum"] = kind.minimum
    return out


def param_schema(spec: Param, help_text: str, *, default: Any = None) -> JsonSchema:
    """One parameter's property: its kind's schema, short help, default worth knowing."""
    base = kind_schema(spec.kind)
    schema: JsonSchema = dict(base) if base is not None else {}
    if base is None:
        help_text = f"{help_text} ({spec.kind.label})".strip()
    if "description" in schema and help_text and help_text != schema["description"]:
        help_text = f"{help_text}; {schema['description']}"
    if help_text:
        schema["description"] = help_text
    elif "description" in schema and not isinstance(spec.kind, SelectorKind):
        del schema["description"]  # a frame without help: its tool's description says it
    value = spec.default if default is None else default
    if not spec.required and value not in (None, "", False):
        schema["default"] = value
    return schema


def help_for(command: type[Command], name: str) -> str:
    """The short help of ``command``'s parameter ``name`` (see :data:`HELP`)."""
    special = _HELP_BY_COMMAND.get((command.name, name))
    if special is not None:
        return special
    if name == "selector":
        return ""  # the selector schema's own description says it
    return HELP.get(name, command.spec()[name].help)


def command_schema(
    command: type[Command],
    *,
    omit: frozenset[str] = frozenset(),
    defaults: Mapping[str, Any] | None = None,
) -> JsonSchema:
    """The ``inputSchema`` of ``command``: an object of its parameters (``omit`` left out).

    ``defaults`` replaces the defaults the schema shows (the MCP server's own,
    such as a 2 s wait). Parameter aliases are accepted by the executor but
    not listed (they would only cost tokens).
    """
    specs = {name: spec for name, spec in command.spec().items() if name not in omit}
    given = defaults or {}
    props = {
        name: param_schema(spec, help_for(command, name), default=given.get(name))
        for name, spec in specs.items()
    }
    required = [name for name, spec in specs.items() if spec.required]
    schema: JsonSchema = {"type": "object", "properties": props}
    if required:
        schema["required"] = required
    schema["additionalProperties"] = False
    return schema


def unknown_kinds(commands: tuple[type[Command], ...]) -> list[str]:
    """``Command.param`` for every parameter whose kind has no schema here (should be [])."""
    return [
        f"{cls.name}.{name}"
        for cls in commands
        for name, spec in cls.spec().items()
        if kind_schema(spec.kind) is None
    ]


# ------------------------------------------------------------------ outputs
TIMING_SCHEMA: JsonSchema = {
    "type": "object",
    "properties": {
        key: {"type": "number"} for key in ("queueMs", "toolMs", "observationMs", "totalMs")
    },
    "required": ["queueMs", "toolMs", "observationMs", "totalMs"],
}

STEP_OUTPUT: JsonSchema = {
    "type": "object",
    "properties": {
        "ok": {"type": "boolean"},
        "step": {"type": "integer", "minimum": 1},
        "ms": {"type": "integer", "minimum": 0},
        "result": {"type": "object"},
        "diff": {"type": "string"},
        "warnings": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["ok", "step", "ms"],
    "additionalProperties": False,
}
"""``structuredContent`` of a command's tool (:mod:`deltarec.core.mcp.replies`)."""

RUN_OUTPUT: JsonSchema = {
    "type": "object",
    "properties": {
        "ok": {"type": "boolean"},
        "policy": {"type": "string"},
        "total": {"type": "integer"},
        "passed": {"type": "integer"},
        "failed": {"type": "integer"},
        "skipped": {"type": "integer"},
        "steps": {"type": "array", "items": {"type": "object"}},
        "timing": TIMING_SCHEMA,
    },
    "required": ["ok", "policy", "total", "passed", "failed", "skipped", "steps", "timing"],
}
"""``structuredContent`` of ``ac_run_steps``: the run report, with the run's timing."""
