"""How the rows below one candidate host vote for its scroll offset (steps 1-4 of
:mod:`deltarec.core.diff.scrolls`): :func:`host_motion` walks the host's rows, collects
strong (whole rows) and weak (pieces, lone labels) votes, ranks the offsets (:mod:`.vote_rank`)
and keeps the winner only when the rows that stayed put, the rows around it and what the
offset puts in view agree with it; a nested scroller's moves count through :mod:`.nested_votes`.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from deltarec.core.diff.axis import along_edge, at_edge, cut_move, host_sideways, relined, spans
from deltarec.core.diff.edge_across import edge_move
from deltarec.core.diff.edge_pieces import cut_only, edge_offset, edge_tie, twin_cut
from deltarec.core.diff.edge_shapes import by_shapes, carried
from deltarec.core.diff.edge_sliver import stayed_sliver
from deltarec.core.diff.filled_row import carousel
from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.growth import unscrolled
from deltarec.core.diff.host_wrapper import first_wraps, wraps
from deltarec.core.diff.motions import SPREAD, Motion, clustered, near, near_box, shifted
from deltarec.core.diff.nested_votes import Across, across_host, projected
from deltarec.core.diff.page_gesture import against
from deltarec.core.diff.pages import replaced_some, turned
from deltarec.core.diff.pushed_edge import kept_in_scroll_view, pushed_offset
from deltarec.core.diff.row_content import holds_rows
from deltarec.core.diff.row_evidence import (
    TextCache,
    agree,
    displacement,
    kin,
    refuted,
    spanned_past,
    up,
)
from deltarec.core.diff.scroll_edits import kept_edited, with_one_edit
from deltarec.core.diff.stayed_rows import page_unless_held
from deltarec.core.diff.unique_labels import spot_of, twinned, unique_spot
from deltarec.core.diff.vote_rank import by_votes, leads
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures, scrolls_by_nature
from deltarec.core.observe.model import Bounds

AGREEMENT = 0.8
"""Share of a host's voting rows that must agree on the offset."""

VISIT_LIMIT = 5_000
"""At most this many nodes are looked at below one host."""

MARGIN = 1.25
"""Without an unambiguous row, the winning offset needs this many times the next one's votes."""

TWIN_LIMIT = 24
"""At most this many identical twins of one row are tried as its previous place."""


