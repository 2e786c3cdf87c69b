"""The grader's blind test reads a carousel's side edges (:mod:`.blind_turned`).

``bench_session._blind`` read only top and bottom edges: on a list turned a quarter (a
carousel, a pager) every row spans the box's height and looked whole, so the grader
demanded a measured move that two dumps cannot tell (the Feed's cards cut by the side
edges, a sender's strip alone): 13 of 360 turned pairs of ``pairs(0, 30)`` said otherwise
than upright once; 0 now.
"""

from __future__ import annotations

from tests.core.truth.blind_turned import check, pairs


def test_blind_reads_the_same_on_lists_turned_a_quarter() -> None:
    told = [(what, check(before, after, key)) for what, before, after, key in pairs(0, 12)]
    assert len(told) == 144
    assert [what for what, same in told if not same] == []
