"""Effect check: did replaying a step change the screen the way it did when it was recorded?

A recorded step may carry ``expect``, the delta text shown at recording time.
On replay the step's own delta (the screen just before → just after, not the
caller-facing observation) is compared with it, line by line, by *signature*:
``(kind, role, name)`` where kind is the line's sign (``+ ~ - ↕ »``). ``[i]``
numbers, attribute details and budget lines (``… (+5 more)``) are ignored.

Verdicts, first that applies:

1. expected a change, got ``no change`` → failure "AC_tap on Save had no effect";
2. expected a dialog to open or close, or a new screen, and the replay shows
   none of that kind → failure naming the missing line;
3. the signatures are clearly different: Jaccard similarity of the
   ``(kind, role, name)`` sets below :data:`NAME_SIMILARITY` *and* of the
   ``(kind, role)`` sets below :data:`SHAPE_SIMILARITY` → failure;
4. expected ``no change`` but something changed → warning only (a step that
   did nothing when recorded, e.g. a tap that only dismissed the keyboard).

    >>> check_effect('+ [11] dialog "Save?"', "no change", "AC_tap", "Save").failure
    'AC_tap on Save had no effect (expected: + [11] dialog "Save?")'
    >>> check_effect('~ [6] textbox "Ada" (text: "Name"→"Ada")',
    ...              '~ [2] textbox "Ada" (text: "Name"→"Ada")', "AC_type_text", "").ok
    True
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TypeVar

_T = TypeVar("_T")

NAME_SIMILARITY = 0.2
SHAPE_SIMILARITY = 0.5

_LINE = re.compile(
    r'^(?P<kind>[+~\-↕])\s+(?:\[\d+\]\s+)?(?P<role>[\w-]+)(?::|\s+(?P<name>"(?:[^"\\]|\\.)*"))?'
)
_SCREEN = re.compile(r"^»\s+new screen\s+(?P<package>\S+?):")

Signature = tuple[str, str, str]


def signature(line: str) -> Signature | None:
    """``(kind, role, name)`` of one delta line, or None for lines that say no change.

    >>> signature('~ [3] switch "Wi-Fi" (checked: false→true)')
    ('~', 'switch', 'Wi-Fi')
    >>> signature("» new screen dev.app: 11 elements (6 gone, was launcher)")
    ('»', 'screen', 'dev.app')
    """
    line = line.strip()
    screen = _SCREEN.match(line)
    if screen:
        return ("»", "screen", screen["package"])
    found = _LINE.match(line)
    if not found:
        return None
    return (found["kind"], found["role"], _unquote(found["name"]) if found["name"] else "")


def _unquote(quoted: str) -> str:
    """The name in a delta line's quotes; a hand-edited ``expect`` with a bad escape
    (``"\\x"``) is compared as written rather than failing the run."""
    try:
        name = json.loads(quoted, strict=False)
    except ValueError:
        return quoted[1:-1]
    return name if isinstance(name, str) else quoted[1:-1]


def signatures(text: str) -> set[Signature]:
    """The signatures of every line of a delta text (an empty set for ``no change``)."""
    return {s for s in (signature(line) for line in text.splitlines()) if s is not None}


def _jaccard(a: set[_T], b: set[_T]) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0


def _salient(sig: Signature) -> bool:
    kind, role, _ = sig
    return kind == "»" or (role == "dialog" and kind in "+-")


@dataclass(frozen=True, slots=True)
class EffectCheck:
    """The verdict: ``failure`` (or None), ``warning`` (or None) and the similarity."""

    failure: str | None
    warning: str | None
    similarity: float

    @property
    def ok(self) -> bool:
        return self.failure is None


def check_effect(expected: str, actual: str, command: str, target: str) -> EffectCheck:
    """Compare a recorded delta with the replayed one (see the module docstring)."""
    on = f"{command} on {target}" if target else command
    want, got = signatures(expected), signatures(actual)
    similarity = _jaccard(set(want), set(got))
    first = next((x.strip() for x in expected.splitlines() if signature(x)), "")
    if want and not got:
        return EffectCheck(f"{on} had no effect (expected: {first})", None, 0.0)
    if not want:
        warning = f"{on} changed the screen; when recorded it did not" if got else None
        return EffectCheck(None, warning, similarity)
    shapes = {(k, r) for k, r, _ in got}
    for sig in sorted(want):
        if _salient(sig) and (sig[0], sig[1]) not in shapes:
            what = "a new screen" if sig[0] == "»" else f"a dialog to {_verb(sig[0])}"
            return EffectCheck(f"{on}: expected {what} ({_show(sig)}); none did", None, similarity)
    shape = _jaccard({(k, r) for k, r, _ in want}, shapes)
    if similarity < NAME_SIMILARITY and shape < SHAPE_SIMILARITY:
        seen = next((x.strip() for x in actual.splitlines() if signature(x)), "")
        return EffectCheck(
            f"{on} changed something else (expected: {first}; got: {seen};"
            f" similarity {similarity:.2f})",
            None,
            similarity,
        )
    return EffectCheck(None, None, similarity)


def _verb(kind: str) -> str:
    return "open" if kind == "+" else "close"


def _show(sig: Signature) -> str:
    kind, role, name = sig
    return f"{kind} {role} {json.dumps(name, ensure_ascii=False)}"
