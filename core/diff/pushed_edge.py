"""A list's first row pushed down onto its bottom edge by rows that came in above it.

Rows inserted at a list's top (a contact form's photo rows, new mail) push every row down
by their height; when they are nearly a page high, the list's old first row is the only
old row left in view, cut by the bottom edge. A row an edge cuts places nothing on its own
(:func:`~deltarec.core.diff.row_evidence._placed`: a sponsored card and its twin 18 cards
on show the same strip), so the list read as a page turned: the row ``-`` and ``+``, and
"scrolled about a page or more" where nothing scrolled (``test_real_grown.BUDGET_TOPS``).

:func:`pushed_to_edge` names the shape that does place it, each part a coincidence a twin
would have to meet on the pixel:

- the list kept its box, and the offset moves its content down along its length;
- the old row was the list's first row, whole, at or below its top edge;
- the new row is cut by the bottom edge only, its top exactly where the offset puts the
  old row's, and shows a label no other node of either frame shows, at the very place the
  offset puts it, cut by that edge alone;
- the rows above it fill the band from the list's top edge down to it, the first starting
  on that edge, each where the one before ends: rows stacked from the top, as rows inserted
  there (or rows a scroll up that ended on a row's top brought in) lie.

Two dumps cannot tell those rows inserted from a scroll up by their height that ended on a
row's top: the scroll line says both (``orInserted``, :func:`deltarec.core.diff.new_rows.or_new`),
and read backwards (the rows removed, or a scroll down by their height) ``orRemoved``.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):  # rows 600 px high in a list 1000 px high
    ...     box = lambda t: f'bounds="[0,{t}][100,{min(t + 600, 1000)}]"'
    ...     kids = "".join(f'<node class="Row" {box(t)}><node class="T" text="{s}" {box(t)}/>'
    ...                    '</node>' for s, t in rows)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,1000]">{kids}</node></hierarchy>'))
    >>> a = shot(("Photo", 0), ("Name", 600))
    >>> b = shot(("New", 0), ("Photo", 600))  # a row came in above: "Photo" pushed to the edge
    >>> pushed_to_edge(a, 0, b, 0, (0, 600))
    True
    >>> pushed_to_edge(a, 0, b, 0, (0, 500))  # not where the offset puts it
    False
    >>> c = shot(("New", 100), ("Photo", 700))  # the band above it starts below the top edge
    >>> pushed_to_edge(a, 0, c, 0, (0, 700))
    False
"""

from __future__ import annotations

from deltarec.core.diff.grown import rows_at
from deltarec.core.diff.unique_labels import unique_at
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds

SLACK = 1
"""px each edge may lie off: a scaled screen rounds boxes one by one."""


def pushed_to_edge(prev: Frame, p: int, curr: Frame, c: int, offset: tuple[int, int]) -> bool:
    """Whether list ``p``'s first row, moved down by ``offset``, is the row of list ``c``
    the bottom edge cuts, placed by the rows stacked above it from the top edge (module
    docstring). Read backwards (``offset`` up), the frames swap. O(rows of both lists)."""
    dx, dy = offset
    if dx or not dy:
        return False
    if dy < 0:
        prev, p, curr, c, dy = curr, c, prev, p, -dy
    box = curr.nodes[c].bounds
    if box != prev.nodes[p].bounds:
        return False
    p, c = rows_at(prev, p), rows_at(curr, c)  # a ScrollView's one wrapper holds the rows
    old_rows = [q for q in prev.children[p] if prev.nodes[q].bounds.area]
    if not old_rows:
        return False
    first = min(old_rows, key=lambda q: prev.nodes[q].bounds.top)
    a = prev.nodes[first].bounds
    if a.top < box.top or a.bottom >= box.bottom:
        return False  # cut by an edge: not the list's first row, whole
    rows = sorted(
        (k for k in curr.children[c] if curr.nodes[k].bounds.area),
        key=lambda k: curr.nodes[k].bounds.top,
    )
    moved = Bounds(a.left, a.top + dy, a.right, a.bottom + dy)
    for i, k in enumerate(rows):
        b = curr.nodes[k].bounds
        if not _near(b.top, moved.top):
            continue
        return (
            i > 0
            and (b.left, b.right) == (a.left, a.right)
            and b.top > box.top
            and b.bottom >= box.bottom
            and moved.bottom > box.bottom
            and _stacked(curr, rows[:i], box.top, b.top)
            and _label_pushed(prev, first, curr, k, dy, box)
        )
    return False


