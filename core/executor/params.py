"""Typed command parameters: the spec validation reads, and the kinds of value it checks.

A command is a frozen dataclass whose fields are its parameters, each declared
with :func:`param` (its :class:`Kind`, help text and default). Validation walks
the fields in order, so the spec a reader sees in the class body is exactly the
spec the validator enforces. JSON ``null`` for an optional parameter means
"not given"; a required parameter must be present and not ``null``.

Kinds check and convert one JSON value; a bad value raises
:class:`~deltarec.core.errors.ScriptValidationError` naming the JSON path:

    >>> INT.parse("3", "$[0][1].x")
    Traceback (most recent call last):
    ...
    deltarec.ScriptValidationError: $[0][1].x: expected an integer, got a string
    >>> Number(minimum=0).parse(2, "$"), Choice(("up", "down")).parse("up", "$")
    (2.0, 'up')
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import MISSING, dataclass, field
from typing import Any, Generic, TypeVar

from deltarec.core.errors import ScriptValidationError

T = TypeVar("T")

MAX_TEXT = 100_000
"""Longest string any parameter accepts (characters)."""


def json_type(value: object) -> str:
    """The JSON name of a Python value's type, for messages ("a string", "an object")."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "an array"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def member(path: str, name: str) -> str:
    """The JSON path of member ``name`` of the object at ``path`` (``$.a`` or ``$["a b"]``)."""
    if name.isidentifier():
        return f"{path}.{name}"
    return f"{path}[{json.dumps(name)}]"


class Kind(Generic[T]):
    """One kind of parameter value: ``label`` for help and messages, ``parse`` to check it."""

    label = "value"

    def parse(self, value: object, path: str) -> T:
        raise NotImplementedError

    def fail(self, value: object, path: str) -> ScriptValidationError:
        return ScriptValidationError(path, f"expected {self.label}, got {json_type(value)}")


class Str(Kind[str]):
    """A string of at most ``max_len`` characters.

    ``nonempty`` rejects ""; ``nonblank`` also rejects whitespace-only strings; ``name``
    (a file path, a host name: what the OS takes as a C string) rejects a NUL character.
    """

    def __init__(
        self,
        *,
        nonempty: bool = False,
        nonblank: bool = False,
        max_len: int = MAX_TEXT,
        name: bool = False,
    ) -> None:
        self.nonempty = nonempty or nonblank
        self.nonblank = nonblank
        self.max_len = max_len
        self.name = name
        self.label = "a non-empty string" if self.nonempty else "a string"

    def parse(self, value: object, path: str) -> str:
        if not isinstance(value, str):
            raise self.fail(value, path)
        if (self.nonempty and not value) or (self.nonblank and not value.strip()):
            raise ScriptValidationError(path, "must not be empty")
        if len(value) > self.max_len:
            raise ScriptValidationError(path, f"longer than {self.max_len} characters")
        if self.name and "\0" in value:
            raise ScriptValidationError(path, "contains a NUL character (U+0000)")
        return value


