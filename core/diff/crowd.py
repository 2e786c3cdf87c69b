"""Pass 3's candidates among a crowd of alike siblings (:mod:`deltarec.core.diff.match`).

A group of more than :data:`~deltarec.core.diff.match.ALIGN_SCAN` siblings of one class,
resource id and role is searched only where a pair can be: the anchored slots (the siblings
next to paired neighbours) and the first :data:`CROWD_PEEK` unpaired siblings whose box is
the child's, where it is or where the parents' move or a scroll puts it. That keeps 20,000
identical siblings against 20,000 distinct ones near-linear.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from deltarec.core.diff.row_content import kind
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds

if TYPE_CHECKING:
    from deltarec.core.diff.pair_evidence import Evidence

CROWD_PEEK = 8
"""How many unpaired same-box siblings of a crowd pass 3 weighs for one child."""

WEIGH_BASE = 1 << 14
WEIGH_PER_NODE = 32
"""Pass 3 weighs candidates one by one, each weighing reading both rows' nodes, up to
``WEIGH_BASE + WEIGH_PER_NODE`` × the nodes of both frames node reads in all; past that,
every group is searched as a crowd. A group under :data:`~deltarec.core.diff.match.ALIGN_SCAN`
weighed whole costs up to 256² weighings of rows of any size: 240 rows piled on one spot,
each of 40 labels, all grown and relabelled, read 4.7 M nodes (16 s under a profiler), and a
dump of many such lists grew with their count (``tests/core/test_near_linear.py``). A real
screen reads far fewer: over every real pair of ``benchmarks/equivalence.py``, the grids of
``bench_grids.py`` and the ext2 sweeps at 64 a node, at most 10 % of the budget."""


def weigh_budget(nodes: int) -> int:
    """The node reads pass 3 may spend weighing over two frames of ``nodes`` nodes in all.

    >>> weigh_budget(1000)
    48384
    """
    return WEIGH_BASE + WEIGH_PER_NODE * nodes


def weighing(prev: Frame, candidates: list[int], curr: Frame, c: int) -> int:
    """The nodes weighing ``candidates`` against ``c`` reads (both rows, each time)."""
    ends = prev.subtree_end
    return sum(ends(q) - q for q in candidates) + len(candidates) * (curr.subtree_end(c) - c)


class Crowd:
    """Pass 3's candidates for a child in a crowd of same-signature siblings, found by
    lookup instead of a scan (O(1) a child, amortized)."""

    def __init__(
        self,
        prev: Frame,
        old_kids: list[int],
        old_at: dict[int, int],
        used: set[int],
        ev: Evidence,
    ) -> None:
        self.prev, self.old_kids, self.old_at, self.used, self.ev = prev, old_kids, old_at, used, ev
        self._boxes: dict[tuple[str, str, str], dict[Bounds, list[int]]] = {}

    def candidates(self, curr: Frame, new_kids: list[int], i: int, group: list[int]) -> list[int]:
        c = new_kids[i]
        sig = kind(curr.nodes[c])
        out: list[int] = []
        last_old = len(self.old_kids) - 1
        slots = []
        if i == 0:
            slots.append(0)
        if i == len(new_kids) - 1:
            slots.append(last_old)
        for step, k in ((1, i - 1), (-1, i + 1)):  # the slot after (before) a paired neighbour
            if 0 <= k < len(new_kids):
                j = self.old_at.get(self.ev.pairs.get(new_kids[k], -1))
                if j is not None and 0 <= j + step <= last_old:
                    slots.append(j + step)
        for j in slots:
            p = self.old_kids[j]
            if p not in self.used and kind(self.prev.nodes[p]) == sig and p not in out:
                out.append(p)
        boxes = self._boxes.get(sig)
        if boxes is None:  # each box's siblings, last in document order first (popped first)
            boxes = self._boxes[sig] = defaultdict(list)
            for p in reversed(group):
                boxes[self.prev.nodes[p].bounds].append(p)
        b = curr.nodes[c].bounds
        some = group[0]  # the moves depend on the parents only: one old sibling stands for all
        for dx, dy in [(0, 0), *self.ev._moves(c, some)]:
            at = boxes.get(Bounds(b.left - dx, b.top - dy, b.right - dx, b.bottom - dy))
            peek: list[int] = []
            while at and len(peek) < CROWD_PEEK:
                p = at.pop()
                if p not in self.used:  # a paired sibling is dropped for good
                    peek.append(p)
            if at is not None:
                at.extend(reversed(peek))
            out.extend(p for p in peek if p not in out)
        return out
