"""A scroll's host is one element of both frames (issue 18, stop 57).

:func:`~deltarec.core.diff.scrolls.find_motions` measures a container's scroll over pairs of
its own making: :func:`~deltarec.core.diff.wrappers.through_wrappers` pairs the wrappers no
content pairs by what is left. The match pairs a list's rows (and a Compose screen's
sections, ``View`` after ``View`` without an id, which read as rows) only by what they show.
So a list whose content was all replaced as it turned ``scrollable`` (a chat's list once its
bubbles overflow it) was measured as the old list turned by a page while the match left the
two lists apart: the delta said the list came in *and* scrolled, its old self gone, and
counted none of its rows under the scroll (``+ [5] container "View"`` beside ``↕ [5]
container "View" scrolled about a page or more (+0 rows, -0 rows)``).

The scroll is the evidence the match lacked. :func:`hosts_to_pair` names the scrolls' hosts
the pairs leave apart where the two are of one kind (class and resource id) and overlap
where they are (IoU ≥ one half, the match's own threshold), under paired parents — or
under wrappers the pairs leave apart too, each level so, up to such parents (the content
changed below them changed their keys too; two windows the match left apart stay so);
:func:`~deltarec.core.diff.compute.compute_delta` pairs them and computes the delta again
over those pairs, the scrolls as they were measured (the host's pair changes no offset: the
estimate paired the two already). O(scrolls) when every host is paired (the common step).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds

OVERLAP = 0.5
"""The match's default IoU threshold (:func:`~deltarec.core.diff.match.match_frames`)."""


class _Host(Protocol):
    @property
    def curr(self) -> int: ...

    @property
    def prev(self) -> int: ...


def hosts_to_pair(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], scrolls: Iterable[_Host]
) -> dict[int, int]:
    """``{curr: prev}`` of the scrolls' hosts ``pairs`` leave apart and may pair (module
    docstring); empty when every host is paired.

        >>> from deltarec.core.capture.uiautomator import parse_uiautomator
        >>> from deltarec.core.diff.motions import Motion
        >>> def shot(flag, word):
        ...     return Frame(parse_uiautomator(
        ...         f'<hierarchy><node class="F" bounds="[0,0][100,900]"><node class="V"'
        ...         f' scrollable="{flag}" bounds="[0,0][100,800]"><node class="T" text="{word}"'
        ...         ' bounds="[0,0][100,90]"/></node></node></hierarchy>'))
        >>> a, b = shot("false", "hello"), shot("true", "other")
        >>> hosts_to_pair(a, b, {0: 0}, [Motion(1, 1, 0, 0, page=True)])
        {1: 1}
        >>> hosts_to_pair(a, b, {0: 0, 1: 1}, [Motion(1, 1, 0, 0, page=True)])
        {}
    """
    apart = [s for s in scrolls if s.curr not in pairs]
    if not apart:
        return {}
    used = set(pairs.values())
    out: dict[int, int] = {}
    for s in apart:
        chain = _chain(prev, curr, pairs, used, out, s.curr, s.prev)
        for c, p in chain:
            out[c] = p
            used.add(p)
    return out


def _chain(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    used: set[int],
    out: Mapping[int, int],
    c: int,
    p: int,
) -> list[tuple[int, int]]:
    """The host and the wrappers around it the pairs leave apart, up to paired parents, each
    level of one kind and overlapping; empty where a level is not, or none are paired."""
    chain: list[tuple[int, int]] = []
    while True:
        if c in pairs or c in out:
            return chain if pairs.get(c, out.get(c)) == p else []
        if p in used:
            return []
        a, b = prev.nodes[p], curr.nodes[c]
        if (a.class_name, a.resource_id) != (b.class_name, b.resource_id):
            return []
        if _iou(a.bounds, b.bounds) < OVERLAP:
            return []
        chain.append((c, p))
        c, p = curr.parents[c], prev.parents[p]
        if c < 0 or p < 0:
            return []  # windows the match left apart (one opened, one closed) stay so


def _iou(a: Bounds, b: Bounds) -> float:
    w = min(a.right, b.right) - max(a.left, b.left)
    h = min(a.bottom, b.bottom) - max(a.top, b.top)
    if w <= 0 or h <= 0:
        return 0.0
    inter = w * h
    return inter / (a.area + b.area - inter)
