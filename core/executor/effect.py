"""Effect check: did replaying a step change the screen the way it did when it was recorded?

A recorded step may carry ``expect``, the delta text shown at recording time.
On replay the step's own delta (the screen just before → just after, not the
caller-facing observation) is compared with it, line by line, by *signature*:
``(kind, role, name)`` where kind is the line's sign (``+ ~ - ↕ »``). ``[i]``
numbers, attribute details and budget lines (``… (+5 more)``) are ignored.

A screen header reads the same whichever way the replay reached the screen:
``» new screen SettingsActivity "Settings": …``, ``» new screen
dev.app/SettingsActivity: …`` and ``» back to SettingsActivity "Settings" (as
after step 2)`` all have the signature ``("»", "screen", "SettingsActivity")``.

Verdicts, first that applies:

1. expected a change, got ``no change`` → failure "AC_tap on Save had no effect";
2. expected a dialog to open or close, or a new screen, and the replay shows
   none of that kind → failure naming the missing line; expected a given
   screen and the replay reached another → failure naming both;
3. expected ``» back to`` a screen and the replay reached it → success: the
   lines after that header are the differences from a frame remembered
   earlier in the run, which depend on what happened in between (a ticking
   counter, a field typed into) and not on this step;
4. the signatures are clearly different: Jaccard similarity of the
   ``(kind, role, name)`` sets below :data:`NAME_SIMILARITY` *and* of the
   ``(kind, role)`` sets below :data:`SHAPE_SIMILARITY` → failure;
5. expected ``no change`` but something changed → warning only (a step that
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
_SCREEN = re.compile(r"^»\s+(?P<how>new screen|back to)\s+(?P<name>[^\s:\"]+)")

_BACK = re.compile(r"^»\s+back to\s")
NOTHING_MOVED = "↕ nothing scrolled"

Signature = tuple[str, str, str]


def signature(line: str) -> Signature | None:
    """``(kind, role, name)`` of one delta line, or None for lines that say no change.

    >>> signature('~ [3] switch "Wi-Fi" (checked: false→true)')
    ('~', 'switch', 'Wi-Fi')
    >>> signature("» new screen dev.app: 11 elements (6 gone, was launcher)")
    ('»', 'screen', 'dev.app')
    >>> signature('» new screen dev.app/SettingsActivity "Settings": 27 elements (14 gone)')
    ('»', 'screen', 'SettingsActivity')
    >>> signature('» back to SettingsActivity "Settings" (as after step 2)')
    ('»', 'screen', 'SettingsActivity')

    A swipe's note that it moved nothing (``↕ nothing scrolled: …``) says no change: a
    replay whose swipe also moved nothing did what the recording did.

    >>> signature("↕ nothing scrolled: the swipe from (540, 900) started on nothing that scrolls")
    """
    line = line.strip()
    if line.startswith(NOTHING_MOVED):
        return None
    screen = _SCREEN.match(line)
    if screen:
        return ("»", "screen", screen["name"].rpartition("/")[2])
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
    screens = [name for kind, _, name in want if kind == "»"]
    reached = [name for kind, _, name in got if kind == "»"]
    if (
        screens
        and reached
        and _activity(screens[0])
        and _activity(reached[0])
        and screens[0] != reached[0]
    ):
        return EffectCheck(
            f"{on}: expected the screen {screens[0]}; the replay reached {reached[0]}",
            None,
            similarity,
        )
    if screens and _BACK.match(first):  # reached the remembered screen: what follows varies
        return EffectCheck(None, None, similarity)
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


def _activity(name: str) -> bool:
    """A header names the activity, or the package when the capture had none (a
    package has dots; the two cannot be compared)."""
    return "." not in name


def _verb(kind: str) -> str:
    return "open" if kind == "+" else "close"


def _show(sig: Signature) -> str:
    kind, role, name = sig
    return f"{kind} {role} {json.dumps(name, ensure_ascii=False)}"
