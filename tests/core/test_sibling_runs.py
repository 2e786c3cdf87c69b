""":class:`SiblingRuns` answers what walking the siblings answers, as pairs are made.

Generated: two sibling lists of random kinds, some children paired at the start, then pairs
made one by one (as pass 3 makes them); after each, every child's run toward both sides and
every run's kinds are compared with a walk over the lists.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.diff.sibling_runs import SiblingRuns


def _walk(kids: list[int], i: int, step: int, paired: set[int] | dict[int, int]) -> int:
    k = i + step
    while 0 <= k < len(kids) and kids[k] not in paired:
        k += step
    return abs(k - i) - 1


@st.composite
def _lists(draw: st.DrawFn) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    """(new kinds, old kinds, new paired at the start, order of the pairs made: new then old
    indices interleaved)."""
    new_kinds = draw(st.lists(st.integers(0, 2), min_size=1, max_size=40))
    old_kinds = draw(st.lists(st.integers(0, 2), min_size=1, max_size=40))
    n = min(len(new_kinds), len(old_kinds))
    order = draw(st.permutations(range(n)))
    start = draw(st.integers(0, n))
    old_order = draw(st.permutations(range(n)))
    return new_kinds, old_kinds, list(order[:start]), list(order[start:]), list(old_order)


@settings(max_examples=300, deadline=None)
@given(_lists())
def test_runs_are_the_walks(
    lists: tuple[list[int], list[int], list[int], list[int], list[int]],
) -> None:
    new_kinds, old_kinds, first, later, old_order = lists
    new_kids = [100 + i for i in range(len(new_kinds))]
    old_kids = [500 + j for j in range(len(old_kinds))]
    olds = iter(old_order)
    pairs: dict[int, int] = {}
    used: set[int] = set()
    for i in first:
        j = next(olds)
        pairs[new_kids[i]] = old_kids[j]
        used.add(old_kids[j])
    runs = SiblingRuns(new_kids, old_kids, pairs, used)
    kinds = {
        **dict(zip(new_kids, new_kinds, strict=True)),
        **dict(zip(old_kids, old_kinds, strict=True)),
    }

    def check() -> None:
        for kids, paired in ((new_kids, pairs), (old_kids, used)):
            for i in range(len(kids)):
                for step in (-1, 1):
                    assert runs.span(kids, i, step) == _walk(kids, i, step, paired)
            for lo in range(len(kids)):
                for hi in range(lo, len(kids)):
                    one = len({kinds[k] for k in kids[lo : hi + 1]}) == 1
                    assert runs.one_kind(kids, lo, hi, kinds.__getitem__) is one

    check()
    for i in later:
        j = next(olds)
        runs.pair(i, j)
        assert pairs[new_kids[i]] == old_kids[j] and old_kids[j] in used
        check()
    assert runs.span([], 0, 1) is None and runs.one_kind([], 0, 0, kinds.__getitem__) is None
