"""Which containers scrolled between two frames, and by how much.

A scroll moves a container's content together while the container itself stays
put. :func:`find_motions` looks for exactly that, so it also finds containers
that are not marked ``scrollable`` (WebViews, Compose lists, grids) and never
depends on one app's class names:

1. **Rows vote by content.** Each node inside a candidate container votes for
   every offset that would bring an old node of the same content (class, id,
   texts and children's content, however keys qualified it: the keys' subtree
   hashes, :attr:`deltarec.core.observe.frame.Frame.places`) and the same size to where it is
   now. A matched node of the same size whose content changed votes for
   staying put, or for its own move when its key matched (a list with an id);
   a matched row cut by an edge in one frame only, whose children did not
   match, votes weakly for the move of its uncut edge. Any other node was cut
   by an edge or came in: its children vote instead — as rows when it is a
   list (:func:`holds_rows`), else as *pieces*.
2. **Strong and weak.** Whole rows with content are strong votes; pieces of a
   row (a card's "Like · Share" bar) and lone labels are weak — in a list
   whose senders repeat, "Ken avatar" can be unique in both frames and still
   belong to two different rows — and a label seen in several places votes
   for none. Identical twins (recycled rows that show the same things) split
   their vote between the places they could have come from; only the true
   offset gathers every row that stayed. Rows decide when one offset leads
   them with at least one row's worth; else rows and labels (half a vote
   each) decide together, and the winner must have :data:`MARGIN` times the
   next offset's votes.
3. **Hosts**, visited parents first: a matched node that stayed put (relative
   to the scrolls around it) is a host when the winning offset is not zero and
   has at least :data:`AGREEMENT` of the votes it shares with "stayed put" (a
   sticky header may stay; an insertion that pushed half the rows down is not
   a scroll). A host whose content is one wrapper child covering it (a
   ScrollView's LinearLayout) defers to that child, so nested scrollables are
   reported once, on the container whose rows moved; a plain row cut by its
   list's edge is never a host. A container not marked as scrolling needs two
   rows that agree, or one when nothing stayed put and rows both came in and
   left.
4. **Offsets add up**: a host's rows are measured after subtracting the
   offsets of the hosts around it, so a carousel that moved with the page
   around it did not scroll itself.
5. **About a page**: a container marked as scrolling where no whole row
   stayed (rows cut alike by an edge prove nothing), some left and some came
   in — two rows at least, or rows with content — scrolled by an unknown
   offset (``page=True``, offset 0); so did one whose votes named no winner.

Tie-breaks (:func:`_ranked`): the most voted offset wins; a tie between offsets
that several rows back is a period of repeating rows, and the shorter move wins;
other ties name no winner. Cost: O(n) to find moved nodes (nothing more when no
matched node moved and nothing new was elsewhere before), then per host the
rows it looks through (the walk stops at rows that have an old counterpart),
each trying at most :data:`TWIN_LIMIT` twins.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.observe.frame import Frame
    >>> def shot(top):
    ...     rows = "".join(f'<node class="Row" text="r{i}" bounds="[0,{top + 100 * i}]'
    ...                    f'[100,{top + 100 * i + 90}]"/>' for i in range(5))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,1000]">{rows}</node></hierarchy>'))
    >>> a, b = shot(100), shot(40)
    >>> [(m.dx, m.dy) for m in find_motions(a, b, {i: i for i in range(6)})]
    [(0, -60)]
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.motions import Motion, consistent
from deltarec.core.diff.motions import shifted as _shifted
from deltarec.core.diff.row_content import holds_rows
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import scrolls_by_nature
from deltarec.core.observe.model import Bounds

AGREEMENT = 0.8
"""Share of a host's voting rows that must agree on the offset."""

VISIT_LIMIT = 5_000
"""At most this many nodes are looked at below one host."""

PERIODIC = 2.0
"""Votes (rows' worth) an offset needs before a tie with another is read as a period."""

MARGIN = 1.25
"""Without an unambiguous row, the winning offset needs this many times the next one's votes."""

TWIN_LIMIT = 24
"""At most this many identical twins of one row are tried as its previous place."""


