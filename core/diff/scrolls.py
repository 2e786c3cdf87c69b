"""Which containers scrolled between two frames, and by how much.

A scroll moves a container's content together while the container itself stays put.
:func:`find_motions` looks for exactly that, so it also finds containers that are
not marked ``scrollable`` (WebViews, Compose lists, grids) and never depends on one
app's class names:

1. **Rows vote by content.** Each node inside a candidate container votes for every
   offset that would bring an old node of the same content (class, id, texts and
   children's content, however keys qualified it: the keys' subtree hashes,
   :attr:`deltarec.core.observe.frame.Frame.places`) and the same size to where it
   is now. A matched node of the same size whose content changed votes for staying
   put, or for its own move when its key matched (a list with an id); a matched row
   cut by an edge in one frame only, whose children did not match, votes weakly for
   the move of its uncut edge. Any other node was cut by an edge or came in: its
   children vote instead — as rows when it is a list (:func:`holds_rows`), else as
   *pieces*.
2. **Strong and weak.** Whole rows with content are strong votes; pieces of a row (a
   card's "Like · Share" bar) and lone labels are weak — in a list whose senders
   repeat, "Ken avatar" can be unique in both frames and still belong to two
   different rows — and a label seen in several places votes for none. Identical
   twins (recycled rows that show the same things) split their vote between the
   places they could have come from; only the true offset gathers every row that
   stayed. Rows decide when one offset leads them with at least one row's worth;
   else rows and labels (half a vote each) decide together, and the winner must have
   :data:`~deltarec.core.diff.host.MARGIN` times the next offset's votes.
3. **Hosts**, visited parents first: a matched node that stayed put (relative to the
   scrolls around it) is a host when the winning offset is not zero and has at least
   :data:`~deltarec.core.diff.host.AGREEMENT` of the votes it shares with "stayed
   put" (a sticky header may stay; an insertion that pushed half the rows down is
   not a scroll; nor are rows a row above them pushed by growing as far,
   :mod:`deltarec.core.diff.growth`). A host whose content is one wrapper child
   covering it (a ScrollView's LinearLayout) defers to that child, so nested
   scrollables are reported once, on the container whose rows moved; a plain row cut
   by its list's edge is never a host. A container not marked as scrolling needs two
   rows that agree, or one when nothing stayed put and rows both came in and left.
4. **Offsets add up**: a host's rows are measured after subtracting the offsets of
   the hosts around it, so a carousel that moved with the page around it did not
   scroll itself.
5. **About a page**: a container marked as scrolling where no whole row stayed (rows
   cut alike by an edge prove nothing), some left and some came in — two rows at
   least, or rows with content — scrolled by an unknown offset (``page=True``,
   offset 0); so did one whose votes named no winner.

How one host's rows vote is in :mod:`deltarec.core.diff.host`; what rows say of an
offset in :mod:`deltarec.core.diff.row_evidence`; pages and the caller's gesture in
:mod:`deltarec.core.diff.pages`.

Tie-breaks (:func:`deltarec.core.diff.vote_rank.by_votes`): the most voted offset wins; a
tie between offsets that several rows back is a period of repeating rows, and the
shorter move wins; other ties name no winner. Cost: O(n) to find moved nodes
(nothing more when no matched node moved and nothing new was elsewhere before), then
per host the rows it looks through (the walk stops at rows that have an old
counterpart), each trying at most :data:`~deltarec.core.diff.host.TWIN_LIMIT` twins.

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

from bisect import bisect_right, insort
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import replace
from itertools import compress

from deltarec.core.capture.element_dicts import ROOT_CLASS
from deltarec.core.diff.axis import at_edge, item_sideways
from deltarec.core.diff.cut_anew import cut_anew_in
from deltarec.core.diff.filtered import filtered
from deltarec.core.diff.gaps import closed_gaps, scrolled_gap
from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.grown import grew_within, grown_by_rounding
from deltarec.core.diff.growth import Paired
from deltarec.core.diff.host import host_motion
from deltarec.core.diff.motions import SPREAD, Motion, near
from deltarec.core.diff.new_rows import inserted_at_top, pushed_down, pushed_only
from deltarec.core.diff.page_gesture import started_in, with_gesture
from deltarec.core.diff.pages import turned
from deltarec.core.diff.past_new import scrolled_past
from deltarec.core.diff.pushed_scroll import untold_exact, unvoted
from deltarec.core.diff.reflowed import unpaged
from deltarec.core.diff.relaid import laid_out_again
from deltarec.core.diff.reordered import dragged_past_gap, reordered_scroll
from deltarec.core.diff.resized import (
    inner_moved_with_edge,
    list_inside,
    list_kept,
    moved_with_edge,
    moved_with_side,
)
from deltarec.core.diff.row_evidence import (
    displacement,
)
from deltarec.core.diff.seen_elsewhere import seen_elsewhere as _seen_elsewhere
from deltarec.core.diff.seen_elsewhere import (
    seen_elsewhere_by_places as _seen_elsewhere_by_places,  # noqa: F401 (tests read it here)
)
from deltarec.core.diff.tab_switch import Flip, selection_flips, strip_reflowed, tab_switched
from deltarec.core.diff.wrappers import through_wrappers
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures, scrolls_by_nature
from deltarec.core.observe.model import Bounds


def find_motions(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], gesture: Gesture | None = None
) -> list[Motion]:
    """The scrolled hosts of ``curr``, parents first (see the module docstring).

    ``gesture``: the caller's swipe, as evidence (:func:`with_gesture`).
    """
    pairs = through_wrappers(prev, curr, pairs)
    motions = _find_motions(prev, curr, pairs, gesture)
    if gesture is not None:
        motions = with_gesture(prev, curr, pairs, motions, gesture)
    # Rows that new rows pushed down at a list's top keep their pairs (:mod:`.new_rows`), so
    # do those of a list that scrolled past them (:mod:`.past_new`) and those of a list that
    # grew with them (:mod:`.grown`: pages found afterwards).
    flips: list[Flip] | None = None  # the selections that moved, read once if a page turned

    def switched(host: int) -> bool:
        nonlocal flips
        if flips is None:
            flips = selection_flips(prev, curr, pairs)
        return tab_switched(curr, flips, host)

    told = gesture if gesture is not None and gesture.content == (0, 1) else None
    told = None if told is None or told.tap_from_dpi else told  # a swipe moving content down

    def down(m: Motion) -> bool:
        return told is not None and started_in(curr, m.curr, told)

    motions = [k for m in motions if (k := unpaged(prev, curr, pairs, m, motions, down(m)))]
    if gesture is not None:  # a grid no vote named, scrolled as items were put in
        motions = unvoted(prev, curr, pairs, motions, gesture)
    else:
        motions = untold_exact(prev, curr, pairs, motions)
    return [
        m
        for m in motions
        if not pushed_only(prev, curr, m.curr, m.prev, pairs, gesture)
        and scrolled_past(prev, curr, m.curr, m.prev, pairs, gesture) is None
        and not (m.page and grew_within(prev, curr, m.curr, m.prev, pairs, m))
        and not (m.page and switched(m.curr))
        and not strip_reflowed(prev, m.prev, curr, m.curr)  # a tab widened as it was selected
        and not filtered(prev, curr, m.curr, m.prev, pairs, gesture)  # a search's list (.filtered)
    ]


def _on_top_edge(frame: Frame, pos: int) -> bool:
    """Whether ``pos``'s top is the top edge of the nearest container made to scroll around
    it (that edge cuts it, or it starts there). O(depth)."""
    return _on_edge(frame, pos, False)


def _on_bottom_edge(frame: Frame, pos: int) -> bool:
    """:func:`_on_top_edge` for ``pos``'s bottom and that container's bottom edge."""
    return _on_edge(frame, pos, True)


def _cut_once(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether node ``c`` (``p`` before), both its top and bottom edges moved, its sides kept,
    is cut by an edge of the nearest container made to scroll around it in one frame, on
    the side the content moved to: moved up, cut by the top edge now or by the bottom one
    before (moved down, the reverse). Its other edge is its own in both, and its move
    (:func:`~deltarec.core.diff.axis.cut_move`) makes its hosts worth a look: a tall row
    filling its list, the list scrolled, moved no whole node (issue 18,
    ``tests/core/real_scrolls/tall_rows.py``). O(depth)."""
    a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
    if b.top < a.top:
        return b.bottom < a.bottom and (_on_top_edge(curr, c) or _on_bottom_edge(prev, p))
    return b.bottom > a.bottom and (_on_bottom_edge(curr, c) or _on_top_edge(prev, p))


