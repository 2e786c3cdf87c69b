"""A row of a list that stayed while one label came into it or went out of it (issue 18).

A badge shown on a row ("3", "NEW"), a section letter a contact row no longer shows, a
preference whose title or summary went, a second line under a message's subject: the row
stayed, one label came or went. Passes 3 and 4 pair a list's rows only on their content
(:func:`~deltarec.core.diff.row_content.same_content`), and a row whose remaining labels are
the list's template ("Off", a name two contacts share) has no content of its own: it read
as removed, and the same row, less that label, as added.

:func:`one_label_came_or_went` pairs such a row where its list did not scroll: the same
labels but one, which one of them shows and the other does not; its very nodes (class,
resource id, box) but the subtree that shows that label, in the very same box — or, where
that subtree is a line that grew (shrank) the row, the same box but for its bottom edge;
and the label did not come from another row of the list before, nor went to one after
(the label moved, the rows did not). The row is then the same row: ``+`` (``-``) of the
label alone. An accordion row that opened (closed) is the same: its options came in (went)
below everything it showed, the row grown (shrunk) at its bottom by them, several labels
at once.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.observe.frame import Frame
    >>> def shot(*rows):
    ...     out = ""
    ...     for i, labels in enumerate(rows):
    ...         top = 100 * i
    ...         kids = "".join(f'<node class="T" text="{t}" bounds="[{100 * k},{top}]'
    ...                        f'[{100 * k + 90},{top + 90}]"/>' for k, t in enumerate(labels))
    ...         out += f'<node class="Row" bounds="[0,{top}][900,{top + 90}]">{kids}</node>'
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="L" bounds="[0,0][900,900]">'
    ...                                    f'{out}</node></hierarchy>'))

Not where the labels left moved (the summary took the title's place: another row's layout).

    >>> after = shot(["Data Saver", "Off"], ["Hotspot", "Off"])
    >>> one_label_came_or_went(after, 1, shot(["Off"], ["Hotspot", "Off"]), 1, {}, {})
    False

The title's node went, its summary kept its box: the same row, its title gone.

    >>> gone = Frame(parse_uiautomator('<hierarchy><node class="L" bounds="[0,0][900,900]">'
    ...     '<node class="Row" bounds="[0,0][900,90]"><node class="T" text="Off"'
    ...     ' bounds="[100,0][190,90]"/></node><node class="Row" bounds="[0,100][900,190]">'
    ...     '<node class="T" text="Hotspot" bounds="[0,100][90,190]"/><node class="T"'
    ...     ' text="Off" bounds="[100,100][190,190]"/></node></node></hierarchy>'))
    >>> one_label_came_or_went(after, 1, gone, 1, {}, {})
    True

Not where the title went to the next row (it moved: the rows were rebound).

    >>> moved = Frame(parse_uiautomator('<hierarchy><node class="L" bounds="[0,0][900,900]">'
    ...     '<node class="Row" bounds="[0,0][900,90]"><node class="T" text="Off"'
    ...     ' bounds="[100,0][190,90]"/></node><node class="Row" bounds="[0,100][900,190]">'
    ...     '<node class="T" text="Data Saver" bounds="[0,100][90,190]"/><node class="T"'
    ...     ' text="Off" bounds="[100,100][190,190]"/></node></node></hierarchy>'))
    >>> one_label_came_or_went(after, 1, moved, 1, {}, {})
    False
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from collections.abc import Set as AbstractSet

from deltarec.core.diff.label_edit import label_moved, shown_by_another
from deltarec.core.diff.row_content import (
    holds_rows,
    kind,
    rebound_in_place,
    texts,
    unpair_inside,
)
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node


def held_in_place(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    used: Container[int],
    pairs: Mapping[int, int],
) -> bool:
    """Whether row ``c`` is row ``p`` held in place in a list that did not scroll (the caller
    asks): its very nodes in their very boxes above the row after it, whatever its one label
    reads (:func:`~deltarec.core.diff.row_content.rebound_in_place`: one sender's rows whose
    times meet), one label come or gone (:func:`one_label_came_or_went`), or the row slid
    sideways under a finger, or back (:func:`slid`)."""
    if prev.nodes[p].bounds == curr.nodes[c].bounds and rebound_in_place(prev, p, curr, c, pairs):
        return True
    return (
        one_label_came_or_went(prev, p, curr, c, used, pairs)
        or slid(prev, p, curr, c)
        or slid(curr, c, prev, p)  # let go: the row springs back
    )


HEADER_SCAN = 16
"""The nodes of a grown row :func:`grown_in_place` reads for its header's label."""


