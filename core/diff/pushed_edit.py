"""A row pushed down with the row before it, one label edited (pass 3 of
:mod:`deltarec.core.diff.match`): a list refreshed, a new row at its top, every row below
moved down by its pitch, and one row's label edited as it went ("zr" → "zr (edited)").

The row moved with what is before it (the paired sibling before it; the first child: its
parent, a dropdown's one label pushed down with its form's row) and sits in the very box
that move puts the old row in, all its texts but one kept
(:func:`~deltarec.core.diff.label_edit.one_label_edited` with ``shift``). That box is the
row's place, the evidence that holds it, as an overlap where paired parents' move puts an
old box does (:meth:`~deltarec.core.diff.pair_evidence.Evidence.overlaps`): a push by more
than the row's height leaves no overlap where the boxes are.
"""

from __future__ import annotations

from deltarec.core.diff.label_edit import one_label_edited
from deltarec.core.observe.frame import Frame


def pushed_by(
    prev: Frame, curr: Frame, i: int, new_kids: list[int], pairs: dict[int, int]
) -> tuple[int, int]:
    """How far the i-th new child's sibling before it moved, when paired (the first child:
    its parent, paired as pass 3 is asked); else (0, 0)."""
    before = new_kids[i - 1] if i else curr.parents[new_kids[0]]
    p = pairs.get(before, -1)
    if p < 0:
        return (0, 0)
    a, b = prev.nodes[p].bounds, curr.nodes[before].bounds
    return (b.left - a.left, b.top - a.top)


def edited_where_pushed(
    prev: Frame,
    q: int | None,
    curr: Frame,
    i: int,
    new_kids: list[int],
    used: set[int],
    pairs: dict[int, int],
) -> bool:
    """Whether the i-th new child is old sibling ``q`` (the one it follows from), pushed with
    what is before it (:func:`pushed_by`) into the box that move puts ``q`` in, one label
    edited. O(size of the two rows).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*labels):
    ...     rows = "".join(f'<node class="Row" bounds="[0,{200 * i}][9,{200 * i + 160}]"><node'
    ...                    f' class="I" text="{t}" bounds="[0,{200 * i}][9,{200 * i + 160}]"/>'
    ...                    f'</node>' for i, t in enumerate(labels))
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="L" bounds="[0,0][9,900]">'
    ...                                    f'{rows}</node></hierarchy>'))
    >>> prev, curr = shot("didi", "zr"), shot("new", "didi", "zr (edited)")
    >>> edited_where_pushed(prev, 3, curr, 2, [1, 3, 5], {1}, {3: 1})
    True
    >>> edited_where_pushed(prev, 3, curr, 2, [1, 3, 5], set(), {})  # nothing moved it
    False
    """
    if q is None or q in used:
        return False
    shift = pushed_by(prev, curr, i, new_kids, pairs)
    return shift != (0, 0) and one_label_edited(
        prev, q, curr, new_kids[i], used, pairs, shift=shift
    )