def _on_edge(frame: Frame, pos: int, bottom: bool) -> bool:
    natural, parents = natures(frame), frame.parents
    b = frame.nodes[pos].bounds
    edge = b.bottom if bottom else b.top
    parent = parents[pos]
    while parent >= 0:
        if natural[parent]:
            box = frame.nodes[parent].bounds
            return (box.bottom if bottom else box.top) == edge
        parent = parents[parent]
    return False


def _find_motions(
    prev: Frame, curr: Frame, pairs: Mapping[int, int], gesture: Gesture | None = None
) -> list[Motion]:
    n = len(curr)
    nodes_p, nodes_c = prev.nodes, curr.nodes
    moved = [False] * n
    stretched = [False] * n
    any_moved = False
    for c, p in pairs.items():
        a, b = nodes_p[p].bounds, nodes_c[c].bounds
        if a is b:
            continue  # one box object: the node's tag was the same in both dumps
        w, h = a.right - a.left, a.bottom - a.top  # displacement(a, b), inline: not None
        if w > 0 and h > 0 and w == b.right - b.left and h == b.bottom - b.top:
            if a.left != b.left or a.top != b.top:
                moved[c] = any_moved = True
        elif (a.left, a.right) == (b.left, b.right) and a.top != b.top:
            # Both edges moved, its width kept: maybe a label an edge cut that moved (a
            # sliver of "Desk lamp" at the top, whole at the bottom before: cut_move
            # measures it). Not the only way a page turned, then; it marks no host busy.
            # Its top alone moved, its bottom on its list's bottom edge: the piece below
            # (a tall row run past that edge in both frames, issue 18).
            if a.bottom != b.bottom:
                any_moved = True
                stretched[c] = _cut_once(prev, p, curr, c)
            elif _on_bottom_edge(curr, c):
                any_moved = stretched[c] = True
        elif (
            (a.left, a.top, a.right) == (b.left, b.top, b.right)
            and a.bottom != b.bottom
            and _on_top_edge(curr, c)
        ):
            # Its bottom edge alone moved, its top on its list's top edge: maybe a piece
            # that edge cut alike in both frames, its own edge moved with the content (a
            # card filling its list, the list scrolled; .edge_pieces measures it): its
            # hosts are worth a look, none of them moved by it. (A row that grew below the
            # list's top, a form's section given a field, is no such piece: asking its
            # hosts cost the contact editor's pairs a third more, issue 19.)
            any_moved = stretched[c] = True
        elif (a.top, a.bottom) == (b.top, b.bottom) and a.left != b.left:
            # The same along x: an item of a carousel a side edge cut (:mod:`.axis`).
            any_moved = any_moved or (a.right != b.right and item_sideways(prev, p, curr, c))
    replaced = len(pairs) < n or len(pairs) < len(prev)
    if not (any_moved or replaced):
        return []
    used = Paired(pairs)  # and which new position each old one is paired with, asked once
    if (
        not any_moved
        and not _seen_elsewhere(prev, curr, pairs)
        and not cut_anew_in(prev, curr, pairs)
    ):
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
    natural_c, natural_p = natures(curr), natures(prev)  # _natural, read inline
    busy = [False] * n
    direct = [False] * n
    for c in range(n - 1, -1, -1):
        if moved[c] or c not in pairs or stretched[c]:
            parent, plain = parents[c], True
            while parent >= 0 and (not busy[parent] or (plain and not direct[parent])):
                busy[parent] = True
                if plain:
                    direct[parent] = True
                    old = pairs.get(parent)
                    plain = not (natural_c[parent] or (old is not None and natural_p[old]))
                parent = parents[parent]
    offset_of: dict[int, tuple[int, int]] = {}
    around: dict[int, _Around] = {}
    wrapped: set[int] = set()  # wrappers of a container made to scroll: they inherit its nature
    # The motions found so far, one a host, in the order found, and the hosts among them that
    # turned a page: each asked per host by a look-up, not a scan of every motion found (a
    # screen of many lists, each scrolled, was O(hosts x motions): test_near_linear).
    out: dict[int, Motion] = {}
    paged: set[int] = set()
    for c in compress(range(n), busy):  # the busy positions, picked at C speed
        if not children[c] or (c == 0 and _window_frame(curr)):
            continue
        old = pairs.get(c)
        if old is None or not (direct[c] or c in wrapped or _natural(prev, curr, pairs, c)):
            continue
        # The offsets of the scrolled hosts around c, and the box of the innermost one.
        base, outer = _around(curr, parents[c], offset_of, around) if offset_of else _NOWHERE
        if moved[c] and (
            base == (0, 0)
            or (
                (own := displacement(nodes_p[old].bounds, nodes_c[c].bounds)) is not None
                and not near(own, base, 2 * SPREAD)
            )
        ):
            # Host c itself moved (its content with it): host_motion's first test, asked
            # before the set-up for it (an insertion pushes every row below it down, and
            # each row with children below a host is asked: 760 rows on the 1 MB step).
            continue
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
        motion = host_motion(prev, curr, pairs, used, c, old, base, wrapped, finger)
        if motion and not motion.page and (by := reordered_scroll(prev, curr, pairs, c, old)):
            # A row dragged past others: the rows it did not pass tell the scroll (.reordered).
            own = (by.dx - base[0], by.dy - base[1])
            motion = replace(by, dx=own[0], dy=own[1]) if own != (0, 0) else None
        dragged = gesture is not None and gesture.swipe and gesture.vertical
        slivers = gesture is not None and not (dragged and started_in(curr, c, gesture))
        if motion is not None and motion.dragged:
            pass  # a row dragged past others: its reading explains the rows' two moves
        elif not slivers and (split := _split(prev, curr, pairs, c, old, base, wrapped)):
            # Rows above a gap moved by the scroll, those below by the scroll and the gap
            # (a tap told moved no list: its rows closed gaps, or its end clamped them).
            motion = None if (split.dx, split.dy) == (0, 0) else split
        elif motion is not None and closed_gaps(prev, curr, pairs, c, old, slivers=slivers):
            motion = None  # rows taken out (put back) at several places: no one offset
        if motion and inserted_at_top(prev, curr, c, old, pairs, (motion.dx, motion.dy), gesture):
            motion = None  # rows came in at the list's top: no scroll (:mod:`.new_rows`)
        if (
            motion
            and grew_within(prev, curr, c, old, pairs, motion)
            and not grown_by_rounding(prev, curr, c, old, pairs, motion)  # else both fit
        ):
            motion = None  # its box grew (shrank) with rows at its top: no scroll (:mod:`.grown`)
        if motion and not motion.page and moved_with_edge(prev, old, curr, c, motion.dx, motion.dy):
            motion = None  # its rows moved with its top edge: its box moved (:mod:`.resized`)
        if motion and not motion.page and moved_with_side(prev, old, curr, c, motion.dx, motion.dy):
            motion = None  # pieces moved with its side edge as its box widened (.resized)
        if motion and not motion.page and list_kept(prev, old, curr, c):
            # The keyboard opened or closed over it: its bottom edge alone moved, its content
            # node for node in place (.resized). A row the old edge cut, whole now, matched
            # its twin a row above (blank rows of one layout), which no resize moves.
            motion = None
        if motion and not motion.page and laid_out_again(prev, curr, pairs, c, old, motion):
            motion = None  # its rows laid out again at other heights or widths (.relaid)
        if (
            motion
            and not motion.page
            and not (c in wrapped or _natural(prev, curr, pairs, c))
            and inner_moved_with_edge(prev, curr, pairs, c, motion.dx, motion.dy)
        ):
            motion = None  # the list inside it moved its top edge, its rows with it (.resized)
        if motion is not None and paged and _in_page(curr, c, paged):
            motion = None  # inside a page turned, which moved it: the outer one's line says it
        if (
            motion
            and not (c in wrapped or _natural(prev, curr, pairs, c))
            and list_inside(prev, curr, pairs, c, (motion.dx, motion.dy))
        ):
            continue  # the list inside it scrolled, a bar beside it came or went (.resized)
        if motion is not None and (said := out.get(motion.curr)) is not None:
            # A wrapper around it turned its page already: one line a host, the measured
            # one where the host's own rows measured it (a tall row's uncut edges).
            if motion.page or not said.page:
                continue
            del out[motion.curr]  # the measured one goes last, where it was found
            paged.discard(motion.curr)
        if motion is not None and not (motion.page and cut):  # carried out by the outer scroll
            out[motion.curr] = motion
            if motion.page:
                paged.add(motion.curr)
            else:
                offset_of[c] = (motion.dx, motion.dy)
    found = list(out.values())
    return found + _unnamed_pages(prev, curr, pairs, used, found)


