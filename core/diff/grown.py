"""Rows inserted at (removed from) the top of a container that wraps them: no scroll.

A container that wraps its rows (a ``wrap_content`` ScrollView content, Settings'
preference list inside its collapsing layout, a form's sections) grows when rows are put
in at its top: the rows below move down by the new rows' height, and its box grows by as
much at its bottom, or up to the edge of what holds it (the window), where the rows pushed
past that edge are cut. Removed, the rows below move up and the box shrinks. In the rows
alone this is exactly a scroll up (down) by that height onto a row's top; the box tells
them apart: a scroll moves content inside a box that stays.

And the box says more: a container with room to grow showed all its rows (nothing of it
was cut, so it was at its start), so nothing was above its first row to scroll in. The
rule (:func:`grew_at_top`) asks all of it: the box's top and sides stayed and its bottom
moved the rows' way, by their move (within
:data:`~deltarec.core.diff.motions.SPREAD`) or less where it reached an edge that stayed
(a parent's or the window's); the keyboard did not come or go (a list the keyboard
uncovers grows too, and a list stacked from its end shows older rows above); the first row
of the frame without the new rows was whole at the top edge, and moved by the offset; the
rows above it in the other frame are rows no frame pairs, the first at the top edge.

Where the box stayed, the dumps cannot tell rows removed at the top from a scroll down by
their height onto a row's top (the mirror of :mod:`deltarec.core.diff.new_rows`): the
scroll reading stands and says the other, naming the rows (:func:`removed_rows`,
:func:`removed_at_top`; not when the caller told a swipe that moved the content up):
``↕ … scrolled down 558px (…), or its row "Ada" was removed``, and ``orRemoved`` with
``orRows`` on its JSON entry.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from deltarec.core.capture.element_dicts import ROOT_CLASS
from deltarec.core.diff.motions import SPREAD, Motion
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures

if TYPE_CHECKING:
    from deltarec.core.diff.compute import Delta, Scroll


def grew_at_top(
    prev: Frame,
    curr: Frame,
    c: int,
    p: int,
    pairs: Mapping[int, int],
    dy: int,
    spread: int = SPREAD,
) -> int:
    """How many rows came in (``dy`` > 0) or left (``dy`` < 0) at the top of host ``c``
    (paired with ``p``), whose rows moved by ``dy``, as its box grew (shrank) with them
    (module docstring); 0 when they did not. ``pairs``: curr → prev positions; ``spread``:
    the px each edge may be off (a scaled screen rounds each box on its own).
    O(rows of ``c`` + depth).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(texts):
    ...     rows = "".join(f'<node class="Row" text="{t}" bounds="[0,{100 * i}][1080,'
    ...                    f'{100 * i + 100}]"/>' for i, t in enumerate(texts))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="Root" bounds="[0,0]'
    ...         f'[1080,2000]"><node class="android.widget.ScrollView" scrollable="true"'
    ...         f' bounds="[0,0][1080,{100 * len(texts)}]">{rows}</node></node></hierarchy>'))
    >>> prev, curr = shot("abc"), shot("Nabc")
    >>> grew_at_top(prev, curr, 1, 1, {0: 0, 1: 1, 3: 2, 4: 3, 5: 4}, 100)
    1
    >>> grew_at_top(curr, prev, 1, 1, {0: 0, 1: 1, 2: 3, 3: 4, 4: 5}, -100)
    1
    """
    if dy > SPREAD:
        return _grew(prev, curr, c, p, pairs, dy, spread)
    if dy < -SPREAD and _stretched(curr, prev, c, p, -dy, spread):
        return _came(curr, prev, p, c, _back(curr, c, pairs), -dy, spread)
    return 0


def grown_by_rounding(
    prev: Frame, curr: Frame, c: int, p: int, pairs: Mapping[int, int], motion: Motion | Scroll
) -> int:
    """How many rows came in (left) at the top of host ``c`` (paired with ``p``) as its box
    grew (shrank) with them (:func:`grew_at_top`) where that reading fits the frames only
    within the px it allows each edge for rounding, never exactly: 0 where it fits exactly,
    or not at all.

    Rows put in at the top of a list that wraps them move the rows below by their height,
    and the box grows by as much: exactly, on a screen of whole px. A list the keyboard
    shrank (grew) at its bottom, its rows stacked from its end moved with that edge, shows
    the same but for what the edge cuts: a scroll by the edge's move leaves the row at its
    top cut by a px where the rows that left spanned a px less (Settings' Wi-Fi list,
    ending on its footer at its bottom edge, the keyboard over 593 px of it: the three rows
    above "Saved networks" spanned 592 px, and "Saved networks" came up cut to 214 of its
    215 px). The keyboard's frame tells them apart, and element dicts carry none (nor a dump
    read without the window probe): there both readings fit, so the scroll stands and says
    the other (``orRemoved`` / ``orInserted``: :func:`removed_at_top`,
    :func:`~deltarec.core.diff.new_rows.new_at_top`). On element dicts both fit exactly too
    where the viewport around the list moved its bottom edge with it (:func:`_keyboard_fits`).
    Along y, the host's own box only. O(rows of ``c`` + depth).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(bottom, rows):
    ...     kids = "".join(f'<node class="Row" text="{t}" bounds="[0,{a}][1080,{b}]"/>'
    ...                    for t, a, b in rows)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="Root" bounds="[0,0]'
    ...         f'[1080,2000]"><node class="android.widget.ScrollView" scrollable="true"'
    ...         f' bounds="[0,0][1080,{bottom}]">{kids}</node></node></hierarchy>'))
    >>> whole = shot(300, [("a", 0, 100), ("b", 100, 200), ("c", 200, 300)])
    >>> cut = shot(199, [("b", 0, 99), ("c", 99, 199)])  # up 101 px: "b" cut by one
    >>> grown_by_rounding(whole, cut, 1, 1, {0: 0, 1: 1, 2: 3, 3: 4}, Motion(1, 1, 0, -101))
    1
    >>> gone = shot(200, [("b", 0, 100), ("c", 100, 200)])  # "a" taken out: exact
    >>> grown_by_rounding(whole, gone, 1, 1, {0: 0, 1: 1, 2: 3, 3: 4}, Motion(1, 1, 0, -100))
    0
    """
    if motion.page or motion.dx or not motion.dy:
        return 0  # (a keyboard that came or went is no growth: :func:`_stretched`)
    n = grew_at_top(prev, curr, c, p, pairs, motion.dy)
    if not n or _keyboard_fits(prev, curr, c, p, pairs, motion.dy):
        return n
    return 0 if grew_at_top(prev, curr, c, p, pairs, motion.dy, 0) else n


def _keyboard_fits(
    prev: Frame, curr: Frame, c: int, p: int, pairs: Mapping[int, int], dy: int
) -> bool:
    """Whether host ``c`` (``p``) is element dicts' and its bottom edge moved by its rows'
    move ``dy`` with the bottom edge of the container made to scroll around it: the viewport
    itself shrank (grew), as the keyboard resizes it, where rows put in at (taken out of) the
    top of a list that wraps them grow (shrink) the list inside a viewport that keeps its box.
    Dicts carry no keyboard frame, so a keyboard that came (went) over a list stacked from its
    end, its rows moved with that edge, fits as exactly as rows at its top (Settings' list in
    its ScrollView, the keyboard over 215 px of it, its rows 215 px high). On a dump the
    window probe's frame tells them apart (:func:`_stretched`). O(depth)."""
    if curr.nodes[0].class_name != ROOT_CLASS or prev.nodes[0].class_name != ROOT_CLASS:
        return False
    g = curr.nodes[c].bounds.bottom - prev.nodes[p].bounds.bottom
    if abs(g - dy) > SPREAD:
        return False
    natural = natures(curr)
    outer = next((k for k in curr.ancestors(c) if natural[k]), None)
    q = None if outer is None else pairs.get(outer)
    if outer is None or q is None:
        return False
    a, b = prev.nodes[q].bounds, curr.nodes[outer].bounds
    return (a.left, a.top, a.right) == (b.left, b.top, b.right) and abs(
        b.bottom - a.bottom - g
    ) <= SPREAD


