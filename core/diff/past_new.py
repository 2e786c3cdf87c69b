"""A list that scrolled in the step new rows came in at its top (issue 18): both, measured.

New mail arrives at the top of an inbox at its top, and a drag in the same step scrolls it
down by ``d`` px: the rows both frames show move *down* by the new rows' height less ``d``,
and the top edge cuts ``d`` px off the first new row. The dumps measure ``d`` as that cut:
the row's whole height is that of a row of its kind shown whole, whose children sit where
the cut row's do measured from its bottom (:func:`cut_off`), less what shows of it.

:func:`scrolled_past` finds the shape (:func:`~deltarec.core.diff.new_rows.pushed_only`'s,
with the top row cut): the list's box stayed; its first row in ``prev`` was whole at the top
and every row both frames show whole moved down by one ``m``; above them ``curr`` shows only
rows no frame pairs, the first cut by the top edge. It is the list's scroll past rows that
came in, not a scroll up by ``m``, when something outside the rows says the list was at its
top or did not move up (:func:`evidence`):

- **the refresh circle** over the list in ``prev`` (SwipeRefreshLayout shows it only at the
  list's top: nothing scrolls above a first item);
- **the caller's finger**, told, that moved the content up from a start on the list, slowly
  enough that it carried the content less than a screen (:data:`~.finger.SLOW`: a fling can
  carry it a period of repeating rows, and twins read as rows pushed down), and as far as the
  scroll past the new rows at least (less the touch slop, :data:`~.finger.FINGER_SLOP`): a
  list never moves its content against the finger;
- **a fast finger** so told, when :data:`KEPT` rows showing different labels, whole in both
  frames, moved down together (:func:`kept_rows`): the Feed's twins (an ad 18 cards on) are
  one row alone, and no list repeats two rows in a row at the period a fling lands on (the
  tablet walk's seed 16 step 48: two new rows and a fling up from the Inbox's top read as
  "nothing scrolled").

The finger says one more thing: the content followed it at least its travel less the touch
slop. A scroll past a new row the dumps do not show any more (the drag went past it) leaves
the cut short of that; each row of the cut row's kind hidden above it adds its height, until
the scroll is the finger's (:func:`scrolled_past`). Only a slow finger measures the scroll
(a fast one glides on); without one the scroll said is the least it went (``…, or further
past more of them``, JSON ``atLeast``): two dumps do not show rows scrolled past. A top row
whole says no scroll (the rows came in, :mod:`~.new_rows`): a fling the list did not take (a
refresh's circle still settling) moved nothing with the finger. Only a slow finger told
says otherwise: it carried the content its travel less the slop, so the drag landed on a
row's edge, and each row of the top one's kind above it that the travel covers is a row it
went past (the small walk's seed 13001 step 85: ``scrolled down 137px``, two new rows, the
second whole on the top edge).

Without either evidence, two dumps are also a scroll up by ``m`` onto a row cut as the top
one is: the ``↕`` line says that and the other reading (:func:`or_past`).

A slow drag that went past *every* new row to within a px leaves no new row in view: both
dumps show the same rows, or all moved a px (:func:`_held`), though the finger carried the
content its travel less the slop and the list had more to show. Only rows come in above,
as high as the scroll, square the two: as many whole rows of the list's commonest kind as
put the scroll within the slop of the travel (:func:`_held_past`; none fits: the finger's
word stands alone, and the swipe moved nothing). Two frames alike are looked at for it
before they are called unchanged (:func:`held_any`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

from deltarec.core.diff.finger import FINGER_SLOP, SLOW
from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.motions import SPREAD, Motion
from deltarec.core.diff.new_rows import first_row, first_row_moved, refreshing
from deltarec.core.diff.page_gesture import touched
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures

if TYPE_CHECKING:
    from deltarec.core.diff.compute import Delta, Scroll
    from deltarec.core.diff.types import ObservationDiff


class Past(NamedTuple):
    """A list scrolled past rows that came in at its top."""

    came: int
    """Rows that came in at its top (those the dumps show, and those the finger says it
    scrolled past)."""
    down: int
    """px it scrolled down past them: the content's move up."""
    pushed: int
    """px the rows both frames show moved down (the new rows' height less ``down``)."""
    least: bool
    """``down`` is the least it scrolled: no slow finger told how far (a fast one glides on
    past its travel), and rows that came in and were scrolled past show in neither dump (it
    went further by their height if any did)."""


