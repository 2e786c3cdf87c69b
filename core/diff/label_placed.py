"""Two rows of a list cut by opposite edges, one label whole in both where a measured scroll
puts it: one row (issue 18, the Article's grid crossing the view).

A web grid's tile cut by the bottom edge shows its title and price; a page further on, cut
by the top edge, the price and its "Add to cart". Neither shows all of the other's texts, so
:func:`~deltarec.core.diff.row_content.same_content` takes them for two rows, and the price
they share, whole in both frames, read as removed and added (``- text "$24.99"``, ``+ [32]
text "$24.99"``) though the scroll was measured and moved it exactly so. Another tile's
price (two tiles cost $24.99) sits elsewhere: only the label the offset puts in the very box
of the other's is evidence, never a label shared alone.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.observe.frame import Frame
    >>> def row(*labels):
    ...     kids = "".join(f'<node class="T" text="{t}" bounds="[0,{y}][9,{y + 10}]"/>'
    ...                    for t, y in labels)
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="R" bounds="[0,0][9,99]">'
    ...                                    f'{kids}</node></hierarchy>'))
    >>> old, new = row(("Desk mat", 60), ("$24.99", 80)), row(("$24.99", 20), ("Add", 40))
    >>> label_placed(old, 0, new, 0, (0, -60))
    True
    >>> label_placed(old, 0, new, 0, (0, -40))
    False
"""

from __future__ import annotations

from deltarec.core.observe.frame import Frame


def label_placed(prev: Frame, p: int, curr: Frame, c: int, shift: tuple[int, int]) -> bool:
    """Whether a text (or description) of row ``p`` sits, moved by ``shift`` (the measured
    scroll's, new = old + shift), in the very box of a node of row ``c`` showing that text.
    O(size of row ``c``), the boxes of row ``p`` kept on its frame."""
    dx, dy = shift
    boxes = _boxes(prev, p)
    return any(
        (n.text, n.content_desc, n.bounds.left - dx, n.bounds.top - dy, n.bounds.right - dx,
         n.bounds.bottom - dy) in boxes
        for n in curr.nodes[c : curr.subtree_ends[c]]
        if n.text or n.content_desc
    )  # fmt: skip


_Box = tuple[str, str, int, int, int, int]


def _boxes(frame: Frame, row: int) -> frozenset[_Box]:
    """The labels of ``row`` with their boxes (kept on the frame, as ``row_content.texts``)."""
    memo: dict[int, frozenset[_Box]] = frame.__dict__.setdefault("_label_boxes", {})
    got = memo.get(row)
    if got is None:
        got = memo[row] = frozenset(
            (n.text, n.content_desc, n.bounds.left, n.bounds.top, n.bounds.right, n.bounds.bottom)
            for n in frame.nodes[row : frame.subtree_ends[row]]
            if n.text or n.content_desc
        )
    return got
