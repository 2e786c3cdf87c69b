"""Labels their keys paired across the rows of a list that stayed: a tick, not a move.

Every row of a chat shows a relative time, and all of them tick at once: "didi · 8 min
ago" → "didi · 9 min ago" in the first row while the second row, from the same sender,
goes "didi · 9 min ago" → "didi · 10 min ago". A label's key is its content, so pass 1 of
the matcher (:mod:`deltarec.core.diff.match`) joins the first row's new label with the
second row's old one, as if that label had moved up a row; the first row's old label and
the second row's new one are left alone, and the step reads ``-`` and ``+`` where two
times ticked.

Which is true is a matter of evidence. A label equal to another row's *old* label is weak
evidence when the boxes disagree and nothing else in the list moved; a row that kept a label
of its own (the letter heading its group, an avatar's description) in its very box did not
move, and neither did the labels in its slots. :func:`uncross_slots` finds the label pairs
of one list (the nearest container of both rows, :func:`_common`) that moved (a group, with
the wrappers inside the rows their keys carried along, :func:`_carried`) and reads them as
labels edited in place when, for every pair ``(c, p)`` of the group:

- an old label of ``c``'s kind sat in ``c``'s very box, and a new one of ``p``'s kind sits in
  ``p``'s box (both slots are held in both frames), each reading as the other edited
  (:func:`~deltarec.core.diff.label_edit.reads_as_edit`: only numbers changed, or one holds
  the other: "9:41" → "9:42", "(3)" → "(4)");

and, in that list, every other pair stayed in its box, and a row holding a label of the
group (the row a label went to, or the row it came from) kept, in its box, a label it
shows once in the list in both frames, or a part known by an id no other node of either
frame has (Wi-Fi's switch).

A scroll by exactly one row of a list numbered "Item 5", "Item 6", … moves every row's own
labels too (or the rows show nothing else, and no row kept anything): it is left alone. So
is a drag that swapped two rows: what they show of their own moved with them.

Then each label of the group is paired with the old label in its own box. Cost: O(pairs)
to find moved labels (nothing more when no paired label moved), then O(size of the list)
per list holding such a group.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from deltarec.core.diff.label_edit import reads_as_edit
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node

_Slot = tuple[int, int, int, int, str, str, str]
"""A label's box (left, top, right, bottom) and kind (class, resource id, role)."""
_Crossing = tuple[int, int, int, int]
"""``(c, p, q, r)``: a new label, its key's old label, the old label in ``c``'s box and the
new label in ``p``'s."""


def _label(node: Node) -> str:
    return node.text or node.content_desc


def _edit(was: Node, now: Node) -> bool:
    """Whether label ``was`` reads as edited into ``now`` (its text and its description
    each), and is not the same."""
    if (was.text, was.content_desc) == (now.text, now.content_desc):
        return False
    return reads_as_edit(was.text, now.text) and reads_as_edit(was.content_desc, now.content_desc)


def _slots(frame: Frame) -> dict[_Slot, int]:
    """The labels of ``frame`` by box and kind (the first of a box's twins): :func:`_slot`
    of each, read inline (this runs over every labelled node of both frames). Kept in the
    frame's memo: a session's next step asks it of this frame again, as its old frame."""
    kept = frame.memo.get(_slots)
    if kept is not None:
        return kept  # type: ignore[return-value]
    out: dict[_Slot, int] = {}
    frame.memo[_slots] = out
    setdefault = out.setdefault
    for pos, node in enumerate(frame.nodes):
        if node.text or node.content_desc:
            b = node.bounds
            if b.right > b.left and b.bottom > b.top:  # b.area
                setdefault(
                    (
                        b.left,
                        b.top,
                        b.right,
                        b.bottom,
                        node.class_name,
                        node.resource_id,
                        node.role,
                    ),
                    pos,
                )
    return out


