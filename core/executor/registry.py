"""The one explicit list of script commands, and lookups over it.

:data:`COMMANDS` is every command a script may use, in palette order
(read-only, discovery, mutating, flow). :data:`UNSAFE_COMMANDS` run arbitrary
code and exist only in a session created with ``allow_unsafe=True``.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from deltarec.core.errors import ScriptValidationError
from deltarec.core.executor.commands.base import Category, Command
from deltarec.core.executor.commands.flow import Assert, Sleep, WaitFor
from deltarec.core.executor.commands.mutating import (
    Back,
    ClearApp,
    Home,
    LaunchApp,
    LongPress,
    PressKey,
    StopApp,
    Swipe,
    Tap,
    TypeText,
)
from deltarec.core.executor.commands.observation import (
    AssignStableIds,
    MatchElements,
    ObservationIndex,
    SerializeObservation,
)
from deltarec.core.executor.commands.readonly import (
    CurrentApp,
    DeltaObservation,
    DescribeScreen,
    ListDevices,
    Observe,
    Screenshot,
)
from deltarec.core.executor.commands.unsafe import Shell

COMMANDS: tuple[type[Command], ...] = (
    Observe,
    Screenshot,
    DeltaObservation,
    ObservationIndex,
    SerializeObservation,
    MatchElements,
    AssignStableIds,
    ListDevices,
    CurrentApp,
    DescribeScreen,
    Tap,
    LongPress,
    Swipe,
    TypeText,
    PressKey,
    Back,
    Home,
    LaunchApp,
    StopApp,
    ClearApp,
    WaitFor,
    Assert,
    Sleep,
)
"""Every safe command, in palette order."""

UNSAFE_COMMANDS: tuple[type[Command], ...] = (Shell,)
"""Commands that run arbitrary code; only with ``allow_unsafe=True``."""


def command_table(*, allow_unsafe: bool = False) -> dict[str, type[Command]]:
    """Name → command class: :data:`COMMANDS`, plus the unsafe ones when allowed."""
    listed = COMMANDS + (UNSAFE_COMMANDS if allow_unsafe else ())
    return {cls.name: cls for cls in listed}


def lookup(table: Mapping[str, type[Command]], name: object, path: str) -> type[Command]:
    """The command called ``name``; ScriptValidationError (with a suggestion) otherwise."""
    if not isinstance(name, str):
        raise ScriptValidationError(path, "a command name must be a string")
    found = table.get(name)
    if found is not None:
        return found
    if any(cls.name == name for cls in UNSAFE_COMMANDS):
        raise ScriptValidationError(
            path, f"{name} is UNSAFE (runs arbitrary code): the session needs allow_unsafe=True"
        )
    close = difflib.get_close_matches(name[:100], list(table), n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    return _unknown(path, name[:80], hint)


def _unknown(path: str, name: str, hint: str) -> type[Command]:
    raise ScriptValidationError(path, f"unknown command {name!r}{hint}")


def catalog(*, allow_unsafe: bool = False) -> list[dict[str, Any]]:
    """Help for every command: name, category, summary, docstring and parameters."""
    out = []
    for cls in command_table(allow_unsafe=allow_unsafe).values():
        params = [
            {
                "name": name,
                "type": spec.kind.label,
                "required": spec.required,
                **({} if spec.required else {"default": spec.default}),
                "help": spec.help,
            }
            for name, spec in cls.spec().items()
        ]
        summary = cls.summary()
        out.append(
            {
                "name": cls.name,
                "category": cls.category.value,
                "summary": ("UNSAFE: " + summary)
                if cls.unsafe and "UNSAFE" not in summary
                else summary,
                "help": (cls.__doc__ or "").strip(),
                "params": params,
            }
        )
    return out


def by_category(category: Category, *, allow_unsafe: bool = False) -> list[type[Command]]:
    """The commands of one category, in palette order (the Script Builder's palette)."""
    return [c for c in command_table(allow_unsafe=allow_unsafe).values() if c.category is category]
