"""Hostile inputs, round 3 (stop 60): the generators, shared by ``test_hostile_input_3`` and
``benchmarks/bench_hostile_round3.py`` (which counts failures over many seeds).

Each generator takes a ``random.Random`` and mutates a real input (a capture of
``fixtures/real`` as element dicts, a real MCP request, a real recording and script) into a
hostile one, structure-aware: the mutation lands on a place the real input has.

- :func:`aliased_elements`: element dicts as Python objects whose ``children`` alias (a
  cycle back to an ancestor or itself, or one sub-tree shared by every child of a chain of
  parents: 2 ** depth elements reached by a few dozen dicts).
- :func:`hostile_line`: one JSON-RPC line for ``deltarec mcp``'s stdio transport (deep
  nesting, a number of thousands of digits, a lone surrogate escape, a BOM, UTF-16, NUL,
  a line cut short) in the place of a real ``tools/call``'s arguments.
- :func:`hostile_path`: a path a CLI option names (``export`` BUNDLE and ``-o``, ``run``
  SCRIPT, ``--report`` and ``--output-dir``, ``mcp --record``) made hostile: a directory
  where a file is written, a FIFO, a symlink loop, a name over the system's limit, a parent
  that is a file, a folder that cannot be created.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

from deltarec.core.capture.element_dicts import observation_to_elements
from deltarec.core.capture.jsonio import read_capture

ROOT = Path(__file__).resolve().parents[2]
REAL = sorted((ROOT / "fixtures" / "real").glob("*/*.xml"))


def real_elements(rnd: random.Random) -> list[dict[str, Any]]:
    """The element dicts of one real capture (fresh objects: callers mutate them)."""
    return observation_to_elements(read_capture(rnd.choice(REAL)))


def _containers(elements: list[dict[str, Any]]) -> list[tuple[dict[str, Any], list[Any]]]:
    """Every element with its chain of ancestors (outermost first), document order."""
    out: list[tuple[dict[str, Any], list[Any]]] = []
    stack: list[tuple[dict[str, Any], list[Any]]] = [(e, []) for e in reversed(elements)]
    while stack:
        element, ancestors = stack.pop()
        out.append((element, ancestors))
        for kid in reversed(element.get("children") or []):
            stack.append((kid, [*ancestors, element]))
    return out


ALIASES = ("cycle-self", "cycle-ancestor", "shared-chain", "shared-wide")


def aliased_elements(rnd: random.Random) -> tuple[str, list[dict[str, Any]]]:
    """A real capture's element dicts whose ``children`` alias (module docstring)."""
    elements = real_elements(rnd)
    kind = rnd.choice(ALIASES)
    element, ancestors = rnd.choice(_containers(elements))
    kids = list(element.get("children") or [])
    if kind == "cycle-self":
        kids.insert(rnd.randint(0, len(kids)), element)
    elif kind == "cycle-ancestor":
        kids.insert(rnd.randint(0, len(kids)), rnd.choice([*ancestors, element]))
    else:  # one sub-tree reached through every child of a chain of parents
        shared: dict[str, Any] = dict(element)
        width = 2 if kind == "shared-chain" else rnd.randint(8, 16)
        levels = rnd.randint(30, 60) if width == 2 else rnd.randint(9, 14)
        for _ in range(levels):
            shared = {**element, "children": [shared] * width}
        kids.append(shared)
    element["children"] = kids
    return kind, elements


# ------------------------------------------------------------------- MCP stdio lines


def real_request(rnd: random.Random) -> dict[str, Any]:
    """A real ``tools/call``: ``ac_delta_observation`` over two real captures' element dicts."""
    prev, curr = real_elements(rnd), real_elements(rnd)
    arguments = {"prev": prev, "curr": curr, "max_lines": 20}
    params = {"name": "ac_delta_observation", "arguments": arguments}
    return {"jsonrpc": "2.0", "id": rnd.randint(1, 999), "method": "tools/call", "params": params}


LINES = ("deep-list", "deep-object", "long-integer", "long-id", "surrogate", "bom", "utf-16", "nul",
         "cut", "nan")  # fmt: skip

