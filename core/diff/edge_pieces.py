"""A list whose only row in view fills it: where it moved, read off the edges an edge of the
list does not cut.

A row taller than its list (YouTube's sponsored card over its whole results list) is cut by
the list's edges; its box is no size of its own, and nothing inside it that shows content
is whole in either frame, so no row votes
(:func:`~deltarec.core.diff.host.host_motion`): the list read as unchanged, or as a page
turned, its one row ``-`` and ``+``. What the dumps do show is where its edges are: an edge
of a node that no edge of the list cuts, inside the list in both frames, is where that node
is. :func:`edge_offset` reads the move off such edges, only when nothing else voted (it
never outvotes a vote of content):

- a node cut by one edge of the list alike in both frames (the card cut by the bottom edge
  before and after, the keyboard's edge moving up with it; a sliver of the row above cut by
  the top edge in both), its breadth kept: its other edge, inside the list both times,
  moved by the offset;
- where the list holds one row in each frame, also a node whole in one frame and cut by one
  edge in the other, its box there the whole one moved and cut to the list px for px (a
  collapsing bar stretched over its list, whole below the top edge, then cut to 5 px by
  it): its uncut edge moved by the offset;
- a node whole in both frames that shows nothing (the card's "Learn more" icon, a divider),
  of a kind and size no other node of the list shows in either frame: its box moved by the
  offset.

Nodes inside a container made to scroll within the list are that one's, not the list's;
its own box is a row of the list (a dropdown marked scrollable, cut with its field).
Every such node is one the matching paired (content, structure) inside the host in both
frames, and all of them name the same move (within the rounding of
:data:`~deltarec.core.diff.motions.SPREAD`), or none is named: pieces that disagree tell
nothing. A node cut alike whose uncut edge stayed says nothing either (the keyboard opened
over a list that did not follow it).

Cost: only asked of a host no node voted for, one walk over its subtree (at most
:data:`LIMIT` nodes).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(top, bottom):  # one card from ``top`` on, cut by the list's bottom edge
    ...     card = (f'<node class="Card" content-desc="Ad" bounds="[0,{top}][100,{bottom}]">'
    ...             f'<node class="Icon" bounds="[80,{top + 600}][96,{top + 616}]"/></node>')
    ...     head = f'<hierarchy><node class="L" scrollable="true" bounds="[0,0][100,{bottom}]">'
    ...     return Frame(parse_uiautomator(f"{head}{card}</node></hierarchy>"))
    >>> a, b = shot(300, 1000), shot(100, 800)  # the keyboard's edge rose 200 px, the card too
    >>> edge_offset(a, 0, b, 0, {0: 0, 1: 1, 2: 2})
    (0, -200)
    >>> edge_offset(a, 0, shot(300, 800), 0, {0: 0, 1: 1, 2: 2}) is None  # it stayed
    True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet

from deltarec.core.diff.cut_anew import cut_anew
from deltarec.core.diff.edge_shapes import borne_out, tie_by_shapes
from deltarec.core.diff.filled_row import one_row
from deltarec.core.diff.motions import SPREAD, clustered
from deltarec.core.diff.relaid import relaid
from deltarec.core.diff.unique_labels import label_counts, unique_in_row
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures
from deltarec.core.observe.model import Bounds

LIMIT = 2_000
"""At most this many nodes of a host's subtree are looked at."""


def edge_offset(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    pairs: Mapping[int, int],
    used: AbstractSet[int] = frozenset(),
) -> tuple[int, int] | None:
    """The move of list ``c`` (paired with ``p``) its nodes' uncut edges name (module
    docstring), or None. ``used``: the positions of ``prev`` paired."""
    box, old_box = curr.nodes[c].bounds, prev.nodes[p].bounds
    if (box.left, box.right) != (old_box.left, old_box.right):
        return None
    end, p_end = min(curr.subtree_end(c), c + LIMIT), prev.subtree_end(p)
    kinds = _kinds(curr, c + 1, end), _kinds(prev, p + 1, min(p_end, p + LIMIT))
    votes: dict[tuple[int, int], float] = {}
    natural = natures(curr)
    one = one_row(prev, p, curr, c)  # one row, or one row's items side by side (.filled_row)
    k = c + 1
    while k < end:
        # A list inside scrolls on its own: its nodes are its, but its box is a row of this
        # one's (a dropdown marked scrollable, cut by the list's edge with its row).
        move = _edge_move(prev, p, p_end, curr, k, pairs, used, kinds, (old_box, box), one)
        if move is not None:
            votes[(0, move)] = votes.get((0, move), 0.0) + 1.0
        k = curr.subtree_end(k) if natural[k] else k + 1
    moves = clustered(votes)  # twins' edges may name several: the boxes pick (.edge_shapes)
    offset = next(iter(moves)) if len(moves) == 1 else borne_out(prev, p, curr, c, list(moves))
    return None if offset is None or offset == (0, 0) else offset


