"""Passwords typed while recording: kept in the recording, written everywhere else as a
reference.

A demanding user expects a recorder not to print a password: Playwright codegen writes the
typed value into the test (and people then move it out by hand); Maestro flows write
``inputText: ${PASSWORD}`` and take the value from ``maestro test -e PASSWORD=…``. deltarec
does the second: text typed into a field the screen marks ``password`` is recorded with a
variable name (:func:`secret_name`: ``PASSWORD``, ``PASSWORD_2`` for a second value).

- The recording (the bundle's ``manifest.json``) keeps the value, so the Script Builder
  replays it as recorded; that is the one place it is kept, the place the user typed it.
- The step's label reads ``type ${PASSWORD} into textbox "Password"``.
- Every script made from the recording — ``script.json``, the JSON export — holds
  ``"text": "${PASSWORD}"``; the Python and pytest exports read ``os.environ["PASSWORD"]``;
  the Maestro flow writes ``inputText: ${PASSWORD}``.
- The delta never held it: the screen shows the field masked (``"••••••••"``).

    >>> reference("PASSWORD"), referenced("${PASSWORD}"), referenced("hunter2")
    ('${PASSWORD}', 'PASSWORD', None)
"""

from __future__ import annotations

from collections.abc import Iterable

from deltarec.core.diff.volatile import MASKED
from deltarec.core.executor import Script
from deltarec.core.executor.variables import reference, referenced
from deltarec.core.observer import DeltaResult

VARIABLE = "PASSWORD"


def password_field(result: DeltaResult) -> str | None:
    """The name of the password field a typing step typed into, else None: the focused field
    after the step, or a field whose text the step changed, marked ``password`` on screen."""
    d = result.delta
    candidates = [d.curr.focused] if d.curr.focused >= 0 else []
    candidates += [p for p, ch in d.changed.items() if "text" in ch]
    for pos in candidates:
        if d.curr.nodes[pos].password:
            # named as it was before the typing (its hint), never by its dots
            was = result.prev_index.names[d.pairs[pos]] if pos in d.pairs else ""
            return was if was and not MASKED.match(was) else "password"
    return None


def secret_name(value: str, taken: Iterable[tuple[str, str]]) -> str:
    """The variable for ``value``: the one an earlier step used for the same value, else
    ``PASSWORD``, ``PASSWORD_2`` … (``taken``: (name, value) of the earlier steps).

    >>> secret_name("a", []), secret_name("b", [("PASSWORD", "a")])
    ('PASSWORD', 'PASSWORD_2')
    >>> secret_name("a", [("PASSWORD", "a")])
    'PASSWORD'
    """
    used = dict(taken)
    for name, kept in used.items():
        if kept == value:
            return name
    n = 1
    while (name := VARIABLE if n == 1 else f"{VARIABLE}_{n}") in used:
        n += 1
    return name


def variables(script: Script) -> list[str]:
    """The variables the script's typed text refers to, in order, once each."""
    out: list[str] = []
    for step in script.steps:
        name = referenced(step.params.get("text")) if step.command == "AC_type_text" else None
        if name is not None and name not in out:
            out.append(name)
    return out


__all__ = ["VARIABLE", "password_field", "reference", "referenced", "secret_name", "variables"]