def host_motion(
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
    is twins mismatched, :func:`deltarec.core.diff.page_gesture.against`, and counts for
    nothing)."""
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
    if first_wraps(prev, curr, pairs, c, p, base, still, natural):
        if natural:
            wrapped.add(curr.children[c][0])
        return None  # the walk's first step, asked before its set-up (a chain of wrappers)
    side = host_sideways(prev, p, curr, c, pairs) and carousel(
        prev, p, curr, c, c in wrapped, pairs
    )
    old_at = prev.places
    p_end = prev.subtree_end(p)
    content = curr.subtree_hashes
    strong: dict[tuple[int, int], float] = {}
    edge_kept = False
    weak: dict[tuple[int, int], float] = {}
    # (position, whole, row): ``row`` is the list row the node is (a piece of), or -1.
    in_list = holds_rows(curr, c)
    # (…, across): the share of the host in the moves below a container made to scroll
    # across the host's axis (:func:`~deltarec.core.diff.nested_votes.across_host`), or None.
    stack: list[tuple[int, bool, int, Across]] = [
        (k, True, k if in_list else -1, None) for k in reversed(curr.children[c])
    ]
    texts: TextCache = {}
    agreed: dict[tuple[int, int, tuple[int, int]], bool] = {}  # the pieces of a row ask alike
    visited = 0
    nodes_c, kids_of, parents_c = curr.nodes, curr.children, curr.parents  # read a row
    alone = len(kids_of[c]) == 1  # wraps needs it or a row of the host's box: asked first
    natures_c = natures(curr)
    while stack and visited < VISIT_LIMIT:
        visited += 1
        k, whole, row, across = stack.pop()  # whole: a row of the container, not a piece
        b = nodes_c[k].bounds
        pk = pairs.get(k)
        # at_edge(b, box, side), inline: asked of every row that has a place, and again of
        # every vote to stay put
        edge = (
            (b.left <= box.left or b.right >= box.right)
            if side
            else (b.top <= box.top or b.bottom >= box.bottom)
        )
        if (
            pk is not None
            and parents_c[k] == c
            and kids_of[k]
            and (alone or near_box(b, box, still))
            and wraps(prev, curr, pairs, c, p, k, pk, base, still, natural)
        ):
            if natural:
                wrapped.add(k)
            return None  # one wrapper holds the content: it is the host, if any
        same = old_at.get((content[k], b.right - b.left, b.bottom - b.top))
        if same is None:
            spots = []
        elif len(same) == 1:  # the common row: one place (the comprehension below, unrolled)
            only = same[0]
            bq = prev.nodes[only].bounds
            spots = [(only, bq.left, bq.top)] if p < only < p_end else []
        else:  # in document order: the first TWIN_LIMIT inside the host, by bisection
            start = bisect_right(same, p)
            spots = [
                (q, bq.left, bq.top)
                for q in same[start : start + TWIN_LIMIT]
                if q < p_end
                for bq in (prev.nodes[q].bounds,)
            ]
        if not spots:  # one label of either frame, its size rounded, whole in one at least
            q = unique_spot(prev, curr, k, p, p_end)
            if q is not None and not (edge and at_edge(prev.nodes[q].bounds, old.bounds, side)):
                spots = [spot_of(prev, q, b, (box, old.bounds), side, base)]
        if spots and edge:
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
                or (not side and along_edge(prev.nodes[s[0]].bounds, old.bounds, b, box, base))
            ]
        if not spots and pk is not None:
            a = prev.nodes[pk].bounds
            d = displacement(a, b)
            # Same size, other content: a fixed part (a list inside) stays; a node known by its
            # own key moved with its content. A row paired only through its children's labels
            # ("Ken avatar") vouches for nothing, nor a row two edges cut to equal heights,
            # nor a row that shows nothing it showed before (a recycled row's id).
            cut = edge or at_edge(shifted(a, *base), box, side)
            keyed = curr.keys[k] == prev.keys[pk] and not cut
            # Whether it is the same row is asked last: its texts, both frames' walks of its
            # subtree, are read only for a row that kept its size and moved with the scroll
            # around it (a list that grew with a row put in, its own host's row, had every
            # text of the list read twice for nothing; issue 19).
            if d is not None and (
                keyed
                or (
                    d == base
                    and (
                        row != k or kin(prev, pk, curr, k, texts) or kept_edited(prev, pk, curr, k)
                    )
                )
            ):
                spots = [(pk, a.left, a.top)]
            elif (curr.children[k] and all(q not in pairs for q in curr.children[k])) or (
                not curr.children[k] and (curr.has_content[k] or prev.has_content[pk])
            ):
                # A cut row's other edge moved (each frame cut by its own box: a web page's
                # content starts below its fixed header at the top, under it further down).
                # Not a leaf that shows nothing in either frame: paired by its place alone
                # (a feed's 21 px spacer, first of its rows, and the sliver of its third row
                # the top edge cut after a fling of 1,926 px), it is any row's, and its edge
                # voted a move of 150 px that tied the feed's with the header's (issue 18).
                move = cut_move(shifted(a, *base), b, box, side, shifted(old.bounds, *base))
                if move is not None and row >= 0 and row != k:  # a piece: of a row that agrees
                    levels = curr.depth[k] - curr.depth[row]
                    shift = (move[0] + base[0], move[1] + base[1])
                    if not _agrees(prev, up(prev, pk, levels), curr, row, shift, agreed):
                        continue
                if move is not None:
                    if across is not None:
                        move = projected(move, across)
                    if finger is None or not against(finger, *move):
                        weak[move] = weak.get(move, 0.0) + 1.0
                    continue
        if not spots:  # clipped or new: its pieces vote (a list's rows, if it is a list)
            rows = holds_rows(curr, k)
            if across is None and natures_c[k]:
                across = across_host(prev, curr, pairs, k, side, base)
            stack.extend((q, rows, q if rows else row, across) for q in reversed(curr.children[k]))
            continue
        # A whole row with content is strong evidence; a piece of a row that came in (a
        # card's "Like · Share" bar) or a lone label ("Ken avatar") may be another row's, and
        # is weak. Identical twins split their vote between the places they could have come
        # from: the true offset gathers every row that stayed.
        if not curr.children[k] and not curr.has_content[k]:
            # A box that shows nothing (a spacer, a divider) could be any of its twins; a text
            # box's text, left out of its key, shows, and one alone in each frame places it.
            spots = _typed_spot(prev, curr, k, p, p_end, (box, old.bounds), side)
            if not spots:
                continue
        # A row with no content below it (no id, no label: an icon's frame in a dump that
        # names no view by id, a Compose app's or element dicts') is told from the frames of
        # the rows around it by its place alone: weak (two such frames voted a settings
        # list flung 2,494 px as scrolled 407 px, the rows' labels all other there).
        votes = strong if whole and curr.children[k] and curr.has_content[k] else weak
        places = [spots[0][1:]] if len(spots) == 1 else list(dict.fromkeys(s[1:] for s in spots))
        if votes is weak and (len(places) > 1 or twinned(prev, spots[0][0], curr, k)):
            continue  # a label seen in several places vouches for none of them
        if row >= 0 and row != k:
            # A piece votes only for a place in a row that shows nothing its row contradicts:
            # in a list whose senders repeat, "Ken avatar" is in several rows over time.
            levels = curr.depth[k] - curr.depth[row]
            if not any(
                _agrees(
                    prev, up(prev, q, levels), curr, row, (b.left - q_left, b.top - q_top), agreed
                )
                for q, q_left, q_top in spots
            ):
                continue
        for left, top in places:
            offset = (b.left - left - base[0], b.top - top - base[1])
            if across is not None:
                offset = projected(offset, across)
            if offset == (0, 0) and edge:
                edge_kept |= votes is strong and not spans(b, box, side)  # a whole row stayed
                continue  # two rows cut alike by the same edge prove nothing
            if finger is not None and against(finger, *offset):
                continue  # content moves with the finger: another row of the same looks
            votes[offset] = votes.get(offset, 0.0) + 1.0 / len(places)
    # Whole rows decide when one offset leads them with at least one row's worth of votes
    # (periodic twins give the true offset the lead, not always a wide one). Else rows and
    # labels (half a vote each) decide together, and the winner must stand out by MARGIN.
    # Offsets within SPREAD of each other are one move, rounded box by box (_clustered).
    strong_moves = clustered(strong, still)
    best = by_votes(strong_moves)
    rows_decide = bool(best) and best[0][1] >= 1.0 and leads(best)
    if rows_decide:
        votes, margin = strong_moves, 1.0
    else:
        votes, margin = dict(strong), MARGIN
        for offset, w in weak.items():
            votes[offset] = votes.get(offset, 0.0) + w / 2
        votes = clustered(votes, still)
    if (
        not votes
        and _may_push(prev, curr, pairs, used, c, p, natural)
        and (pushed := pushed_offset(prev, p, curr, c))
    ):
        votes = {pushed: 1.0}  # the first row pushed onto the bottom edge (its module)
    edged = not votes and natural and base == (0, 0)
    if edged and (by_edges := edge_move(prev, p, curr, c, pairs, used, side)):
        votes = {by_edges: 1.0}  # one row fills the list: its uncut edges (.edge_pieces)
    if not votes:  # a page, or one cut piece removed and added (.edge_pieces.twin_cut)
        got = turned(prev, curr, pairs, used, c) if natural else None
        page = got is None and edged and twin_cut(prev, p, curr, c, pairs, used)
        return Motion(c, p, 0, 0, page=True) if page else got
    ranked = by_votes(votes)
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
        # A split only: where the host's staying won outright, no twins' votes tied.
        split = (dx, dy) != (0, 0) or count < margin * runner_up
        tie = (
            edge_tie(prev, p, curr, c, pairs, used, votes)
            if natural and base == (0, 0) and split
            else None
        )
        if tie is None:
            return turned(prev, curr, pairs, used, c) if natural and not rows_decide else None
        (dx, dy), rivals = tie, 0.0  # twins' votes split, the uncut edges name one of them
    if unscrolled(prev, curr, c, p, pairs, used, (dx, dy), base, not natural):
        return None  # a row above the rows grew, came or went, or the host moved: no scroll
    if side and not dy and relined(strong, weak, dx):
        return None  # a grid's tiles went on a slot, some to the next line: no carousel
    if base == (0, 0) and stayed_sliver(prev, p, curr, c, pairs, (dx, dy)):
        return None  # a sliver stayed where the offset puts a piece of another kind
    moved = (dx + base[0], dy + base[1])
    by_one = count < 2 and natural and base == (0, 0)  # a lone vote: the boxes ask too
    shaped = by_shapes(prev, p, curr, c, moved, (*weak, *strong)) if by_one else moved
    if shaped is not None and shaped != moved:
        return Motion(c, p, *shaped)  # a pitch off: the move the boxes bear out (.edge_shapes)
    if (rivals or edge_kept or not rows_decide or count < 2) and (
        shaped is None
        or refuted(prev, curr, c, p, moved, with_one_edit(prev, curr, c, p, moved, pairs), finger)
    ):
        if rivals or edge_kept:
            # Rows stayed put (clear of the edges, or whole at one: a row swiped away under
            # it), the offset puts rows where others show: rows were inserted or removed.
            return None
        # Labels or one row alone chose it, and a row it keeps in view shows something else
        # there: a coincidence of labels that repeat with a period (senders, dates), or of
        # twin rows (an ad and its twin 18 cards on), not the move; the rows those labels
        # paired are no rows that stayed. In a ScrollView no twin comes in: rows came or
        # went around the row its label places (pushed_edge.kept_in_scroll_view).
        # A piece's move, or one whole row's alone, that the uncut edges name is read off them.
        few = not strong or count < 2
        named = few and base == (0, 0) and edge_offset(prev, p, curr, c, pairs, used)
        if not kept_in_scroll_view(prev, p, curr, c, moved, edged or named == moved, side):
            if natural and (
                edged  # its one row moved, or its twin came in: a page (.edge_pieces)
                or cut_only(prev, curr, pairs, c, p, strong)  # no whole row voted, none stayed
                or replaced_some(prev, curr, pairs, used, c, p)
                or _passed(prev, curr, pairs, c, p)
            ):
                return page_unless_held(prev, p, curr, c, pairs, used, moved)
            return None
    if base != (0, 0):
        # Within rounding of the outer offset a nested scroll did not move (a carousel in a
        # feed), nor where the boxes refute its one vote, bearing out the outer move alone.
        dx, dy = (0 if abs(dx) <= still else dx), (0 if abs(dy) <= still else dy)
        if (dx, dy) == (0, 0) or (count < 2 and carried(prev, p, curr, c, moved, base)):
            return None
    return Motion(c, p, dx, dy)


def _may_push(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    used: AbstractSet[int],
    c: int,
    p: int,
    natural: bool,
) -> bool:
    """Whether the offset :func:`~deltarec.core.diff.pushed_edge.pushed_offset` holds for
    host ``c``, its one vote, could make :func:`host_motion` a motion: only for a container
    made to scroll, or one whose rows both came in and left (:func:`replaced_some`). A plain
    container's one vote is ``count < 2`` and, no row replaced, ``lone``: :func:`host_motion`
    returns None with it as without it, so it is not asked (two keyboard-edge hosts of the
    contact editor asked it for nothing, four tries of the label walk each; issue 19).
    ``tests/core/test_estimate_skips.py`` holds the estimates to the long way's."""
    return natural or replaced_some(prev, curr, pairs, used, c, p)