class Int(Kind[int]):
    """An integer (not a boolean, not 1.0) within ``[minimum, maximum]``."""

    label = "an integer"

    def __init__(self, *, minimum: int = -(10**9), maximum: int = 10**9) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def parse(self, value: object, path: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(value, path)
        if not self.minimum <= value <= self.maximum:
            raise ScriptValidationError(path, f"must be in {self.minimum}..{self.maximum}")
        return value


class Number(Kind[float]):
    """A finite number (not a boolean) within ``[minimum, maximum]``, as a float."""

    label = "a number"

    def __init__(self, *, minimum: float = -1e9, maximum: float = 1e9) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def parse(self, value: object, path: str) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(value, path)
        number = float(value)
        if not math.isfinite(number) or not self.minimum <= number <= self.maximum:
            raise ScriptValidationError(path, f"must be in {self.minimum:g}..{self.maximum:g}")
        return number


class Bool(Kind[bool]):
    label = "a boolean"

    def parse(self, value: object, path: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(value, path)
        return value


class Choice(Kind[str]):
    """One of a fixed set of strings (matched exactly)."""

    def __init__(self, choices: Sequence[str]) -> None:
        self.choices = tuple(choices)
        self.label = "one of " + ", ".join(repr(c) for c in self.choices)

    def parse(self, value: object, path: str) -> str:
        if not isinstance(value, str):
            raise self.fail(value, path)
        if value not in self.choices:
            raise ScriptValidationError(path, f"{value!r} is not {self.label}")
        return value


class IntList(Kind[tuple[int, ...]]):
    """An array of exactly ``length`` integers (a viewport ``[x, y, w, h]``)."""

    def __init__(self, length: int) -> None:
        self.length = length
        self.label = f"an array of {length} integers"

    def parse(self, value: object, path: str) -> tuple[int, ...]:
        if not isinstance(value, list | tuple) or len(value) != self.length:
            raise self.fail(value, path)
        return tuple(INT.parse(v, f"{path}[{i}]") for i, v in enumerate(value))


class NumberList(Kind[tuple[float, ...]]):
    """An array of exactly ``length`` numbers, each within ``[minimum, maximum]`` (a point
    as fractions of the screen: ``[0.5, 0.8]``)."""

    def __init__(self, length: int, *, minimum: float = -1e9, maximum: float = 1e9) -> None:
        self.length = length
        self.number = Number(minimum=minimum, maximum=maximum)
        self.label = f"an array of {length} numbers"

    def parse(self, value: object, path: str) -> tuple[float, ...]:
        if not isinstance(value, list | tuple) or len(value) != self.length:
            raise self.fail(value, path)
        return tuple(self.number.parse(v, f"{path}[{i}]") for i, v in enumerate(value))


TEXT = Str(nonblank=True)
INT = Int()
BOOL = Bool()
COORD = Int(minimum=0, maximum=100_000)
DURATION_MS = Int(minimum=1, maximum=60_000)
TIMEOUT = Number(minimum=0, maximum=600)


@dataclass(frozen=True, slots=True)
class Param:
    """The spec of one parameter: its kind, help text, and whether it must be given."""

    kind: Kind[Any]
    help: str
    required: bool
    default: Any = None


def param(kind: Kind[Any], help: str, *, default: Any = MISSING) -> Any:
    """Declare a command parameter as a dataclass field (required when no ``default``).

    Returns a dataclass ``field``; typed ``Any`` like :func:`dataclasses.field` so
    the annotation on the class says the parsed type.
    """
    if default is MISSING:
        return field(metadata={"param": Param(kind, help, required=True)})
    return field(default=default, metadata={"param": Param(kind, help, False, default)})


def parse_params(
    specs: Mapping[str, Param], params: object, path: str, *, aliases: Mapping[str, str] = {}
) -> dict[str, Any]:
    """Check a params object against ``specs``; return the parsed values of those given.

    Errors, in this order: not an object; an unknown name (with the known
    ones); a missing required parameter; a value of the wrong kind (its path).
    ``null`` counts as not given.
    """
    if not isinstance(params, Mapping):
        raise ScriptValidationError(path, f"parameters must be an object, got {json_type(params)}")
    out: dict[str, Any] = {}
    for raw_name, value in params.items():
        if not isinstance(raw_name, str):
            raise ScriptValidationError(path, "parameter names must be strings")
        name = aliases.get(raw_name, raw_name)
        if name not in specs:
            known = ", ".join(specs) or "none"
            raise ScriptValidationError(
                member(path, raw_name), f"unknown parameter {raw_name!r} (known: {known})"
            )
        if name in out:
            raise ScriptValidationError(member(path, raw_name), f"{name!r} given twice")
        if value is not None:
            out[name] = specs[name].kind.parse(value, member(path, raw_name))
    for name, spec in specs.items():
        if spec.required and name not in out:
            raise ScriptValidationError(path, f"missing required parameter {name!r}")
    return out