def _edge_move(
    prev: Frame,
    p: int,
    p_end: int,
    curr: Frame,
    k: int,
    pairs: Mapping[int, int],
    used: AbstractSet[int],
    kinds: tuple[Counter[tuple[str, int, int]], Counter[tuple[str, int, int]]],
    boxes: tuple[Bounds, Bounds],
    one: bool = False,
) -> int | None:
    """How far node ``k`` of list ``p``'s content moved, read off an edge no edge of the
    list cuts (:func:`edge_offset`), or None. ``boxes``: the list's, before and now;
    ``one``: the list holds one row in each frame, whose pieces may also be whole in one
    frame and cut in the other (:func:`_cut_once`). Not among several rows: new mail put
    in at an Inbox's top pushed its last row onto the bottom edge, and that row's move
    read as a scroll (``bench_truth.py``, seed 7 step 185)."""
    old_box, box = boxes
    q = pairs.get(k)
    bare = not curr.children[k] and not curr.has_content[k]
    if q is None:
        q = _unique_child(prev, curr, k, pairs, used, kinds)
        if q is None:  # a bare piece whole in one frame, cut in the other (.cut_anew)
            q = cut_anew(prev, curr, k, pairs, used)
    if q is None or not p < q < p_end:
        return None
    move = _moved(prev.nodes[q].bounds, old_box, curr.nodes[k].bounds, box)
    if move is None and (one or bare):
        move = _cut_once(prev.nodes[q].bounds, old_box, curr.nodes[k].bounds, box)
    if move is not None:
        return move
    b = curr.nodes[k].bounds
    if not bare:
        return None
    kind = (curr.nodes[k].class_name, b.width, b.height)
    if kinds[0][kind] != 1 or kinds[1][kind] != 1:
        return None
    return _whole_move(prev.nodes[q].bounds, old_box, b, box)


def edge_tie(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    pairs: Mapping[int, int],
    used: AbstractSet[int],
    votes: Mapping[tuple[int, int], float],
) -> tuple[int, int] | None:
    """The one of the offsets ``votes`` split between (no winner) that the uncut edges name
    (:func:`edge_offset`), or None. Rows that show nothing of their own (a list whose labels
    are all merged onto the card around it) are twins of one another: each votes for every
    place one of its twins held, a pitch apart, and no place wins. The edges of the nodes
    around them that no edge of the list cuts (a bar cut by the top edge alike, its bottom
    edge moved; the card's top edge moved under its cut bottom) are no twins: where they
    name one of the places voted for, it is the move. They never name a move nothing voted
    for. O(:func:`edge_offset`), asked only of a host its votes left undecided, of at most
    :data:`LIMIT` nodes (a host the walk reads in part is no list whose one row fills it: the
    1 MB step's split host paid a twelfth of its bytecodes for nothing, issue 19)."""
    if not votes or curr.subtree_end(c) - c > LIMIT:
        return None  # a host past the walk's reach: its edges would be read in part
    by_edges = edge_offset(prev, p, curr, c, pairs, used)
    if by_edges is None:  # no uncut edge tells: the boxes may (.edge_shapes)
        return tie_by_shapes(prev, p, curr, c, list(votes))
    near = [o for o in votes if max(abs(o[0] - by_edges[0]), abs(o[1] - by_edges[1])) <= SPREAD]
    return by_edges if near else None


