"""A host's votes ranked: which offset the rows that moved back, and whether it leads.

Rows that repeat with a period fit the content moved by any number of periods, so their
ties go to the shorter move (:func:`by_votes`); the winner stands only when it leads
(:func:`leads`). Asked by :func:`deltarec.core.diff.host.host_motion`.
"""

from __future__ import annotations

PERIODIC = 2.0
"""Votes (rows' worth) an offset needs before a tie with another is read as a period."""


def by_votes(votes: dict[tuple[int, int], float]) -> list[tuple[tuple[int, int], float]]:
    """Offsets by votes, most first. Ties between offsets that several rows back (rows that
    repeat with a period fit the content moved by any number of periods): the shorter move
    first; other ties: the order they were first seen in."""
    if len(votes) < 2:
        return list(votes.items())  # nothing to rank (the common estimate: one offset)
    order = {offset: i for i, offset in enumerate(votes)}

    def key(kv: tuple[tuple[int, int], float]) -> tuple[float, int]:
        (dx, dy), v = kv
        return (-round(v, 9), abs(dx) + abs(dy) if v >= PERIODIC else order[(dx, dy)])

    return sorted(votes.items(), key=key)


def leads(ranked: list[tuple[tuple[int, int], float]]) -> bool:
    """Whether the first offset leads: more votes than the next, or a tie that several rows
    back (broken by :func:`by_votes`)."""
    return len(ranked) < 2 or ranked[0][1] > ranked[1][1] or ranked[0][1] >= PERIODIC
