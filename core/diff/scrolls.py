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
   a scroll; nor are rows a row above them pushed by growing as far,
   :mod:`deltarec.core.diff.growth`). A host whose content is one wrapper child covering it (a
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

What rows say of an offset is in :mod:`deltarec.core.diff.row_evidence`; pages and the
caller's gesture in :mod:`deltarec.core.diff.pages`.

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

from deltarec.core.diff.axis import at_edge, cut_move, host_sideways, item_sideways
from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.growth import unscrolled
from deltarec.core.diff.motions import SPREAD, Motion, clustered, near, near_box, shifted
from deltarec.core.diff.pages import (
    against,
    bare,
    replaced_some,
    started_in,
    through_wrappers,
    turned,
    with_gesture,
)
from deltarec.core.diff.row_content import holds_rows
from deltarec.core.diff.row_evidence import (
    TextCache,
    agree,
    displacement,
    kin,
    refuted,
    up,
)
from deltarec.core.diff.scroll_edits import kept_edited, with_one_edit
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures, scrolls_by_nature
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


def find_motions(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], gesture: Gesture | None = None
) -> list[Motion]:
    """The scrolled hosts of ``curr``, parents first (see the module docstring).

    ``gesture``: the caller's swipe, as evidence (:func:`with_gesture`).
    """
    pairs = through_wrappers(prev, curr, pairs)
    motions = _find_motions(prev, curr, pairs, gesture)
    if gesture is None:
        return motions
    return with_gesture(prev, curr, pairs, motions, gesture)


def _find_motions(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], gesture: Gesture | None = None
) -> list[Motion]:
    n = len(curr)
    nodes_p, nodes_c = prev.nodes, curr.nodes
    moved = [False] * n
    any_moved = False
    for c, p in pairs.items():
        a, b = nodes_p[p].bounds, nodes_c[c].bounds
        if a is b:
            continue  # one box object: the node's tag was the same in both dumps
        d = displacement(a, b)
        if d is not None and d != (0, 0):
            moved[c] = any_moved = True
        elif d is None and (a.left, a.right) == (b.left, b.right) and a.top != b.top:
            # Both edges moved, its width kept: maybe a label an edge cut that moved (a
            # sliver of "Desk lamp" at the top, whole at the bottom before: cut_move
            # measures it). Not the only way a page turned, then; it marks no host busy.
            any_moved = any_moved or a.bottom != b.bottom
        elif d is None and (a.top, a.bottom) == (b.top, b.bottom) and a.left != b.left:
            # The same along x: an item of a carousel a side edge cut (:mod:`.axis`).
            any_moved = any_moved or (a.right != b.right and item_sideways(prev, p, curr, c))
    replaced = len(pairs) < n or len(pairs) < len(prev)
    if not (any_moved or replaced):
        return []
    used = set(pairs.values())
    if not any_moved and not _seen_elsewhere(prev, curr, pairs):
        # Nothing matched moved, and nothing new was somewhere else before: a scroll could
        # only have replaced a whole page (a toggle that renamed a summary is the common case).
        # One page per host: a ScrollView wrapping a list finds the list's page through its
        # wrappers, and the list finds it again.
        pages: dict[int, Motion] = {}
        for c in sorted(pairs):
            if scrolls_by_nature(curr.nodes[c]) and (m := turned(prev, curr, pairs, used, c)):
                pages.setdefault(m.curr, m)
        return sorted(pages.values(), key=lambda m: m.curr)
    # A host is only worth a look when something below it moved or was replaced; one not
    # made to scroll only when that is not inside a container made to scroll below it (the
    # rows of a ScrollView are its own: the window around it never scrolled them).
    parents, children = curr.parents, curr.children
    busy = [False] * n
    direct = [False] * n
    for c in range(n - 1, -1, -1):
        if moved[c] or c not in pairs:
            parent, plain = parents[c], True
            while parent >= 0 and (not busy[parent] or (plain and not direct[parent])):
                busy[parent] = True
                if plain:
                    direct[parent] = True
                    plain = not _natural(prev, curr, pairs, parent)
                parent = parents[parent]
    offset_of: dict[int, tuple[int, int]] = {}
    around: dict[int, _Around] = {}
    wrapped: set[int] = set()  # wrappers of a container made to scroll: they inherit its nature
    out: list[Motion] = []
    for c in range(n):
        if not busy[c] or not children[c]:
            continue
        old = pairs.get(c)
        if old is None or not (direct[c] or c in wrapped or _natural(prev, curr, pairs, c)):
            continue
        # The offsets of the scrolled hosts around c, and the box of the innermost one.
        base, outer = _around(curr, parents[c], offset_of, around) if offset_of else _NOWHERE
        # Cut by an edge of the innermost scroll around it that cuts its items: the top or
        # bottom of a list, the left or right of a pager moved sideways (a list in a page).
        cut = outer is not None and at_edge(curr.nodes[c].bounds, outer[0], outer[1])
        if cut and not scrolls_by_nature(curr.nodes[c]):
            continue  # a row cut by the list's edge is not a viewport of its own
        # The finger moves the outermost scroll under it; a nested one's own move (a px of
        # rounding inside a web page scrolled with it) is no move of the finger's.
        finger = gesture if gesture is not None and base == (0, 0) else None
        if finger is not None and not started_in(curr, c, finger):
            finger = None
        motion = _host(prev, curr, pairs, used, c, old, base, wrapped, finger)
        if motion is not None and not (motion.page and cut):  # carried out by the outer scroll
            out.append(motion)
            if not motion.page:
                offset_of[c] = (motion.dx, motion.dy)
    return out + _unnamed_pages(prev, curr, pairs, used, out)


