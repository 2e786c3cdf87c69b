"""The unpaired siblings next to a child, counted in O(log n) while pass 3 pairs them.

:mod:`deltarec.core.diff.closed_gap` asks, of a row and of each old row it may be, how
many unpaired siblings lie next to it toward one side (the rows that left, or came, between
it and its anchor) and whether they are all of one kind. Walking them answers in O(run), and
pass 3 (:func:`deltarec.core.diff.match._align`) asks for every unpaired child and each of
its candidates: a list of n rows none of which pairs (new labels on every row, each cut
below the list's bottom edge) made that O(n²) (``tests/core/test_near_linear.py``).
:class:`SiblingRuns` answers from a Fenwick tree of which siblings are paired, built on the
first question and updated as pairs are made (pass 3 only adds pairs while it runs), and the
kinds from the positions where the kind changes. It answers exactly what the walk answers
(``tests/core/diff/test_sibling_runs.py`` checks both on random lists).

    >>> runs = SiblingRuns([10, 11, 12, 13], [20, 21, 22], {10: 20}, {20})
    >>> runs.span(runs.new_kids, 0, 1), runs.span(runs.new_kids, 3, -1)
    (3, 2)
    >>> runs.pair(2, 1)
    >>> runs.span(runs.new_kids, 0, 1), runs.span(runs.new_kids, 3, -1), runs.span([], 0, 1)
    (1, 0, None)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Hashable, Sequence


class _Flags:
    """Which of ``size`` positions are set: a Fenwick tree of counts. O(log n) a question."""

    __slots__ = ("size", "top", "tree")

    def __init__(self, flags: Sequence[bool]) -> None:
        size = self.size = len(flags)
        tree = self.tree = [0, *map(int, flags)]
        for idx in range(1, size + 1):
            up = idx + (idx & -idx)
            if up <= size:
                tree[up] += tree[idx]
        self.top = 1 << size.bit_length() if size else 0

    def set(self, pos: int) -> None:
        """Sets position ``pos`` (set once: the caller sets a position that was not)."""
        idx, tree, size = pos + 1, self.tree, self.size
        while idx <= size:
            tree[idx] += 1
            idx += idx & -idx

    def count(self, pos: int) -> int:
        """How many of positions ``0 … pos`` are set."""
        idx, tree, total = pos + 1, self.tree, 0
        while idx > 0:
            total += tree[idx]
            idx -= idx & -idx
        return total

    def nth(self, k: int) -> int:
        """The position of the ``k``-th set one (from 1), or ``size`` when fewer are set."""
        idx, tree, step = 0, self.tree, self.top
        while step:
            up = idx + step
            if up <= self.size and tree[up] < k:
                idx = up
                k -= tree[up]
            step >>= 1
        return idx  # positions are idx + 1 - 1


class SiblingRuns:
    """The children of two matched parents (``new_kids`` of the current frame, ``old_kids``
    of the previous one) as pass 3 pairs them: ``pairs`` holds the paired new children,
    ``used`` the paired old ones, and every pair made while it is asked is made by
    :meth:`pair`."""

    __slots__ = ("_breaks", "_flags", "_pairs", "_used", "new_kids", "old_kids")

    def __init__(
        self,
        new_kids: list[int],
        old_kids: list[int],
        pairs: dict[int, int],
        used: set[int],
    ) -> None:
        self.new_kids, self.old_kids = new_kids, old_kids
        self._pairs, self._used = pairs, used
        self._flags: list[_Flags | None] = [None, None]
        self._breaks: list[list[int] | None] = [None, None]

    def _side(self, kids: list[int]) -> int:
        return 0 if kids is self.new_kids else 1 if kids is self.old_kids else -1

    def span(self, kids: list[int], i: int, step: int) -> int | None:
        """How many unpaired siblings lie next to ``kids[i]`` toward ``step`` (-1 or 1), or None
        when ``kids`` is neither list."""
        side = self._side(kids)
        if side < 0:
            return None
        flags = self._flags[side]
        if flags is None:
            paired = self._used if side else self._pairs
            flags = self._flags[side] = _Flags([k in paired for k in kids])
        if step > 0:
            return flags.nth(flags.count(i) + 1) - i - 1
        before = flags.count(i - 1) if i > 0 else 0
        return i - (flags.nth(before) if before else -1) - 1

    def pair(self, i: int, j: int) -> None:
        """Pairs ``new_kids[i]`` with ``old_kids[j]`` (neither is paired): in ``pairs`` and
        ``used``, and in what :meth:`span` counts."""
        self._pairs[self.new_kids[i]] = self.old_kids[j]
        self._used.add(self.old_kids[j])
        for side, pos in ((0, i), (1, j)):
            flags = self._flags[side]
            if flags is not None:
                flags.set(pos)

    def one_kind(
        self, kids: list[int], lo: int, hi: int, kind: Callable[[int], Hashable]
    ) -> bool | None:
        """Whether ``kids[lo … hi]`` (``lo <= hi``) are all of one ``kind`` (a function of the
        child, fixed for one list), or None when ``kids`` is neither list."""
        side = self._side(kids)
        if side < 0:
            return None
        breaks = self._breaks[side]
        if breaks is None:
            marks = list(map(kind, kids))
            breaks = self._breaks[side] = [
                x for x in range(1, len(marks)) if marks[x] != marks[x - 1]
            ]
        return bisect_right(breaks, lo) == bisect_right(breaks, hi)
