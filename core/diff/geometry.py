"""Pass 4 of matching: what is left pairs by overlap, only under paired parents.

Two leftovers of one kind (class, resource id, role) pair when their parents are a pair
(or both are window roots) and their boxes overlap by at least the caller's threshold:
no evidence but the place would pair two screens' labels, or a row that left with one that
came in. Groups larger than :data:`GEOMETRY_LIMIT` candidate pairs are skipped (bounded
time on crowds of alike siblings).
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from deltarec.core.diff.row_content import holds_rows, replaced_leaf_rows, same_content, texts
from deltarec.core.diff.tab_switch import pair_tabs
from deltarec.core.observe.frame import Frame

if TYPE_CHECKING:
    from deltarec.core.diff.pair_evidence import Guard

GEOMETRY_LIMIT = 40_000
"""Largest (old × new) candidate product a geometry group may have."""


def geometry_pass(
    prev: Frame,
    curr: Frame,
    pairs: dict[int, int],
    used: set[int],
    threshold: float,
    guard: Guard,
) -> None:
    """Pass 4 of :func:`~deltarec.core.diff.match.match_frames`: leftovers of one kind whose
    parents are a pair pair up by overlap (IoU ≥ ``threshold``, best first; over the smaller
    box inside a scrolled container, the old box moved by the scroll); then the tabs of a
    strip whose selection moved, slot for slot, where their labels came and went with it
    (:func:`~deltarec.core.diff.tab_switch.pair_tabs`: their icons moved too)."""
    _by_overlap(prev, curr, pairs, used, threshold, guard)
    pair_tabs(prev, curr, pairs, used)


def _by_overlap(
    prev: Frame,
    curr: Frame,
    pairs: dict[int, int],
    used: set[int],
    threshold: float,
    guard: Guard,
) -> None:
    if len(pairs) == len(curr) or len(used) == len(prev):
        return  # nothing left on one side
    # Only nodes whose parents are a pair (or two window roots) may pair here: no evidence
    # but the place would pair two screens' labels, or a row that left with one that came.
    Slot = tuple[tuple[str, str, str], int]
    news: dict[Slot, list[int]] = defaultdict(list)
    # The leftovers alone, in document order, told at C speed (a loop's turn a paired node
    # before: most nodes of a step are paired; issue 19).
    nodes_c, parents_c = curr.nodes, curr.parents
    for c in sorted(set(range(len(nodes_c))).difference(pairs)):
        cp = parents_c[c]
        want = pairs.get(cp, -2) if cp >= 0 else -1
        if want != -2:
            n = nodes_c[c]  # kind(n), inline (a call a leftover)
            news[((n.class_name, n.resource_id, n.role), want)].append(c)
    if not news:
        return
    # The old side only where a new leftover asks (its kind under its parent's pair).
    olds: dict[Slot, list[int]] = defaultdict(list)
    nodes_p, parents_p = prev.nodes, prev.parents
    for p in sorted(set(range(len(nodes_p))).difference(used)):
        n = nodes_p[p]  # kind(n), inline
        if (slot := ((n.class_name, n.resource_id, n.role), parents_p[p])) in news:
            olds[slot].append(p)
    news = {slot: group for slot, group in news.items() if slot in olds}
    for sig, group in news.items():
        candidates = olds[sig]
        if len(candidates) * len(group) > GEOMETRY_LIMIT:
            continue
        boxes = [(p, *prev.nodes[p].bounds.as_list()) for p in candidates]
        scored = []
        cornered: set[tuple[int, int]] = set()
        for c in group:
            bl, bt, br, bb = curr.nodes[c].bounds.as_list()
            shift = guard.shift(c)
            dx, dy = shift or (0, 0)
            b_area = (br - bl if br > bl else 0) * (bb - bt if bb > bt else 0)
            for p, al, at, ar, ab in boxes:
                al, at, ar, ab = al + dx, at + dy, ar + dx, ab + dy
                # min and max inline (a builtin call a box costs what the rest does)
                w = (ar if ar < br else br) - (al if al > bl else bl)
                h = (ab if ab < bb else bb) - (at if at > bt else bt)
                if w <= 0 or h <= 0:
                    if (al, at, ar, ab) == (bl, bt, br, bb):  # two equal empty boxes
                        scored.append((-1.0, c, p))
                    continue
                inter = w * h
                a_area = (ar - al) * (ab - at)
                # IoU outside scrolled containers; inside, over the smaller box (a row cut by
                # the edge is smaller).
                den = min(a_area, b_area) if shift is not None else a_area + b_area - inter
                iou = inter / den
                if iou < threshold and _cornered(
                    al - dx, at - dy, ar - dx, ab - dy, bl, bt, br, bb
                ):
                    # Shrunk to (grown from) a corner it kept where it was (a button over a
                    # list, the list's scroll estimate around it): asked last.
                    iou = threshold
                    cornered.add((c, p))
                scored.append((-iou, c, p))
        scored.sort()
        for neg, c, p in scored:
            if -neg < threshold or -neg <= 0:
                break
            if c in pairs or p in used or not guard.allowed(c, p):
                continue
            cp = curr.parents[c]
            placed = guard.shift(c) is not None
            if (c, p) in cornered and not _one_blank(prev, p, curr, c):
                continue  # a corner kept is evidence only where one side shows nothing
            if (
                cp >= 0
                and holds_rows(curr, cp)
                and (
                    not same_content(prev, p, curr, c, placed=placed)
                    or blank_leaf_for_labels(prev, p, curr, c)
                )
            ) or replaced_leaf_rows(prev, p, curr, c):
                continue
            pairs[c] = p
            used.add(p)


def _cornered(al: int, at: int, ar: int, ab: int, bl: int, bt: int, br: int, bb: int) -> bool:
    """Whether one box holds the other and they share a corner (a vertical edge and a
    horizontal one): a button shrunk into its corner (an extended FAB collapsed to its icon,
    anchored at the screen's bottom right), or grown out of it."""
    holds = (al <= bl and at <= bt and br <= ar and bb <= ab) or (
        bl <= al and bt <= at and ar <= br and ab <= bb
    )
    return holds and (al == bl or ar == br) and (at == bt or ab == bb)


def corner_only(prev: Frame, p: int, curr: Frame, c: int, threshold: float) -> bool:
    """Whether pair ``p`` → ``c`` stands on a kept corner alone (a button shrunk into it,
    one side showing nothing), its boxes' IoU under ``threshold``: what a caller that asked
    for overlap of at least ``threshold`` (``match_elements``) does not take. O(labels)."""
    a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
    return (
        a.iou(b) < threshold
        and _cornered(a.left, a.top, a.right, a.bottom, b.left, b.top, b.right, b.bottom)
        and _one_blank(prev, p, curr, c)
    )


def _one_blank(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether exactly one of ``p`` / ``c`` shows nothing, the other's labels its own: a
    button whose text left it as it shrank (or came as it grew), no other label to tell
    two elements apart."""
    a, b = texts(prev, p), texts(curr, c)
    return bool(a) != bool(b)


def blank_leaf_for_labels(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether one of rows ``p`` / ``c`` is a leaf that shows nothing, whole in its list
    (clear of its top and bottom edges), and the other holds labels: a separator shows all
    it is, nothing, and a row of labels is not it, wherever a scroll puts it (element dicts
    name no class: YouTube's 28 px divider, moved by the scroll, lay inside a 1,146 px card
    put in below it and paired with it by overlap over the smaller box; or, no scroll
    measured, with a card the list's edge cut beside it, in pass 3, which asks this too). A
    row cut to a sliver by
    an edge may still be any row: the edge hides what it holds. O(rows' sizes)."""
    return (_blank_leaf(prev, p) and bool(texts(curr, c))) or (
        _blank_leaf(curr, c) and bool(texts(prev, p))
    )


def unpair_blank_leaves(prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]) -> None:
    """Drop the pairs of a list's rows where one is a separator whole in view and the other
    holds labels (:func:`blank_leaf_for_labels`), whichever pass made them (a card the
    list's edge cut, paired as a sliver with the row its neighbour holds across a gap:
    :mod:`~deltarec.core.diff.sliver_pairs`). O(pairs), at C speed but the few pairs where
    one node is a blank leaf and the other is not (:func:`blank_leaves`): a pair neither of
    whose nodes is one is never dropped (``blank_leaf_for_labels`` asks ``_blank_leaf`` of
    one node or the other first), nor one of two blank leaves (a leaf that shows no text
    holds no labels: ``texts`` of it is empty); each pair's answer is a pure fact of the two
    frames, so asking only the rest, in the pairs' order, drops the same pairs (issue 19:
    every pair of a 1 MB step was three calls)."""
    blank_p, blank_c = blank_leaves(prev), blank_leaves(curr)
    if not (blank_p or blank_c):
        return
    asked = [c for c, p in pairs.items() if (p in blank_p) is not (c in blank_c)]
    for c in asked:
        p = pairs[c]
        cp = curr.parents[c]
        if cp >= 0 and blank_leaf_for_labels(prev, p, curr, c) and holds_rows(curr, cp):
            del pairs[c]
            used.discard(p)


def blank_leaves(frame: Frame) -> frozenset[int]:
    """The positions of the leaves that show no text nor description: the only ones
    :func:`_blank_leaf` may hold (its first test, over every node at once). Kept in the
    frame's memo. Read only."""
    got = frame.memo.get(blank_leaves)
    if got is None:
        got = frame.memo[blank_leaves] = frozenset(
            [
                pos
                for pos, node in enumerate(frame.nodes)
                if not (node.children or node.text or node.content_desc)
            ]
        )
    return got  # type: ignore[return-value]


def _blank_leaf(frame: Frame, pos: int) -> bool:
    node, parent = frame.nodes[pos], frame.parents[pos]
    if frame.children[pos] or node.text or node.content_desc or parent < 0:
        return False
    b, box = node.bounds, frame.nodes[parent].bounds
    return box.top < b.top and b.bottom < box.bottom


__all__ = [
    "GEOMETRY_LIMIT",
    "blank_leaf_for_labels",
    "blank_leaves",
    "geometry_pass",
    "unpair_blank_leaves",
]