_MARK = "\x00MARK\x00"


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _places(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _places(v, (*path, i))
    return out


def _put(value: Any, path: tuple[Any, ...], new: Any) -> None:
    for step in path[:-1]:
        value = value[step]
    value[path[-1]] = new


def hostile_line(rnd: random.Random) -> tuple[str, bytes]:
    """One hostile JSON-RPC line (no newline) built from :func:`real_request`."""
    request = real_request(rnd)
    kind = rnd.choice(LINES)
    places = [p for p in _places(request) if len(p) > 1][:4000]
    where = rnd.choice(places)
    if kind == "long-id":
        request["id"] = _MARK
        where = ("id",)
    else:
        _put(request, where, _MARK)
    text = json.dumps(request, ensure_ascii=False)
    marker = json.dumps(_MARK)
    if kind == "deep-list":
        levels = rnd.choice([1_000, 5_000, 100_000])
        piece = "[" * levels + "]" * levels
    elif kind == "deep-object":
        levels = rnd.choice([1_000, 5_000, 50_000])
        piece = '{"a":' * levels + "0" + "}" * levels
    elif kind in ("long-integer", "long-id"):
        piece = "9" * rnd.choice([4_301, 5_000, 100_000])
    elif kind == "surrogate":
        piece = '"a\\ud800b"'
    elif kind == "nan":
        piece = rnd.choice(["NaN", "Infinity", "-Infinity", "1e999999"])
    else:
        piece = json.dumps("x")
    text = text.replace(marker, piece, 1)
    raw = text.encode("utf-8")
    if kind == "bom":
        raw = b"\xef\xbb\xbf" + raw
    elif kind == "utf-16":
        raw = text.encode("utf-16")
    elif kind == "nul":
        cut = rnd.randint(0, len(raw))
        raw = raw[:cut] + b"\x00" + raw[cut:]
    elif kind == "cut":
        raw = raw[: rnd.randint(1, len(raw) - 1)]
    return kind, raw


# --------------------------------------------------------------------- CLI paths

PATH_KINDS = ("directory", "fifo", "symlink-loop", "too-long", "parent-is-file", "dangling")
"""Kinds of hostile path; ``directory`` and ``fifo`` name what exists where a file goes."""

OPTIONS = ("export-bundle", "export-output", "run-script", "run-report", "mcp-record")
"""The CLI's path arguments: ``export BUNDLE``, ``export -o``, ``run SCRIPT``,
``run --report``, ``mcp --record`` (a folder recordings go in)."""


def hostile_path(rnd: random.Random, tmp: Path) -> tuple[str, str]:
    """A hostile path under ``tmp`` (made there): its kind and the path."""
    kind = rnd.choice(PATH_KINDS)
    tmp.mkdir(parents=True, exist_ok=True)
    if kind == "directory":
        path = tmp / "a-directory"
        path.mkdir(exist_ok=True)
    elif kind == "fifo":
        path = tmp / "a-fifo"
        if not path.exists():
            os.mkfifo(path)
    elif kind == "symlink-loop":
        path = tmp / "loop-a"
        if not path.is_symlink():
            os.symlink(tmp / "loop-b", path)
            os.symlink(path, tmp / "loop-b")
    elif kind == "too-long":
        name = "x" * rnd.choice([256, 300, 5_000])
        path = tmp / (name if rnd.random() < 0.5 else f"{name}/out")
    elif kind == "parent-is-file":
        (tmp / "a-file").write_text("x")
        path = tmp / "a-file" / "out"
    else:
        path = tmp / "missing" / "deeper" / "out"
        if rnd.random() < 0.5:
            path = tmp / "dangling"
            if not path.is_symlink():
                os.symlink(tmp / "nowhere" / "x", path)
    return kind, str(path)


# -------------------------------------------------------------- scripts built in Python

SCRIPT = ROOT / "fixtures" / "bundles" / "sign-up" / "script.json"
SCRIPT_ALIASES = ("elements", "checks", "params")


def aliased_script(rnd: random.Random) -> tuple[str, list[Any]]:
    """The recorded script of ``fixtures/bundles/sign-up`` as Python objects, one step's
    parameters made to alias: an ``AC_delta_observation`` of :func:`aliased_elements`
    put in, a step's ``checks`` a list shared down a chain, or its parameters a chain of
    one object shared by every key (scripts built in Python reach the executor as objects)."""
    steps: list[Any] = json.loads(SCRIPT.read_text(encoding="utf-8"))
    kind = rnd.choice(SCRIPT_ALIASES)
    at = rnd.randint(0, len(steps))
    if kind == "elements":
        _, prev = aliased_elements(rnd)
        steps.insert(at, ["AC_delta_observation", {"prev": prev, "curr": real_elements(rnd)}])
        return kind, steps
    shared: Any = {"text": "Save"}
    for _ in range(rnd.randint(30, 50)):
        shared = {"a": shared, "b": shared} if kind == "params" else [shared, shared]
    step = steps[min(at, len(steps) - 1)]
    if kind == "checks":
        while len(step) < 3:
            step.append({})
        step[2]["checks"] = [{"selector": {"text": "Save"}, "exists": True, "x": shared}]
    else:
        step[1] = {**step[1], "selector": {"text": "Save", "x": shared}}
    return kind, steps