def _unique_child(
    prev: Frame,
    curr: Frame,
    k: int,
    pairs: Mapping[int, int],
    used: AbstractSet[int],
    kinds: tuple[Counter[tuple[str, int, int]], Counter[tuple[str, int, int]]],
) -> int | None:
    """The old node of unpaired ``k`` by its kind and size alone: its parent's pair's one
    unpaired child of them, that kind and size shown once in each frame's list. A box that
    shows nothing is paired by its place (:mod:`.placeless`), and an icon a row carried
    far is in no place it was."""
    n = curr.nodes[k]
    kind = (n.class_name, n.bounds.width, n.bounds.height)
    parent = pairs.get(curr.parents[k])
    if parent is None or kinds[0][kind] != 1 or kinds[1][kind] != 1:
        return None
    found = [
        q
        for q in prev.children[parent]
        if q not in used
        and (prev.nodes[q].class_name, prev.nodes[q].bounds.width, prev.nodes[q].bounds.height)
        == kind
    ]
    return found[0] if len(found) == 1 else None


def _kinds(frame: Frame, start: int, end: int) -> Counter[tuple[str, int, int]]:
    """(class, width, height) of the nodes of positions ``start`` to ``end``."""
    out: Counter[tuple[str, int, int]] = Counter()
    for n in frame.nodes[start:end]:
        b = n.bounds
        out[(n.class_name, b.width, b.height)] += 1
    return out


def _moved(a: Bounds, a_box: Bounds, b: Bounds, b_box: Bounds) -> int | None:
    """How far a node cut by one edge of its list alike in both frames (top in both, or
    bottom in both, its breadth kept) moved, read off its other edge, inside the list both
    times; None for any other node."""
    if (a.left, a.right) != (b.left, b.right) or a.width <= 0 or a.height <= 0 or b.height <= 0:
        return None
    top_a, bottom_a = a.top <= a_box.top, a.bottom >= a_box.bottom
    top_b, bottom_b = b.top <= b_box.top, b.bottom >= b_box.bottom
    if (top_a, bottom_a) != (top_b, bottom_b) or top_a == bottom_a:
        return None
    if top_a:  # its bottom edge is its own
        return b.bottom - a.bottom if b.bottom < b_box.bottom and a.bottom < a_box.bottom else None
    return b.top - a.top if b.top > b_box.top and a.top > a_box.top else None


def cut_only(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    c: int,
    p: int,
    strong: Mapping[tuple[int, int], float],
) -> bool:
    """Whether a host whose offset was refuted, and where no row stayed, turned about a page:
    no whole row voted (``strong`` empty: only pieces an edge cuts, their uncut edges moved,
    or lone labels), its sides kept. One cut row is no evidence of which row it is, so the
    content moved, or its twin came in: a tall row filling its list, the list scrolled, read
    as nothing changed (``tests/core/real_scrolls/tall_rows.py``, ``--wide``). Not a list
    whose width changed: a screen laid out again (rotated) moves every piece, and no row
    scrolled (``tests/core/real_scrolls/screens.py``); nor rows laid out again at other
    heights (:func:`~deltarec.core.diff.relaid.relaid`: the font size changed,
    ``tests/core/real_scrolls/fonts.py``). ``c``: the host (``p`` before).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(right):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][{right},90]"/></hierarchy>'))
    >>> cut_only(shot(9), shot(9), {0: 0}, 0, 0, {}), cut_only(shot(9), shot(5), {0: 0}, 0, 0, {})
    (True, False)
    """
    if strong or not (_all_cut(curr, c) or _all_cut(prev, p)):
        return False
    old_box, box = prev.nodes[p].bounds, curr.nodes[c].bounds
    if (old_box.left, old_box.right) != (box.left, box.right):
        return False
    return not relaid(prev, curr, pairs, c, p)


