"""Suggested assertions: what a recorded step's delta says, as ready-made AC_assert steps.

One click in the Script Builder turns a suggestion into a step. From a delta:

- a dialog opened → the dialog exists (by its title or message);
- an element appeared → it exists; an element disappeared → it is gone;
- ``checked`` / ``enabled`` / ``selected`` flipped → it has the new state;
- a text changed → it has the new text, found by something other than that
  text (``"On" reads "On"`` found by its text says nothing).

Every candidate is **verified** before it is offered (:func:`holds`): it must
hold on the screen after the step (as the executor would check it: strict,
one match) and fail on the screen before it — an assertion that would pass
had the step not happened proves nothing, and one that fails at once (``"Sign
up" disappeared`` while the launcher shows another "Sign up") is wrong. The
system bars (clock, battery, notification icons) and elements whose text is
volatile never yield a suggestion.

Selectors come from :func:`deltarec.core.recorder.selector_gen.selector_for`, built on
the frame where the element is (the old one for "gone"). At most
:data:`MAX_SUGGESTIONS`, most telling first (dialogs, then states, then the rest).
Public names (stable: :mod:`deltarec.core.recorder.checks` picks from them):
:class:`Suggestion`, :func:`suggest_assertions`, :func:`holds`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from deltarec.core.diff.volatile import DEFAULT_VOLATILE, Volatile
from deltarec.core.errors import DeltarecError
from deltarec.core.executor.commands.flow import Assert
from deltarec.core.executor.selectors import find_all
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observer import DeltaResult
from deltarec.core.recorder.selector_gen import selector_for

MAX_SUGGESTIONS = 6
# Clock and date texts churn on their own (a launcher's clock widget, a list's "2 min ago")
# even where no second capture has shown it yet: never assert on them.
_CLOCKLIKE = re.compile(
    r"^(\d{1,2}:\d{2}(:\d{2})?(\s?[AaPp]\.?[Mm]\.?)?|(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w*,? .*"
    r"|\d+ (sec|min|hour|day)s? ago|now)$"
)
_STATES = ("checked", "enabled", "selected")
_NOT_BY_TEXT = ("resource_id", "content_desc", "class_name", "role")


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A human label ("dialog "Save?" appeared") and the AC_assert parameters."""

    label: str
    params: dict[str, Any]

    @property
    def step(self) -> list[Any]:
        return ["AC_assert", self.params]

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "params": self.params}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Suggestion:
        return cls(str(data["label"]), dict(data["params"]))


def holds(params: Mapping[str, Any], screen: ElementIndex) -> bool:
    """Whether the AC_assert with ``params`` passes on ``screen`` (checked once, strictly).

    False for parameters AC_assert would reject, and for an ambiguous selector.
    """
    try:
        command = Assert.parse(dict(params), "$")
    except DeltarecError:
        return False
    found = find_all(command.selector, screen)
    if len(found) > 1:
        return False
    return command._verdict(found[0] if found else None) is None  # the executor's own rule


def suggest_assertions(
    result: DeltaResult, *, volatile: Volatile = DEFAULT_VOLATILE
) -> list[Suggestion]:
    """The verified suggestions for one step's delta (see the module docstring)."""
    d, index, prev_index = result.delta, result.index, result.prev_index
    fc, fp = d.curr, d.prev
    out: list[Suggestion] = []
    roles: list[str] = []

    def offer(label: str, params: dict[str, Any], role: str = "") -> None:
        if holds(params, index) and not holds(params, prev_index):
            out.append(Suggestion(label, params))
            roles.append(role)

    def steady(frame: Any, pos: int) -> bool:
        node = frame.nodes[pos]
        if _CLOCKLIKE.match(node.text or node.content_desc or ""):
            return False
        return not volatile.is_volatile(frame.keys[pos], "text", node.resource_id)

    def also_shown(name: str, selector: dict[str, Any]) -> str:
        """`` (resource_id="…")`` when the new screen shows another element of that name."""
        if name not in {index.names[e.pos] for e in index.elements}:
            return ""
        return " (" + ", ".join(f"{k}={v!r}" for k, v in selector.items()) + ")"

    def sel(pos: int) -> dict[str, Any]:
        s = selector_for(fc, pos)
        s.pop("alternates", None)
        return s

    for root in d.opened:
        if fc.nodes[root].role == "dialog":
            texts = [p for p in range(root, fc.subtree_end(root)) if fc.nodes[p].text]
            if texts:
                name = index.names[root]
                offer(f'dialog "{name}" appeared', {"selector": sel(texts[0]), "exists": True})
    for c, changes in sorted(d.changed.items()):
        if c not in index.number_of or c in d.quiet_curr:
            continue
        node, name = fc.nodes[c], index.names[c]
        for state in _STATES:
            if state in changes:
                value = changes[state]["to"]
                label = f'"{name}" {state} is {str(value).lower()}'
                offer(label, {"selector": sel(c), state: value}, node.role)
        new = changes.get("text", {}).get("to")
        if new and steady(fc, c):
            full = selector_for(fc, c)
            by_other = [
                {k: v for k, v in s.items() if k != "alternates"}
                for s in (full, *full.get("alternates", []))
            ]
            plain = [s for s in by_other if s and set(s) <= set(_NOT_BY_TEXT)]
            if plain:
                old = changes["text"].get("from") or ""
                was = f' "{old}"' if old else ""
                offer(f'{node.role}{was} now reads "{new}"', {"selector": plain[0], "text": new})
    added = [
        c
        for c in d.added
        if c in index.number_of
        and fc.window_of[c] not in d.opened
        and c not in d.quiet_curr
        and steady(fc, c)
    ]
    for c in added[:3]:
        label = f'"{index.names[c]}" appeared'
        offer(label, {"selector": sel(c), "exists": True}, fc.nodes[c].role)
    gone = [
        p
        for p in d.removed
        if p in prev_index.number_of
        and fp.window_of[p] not in d.closed
        and p not in d.quiet_prev
        and steady(fp, p)
    ]
    for p in gone[:2]:
        s = selector_for(fp, p)
        s.pop("alternates", None)
        if "key" not in s and "index" not in s:  # only selectors that mean something later
            name = prev_index.names[p]
            label = f'"{name}"{also_shown(name, s)} disappeared'
            offer(label, {"selector": s, "gone": True}, fp.nodes[p].role)
    return _distinct(out, roles)[:MAX_SUGGESTIONS]


def _distinct(out: list[Suggestion], roles: list[str]) -> list[Suggestion]:
    """Two suggestions that read alike (a "Wi-Fi" button and a "Wi-Fi" switch) name their role."""
    seen = Counter(s.label for s in out)
    return [
        Suggestion(f"{role} {s.label}", s.params) if seen[s.label] > 1 and role else s
        for s, role in zip(out, roles, strict=True)
    ]