def cut_off(frame: Frame, host: int, k: int) -> int | None:
    """px the top edge of list ``host`` cuts off row ``k`` (its top on that edge), from a row
    of its kind (class and resource id) whole in ``frame``'s list that shows what ``k`` shows
    in as many px above its bottom: each child of ``k`` has one of its class and id there, as
    far from its bottom (within a px), and each of its children that ends in that band has
    one in ``k`` (a sliver that shows no child: a row whose children all end higher). Every
    such row gives one height (within a px: a scaled screen rounds each box; the commonest),
    else None; None too when ``k`` is not on the top edge. 0 when ``k`` is whole. O(rows ×
    children).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def row(top, bottom, texts):
    ...     kids = "".join(f'<node class="T" resource-id="s" text="{t}" bounds="[0,{max(top, y)}]'
    ...                    f'[100,{y + 40}]"/>' for t, y in texts)
    ...     return f'<node class="R" bounds="[0,{top}][100,{bottom}]">{kids}</node>'
    >>> f = Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true" bounds="[0,0]'
    ...     f'[100,500]">{row(0, 70, [("a", 20)])}{row(70, 170, [("b", 120)])}</node></hierarchy>'))
    >>> cut_off(f, 0, 1), cut_off(f, 0, 3)  # the second row is not on the top edge
    (30, None)
    """
    box = frame.nodes[host].bounds
    node = frame.nodes[k]
    b = node.bounds
    if b.top > box.top + SPREAD:
        return None
    kind = (node.class_name, node.resource_id)
    shows = _below(frame, k, b.bottom, b.height)
    heights: list[int] = []
    for q in frame.children[host]:
        other = frame.nodes[q]
        ob = other.bounds
        if q == k or (other.class_name, other.resource_id) != kind:
            continue
        if not (box.top < ob.top and ob.bottom < box.bottom) or ob.height < b.height:
            continue
        if _alike(shows, _below(frame, q, ob.bottom, b.height + 1)) and _alike(
            _below(frame, q, ob.bottom, b.height - 1), shows
        ):
            heights.append(ob.height)
    if not heights or max(heights) - min(heights) > 1:
        return None  # rows of the kind of two heights (a px is a scaled screen's rounding)
    return max(0, Counter(heights).most_common(1)[0][0] - b.height)


def _below(frame: Frame, row: int, bottom: int, band: int) -> list[tuple[str, str, int]]:
    """The children of ``row`` (ending at ``bottom``) that end less than ``band`` px above its
    bottom, as (class, resource id, px above the bottom)."""
    out = []
    for q in frame.children[row]:
        t = frame.nodes[q]
        if t.bounds.area and bottom - t.bounds.bottom < band:
            out.append((t.class_name, t.resource_id, bottom - t.bounds.bottom))
    return out


def _alike(these: list[tuple[str, str, int]], those: list[tuple[str, str, int]]) -> bool:
    """Whether each child of ``these`` has one of its class and id in ``those``, as far above
    its row's bottom (within a px)."""
    return all(
        any(c == c2 and r == r2 and abs(h - h2) <= 1 for c2, r2, h2 in those) for c, r, h in these
    )


def _shape(
    prev: Frame, curr: Frame, c: int, p: int, pairs: Mapping[int, int]
) -> tuple[int, int, int, int] | None:
    """(the rows above the first one both frames show, the cut off the top one, its whole
    height, ``m``: how far the rows both frames show moved down) when list ``c`` (paired
    with ``p``) shows the module's shape; else None. O(rows × children of ``c``)."""
    moved = first_row_moved(prev, curr, c, p, pairs)
    if moved is None:
        return None
    k, m = moved
    box, top = curr.nodes[c].bounds, curr.nodes[k].bounds.top
    band = []
    for q in curr.children[c]:
        b = curr.nodes[q].bounds
        if not b.area:
            continue
        a = prev.nodes[pairs[q]].bounds if q in pairs else None
        if a is None and b.bottom <= top + SPREAD:
            band.append(q)
        elif a is not None and b.top < top:
            return None  # a row both frames show above the first: no insertion
        elif (
            a is not None
            and box.top <= a.top
            and a.bottom < box.bottom
            and b.bottom < box.bottom  # not cut by the bottom edge now
            and abs(b.top - a.top - m) > SPREAD
        ):
            return None  # a row both show whole moved otherwise
    if not band:
        return None
    up = min(band, key=lambda q: curr.nodes[q].bounds.top)
    if abs(curr.nodes[up].bounds.top - box.top) > SPREAD:
        return None
    cut = cut_off(curr, c, up)
    if cut is None:
        return None
    return len(band), cut, curr.nodes[up].bounds.height + cut, m


