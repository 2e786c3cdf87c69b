"""A row paired away from its box whose own labels left the screen is another row (issue 18,
"unrelated nodes paired").

Rows swiped away one after another at one point of the Inbox: each gesture archives the row
under the finger and the rows below come up; rows come into view at the bottom. The Inbox's
senders repeat every 8 rows (as real lists' do), so a row that came in often shows the sender
of a row that went: its sender and avatar, each shown once in both frames, pair the two by
key, and the row around them by its children — moved, its date and subject "edited"
(``~ [20] text "Mar 5"→"Mar 25"``, ``~ [21] text "Weekend hike #4"→"Standup moved #12"``;
``tests/core/truth/test_archived_in_turn.py``: 28 of 128 cases on main). Two elements are one
only on evidence: a row of a list that moved (its size kept, or onto the list's edge),
:data:`GONE` or more of whose old labels left the screen (no node shows them now) while
every label it shows that it did not was on no node before, shares nothing with the old
row but what a row of the same sender shows — it is the old row taken out and another come
in. A row resized in view (an accordion collapsed, its options gone, its chevron's word
flipped) edited its own content.

One label edited stays an edit (a message marked read, a counter ticked, a row pushed down
as a refresh edits it: ``pushed_edit.py``). A row held in its box is one edited in place (a
thread's snippet and time; :mod:`.swiped` after a swipe told) unless, cut by the edge of its
list, the row before it is not the one that was: rows taken out above it, others come in
(the same rows archived in one go, 8 of them, the senders' period: the row the bottom edge
cuts held by a row of its sender, every row above it in view replaced). A row cut by the
list's edge shows less, not other labels (nothing came). A row moved past others with other labels
both ways is :mod:`.row_order`'s too, before the passes; this runs after them (passes 3 and 4
pair a row's sender again by its text where its first pairs were dropped), in the match's
last pass (:func:`~deltarec.core.diff.swiped.unpair_swiped`).
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.row_content import holds_rows, kind, labels, unpair_inside
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import scrolls_by_nature
from deltarec.core.observe.model import Bounds

SIZE_SLACK = 2
"""px a moved row's size may differ by and be the same size (each edge rounded on its own)."""
GONE = 2
"""Old labels of a moved row gone from the screen for it to be another row (one label edited
is an edit)."""


def unpair_relabelled(prev: Frame, curr: Frame, pairs: dict[int, int]) -> None:
    """Drop the pairs of rows of a paired list that are other rows (:func:`other`),
    and every pair inside them. O(pairs whose subtrees differ + the rows dropped's subtrees).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):  # rows of a sender, a subject and a date, 10 px apart, from y=top
    ...     top, rows = rows[0], rows[1:]
    ...     nodes = "".join(
    ...         f'<node class="Row" bounds="[0,{top + 10 * i}][9,{top + 10 * i + 9}]">'
    ...         + "".join(f'<node class="T" text="{t}" bounds="[{3 * j},{top + 10 * i}]'
    ...                   f'[{3 * j + 2},{top + 10 * i + 9}]"/>' for j, t in enumerate(row))
    ...         + "</node>" for i, row in enumerate(rows))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][9,60]">{nodes}</node></hierarchy>'))
    >>> before = shot(0, ("Ada", "#1", "Mar 1"), ("Ken", "#2", "Mar 2"))
    >>> after = shot(0, ("Ada", "#1", "Mar 1"), ("Bo", "#5", "Mar 5"), ("Ken", "#10", "Mar 9"))
    >>> pairs = {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 9: 5, 10: 6, 11: 7, 12: 8}  # "Ken" by key
    >>> unpair_relabelled(before, after, pairs)
    >>> sorted(pairs.items())  # "Ken #10" is not "Ken #2": its row and its labels unpaired
    [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)]
    """
    same, was, parents = curr.subtree_hashes, prev.subtree_hashes, curr.parents
    for c, p in [(c, p) for c, p in pairs.items() if same[c] != was[p]]:
        if pairs.get(c) != p or parents[c] not in pairs or not holds_rows(curr, parents[c]):
            continue
        if other(prev, p, curr, c, pairs):
            unpair_inside(prev, p, curr, c, pairs, set())


