"""Export a recorded script: JSON, a Python program, a pytest module, or a Maestro flow.

:data:`FORMATS` is the registry every front reads (the Script Builder's Export
menu, the tests): each :class:`Format` has its kind, a title, a file-name
pattern, a file-dialog filter and its renderer. JSON stays the interchange
format (what ``deltarec run`` and the MCP server replay); the code exports are
one call per step on the public API (:mod:`deltarec.core.recorder.export_python`), the
Maestro flow maps what Maestro can express (:mod:`deltarec.core.recorder.export_maestro`).
Every renderer is safe for any recording name and recorded text.

    >>> from deltarec.core.executor import parse_script
    >>> [f.kind for f in FORMATS.values()]
    ['json', 'python', 'pytest', 'maestro']
    >>> code = FORMATS["python"].render(parse_script([["AC_back"]]), "demo")
    >>> compile(code, "demo.py", "exec") is not None
    True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, TypedDict, Unpack

from deltarec.core.bundle import write_atomic
from deltarec.core.executor import Script
from deltarec.core.recorder.export_maestro import to_maestro
from deltarec.core.recorder.export_python import to_pytest, to_python

Kind = Literal["json", "python", "pytest", "maestro"]


def to_json(script: Script) -> str:
    """The script as JSON text: readable UTF-8, or ASCII escapes when text holds a lone
    surrogate (UTF-8 cannot carry one; a ``\\udXXX`` escape is still valid JSON)."""
    text = json.dumps(script.to_json(), ensure_ascii=False, indent=1) + "\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(script.to_json(), ensure_ascii=True, indent=1) + "\n"
    return text


@dataclass(frozen=True, slots=True)
class Format:
    """One export target: ``pattern`` names the file (``{name}`` is an identifier)."""

    kind: Kind
    title: str
    pattern: str
    filter: str
    render: Callable[[Script, str], str]


FORMATS: Mapping[str, Format] = {
    f.kind: f
    for f in (
        Format(
            "json",
            "JSON script",
            "{name}.json",
            "JSON script (*.json)",
            lambda script, _name: to_json(script),
        ),
        Format(
            "python",
            "Python script",
            "{name}.py",
            "Python script (*.py)",
            lambda script, name: to_python(script, name=name),
        ),
        Format(
            "pytest",
            "pytest file",
            "test_{name}.py",
            "pytest file (test_*.py)",
            lambda script, name: to_pytest(script, name=name),
        ),
        Format(
            "maestro",
            "Maestro flow",
            "{name}.yaml",
            "Maestro flow (*.yaml *.yml)",
            lambda script, name: to_maestro(script, name=name),
        ),
    )
}
"""Every export target, in menu order."""

KINDS: tuple[Kind, ...] = tuple(f.kind for f in FORMATS.values())


class Origin(TypedDict, total=False):
    """Where a recording started and what its file is called (every key optional).

    ``name``: the recording's name ("recording"); ``app`` / ``from_home``: where it
    started, for Maestro's ``appId`` and first command
    (:func:`~deltarec.core.recorder.export_maestro.to_maestro`) and a pytest module's reset
    marker and first launch (:func:`~.export_python.to_pytest`); ``test``: the name of a
    pytest module's test (``test_`` + it); ``clear``: a script that stops its app and
    launches it first was recorded with "clear its state first" (Maestro's ``clearState``,
    the pytest marker's ``reset='clear'``).
    """

    name: str
    app: str | None
    from_home: bool
    test: str | None
    clear: bool


def export(script: Script, path: str | Path, kind: Kind, **origin: Unpack[Origin]) -> Path:
    """Write the script as ``kind`` to ``path`` atomically (UTF-8); returns the path."""
    target = Path(path)
    write_atomic(target, render(script, kind, **origin).encode("utf-8"))
    return target


def render(script: Script, kind: Kind, **origin: Unpack[Origin]) -> str:
    """The text :func:`export` writes (same arguments, no file)."""
    name = origin.get("name", "recording")
    app, from_home, clear = (
        origin.get("app"),
        origin.get("from_home", False),
        origin.get("clear", False),
    )
    if kind == "maestro":
        return to_maestro(script, name=name, app=app, from_home=from_home, clear=clear)
    if kind == "pytest":
        test = origin.get("test")
        return to_pytest(script, name=name, test=test, app=app, from_home=from_home, clear=clear)
    return FORMATS[kind].render(script, name)


__all__ = ["FORMATS", "KINDS", "Format", "Kind", "export", "render", "to_json", "to_maestro",
           "to_pytest", "to_python"]  # fmt: skip
