"""Rows a reply that reads a page turned may number anew: the numbers grader's exception.

A fling can carry a list's row from one edge to the other: cut by the bottom edge before,
by the top edge after, every other row gone. The delta then reads the list as turned
"about a page or more" (no offset measured) and lists that row as come in, under a number
of its own. The phone knows it is the same element; the two dumps may not. A row cut by an
edge in both frames shows only a piece of itself in each, and a recycled list repeats its
senders, dates and layouts: another row of that sender and date, further on, shows the very
same pieces. Only a label shown whole in both frames and by no other node of either is
evidence that the row stayed (what the diff keeps a row by: a unique label,
``deltarec.core.diff.unique_labels``).

**Grader decision (issue 18, the slivers helper's; ``bench_numbers`` seed 3 step 52).**
Where the reply reads the list as a page turned, an element of a row the list's edges cut
in both frames, with no such label, may take a new number: carrying its number would state
that the row stayed, which the dumps do not prove, and the page's hedge says it may be
another. Such a number is never reused (the old one is retired: a tap by it is refused, a
stale use caught), and every other element still counts as renumbered. Not where the row
shows such a label, nor where the reply measured an offset.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from deltarec.core.diff.unique_labels import in_web
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node

Ident = tuple[str, ...]


def unproven(
    scrolls: Sequence[Any],
    frame: Frame,
    idents: Sequence[Ident],
    old: Frame,
    old_idents: Sequence[Ident],
) -> dict[Ident, str]:
    """The idents of the elements of rows that ``scrolls`` (the reply's JSON scroll entries)
    turn a page over whose renumbering the module docstring excuses, between the frame
    ``old`` shown before (its elements ``old_idents``) and ``frame`` (``idents``), each with
    why the dumps cannot prove it stayed.

    A row is proven, none of it excused, where a label of it is shown whole in both frames
    by one node alone of each. Else element by element: a web page's one wrapper spans the
    view, so it is a "row" both edges cut, and excusing its whole subtree excused every
    element of the page (stop 56: the Article's 'Desk lamp' tile, renumbered across a page,
    went unseen); in web content an element whose own label (class, text, description) it
    alone shows in each frame, cut or not, is proven (what
    ``deltarec.core.diff.page_labels`` keeps a web node by: a web page shows each product
    once; a native list repeats its rows, so there a cut label proves nothing). A web page's
    wrapper is never proven whole by a label of its own: the page's fixed header, whole and
    once in both frames, proved every tile under it, and a tile's "Add to cart", a label
    every tile shows, cut by the bottom edge then and by the top one now (the Article from
    1,370 px by 1,998 px), was counted renumbered where a twin tile a fling further on
    shows the very same piece (stop 58). There an element is excused only where an edge
    cuts it in either frame (its label shown by other nodes too)."""
    pages = {s["key"] for s in scrolls if s.get("page")}
    if not pages:
        return {}
    where = {ident: q for q, ident in enumerate(old_idents)}
    seen, seen_old = _texts(frame), _texts(old)
    news, olds = _own_labels(frame), _own_labels(old)
    out: dict[Ident, str] = {}
    for host, key in enumerate(frame.keys):
        if key not in pages:
            continue
        box = frame.nodes[host].bounds
        web = in_web(frame, host)
        for row in frame.children[host]:
            q = where.get(idents[row], -1)
            if q < 0 or old.parents[q] < 0:
                continue
            was = old.nodes[old.parents[q]].bounds
            if not (_cut(frame.nodes[row].bounds, box) and _cut(old.nodes[q].bounds, was)):
                continue
            labels = _whole(frame, row, box) & _whole(old, q, was)
            if not web and any(seen[t] == 1 and seen_old[t] == 1 for t in labels):
                continue  # a label of its own, whole in both: the row is known
            for k in range(row, frame.subtree_end(row)):
                own = _label(frame.nodes[k])
                if web and own[1:] != ("", "") and news[own] == 1 and olds[own] == 1:
                    continue  # a web label it alone shows in each frame: known, cut or not
                if web and not _cut_either(frame.nodes[k].bounds, box, old, where, idents[k], was):
                    continue  # a web element whole in both frames: no excuse
                out[idents[k]] = (
                    "in a web page's row both edges cut, no label of its own shown once in"
                    " both frames"
                    if web
                    else "in a row both edges cut, no label shown whole and once in both frames"
                )
    return out


def _label(node: Node) -> tuple[str, str, str]:
    return (node.class_name, node.text, node.content_desc)


def _own_labels(frame: Frame) -> Counter[tuple[str, str, str]]:
    return Counter(_label(n) for n in frame.nodes if n.text or n.content_desc)


def _cut(b: Bounds, box: Bounds) -> bool:
    """Whether row box ``b`` lies on an edge of list box ``box`` (cut by it)."""
    return b.area > 0 and (b.top <= box.top or b.bottom >= box.bottom)


def _cut_either(
    b: Bounds, box: Bounds, old: Frame, where: dict[Ident, int], ident: Ident, was: Bounds
) -> bool:
    """Whether an element (box ``b`` now) lies on an edge of ``box`` now or on one of
    ``was`` in ``old`` (an element not in ``old`` is excused as its row is): a piece of it
    and the whole of it, with nothing else both frames show, tell no move."""
    q = where.get(ident, -1)
    return _cut(b, box) or q < 0 or _cut(old.nodes[q].bounds, was)


def _whole(frame: Frame, row: int, box: Bounds) -> set[str]:
    """The labels of ``row`` whose nodes lie inside ``box``, clear of its edges."""
    return {
        n.text or n.content_desc
        for n in frame.nodes[row : frame.subtree_end(row)]
        if (n.text or n.content_desc) and box.top < n.bounds.top and n.bounds.bottom < box.bottom
    }


def _texts(frame: Frame) -> Counter[str]:
    return Counter(n.text or n.content_desc for n in frame.nodes if n.text or n.content_desc)