def _window_frame(curr: Frame) -> bool:
    """Whether position 0 is element dicts' synthetic root around one top-level element (an
    app's window, as :func:`~deltarec.core.capture.element_dicts.observation_to_elements`
    gives it): no host, as a window has no parent to scroll in on the XML path. A window
    moved on the screen (an app put in split screen's lower half) moves all it holds
    alike, and is no scroll of the root (:mod:`tests.core.real_scrolls.split`)."""
    return len(curr.children[0]) == 1 and curr.nodes[0].class_name == ROOT_CLASS


def _in_page(curr: Frame, c: int, pages: AbstractSet[int]) -> bool:
    """Whether a host found so far around ``c`` turned a page (parents are visited first;
    ``pages``: those hosts): its move is of no known offset, so none inside it is measured
    against it. O(depth)."""
    return any(a in pages for a in curr.ancestors(c))


def _split(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    c: int,
    p: int,
    base: tuple[int, int],
    wrapped: AbstractSet[int],
) -> Motion | None:
    """The scroll of a container made to scroll whose rows moved by two amounts about one
    gap (:func:`~deltarec.core.diff.gaps.scrolled_gap`), less the scrolls around it."""
    if not (c in wrapped or _natural(prev, curr, pairs, c)):
        return None
    own = displacement(prev.nodes[p].bounds, curr.nodes[c].bounds)
    if own is None or not near(own, base, 2 * SPREAD):
        return None  # the container moved or changed size: its rows' moves are not its scroll
    got = scrolled_gap(prev, curr, pairs, c, p)
    if got is not None and got.gap:
        got = dragged_past_gap(prev, curr, pairs, c, p, got) or got  # a row dragged (its module)
    if got is not None and got.dy > 0 and pushed_down(prev, curr, c, p, pairs, got.dy):
        return None  # rows came in whole at its top, the first one's old top on the edge
    if got is None or base == (0, 0):
        return got
    return replace(got, dx=got.dx - base[0], dy=got.dy - base[1])


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
    ordered = sorted(hosts)  # a host inside c: one bisection, not a scan of every host
    natural = natures(curr)
    for c in pairs:
        if not natural[c] or c in hosts:
            continue
        inside = bisect_right(ordered, c)
        if (inside < len(ordered) and ordered[inside] < curr.subtree_end(c)) or any(
            h in hosts for h in curr.ancestors(c)
        ):
            continue
        got = turned(prev, curr, pairs, used, c)
        if got is not None:
            out.append(got)
            hosts.add(got.curr)
            insort(ordered, got.curr)
    return out
