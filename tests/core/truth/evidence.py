"""Identity evidence of a pair the delta calls changed (a ``~`` line): what makes two nodes
one element, judged from the two frames alone — never the slot they sit in.

:func:`unexplained` lists the changed pairs of a :class:`~deltarec.core.diff.compute.Delta`
that share no evidence: the same non-empty resource id; the same role and the same name
(text or description, or one inside the other: a label that grew); the same role and boxes
that overlap where they are, or where the paired parents' move or a scroll puts the old
one; for a container, a child paired with a child of the other, or a text both show; two
window roots of one class and package. Used by the hypothesis property
(tests/core/test_change_evidence.py) and by the truth walk on every step.
"""

from __future__ import annotations

from deltarec.core.diff.compute import Delta
from deltarec.core.diff.motions import Motion, placements
from deltarec.core.observe.model import Bounds, Node


def _names(node: Node) -> set[str]:
    return {n for n in (node.text, node.content_desc) if n}


def _named_alike(a: Node, b: Node) -> bool:
    for x in _names(a):
        for y in _names(b):
            short, long = sorted((x, y), key=len)
            if x == y or (len(short) >= 3 and short in long):
                return True
    return False


def _moved(b: Bounds, dx: int, dy: int) -> Bounds:
    return Bounds(b.left + dx, b.top + dy, b.right + dx, b.bottom + dy)


def _overlap(a: Bounds, b: Bounds) -> bool:
    if a == b:
        return True
    return a.intersection(b) > 0


def evidence(d: Delta, c: int, p: int) -> str:
    """Why the pair (c, p) is one element, or "" when nothing says so."""
    a, b = d.prev.nodes[p], d.curr.nodes[c]
    if a.resource_id and a.resource_id == b.resource_id:
        return "id"
    if a.role == b.role and _named_alike(a, b):
        return "role and name"
    shifts = [(0, 0)]
    cp, pp = d.curr.parents[c], d.prev.parents[p]
    if cp >= 0 and pp >= 0 and d.pairs.get(cp) == pp:
        ca, cb = d.prev.nodes[pp].bounds, d.curr.nodes[cp].bounds
        shifts.append((cb.left - ca.left, cb.top - ca.top))
    motions = [Motion(s.curr, s.prev, s.dx, s.dy, s.page) for s in d.scrolls]
    where = placements(d.curr, motions).get(c)
    if where is not None and not where.paged:
        shifts.append(where.shift)
    if a.role == b.role and any(_overlap(_moved(a.bounds, *s), b.bounds) for s in shifts):
        return "role and overlap"
    if cp >= 0 and pp >= 0 and d.pairs.get(cp) == pp and _beside(d, c, p):
        return "moved with its neighbour"
    if cp >= 0 and pp >= 0 and d.pairs.get(cp) == pp and _into_gap(d, c, p):
        return "moved into the gap its neighbour left"
    if cp >= 0 and pp >= 0 and d.pairs.get(cp) == pp and _across_gap(d, c, p):
        return "moved with its neighbour as the rows between them left"
    kids = set(d.prev.children[p])
    if any(d.pairs.get(k) in kids for k in d.curr.children[c]):
        return "a child stayed"
    if kids and d.curr.children[c] and _shown(d, p, prev=True) & _shown(d, c, prev=False):
        return "a text shown in both"
    if cp < 0 and pp < 0 and a.class_name == b.class_name and a.package == b.package:
        return "the window"
    return ""


def _beside(d: Delta, c: int, p: int) -> bool:
    """The sibling before (after) ``c`` is paired with the one before (after) ``p``, with the
    same gap between them in both frames (2 px of a scaled profile's rounding): a row moved with its neighbour (the rows below a
    gap in a list closed or opened), whatever an edge left of it."""
    kids, old_kids = d.curr.children[d.curr.parents[c]], d.prev.children[d.prev.parents[p]]
    i, j = kids.index(c), old_kids.index(p)
    a, b = d.prev.nodes[p].bounds, d.curr.nodes[c].bounds
    if i > 0 and j > 0 and d.pairs.get(kids[i - 1]) == old_kids[j - 1]:
        x, y = d.prev.nodes[old_kids[j - 1]].bounds, d.curr.nodes[kids[i - 1]].bounds
        if abs((b.top - y.bottom) - (a.top - x.bottom)) <= 2:
            return True
    if i + 1 < len(kids) and j + 1 < len(old_kids) and d.pairs.get(kids[i + 1]) == old_kids[j + 1]:
        x, y = d.prev.nodes[old_kids[j + 1]].bounds, d.curr.nodes[kids[i + 1]].bounds
        return abs((y.top - b.bottom) - (x.top - a.bottom)) <= 2
    return False


