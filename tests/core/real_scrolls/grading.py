"""What every derived step's grader asks of a delta, shared by the step kinds.

A kind (:mod:`.expansions`, :mod:`.scroll_edits`, :mod:`.ticks`, :mod:`.overlays`, …) knows
what it did; these helpers say what the delta must then not state:

- :func:`stayed_listed`: nothing is ``+`` / ``-`` but the nodes the step made or took away
  and rows that showed only texts that left (or came): a row pushed out of view is gone;
- :func:`changed_besides`: no ``~`` of a text, a description or a check state but on the
  nodes the step changed;
- :func:`no_scroll`: no scroll line when nothing scrolled.

Each returns ``(class, detail)`` violations, counted by
:mod:`benchmarks.bench_real_transforms` under the kind's name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from deltarec.core.diff.compute import Delta
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node

Violation = tuple[str, str]
SAID = frozenset({"text", "content-desc", "checked", "selected"})
"""Attributes whose ``~`` states that an element shows something else."""


def label(node: Node) -> str:
    return node.text or node.content_desc


def texts(frame: Frame, pos: int) -> set[str]:
    """The labels of the subtree at ``pos``."""
    return {label(n) for n in frame.nodes[pos : frame.subtree_end(pos)] if label(n)}


def _shown(frame: Frame, skip: Iterable[int]) -> Counter[str]:
    left_out = set(skip)
    return Counter(label(n) for q, n in enumerate(frame.nodes) if label(n) and q not in left_out)


def stayed_listed(d: Delta, made: Iterable[int] = (), taken: Iterable[int] = ()) -> list[Violation]:
    """``+`` / ``-`` of nodes that stayed: any added node but ``made`` (curr positions the
    step put on the screen) and any removed node but ``taken`` (prev positions it took off)
    that shows a text still shown as often (by count, those nodes left out): a row pushed out
    of view shows only texts that left, and may go."""
    made, taken = set(made), set(taken)
    before, after = _shown(d.prev, taken), _shown(d.curr, made)
    gone, came = set((before - after).keys()), set((after - before).keys())
    extra = [p for p in d.removed if p not in taken and not texts(d.prev, p) <= gone]
    extra += [c for c in d.added if c not in made and not texts(d.curr, c) <= came]
    if not extra:
        return []
    named = [label(d.prev.nodes[p]) for p in d.removed if p in extra][:3]
    named += [label(d.curr.nodes[c]) for c in d.added if c in extra][:3]
    return [("unchanged-listed", f"{len(extra)} +/- of nodes that stayed: {named}")]


def changed_besides(d: Delta, allowed: Iterable[int] = ()) -> list[Violation]:
    """``~`` of what an element shows (:data:`SAID`) on any node but ``allowed``."""
    ok = set(allowed)
    wrong = [c for c, ch in d.changed.items() if c not in ok and SAID & set(ch)]
    if not wrong:
        return []
    show = [(label(d.curr.nodes[c]), sorted(SAID & set(d.changed[c]))) for c in wrong[:3]]
    return [("false-change", f"{len(wrong)} ~ of unchanged elements: {show}")]


def no_scroll(d: Delta, why: str) -> list[Violation]:
    if not d.scrolls:
        return []
    keys = [(s.curr, s.dx, s.dy, s.page) for s in d.scrolls]
    return [("false-scroll", f"{len(d.scrolls)} scroll(s) for {why}: {keys}")]


def subtree(frame: Frame, pos: int) -> range:
    return range(pos, frame.subtree_end(pos))