def grew_within(
    prev: Frame, curr: Frame, c: int, p: int, pairs: Mapping[int, int], motion: Motion
) -> bool:
    """Whether host ``c`` (paired with ``p``), whose rows moved as ``motion`` says, or a
    container made to scroll inside it whose box grew or shrank, had rows come in or leave
    at its top (:func:`grew_at_top`): a ScrollView around a preference list that wraps its
    rows carries the move of the list's rows, and only the list's box grew. A page (no
    offset: the only row that stayed sits at an edge) is measured by the list's first row
    of either frame and its pair. O(rows + log n, and the lists inside ``c``)."""
    if motion.dx:
        return False
    if _grew_by(prev, curr, c, p, pairs, motion):
        return True
    lists = _natural_positions(curr)
    end = curr.subtree_end(c)
    for k in lists[bisect_right(lists, c) : bisect_left(lists, end)]:
        q = pairs.get(k)
        if (
            q is not None
            and prev.nodes[q].bounds.bottom != curr.nodes[k].bounds.bottom
            and _grew_by(prev, curr, k, q, pairs, motion)
        ):
            return True
    return False


def _natural_positions(frame: Frame) -> list[int]:
    """The positions of the containers made to scroll, in order: kept in the frame's memo.
    O(n) once a frame."""
    got = frame.memo.get(_natural_positions)
    if got is None:
        got = frame.memo[_natural_positions] = [k for k, n in enumerate(natures(frame)) if n]
    return cast(list[int], got)


