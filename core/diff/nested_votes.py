"""How the moves below a nested scroller count for the host that holds it.

A carousel in a feed, or a list in a pager's page, scrolls across its host's axis: a move
below it is its own scroll along its axis and the host's across it. :func:`across_host` says
whether a container scrolls so and the host's share of the moves along its axis;
:func:`projected` turns a move below it into the host's vote
(:func:`deltarec.core.diff.host.host_motion`).
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.axis import host_sideways
from deltarec.core.observe.frame import Frame

Across = tuple[bool, int] | None
"""Whether a nested scroller's own axis is x, and the host's share of the moves along it."""


def across_host(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    k: int,
    side: bool,
    base: tuple[int, int],
) -> Across:
    """What the moves below container ``k`` (made to scroll, inside the host; ``side``: the
    host's axis is x, ``base``: the scrolls around the host) say of the host, when ``k``
    scrolls across the host's axis: a carousel in a feed, a list in a pager's page.

    A card of a carousel nudged sideways in a flung feed moved by (dx, dy): dy is the
    feed's, dx the carousel's own. Along the carousel's axis only its box says what the
    feed did (it moved with the feed: by (0, dy)); across it, its items do. So each move
    below ``k`` counts for the host as its move across ``k``'s axis and ``k``'s box's move
    along it (:func:`projected`): the carousel's own scroll is no vote for its host (a feed
    flung 1,441 px past a carousel nudged 10 px read as the feed moved sideways too, the
    carousel's cards its only whole rows; issue 18). None when ``k`` scrolls along the
    host's axis (a list in a ScrollView: its rows' moves are the host's where the list's
    box moved with them, and its own scroll is asked of it next), when it has no pair, or
    its box changed its breadth along its own axis (cut there: its move is not read)."""
    pk = pairs.get(k)
    if pk is None or host_sideways(prev, pk, curr, k, pairs) == side:
        return None
    a, b = prev.nodes[pk].bounds, curr.nodes[k].bounds
    if side:  # a list in a pager's page: its own axis is y
        return None if a.height != b.height else (False, b.top - a.top - base[1])
    return None if a.width != b.width else (True, b.left - a.left - base[0])


def projected(offset: tuple[int, int], across: tuple[bool, int]) -> tuple[int, int]:
    """``offset`` of a node below a scroller across the host's axis (:func:`across_host`): its
    move across that scroller's axis, and the scroller's box's along it."""
    along_x, share = across
    return (share, offset[1]) if along_x else (offset[0], share)
