"""An oracle for suggested assertions that needs no expected list.

For every suggestion of a step (:func:`deltarec.core.recorder.suggest.suggest_assertions`),
four rules, graded from the step's rendered delta and its two screens only — never from the
suggester's own reasoning:

a. **Stated.** Its fact is a fact the delta's text states, about the same element, the same
   field and the same values: ``checked: true`` needs a ``~ [i] … (checked: false→true)``
   line (or ``~ selected: A → [i] B``) on the element the selector finds; ``text`` a
   ``~ [i]`` line ending in that text; ``exists`` a ``+`` (or ``»``) line of that ``[i]``,
   or of the dialog it is in when its window opened;
   ``gone`` a ``- role "name"`` line of the element the selector found before.
b. **Strict.** Its selector matches exactly one element on the step's after-screen (for
   ``gone``: exactly one on the screen before, none after).
c. **Holds** there, as the executor checks it.
d. **Stable.** No value it names (selector fields, the asserted text) is volatile: a clock or
   date, a text that changed only in its digits this step (a counter), a text the caller
   learned churns, masked password text (``•••``); and no opaque ``key`` / ``index``.

:func:`violations` returns one line per broken rule, ``""``-free, naming the suggestion.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from deltarec.core.diff.volatile import DEFAULT_VOLATILE, Volatile
from deltarec.core.executor.selectors import Selector, find_all
from deltarec.core.observer import DeltaResult
from deltarec.core.recorder.suggest import Suggestion, holds
from deltarec.core.render.lines import element, value

CLOCK = re.compile(r"\d{1,2}:\d{2}|\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w*, |\bago\b|^now$")
"""A time anywhere ("0:00.00", "Alarm 7:45"), a dated day ("Mon, Jan 1"), "… ago"."""
MASK = re.compile(r"^[•●*·\u2022\u25cf]+$")
DIGITS = re.compile(r"\d+")


def _counters(result: DeltaResult) -> set[str]:
    out: set[str] = set()
    for changes in result.delta.changed.values():
        for field in ("text", "content_desc"):
            ft = changes.get(field)
            if ft is None:
                continue
            old, new = str(ft["from"]), str(ft["to"])
            if old != new and DIGITS.sub("#", old) == DIGITS.sub("#", new):
                out.add(new)
    return out


def _number_line(lines: Iterable[str], sign: str, num: int | None) -> list[str]:
    if num is None:
        return []
    pattern = re.compile(rf"\[{num}\](?!\d)")
    return [ln for ln in lines if ln.startswith(sign) and pattern.search(ln)]


def violations(
    result: DeltaResult,
    suggestions: Iterable[Suggestion],
    *,
    volatile: Volatile = DEFAULT_VOLATILE,
    volatile_texts: Iterable[str] = (),
) -> list[str]:
    """Every rule a suggestion of this step breaks (module docstring)."""
    out: list[str] = []
    lines = [e.text for e in result.entries]
    counters = _counters(result) | set(volatile_texts)
    for s in suggestions:
        out += [f"{s.label}: {problem}" for problem in _check(result, s, lines, counters, volatile)]
    return out


def _check(
    result: DeltaResult, s: Suggestion, lines: list[str], counters: set[str], volatile: Volatile
) -> list[str]:
    d, index, prev_index = result.delta, result.index, result.prev_index
    params: dict[str, Any] = dict(s.params)
    raw = params.get("selector", {})
    problems: list[str] = []
    if any(k in raw for k in ("key", "index")):
        problems.append(f"opaque selector {raw}")
    selector = Selector.from_json(raw)
    after = find_all(selector, index)
    gone = params.get("gone") is True
    if not holds(params, index):
        problems.append("does not hold on the after-screen")
    if gone:
        before = find_all(selector, prev_index)
        if len(before) != 1 or after:
            problems.append(f"matches {len(before)} before and {len(after)} after (want 1, 0)")
            return problems
        p = before[0].pos
        node, frame = prev_index.frame.nodes[p], prev_index.frame
        named = "- " + element(None, node, prev_index.names[p])
        if p not in d.removed or not any(ln.startswith(named) for ln in lines):
            problems.append(f"the delta states no {named!r}")
        pos, names = p, prev_index.names
    else:
        if len(after) != 1:
            problems.append(f"matches {len(after)} elements on the after-screen")
            return problems
        pos, frame, names = after[0].pos, index.frame, index.names
        node = frame.nodes[pos]
        problems += _stated(result, params, pos, lines)
    texts = [str(v) for k, v in raw.items() if k in ("text", "content_desc", "name")]
    if gone or params.get("exists") is True:
        texts.append(names[pos])  # the label names it: "9:41" appeared
    if isinstance(params.get("text"), str):
        texts.append(params["text"])
    for t in texts:
        if CLOCK.search(t) or t in counters:
            problems.append(f"names a clock or counter {t!r}")
        if MASK.match(t):
            problems.append(f"names masked text {t!r}")
    if node.password and ("text" in params or "text" in raw):
        problems.append("asserts a password field's text")
    if (texts or "key" in raw) and volatile.is_volatile(frame.keys[pos], "text", node.resource_id):
        problems.append(f"the text of {names[pos]!r} churns")
    return problems


def _stated(result: DeltaResult, params: dict[str, Any], pos: int, lines: list[str]) -> list[str]:
    d, num = result.delta, result.index.number_of.get(pos)
    for state in ("checked", "enabled", "selected"):
        if state not in params:
            continue
        ft = d.changed.get(pos, {}).get(state)
        if ft is None or ft["to"] != params[state]:
            return [f"the diff has no {state} change to {params[state]} on it"]
        said = f"{state}: {value(ft['from'])}→{value(ft['to'])}"
        if any(said in ln for ln in _number_line(lines, "~", num)):
            return []
        if state == "selected" and any(
            ln.startswith("~ selected:") and (f"→ [{num}]" in ln) == ft["to"] for ln in lines
        ):
            return []
        return [f"the delta states no {said} on [{num}]"]
    if "text" in params:
        ft = d.changed.get(pos, {}).get("text")
        if ft is None or ft["to"] != params["text"]:
            return ["the diff has no text change to it"]
        if not any("→" in ln for ln in _number_line(lines, "~", num)):
            return [f"the delta states no text change on [{num}]"]
        return []
    if params.get("exists") is True:
        root = d.curr.window_of[pos]
        if pos not in d.added and root not in d.opened:
            return ["the diff has it neither added nor in an opened window"]
        for n in (num, result.index.number_of.get(root) if root in d.opened else None):
            # its own line, or its dialog's: "+ [i] dialog", "» A → [i] B"
            if _number_line(lines, "+", n) or _number_line(lines, "»", n):
                return []
        return [f"the delta has no + line of [{num}]"]
    return [f"no fact the oracle knows: {params}"]