def _slot(node: Node) -> _Slot:
    """A label's box and kind (:func:`~deltarec.core.diff.row_content.kind`), as plain values
    (a tuple hashes at C speed; a box's dataclass hash is a Python call)."""
    b = node.bounds
    return (b.left, b.top, b.right, b.bottom, node.class_name, node.resource_id, node.role)


def _common(frame: Frame, a: int, b: int) -> int:
    """The nearest ancestor of ``a`` whose subtree holds ``b`` (-1: none)."""
    for up in frame.ancestors(a):
        if up <= b < frame.subtree_end(up):
            return up
    return -1


def _row(frame: Frame, top: int, pos: int) -> int:
    """The child of ``top`` whose subtree holds ``pos``."""
    while frame.parents[pos] != top:
        pos = frame.parents[pos]
    return pos


def _crossings(
    prev: Frame, curr: Frame, pairs: dict[int, int]
) -> Iterator[tuple[int, int, _Crossing]]:
    """The moved label pairs whose slots are held in both frames by labels that read as
    edited, each with its list in both frames: ``(list, old list, (c, p, q))``."""
    nodes_c, nodes_p = curr.nodes, prev.nodes
    moved = []
    for c, p in pairs.items():  # labels whose box changed (compared field by field, inline)
        node = nodes_c[c]
        if node.text or node.content_desc:
            b, a = node.bounds, nodes_p[p].bounds
            if (
                b is not a
                and (b.left, b.top, b.right, b.bottom) != (a.left, a.top, a.right, a.bottom)
                and b.right > b.left
                and b.bottom > b.top  # b.area
            ):
                moved.append((c, p))
    if not moved:
        return
    old_at, new_at = _slots(prev), _slots(curr)
    for c, p in moved:
        new, old = nodes_c[c], nodes_p[p]
        nb, ob = new.bounds, old.bounds  # _slot of each, inline (a call a moved label)
        q = old_at.get(
            (nb.left, nb.top, nb.right, nb.bottom, new.class_name, new.resource_id, new.role)
        )
        r = new_at.get(
            (ob.left, ob.top, ob.right, ob.bottom, old.class_name, old.resource_id, old.role)
        )
        if q is None or r is None or not (_edit(prev.nodes[q], new) and _edit(old, curr.nodes[r])):
            continue
        top, old_top = _common(curr, c, r), _common(prev, p, q)
        if top < 0 or old_top < 0 or curr.nodes[top].bounds != prev.nodes[old_top].bounds:
            continue
        yield top, old_top, (c, p, q, r)


def _once(frame: Frame, top: int) -> Counter[str]:
    return Counter(_label(n) for n in frame.nodes[top : frame.subtree_end(top)] if _label(n))


def _carried(
    prev: Frame, curr: Frame, pairs: dict[int, int], top: int, group: list[_Crossing]
) -> dict[int, int]:
    """The pairs of the ``group``'s labels and of the wrappers around them, inside their
    rows, that their keys paired with the wrappers around the old labels (a wrapper's key is
    made of its content: it crossed with its label), and the wrappers that crossed with
    their content alone (:func:`_loose`)."""
    out: dict[int, int] = {}
    for c, p, _, _ in group:
        out[c] = p
        k = curr.parents[c]
        while k != top and k >= 0 and curr.parents[k] != top:
            pk = pairs.get(k, -1)
            if pk < 0 or not pk <= p < prev.subtree_end(pk):
                break  # not a wrapper of the old label
            out[k] = pk
            k = curr.parents[k]
    out.update(_loose(prev, curr, pairs, top, out))
    return out


