"""Whether the rows a scroll's offset keeps in view identify it (:func:`placed`): a row
clear of the edges showing what it showed, two cut rows each showing a label of their own,
two items with texts of their own, a pager's page by its items, or one cut row and the
caller's finger. One cut row alone is no evidence (a feed's ad and its twin 18 cards on).
Asked by :func:`~deltarec.core.diff.row_evidence.refuted`.
"""

from __future__ import annotations

from deltarec.core.diff.axis import (
    clear,
    host_sideways,
    kept_whole,
    page_items,
)
from deltarec.core.diff.finger import followed
from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.label_places import label_kept as _label_kept
from deltarec.core.diff.motions import shifted as _shifted
from deltarec.core.diff.pushed_edge import pushed_to_edge
from deltarec.core.diff.row_content import own_texts, texts
from deltarec.core.diff.unique_items import placed_by_content as _by_content
from deltarec.core.diff.unique_labels import in_web, unique_kept
from deltarec.core.observe.frame import Frame


def placed(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    offset: tuple[int, int],
    finger: Gesture | None = None,
    side: bool = False,
) -> bool:
    """Whether the rows of list ``p`` that ``offset`` keeps in view of list ``c`` identify
    it: a row clear of the edges in both frames showing what it showed; two rows cut by
    an edge, each showing a label of its own where the offset puts it (:func:`_label_kept`);
    or two items kept in view (rows, or cells of a grid in one: :func:`_items`) each
    showing, cut or not, a text of their own — two coincidences, where a strip is one. One
    cut row alone identifies it only when ``finger`` (the caller's swipe, when it started
    on the list) corroborates it (:func:`followed`).

    One row cut by an edge is no evidence of which row it is: a sponsored card and its
    twin 18 cards on show the very same texts (as do "Suggested for you" rows, dividers,
    identical product tiles), so one ad whole and the strip of the other at an edge
    identify each other as well as a card's title does, and the offset they give is the
    twin's (the tablet's Feed from 2,913 to 14,149 lu read as 1,097 px for −8,561).
    Nothing else it keeps in view contradicts such an offset: the rest of the view came in
    or left. A second row kept in view where it was is a second coincidence; a finger
    that moved the content that way at least that far is another. A row clear of the
    edges in both frames keeps its neighbours' edges in view too, where they must agree
    (:func:`~deltarec.core.diff.row_evidence.refuted`). Two dumps alone, with one cut row
    in both, cannot tell it from its twin: the scroll is a page (the caller says so).

    A row cut by an edge shows a label of its own whole, or two of them one above the
    other (:func:`_label_kept`): its other labels are partly cut away, and a sender's
    name, a date or a "Like" bar recur along a list (authors take turns, dates have a
    period), so the strip of a card at the bottom edge showing its author, and a whole
    card of that author at the top, are as likely two cards as one — the Feed flung
    0→11,975 lu on a tablet read off such a strip as 1,159 px. Rows are looked at until
    the offset is identified: O(rows²) at worst, as
    :func:`~deltarec.core.diff.row_evidence.refuted`."""
    box_p, box_c = prev.nodes[p].bounds, curr.nodes[c].bounds
    news = curr.children[c]
    strips: set[int] = set()  # items kept in view showing, cut or not, a text of their own
    strips_c: set[int] = set()  # the same, told apart in ``curr``
    kept: set[int] = set()  # rows kept in view where the offset puts them, each one alone
    web = in_web(prev, p)
    for q in prev.children[p]:
        a = prev.nodes[q].bounds
        moved = _shifted(a, *offset)
        if not (moved.intersection(box_c) and a.intersection(box_p)):
            continue
        there = [k for k in news if curr.nodes[k].bounds.intersection(moved)]
        whole = clear(a, box_p, side) and clear(moved, box_c, side)
        for k in there:  # whole: or flush with an edge, at the size it shows whole
            whole_k = whole or kept_whole(a, box_p, curr.nodes[k].bounds, box_c, moved, side)
            if (whole_k and _same_row(prev, q, curr, k)) or _by_content(prev, q, curr, k, moved):
                return True  # its neighbours' edges are kept in view too, and agree
            if a == box_p and _page_placed(prev, q, curr, k, offset, finger):
                return True  # a pager's page: the items it holds, kept in view, place it
            if web and unique_kept(prev, q, curr, k, offset, side):
                # A label no other node of either frame shows: no twin in view. Web content
                # only: a native feed's ad and its twin 18 cards on, each alone in its frame
                # and cut by opposite edges, show their headline alike (module unique_labels).
                return True
            own = own_texts(prev, q) & own_texts(curr, k)
            if own and _label_kept(prev, q, curr, k, own, offset, side):
                kept.add(q)
                if len(kept) >= 2:
                    return True
            if own and side and not (prev.children[q] or curr.children[k]):
                return True  # a carousel's chip: cut by a side edge, it shows its whole text
            if own and (_items(prev, q, own, strips) >= 2 or _items(curr, k, own, strips_c) >= 2):
                # Two strips that agree by chance: two coincidences, not one. A grid's cells
                # are told apart in either frame: one tile of a grid shows no twin where the
                # offset leaves it alone in view (a web page's product grid on a small phone).
                return True
    if kept and len(prev.children[p]) == 1 and len(news) == 1:
        return True  # the content is one block (a form, a page): a block has no twin
    if pushed_to_edge(prev, p, curr, c, offset):
        return True  # the first row pushed onto the bottom edge by rows stacked above it
    if not kept or finger is None:
        return False
    span = box_c.bottom - box_c.top if finger.vertical else box_c.right - box_c.left
    return followed(finger, offset, span)


