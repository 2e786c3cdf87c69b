"""Suggested assertions: what a recorded step's delta says, as ready-made AC_assert steps.

One click in the Script Builder turns a suggestion into a step. **A suggestion comes from a
fact the delta states and from nothing else**: the facts of its lines
(:mod:`deltarec.core.render.facts`), with the values of the same ObservationDiff entries —
never a second comparison of the two screens. So a text in a row whose row said
"disabled" for it is not asserted disabled, and whatever is asserted, the person read.
From those facts:

- a dialog opened → the dialog exists (found by its first text);
- ``checked`` / ``enabled`` / ``selected`` changed → it has the new state;
- a text changed → it has the new text, found by something other than that text (``"On"
  reads "On"`` found by its text says nothing);
- an element appeared → it exists; an element went → it is gone.

Each needs a **strict, stable, readable** selector: the first of the element's resource id,
description, text, id and text, or role and name (what the delta calls it) that matches
exactly one element of the screen it is checked on (the after-screen; for "gone", the
screen before, and none after), and names nothing volatile — no clock or date, no counter
(a text that changed only in its numbers this step), no text the session learned churns,
no masked password text, and never the opaque ``key`` or ``[i]``. A fact with no such
selector is dropped, and ``dropped`` (when given) says why, with the count: ``text
"Airplane mode is on" … {name=…, role="text"} matches 3``.

Every candidate is then **verified** (:func:`holds`): it must hold on the screen after the
step (as the executor would check it: strict, one match) and fail on the screen before it —
an assertion that would pass had the step not happened proves nothing. The system bars
never yield one (the delta leaves them out). At most :data:`MAX_SUGGESTIONS`, most telling
first (dialogs, then states, texts, what appeared, what went). Public names (stable:
:mod:`deltarec.core.recorder.checks` picks from them): :class:`Suggestion`,
:func:`suggest_assertions`, :func:`holds`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from deltarec.core.diff.types import ChangeKind as K
from deltarec.core.diff.volatile import DEFAULT_VOLATILE, Volatile, is_counter, is_live
from deltarec.core.errors import DeltarecError
from deltarec.core.executor.commands.flow import Assert
from deltarec.core.executor.selectors import Selector, find_all
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observer import DeltaResult
from deltarec.core.recorder.selector_gen import candidates

MAX_SUGGESTIONS = 6
MAX_APPEARED, MAX_GONE = 3, 2
_STATES = ("checked", "enabled", "selected")
_RANK = {"dialog": 0, "checked": 1, "enabled": 1, "selected": 1, "text": 2, "exists": 3}


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
    result: DeltaResult, *, volatile: Volatile = DEFAULT_VOLATILE, dropped: list[str] | None = None
) -> list[Suggestion]:
    """The verified suggestions for one step's delta (see the module docstring).

    ``dropped``, when given, receives one line per fact of the delta that yielded no
    suggestion for want of a strict, stable selector. Cost: O(f·n) for f facts.
    """
    facts = [f for line in result.entries for f in line.facts]
    maker = _Maker(result, volatile, dropped if dropped is not None else [])
    fc = result.delta.curr
    for f in facts:
        if f.kind is K.WINDOW_OPENED and fc.nodes[f.pos].role == "dialog":
            maker.dialog(f.pos)
    for f in facts:
        if f.kind is K.CHANGED:
            maker.change(f.pos, f.attribute)
    dialogs = fc.under([f.pos for f in facts if f.kind is K.WINDOW_OPENED])
    appeared = [f.pos for f in facts if f.kind is K.ADDED and f.pos not in dialogs]
    for pos in appeared[:MAX_APPEARED]:
        maker.presence(pos)
    for pos in [f.pos for f in facts if f.kind is K.REMOVED][:MAX_GONE]:
        maker.presence(pos, gone=True)
    ranked = sorted(maker.out, key=lambda item: _RANK.get(item[2], 4))
    return _distinct(ranked)[:MAX_SUGGESTIONS]


class _Maker:
    """The suggestions of one step, built fact by fact (each verified before it is kept)."""

    def __init__(self, result: DeltaResult, volatile: Volatile, dropped: list[str]) -> None:
        self.result, self.volatile, self.dropped = result, volatile, dropped
        self.out: list[tuple[Suggestion, str, str]] = []  # (suggestion, role, kind)
        changes = result.delta.changed.values()
        self.counters = {
            str(ft["to"])
            for ch in changes
            for ft in (ch.get("text"), ch.get("content_desc"))
            if ft is not None and is_counter(str(ft["from"]), str(ft["to"]))
        }

    def _offer(self, label: str, params: dict[str, Any], role: str, kind: str) -> None:
        index, prev_index = self.result.index, self.result.prev_index
        if holds(params, index) and not holds(params, prev_index):
            self.out.append((Suggestion(label, params), role, kind))

    def _steady(self, screen: ElementIndex, pos: int, text: str) -> bool:
        """Whether ``text`` (a value a selector or an assertion names) is not volatile."""
        node = screen.frame.nodes[pos]
        if node.password or is_live(text) or any(c in text for c in self.counters if c):
            return False
        key, rid = screen.frame.keys[pos], node.resource_id
        own = text in (node.text, node.content_desc)
        return not (own and self.volatile.is_volatile(key, "text", rid))

    def selector(
        self,
        screen: ElementIndex,
        pos: int,
        label: str,
        *,
        by_text: bool = True,
        absent: ElementIndex | None = None,
    ) -> dict[str, Any] | None:
        """The first readable, stable selector that finds exactly ``pos`` on ``screen`` (and
        nothing on ``absent``), else None with the reason in ``dropped``."""
        node, name = screen.frame.nodes[pos], screen.names[pos]
        tried = [c for c in candidates(screen.frame, pos) if "key" not in c and "index" not in c]
        if name:
            tried.append({"role": node.role, "name": name})
        if not by_text:  # the asserted text may not find the element it is asserted on
            said = {node.text, *self.result.delta.changed.get(pos, {}).get("text", {}).values()}
            tried = [c for c in tried if "text" not in c and not (said & {c.get("name")})]
        counts: list[str] = []
        for c in tried:
            texts = [str(v) for k, v in c.items() if k in ("text", "content_desc", "name")]
            if not all(self._steady(screen, pos, t) for t in texts):
                counts.append(f"{_shown(c)} is volatile")
                continue
            found = find_all(Selector.from_json(c), screen)
            if len(found) == 1 and found[0].pos == pos:
                if absent is None or not find_all(Selector.from_json(c), absent):
                    return c
                counts.append(f"{_shown(c)} still matches after")
            else:
                counts.append(f"{_shown(c)} matches {len(found)}")
        why = "; ".join(counts) or "nothing names it"
        self.dropped.append(f"{label}: dropped, no strict stable selector ({why})")
        return None

    def dialog(self, root: int) -> None:
        """The dialog the line ``+ [i] dialog "name"`` states, found by its first text."""
        fc, index = self.result.delta.curr, self.result.index
        label = f'dialog "{index.names[root]}" appeared'
        for pos in range(root + 1, fc.subtree_end(root)):
            if fc.nodes[pos].text:
                selector = self.selector(index, pos, label)
                if selector is not None:
                    self._offer(label, {"selector": selector, "exists": True}, "dialog", "dialog")
                return

    def change(self, pos: int, attribute: str) -> None:
        d, index = self.result.delta, self.result.index
        node, name = d.curr.nodes[pos], index.names[pos]
        new = d.changed[pos][attribute]["to"]
        if attribute in _STATES:
            label = f'"{name}" {attribute} is {str(new).lower()}'
            selector = self.selector(index, pos, f"{node.role} {label}")
            if selector is not None:
                self._offer(label, {"selector": selector, attribute: new}, node.role, attribute)
        elif attribute == "text" and isinstance(new, str) and new:
            old = d.changed[pos]["text"]["from"] or ""
            label = f"{node.role}{f' {_q(old)}' if old else ''} now reads {_q(new)}"
            if not self._steady(index, pos, new) or self.volatile.is_volatile(
                d.curr.keys[pos], "text", node.resource_id
            ):
                self.dropped.append(f"{label}: dropped, the text is volatile")
                return
            selector = self.selector(index, pos, label, by_text=False)
            if selector is not None:
                self._offer(label, {"selector": selector, "text": new}, node.role, "text")

    def _named_steadily(self, screen: ElementIndex, pos: int, label: str) -> bool:
        """An element named by a clock or a counter is not offered, whatever finds it: the
        label would assert what the next look will not show."""
        if self._steady(screen, pos, screen.names[pos]):
            return True
        self.dropped.append(f"{label}: dropped, its name is volatile")
        return False

    def presence(self, pos: int, *, gone: bool = False) -> None:
        """``"X" appeared`` (``pos`` in the new frame), or ``"X" disappeared`` (in the old one:
        found there, and nowhere after)."""
        screen = self.result.prev_index if gone else self.result.index
        role = screen.frame.nodes[pos].role
        label = f'"{screen.names[pos]}" {"disappeared" if gone else "appeared"}'
        if not self._named_steadily(screen, pos, f"{role} {label}"):
            return
        absent = self.result.index if gone else None
        selector = self.selector(screen, pos, f"{role} {label}", absent=absent)
        if selector is None:
            return
        if gone and _named_again(screen, pos, self.result):
            label = f'"{screen.names[pos]}" ({_shown(selector)}) disappeared'
        fact = "gone" if gone else "exists"
        self._offer(label, {"selector": selector, fact: True}, role, fact)


def _named_again(prev_index: ElementIndex, pos: int, result: DeltaResult) -> bool:
    """The new screen shows another element of the gone one's name: the label says which."""
    name = prev_index.names[pos]
    return name in {result.index.names[e.pos] for e in result.index.elements}


def _q(text: object) -> str:
    return '"' + str(text) + '"'


def _shown(selector: Mapping[str, Any]) -> str:
    return "{" + ", ".join(f"{k}={v!r}" for k, v in selector.items()) + "}"


def _distinct(ranked: list[tuple[Suggestion, str, str]]) -> list[Suggestion]:
    """Two suggestions that read alike (a "Wi-Fi" button and a "Wi-Fi" switch) name their
    role; the same assertion twice is kept once."""
    seen = Counter(s.label for s, _, _ in ranked)
    out: list[Suggestion] = []
    for s, role, _ in ranked:
        label = f"{role} {s.label}" if seen[s.label] > 1 and role else s.label
        if all(o.params != s.params for o in out):
            out.append(Suggestion(label, s.params))
    return out
