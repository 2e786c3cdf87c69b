"""Web labels that crossed a page: a node a label of its own names keeps its number.

When a drag moves a web page by about a page, the diff may find no node it can measure the
scroll by (``↕ web … about a page or more``): a grid's tile cut by the bottom edge to the
top of its image, then cut by the top edge to the bottom of it, shows neither edge in both
frames, so no move can be read off it, and :mod:`~deltarec.core.diff.across` finds no
witness (a node whole in both frames). It is the same element all the same when its label
(class, text, description: a product image's description "Desk lamp") is shown by one node
alone of each frame: a web page's grid shows each product once, as
:mod:`~deltarec.core.diff.unique_labels` reads a web label (the real-capture oracle's
reading of a signature unique in both frames). Such a node keeps its number (one number per
element for a session: ``bench_agent`` tablet seed 14257 step 36, the Article's first row
of tiles renumbered, and their entry numbers back at a relaunch, ``'Desk lamp'
[103]→[97]``; ``tests/core/truth/test_web_cut_labels.py``).

Only the node itself: with no move measured, nothing places the nodes around it (an "Add to
cart" every tile shows is any tile's). Only inside web content, only between a node of a
row said to have come in and one of a row said to have gone out, of one breadth across the
scroll (the column it sits in), and only with the caller's finger told, never against it
(content moves with it: the new box lies the finger's way of the old one); with no finger,
a price each frame shows once may be two tiles' (a drag of 1,250 px not told on the small
phone's Article read a page as ``scrolled up 1173px`` off such a price). A native list
repeats its rows (senders, dates, an ad 18 cards on), so no label of it is proof: left to
:mod:`~deltarec.core.diff.across`.

And the labels one page keeps move together, as the finger did: each pair's move is read
off the edges no edge of the content cut (exact, or bounded by the node's size where each
frame shows the other edge, :func:`_moves`), the pairs that agree with the most others
are kept (:func:`_agreeing`), and none that moved less than the finger told went less the
touch slop (:func:`_followed`): two tiles of one price, each frame showing one of them,
are two nodes (the Article dragged 2,120 px from 822: the old "$24.99" gave its number to
the new one, 1,484 px up, as the tiles' images went 2,016 px or further:
``tests/core/truth/test_web_labels_moved.py``).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.observe.frame import Frame
    >>> def shot(top, bottom):
    ...     return Frame(parse_uiautomator(
    ...         '<hierarchy><node class="android.webkit.WebView" bounds="[0,0][100,300]">'
    ...         f'<node class="V" bounds="[0,{top}][100,{bottom}]">'
    ...         f'<node class="I" content-desc="Lamp" bounds="[0,{top}][100,{bottom}]"/>'
    ...         '</node></node></hierarchy>'))
    >>> old, new = shot(250, 300), shot(0, 40)  # cut by the bottom edge, then by the top
    >>> out = {}
    >>> keep_labelled(old, new, 0, 0, (1,), (1,), (0, -1), out, set())
    >>> out
    {2: 2}
    >>> out = {}
    >>> keep_labelled(old, new, 0, 0, (1,), (1,), (0, 1), out, set())  # against the finger
    >>> out
    {}
"""

from __future__ import annotations

from collections.abc import Sequence
from math import inf

from deltarec.core.diff.finger import FINGER_SLOP, SLOW
from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.unique_labels import alone_at, in_web, unique_at
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


