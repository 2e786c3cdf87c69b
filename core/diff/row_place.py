"""Where a row sits in its host, for the page rule (issue 18).

:func:`~deltarec.core.diff.pages.page` finds a page turned when every row of a host was
replaced; a row that came in where a row that left was, showing what it showed, is that row,
and nothing scrolled. Element dicts carry no resource id, so a form's rows that only their
ids paired on the XML path are unpaired there, and these two rules are what keeps them from
reading as a page: a row's place leaves its height out (:func:`spot`), and is measured in its
host (:func:`moved_by`), which a section inserted above may have pushed down whole.

    >>> spot(moved_by(Bounds(0, 10, 50, 30), (0, 5))) == spot(Bounds(0, 15, 50, 40))
    True
"""

from __future__ import annotations

from deltarec.core.observe.model import Bounds


def moved_by(b: Bounds, carried: tuple[int, int]) -> Bounds:
    """``b`` carried with its host by ``carried`` (dx, dy). O(1)."""
    dx, dy = carried
    return b if dx == dy == 0 else Bounds(b.left + dx, b.top + dy, b.right + dx, b.bottom + dy)


def spot(b: Bounds) -> tuple[int, int, int]:
    """Where a row sits: its top edge and its sides. Its height is left out: a form's row
    grows in place (a field 3 px taller as a spinner comes in under it). O(1)."""
    return (b.left, b.top, b.right)
