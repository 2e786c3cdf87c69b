"""Suggested assertions: what a recorded step's delta says, as ready-made AC_assert steps.

One click in the Script Builder turns a suggestion into a step. From a delta:

- a dialog opened → the dialog exists (by its title or message);
- an element appeared → it exists; an element disappeared → it is gone;
- ``checked`` / ``enabled`` / ``selected`` flipped → it has the new state;
- a text changed → it has the new text.

The system bars (clock, battery, notification icons) never yield a suggestion.

Selectors come from :func:`core.recorder.selector_gen.selector_for`, built on
the frame where the element is (the old one for "gone"). At most
:data:`MAX_SUGGESTIONS`, most telling first (dialogs, then states, then the rest).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.delta import DeltaResult
from core.recorder.selector_gen import selector_for

MAX_SUGGESTIONS = 6
_STATES = ("checked", "enabled", "selected")


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A human label ("dialog "Save?" appeared") and the AC_assert parameters."""

    label: str
    params: dict[str, Any]

    @property
    def step(self) -> list[Any]:
        return ["AC_assert", self.params]


def suggest_assertions(result: DeltaResult) -> list[Suggestion]:
    d, index, prev_index = result.delta, result.index, result.prev_index
    fc, fp = d.curr, d.prev
    out: list[Suggestion] = []

    def sel(pos: int) -> dict[str, Any]:
        s = selector_for(fc, pos)
        s.pop("alternates", None)
        return s

    for root in d.opened:
        if fc.nodes[root].role == "dialog":
            texts = [p for p in range(root, fc.subtree_end(root)) if fc.nodes[p].text]
            if texts:
                name = index.names[root]
                out.append(
                    Suggestion(
                        f'dialog "{name}" appeared', {"selector": sel(texts[0]), "exists": True}
                    )
                )
    for c, changes in sorted(d.changed.items()):
        if c not in index.number_of or c in d.quiet_curr:
            continue
        name = index.names[c]
        for state in _STATES:
            if state in changes:
                value = changes[state]["to"]
                out.append(
                    Suggestion(
                        f'"{name}" {state} is {str(value).lower()}',
                        {"selector": sel(c), state: value},
                    )
                )
        if "text" in changes and changes["text"]["to"]:
            new = changes["text"]["to"]
            out.append(Suggestion(f'"{name}" reads "{new}"', {"selector": sel(c), "text": new}))
    added = [
        c
        for c in d.added
        if c in index.number_of and fc.window_of[c] not in d.opened and c not in d.quiet_curr
    ]
    for c in added[:3]:
        out.append(Suggestion(f'"{index.names[c]}" appeared', {"selector": sel(c), "exists": True}))
    gone = [
        p
        for p in d.removed
        if p in prev_index.number_of and fp.window_of[p] not in d.closed and p not in d.quiet_prev
    ]
    for p in gone[:2]:
        s = selector_for(fp, p)
        s.pop("alternates", None)
        if "key" not in s and "index" not in s:  # only selectors that mean something later
            out.append(
                Suggestion(f'"{prev_index.names[p]}" disappeared', {"selector": s, "gone": True})
            )
    return out[:MAX_SUGGESTIONS]
