"""A row of a native list that crossed the view, kept by a label no other node shows.

A list flung far may keep one row alone in view: cut by the top edge before, by the bottom
edge after (or the reverse), showing a label that no other node of either frame shows
("AndroidWifi", Settings' "Change", a YouTube ad's channel button). The real-capture
oracle reads such a label as the element itself (issue 18); on a native list, though, the
label is no proof of the offset: the virtual Feed's ad and its twin 18 cards on look
exactly so, and the offset the label implies may be the twin's, the other way round
(:mod:`deltarec.core.diff.unique_labels`). Two dumps cannot tell them apart.

What they can tell is whether the label's offset *accounts for both frames*: every node of
either frame showing something that the offset keeps in the other frame's view is found
there, alike, at its moved box (:func:`~deltarec.core.diff.across.explains`, the witness
check that numbers rows across a page). A twin's offset usually lands other rows where
other rows are (7 of the Feed's 19 flings that read so); where nothing else is in both
views (12 of them, and every real far scroll of this kind), the dumps are one row kept in
view, or its twin in its place, alike.

A ``ScrollView`` lays its content out once, each row in its one place: no twin comes in
(:func:`~deltarec.core.diff.pushed_edge.in_scroll_view`; on element dicts, a scroller of
one child). There the label places the row though its move does not account for both
frames: rows put in or taken out around it as the list scrolled (the contact form's photo,
Settings' title bar: ``tests/core/real_scrolls/composed.py``, whose oracle then listed the
row ``-`` and ``+``).

The row is kept — neither ``+`` nor ``-`` — as a row that crossed the view is (the
matcher's page rule, :meth:`~deltarec.core.diff.pair_evidence.Guard._crossed_row`), and
its number stays, as :func:`~deltarec.core.diff.across.crossed` keeps it on the same proof:
whichever reading holds, a row with exactly that content is in view at that place. It is
kept too where rows on one side of it came or went as the list scrolled (YouTube's cards,
rows put in below the one kept: ``tests/core/real_scrolls/composed.py``): its move accounts
for everything but that side (:func:`_beside`).

What the line says is every reading that fits both frames (:func:`least`), and only that.
The row's own move D, or a twin from beyond the edge the content came from, further the
same way: "D px or further". With the caller's swipe told, that is all (content moved the
finger's way; the lead's decision, issue 18): "scrolled down D px or further"
(``Scroll.further``, JSON ``atLeast``; the composed sweep told, 40 → 0 of 3,276). Without
it, a twin may also come from beyond the other edge, the content moved the other way at
least as far as takes the row out of the new view and the twin's old place out of the old
one (:func:`other_way`): "scrolled down D px or further (…), or up E px or further"
(``Scroll.other``, JSON ``orDy``; the composed sweep untold, XML 48 → 0 and dicts 58 → 2 of
3,276; was "about a page or more", no offset, no way, which a short D contradicts: a
YouTube card kept after a 150 px scroll as cards came in below it).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):
    ...     kids = "".join(f'<node class="Row" bounds="[0,{max(t, 0)}][100,{min(t + 200, 1000)}]">'
    ...                    f'<node class="T" text="{s}" bounds="[0,{t + 80}][100,{t + 120}]"/>'
    ...                    '</node>' for s, t in rows)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,1000]">{kids}</node></hierarchy>'))
    >>> a = shot(("Wifi", -60), ("Calls", 140), ("SIMs", 340))  # "Wifi" cut by the top edge
    >>> b = shot(("Bbmmt", 450), ("TJNt", 650), ("Wifi", 850))  # and by the bottom one
    >>> anchored(a, 0, 1, b, 0, 5)  # nothing else in both views: the label's move holds
    True
    >>> c = shot(("Bbmmt", 300), ("TJNt", 500), ("Wifi", 700), ("Kbx", 900))
    >>> anchored(a, 0, 1, c, 0, 5)  # "Calls" moved where "Kbx" is: rows came in below it
    True
    >>> d = shot(("Abc", 0), ("Wifi", 200), ("Calls", 400))
    >>> e = shot(("Xyz", 300), ("Wifi", 500), ("Kbx", 700))
    >>> anchored(d, 0, 3, e, 0, 3)  # "Abc" onto "Xyz", "Calls" onto "Kbx": both sides, a twin
    False
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.across import explains, other_way
from deltarec.core.diff.axis import clear
from deltarec.core.diff.edge_pieces import kept_at_edge
from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.pinned import held_headers, held_labels
from deltarec.core.diff.pushed_edge import in_scroll_view
from deltarec.core.diff.unique_labels import list_own, unique_kept, unique_pairs
from deltarec.core.observe.frame import Frame

SLACK = 2
"""px each edge of a box may lie off where a move puts it: a scaled screen rounds boxes
one by one, a px either way, so two labels of one row may lie 2 px off each other (the
Feed flung 15,612 to 14,048 lu and rounded box by box read its crossing card's
"280 likes" 1,563 px on, its "Like" bar then a px inside the view's edge:
``tests/core/real_scrolls/test_jitter.py``)."""


def offsets(prev: Frame, old: int, curr: Frame, row: int) -> set[tuple[int, int]]:
    """The moves of the labels of row ``row`` (of ``curr``) that one node alone of each
    frame shows, found in row ``old`` (of ``prev``) whole: of the same size, or within
    :data:`SLACK` px of it when clear of the list's edges in both frames (a label an edge
    cuts by a px or two is no whole label: its move is off by the cut). O(labels of both)."""
    box_p, box_c = prev.nodes[prev.parents[old]].bounds, curr.nodes[curr.parents[row]].bounds
    out: set[tuple[int, int]] = set()
    end = prev.subtree_end(old)
    for q, pos in unique_pairs(prev, old, end, curr, row, curr.subtree_end(row)):
        a, b = prev.nodes[q].bounds, curr.nodes[pos].bounds
        off = SLACK if clear(a, box_p) and clear(b, box_c) else 0
        if abs(a.width - b.width) <= off and abs(a.height - b.height) <= off and a.area > 0:
            out.add((b.left - a.left, b.top - a.top))
    return out


def anchored(
    prev: Frame,
    old_host: int,
    old: int,
    curr: Frame,
    host: int,
    row: int,
    finger: Gesture | None = None,
) -> bool:
    """Whether row ``row`` of list ``host`` is row ``old`` of list ``old_host``, on the only
    evidence two dumps can give when nothing else stays in view: a label one node alone of
    each frame shows, whole in both (:func:`~deltarec.core.diff.unique_labels.unique_kept`),
    whose move accounts for everything both frames show of the list
    (:func:`~deltarec.core.diff.across.explains`), or that sits in a ``ScrollView``. The
    caller states no offset by it (module docstring). A move against ``finger`` (the
    caller's swipe, when told) is a twin's: content moves with the finger.

    Tie-breaks: labels that imply moves more than :data:`SLACK` px apart prove nothing;
    of moves that near, the least. O(labels of the list²) at worst,
    as :func:`~deltarec.core.diff.across.explains`."""
    moves = offsets(prev, old, curr, row)
    own = not moves and bool(moves := list_own(prev, old, curr, row))  # an app bar's twin
    if not moves or _spread(moves) > SLACK:
        return False
    move = min(moves)
    if finger is not None and finger.contradicts(*move):
        return False
    side = bool(move[0]) and not move[1]  # a carousel's item: clear of its side edges
    if not (
        own
        or unique_kept(prev, old, curr, row, move, side)
        or kept_at_edge(prev, old, curr, row, move)
    ):
        return False
    if explains(prev, old_host, curr, host, *move, slack=SLACK) or in_scroll_view(curr, host):
        return True
    # A sticky header held in its box, its letter turned, is nothing the move must explain
    # (asked again without it only where the move did not explain the list).
    held = held_labels(prev, old_host, curr, host)
    if held and explains(prev, old_host, curr, host, *move, slack=SLACK, held=held):
        return True
    return _beside(prev, old_host, curr, host, row, move, finger)


def _beside(
    prev: Frame,
    old_host: int,
    curr: Frame,
    host: int,
    row: int,
    move: tuple[int, int],
    finger: Gesture | None,
) -> bool:
    """Whether the row's move, along the list (the finger's way, when told), accounts for
    everything both frames show of the list but on one side of the row: rows put in (or
    taken out) beside it as the list scrolled (``tests/core/real_scrolls/composed.py``:
    YouTube's cards, one kept in view as cards came in below it). Every twin reading keeps
    a row with exactly that content at that place (:func:`least` says which readings fit);
    the rows the move does not account for are listed as come and gone whichever holds.
    Both sides unaccounted for is no row kept. Vertical lists only. O(labels of the list²)."""
    dx, dy = move
    if dx or not dy:
        return False
    if finger is not None and finger.swipe and finger.content != (0, 1 if dy > 0 else -1):
        return False
    b = curr.nodes[row].bounds
    return any(
        explains(prev, old_host, curr, host, dx, dy, slack=SLACK, beyond=edge)
        for edge in ((1, b.bottom), (-1, b.top))
    )


def least(
    prev: Frame,
    old_host: int,
    curr: Frame,
    host: int,
    pairs: Mapping[int, int],
    finger: Gesture | None,
) -> tuple[int, int] | None:
    """What the content of list ``host`` moved when it turned about a page (no offset
    measured) and kept rows (:func:`anchored`): ``(dy, other)``, both px signed as ``dy``.
    ``dy``: the rows' one move, the least the content moved its way; ``other``: 0 when the
    finger told the way, else the least it moved the other way (:func:`other_way`). None
    when another row of the list stayed paired, the rows' moves disagree, or ``dy`` went
    against the finger. The list's sticky header held in its box as the rows scrolled under
    it (:func:`~deltarec.core.diff.pinned.held_headers`) is no row that stayed: Settings and
    YouTube's results flung 1,169 to 1,474 px under a header whose letter turned read as a
    page (``tests/core/real_scrolls/sticky.py``, swept).

    Why "D or further" and not D: the kept row may be its twin (a recycled list repeats
    rows). Its label shows once in each frame, whole, so a twin was not in the old view;
    with the finger told, the content moved the finger's way, so the twin came from beyond
    the edge the content came from: every twin reading is further than D, the same way,
    and none is shorter. Whichever holds, a row with exactly that content is in view at
    that place (the lead's decision, issue 18). Without the finger, a twin may also come
    from beyond the other edge, a scroll the other way, as far at least as takes the kept
    row out of the new view and its twin's old place out of the old one: the line names
    both readings, "scrolled up D px or further, or down E px or further" (``other``),
    and every reading that fits both frames node for node (the rows listed as come and
    gone left out) is one of them. O(rows × labels of the list²) at worst.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):
    ...     kids = "".join(f'<node class="Row" bounds="[0,{max(t, 0)}][100,{min(t + 200, 1000)}]">'
    ...                    f'<node class="T" text="{s}" bounds="[0,{t + 80}][100,{t + 120}]"/>'
    ...                    '</node>' for s, t in rows)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,1000]">{kids}</node></hierarchy>'))
    >>> a = shot(("Wifi", -60), ("Calls", 140), ("SIMs", 340))
    >>> b = shot(("Bbmmt", 450), ("TJNt", 650), ("Wifi", 850))
    >>> down, up = Gesture(50, 100, 50, 600), Gesture(50, 600, 50, 100)
    >>> [least(a, 0, b, 0, {5: 1}, finger) for finger in (down, up, None)]
    [(910, 0), None, (910, -150)]

    Untold: the row "Wifi" moved down 910 px (the list scrolled up) or further, or a twin
    of it came up from below the old view, its old place 150 px or more below where it is
    now (149 would put its top px in that view), as "Wifi" went up out of the new one.
    """
    told = finger is not None and finger.swipe
    moves: set[int] = set()
    kept: list[tuple[int, int]] = []
    held = held_headers(prev, old_host, curr, host)  # its sticky header did not scroll
    for k in curr.children[host]:
        q = pairs.get(k)
        if q is None or (k in held[1] and q in held[0]):
            continue
        if prev.parents[q] != old_host or not anchored(prev, old_host, q, curr, host, k, finger):
            return None
        got = offsets(prev, q, curr, k) or list_own(prev, q, curr, k)
        if not got or any(dx for dx, _ in got):
            return None
        moves.update(dy for _, dy in got)
        kept.append((q, k))
    if not moves or max(moves) - min(moves) > SLACK:
        return None
    dy = min(moves, key=abs)
    way = 1 if dy > 0 else -1
    if told:
        assert finger is not None
        return (dy, 0) if finger.content == (0, way) else None
    return dy, other_way(prev, old_host, curr, host, kept, way)


def _spread(moves: set[tuple[int, int]]) -> int:
    """How far apart the moves lie, the larger of the two axes (px)."""
    xs, ys = [m[0] for m in moves], [m[1] for m in moves]
    return max(max(xs) - min(xs), max(ys) - min(ys))