def _typed_spot(
    prev: Frame,
    curr: Frame,
    k: int,
    p: int,
    p_end: int,
    boxes: tuple[Bounds, Bounds],
    side: bool,
) -> list[tuple[int, int, int]]:
    """Where text box ``k`` was by the text it shows (:func:`unique_spot`: one node alone of
    each frame shows it, of one size), or nothing. Typing leaves a text box's text out of its
    key, so a text box with no id and no label (element dicts carry no id: the calendar's
    "Title", "Location", "Description" fields) has no content to vote with, and a form of
    such fields scrolled read as a page; its text is shown, though, and one the other frame
    shows alone at the same size is the box (``boxes``: the host's now and before). Never
    one the edge cut in both frames."""
    if curr.nodes[k].role != "textbox":
        return []
    q = unique_spot(prev, curr, k, p, p_end)
    if q is None:
        return []
    a, b = prev.nodes[q].bounds, curr.nodes[k].bounds
    if at_edge(b, boxes[0], side) and at_edge(a, boxes[1], side):
        return []
    return [(q, a.left, a.top)]


def _agrees(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    shift: tuple[int, int],
    agreed: dict[tuple[int, int, tuple[int, int]], bool],
) -> bool:
    """:func:`~deltarec.core.diff.row_evidence.agree`, kept for one walk in ``agreed``: each
    piece of a row asks it of the row and the place its row would have come from, and the
    pieces of one row mostly name one place (three of four asks on the contact editor's
    form). ``agree`` is pure, so a kept answer is the answer:
    ``tests/core/test_estimate_walks.py``. A row that is the old row with one label edited
    (:func:`~deltarec.core.diff.scroll_edits.kept_edited`: a label of its own kept beside
    it, a row's menu "… on" as its list scrolled) contradicts nothing its pieces say: the
    edit is the row's, not another row's label in its place."""
    key = (p, c, shift)
    got = agreed.get(key)
    if got is None:
        got = agreed[key] = agree(prev, p, curr, c, shift) or (
            p >= 0 and kept_edited(prev, p, curr, c)
        )
    return got


def _passed(prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int, p: int) -> bool:
    """Whether rows came into host ``c`` and a row of it moved past an edge: it spanned the
    view in one frame (both edges cut it) and shows an edge of its own in the other. What
    it showed mid-view went past the other edge: the content moved, though no row left
    whole (a web page flung back to its top: the section of the grid, paired, now starts
    at the bottom edge, and the articles above it came in)."""
    if all(k in pairs for k in curr.children[c]):
        return False
    box, old_box = curr.nodes[c].bounds, prev.nodes[p].bounds
    for k in curr.children[c]:
        q = pairs.get(k)
        if q is None or prev.parents[q] != p:
            continue
        if spanned_past(prev.nodes[q].bounds, old_box, curr.nodes[k].bounds, box):
            return True
    return False
