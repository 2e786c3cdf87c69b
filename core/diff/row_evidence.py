"""What the rows of a container say of an offset: their moves, whether two rows can be one
row, and what refutes an offset (:func:`refuted`). Read by :mod:`.scrolls` and :mod:`.pages`.

A row is a node of a scrolled container's content: a list item, a web page's block. Rows
cut by the container's top or bottom edge show part of themselves, so two rows "agree"
when nothing one shows contradicts what the other shows at the same place.

    >>> from deltarec.core.observe.model import Bounds
    >>> displacement(Bounds(0, 100, 10, 200), Bounds(0, 40, 10, 140))
    (0, -60)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from deltarec.core.diff.axis import (
    at_edge,
    clear,
    cut_to,
    host_sideways,
)
from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.label_places import labels_place as _labels_place
from deltarec.core.diff.motions import consistent, near_box
from deltarec.core.diff.motions import shifted as _shifted
from deltarec.core.diff.pinned import held_headers, held_labels
from deltarec.core.diff.pushed_edge import pushed_to_edge
from deltarec.core.diff.row_content import holds_rows, texts
from deltarec.core.diff.row_placed import placed
from deltarec.core.diff.scroll_edits import EDITS, few_edits, label_edited
from deltarec.core.diff.viewport import own_labels
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node

LABEL_LIMIT = 600
"""Nodes (both sides) up to which a container that is not a list is checked label by label."""

TextCache = dict[tuple[bool, int], frozenset[str]]
"""The texts shown in a subtree, by (side, position): ``False`` for prev, ``True`` curr."""


def displacement(a: Bounds, b: Bounds) -> tuple[int, int] | None:
    """How far a box moved keeping its size (None: it is empty or changed size)."""
    w, h = a.right - a.left, a.bottom - a.top
    if w <= 0 or h <= 0 or w != b.right - b.left or h != b.bottom - b.top:
        return None
    return (b.left - a.left, b.top - a.top)


def spanned_past(a: Bounds, a_box: Bounds, b: Bounds, b_box: Bounds) -> bool:
    """Whether a row that spanned its view in one frame (both edges cut it) shows an edge of
    its own in the other, or the reverse: what it showed mid-view went past the other edge
    (a web page's grid section, flung back to the top, now starts at the bottom edge).

    >>> view = Bounds(0, 0, 10, 1000)
    >>> spanned_past(Bounds(0, 0, 10, 1000), view, Bounds(0, 900, 10, 1000), view)
    True
    >>> spanned_past(Bounds(0, 0, 10, 1000), view, Bounds(0, 0, 10, 1000), view)
    False
    """
    spanned_a = a.top <= a_box.top and a.bottom >= a_box.bottom
    spanned_b = b.top <= b_box.top and b.bottom >= b_box.bottom
    if spanned_a == spanned_b:
        return False
    # The edge it shows lies inside the other frame's view too, where that frame shows the
    # row across it: the row moved. (Not a view that grew over a row that stayed: the
    # keyboard closing shows a form's bottom edge below where the view ended.)
    edged, other = (b, a_box) if spanned_a else (a, b_box)
    box = b_box if spanned_a else a_box
    edges = [e for e in (edged.top, edged.bottom) if box.top < e < box.bottom]
    return bool(edges) and all(other.top < e < other.bottom for e in edges)


def up(frame: Frame, pos: int, levels: int) -> int:
    """The ancestor ``levels`` above ``pos`` (``pos`` itself for 0; -1 past the root)."""
    for _ in range(levels):
        if pos < 0:
            break
        pos = frame.parents[pos]
    return pos


def shown(frame: Frame, pos: int, cache: TextCache, side: bool) -> frozenset[str]:
    """The texts and descriptions shown in the subtree of ``pos`` (cached per side)."""
    got = cache.get((side, pos))
    if got is None:
        got = frozenset(
            n.text + "\x00" + n.content_desc
            for n in frame.nodes[pos : frame.subtree_end(pos)]
            if n.text or n.content_desc
        )
        cache[(side, pos)] = got
    return got


REACH = 3
"""px two boxes may lie apart, one above the other, and still be :func:`consistent` (0
today: consistent boxes of some height overlap; a tolerance for boxes rounded apart must
stay under it — ``test_agree_prefilter`` checks it)."""


def _apart(top: int, bottom: int, new_top: int, new_bottom: int) -> bool:
    """Whether a moved box (``top``, ``bottom``) and a new one, both of some height, lie more
    than :data:`REACH` px apart, one above the other: then they are not :func:`consistent`,
    and :func:`agree` skips the pair without building the moved box (rows are compared with
    every label of the other row, and most labels are rows away)."""
    return (
        bottom > top
        and new_bottom > new_top
        and (new_top >= bottom + REACH or top >= new_bottom + REACH)
    )


def agree(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    shift: tuple[int, int],
    *,
    edits: int = 0,
    held: frozenset[int] = frozenset(),
) -> bool:
    """Whether row ``p`` moved by ``shift`` can be row ``c``: no label of one lands where a
    label of the same class of the other is, showing something else (row #4's subject where
    row #12's is). Rows cut by different edges show different parts and agree. A label
    found again where the shift puts it is in place, whatever else it overlaps (a card's
    description over the whole card, in captures without class names). A text field's text
    is what was typed into it: a field of the same id there is the field, whatever it shows
    (a form left filled in, started again empty). ``edits``: how many labels may read as
    edited there (:func:`~deltarec.core.diff.scroll_edits.label_edited`) when more labels
    than that are found again in place (:func:`~deltarec.core.diff.scroll_edits.few_edits`).
    Labels inside a container made to scroll below the row (a carousel in a feed's row) are
    not asked: they move on their own (:func:`~deltarec.core.diff.viewport.own_labels`).
    Nor are the labels of ``held`` (the ``id`` of each node): a sticky header held in its box
    did not scroll (:func:`~deltarec.core.diff.pinned.held_labels`)."""
    if p < 0:
        return False
    olds, news = own_labels(prev, p), own_labels(curr, c)  # not a carousel's in the row
    if held:
        olds = [n for n in olds if id(n) not in held]
        news = [n for n in news if id(n) not in held]
    # Labels rows apart are never consistent: skipped (:func:`_apart`) before a moved box is
    # built; a row is compared with every label of the other.
    dy = shift[1]
    spans = [(j, n, n.bounds.top, n.bounds.bottom) for j, n in enumerate(news)]
    at = []
    for i, a in enumerate(olds):
        ab = a.bounds
        top, bottom = ab.top + dy, ab.bottom + dy
        for j, n, n_top, n_bottom in spans:
            if _apart(top, bottom, n_top, n_bottom):
                continue
            if a.class_name == n.class_name and consistent(ab, n.bounds, shift):
                same = (a.text, a.content_desc) == (n.text, n.content_desc)
                at.append((i, j, same or _one_field(a, n)))
    found_old = {i for i, _, same in at if same}
    found_new = {j for _, j, same in at if same}
    wrong = [
        (olds[i], news[j]) for i, j, same in at if not (same or i in found_old or j in found_new)
    ]
    return not wrong or (edits > 0 and few_edits(wrong, len(found_old), olds + news, edits))


def _one_field(a: Node, b: Node) -> bool:
    """Two text fields of one id (what they show was typed, or is their hint), or of none,
    one's text holding the other's: typed on, or cut back. Element dicts carry no id, and a
    form scrolled as one field's text was typed on ("Description" → "Description (edited)")
    had that field count against the offset, its only other fields in view too few to
    outvote it (:func:`~deltarec.core.diff.scroll_edits.few_edits`)."""
    if not (a.editable and b.editable):
        return False
    if a.resource_id or b.resource_id:
        return a.resource_id == b.resource_id
    return bool(a.text and b.text) and (a.text in b.text or b.text in a.text)


def kin(prev: Frame, p: int, curr: Frame, c: int, cache: TextCache) -> bool:
    """Whether two rows can be one row: the texts of one are all in the other's (a row cut
    by an edge shows part of them), or it shows at most one text (a label that changed).
    Two rows that show nothing are one row only when made of the same nodes: Settings' rows,
    their labels merged onto the list, scrolled by one row's pitch, had a row with a switch
    come into the box of a row with an icon, paired in place, and vote that the list stayed
    (``tests/core/real_scrolls/tall_rows.py``)."""
    if p < 0:
        return False
    a, b = shown(prev, p, cache, False), shown(curr, c, cache, True)
    if not (a or b):
        return prev.subtree_hashes[p] == curr.subtree_hashes[c]
    return a <= b or b <= a or min(len(a), len(b)) <= 1


def refuted(
    prev: Frame,
    curr: Frame,
    c: int,
    p: int,
    offset: tuple[int, int],
    pairs: Mapping[int, int] | None = None,
    finger: Gesture | None = None,
    side: bool = False,
) -> bool:
    """Whether the rows of list ``p`` moved by ``offset`` contradict what list ``c`` shows.

    A true scroll keeps every row that stays in view: an old row that the offset puts wholly
    inside the list, clear of its edges, shows there what it showed — or is the row the
    matching paired it with (``pairs``, curr → prev: a card whose like count ticked is the
    card, what it shows changed). In a container that is
    not a list (web content, whose rows sit deeper), every label moved by the offset shows
    there what it showed (up to :data:`LABEL_LIMIT` nodes). When a new row at that
    place shows something else (a subject "#35" where "#91" is), the offset is a coincidence
    of repeating labels (senders and dates with a common period), not the list's move. A
    row the offset keeps only partly in view (an edge cuts it in one frame) must agree too:
    its labels that show in both frames show there what they showed.

    Nor is an offset the list's move when the rows it keeps in view do not place it
    (:func:`~deltarec.core.diff.row_placed.placed`): a strip of a card that shows only its
    sender, cut by the edge, looks
    the same whichever card of that sender it is, and one row alone looks the same as its
    twin (an ad 18 cards on) unless ``finger``, the caller's swipe, went that way.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*subjects):
    ...     rows = "".join(f'<node class="Row" bounds="[0,{100 * i}][100,{100 * i + 90}]">'
    ...                    f'<node class="T" text="{s}" bounds="[0,{100 * i}][100,{100 * i + 40}]"'
    ...                    '/></node>' for i, s in enumerate(subjects, 1))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,1000]">{rows}</node></hierarchy>'))
    >>> a = shot("a", "b", "c", "d")
    >>> refuted(a, shot("b", "c", "d", "e"), 0, 0, (0, -100))
    False
    >>> refuted(a, shot("b", "x", "d", "e"), 0, 0, (0, -100))
    True
    """
    if not holds_rows(prev, p):  # web content, a form: its labels, wherever they sit
        labels = prev.subtree_end(p) - p + curr.subtree_end(c) - c
        return labels <= LABEL_LIMIT and not (
            (
                agree(prev, p, curr, c, offset, edits=EDITS)
                or (
                    bool(held := held_labels(prev, p, curr, c))
                    and agree(prev, p, curr, c, offset, edits=EDITS, held=held)
                )
            )
            and (
                _labels_place(prev, p, curr, c, offset) or pushed_to_edge(prev, p, curr, c, offset)
            )
        )
    back = (-offset[0], -offset[1])
    one = pairs or {}

    def ahead(q: int, k: int) -> bool:  # prev row q, curr row k
        return one.get(k) == q

    def behind(q: int, k: int) -> bool:  # curr row q, prev row k
        return one.get(q) == k

    side = host_sideways(prev, p, curr, c, one)  # a carousel: its side edges cut its items
    if not placed(prev, p, curr, c, offset, finger, side):
        return True
    return _clash(prev, p, curr, c, offset, ahead, side) or _clash(
        curr, c, prev, p, back, behind, side
    )


def _clash(
    a: Frame,
    p: int,
    b: Frame,
    c: int,
    offset: tuple[int, int],
    paired: Callable[[int, int], bool],
    side: bool = False,
) -> bool:
    """Whether a row of list ``p`` in ``a``, moved by ``offset`` into list ``c`` in ``b``,
    lands on a row of ``b`` showing something else, not a row ``paired`` with it that reads
    as itself edited (:func:`_edited`). Both ways round: a row that came in cut by an edge
    shows, where it was before, what was there."""
    box, old_box = b.nodes[c].bounds, a.nodes[p].bounds
    news = b.children[c]
    cache: TextCache = {}
    held_a, held_b = held_headers(a, p, b, c)
    for q in a.children[p]:
        moved = _shifted(a.nodes[q].bounds, *offset)
        if moved.area == 0 or not moved.intersection(box) or q in held_a:
            continue
        there = [k for k in news if b.nodes[k].bounds.intersection(moved) and k not in held_b]
        if any(paired(q, k) and _edited(a, q, b, k) for k in there):
            continue  # the row itself, moved there: what it shows changed
        if at_edge(moved, box, side):
            # An edge cuts it in one frame: its labels clear of the edges in both show
            # there what they showed (a subject where another subject is, a sender alike).
            if any(_relabelled(a, q, b, k, offset, old_box, box, side) for k in there):
                return True
            continue
        if any(not agree(a, q, b, k, offset) for k in there):
            return True
        # Nor is a row that shows words gone from where the offset keeps it in view (cut
        # by an edge, it shows there at least what it showed): the rows mostly there show
        # none of them (chips where an ad is: labels of other classes agree with anything).
        words = shown(a, q, cache, False)
        there = [
            k
            for k in there
            if 2 * b.nodes[k].bounds.intersection(moved) >= min(moved.area, b.nodes[k].bounds.area)
        ]
        if there and words and not any(words & shown(b, k, cache, True) for k in there):
            return True
    return False


def _edited(a: Frame, q: int, b: Frame, k: int) -> bool:
    """Whether two paired rows read as one row, what it shows changed in place: one shows
    part of the other's texts (an edge cut it), or one label reads as edited ("40 likes" →
    "41 likes"; text and description each, :func:`~deltarec.core.diff.scroll_edits.label_edited`).
    The matcher pairs
    rows by a sender's name too (Dennis, Mar 19, 56 rows on): a subject that reads as
    another ("Tom's <draft> #46" where "Café menu #102" is) is another row."""
    ta, tb = texts(a, q), texts(b, k)
    gone, came = ta - tb, tb - ta
    if not gone or not came:
        return True
    if len(gone) != 1 or len(came) != 1:
        return False
    return label_edited(next(iter(gone)), next(iter(came)))


def _relabelled(
    a: Frame,
    q: int,
    b: Frame,
    k: int,
    offset: tuple[int, int],
    a_box: Bounds,
    b_box: Bounds,
    side: bool = False,
) -> bool:
    """Whether a label of row ``q`` clear of ``a_box``'s edges, moved by ``offset``, lands on
    a label of row ``k`` of its class (the same box, within the rounding of one; cut to
    ``b_box`` where an edge cuts it) that shows something else. Only boxes that coincide
    count: rows an edge cuts show parts of themselves, and a part may lie over another's
    place. A label an edge cuts still shows its whole text: "$89.99" moved to the top edge
    where a sliver of "$9.99" shows is another label there (the Article's grid from 652 to
    3,260, read off a sliver of a twin price as 1,972 px)."""
    news = own_labels(b, k)
    for n in own_labels(a, q):  # a carousel in the row scrolls on its own (its module)
        if not clear(n.bounds, a_box, side):
            continue
        moved = _shifted(n.bounds, *offset)
        cut = cut_to(moved, b_box, side)
        for m in news:
            if (
                m.class_name == n.class_name
                and (
                    near_box(moved, m.bounds)
                    if clear(m.bounds, b_box, side)
                    else cut.area > 0 and near_box(cut, m.bounds)
                )
                and (m.text, m.content_desc) != (n.text, n.content_desc)
                and not _one_field(m, n)
            ):
                return True
    return False
