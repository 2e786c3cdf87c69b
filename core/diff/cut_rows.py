"""Rows a list's edge cut, known in both frames though the matcher left them unpaired.

A row the list's edge cuts moved otherwise than its cut box: its box's cut edge stays on
the list's edge while its content moved by the scroll. Placing it by its box, the matcher
leaves it unpaired, and the rows :func:`deltarec.core.diff.gaps._known_rows` knows miss it.
Where the row was dragged past others (:mod:`deltarec.core.diff.reordered`), that row is
the one that says so: without it the rows left in view keep their order, and read as a
gap closed (rows taken out) and a scroll by another amount.

:func:`cut_alone` knows it, asked only of rows unpaired on both sides: it shows some of
the other's texts, each its own in its list (a sliver the top edge cut to its second
line: YouTube's suggestions). A sliver cut to nothing of its own is not known: rows of one
layout cut alike (Settings' Wi-Fi list) read as well as rows archived below a sliver that
stayed (``test_archive``, ``test_archive_slivers``).
"""

from __future__ import annotations

from deltarec.core.diff.row_content import own_texts, texts
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


def cut_alone(prev: Frame, q: int, box_old: Bounds, curr: Frame, k: int, box_new: Bounds) -> bool:
    """Whether one of rows ``q`` and ``k`` is the other cut by its list's edge: it touches
    the edge and shows some of the other's texts (not all), each its own in its list. O(the
    rows' texts).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(top, *texts):  # one row at ``top``, its texts 40 px apart, cut at 100
    ...     kids = "".join(f'<node class="T" text="{t}" bounds="[0,{max(100, top + 40 * i)}]'
    ...                    f'[9,{top + 40 * i + 30}]"/>' for i, t in enumerate(texts))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...         f' bounds="[0,100][9,900]"><node class="Row" bounds="[0,{max(100, top)}]'
    ...         f'[9,{top + 80}]">{kids}</node></node></hierarchy>'))
    >>> before, after = shot(300, "title", "edit title"), shot(60, "edit title")
    >>> box = before.nodes[0].bounds
    >>> cut_alone(before, 1, box, after, 1, box)  # cut to its second line
    True
    >>> cut_alone(before, 1, box, shot(300, "title", "edit title"), 1, box)
    False
    """
    a, b = texts(prev, q), texts(curr, k)
    if b < a:
        cut, frame, row, box = b, curr, k, box_new
    elif a < b:
        cut, frame, row, box = a, prev, q, box_old
    else:
        return False
    r = frame.nodes[row].bounds
    edge = r.top <= box.top or r.bottom >= box.bottom
    return edge and bool(cut) and len(own_texts(frame, row)) == len(cut)