def evidence(
    prev: Frame,
    curr: Frame,
    c: int,
    p: int,
    gesture: Gesture | None,
    pairs: Mapping[int, int],
    m: int,
) -> bool:
    """Whether something outside the rows says list ``c`` (paired with ``p``) did not scroll
    up (module docstring): its refresh circle in ``prev``, a slow finger told that moved
    the content up from a start on it, or a fast one when :data:`KEPT` rows that show
    different labels, whole in both frames, moved down by ``m`` (:func:`kept_rows`): a
    fling's twins (the Feed's ad 18 cards on) are one row, and a period of repeating rows
    that put two alike at once is no list's. O(rows × children)."""
    if refreshing(prev, p) or finger_up(curr, c, gesture):
        return True
    return finger_up(curr, c, gesture, fast=True) and kept_rows(prev, curr, c, pairs, m) >= KEPT


KEPT = 2
"""Rows whole in both frames, showing different labels, that must have moved down together
for a fast finger to say the list scrolled past new rows (:func:`evidence`)."""


def kept_rows(prev: Frame, curr: Frame, c: int, pairs: Mapping[int, int], m: int) -> int:
    """How many rows of list ``c``, paired, whole in both frames (clear of the list's edges)
    and moved down by ``m`` (within :data:`~.motions.SPREAD`), show labels no other such row
    shows all of. O(rows × children)."""
    box = curr.nodes[c].bounds
    seen: set[frozenset[str]] = set()
    for q in curr.children[c]:
        b = curr.nodes[q].bounds
        a = prev.nodes[pairs[q]].bounds if q in pairs else None
        if a is None or not (box.top < a.top and a.bottom < box.bottom):
            continue
        if box.top < b.top and b.bottom < box.bottom and abs(b.top - a.top - m) <= SPREAD:
            shown = frozenset(
                n.text + "\x00" + n.content_desc
                for n in curr.nodes[q : curr.subtree_end(q)]
                if n.text or n.content_desc
            )
            if shown:
                seen.add(shown)
    return len(seen)


def finger_up(curr: Frame, c: int, gesture: Gesture | None, *, fast: bool = False) -> bool:
    """Whether ``gesture`` moved the content of list ``c`` up from a start on it, slowly
    enough (:data:`~deltarec.core.diff.finger.SLOW`) to carry it less than a screen
    (``fast``: however fast)."""
    if gesture is None or gesture.content != (0, -1) or not touched(curr, c, gesture):
        return False
    if fast:
        return True
    span = curr.nodes[c].bounds.height
    return abs(gesture.y2 - gesture.y1) * 1_000 <= SLOW * span * max(1, gesture.duration_ms)


def scrolled_past(
    prev: Frame, curr: Frame, c: int, p: int, pairs: Mapping[int, int], gesture: Gesture | None
) -> Past | None:
    """List ``c`` (paired with ``p``) scrolled down past rows that came in at its top, on
    evidence (:func:`evidence`), or None. The finger, told, adds rows of the cut row's kind
    that the scroll went past (module docstring). ``pairs``: curr → prev. O(rows × children
    + siblings)."""
    shape = _shape(prev, curr, c, p, pairs)
    if shape is None:
        return _held_past(prev, curr, c, p, pairs, gesture)
    if not evidence(prev, curr, c, p, gesture, pairs, shape[3]):
        return None
    came, down, whole, m = shape
    slow = finger_up(curr, c, gesture)
    if not down and not slow:
        return None  # the top row whole: the rows came in, and no slow finger says it scrolled
    if gesture is not None and gesture.content == (0, -1):
        travel = abs(gesture.y2 - gesture.y1) - FINGER_SLOP
        while down < travel:
            down, came = down + whole, came + 1
    return Past(came, down, m, not slow) if down else None