def _displacement(a: Bounds, b: Bounds) -> tuple[int, int] | None:
    """How far a box moved keeping its size (None: it is empty or changed size)."""
    w, h = a.right - a.left, a.bottom - a.top
    if w <= 0 or h <= 0 or w != b.right - b.left or h != b.bottom - b.top:
        return None
    return (b.left - a.left, b.top - a.top)


def find_motions(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], gesture: Gesture | None = None
) -> list[Motion]:
    """The scrolled hosts of ``curr``, parents first (see the module docstring).

    ``gesture``: the caller's swipe, as evidence (:func:`with_gesture`).
    """
    motions = _find_motions(prev, curr, pairs)
    if gesture is None:
        return motions
    return with_gesture(prev, curr, pairs, motions, gesture)


def with_gesture(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], motions: list[Motion], gesture: Gesture
) -> list[Motion]:
    """``motions`` read with the caller's gesture (:mod:`deltarec.core.diff.gesture`).

    In a host under the swipe's start, content moves with the finger: an offset against it
    is twins mismatched (rows that repeat), so the offset is unknown (a page); a page takes
    the finger's direction. A list under the start that no motion names, whose rows came in
    and left while every row paired inside moved against the finger (labels of repeating
    rows paired across the move), turned a page too. Hosts elsewhere, and every host after
    a tap, are left alone.
    """
    toward = gesture.content
    if toward == (0, 0):
        return motions
    out = []
    named: set[int] = set()
    for m in motions:
        b = curr.nodes[m.curr].bounds
        if _under(b, gesture) and (m.page or gesture.contradicts(m.dx, m.dy)):
            m = Motion(m.curr, m.prev, 0, 0, page=True, toward=toward)
        out.append(m)
        named.add(m.curr)
    host = -1
    for c, node in enumerate(curr.nodes):  # the innermost list under the start
        if scrolls_by_nature(node) and _under(node.bounds, gesture) and c in pairs:
            host = c
    if host < 0 or any(host <= m <= curr.subtree_end(host) for m in named):
        return out
    if any(m in named for m in curr.ancestors(host)):
        return out
    p = pairs[host]
    used = set(pairs.values())
    box = curr.nodes[host].bounds
    came = any(k not in pairs for k in curr.children[host])
    left = any(q not in used for q in prev.children[p])
    for k in curr.children[host]:
        q = pairs.get(k)
        if q is None or _at_edge(curr.nodes[k].bounds, box):
            continue
        moved = _displacement(prev.nodes[q].bounds, curr.nodes[k].bounds)
        if moved is None or not gesture.contradicts(*moved):
            return out  # a row stayed, or moved with the finger: not a page
    if came and left:
        out.append(Motion(host, p, 0, 0, page=True, toward=toward))
        out.sort(key=lambda m: m.curr)
    return out


def _under(b: Bounds, gesture: Gesture) -> bool:
    return b.left <= gesture.x1 < b.right and b.top <= gesture.y1 < b.bottom


def _find_motions(prev: Frame, curr: Frame, pairs: Mapping[int, int]) -> list[Motion]:
    n = len(curr)
    moved = [False] * n
    any_moved = False
    for c, p in pairs.items():
        d = _displacement(prev.nodes[p].bounds, curr.nodes[c].bounds)
        if d is not None and d != (0, 0):
            moved[c] = any_moved = True
    replaced = len(pairs) < n or len(pairs) < len(prev)
    if not (any_moved or replaced):
        return []
    used = set(pairs.values())
    if not any_moved and not _seen_elsewhere(prev, curr, pairs):
        # Nothing matched moved, and nothing new was somewhere else before: a scroll could
        # only have replaced a whole page (a toggle that renamed a summary is the common case).
        return [
            m
            for c, p in sorted(pairs.items())
            if scrolls_by_nature(curr.nodes[c]) and (m := _page(prev, curr, pairs, used, c, p))
        ]
    # A host is only worth a look when something below it moved or was replaced.
    busy = [False] * n
    for c in range(n - 1, -1, -1):
        if moved[c] or c not in pairs:
            parent = curr.parents[c]
            while parent >= 0 and not busy[parent]:
                busy[parent] = True
                parent = curr.parents[parent]
    inherited: dict[int, tuple[int, int]] = {}
    offset_of: dict[int, tuple[int, int]] = {}
    viewport: dict[int, Bounds] = {}  # the box of the innermost scrolled host around a node
    wrapped: set[int] = set()  # wrappers of a container made to scroll: they inherit its nature
    out: list[Motion] = []
    for c in range(n):
        parent = curr.parents[c]
        if parent >= 0:
            base = inherited.get(parent, (0, 0))
            own = offset_of.get(parent)
            if own is not None:
                base = (base[0] + own[0], base[1] + own[1])
            if base != (0, 0):
                inherited[c] = base
            if own is not None:
                viewport[c] = curr.nodes[parent].bounds
            elif parent in viewport:
                viewport[c] = viewport[parent]
        old = pairs.get(c)
        if old is None or not busy[c] or not curr.children[c]:
            continue
        outer = viewport.get(c)
        cut = outer is not None and _at_edge(curr.nodes[c].bounds, outer)
        if cut and not scrolls_by_nature(curr.nodes[c]):
            continue  # a row cut by the list's edge is not a viewport of its own
        motion = _host(prev, curr, pairs, used, c, old, inherited.get(c, (0, 0)), wrapped)
        if motion is not None:
            out.append(motion)
            if not motion.page:
                offset_of[c] = (motion.dx, motion.dy)
    return out