def _natural(prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int) -> bool:
    """Whether ``c`` is a container made to scroll, in either frame (a ScrollView that
    turned scrollable as the keyboard opened is one on both sides)."""
    p = pairs.get(c)
    return natures(curr)[c] or (p is not None and natures(prev)[p])


_Around = tuple[tuple[int, int], tuple[Bounds, bool] | None]
_NOWHERE: _Around = ((0, 0), None)


def _around(
    curr: Frame, pos: int, offset_of: dict[int, tuple[int, int]], memo: dict[int, _Around]
) -> _Around:
    """The offsets of the scrolled hosts at or around ``pos`` (-1: none), summed, and the box
    of the innermost with whether it moved along x only, from the hosts found so far (every
    one around ``pos`` is: parents are visited first). Memoized: O(n) over a whole walk,
    however deep the tree."""
    chain = []
    while pos >= 0 and pos not in memo:
        chain.append(pos)
        pos = curr.parents[pos]
    got = memo[pos] if pos >= 0 else _NOWHERE
    for a in reversed(chain):
        own = offset_of.get(a)
        if own is not None:
            (dx, dy), _ = got
            got = ((dx + own[0], dy + own[1]), (curr.nodes[a].bounds, own[1] == 0))
        memo[a] = got
    return got


def _unnamed_pages(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], used: AbstractSet[int], found: list[Motion]
) -> list[Motion]:
    """Pages turned inside a container made to scroll that no motion names, around or
    inside it: a web page flung past a grid whose wrappers changed size (no vote)."""
    out: list[Motion] = []
    hosts = {m.curr for m in found}
    natural = natures(curr)
    for c in pairs:
        if not natural[c] or c in hosts:
            continue
        if any(h in hosts for h in curr.ancestors(c)) or any(
            c < h < curr.subtree_end(c) for h in hosts
        ):
            continue
        got = turned(prev, curr, pairs, used, c)
        if got is not None:
            out.append(got)
            hosts.add(got.curr)
    return out