def _held_past(
    prev: Frame, curr: Frame, c: int, p: int, pairs: Mapping[int, int], gesture: Gesture | None
) -> Past | None:
    """List ``c`` (paired with ``p``) scrolled down past every row that came in at its top,
    to within :data:`~.motions.SPREAD` of a row's edge, on a slow finger's word: its rows
    held their places (:func:`_held`), though the finger, told, carried the content up its
    travel less the touch slop and the list had more below to show. Only rows come in above
    the first, as high as the scroll (less the ``m`` px the rows moved down), square the two:
    as many whole rows of the list's commonest kind as put the scroll within the slop of the
    finger's travel (drags past one, two or three new rows to a px,
    ``tests/core/truth/test_whole_rows_past.py``, read ``nothing scrolled: the swipe …
    moved nothing`` or a page with every row listed twice). None where no count does, or
    without such a finger (two dumps alone show nothing moved). O(rows)."""
    if gesture is None or not finger_up(curr, c, gesture):
        return None
    held = _held(prev, curr, c, p, pairs)
    if held is None:
        return None
    whole, m = held
    travel = abs(gesture.y2 - gesture.y1)
    came = max(1, -(-(travel - FINGER_SLOP + m) // whole))
    down = came * whole - m
    return Past(came, down, m, False) if down <= travel + SPREAD else None


def _held(
    prev: Frame, curr: Frame, c: int, p: int, pairs: Mapping[int, int]
) -> tuple[int, int] | None:
    """``(whole, m)`` when list ``c`` (paired with ``p``) kept its box, its first row in
    ``prev`` clear of its edges and a row cut by its bottom edge (more to show), and every
    row both frames show moved down by one ``m`` (a row an edge cuts: its other edge) of at
    most :data:`~.motions.SPREAD` px, no row whole in ``curr`` unpaired; ``whole``: the
    height of its rows of the commonest kind (class and resource id) whole in ``curr``, one
    height within a px. Else None. O(rows of ``c``)."""
    first = first_row(prev, curr, c, p, pairs)
    if first is None:
        return None
    box, was, k = first
    if was.top <= box.top or was.bottom >= box.bottom:
        return None  # the first row cut (or on the edge, maybe cut): no list held at its top
    m = curr.nodes[k].bounds.top - was.top
    if abs(m) > SPREAD:
        return None
    kinds: dict[tuple[str, str], list[int]] = {}
    for q in curr.children[c]:
        n = curr.nodes[q]
        b = n.bounds
        clear_now = box.top < b.top and b.bottom < box.bottom
        if q not in pairs:
            if clear_now:
                return None  # a row came into view whole: no row held its place for it
            continue
        a = prev.nodes[pairs[q]].bounds
        top_cut = a.top <= box.top or b.top <= box.top  # judged by its other edge
        bottom_cut = a.bottom >= box.bottom or b.bottom >= box.bottom
        edge = b.bottom - a.bottom if top_cut else b.top - a.top
        if not (top_cut and bottom_cut) and abs(edge - m) > SPREAD:
            return None  # a row both frames show moved otherwise (a web page's cut section)
        if clear_now:
            kinds.setdefault((n.class_name, n.resource_id), []).append(b.height)
    heights = max(kinds.values(), key=len, default=[])
    if not heights or max(heights) - min(heights) > 1:
        return None
    whole = Counter(heights).most_common(1)[0][0]
    if not any(
        b.area and b.bottom >= box.bottom and b.height < whole - SPREAD
        for b in (prev.nodes[q].bounds for q in prev.children[p])
    ):
        return None  # no row cut by the bottom edge: maybe at its end, a drag up moves nothing
    return whole, m


def held_any(prev: Frame, curr: Frame, pairs: Mapping[int, int], g: Gesture | None) -> bool:
    """Whether a list of two frames alike (every node in its place) scrolled past every row
    that came in at its top, on a slow finger's word (:func:`_held_past`). O(lists × rows)."""
    return g is not None and any(
        natural and c in pairs and _held_past(prev, curr, c, pairs[c], pairs, g) is not None
        for c, natural in enumerate(natures(curr))
    )


def past_motions(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    motions: list[Motion],
    gesture: Gesture | None,
) -> list[Motion]:
    """``motions`` and a motion for every list that scrolled past new rows at its top
    (:func:`scrolled_past`) that no motion names: its content's move, ``(0, -down)``. The
    rows both frames show did not move by it (they keep the pairs the insertion gave them,
    :func:`~deltarec.core.diff.new_rows.pushed_only`): their boxes are the scroll entry's
    ``clipped``. O(lists × rows)."""
    named = {m.curr for m in motions}
    out = list(motions)
    for c, natural in enumerate(natures(curr)):
        p = pairs.get(c) if natural and c not in named else None
        if p is not None and (past := scrolled_past(prev, curr, c, p, pairs, gesture)):
            out.append(Motion(c, p, 0, -past.down))
    return sorted(out, key=lambda m: m.curr) if len(out) > len(motions) else motions


def past_of(d: Delta, s: Scroll) -> Past | None:
    """The rows ``s``'s list scrolled past (:func:`scrolled_past`), when it did; None for
    every other scroll. O(rows)."""
    if s.page or s.dx or s.dy >= 0:
        return None
    past = scrolled_past(d.prev, d.curr, s.curr, s.prev, d.pairs, d.gesture)
    return past if past is not None and past.down == -s.dy else None


def other_reading(d: Delta, s: Scroll) -> tuple[int, int] | None:
    """For a scroll up by ``m`` (``s``) that no finger told, the other reading of the two
    dumps, when the module's shape holds with the top row cut: (rows that came in new at its
    top, the least px it then scrolled down). None otherwise (a finger told moved the
    content down or not at all: no scroll down). O(rows)."""
    if s.page or s.dx or s.dy <= SPREAD or d.gesture is not None:
        return None
    shape = _shape(d.prev, d.curr, s.curr, s.prev, d.pairs)
    if shape is None or not shape[1] or abs(shape[3] - s.dy) > SPREAD:
        return None
    return shape[0], shape[1]


FURTHER = ", or further past more of them"
"""The end of a line whose scroll past new rows is the least it went (:attr:`Past.least`)."""


def past_said(d: Delta, s: Scroll) -> str:
    """The end of ``s``'s ``↕`` line: the rows it scrolled past (:func:`past_of`), or the
    other reading of a scroll up (:func:`other_reading`); else "".

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.diff.compute import compute_delta
    >>> def shot(rows):
    ...     out = "".join(f'<node class="R" bounds="[0,{a}][100,{b}]"><node class="T" '
    ...                   f'text="{t}" bounds="[0,{max(0, b - 40)}][100,{b - 10}]"/></node>'
    ...                   for t, a, b in rows)
    ...     return parse_uiautomator('<hierarchy><node class="androidx.recyclerview.widget.'
    ...         f'RecyclerView" scrollable="true" bounds="[0,0][100,500]">{out}</node>'
    ...         '</hierarchy>')
    >>> before = shot([(t, 100 * i, 100 * i + 100) for i, t in enumerate("abcde")])
    >>> after = shot([("N", 0, 60), ("a", 60, 160), ("b", 160, 260), ("c", 260, 360),
    ...               ("d", 360, 460), ("e", 460, 500)])
    >>> d = compute_delta(before, after)
    >>> past_said(d, d.scrolls[0])
    ', or its top row came in new and it scrolled down 40px, or further past more of them'
    """
    past = past_of(d, s)
    if past is not None:
        rows = "a row" if past.came == 1 else f"{past.came} rows"
        return f", after {rows} came in new at its top" + (FURTHER if past.least else "")
    other = other_reading(d, s)
    if other is None:
        return ""
    came, down = other
    rows = "row" if came == 1 else f"{came} rows"
    return f", or its top {rows} came in new and it scrolled down {down}px{FURTHER}"


def noted(d: Delta, out: ObservationDiff) -> ObservationDiff:
    """``out`` (``to_json(d)``) with ``inserted`` on each scroll entry of a list that
    scrolled past rows that came in new at its top (how many: :func:`past_of`; ``atLeast``
    when ``dy`` is the least it moved), and ``orInserted`` / ``orDy`` on a scroll up that
    may be those rows and a scroll down by at least ``-orDy`` (:func:`other_reading`).
    O(rows of the scrolled lists)."""
    for entry, s in zip(out["scrolls"], d.scrolls, strict=True):
        if (past := past_of(d, s)) is not None:
            entry["inserted"] = past.came
            if past.least:
                entry["atLeast"] = True
        elif (other := other_reading(d, s)) is not None:
            entry["orInserted"], entry["orDy"] = other[0], -other[1]
    return out