def grown_in_place(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]) -> bool:
    """Whether row ``c`` is row ``p`` grown or shrunk in place (a notification group opened,
    the rows below it pushed): its top and sides kept, its height another, and a label of it
    paired in its very box (the group's header). A row that grew to twice its height or more
    overlaps its old box by less than half, and on element dicts no id pairs it: its inside
    laid out anew, it read as come in and gone, its header's button ``+``, not ``~``
    (``fixtures/ext3/notif-shade``, ``tests/core/real_scrolls/unfolded.py``). A label in its
    very box is the row's, not another row's come into its place: a row come in shows its own.
    The header leads the row in document order, so only its first :data:`HEADER_SCAN` nodes
    are read: O(1), as a slot asks it of each of its candidates
    (``tests/core/test_near_linear.py``, rows of many labels grown on one spot).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(h, label):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" bounds="[0,0][90,900]">'
    ...         f'<node class="R" bounds="[0,0][90,{h}]"><node class="T" text="{label}"'
    ...         ' bounds="[0,0][90,40]"/></node></node></hierarchy>'))
    >>> grown_in_place(shot(50, "Shell"), 1, shot(400, "Shell"), 1, {2: 2})
    True
    >>> grown_in_place(shot(50, "Shell"), 1, shot(400, "Ada"), 1, {})
    False
    """
    a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
    if (a.left, a.top, a.right) != (b.left, b.top, b.right) or a.bottom == b.bottom:
        return False
    end = prev.subtree_end(p)
    for k in range(c + 1, min(curr.subtree_end(c), c + 1 + HEADER_SCAN)):
        q = pairs.get(k, -1)
        if p < q < end:
            n, m = prev.nodes[q], curr.nodes[k]
            if (n.text or n.content_desc) and n.bounds == m.bounds:
                return True
    return False