def twin_cut(
    prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int], used: AbstractSet[int]
) -> bool:
    """Whether list ``c`` (``p`` before), where nothing voted and no page was found, turned
    about a page by its one piece of content: below wrappers that fill the list in both
    frames, one leaf came and one left, the same label (class, text, description) and
    breadth, each cut by the same edge of the list and its other edge, its own, inside it
    and moved. The content moved (a tall row filling its list, the keyboard's edge rising
    with it: YouTube's "转到频道" over its results, ``tall_rows.py --wide``), and one cut
    piece cannot tell itself from its twin a card on (:func:`.row_evidence.refuted`): the
    matcher's estimate said a page, unpaired the piece under it, and the delta's own pass
    found no vote and no page of two rows (:func:`.pages.page`): the step read as the piece
    removed and added, nothing scrolled. A dialog's message changed is no such piece: no
    list's edge cuts it. O(depth of the wrappers).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(bottom, label="Go"):  # the list's bottom edge rose with the piece's
    ...     return Frame(parse_uiautomator(
    ...         f'<hierarchy><node class="L" scrollable="true" bounds="[0,0][100,{bottom}]">'
    ...         f'<node class="B" content-desc="{label}" bounds="[0,0][90,{bottom - 30}]"/>'
    ...         '</node></hierarchy>'))
    >>> twin_cut(shot(900), 0, shot(700), 0, {0: 0}, {0})
    True
    >>> twin_cut(shot(900), 0, shot(700, "Stop"), 0, {0: 0}, {0})  # another label
    False
    """
    a, b = _one_leaf(prev, p, used.__contains__), _one_leaf(curr, c, pairs.__contains__)
    if a < 0 or b < 0:
        return False
    old, new = prev.nodes[a], curr.nodes[b]
    if (old.class_name, old.text, old.content_desc) != (new.class_name, new.text, new.content_desc):
        return False
    x, y = old.bounds, new.bounds
    x_box, y_box = prev.nodes[p].bounds, curr.nodes[c].bounds
    if (x.left, x.right) != (y.left, y.right) or not (old.text or old.content_desc):
        return False
    if x.top <= x_box.top and y.top <= y_box.top:  # cut by the top edge: its bottom its own
        return x.bottom < x_box.bottom and y.bottom < y_box.bottom and x.bottom != y.bottom
    if x.bottom >= x_box.bottom and y.bottom >= y_box.bottom:
        return x.top > x_box.top and y.top > y_box.top and x.top != y.top
    return False


def _one_leaf(frame: Frame, pos: int, paired: Callable[[int], bool]) -> int:
    """The one leaf below ``pos`` through paired wrappers that each hold one child, when it
    is unpaired; else -1."""
    kids = frame.children[pos]
    while len(kids) == 1 and frame.children[kids[0]]:
        if not paired(kids[0]):
            return -1
        kids = frame.children[kids[0]]
    if len(kids) != 1 or paired(kids[0]):
        return -1
    return kids[0]


def _all_cut(frame: Frame, pos: int) -> bool:
    """Whether every item of container ``pos`` reaches its top or bottom edge: no row whole
    in view (a tall row's pieces, cut or spanning it). O(children)."""
    box = frame.nodes[pos].bounds
    return all(
        b.top <= box.top or b.bottom >= box.bottom
        for k in frame.children[pos]
        for b in (frame.nodes[k].bounds,)
    )


def slid_cut(a: Bounds, b: Bounds) -> bool:
    """Whether a box moved both its top and bottom, its sides kept: maybe a piece of a tall
    row filling its list, whole in one frame and cut by the list's edge in the other
    (:func:`_cut_once`), the only node that moved where every node is paired in place (the
    delta looks for a scroll only where a node slid: ``compute._slid``).

    >>> slid_cut(Bounds(0, 66, 9, 220), Bounds(0, 0, 9, 5))
    True
    >>> slid_cut(Bounds(0, 0, 9, 9), Bounds(0, 0, 9, 5))  # its bottom alone: resized
    False
    """
    return a.top != b.top and a.bottom != b.bottom and (a.left, a.right) == (b.left, b.right)