def _loose(
    prev: Frame, curr: Frame, pairs: dict[int, int], top: int, carried: dict[int, int]
) -> dict[int, int]:
    """The pairs inside list ``top`` of wrappers that show nothing of their own and moved,
    with no label below them paired but the group's (``carried``): a wrapper's key is made
    of its content, so one around a label whose twin kept it from pairing ("didi · (9)"
    twice) crossed with that content alone. O(size of the list), one backward pass."""
    end = curr.subtree_end(top)
    nodes_c, nodes_p, parents = curr.nodes, prev.nodes, curr.parents
    held = [False] * (end - top)  # a label below it paired, not one of the group's
    out: dict[int, int] = {}
    for k in range(end - 1, top, -1):
        node = nodes_c[k]
        if k in pairs and k not in carried and _label(node):
            held[k - top] = True
        pk = pairs.get(k)
        if (
            pk is not None
            and k not in carried
            and not held[k - top]
            and curr.children[k]
            and not _label(node)
            and node.bounds != nodes_p[pk].bounds
        ):
            out[k] = pk
        if held[k - top] and parents[k] > top:
            held[parents[k] - top] = True
    return out


def _stayed(
    prev: Frame, curr: Frame, pairs: dict[int, int], top: int, old_top: int, group: list[_Crossing]
) -> bool:
    """Whether, inside list ``top`` (``old_top`` before), every pair but the ``group``'s
    (and their wrappers', :func:`_carried`) stayed in its box and a row holding a label of
    the group kept a label of its own there (module docstring)."""
    crossing = _carried(prev, curr, pairs, top, group)
    kept_rows = {(_row(curr, top, c), _row(prev, old_top, q)) for c, _, q, _ in group} | {
        (_row(curr, top, r), _row(prev, old_top, p)) for _, p, _, r in group
    }
    shown, was_shown = _once(curr, top), _once(prev, old_top)
    old_end = prev.subtree_end(old_top)
    kept = False
    for k in range(top + 1, curr.subtree_end(top)):
        pk = pairs.get(k)
        if pk is None or k in crossing:
            continue
        node, old = curr.nodes[k], prev.nodes[pk]
        if node.bounds != old.bounds or not old_top < pk < old_end:
            return False  # something else in the list moved: it may have scrolled
        label = _label(node)
        rid = node.resource_id
        kept = kept or (
            (
                (bool(label) and shown[label] == 1 and was_shown[label] == 1)
                or (bool(rid) and curr.id_counts[rid] == 1 and prev.id_counts[rid] == 1)
            )
            and (_row(curr, top, k), _row(prev, old_top, pk)) in kept_rows
        )
    return kept


def uncross_slots(prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]) -> None:
    """Pair each label that pass 1 paired across the rows of a list that stayed with the old
    label in its own box (module docstring). Mutates ``pairs`` (curr → prev) and ``used``.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*times):
    ...     rows = "".join(f'<node class="Row" bounds="[0,{y}][99,{y + 9}]">'
    ...                    f'<node class="T" text="{head}" bounds="[0,{y}][9,{y + 9}]"/>'
    ...                    f'<node class="T" text="didi · {t} min ago"'
    ...                    f' bounds="[10,{y}][99,{y + 9}]"/>'
    ...                    f'</node>' for head, t, y in zip("DEF", times, (0, 10, 20)))
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="L" bounds="[0,0][99,30]">'
    ...                                    f'{rows}</node></hierarchy>'))
    >>> a, b = shot(3, 4, 8), shot(4, 5, 9)
    >>> pairs = {c: a.pos_of[k] for c, k in enumerate(b.keys) if k in a.pos_of}
    >>> sorted((c, p) for c, p in pairs.items() if b.nodes[c].text.startswith("didi"))
    [(3, 6)]
    >>> uncross_slots(a, b, pairs, set(pairs.values()))
    >>> sorted((c, p) for c, p in pairs.items() if b.nodes[c].text.startswith("didi"))
    [(3, 3)]
    """
    groups: dict[tuple[int, int], list[_Crossing]] = {}
    for top, old_top, crossing in _crossings(prev, curr, pairs):
        groups.setdefault((top, old_top), []).append(crossing)
    for (top, old_top), group in groups.items():
        if not _stayed(prev, curr, pairs, top, old_top, group):
            continue
        for c, p in _carried(prev, curr, pairs, top, group).items():
            del pairs[c]
            used.discard(p)
        for c, _, q, _ in group:
            if q not in used:
                pairs[c] = q
                used.add(q)
