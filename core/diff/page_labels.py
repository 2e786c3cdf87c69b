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

from deltarec.core.diff.unique_labels import alone_at, in_web, unique_at
from deltarec.core.observe.frame import Frame


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
    for pos in sorted(curr.under(entered)):
        n = curr.nodes[pos]
        key = (n.class_name, n.text, n.content_desc)
        if pos in out or news.get(key) != pos or not (n.text or n.content_desc):
            continue  # no label, or one another node of the frame shows too
        q = alone_at(prev, key)
        if q is None or q in taken or q not in went:
            continue
        a, b = prev.nodes[q].bounds, n.bounds
        column = (
            (a.top, a.bottom) == (b.top, b.bottom) if tx else (a.left, a.right) == (b.left, b.right)
        )
        if not column or (b.left - a.left) * tx < 0 or (b.top - a.top) * ty < 0:
            continue  # another column, or against the finger
        out[pos] = q
        taken.add(q)