def edge_slid(frame: Frame, pos: int, a: Bounds, b: Bounds) -> bool:
    """Whether node ``pos`` of ``frame`` (box ``b``; ``a`` before), its sides kept, moved
    both its top and bottom (:func:`slid_cut`), or one edge only, its other on the same
    edge of the nearest container made to scroll
    around it: a piece that edge cut alike in both frames, its own edge moved with the
    content (the calendar's event-type icon under the form's top edge, its bottom up 81 px,
    the type's colour swatch on the bottom edge, its top cut anew). With every node paired
    in place it is the only evidence of a scroll (``compute._slid``), as
    :func:`~deltarec.core.diff.scrolls.find_motions` takes it. O(depth).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> f = Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true" '
    ...     'bounds="[0,0][90,900]"><node class="I" bounds="[0,0][9,40]"/></node></hierarchy>'))
    >>> edge_slid(f, 1, Bounds(0, 0, 9, 121), Bounds(0, 0, 9, 40))
    True
    >>> edge_slid(f, 1, Bounds(0, 5, 9, 121), Bounds(0, 5, 9, 40))  # clear of the edge
    False
    """
    if (a.left, a.right) != (b.left, b.right) or (a.top == b.top) == (a.bottom == b.bottom):
        return slid_cut(a, b)
    natural, parents = natures(frame), frame.parents
    parent = parents[pos]
    while parent >= 0 and not natural[parent]:
        parent = parents[parent]
    if parent < 0:
        return False
    box = frame.nodes[parent].bounds
    return b.top == box.top if a.top == b.top else b.bottom == box.bottom


def _cut_once(a: Bounds, a_box: Bounds, b: Bounds, b_box: Bounds) -> int | None:
    """How far a node whole in one frame and cut by one edge of its list in the other moved,
    read off its uncut edge (inside the list both times), when the cut box is the whole one
    moved so and cut to the list, px for px; None for any other node. The action bar of a
    tall row filling its list, whole below the top edge, then cut to 5 px by it: its bottom
    edge moved 215 px (``tests/core/real_scrolls/tall_rows.py``, ``--wide``)."""
    if (a.left, a.right) != (b.left, b.right) or a.height <= 0 or b.height <= 0:
        return None
    whole_a = a_box.top < a.top and a.bottom < a_box.bottom
    whole_b = b_box.top < b.top and b.bottom < b_box.bottom
    if whole_a == whole_b:
        return None
    whole, cut, cut_box = (a, b, b_box) if whole_a else (b, a, a_box)
    if cut.top <= cut_box.top and cut.bottom < cut_box.bottom:  # its bottom edge is its own
        move = cut.bottom - whole.bottom
    elif cut.bottom >= cut_box.bottom and cut.top > cut_box.top:  # its top edge
        move = cut.top - whole.top
    else:
        return None
    top, bottom = whole.top + move, whole.bottom + move
    if (max(top, cut_box.top), min(bottom, cut_box.bottom)) != (cut.top, cut.bottom):
        return None  # not the whole box moved and cut: resized
    return move if whole_a else -move


def _whole_move(a: Bounds, a_box: Bounds, b: Bounds, b_box: Bounds) -> int | None:
    """How far a box whole inside its list in both frames, its size kept, moved up or down."""
    inside = a_box.top < a.top and a.bottom < a_box.bottom and b_box.top < b.top
    if not (inside and b.bottom < b_box.bottom):
        return None
    if (a.left, a.width, a.height) != (b.left, b.width, b.height):
        return None
    return b.top - a.top if abs(b.top - a.top) > SPREAD else 0


def kept_at_edge(prev: Frame, q: int, curr: Frame, k: int, offset: tuple[int, int]) -> bool:
    """Whether row ``q`` (of ``prev``) shows a label one node alone of each frame shows,
    cut by one edge of its list alike in both frames, of one size in both, that ``offset``
    puts where row ``k`` (of ``curr``) shows it: its uncut edge inside the list both times,
    and the list's edge that cuts it moved with it (the keyboard's edge rose with a card
    anchored to the list's end). :func:`~deltarec.core.diff.unique_labels.unique_kept` asks
    the label whole in one frame; a label cut alike, its box moved whole with the edge,
    is the same evidence: no twin shows that label in either frame. O(labels of both)."""
    counts_p = label_counts(prev)
    box_p = prev.nodes[prev.parents[q]].bounds
    box_c = curr.nodes[curr.parents[k]].bounds
    news = unique_in_row(curr, k)
    for n in prev.nodes[q : prev.subtree_end(q)]:
        key = (n.class_name, n.text, n.content_desc)
        b = news.get(key)
        if b is None or counts_p[key] != 1:
            continue
        a = n.bounds
        if (b.left - a.left, b.top - a.top) != offset or (a.width, a.height) != (b.width, b.height):
            continue
        move = _moved(a, box_p, b, box_c)
        if move is not None and move == offset[1] and move != 0:
            return True
    return False