def _page_placed(
    prev: Frame, q: int, curr: Frame, k: int, offset: tuple[int, int], finger: Gesture | None
) -> bool:
    """Whether rows ``q`` and ``k``, a page filling its pager, hold items
    (:func:`~deltarec.core.diff.axis.page_items`) that, moved by ``offset``, place it
    (:func:`placed`)."""
    lq, lk = page_items(prev, q), page_items(curr, k)
    if lq < 0 or lk < 0:
        return False
    return placed(prev, lq, curr, lk, offset, finger, host_sideways(prev, lq, curr, lk))


def _same_row(prev: Frame, q: int, curr: Frame, k: int) -> bool:
    """Whether rows ``q`` and ``k`` show the same: the same subtree, or a text in common."""
    return prev.subtree_hashes[q] == curr.subtree_hashes[k] or bool(texts(prev, q) & texts(curr, k))


def _items(frame: Frame, row: int, own: set[str], found: set[int]) -> int:
    """Add to ``found`` the items of ``row`` that show one of ``own`` and return how many it
    holds (the walk stops at two): for each label showing it, its lowest ancestor below
    ``row`` that has a sibling of its kind holding nodes too (a cell of a grid, a row of a
    list inside a wrapper), else ``row``. A card's avatar and name are one item; two
    suggestions of a list inside a wrapper, two products of a grid, are two."""
    for pos in range(row, frame.subtree_end(row)):
        n = frame.nodes[pos]
        if n.text + "\x00" + n.content_desc not in own:
            continue
        item = pos
        while item != row and not _has_twin(frame, item):
            item = frame.parents[item]
        found.add(item)
        if len(found) >= 2:
            break
    return len(found)


def _has_twin(frame: Frame, pos: int) -> bool:
    """Whether container ``pos`` has a sibling of its kind (class and id) holding nodes."""
    if not frame.children[pos]:
        return False
    node = frame.nodes[pos]
    like = (node.class_name, node.resource_id)
    return any(
        k != pos
        and frame.children[k]
        and (frame.nodes[k].class_name, frame.nodes[k].resource_id) == like
        for k in frame.children[frame.parents[pos]]
    )