def _grew_by(
    prev: Frame, curr: Frame, c: int, p: int, pairs: Mapping[int, int], motion: Motion
) -> int:
    moves = _first_moves(prev, curr, c, p, pairs) if motion.page else [motion.dy]
    return next((n for dy in moves if (n := grew_at_top(prev, curr, c, p, pairs, dy))), 0)


def _first_moves(prev: Frame, curr: Frame, c: int, p: int, pairs: Mapping[int, int]) -> list[int]:
    """How far the first row of list ``p`` in ``prev`` moved (to its pair in ``curr``), and
    the first row of ``c`` in ``curr`` (from its pair): the offsets a page may hide."""
    old = [q for q in prev.children[rows_at(prev, p)] if prev.nodes[q].bounds.area]
    new = [k for k in curr.children[rows_at(curr, c)] if curr.nodes[k].bounds.area]
    out: list[int] = []
    if old and new:
        first = min(old, key=lambda q: prev.nodes[q].bounds.top)
        k = next((k for k in new if pairs.get(k) == first), None)
        if k is not None:
            out.append(curr.nodes[k].bounds.top - prev.nodes[first].bounds.top)
        top = min(new, key=lambda k: curr.nodes[k].bounds.top)
        if (q := pairs.get(top)) is not None:
            out.append(curr.nodes[top].bounds.top - prev.nodes[q].bounds.top)
    return out


def _grew(
    prev: Frame, curr: Frame, c: int, p: int, pairs: Mapping[int, int], dy: int, spread: int
) -> int:
    if not _stretched(prev, curr, p, c, dy, spread):
        return 0
    return _came(prev, curr, c, p, pairs, dy, spread)


def _stretched(short: Frame, tall: Frame, s: int, t: int, dy: int, spread: int = SPREAD) -> bool:
    """Whether box ``t`` of ``tall`` is box ``s`` of ``short`` grown at its bottom by ``dy``
    (within :data:`SPREAD`), or by less, up to the bottom of an ancestor that kept its box;
    the keyboard the same in both frames."""
    a, b = short.nodes[s].bounds, tall.nodes[t].bounds
    if (a.left, a.top, a.right) != (b.left, b.top, b.right) or short.obs.keyboard != (
        tall.obs.keyboard
    ):
        return False
    g = b.bottom - a.bottom
    if g <= 0 or g > dy + spread:
        return False
    if abs(g - dy) <= spread:
        # Grown by all the rows came in, it wraps its rows in both frames: none laid out
        # past its bottom edge (a list cut by its own box whose edge moved with its rows
        # is a list the keyboard resized, stacked from its end: element dicts drop the
        # keyboard's frame, its rows do not).
        return not (_past_bottom(short, s) or _past_bottom(tall, t))
    outer = {short.nodes[q].bounds for q in short.ancestors(s)}
    return any(
        tall.nodes[q].bounds in outer and tall.nodes[q].bounds.bottom == b.bottom
        for q in tall.ancestors(t)
    )