def slid(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether row ``c`` is row ``p`` slid sideways under a finger (a swipe to dismiss not
    let go yet): its top and bottom kept, every node of it moved by one ``dx`` and cut by
    its list's box, node for node (class, id, labels, box), what the box cut off gone, and
    a label left to show it. O(size of the two rows).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(row, *labels):
    ...     kids = "".join(f'<node class="T" text="{t}" bounds="{b}"/>' for t, b in labels)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" bounds="[0,0][900,200]">'
    ...         f'<node class="R" bounds="{row}">{kids}</node></node></hierarchy>'))
    >>> before = shot("[0,0][900,90]", ("D", "[10,0][60,90]"), ("didi", "[100,0][800,90]"))
    >>> slid(before, 1, shot("[0,0][600,90]", ("didi", "[0,0][500,90]")), 1)  # 300 px left
    True
    >>> slid(before, 1, shot("[0,0][600,90]", ("didi", "[0,0][400,90]")), 1)
    False
    """
    a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
    up_p, up_c = prev.parents[p], curr.parents[c]
    if (a.top, a.bottom) != (b.top, b.bottom) or a == b or up_p < 0 or up_c < 0:
        return False
    box = curr.nodes[up_c].bounds
    if box != prev.nodes[up_p].bounds or kind(prev.nodes[p]) != kind(curr.nodes[c]):
        return False
    dx = b.left - a.left if b.left > a.left else b.right - a.right
    if not dx:
        return False
    moved = []
    for q in range(p, prev.subtree_end(p)):
        n, m = prev.nodes[q], prev.nodes[q].bounds
        left, right = max(box.left, m.left + dx), min(box.right, m.right + dx)
        if left < right and m.top < m.bottom:
            moved.append((n.class_name, n.resource_id, n.text, n.content_desc, left, right, m.top))
    now = [
        (
            n.class_name,
            n.resource_id,
            n.text,
            n.content_desc,
            n.bounds.left,
            n.bounds.right,
            n.bounds.top,
        )
        for n in curr.nodes[c : curr.subtree_end(c)]
    ]
    return moved == now and any(
        n.text or n.content_desc for n in curr.nodes[c : curr.subtree_end(c)]
    )


def one_label_came_or_went(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    used: Container[int],
    pairs: Mapping[int, int],
) -> bool:
    """Whether row ``c`` is row ``p`` with one label come or gone (module docstring). The
    caller asks that their list did not scroll. O(size of the two rows)."""
    a, b = texts(prev, p), texts(curr, c)
    gone, came = a - b, b - a
    if gone and came and a & b:
        return _flipped(prev, p, curr, c, used, pairs)
    if not (gone or came) or not a & b:
        return False
    if gone:
        if any(shown_by_another(curr, c, label, pairs) for label in gone):
            return False
        return _one_subtree_more(prev, p, curr, c, gone) or _labelled_blanks(prev, p, curr, c)
    if any(shown_by_another(prev, p, label, used) for label in came):
        return False
    return _one_subtree_more(curr, c, prev, p, came) or _labelled_blanks(curr, c, prev, p)


def _labelled_blanks(big: Frame, r: int, small: Frame, s: int) -> bool:
    """Whether row ``r`` of ``big`` is row ``s`` of ``small``, node for node (class, id,
    box), where the nodes whose labels differ showed nothing in ``small``: a label that
    loaded into a node in place (an avatar's description, "" → "Photo of Ada", as its
    image came), or, read the other way, one cleared (a recycled row not bound yet).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def row(desc):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="R" bounds="[0,0][900,90]">'
    ...         f'<node class="I" content-desc="{desc}" bounds="[0,0][90,90]"/><node class="T"'
    ...         ' text="didi" bounds="[100,0][900,90]"/></node></hierarchy>'))
    >>> _labelled_blanks(row("Photo of didi"), 0, row(""), 0)
    True
    >>> _labelled_blanks(row("Photo of didi"), 0, row("Photo of zr"), 0)
    False
    """
    end = big.subtree_end(r)
    if end - r != small.subtree_end(s) - s:
        return False
    filled = False
    for q in range(end - r):
        m, n = big.nodes[r + q], small.nodes[s + q]
        if not _alike(m, n) or (q and big.parents[r + q] - r != small.parents[s + q] - s):
            return False
        if (m.text, m.content_desc) != (n.text, n.content_desc):
            if n.text or n.content_desc:
                return False
            filled = True
    return filled


def _flipped(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    used: Container[int],
    pairs: Mapping[int, int],
) -> bool:
    """Whether row ``c`` is row ``p`` opened (closed) as its chevron's label flipped: the
    smaller row shows one label the larger does not, on a node the larger keeps (class,
    resource id, box) with that one label edited ("Expand" → "Collapse"); the edit moved
    no label between rows (:func:`~deltarec.core.diff.label_edit.label_moved`: a label
    every accordion shows is the list's template), and the rest came in (went) below what
    the row showed (:func:`_one_subtree_more`). O(size of the two rows)."""
    a, b = texts(prev, p), texts(curr, c)
    opened = len(a - b) == 1
    big, r, small, s = (curr, c, prev, p) if opened else (prev, p, curr, c)
    few, more = (a - b, b - a) if opened else (b - a, a - b)
    if len(few) != 1 or len(more) < 2:
        return False
    (label,) = few
    node = [n for n in small.nodes[s : small.subtree_end(s)] if _shows(n) == label]
    if len(node) != 1:
        return False
    edited = {
        _shows(n)
        for n in big.nodes[r : big.subtree_end(r)]
        if _alike(n, node[0]) and _shows(n) in more
    }
    if len(edited) != 1:
        return False
    (other,) = edited
    was, now = (label, other) if opened else (other, label)
    if label_moved(prev, p, curr, c, was, now, used, pairs):
        return False
    if any(shown_by_another(small, s, t, used if opened else pairs) for t in more - edited):
        return False
    return _one_subtree_more(big, r, small, s, more - edited)


def _shows(n: Node) -> str:
    return n.text + "\x00" + n.content_desc


def _one_subtree_more(big: Frame, r: int, small: Frame, s: int, labels: AbstractSet[str]) -> bool:
    """Whether row ``r`` of ``big`` is row ``s`` of ``small`` with one more subtree, which
    shows the one label of ``labels`` and nothing else: the other nodes one by one of one
    kind in one box; the row's own box the same, or but for its bottom edge where that
    subtree lies below every other node of the row (a line that grew it). Where the row
    grew so, a run of sibling subtrees below every other node may show several labels
    (an accordion row opened: its options came in below what it showed)."""
    r_end, s_end = big.subtree_end(r), small.subtree_end(s)
    bn, sn = big.nodes, small.nodes
    extra = (r_end - r) - (s_end - s)
    if extra <= 0:
        return False
    i = 1
    while i < s_end - s and _alike(bn[r + i], sn[s + i]):
        i += 1
    start = r + i
    end = big.subtree_end(start)
    while end < start + extra and big.parents[end] == big.parents[start]:
        end = big.subtree_end(end)  # the next sibling's subtree: one of a run
    if end != start + extra:
        return False
    if {t for q in range(start, end) for t in texts(big, q)} != labels:
        return False
    if len(labels) > 1 and bn[r].bounds.bottom == sn[s].bounds.bottom:
        return False  # several labels in a row that kept its box: not one line that grew
    if not all(
        _alike(m, n) for m, n in zip(bn[start + extra : r_end], sn[s + i : s_end], strict=True)
    ):
        return False
    rb, sb = bn[r].bounds, sn[s].bounds
    if rb == sb:
        return bn[r].class_name == sn[s].class_name
    top = bn[start].bounds.top
    rest = [*range(r + 1, start), *range(start + extra, r_end)]
    return (
        (rb.left, rb.top, rb.right) == (sb.left, sb.top, sb.right)
        and rb.bottom > sb.bottom
        and bn[r].class_name == sn[s].class_name
        and all(bn[q].bounds.bottom <= top for q in rest)
    )


def _alike(m: Node, n: Node) -> bool:
    return (m.class_name, m.resource_id, m.bounds) == (n.class_name, n.resource_id, n.bounds)


def unpair_strays(prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]) -> None:
    """Drop the pairs of a row's parts whose old row left (no node of the new frame is paired
    with it) while their new row is paired with another old row: a label that came into its
    row (the list's edge no longer cuts it: "Linus", the sender of a row come down whole)
    paired by its key with the same label of a row taken out (another "Linus"). A row's
    parts are its own: the old label left with its row. Every pair inside goes with it.
    O(the old nodes no pair holds, and their children) when no such part is paired; each
    list asked of once.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):
    ...     nodes = "".join(f'<node class="Row" bounds="[0,{y}][100,{y + 50}]">' + "".join(
    ...         f'<node class="T" text="{t}" bounds="[0,{y}][100,{y + 50}]"/>' for t in texts)
    ...         + '</node>' for texts, y in rows)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,150]">{nodes}</node></hierarchy>'))
    >>> before = shot((["#6"], 0), (["Ada", "#7"], 50), (["Linus", "#8"], 100))
    >>> after = shot((["Linus", "#6"], 0), (["Ada", "#7"], 50))  # "#8" taken out
    >>> pairs = {0: 0, 1: 1, 2: 8, 3: 2, 4: 3, 5: 4, 6: 5}  # "Linus" of #6 paired with #8's
    >>> unpair_strays(before, after, pairs, set(pairs.values()))
    >>> sorted(pairs.items())
    [(0, 0), (1, 1), (3, 2), (4, 3), (5, 4), (6, 5)]
    """
    gone = set(range(len(prev.nodes))).difference(used)
    loose = [k for u in gone for k in prev.children[u] if k in used]
    if not loose:
        return
    owner = dict(zip(pairs.values(), pairs, strict=True))  # {p: c for c, p in pairs.items()}
    lists: dict[tuple[int, int], bool] = {}  # holds_rows of both lists, asked once a pair
    for p in sorted(loose):
        c = owner.get(p)
        if c is None or pairs.get(c) != p:
            continue
        row, old_list = curr.parents[c], prev.parents[prev.parents[p]]
        if row < 0 or pairs.get(row) is None or curr.parents[row] < 0 or old_list < 0:
            continue
        both = (curr.parents[row], old_list)
        if both not in lists:
            lists[both] = holds_rows(curr, both[0]) and holds_rows(prev, old_list)
        if lists[both]:
            unpair_inside(prev, p, curr, c, pairs, used)