def other(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]) -> bool:
    """Whether row ``c``, paired with ``p``, is another row: :data:`GONE` or more of ``p``'s
    labels left the screen (no node of ``curr`` shows them), no fewer than the labels both
    show, and every label ``c`` shows that ``p`` did not was on no node of ``prev``; both
    rows of a list (a sibling of their kind, no rows inside); moved (its size kept, or onto
    its list's edge as its first or last child), or held in its box at
    its list's edge with another row before it than before (``pairs`` so far). Module
    docstring."""
    if not (curr.children[c] and prev.children[p]):
        return False  # a label's text changes in place; a row is known by its labels
    a, b = labels(prev, p), labels(curr, c)
    gone, came = a - b, b - a
    if len(gone) < GONE or not came or len(a & b) > len(gone):
        return False  # an edit, a cut row, or a row that mostly stayed (a page's wrapper)
    if gone & _shown(curr) or came & _shown(prev):
        return False  # its labels moved elsewhere, or came from elsewhere: not evidence
    if any(y.startswith(x + " ") for x in gone for y in came):
        return False  # a label extended: "vibe coding" → "vibe coding (edited)", an edit
    if not (_a_row(prev, p) and _a_row(curr, c)):
        return False
    cb, pb = curr.nodes[c].bounds, prev.nodes[p].bounds
    kept = abs(cb.width - pb.width) <= SIZE_SLACK and abs(cb.height - pb.height) <= SIZE_SLACK
    # An edit in place, or swiped.py's; or resized in place, one edge kept (rows put in
    # inside it pushed its end onto its list's edge): not moved onto that edge.
    held = cb == pb or (not kept and _one_edge_kept(cb, pb))
    if not held:  # moved, its size kept but for a scaled screen's px of rounding, or cut by
        # the edge it moved onto; a row resized in view (an accordion collapsed) was edited
        return kept or (_at_edge(curr, c) and not _at_edge(prev, p) and _moved_onto(curr, c))
    # Held: its sender kept (what paired it; a row sharing nothing is swiped.either_row's,
    # hedged) at its list's edge, another row before it.
    return bool(a & b) and _at_edge(curr, c) and _neighbour_left(prev, p, curr, c, pairs)


def _one_edge_kept(now: Bounds, was: Bounds) -> bool:
    """Whether ``now`` is ``was`` grown or shrunk in place: its sides and its top (or its
    bottom) kept. On element dicts, which carry no class nor id, a screen's content under its
    app bar is a "row" of its ScrollView as much as the bar: 8 rows put into its list pushed
    the content's end onto the ScrollView's bottom edge, its top kept, and it read as a row
    moved onto that edge, another row (``tests/core/test_dict_insertions.py``).

    >>> _one_edge_kept(Bounds(0, 558, 1080, 2154), Bounds(0, 558, 1080, 2087))
    True
    >>> _one_edge_kept(Bounds(0, 600, 1080, 2154), Bounds(0, 558, 1080, 2087))  # moved
    False
    """
    return (now.left, now.right) == (was.left, was.right) and (
        now.top == was.top or now.bottom == was.bottom
    )


def _at_edge(frame: Frame, row: int) -> bool:
    """Whether ``row`` is cut by the top or bottom edge of a list made to scroll: the row
    beyond that edge comes into its box when rows above it are taken out (not both edges:
    a page the size of its list, which is no row)."""
    host = frame.parents[row]
    box, b = frame.nodes[host].bounds, frame.nodes[row].bounds
    return scrolls_by_nature(frame.nodes[host]) and (b.top == box.top) != (b.bottom == box.bottom)


def _moved_onto(frame: Frame, row: int) -> bool:
    """Whether ``row``, cut by its list's edge, is the last or first child of its list: the
    slot rows taken out above bring another row into."""
    kids = frame.children[frame.parents[row]]
    return row in (kids[0], kids[-1])


def _neighbour_left(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]) -> bool:
    """Whether the row before ``c`` in its list is not the row that was before ``p``: rows
    taken out or put in above it (nothing above ``c``: no evidence)."""
    now, was = curr.children[curr.parents[c]], prev.children[prev.parents[p]]
    at, then = now.index(c), was.index(p)
    return at > 0 and (then == 0 or pairs.get(now[at - 1]) != was[then - 1])


def _a_row(frame: Frame, pos: int) -> bool:
    """Whether ``pos`` is a row of its list: a sibling of its kind beside it, no rows inside
    (a page's wrapper, a pane's content, holds rows and is no row of them)."""
    k = kind(frame.nodes[pos])
    nodes = frame.nodes
    alike = sum(1 for s in frame.children[frame.parents[pos]] if kind(nodes[s]) == k)
    return alike >= 2 and not holds_rows(frame, pos)


def _shown(frame: Frame) -> frozenset[str]:
    """Every label the frame shows (:func:`labels` of its roots), kept in its memo."""
    got: frozenset[str] | None = frame.memo.get(_shown)  # type: ignore[assignment]
    if got is None:
        got = frame.memo[_shown] = frozenset().union(*(labels(frame, r) for r in frame.roots))
    return got
