"""What a measured scroll says of each node: :class:`Motion` (a scrolled host and the offset
of its content), :class:`Placement` (where the scrolls around a node put it) and
:func:`consistent` (whether a box can be another one moved). Measured by
:func:`deltarec.core.diff.scrolls.find_motions`; read by the matcher and the delta.
"""

from __future__ import annotations

from dataclasses import dataclass

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


@dataclass(frozen=True, slots=True)
class Motion:
    """A scrolled host: its positions, the offset of its content, and whether it is known."""

    curr: int
    prev: int
    dx: int
    dy: int
    page: bool = False
    """True when no row stayed: the offset is unknown (about a page or more)."""
    toward: tuple[int, int] = (0, 0)
    """The sign of the content's move when the caller's gesture tells it (a page's direction)."""


@dataclass(frozen=True, slots=True)
class Placement:
    """Where the scrolls put a node of ``curr``: what :func:`placements` gives each position."""

    shift: tuple[int, int]
    """The offsets of every scrolled host around it, summed."""
    still: tuple[int, int]
    """The same without its innermost host: where a sticky row of that host stays."""
    host: int
    """Current position of its innermost scrolled host."""
    paged: bool
    """A host around it turned a whole page: nothing below it can be paired by place."""


def placements(curr: Frame, motions: list[Motion]) -> dict[int, Placement]:
    """The :class:`Placement` of every position inside a scrolled host (parents first). O(n).

    >>> from deltarec.core.observe.model import Node, Observation
    >>> row = Node(class_name="Row")
    >>> frame = Frame(Observation((Node(class_name="List", children=(row,)),)))
    >>> placements(frame, [Motion(0, 0, 0, -60)])
    {1: Placement(shift=(0, -60), still=(0, 0), host=0, paged=False)}
    """
    hosts = {m.curr: m for m in motions}
    out: dict[int, Placement] = {}
    if not hosts:
        return out
    for pos, parent in enumerate(curr.parents):
        if parent < 0:
            continue
        around = out.get(parent)
        host = hosts.get(parent)
        if host is not None:
            bx, by = around.shift if around is not None else (0, 0)
            paged = host.page or (around is not None and around.paged)
            out[pos] = Placement((bx + host.dx, by + host.dy), (bx, by), parent, paged)
        elif around is not None:
            out[pos] = around
    return out


def shifted(b: Bounds, dx: int, dy: int) -> Bounds:
    """``b`` moved by ``dx``, ``dy``."""
    return Bounds(b.left + dx, b.top + dy, b.right + dx, b.bottom + dy)


def consistent(
    old: Bounds, new: Bounds, shift: tuple[int, int], viewport: Bounds | None = None
) -> bool:
    """Whether ``new`` can be ``old`` moved by ``shift`` (and clipped by an edge).

    The moved box and the new one must overlap on at least half of the smaller. ``viewport``:
    the box the scroll shows its content in; the moved box is cut to it first, as the dump
    cuts every node (a web page's wrappers span the view, whatever part of them shows).

    >>> consistent(Bounds(0, 100, 10, 200), Bounds(0, 40, 10, 140), (0, -60))
    True
    >>> consistent(Bounds(0, 100, 10, 200), Bounds(0, 900, 10, 1000), (0, -60))
    False
    >>> view = Bounds(0, 0, 10, 1000)  # a wrapper cut to the view before and after
    >>> consistent(view, view, (0, -700)), consistent(view, view, (0, -700), view)
    (False, True)
    """
    moved = shifted(old, *shift)
    if viewport is not None and moved.intersection(viewport):
        moved = Bounds(
            max(moved.left, viewport.left),
            max(moved.top, viewport.top),
            min(moved.right, viewport.right),
            min(moved.bottom, viewport.bottom),
        )
    smaller = min(moved.area, new.area)
    if smaller == 0:
        return moved == new
    return moved.intersection(new) * 2 >= smaller


__all__ = ["Motion", "Placement", "consistent", "placements"]