def _past_bottom(frame: Frame, pos: int) -> bool:
    """Whether a row of ``pos`` starts at or below its bottom edge (laid out past it, its
    box cut to nothing): its content runs past its box."""
    bottom = frame.nodes[pos].bounds.bottom
    return any(frame.nodes[k].bounds.top >= bottom for k in frame.children[rows_at(frame, pos)])


def _came(
    old: Frame, new: Frame, n: int, o: int, pairs: Mapping[int, int], dy: int, spread: int = SPREAD
) -> int:
    """How many rows ``new`` shows at the top of host ``n`` (``o`` in ``old``) above the
    first row both frames show: rows ``pairs`` (new → old) does not pair, the first at the
    top edge, none reaching below that row, which is ``old``'s first row, whole at the top
    edge, ``dy`` px lower (within :data:`SPREAD`). 0 when the rows say otherwise."""
    top = new.nodes[n].bounds.top
    old_rows = [q for q in old.children[rows_at(old, o)] if old.nodes[q].bounds.area]
    rows = sorted(
        (k for k in new.children[rows_at(new, n)] if new.nodes[k].bounds.area),
        key=lambda k: new.nodes[k].bounds.top,
    )
    if not old_rows or not rows:
        return 0
    first = min(old_rows, key=lambda q: old.nodes[q].bounds.top)
    was = old.nodes[first].bounds
    if abs(was.top - old.nodes[o].bounds.top) > spread:
        return 0  # not at the top edge: the list's start is not in view
    for came, k in enumerate(rows):
        b = new.nodes[k].bounds
        if k in pairs:
            kept = pairs[k] == first and abs(b.top - was.top - dy) <= spread
            return came if kept else 0
        if b.bottom > was.top + dy + spread or (not came and abs(b.top - top) > spread):
            return 0
    return 0


def _back(curr: Frame, c: int, pairs: Mapping[int, int]) -> dict[int, int]:
    """``pairs`` (curr → prev) turned around for the rows of list ``c``: the pairs a list's
    rows removed at its top are asked about. O(rows)."""
    return {pairs[k]: k for k in curr.children[rows_at(curr, c)] if k in pairs}


def rows_at(frame: Frame, pos: int) -> int:
    """The innermost wrapper filling ``pos`` (one child with its very box): whose children
    are the rows."""
    box = frame.nodes[pos].bounds
    while len(kids := frame.children[pos]) == 1 and frame.nodes[kids[0]].bounds == box:
        pos = kids[0]
    return pos


def removed_at_top(d: Delta, s: Scroll) -> int:
    """How many rows at the top of ``s``'s list may have been removed instead of scrolled
    out: its rows moved up onto a row's top, as the rows below rows removed at its top
    move up, in a box that stayed (module docstring); none when the caller told a swipe
    that moved the content up (content follows the finger: the scroll is the reading).
    O(rows).

    Where its box shrank with them, only where that reading fits within a px of rounding
    alone, or a viewport shrank with it on element dicts (:func:`grown_by_rounding`: a list
    the keyboard shrank).

    A scroll down from a list's start by whole rows reads so too (``list_screen(0, 10)``
    → ``list_screen(3, 10)``, no gesture told): two dumps do not tell it from rows
    removed at the top, and the line says both."""
    if s.page or s.dx or s.dy >= -SPREAD:
        return 0
    if d.gesture is not None and d.gesture.content == (0, -1):
        return 0  # the caller's finger moved the content up: a scroll, as it says
    prev, curr = d.prev, d.curr
    if prev.nodes[s.prev].bounds != curr.nodes[s.curr].bounds:
        return grown_by_rounding(prev, curr, s.curr, s.prev, d.pairs, s)  # both fit
    return _came(curr, prev, s.prev, s.curr, _back(curr, s.curr, d.pairs), -s.dy)


def removed_rows(d: Delta, s: Scroll) -> list[int]:
    """The rows of ``d.prev`` that :func:`removed_at_top` counts, top down: the first rows
    of ``s``'s list in the old frame, which the hedge names (``orRows``). O(rows)."""
    n = removed_at_top(d, s)
    if not n:
        return []
    old = [q for q in d.prev.children[rows_at(d.prev, s.prev)] if d.prev.nodes[q].bounds.area]
    return sorted(old, key=lambda q: d.prev.nodes[q].bounds.top)[:n]
