"""A row that shows nothing (a card still loading) pushed by rows put in above it, or pulled
up as rows above it were taken out: it is that row, not the row now in its old box.

Chrome's new tab page ends its feed with a card still loading, a clickable wrapper around
empty containers. A card put in above it takes its box and pushes it down; pass 3 paired
the old blank card with the new one by place (a row that shows nothing is any row the
place puts there: :func:`~deltarec.core.diff.row_content.same_content`), so the pushed
blank card read ``+ button ""`` and the card put in took the blank card's number. The
blank row is still there, node for node, among the rows of the other frame, unpaired:
that is the evidence (:func:`repair_pushed_blanks`). A placeholder loaded in place with no
blank row of its very shape left over keeps its pair (``daily``'s ``loaded``).
"""

from __future__ import annotations

from deltarec.core.capture.element_dicts import ROOT_CLASS
from deltarec.core.diff.row_content import holds_rows, kind, leaf_rows, texts
from deltarec.core.observe.frame import Frame


def repair_pushed_blanks(prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]) -> None:
    """Where a row of a list that shows nothing is paired with a row that shows labels, and
    the other frame's list holds a row of the blank one's very shape, unpaired and showing
    nothing (:func:`_same_blank`), pair the blank rows node for node instead: the row
    pushed (pulled) there. Both ways: rows put in (the blank row new in ``curr``) and taken
    out (in ``prev``). O(unpaired nodes) but the few unpaired blank rows of a paired list."""
    if len(pairs) == len(curr) and len(used) == len(prev):
        return
    if curr.nodes and curr.nodes[0].class_name == ROOT_CLASS:
        return  # element dicts: a shape is roles only, which any blank container shares
    back = {p: c for c, p in pairs.items()}
    for frame, other, paired, other_map in ((curr, prev, pairs, back), (prev, curr, back, pairs)):
        for parent, kids in _unpaired_by_parent(frame, paired):
            po = paired.get(parent)
            mixed = (
                [] if po is None else _blank_for_labels(other, other.children[po], frame, other_map)
            )
            for u in kids if mixed else ():
                if u not in paired and not texts(frame, u) and _rows(frame, u):
                    v = _twin(frame, u, other, mixed)
                    if v is not None:
                        mixed.remove(v)  # now the blank row's own pair
                        q, k = (v, u) if frame is curr else (u, v)
                        _repair(prev, q, curr, k, pairs, used, back)


def _unpaired_by_parent(frame: Frame, paired: dict[int, int]) -> list[tuple[int, list[int]]]:
    """The unpaired nodes of ``frame`` (``paired``: its pairs from its side) whose parents
    are paired, by parent, in document order. O(unpaired nodes), at C speed but those."""
    out: dict[int, list[int]] = {}
    parents = frame.parents
    for u in sorted(set(range(len(parents))).difference(paired)):
        parent = parents[u]
        if parent in paired:
            out.setdefault(parent, []).append(u)
    return sorted(out.items())


def _rows(frame: Frame, u: int) -> bool:
    """Whether ``u``'s parent holds rows, or stacked clickable leaves of ``u``'s kind (a
    Flutter drawer's tiles: :func:`~deltarec.core.diff.row_content.leaf_rows`)."""
    parent = frame.parents[u]
    return holds_rows(frame, parent) or (
        not frame.children[u] and leaf_rows(frame, parent, kind(frame.nodes[u]))
    )


def _blank_for_labels(
    frame: Frame, siblings: list[int], other: Frame, paired: dict[int, int]
) -> list[int]:
    """The rows among ``siblings`` of ``frame`` that show nothing and are paired
    (``paired``: from ``frame``'s side) with a row of ``other`` that shows labels.
    O(siblings), once a list."""
    return [
        s
        for s in siblings
        if (q := paired.get(s)) is not None
        and not texts(frame, s)
        and texts(other, q)
        and _would_show(frame, s, other, q)
    ]


def _would_show(frame: Frame, s: int, other: Frame, q: int) -> bool:
    """Whether blank row ``s`` shows some of the room where row ``q`` of ``other`` shows a
    label: a label of ``q``, placed from ``q``'s top left corner at ``s``'s, overlaps ``s``'s
    box. A sliver an edge cut above its first label shows nothing of any row
    (:mod:`.twin_sliver`: which row it is, two dumps cannot tell). O(size of ``q``)."""
    a, b = frame.nodes[s].bounds, other.nodes[q].bounds
    dx, dy = a.left - b.left, a.top - b.top
    return any(
        (n.text or n.content_desc)
        and max(a.left, n.bounds.left + dx) < min(a.right, n.bounds.right + dx)
        and max(a.top, n.bounds.top + dy) < min(a.bottom, n.bounds.bottom + dy)
        for n in other.nodes[q : other.subtree_end(q)]
    )


def _twin(frame: Frame, u: int, other: Frame, mixed: list[int]) -> int | None:
    """The one row of ``mixed`` (:func:`_blank_for_labels`, rows of ``other``) of blank row
    ``u``'s very shape and still so paired; None where none is or several are."""
    found = [s for s in mixed if _same_blank(frame, u, other, s)]
    return found[0] if len(found) == 1 else None


def _same_blank(a: Frame, x: int, b: Frame, y: int) -> bool:
    """Whether the subtrees of ``x`` and ``y`` are node for node the same shape: classes, ids,
    roles, widths (a height may be cut by the list's edge)."""
    ax, bx = a.subtree_end(x), b.subtree_end(y)
    return (
        ax - x == bx - y
        and all(
            (m.class_name, m.resource_id, m.role, m.bounds.width)
            == (n.class_name, n.resource_id, n.role, n.bounds.width)
            and a.parents[i] - x == b.parents[j] - y
            for i, j, m, n in zip(
                range(x + 1, ax),
                range(y + 1, bx),
                a.nodes[x + 1 : ax],
                b.nodes[y + 1 : bx],
                strict=True,
            )
        )
        and (a.nodes[x].class_name, a.nodes[x].resource_id)
        == (b.nodes[y].class_name, b.nodes[y].resource_id)
    )


def _repair(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    pairs: dict[int, int],
    used: set[int],
    back: dict[int, int],
) -> None:
    """Pair the blank rows ``p`` and ``c`` node for node, each dropping the pairs its subtree
    had (with the labelled row in its box, and that row's nodes)."""
    for old in range(p, prev.subtree_end(p)):
        if (had := back.pop(old, None)) is not None:
            del pairs[had]
            used.discard(old)
    for new in range(c, curr.subtree_end(c)):
        if (was := pairs.pop(new, None)) is not None:
            used.discard(was)
            back.pop(was, None)
    for k, q in zip(range(c, curr.subtree_end(c)), range(p, prev.subtree_end(p)), strict=True):
        pairs[k] = q
        used.add(q)
        back[q] = k


__all__ = ["repair_pushed_blanks"]
