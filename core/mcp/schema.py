"""JSON Schemas of command parameters, derived from the executor's typed specs.

A tool's ``inputSchema`` is built from its command's :meth:`Command.spec()
<core.executor.commands.base.Command.spec>`, so the schema a client sees and
the validation the executor runs never drift apart. Each
:class:`~core.executor.params.Kind` maps to a schema with the types, bounds and
choices its ``parse`` accepts; the executor validates again when the tool runs,
and its message names the JSON path (``$.x``). Bounds that only guard against
hostile input (±1e9, 100,000 characters) are left out to keep tool listings
short (every listing costs an agent tokens); the executor still enforces them.

Contract:

- every parameter is a property, described by its help text, with its default
  when it has one; required parameters are listed in ``required``;
- an optional parameter also accepts ``null`` ("not given", as in scripts);
- unknown parameters are refused (``additionalProperties: false``);
- a kind this module does not know gets ``{}`` (anything) plus its label as the
  description, and :func:`unknown_kinds` names it (a test keeps that list empty).

    >>> from core.executor.params import Choice, Int
    >>> kind_schema(Int(minimum=0, maximum=9))
    {'type': 'integer', 'minimum': 0, 'maximum': 9}
    >>> kind_schema(Choice(("up", "down")))
    {'type': 'string', 'enum': ['up', 'down']}
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from core.executor.commands.base import Command
from core.executor.commands.readonly import CaptureKind
from core.executor.params import MAX_TEXT, Bool, Choice, Int, IntList, Kind, Number, Param, Str
from core.executor.selectors import Selector, SelectorKind

JsonSchema = dict[str, Any]

SELECTOR_FIELD_HELP: Mapping[str, str] = {
    "key": "stable key (a result's 'key')",
    "index": "its [i] in the last observation shown",
    "resource_id": "exact, or the part after ':id/'",
    "text": "exact text",
    "content_desc": "exact content description",
    "name": "exact label, as deltas show it",
    "class_name": "exact, or the simple class name",
    "role": "button, textbox, switch, checkbox, text, image, list, …",
}
"""Help for each selector field (the fields themselves come from :class:`Selector`)."""


def _selector_fields() -> JsonSchema:
    """One property per :class:`Selector` field (alternates aside), typed from its annotation."""
    hints = typing.get_type_hints(Selector)
    props: JsonSchema = {}
    for f in fields(Selector):
        if f.name == "alternates":
            continue
        json_type = "integer" if int in typing.get_args(hints[f.name]) else "string"
        props[f.name] = {
            "type": json_type,
            "description": SELECTOR_FIELD_HELP.get(f.name, f.name),
        }
    return props


def selector_schema() -> JsonSchema:
    """A selector object: every given field must match; ``alternates`` are tried in order.

    Field-name aliases the executor also accepts (``resource-id``, ``desc``, …)
    are allowed through (``additionalProperties`` is left open) and checked by
    the executor, whose message lists the known fields.
    """
    props = _selector_fields()
    props["alternates"] = {
        "type": "array",
        "items": {"type": "object", "minProperties": 1},
        "description": "fallback selectors with the same fields (no alternates of their "
        "own), tried in order",
    }
    return {
        "type": "object",
        "properties": props,
        "minProperties": 1,
        "description": 'e.g. {"text": "Save"} or {"index": 4}; every field given must match',
    }


def kind_schema(kind: Kind[Any]) -> JsonSchema | None:
    """The schema accepting what ``kind.parse`` accepts; None for a kind not known here."""
    if isinstance(kind, Bool):
        return {"type": "boolean"}
    if isinstance(kind, Choice):
        return {"type": "string", "enum": list(kind.choices)}
    if isinstance(kind, Str):
        out: JsonSchema = {"type": "string"}
        if kind.nonempty:
            out["minLength"] = 1
        if kind.max_len != MAX_TEXT:
            out["maxLength"] = kind.max_len
        return out
    if isinstance(kind, Int | Number):
        return _bounded("integer" if isinstance(kind, Int) else "number", kind)
    if isinstance(kind, IntList):
        return {
            "type": "array",
            "items": {"type": "integer"},
            "minItems": kind.length,
            "maxItems": kind.length,
        }
    if isinstance(kind, SelectorKind):
        return selector_schema()
    if isinstance(kind, CaptureKind):
        return {
            "type": ["array", "string", "object"],
            "description": "element dicts [{role, name, x, y, width, height, …}], "
            "a uiautomator XML dump, or observation JSON",
        }
    return None


def _bounded(json_type: str, kind: Int | Number) -> JsonSchema:
    """A number type with the kind's bounds, leaving out the catch-all ±1e9 defaults."""
    out: JsonSchema = {"type": json_type}
    if kind.minimum > -1e9:
        out["minimum"] = kind.minimum
    if kind.maximum < 1e9:
        out["maximum"] = kind.maximum
    return out


def _nullable(schema: JsonSchema) -> JsonSchema:
    """``schema`` that also accepts ``null`` (an optional parameter left out)."""
    kind = schema.get("type")
    if isinstance(kind, str):
        schema = {**schema, "type": [kind, "null"]}
    elif isinstance(kind, list):
        schema = {**schema, "type": [*kind, "null"]}
    if "enum" in schema:
        schema["enum"] = [*schema["enum"], None]
    return schema


def param_schema(spec: Param) -> JsonSchema:
    """One parameter's property: its kind's schema, help text, default, nullability."""
    base = kind_schema(spec.kind)
    schema: JsonSchema = dict(base) if base is not None else {}
    help_text = spec.help if base is not None else f"{spec.help} ({spec.kind.label})"
    if "description" in schema:
        help_text = f"{help_text}; {schema['description']}"
    schema["description"] = help_text
    if spec.required:
        return schema
    if spec.default is not None:
        schema["default"] = spec.default
    return _nullable(schema)


def command_schema(command: type[Command], *, omit: frozenset[str] = frozenset()) -> JsonSchema:
    """The ``inputSchema`` of ``command``: an object of its parameters (``omit`` left out).

    Parameter aliases the command declares are properties too, with the
    canonical parameter's schema.
    """
    specs = {name: spec for name, spec in command.spec().items() if name not in omit}
    props = {name: param_schema(spec) for name, spec in specs.items()}
    for alias, canonical in command.aliases().items():
        if canonical in props:
            props[alias] = {**props[canonical], "description": f"alias of {canonical}"}
    return {
        "type": "object",
        "properties": props,
        "required": [name for name, spec in specs.items() if spec.required],
        "additionalProperties": False,
    }


def unknown_kinds(commands: tuple[type[Command], ...]) -> list[str]:
    """``Command.param`` for every parameter whose kind has no schema here (should be [])."""
    return [
        f"{cls.name}.{name}"
        for cls in commands
        for name, spec in cls.spec().items()
        if kind_schema(spec.kind) is None
    ]
