"""Scripts: the JSON format, its typed model, loading, atomic saving and whole-script validation.

A script is a JSON array of steps, or an object ``{"auto_control": [steps]}``.
A step is an array:

- ``["AC_back"]`` — a command with no parameters;
- ``["AC_tap", {"selector": {"resource_id": "app:id/save"}}]`` — command and parameters;
- ``["AC_tap", {...}, {"expect": "+ [11] dialog \\"Save?\\"", "note": "…"}]`` — plus
  step metadata: ``expect``, the delta shown when the step was recorded (replay
  checks the step had that effect, :mod:`deltarec.core.executor.effect`), and ``note``,
  free text for people. ``expect`` is checked on mutating steps only;
  ``checks``, ``AC_assert`` parameter objects run after the step
  (:mod:`deltarec.core.executor.checks`).

Metadata lives in a third element so the two-element form every other tool
writes stays valid and parameters stay exactly the command's parameters.

Validation covers the whole script before anything runs: the structure, each
command name, and each step's parameters against the command's typed spec.
Errors are :class:`~deltarec.core.errors.ScriptValidationError` with the JSON path of the
offending value (``$[3][1].selector`` or ``$.auto_control[3][1].selector``).
Hostile input fails the same way: more than :data:`MAX_STEPS` steps, more than
:data:`MAX_BYTES` bytes, nesting too deep for the parser, NaN, duplicate keys.

    >>> script = load_script('[["AC_tap", {"x": 10, "y": 20}], ["AC_back"]]')
    >>> [(s.command, dict(s.params)) for s in script.steps]
    [('AC_tap', {'x': 10, 'y': 20}), ('AC_back', {})]
    >>> load_script('{"auto_control": [["AC_tap", {"x": "10", "y": 20}]]}')
    Traceback (most recent call last):
    ...
    deltarec.ScriptValidationError: $.auto_control[0][1].x: expected an integer, got a string
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deltarec.core.bundle import new_file_mode
from deltarec.core.capture.boundary import check_tree, loads_json, read_bounded
from deltarec.core.errors import ScriptValidationError
from deltarec.core.executor.checks import CHECKS
from deltarec.core.executor.commands.base import Command
from deltarec.core.executor.params import Str, json_type, member
from deltarec.core.executor.registry import command_table, lookup

MAX_STEPS = 10_000
MAX_BYTES = 10 * 1024 * 1024
WRAPPER = "auto_control"
_META: dict[str, Any] = {
    "expect": Str(max_len=1_000_000),
    "note": Str(max_len=10_000),
    "checks": CHECKS,
}


@dataclass(frozen=True, slots=True)
class Step:
    """One step: a command name, its parameters (JSON, treat as read-only), and metadata."""

    command: str
    params: Mapping[str, Any] = field(default_factory=dict)
    expect: str | None = None
    """The delta recorded for this step; replay checks the step had that effect."""
    note: str | None = None
    checks: tuple[Mapping[str, Any], ...] = ()
    """``AC_assert`` parameters run after the step (:mod:`deltarec.core.executor.checks`)."""

    def to_json(self) -> list[Any]:
        """``[command, params]``, plus ``{expect, note, checks}`` when any is set."""
        out: list[Any] = [self.command, dict(self.params)]
        meta: dict[str, Any] = {
            k: v for k, v in (("expect", self.expect), ("note", self.note)) if v is not None
        }
        if self.checks:
            meta["checks"] = [dict(c) for c in self.checks]
        if meta:
            out.append(meta)
        return out


@dataclass(frozen=True, slots=True)
class Script:
    """A sequence of steps; ``wrapped`` keeps the ``{"auto_control": [...]}`` form."""

    steps: tuple[Step, ...] = ()
    wrapped: bool = False

    @property
    def root(self) -> str:
        """The JSON path of the step list: ``$`` or ``$.auto_control``."""
        return f"$.{WRAPPER}" if self.wrapped else "$"

    def to_json(self) -> list[Any] | dict[str, Any]:
        steps = [s.to_json() for s in self.steps]
        return {WRAPPER: steps} if self.wrapped else steps


def _step(raw: object, path: str) -> Step:
    check_tree(raw, where=path, error=_at_path)  # objects from MCP never went through decode()
    if not isinstance(raw, list):
        raise ScriptValidationError(path, f"a step must be an array, got {json_type(raw)}")
    if not 1 <= len(raw) <= 3:
        raise ScriptValidationError(
            path,
            "a step is [command], [command, params] or [command, params, meta];"
            f" got {len(raw)} items",
        )
    command = raw[0]
    if not isinstance(command, str):
        raise ScriptValidationError(
            f"{path}[0]", f"expected a command name, got {json_type(command)}"
        )
    params = raw[1] if len(raw) > 1 else {}
    if not isinstance(params, dict):
        raise ScriptValidationError(
            f"{path}[1]", f"parameters must be an object, got {json_type(params)}"
        )
    meta = raw[2] if len(raw) > 2 else {}
    if not isinstance(meta, dict):
        raise ScriptValidationError(
            f"{path}[2]", f"step metadata must be an object, got {json_type(meta)}"
        )
    values: dict[str, Any] = {}
    for name, value in meta.items():
        where = member(f"{path}[2]", str(name))
        if name not in _META:
            raise ScriptValidationError(
                where, f"unknown step metadata {name!r} (known: {', '.join(_META)})"
            )
        values[name] = _META[name].parse(value, where)
    checks = values.get("checks", ())
    return Step(command, params, values.get("expect"), values.get("note"), checks)


def parse_script(data: object) -> Script:
    """Build a :class:`Script` from decoded JSON, checking the structure (not the parameters)."""
    wrapped = isinstance(data, dict)
    if isinstance(data, dict):
        for key in data:
            if key != WRAPPER:
                raise ScriptValidationError(
                    member("$", str(key)), f"unknown key (expected {WRAPPER!r})"
                )
        if WRAPPER not in data:
            raise ScriptValidationError("$", f"an object script needs {WRAPPER!r}")
        data = data[WRAPPER]
    root = f"$.{WRAPPER}" if wrapped else "$"
    if not isinstance(data, list):
        raise ScriptValidationError(root, f"a script is an array of steps, got {json_type(data)}")
    if len(data) > MAX_STEPS:
        raise ScriptValidationError(root, f"{len(data)} steps, over the limit of {MAX_STEPS}")
    return Script(tuple(_step(raw, f"{root}[{i}]") for i, raw in enumerate(data)), wrapped)


def validate_script(script: Script, *, allow_unsafe: bool = False) -> tuple[Command, ...]:
    """Check every step's command and parameters; the commands ready to run, in order.

    Raises ScriptValidationError for the first bad step (nothing has run).
    ``allow_unsafe`` admits commands that run arbitrary code (``AC_shell``).
    """
    if len(script.steps) > MAX_STEPS:
        raise ScriptValidationError(script.root, f"over the limit of {MAX_STEPS} steps")
    table = command_table(allow_unsafe=allow_unsafe)
    commands = []
    for i, step in enumerate(script.steps):
        path = f"{script.root}[{i}]"
        cls = lookup(table, step.command, f"{path}[0]")
        commands.append(cls.parse(step.params, f"{path}[1]"))
    return tuple(commands)


def _no_duplicates(pairs: Sequence[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ScriptValidationError("$", f"duplicate key {key[:80]!r} in an object")
        out[key] = value
    return out


def _at_path(problem: str, where: str) -> ScriptValidationError:
    return ScriptValidationError(where, problem)


def _script_error(problem: str, where: str) -> ScriptValidationError:
    if where.startswith("$"):  # a JSON path inside the script
        return ScriptValidationError(where, problem)
    return ScriptValidationError("$", f"{problem} ({where})" if where else problem)


def decode(text: str | bytes) -> object:
    """Decode script JSON; every failure (syntax, size, depth, NaN, 1e400, a lone surrogate,
    bad UTF-8) is ScriptValidationError, through the one input boundary."""
    return loads_json(
        text, where="", error=_script_error, limit=MAX_BYTES, object_pairs_hook=_no_duplicates
    )


def _read(path: Path) -> bytes:
    return read_bounded(path, limit=MAX_BYTES, error=_script_error, what="script")


def load_script(source: str | bytes | os.PathLike[str], *, allow_unsafe: bool = False) -> Script:
    """Load and fully validate a script from JSON text (str/bytes) or a file path.

    A ``str`` starting with ``[`` or ``{`` (after whitespace) is JSON text; any
    other ``str`` and any path object name a file. Raises ScriptValidationError.
    """
    if isinstance(source, bytes) or (isinstance(source, str) and source.lstrip()[:1] in ("[", "{")):
        data = decode(source)
    else:
        data = decode(_read(Path(source)))
    script = parse_script(data)
    validate_script(script, allow_unsafe=allow_unsafe)
    return script


def dumps(script: Script) -> str:
    """The script as JSON text, one step per line (diff-friendly)."""
    steps = [json.dumps(s.to_json(), ensure_ascii=False) for s in script.steps]
    body = ",\n".join("  " + s for s in steps)
    text = "[\n" + body + "\n]" if steps else "[]"
    return f'{{"{WRAPPER}": {text}}}\n' if script.wrapped else text + "\n"


def save_script(script: Script, path: str | os.PathLike[str]) -> None:
    """Write ``script`` as JSON atomically: a temp file in the same folder, then a rename.

    A script that cannot be written as UTF-8 (a lone surrogate) is refused with
    ScriptValidationError before any file is touched.
    """
    check_tree(script.to_json(), where="", error=_script_error)
    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, new_file_mode())  # as open() would: mkstemp's 0600 ignores the umask
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(dumps(script))
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