def keep_labelled(
    prev: Frame,
    curr: Frame,
    host: int,
    old_host: int,
    entered: Sequence[int],
    left: Sequence[int],
    toward: tuple[int, int],
    out: dict[int, int],
    taken: set[int],
    finger: Gesture | None = None,
) -> None:
    """Pair, in ``out`` (new position -> old position), each labelled node of the rows
    ``entered`` (new positions) with the one node of the rows ``left`` (old positions)
    showing its label, as the module docstring says; ``host`` / ``old_host``: the web
    content that turned a page, whose whole content stands for the rows where the page
    names none (its one wrapper paired: the tablet's Article dragged 1,260 px from 400);
    ``toward``: the sign of the content's move the caller's gesture tells ((0, 0): not
    told). Nodes ``out`` holds, or ``taken`` (old positions
    paired), are left alone; each pair made is added to both.

    Tie-breaks: none; a label two nodes of either frame show pairs nothing. O(nodes of the
    rows) after each frame's label map."""
    if not in_web(curr, host) or toward == (0, 0):
        return  # no finger told: a price each frame shows once may be two tiles' (a page)
    if not entered or not left:
        entered, left = (host,), (old_host,)
    went = prev.under(left)
    tx, ty = toward
    news = unique_at(curr)
    box = curr.nodes[host].bounds
    found: list[tuple[int, int, Moves]] = []
    mine: set[int] = set()
    for pos in sorted(curr.under(entered)):
        n = curr.nodes[pos]
        key = (n.class_name, n.text, n.content_desc)
        if pos in out or news.get(key) != pos or not (n.text or n.content_desc):
            continue  # no label, or one another node of the frame shows too
        q = alone_at(prev, key)
        if q is None or q in taken or q in mine or q not in went:
            continue
        a, b = prev.nodes[q].bounds, n.bounds
        column = (
            (a.top, a.bottom) == (b.top, b.bottom) if tx else (a.left, a.right) == (b.left, b.right)
        )
        if not column or (b.left - a.left) * tx < 0 or (b.top - a.top) * ty < 0:
            continue  # another column, or against the finger
        moves = _moves(a, prev.nodes[old_host].bounds, b, box, bool(tx))
        if finger is not None and not _followed(finger, moves, toward, box):
            continue  # moved less than the finger went: another node showing the label
        found.append((pos, q, moves))
        mine.add(q)
    for pos, q, _ in _agreeing(found):
        out[pos] = q
        taken.add(q)


Moves = tuple[float, float]
"""The least and the most a node can have moved along the scroll's axis."""


def _moves(a: Bounds, was: Bounds, b: Bounds, box: Bounds, across: bool) -> Moves:
    """The moves along the axis that take node box ``a`` (in its web content's box
    ``was``) to ``b`` (in ``box``), read off the edges no edge of the content cut: exact
    where both frames show one edge, else bounded by the node's size (at least the larger
    of its two cut boxes); unbounded where either frame shows neither edge."""
    (a0, a1), (w0, w1) = (
        ((a.left, a.right), (was.left, was.right))
        if across
        else ((a.top, a.bottom), (was.top, was.bottom))
    )
    (b0, b1), (v0, v1) = (
        ((b.left, b.right), (box.left, box.right))
        if across
        else ((b.top, b.bottom), (box.top, box.bottom))
    )
    a_start, a_end, b_start, b_end = a0 > w0, a1 < w1, b0 > v0, b1 < v1
    size = max(a1 - a0, b1 - b0)
    if a_start and b_start:
        return (b0 - a0, b0 - a0)
    if a_end and b_end:
        return (b1 - a1, b1 - a1)
    if a_start and b_end:  # its start shown before, its end now: it is at least ``size`` long
        return (-inf, b1 - size - a0)
    if a_end and b_start:
        return (b0 - a1 + size, inf)
    return (-inf, inf)


def _followed(finger: Gesture, moves: Moves, toward: tuple[int, int], box: Bounds) -> bool:
    """Whether a node that moved by one of ``moves`` may have followed ``finger``
    (:func:`~deltarec.core.diff.finger.followed`: at least as far as the finger went less
    the touch slop, unless the finger was slow enough that the content may have stopped
    at its end)."""
    tx, ty = toward
    sign = tx or ty
    most = max(sign * moves[0], sign * moves[1])
    f_along = abs(finger.x2 - finger.x1) if tx else abs(finger.y2 - finger.y1)
    span = box.width if tx else box.height
    slow = f_along * 1_000 <= SLOW * span * max(1, finger.duration_ms)
    return slow or most >= f_along - FINGER_SLOP


def _agreeing(found: list[tuple[int, int, Moves]]) -> list[tuple[int, int, Moves]]:
    """The pairs of ``found`` whose moves agree with the most others' (within 2 px of
    rounding): labels each frame shows once, kept across one page, moved together; one
    that moved otherwise is another node showing the label (the Article dragged 2,120 px
    from 822: its tiles' images moved 2,016 px or further, the one "$24.99" each frame
    shows 1,484 px: two tiles' prices, and the number went to the other tile,
    ``bench_numbers --cross``). Where two moves are held by as many pairs, only pairs that
    agree with both are kept. O(pairs²), a page's labels."""
    if len(found) < 2:
        return found
    ends = {v for _, _, m in found for v in m if v not in (-inf, inf)}
    if not ends:
        return found
    fits = [[f for f in found if f[2][0] - 2 <= v <= f[2][1] + 2] for v in sorted(ends)]
    most = max(len(f) for f in fits)
    best = [f for f in fits if len(f) == most]
    return [f for f in found if all(f in group for group in best)]