def _ranked(votes: dict[tuple[int, int], float]) -> list[tuple[tuple[int, int], float]]:
    """Offsets by votes, most first. Ties between offsets that several rows back (rows that
    repeat with a period fit the content moved by any number of periods): the shorter move
    first; other ties: the order they were first seen in."""
    order = {offset: i for i, offset in enumerate(votes)}

    def key(kv: tuple[tuple[int, int], float]) -> tuple[float, int]:
        (dx, dy), v = kv
        return (-round(v, 9), abs(dx) + abs(dy) if v >= PERIODIC else order[(dx, dy)])

    return sorted(votes.items(), key=key)


def _leads(ranked: list[tuple[tuple[int, int], float]]) -> bool:
    """Whether the first offset leads: more votes than the next, or a tie that several rows
    back (broken by :func:`_ranked`)."""
    return len(ranked) < 2 or ranked[0][1] > ranked[1][1] or ranked[0][1] >= PERIODIC


def _seen_elsewhere(prev: Frame, curr: Frame, pairs: Mapping[int, int]) -> bool:
    """Whether an unmatched node of ``curr`` shows content (of its size) that ``prev`` had at
    another place: only then can content have moved without a matched node moving."""
    places, content = prev.places, curr.subtree_hashes
    for c, node in enumerate(curr.nodes):
        if c in pairs:
            continue
        b = node.bounds
        for _, left, top in places.get((content[c], b.width, b.height), ()):
            if (left, top) != (b.left, b.top):
                return True
    return False


