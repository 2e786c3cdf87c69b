"""A bare piece of a tall row that the list's edge cuts anew: its old self, by its kind and
sides.

A row taller than its list (YouTube's channel card over its results, the contact editor's
photo over its form) shows pieces that show nothing: a corner button, an icon's overlay.
Scrolled, such a piece whole in one frame is cut by the list's edge in the other (the
corner button whole, then 12 px of it under the bottom edge), its key made of no content
and its boxes far apart: pass 1 drops the pair (:mod:`.placeless`), no pass pairs it after,
and nothing else is whole in view to vote, so the list read as unchanged, the piece ``-``
and ``+``. Its uncut edge still says where it is
(:func:`~deltarec.core.diff.edge_pieces.edge_offset`, ``_cut_once``: the cut box is the
whole one moved and cut to the list, px for px). :func:`cut_anew` names the old piece that
edge is read against, without pairing it (no pair below the matcher's overlap threshold):
the one unpaired child of the piece's parent's pair of its class and sides, the piece the
one unpaired child of its parent so in the other frame, neither showing anything nor
holding anything.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(top):  # a card from ``top`` on, its corner button, a list 1000 px high
    ...     card = (f'<node class="Card" bounds="[0,0][100,1000]">'
    ...             f'<node class="B" bounds="[10,{top}][40,{min(top + 250, 1000)}]"/></node>')
    ...     head = '<hierarchy><node class="L" scrollable="true" bounds="[0,0][100,1000]">'
    ...     return Frame(parse_uiautomator(f"{head}{card}</node></hierarchy>"))
    >>> cut_anew(shot(600), shot(990), 2, {0: 0, 1: 1}, {0, 1})
    2
    >>> cut_anew(shot(600), shot(990), 2, {0: 0}, {0}) is None  # its parent unpaired
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures
from deltarec.core.observe.model import Bounds


def cut_anew(
    prev: Frame, curr: Frame, k: int, pairs: Mapping[int, int], used: AbstractSet[int]
) -> int | None:
    """The old node of unpaired bare leaf ``k`` (module docstring), or None. O(siblings)."""
    parent = curr.parents[k]
    old_parent = pairs.get(parent, -1)
    if old_parent < 0 or not _bare(curr, k):
        return None
    n = curr.nodes[k]
    kind = (n.class_name, n.resource_id, n.bounds.left, n.bounds.right)

    def alike(frame: Frame, q: int) -> bool:
        m = frame.nodes[q]
        return (m.class_name, m.resource_id, m.bounds.left, m.bounds.right) == kind

    news = [q for q in curr.children[parent] if q not in pairs and alike(curr, q)]
    olds = [q for q in prev.children[old_parent] if q not in used and alike(prev, q)]
    if len(news) != 1 or len(olds) != 1 or not _bare(prev, olds[0]):
        return None
    return olds[0]


def _bare(frame: Frame, pos: int) -> bool:
    """Whether node ``pos`` shows nothing and holds nothing."""
    return not frame.children[pos] and not frame.has_content[pos]


def cut_anew_in(prev: Frame, curr: Frame, pairs: Mapping[int, int]) -> bool:
    """Whether an unpaired bare leaf of ``curr`` is an old one cut anew (:func:`cut_anew`),
    both its edges along the list moved, or one cut alike by one edge of its list in both
    frames, its other edge moved (:func:`_cut_alike`): content moved though no matched
    node did, so :func:`~deltarec.core.diff.scrolls.find_motions` looks for the host that
    scrolled. O(unpaired nodes × their siblings)."""
    used = set(pairs.values())
    for k in range(len(curr)):
        if k in pairs:
            continue
        q = cut_anew(prev, curr, k, pairs, used)
        if q is not None:
            a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
            if a.top != b.top and a.bottom != b.bottom:
                return True
            if _cut_alike(prev, q, curr, k):
                return True
    return False


def _cut_alike(prev: Frame, q: int, curr: Frame, k: int) -> bool:
    """Whether bare piece ``k`` (``q`` before) kept one edge along y on the same edge of the
    nearest container made to scroll around it in both frames, its other edge moved: cut
    alike by that edge, its own edge moved with the content. Element dicts name no id, so
    the contact editor's photo overlay, cut by the form's bottom edge, its top up 56 px, is
    paired by nothing and was the only thing that moved
    (``tests/core/real_scrolls/small_moves.py``, dicts). O(depth).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(top):  # the photo's overlay under the form's bottom edge
    ...     card = (f'<node class="Card" bounds="[0,0][100,1000]">'
    ...             f'<node class="O" bounds="[0,{top}][100,1000]"/></node>')
    ...     head = '<hierarchy><node class="L" scrollable="true" bounds="[0,0][100,1000]">'
    ...     return Frame(parse_uiautomator(f"{head}{card}</node></hierarchy>"))
    >>> _cut_alike(shot(950), 2, shot(900), 2), _cut_alike(shot(950), 2, shot(950), 2)
    (True, False)
    """
    a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
    if (a.top == b.top) == (a.bottom == b.bottom):
        return False
    box_a, box_b = _scroller_box(prev, q), _scroller_box(curr, k)
    if box_a is None or box_b is None:
        return False
    if a.top == b.top:  # its bottom moved: cut by the top edge in both
        return a.top <= box_a.top and b.top <= box_b.top
    return a.bottom >= box_a.bottom and b.bottom >= box_b.bottom


def _scroller_box(frame: Frame, pos: int) -> Bounds | None:
    """The box of the nearest container made to scroll around ``pos``, or None. O(depth)."""
    natural, parents = natures(frame), frame.parents
    parent = parents[pos]
    while parent >= 0 and not natural[parent]:
        parent = parents[parent]
    return frame.nodes[parent].bounds if parent >= 0 else None