def _ranked(votes: dict[tuple[int, int], float]) -> list[tuple[tuple[int, int], float]]:
    """Offsets by votes, most first. Ties between offsets that several rows back (rows that
    repeat with a period fit the content moved by any number of periods): the shorter move
    first; other ties: the order they were first seen in."""
    if len(votes) < 2:
        return list(votes.items())  # nothing to rank (the common estimate: one offset)
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
    places, content, old = prev.places, curr.subtree_hashes, prev.nodes
    for c, node in enumerate(curr.nodes):
        if c in pairs:
            continue
        b = node.bounds
        for q in places.get((content[c], b.width, b.height), ()):
            a = old[q].bounds
            if (a.left, a.top) != (b.left, b.top):
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
    finger: Gesture | None = None,
) -> Motion | None:
    """The motion of host ``c`` (paired with ``p``), or None; ``finger``: the caller's swipe
    when it started on ``c`` (a vote for a move the content cannot have made following it
    is twins mismatched, :func:`deltarec.core.diff.pages.against`, and counts for nothing)."""
    node, old = curr.nodes[c], prev.nodes[p]
    natural = c in wrapped or scrolls_by_nature(node) or scrolls_by_nature(old)
    own = displacement(old.bounds, node.bounds)
    # Outside every scroll, a content that moved 1 px scrolled 1 px (a drag that short);
    # inside a measured one, a row whose labels moved by up to the rounding of their own
    # offsets and the outer one's stayed put in it.
    still = 0 if base == (0, 0) else 2 * SPREAD
    if own is None and not natural:
        return None  # a plain container that changed size is not a viewport
    if own is not None and not near(own, base, still):
        return None  # the container itself moved: its content moved with it
    box = node.bounds
    side = host_sideways(prev, p, curr, c)  # a carousel: its side edges cut its items
    old_at = prev.places
    p_end = prev.subtree_end(p)
    content = curr.subtree_hashes
    strong: dict[tuple[int, int], float] = {}
    edge_kept = False
    weak: dict[tuple[int, int], float] = {}
    # (position, whole, row): ``row`` is the list row the node is (a piece of), or -1.
    in_list = holds_rows(curr, c)
    stack = [(k, True, k if in_list else -1) for k in reversed(curr.children[c])]
    texts: TextCache = {}
    visited = 0
    while stack and visited < VISIT_LIMIT:
        visited += 1
        k, whole, row = stack.pop()  # whole: a row of the container, not a piece of one
        b = curr.nodes[k].bounds
        pk = pairs.get(k)
        if pk is not None and curr.parents[k] == c and curr.children[k]:
            d = displacement(prev.nodes[pk].bounds, b)
            alone = len(curr.children[c]) == 1
            # A web page's wrapper is cut to the viewport, so its box changes as it scrolls.
            cut = (
                alone
                and natural
                and len(prev.children[p]) == 1
                and bare(curr.nodes[k])
                and bare(prev.nodes[pk])
            )
            if (
                d is not None and near(d, base, still) and (near_box(b, box, still) or alone)
            ) or cut:
                if natural:
                    wrapped.add(k)
                return None  # one wrapper holds the content: it is the host, if any
        spots = [
            (q, bq.left, bq.top)
            for q in old_at.get((content[k], b.right - b.left, b.bottom - b.top), ())
            if p < q < p_end
            for bq in (prev.nodes[q].bounds,)
        ][:TWIN_LIMIT]
        if spots and at_edge(b, box, side):
            # A sliver an edge cut is as high as a sliver the other edge cut before by
            # chance ("Tech Daily avatar": its last 45 px at the bottom, then its first 45
            # at the top): neither box is where the node is, so that is no move.
            # A sliver cut alike by one edge in both frames, moved along it (a carousel's
            # chip under the top edge of the feed around it, swiped sideways), is no chance.
            spots = [
                s
                for s in spots
                if (b.left - s[1], b.top - s[2]) == base
                or not at_edge(prev.nodes[s[0]].bounds, old.bounds, side)
                or (not side and _along_edge(prev.nodes[s[0]].bounds, old.bounds, b, box, base))
            ]
        if not spots and pk is not None:
            a = prev.nodes[pk].bounds
            d = displacement(a, b)
            # Same size, other content: a fixed part (a list inside) stays; a node known by its
            # own key moved with its content. A row paired only through its children's labels
            # ("Ken avatar") vouches for nothing, nor a row two edges cut to equal heights,
            # nor a row that shows nothing it showed before (a recycled row's id).
            cut = at_edge(b, box, side) or at_edge(shifted(a, *base), box, side)
            keyed = curr.keys[k] == prev.keys[pk] and not cut
            same = row != k or kin(prev, pk, curr, k, texts) or kept_edited(prev, pk, curr, k)
            if d is not None and (keyed or (d == base and same)):
                spots = [(pk, a.left, a.top)]
            elif not curr.children[k] or all(q not in pairs for q in curr.children[k]):
                move = cut_move(shifted(a, *base), b, box, side)  # a cut row's other edge moved
                if move is not None and row >= 0 and row != k:  # a piece: of a row that agrees
                    levels = curr.depth[k] - curr.depth[row]
                    shift = (move[0] + base[0], move[1] + base[1])
                    if not agree(prev, up(prev, pk, levels), curr, row, shift):
                        continue
                if move is not None:
                    if finger is None or not against(finger, *move):
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
        places = [spots[0][1:]] if len(spots) == 1 else list(dict.fromkeys(s[1:] for s in spots))
        if votes is weak and len(places) > 1:
            continue  # a label seen in several places vouches for none of them
        if row >= 0 and row != k:
            # A piece votes only for a place in a row that shows nothing its row contradicts:
            # in a list whose senders repeat, "Ken avatar" is in several rows over time.
            levels = curr.depth[k] - curr.depth[row]
            if not any(
                agree(prev, up(prev, q, levels), curr, row, (b.left - q_left, b.top - q_top))
                for q, q_left, q_top in spots
            ):
                continue
        for left, top in places:
            offset = (b.left - left - base[0], b.top - top - base[1])
            if offset == (0, 0) and at_edge(b, box, side):
                edge_kept = edge_kept or votes is strong  # a whole row: sticky, or no scroll
                continue  # two rows cut alike by the same edge prove nothing
            if finger is not None and against(finger, *offset):
                continue  # content moves with the finger: another row of the same looks
            votes[offset] = votes.get(offset, 0.0) + 1.0 / len(places)
    # Whole rows decide when one offset leads them with at least one row's worth of votes
    # (periodic twins give the true offset the lead, not always a wide one). Else rows and
    # labels (half a vote each) decide together, and the winner must stand out by MARGIN.
    # Offsets within SPREAD of each other are one move, rounded box by box (_clustered).
    strong_moves = clustered(strong, still)
    best = _ranked(strong_moves)
    rows_decide = bool(best) and best[0][1] >= 1.0 and _leads(best)
    if rows_decide:
        votes, margin = strong_moves, 1.0
    else:
        votes, margin = dict(strong), MARGIN
        for offset, w in weak.items():
            votes[offset] = votes.get(offset, 0.0) + w / 2
        votes = clustered(votes, still)
    if not votes:
        return turned(prev, curr, pairs, used, c) if natural else None
    ranked = _ranked(votes)
    (dx, dy), count = ranked[0]
    runner_up = next((v for o, v in ranked[1:] if o != (0, 0)), 0.0)
    rivals = votes.get((0, 0), 0.0)
    lone = count < 2 and not (rivals == 0 and replaced_some(prev, curr, pairs, used, c, p))
    if (
        (dx, dy) == (0, 0)
        or count < AGREEMENT * (count + rivals)
        or count < margin * runner_up
        or (lone and not natural)
    ):
        return turned(prev, curr, pairs, used, c) if natural and not rows_decide else None
    if unscrolled(prev, curr, c, p, pairs, used, (dx, dy), base):
        return None  # a row above the rows grew, came or went, or the host moved: no scroll
    moved = (dx + base[0], dy + base[1])
    if (rivals or edge_kept or not rows_decide or count < 2) and refuted(
        prev, curr, c, p, moved, with_one_edit(prev, curr, c, p, moved, pairs), finger
    ):
        if rivals or edge_kept:
            # Rows stayed put (clear of the edges, or whole at one: a row swiped away under
            # it), the offset puts rows where others show: rows were inserted or removed.
            return None
        # Labels or one row alone chose it, and a row it keeps in view shows something else
        # there: a coincidence of labels that repeat with a period (senders, dates), or of
        # twin rows (an ad and its twin 18 cards on), not the move; the rows those labels
        # paired are no rows that stayed.
        if natural and replaced_some(prev, curr, pairs, used, c, p):
            return Motion(c, p, 0, 0, page=True)
        return None
    if base != (0, 0):
        # Along an axis it moved no more than the rounding of its own and the outer offset,
        # a nested scroll did not move (a carousel swiped sideways in a scrolled feed).
        dx, dy = (0 if abs(dx) <= still else dx), (0 if abs(dy) <= still else dy)
        if (dx, dy) == (0, 0):
            return None
    return Motion(c, p, dx, dy)


def _along_edge(a: Bounds, old_box: Bounds, b: Bounds, box: Bounds, base: tuple[int, int]) -> bool:
    """Whether a node cut by the top or bottom edge in both frames is cut alike (the same
    edges, the same height, no vertical move but the outer scroll's) and moved sideways
    only: a chip of a carousel the feed's edge cuts, swiped along that edge."""
    return (
        b.left - a.left != base[0]
        and b.top - a.top == base[1]
        and b.bottom - b.top == a.bottom - a.top
        and (a.top <= old_box.top, a.bottom >= old_box.bottom)
        == (b.top <= box.top, b.bottom >= box.bottom)
    )