def _host(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    used: AbstractSet[int],
    c: int,
    p: int,
    base: tuple[int, int],
    wrapped: set[int],
) -> Motion | None:
    node, old = curr.nodes[c], prev.nodes[p]
    natural = c in wrapped or scrolls_by_nature(node) or scrolls_by_nature(old)
    own = _displacement(old.bounds, node.bounds)
    if own is None and not natural:
        return None  # a plain container that changed size is not a viewport
    if own is not None and own != base:
        return None  # the container itself moved: its content moved with it
    box = node.bounds
    old_at = prev.places
    p_end = prev.subtree_end(p)
    content = curr.subtree_hashes
    strong: dict[tuple[int, int], float] = {}
    weak: dict[tuple[int, int], float] = {}
    # (position, whole, row): ``row`` is the list row the node is (a piece of), or -1.
    in_list = holds_rows(curr, c)
    stack = [(k, True, k if in_list else -1) for k in reversed(curr.children[c])]
    texts: dict[tuple[bool, int], frozenset[str]] = {}
    visited = 0
    while stack and visited < VISIT_LIMIT:
        visited += 1
        k, whole, row = stack.pop()  # whole: a row of the container, not a piece of one
        b = curr.nodes[k].bounds
        pk = pairs.get(k)
        if pk is not None and curr.parents[k] == c and curr.children[k]:
            d = _displacement(prev.nodes[pk].bounds, b)
            if d == base and (b == box or len(curr.children[c]) == 1):
                if natural:
                    wrapped.add(k)
                return None  # one wrapper holds the content: it is the host, if any
        spots = [
            (q, q_left, q_top)
            for q, q_left, q_top in old_at.get((content[k], b.width, b.height), ())
            if p < q < p_end
        ][:TWIN_LIMIT]
        if not spots and pk is not None:
            a = prev.nodes[pk].bounds
            d = _displacement(a, b)
            # Same size, other content: a fixed part (a list inside) stays; a node known by its
            # own key moved with its content. A row paired only through its children's labels
            # ("Ken avatar") vouches for nothing, nor a row two edges cut to equal heights,
            # nor a row that shows nothing it showed before (a recycled row's id).
            cut = _at_edge(b, box) or _at_edge(_shifted(a, *base), box)
            keyed = curr.keys[k] == prev.keys[pk] and not cut
            kin = row != k or _kin(prev, pk, curr, k, texts)
            if d is not None and (keyed or (d == base and kin)):
                spots = [(pk, a.left, a.top)]
            elif not curr.children[k] or all(q not in pairs for q in curr.children[k]):
                move = _cut_move(a, b, box)  # a row cut by an edge: its other edge moved
                if move is not None and row >= 0 and row != k:  # a piece: of a row that agrees
                    up = curr.depth[k] - curr.depth[row]
                    shift = (move[0] + base[0], move[1] + base[1])
                    if not _agree(prev, _up(prev, pk, up), curr, row, shift):
                        continue
                if move is not None:
                    weak[move] = weak.get(move, 0.0) + 1.0
                    continue
        if not spots:  # clipped or new: its pieces vote (a list's rows, if it is a list)
            rows = holds_rows(curr, k)
            stack.extend((q, rows, q if rows else row) for q in reversed(curr.children[k]))
            continue
        # A whole row with content is strong evidence; a piece of a row that came in (a
        # card's "Like · Share" bar) or a lone label ("Ken avatar") may be another row's, and
        # is weak. Identical twins split their vote between the places they could have come
        # from: the true offset gathers every row that stayed.
        if not curr.children[k] and not curr.has_content[k]:
            continue  # a box that shows nothing (a spacer, a divider) could be any of its twins
        votes = strong if whole and curr.children[k] else weak
        places = list(dict.fromkeys((left, top) for _, left, top in spots))
        if votes is weak and len(places) > 1:
            continue  # a label seen in several places vouches for none of them
        if row >= 0 and row != k:
            # A piece votes only for a place in a row that shows nothing its row contradicts:
            # in a list whose senders repeat, "Ken avatar" is in several rows over time.
            up = curr.depth[k] - curr.depth[row]
            if not any(
                _agree(prev, _up(prev, q, up), curr, row, (b.left - q_left, b.top - q_top))
                for q, q_left, q_top in spots
            ):
                continue
        for left, top in places:
            offset = (b.left - left - base[0], b.top - top - base[1])
            if offset == (0, 0) and _at_edge(b, box):
                continue  # two rows cut alike by the same edge prove nothing
            votes[offset] = votes.get(offset, 0.0) + 1.0 / len(places)
    # Whole rows decide when one offset leads them with at least one row's worth of votes
    # (periodic twins give the true offset the lead, not always a wide one). Else rows and
    # labels (half a vote each) decide together, and the winner must stand out by MARGIN.
    best = _ranked(strong)
    rows_decide = bool(best) and best[0][1] >= 1.0 and _leads(best)
    if rows_decide:
        votes, margin = strong, 1.0
    else:
        votes, margin = dict(strong), MARGIN
        for offset, w in weak.items():
            votes[offset] = votes.get(offset, 0.0) + w / 2
    if not votes:
        return _page(prev, curr, pairs, used, c, p) if natural else None
    ranked = _ranked(votes)
    (dx, dy), count = ranked[0]
    runner_up = next((v for o, v in ranked[1:] if o != (0, 0)), 0.0)
    rivals = votes.get((0, 0), 0.0)
    lone = count < 2 and not (rivals == 0 and _replaced_some(prev, curr, pairs, used, c, p))
    if (
        (dx, dy) == (0, 0)
        or count < AGREEMENT * (count + rivals)
        or count < margin * runner_up
        or (lone and not natural)
    ):
        return _page(prev, curr, pairs, used, c, p) if natural and not rows_decide else None
    return Motion(c, p, dx, dy)


