"""How pass 3 of :func:`deltarec.core.diff.match.match_frames` weighs a child's candidates:
by similarity (text first, then where the scroll puts the box), and whether a child was
weighed already with no pair made since (it would pair with nothing again).

    >>> from deltarec.core.observe.model import Bounds, Node
    >>> a = Node(class_name="T", text="Name", bounds=Bounds(0, 0, 10, 10))
    >>> similarity(a, a, None)
    1.0
    >>> weighed = {}
    >>> weighed_alike(weighed, 3, 0), weighed_alike(weighed, 3, 0), weighed_alike(weighed, 3, 1)
    (False, True, False)
"""

from __future__ import annotations

from rapidfuzz.fuzz import ratio

from deltarec.core.diff.motions import shifted
from deltarec.core.observe.model import Node


def similarity(a: Node, b: Node, shift: tuple[int, int] | None) -> float:
    """0..1; text similarity dominates, geometry (where the scroll ``shift`` puts a) breaks ties."""
    ta, tb = a.text + "\x00" + a.content_desc, b.text + "\x00" + b.content_desc
    text = 1.0 if ta == tb else ratio(ta, tb) / 100.0
    box = a.bounds if shift is None else shifted(a.bounds, *shift)
    return text * 0.7 + box.iou(b.bounds) * 0.3


def weighed_alike(weighed: dict[int, int], c: int, made: int) -> bool:
    """Whether child ``c`` was weighed by pass 3 (``match._align``) when ``made`` pairs had
    been made (``used`` had ``made`` positions), and notes that it is weighed now. Weighing
    a child reads only the frames and the pairs so far, so with none made since it pairs
    with nothing again: the second sweep after a first that paired nothing (the calendar's
    dial) weighed twice."""
    again = weighed.get(c) == made
    weighed[c] = made
    return again