def pushed_offset(prev: Frame, p: int, curr: Frame, c: int) -> tuple[int, int] | None:
    """The offset :func:`pushed_to_edge` holds for list ``c`` (paired with ``p``), read off
    the label its first row shows (down: rows came in above it; up: the rows above it
    went), or None. A host with no vote at all asks it
    (:func:`~deltarec.core.diff.host.host_motion`): the cut row's label is of another size
    in the two frames, and votes for nothing.
    O(rows of both lists)."""
    for a, pa, b, pb, sign in ((prev, p, curr, c, 1), (curr, c, prev, p, -1)):
        dy = _first_label_move(a, pa, b, pb)
        if dy is not None and pushed_to_edge(a, pa, b, pb, (0, dy)):
            return (0, sign * dy)
    return None


def _first_label_move(prev: Frame, p: int, curr: Frame, c: int) -> int | None:
    """How far down the labels one node alone of each frame shows, in list ``p``'s first row
    (whole) and in a row of ``c`` the bottom edge cuts, moved: one move, or None."""
    box = curr.nodes[c].bounds
    if box != prev.nodes[p].bounds:
        return None
    p, c = rows_at(prev, p), rows_at(curr, c)
    old_rows = [q for q in prev.children[p] if prev.nodes[q].bounds.area]
    if not old_rows:
        return None
    first = min(old_rows, key=lambda q: prev.nodes[q].bounds.top)
    cut = [k for k in curr.children[c] if curr.nodes[k].bounds.bottom >= box.bottom]
    olds, news = unique_at(prev), unique_at(curr)
    moves: set[int] = set()
    for k in cut:
        for pos in range(k, curr.subtree_end(k)):
            n = curr.nodes[pos]
            key = (n.class_name, n.text, n.content_desc)
            q = olds.get(key) if news.get(key) == pos else None
            if q is not None and first <= q < prev.subtree_end(first):
                moves.add(n.bounds.top - prev.nodes[q].bounds.top)
    return moves.pop() if len(moves) == 1 and min(moves) > 0 else None


def _near(a: int, b: int) -> bool:
    return abs(a - b) <= SLACK


def _stacked(frame: Frame, rows: list[int], top: int, end: int) -> bool:
    """Whether ``rows`` (sorted by their tops) fill the band from ``top`` to ``end``, each
    starting where the one before ends."""
    at = top
    for k in rows:
        b = frame.nodes[k].bounds
        if not _near(b.top, at):
            return False
        at = b.bottom
    return _near(at, end)


def _label_pushed(prev: Frame, q: int, curr: Frame, k: int, dy: int, box: Bounds) -> bool:
    """Whether row ``k`` shows a label no other node of either frame shows, which row ``q``
    showed whole, at the place ``dy`` puts it, cut by the bottom edge of ``box`` alone."""
    olds, news = unique_at(prev), unique_at(curr)
    end = prev.subtree_end(q)
    for pos in range(k, curr.subtree_end(k)):
        n = curr.nodes[pos]
        key = (n.class_name, n.text, n.content_desc)
        old = olds.get(key) if news.get(key) == pos else None
        if old is None or not q <= old < end:
            continue
        a, b = prev.nodes[old].bounds, n.bounds
        if not (a.area and box.top <= a.top and a.bottom <= box.bottom):
            continue  # not whole in ``prev``
        if (
            (a.left, a.right) == (b.left, b.right)
            and _near(b.top, a.top + dy)
            and _near(b.bottom, min(a.bottom + dy, box.bottom))
        ):
            return True
    return False
