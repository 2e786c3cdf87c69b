"""A carousel whose only item in view fills it: where it moved, read off the uncut edges as
a list's are, the frames turned a quarter.

:func:`~deltarec.core.diff.edge_pieces.edge_offset` reads a tall row's move off the edges
of its pieces that no edge of the list cuts, along y. A carousel's card wider than the
carousel is the same evidence turned a quarter (``tests/core/real_scrolls/turned.py``: a
carousel's evidence is a list's): :func:`edge_offset_across` asks it of both frames turned
across the diagonal (:func:`turned_frame`, one frame of the same nodes in the same order,
so positions and pairs stay), and turns the move back. Asked only of a host whose items
its side edges cut (:func:`~deltarec.core.diff.axis.host_sideways`) where nothing voted:
the turned frames are built once a frame (its memo). Where it names nothing,
:func:`edge_move` asks the reading along y (a form whose items both axes' edges reach: the
calendar's event form, its time flush with the right edge, as the keyboard closed 81 px).
Never where the host was made wider or narrower and its items whole in view changed width
(:func:`~deltarec.core.diff.relaid.relaid_across`: a window laid out again, rotated or
split; a scroll moves boxes, it does not resize them): the calendar's event form widened,
its time flush with the right edge, read as moved 862 px along x, a page
(``tests/core/real_scrolls/test_real_screens.py``, 4 of 55 on element dicts).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(left, right):  # one card from ``left`` on, cut by the carousel's right edge
    ...     card = (f'<node class="Card" content-desc="Ad" bounds="[{left},0][{right},100]">'
    ...             f'<node class="Icon" bounds="[{left + 600},80][{left + 616},96]"/></node>')
    ...     head = f'<hierarchy><node class="L" scrollable="true" bounds="[0,0][{right},100]">'
    ...     return Frame(parse_uiautomator(f"{head}{card}</node></hierarchy>"))
    >>> a, b = shot(300, 1000), shot(100, 800)  # its right edge came in 200 px, the card too
    >>> edge_offset_across(a, 0, b, 0, {0: 0, 1: 1, 2: 2})
    (-200, 0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from deltarec.core.diff.axis import flip
from deltarec.core.diff.edge_pieces import edge_offset
from deltarec.core.diff.relaid import relaid_across
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node


def edge_move(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    pairs: Mapping[int, int],
    used: AbstractSet[int],
    side: bool,
) -> tuple[int, int] | None:
    """The move the uncut edges name: along x first where ``side`` (the host's side edges
    cut its items), else, or where that names nothing, along y (module docstring)."""
    got = edge_offset_across(prev, p, curr, c, pairs, used) if side else None
    return got or edge_offset(prev, p, curr, c, pairs, used)


def edge_offset_across(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    pairs: Mapping[int, int],
    used: AbstractSet[int] = frozenset(),
) -> tuple[int, int] | None:
    """:func:`~deltarec.core.diff.edge_pieces.edge_offset` along x (module docstring)."""
    if relaid_across(prev, curr, pairs, c, p):
        return None  # its items laid out again at other widths: a window resized (.relaid)
    got = edge_offset(turned_frame(prev), p, turned_frame(curr), c, pairs, used)
    return None if got is None else (got[1], got[0])


def turned_frame(frame: Frame) -> Frame:
    """``frame`` turned across the diagonal: every box, the screen and the keyboard (kept in
    its memo). O(nodes) the first time."""
    got = frame.memo.get("edge_across.turned")
    if isinstance(got, Frame):
        return got
    obs = frame.obs
    out = Frame(
        dataclasses.replace(
            obs,
            windows=tuple(_turned(w) for w in obs.windows),
            width=obs.height,
            height=obs.width,
            keyboard=None if obs.keyboard is None else flip(obs.keyboard),
        )
    )
    frame.memo["edge_across.turned"] = out
    return out


def _turned(node: Node) -> Node:
    return dataclasses.replace(
        node, bounds=flip(node.bounds), children=tuple(_turned(k) for k in node.children)
    )