def _up(frame: Frame, pos: int, levels: int) -> int:
    """The ancestor ``levels`` above ``pos`` (``pos`` itself for 0; -1 past the root)."""
    for _ in range(levels):
        if pos < 0:
            break
        pos = frame.parents[pos]
    return pos


def _shown(
    frame: Frame, pos: int, cache: dict[tuple[bool, int], frozenset[str]], side: bool
) -> frozenset[str]:
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


def _agree(prev: Frame, p: int, curr: Frame, c: int, shift: tuple[int, int]) -> bool:
    """Whether row ``p`` moved by ``shift`` can be row ``c``: no label of one lands where a
    label of the same class of the other is, showing something else (row #4's subject where
    row #12's is). Rows cut by different edges show different parts and agree."""
    if p < 0:
        return False
    olds = [n for n in prev.nodes[p : prev.subtree_end(p)] if n.text or n.content_desc]
    news = [n for n in curr.nodes[c : curr.subtree_end(c)] if n.text or n.content_desc]
    for a in olds:
        for n in news:
            if (
                a.class_name == n.class_name
                and (a.text, a.content_desc) != (n.text, n.content_desc)
                and consistent(a.bounds, n.bounds, shift)
            ):
                return False
    return True


def _kin(
    prev: Frame, p: int, curr: Frame, c: int, cache: dict[tuple[bool, int], frozenset[str]]
) -> bool:
    """Whether two rows can be one row: the texts of one are all in the other's (a row cut
    by an edge shows part of them), or it shows at most one text (a label that changed)."""
    if p < 0:
        return False
    a, b = _shown(prev, p, cache, False), _shown(curr, c, cache, True)
    return a <= b or b <= a or min(len(a), len(b)) <= 1


def _replaced_some(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], used: AbstractSet[int], c: int, p: int
) -> bool:
    """Whether rows both came into and left the container (what a scroll does)."""
    came = any(k not in pairs for k in curr.children[c])
    return came and any(k not in used for k in prev.children[p])


def _cut_move(a: Bounds, b: Bounds, box: Bounds) -> tuple[int, int] | None:
    """The vertical move of a row cut by the top or bottom edge of ``box`` in one frame only,
    read off its uncut edge; None when both or no edges are cut or it changed width."""
    if a.left != b.left or a.right != b.right:
        return None
    cut_a = (a.top <= box.top, a.bottom >= box.bottom)
    cut_b = (b.top <= box.top, b.bottom >= box.bottom)
    if cut_a == cut_b or sum(cut_a) + sum(cut_b) != 1:
        return None
    top_cut = cut_a[0] or cut_b[0]
    return (0, b.bottom - a.bottom) if top_cut else (0, b.top - a.top)


def _at_edge(b: Bounds, box: Bounds) -> bool:
    """Whether ``b`` touches the top or bottom edge of ``box`` (where rows are cut)."""
    return b.top <= box.top or b.bottom >= box.bottom


def _page(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], used: AbstractSet[int], c: int, p: int
) -> Motion | None:
    """A container whose rows were all replaced: scrolled by about a page or more. Rows cut
    by an edge may match by chance (two rows showing only an avatar) and do not count, nor
    a row paired with one that showed other things (through a sender's repeated label)."""
    box = curr.nodes[c].bounds
    came = [k for k in curr.children[c] if k not in pairs]
    left = [k for k in prev.children[p] if k not in used]
    cache: dict[tuple[bool, int], frozenset[str]] = {}
    stayed = [
        k
        for k in curr.children[c]
        if k in pairs
        and not _at_edge(curr.nodes[k].bounds, box)
        and _kin(prev, pairs[k], curr, k, cache)
    ]
    if not came or not left or stayed:
        return None
    rows = (len(came) >= 2 and len(left) >= 2) or any(curr.children[k] for k in came)
    if not rows:
        return None  # one label for another (a dialog's message) is not a page of a list
    return Motion(c, p, 0, 0, page=True)
