"""A screen come back to: a row its list's edge cut to a strip in the remembered frame,
whole now (or the reverse), is that row.

The Inbox left with its ad row cut by the list's top edge to a strip showing its subject
alone ("Sponsored: offer 3"), opened again as a new instance at its top (its archive
undone: rows put back between the rows both frames show), shows the row whole ("Ad ·
Sponsored: offer 3 · Mar 6"). The rows moved by different amounts, so no scroll places
the strip, and it read as the strip gone and its row come in, its subject listed though
the remembered screen showed it.

:func:`recalled_delta` is :func:`~deltarec.core.diff.compute.compute_delta` for a frame the
observer remembers (:meth:`deltarec.core.observer.Observer._recall`), with such rows paired:
under a list paired in both frames, an unpaired row that an edge of the list cuts shows
texts all of which the other, taller, unpaired row shows too, one of them shown by no other
node of either frame; each row the one such candidate of the other. Their descendants are
paired by the text they show, or, showing none, by kind and horizontal place. Only on that
path (never on a step's own pairs), so it costs nothing per step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from deltarec.core.diff.compute import Delta, compute_delta
from deltarec.core.diff.row_content import texts
from deltarec.core.diff.volatile import Volatile
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node, Observation


def recalled_delta(old: Frame, curr: Observation | Frame, volatile: Volatile) -> Delta:
    """The delta from remembered frame ``old`` to ``curr``, cut strips paired (module
    docstring)."""
    delta = compute_delta(old, curr, volatile=volatile)
    more = strip_pairs(delta.prev, delta.curr, delta.pairs)
    if not more:
        return delta
    return compute_delta(delta.prev, delta.curr, volatile=volatile, pairs={**delta.pairs, **more})


def strip_pairs(prev: Frame, curr: Frame, pairs: Mapping[int, int]) -> dict[int, int]:
    """New pairs ``curr -> prev``: cut strips and their whole rows, with their descendants."""
    back = {p: c for c, p in pairs.items()}
    olds = _unpaired_rows(prev, back)
    news = _unpaired_rows(curr, pairs)
    if not olds or not news:
        return {}
    unique = _unique_labels(prev) & _unique_labels(curr)
    if not unique:
        return {}
    found: dict[int, list[int]] = {}
    taken: Counter[int] = Counter()
    for c, c_list in news:
        p_list = pairs[c_list]
        for p, parent in olds:
            if parent == p_list and _one_row(prev, p, curr, c, unique):
                found.setdefault(c, []).append(p)
                taken[p] += 1
    out: dict[int, int] = {}
    for c, ps in found.items():
        if len(ps) == 1 and taken[ps[0]] == 1:
            out[c] = ps[0]
            out.update(_inside(prev, ps[0], curr, c, pairs))
    return out


def _unpaired_rows(frame: Frame, paired: Mapping[int, int]) -> list[tuple[int, int]]:
    """``(row, list)``: unpaired children of paired lists that show a text."""
    out = []
    for pos in range(len(frame.nodes)):
        parent = frame.parents[pos]
        if (
            pos not in paired
            and parent in paired
            and frame.nodes[parent].scrollable
            and texts(frame, pos)
        ):
            out.append((pos, parent))
    return out


def _unique_labels(frame: Frame) -> set[str]:
    """The texts (as :func:`texts` keys them) that one node alone of ``frame`` shows."""
    shown = Counter(
        n.text + "\x00" + n.content_desc for n in frame.nodes if n.text or n.content_desc
    )
    return {label for label, n in shown.items() if n == 1}


def _cut(frame: Frame, pos: int) -> bool:
    """Whether an edge of ``pos``'s list cuts it (its box on the list's top or bottom)."""
    box, host = frame.nodes[pos].bounds, frame.nodes[frame.parents[pos]].bounds
    return box.top <= host.top or box.bottom >= host.bottom


def _one_row(prev: Frame, p: int, curr: Frame, c: int, unique: set[str]) -> bool:
    """Whether old row ``p`` and new row ``c`` are one row, one of them a cut strip."""
    hp, hc = prev.nodes[p].bounds.height, curr.nodes[c].bounds.height
    if hp == hc:
        return False
    strip, whole = (texts(prev, p), texts(curr, c)) if hp < hc else (texts(curr, c), texts(prev, p))
    if not (prev.nodes[p].role == curr.nodes[c].role and strip <= whole and strip & unique):
        return False
    return _cut(prev, p) if hp < hc else _cut(curr, c)


def _inside(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]) -> dict[int, int]:
    """The descendants of the two rows, paired by the text they show, else by kind and
    horizontal place, each the one candidate of the other."""
    used = set(pairs.values())
    olds = [q for q in range(p + 1, prev.subtree_ends[p]) if q not in used]
    out: dict[int, int] = {}
    for d in range(c + 1, curr.subtree_ends[c]):
        if d in pairs:
            continue
        node = curr.nodes[d]
        fits = [q for q in olds if q not in out.values() and _alike(prev.nodes[q], node)]
        if len(fits) == 1:
            out[d] = fits[0]
    return out


def _alike(a: Node, b: Node) -> bool:
    """Whether two descendants are one: the same kind, and the same text or, showing none,
    the same horizontal place in their row."""
    if a.role != b.role or a.class_name != b.class_name or a.resource_id != b.resource_id:
        return False
    if a.text or a.content_desc or b.text or b.content_desc:
        return (a.text, a.content_desc) == (b.text, b.content_desc)
    return (a.bounds.left, a.bounds.right) == (b.bounds.left, b.bounds.right)