def _into_gap(d: Delta, c: int, p: int) -> bool:
    """The sibling beside ``p`` left (no node of the new frame is paired with it) and ``c``
    sits where it sat, its edge on that side on the sibling's (2 px of rounding): a row
    that moved into the gap a row swiped away left, as the rows beyond a gap close it, whatever
    an edge left of it before (a 1 px sliver that came up whole); read backwards (the undo),
    the sibling beside ``c`` came in and ``p`` sat where it sits. And the row on the gap's
    other side stayed put, box for box: the list did not scroll. A scroll keeps every row's
    distance to the rows that stayed, and moves no row onto the place of one that left.

    **Grader decision (issue 18).** This is the evidence
    :mod:`deltarec.core.diff.closed_gap` pairs on; the sliver sweep's phone truth (each
    element's identity) confirms every such pair it met."""
    kids, old_kids = d.curr.children[d.curr.parents[c]], d.prev.children[d.prev.parents[p]]
    i, j = kids.index(c), old_kids.index(p)
    a, b = d.prev.nodes[p].bounds, d.curr.nodes[c].bounds
    back = {q: k for k, q in d.pairs.items()}
    for step in (-1, 1):
        if 0 <= j + step < len(old_kids) and old_kids[j + step] not in back:
            x = d.prev.nodes[old_kids[j + step]].bounds
            if abs((b.top - x.top) if step < 0 else (b.bottom - x.bottom)) <= 2 and _stayed(
                d, old_kids, j + 2 * step, back
            ):
                return True
        if 0 <= i + step < len(kids) and kids[i + step] not in d.pairs:
            y = d.curr.nodes[kids[i + step]].bounds
            if abs((a.top - y.top) if step < 0 else (a.bottom - y.bottom)) <= 2 and _stayed(
                d, old_kids, j + step, back
            ):
                return True
    return False


def _across_gap(d: Delta, c: int, p: int) -> bool:
    """The nearest paired sibling before ``c`` (after it) is paired with the nearest paired
    sibling before ``p`` (after it), and the siblings between them in one frame are rows no
    node of the other frame is paired with (rows that left, or came in), none in the other:
    ``c`` sits as far from the neighbour as the row of those next to it sat (sits), to 2 px
    of rounding. Several rows archived at once: a row below them (a sliver the bottom edge cut
    to 5 px) came up whole beside the row above the gap, which stayed or moved less; read
    backwards (the undo), the rows came back between them.

    **Grader decision (round 5 of issue 18).** :func:`_beside` with the rows between the
    two read as the gap they left: the sliver sweep's phone truth (each element's identity,
    the *reuse* and *renumbered* checks) confirms every such pair it met (4 steps that
    failed only on this evidence)."""
    kids, old_kids = d.curr.children[d.curr.parents[c]], d.prev.children[d.prev.parents[p]]
    i, j = kids.index(c), old_kids.index(p)
    a, b = d.prev.nodes[p].bounds, d.curr.nodes[c].bounds
    back = {q: k for k, q in d.pairs.items()}
    for step in (-1, 1):
        x, y = i + step, j + step
        while 0 <= x < len(kids) and kids[x] not in d.pairs:
            x += step  # rows that came in between
        while 0 <= y < len(old_kids) and old_kids[y] not in back:
            y += step  # rows that left between
        came, gone = abs(x - i) - 1, abs(y - j) - 1
        if not (0 <= x < len(kids) and 0 <= y < len(old_kids)) or (came and gone):
            continue
        if not (came or gone) or d.pairs[kids[x]] != old_kids[y]:
            continue  # no rows between (:func:`_beside`'s), or another neighbour
        nb, old_nb = d.curr.nodes[kids[x]].bounds, d.prev.nodes[old_kids[y]].bounds
        # where the row next to the neighbour sits (sat): the gap's rows, else the row
        now = d.curr.nodes[kids[i + step * came]].bounds if came else b
        was = d.prev.nodes[old_kids[j + step * gone]].bounds if gone else a
        if step < 0 and abs((now.top - nb.bottom) - (was.top - old_nb.bottom)) <= 2:
            return True
        if step > 0 and abs((nb.top - now.bottom) - (old_nb.top - was.bottom)) <= 2:
            return True
    return False


def _stayed(d: Delta, old_kids: list[int], k: int, back: dict[int, int]) -> bool:
    """Whether the old sibling at ``k`` (beyond the gap) is paired with a node of the very
    same box: the rows on the gap's other side stayed put (no scroll moved the list)."""
    if not 0 <= k < len(old_kids) or old_kids[k] not in back:
        return False
    return d.prev.nodes[old_kids[k]].bounds == d.curr.nodes[back[old_kids[k]]].bounds


def _shown(d: Delta, pos: int, *, prev: bool) -> set[str]:
    frame = d.prev if prev else d.curr
    return {t for n in frame.nodes[pos : frame.subtree_end(pos)] for t in _names(n)}


def unexplained(d: Delta) -> list[str]:
    out = []
    for c in d.changed:
        p = d.pairs[c]
        if not evidence(d, c, p):
            a, b = d.prev.nodes[p], d.curr.nodes[c]
            out.append(f"{a.role} {a.text!r} {a.bounds} ~ {b.role} {b.text!r} {b.bounds}")
    return out
