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
   class, resource id and role pair up in order (a text field whose hint was
   replaced, a summary "Off" → "On"). When the counts differ, each new child
   takes the most similar old one (text, then geometry).
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
    old_free = [p for p in old_kids if p not in used]
    if not old_free:
        return
    new_free = [c for c in new_kids if c not in pairs]
    if not new_free:
        return
    groups_old: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for p in old_free:
        groups_old[_soft(prev.nodes[p])].append(p)
    groups_new: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for c in new_free:
        groups_new[_soft(curr.nodes[c])].append(c)
    for sig, news in groups_new.items():
        olds = groups_old.get(sig)
        if not olds:
            continue
        if len(olds) == len(news):
            for c, p in zip(news, olds, strict=True):
                pairs[c] = p
                used.add(p)
            continue
        _best_pairs(prev, curr, olds, news, pairs, used, min_score=0.0)


def _best_pairs(
    prev: Frame,
    curr: Frame,
    olds: list[int],
    news: list[int],
    pairs: dict[int, int],
    used: set[int],
    *,
    min_score: float,
) -> None:
    """Greedy best-first pairing by :func:`_similarity`; ties go to document order."""
    if len(olds) * len(news) > GEOMETRY_LIMIT:
        return
    scored = sorted(
        (
            (-_similarity(prev.nodes[p], curr.nodes[c]), c, p)
            for c in news
            for p in olds
        )
    )
    for neg, c, p in scored:
        if -neg < min_score:
            break
        if c in pairs or p in used:
            continue
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
