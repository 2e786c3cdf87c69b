"""Match the nodes of two frames: which node of ``curr`` is which node of ``prev``.

:func:`match_frames` runs four passes; each only considers nodes the earlier
passes left unmatched, so earlier evidence always wins (the tie-break order):

1. **keys** — equal stable keys (:mod:`core.identity`). Keys are unique within
   a frame, so this is a join. It survives scrolls, inserted siblings and
   moves between parents.
2. **bottom-up** — an unmatched node whose matched children mostly came from
   one unmatched old node of the same class and resource id is that node (a
   row whose summary text changed, a container whose rows changed). Visited
   children-first, so whole chains of ancestors are recovered in one pass;
   votes break ties, then document order.
3. **top-down** — inside two matched parents, unmatched children with the same
   class, resource id and role pair up when they sit in the same slot (same
   matched neighbour, or both first / last): a summary "Off" → "On", a field
   whose hint was replaced. Rows that scrolled out never pair with rows that
   scrolled in. Several candidates: the most similar (text, then geometry).
4. **geometry** — leftovers anywhere with the same class, resource id and role
   and overlapping boxes (IoU ≥ ``iou_threshold``, 0.5 by default), best
   overlap first.

Why not positional matching? When a list grows, every sibling after the
insertion point shifts; matching by position turns one insertion into a wall
of false changes. Why not IoU first? A scroll moves every row; overlap would
pair each row with its neighbour.

Cost: O(n) for passes 1–2, O(k log k) per sibling group in pass 3, and
O(a·b) per class group in pass 4 with groups capped at :data:`GEOMETRY_LIMIT`.

    >>> from core.capture.uiautomator import parse_uiautomator
    >>> a = Frame(parse_uiautomator('<hierarchy><node class="E" resource-id="f" text="Name"'
    ...     ' bounds="[0,0][10,10]"/></hierarchy>'))
    >>> b = Frame(parse_uiautomator('<hierarchy><node class="E" resource-id="f" text="zr"'
    ...     ' bounds="[0,0][10,10]"/></hierarchy>'))
    >>> match_frames(a, b)
    {0: 0}
"""

from __future__ import annotations

from collections import Counter, defaultdict
from difflib import SequenceMatcher

from core.frame import Frame
from core.model import Node

GEOMETRY_LIMIT = 40_000
"""Largest (old × new) candidate product a geometry group may have."""


def _soft(node: Node) -> tuple[str, str, str]:
    return (node.class_name, node.resource_id, node.role)


def _similarity(a: Node, b: Node) -> float:
    """0..1; text similarity dominates, geometry breaks ties."""
    ta, tb = a.text + "\x00" + a.content_desc, b.text + "\x00" + b.content_desc
    text = 1.0 if ta == tb else SequenceMatcher(None, ta, tb, autojunk=False).ratio()
    return text * 0.7 + a.bounds.iou(b.bounds) * 0.3


def match_frames(prev: Frame, curr: Frame, *, iou_threshold: float = 0.5) -> dict[int, int]:
    """Pair nodes of ``curr`` with nodes of ``prev``: ``{curr_pos: prev_pos}``, one-to-one.

    ``iou_threshold`` is the overlap the geometric last pass requires.
    """
    pairs: dict[int, int] = {}
    used: set[int] = set()

    def pair(c: int, p: int) -> None:
        pairs[c] = p
        used.add(p)

    # 1. keys
    for c, key in enumerate(curr.keys):
        p = prev.pos_of.get(key)
        if p is not None:
            pair(c, p)

    # 2. bottom-up, children before parents
    for c in range(len(curr) - 1, -1, -1):
        if c in pairs or not curr.children[c]:
            continue
        votes: Counter[int] = Counter()
        for child in curr.children[c]:
            p_child = pairs.get(child)
            if p_child is not None:
                p_parent = prev.parents[p_child]
                if p_parent >= 0 and p_parent not in used:
                    votes[p_parent] += 1
        for p, _ in sorted(votes.items(), key=lambda kv: (-kv[1], kv[0])):
            if _soft(prev.nodes[p]) == _soft(curr.nodes[c]):
                pair(c, p)
                break

    # 3. top-down: window roots first (a virtual root), then every matched parent
    _align(prev, curr, prev.roots, curr.roots, pairs, used)
    for c in range(len(curr)):
        p = pairs.get(c)
        if p is not None:
            _align(prev, curr, prev.children[p], curr.children[c], pairs, used)

    # 4. geometry for what is left
    _geometry(prev, curr, pairs, used, iou_threshold)
    return pairs


def _align(
    prev: Frame,
    curr: Frame,
    old_kids: list[int],
    new_kids: list[int],
    pairs: dict[int, int],
    used: set[int],
) -> None:
    """Pair unmatched children of two matched parents that sit in the same slot.

    A new child and an old child pair when they have the same class, resource
    id and role and the same neighbour: the sibling before (or after) each is
    already a pair, or both are first (or last). Without that anchor, rows
    that scrolled out would pair with rows that scrolled in. Two sweeps (left
    to right, then right to left) let a pair anchor the next one.
    """
    if all(p in used for p in old_kids) or all(c in pairs for c in new_kids):
        return
    old_at = {p: i for i, p in enumerate(old_kids)}
    by_sig: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for p in old_kids:
        if p not in used:
            by_sig[_soft(prev.nodes[p])].append(p)
    last_new, last_old = len(new_kids) - 1, len(old_kids) - 1

    def anchored(i: int, j: int) -> bool:
        before = (i == 0 and j == 0) or (
            i > 0 and j > 0 and pairs.get(new_kids[i - 1]) == old_kids[j - 1]
        )
        after = (i == last_new and j == last_old) or (
            i < last_new and j < last_old and pairs.get(new_kids[i + 1]) == old_kids[j + 1]
        )
        return before or after

    for sweep in (range(len(new_kids)), range(len(new_kids) - 1, -1, -1)):
        for i in sweep:
            c = new_kids[i]
            if c in pairs:
                continue
            candidates = by_sig.get(_soft(curr.nodes[c]), ())
            slot = [p for p in candidates if p not in used and anchored(i, old_at[p])]
            if slot:
                p = max(slot, key=lambda q: (_similarity(prev.nodes[q], curr.nodes[c]), -q))
                pairs[c] = p
                used.add(p)


def _geometry(
    prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int], threshold: float
) -> None:
    olds: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for p, node in enumerate(prev.nodes):
        if p not in used:
            olds[_soft(node)].append(p)
    news: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for c, node in enumerate(curr.nodes):
        if c not in pairs and _soft(node) in olds:
            news[_soft(node)].append(c)
    for sig, group in news.items():
        candidates = olds[sig]
        if len(candidates) * len(group) > GEOMETRY_LIMIT:
            continue
        scored = sorted(
            (-prev.nodes[p].bounds.iou(curr.nodes[c].bounds), c, p)
            for c in group
            for p in candidates
        )
        for neg, c, p in scored:
            if -neg < threshold or -neg <= 0:
                break
            if c in pairs or p in used:
                continue
            pairs[c] = p
            used.add(p)
