"""Whether a paired row of a container stayed in view: then the container turned no page.

:func:`stayed` is the question :func:`deltarec.core.diff.pages.page` asks before it calls a
container's rows all replaced: one row in view in both frames, where the list's own move
puts it, is a list that did not turn (split from ``pages``).

A row at the leading edge whose texts changed may still have stayed: a screen's app bar
above a new list, its title edited, in the one ``ScrollView`` that holds both (Settings >
Network & internet, "Internet" tapped: the collapsing toolbar's "Network & internet" became
"Internet", a "Fix connectivity" button came in, the list below it another list, and the
"Navigate up" button, which one node alone of each frame shows, stayed in its very box).
Read as a page turned, the XML path said "scrolled up 0px or further, or up 2154px or
further" and element dicts a page with "Navigate up" listed ``-`` and ``+``
(``tests/core/truth/test_harvested_pairs.py``, ``fixtures/ext/pixel-internet``).
:func:`held_by_label` asks it: a node of the row shows a label one node alone of each frame
shows, whole, in its very box in both. A ``ScrollView`` lays its content out once, so no
twin of the row comes into its box (:func:`~deltarec.core.diff.pushed_edge.in_scroll_view`;
a ``RecyclerView``'s recycled row and its twin look alike: not asked there).
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from deltarec.core.diff.axis import at_edge, host_sideways
from deltarec.core.diff.edge_twin import page_or_twin
from deltarec.core.diff.motions import Motion
from deltarec.core.diff.pushed_edge import in_scroll_view
from deltarec.core.diff.resized import kept_through_resize, list_kept
from deltarec.core.diff.row_evidence import TextCache, kin, shown
from deltarec.core.diff.scroll_edits import kept_edited
from deltarec.core.diff.unique_labels import alone_at, alone_in_place
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


def stayed(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    pairs: Mapping[int, int],
    side: bool,
    cache: TextCache,
) -> bool:
    """Whether a paired row of container ``c`` stayed in view (so it turned no page): one at
    an edge in the very box showing the very texts, or at the leading edge of a
    ``ScrollView`` holding a label in its very box (:func:`held_by_label`), one clear of the
    edges the same row (:func:`_same_row`), or one the list's moving edge left in place (the
    keyboard closed)."""
    box, old_box = curr.nodes[c].bounds, prev.nodes[p].bounds
    moved = _offset(old_box, box)
    for k in curr.children[c]:
        q = pairs.get(k)
        if q is None:
            continue
        now = curr.nodes[k].bounds
        if at_edge(now, box, side):
            lead = _leading(now, box, side)
            if _unmoved(prev, q, curr, k, cache, lead, moved) or (
                lead and held_by_label(prev, q, curr, k, moved)
            ):
                return True
        elif not at_edge(prev.nodes[q].bounds, old_box, side) and _same_row(
            prev, q, curr, k, cache
        ):
            return True
        if kept_through_resize(prev, q, curr, k, p, c):  # the keyboard closed
            return True
    return False


def _same_row(prev: Frame, p: int, curr: Frame, c: int, cache: TextCache) -> bool:
    """Whether a paired row is one row that stayed in view: :func:`kin`, and a row that moved
    still shows something it showed. A row that moved and shows other words ("Wi-Fi" where
    "Yk-Hk" is) is another row of the same layout, paired by its ids. A row in its very box
    with one label edited beside one kept (:func:`~deltarec.core.diff.scroll_edits.kept_edited`:
    its time ticked) stayed too."""
    if not kin(prev, p, curr, c, cache):
        return prev.nodes[p].bounds == curr.nodes[c].bounds and kept_edited(prev, p, curr, c)
    if prev.nodes[p].bounds == curr.nodes[c].bounds:
        return True
    a, b = shown(prev, p, cache, False), shown(curr, c, cache, True)
    return bool(a or b) and (not (a and b) or bool(a & b))


def _unmoved(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    cache: TextCache,
    lead: bool = False,
    moved: tuple[int, int] = (0, 0),
) -> bool:
    """Whether a row at an edge stayed: the same box (where the list's own move, ``moved``
    by its top left corner, puts it: a window put in split screen's lower half moved the
    list with its rows), showing the very same texts, two or more (a row cut alike by the
    edge that shows one label could be any of its twins), or, at the leading edge
    (``lead``: the top, a carousel's left), one that one node alone of each frame shows, in
    one box (:func:`~deltarec.core.diff.unique_labels.alone_in_place`: a list's header above
    rows that loaded in place). Not at the trailing edge: a list's footer ("Loading more…")
    is at its end again after a fling that loaded more."""
    if _moved(prev.nodes[p].bounds, *moved) != curr.nodes[c].bounds:
        return False
    a = shown(prev, p, cache, False)
    if a != shown(curr, c, cache, True):
        return False
    return len(a) >= 2 or (lead and len(a) == 1 and alone_in_place(prev, p, curr, c))


def _leading(b: Bounds, box: Bounds, side: bool) -> bool:
    """Whether ``b`` reaches the leading edge of ``box``: its top (its left when ``side``)."""
    return b.left <= box.left if side else b.top <= box.top


def page_unless_held(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    pairs: Mapping[int, int],
    used: AbstractSet[int],
    move: tuple[int, int],
) -> Motion | None:
    """:func:`~deltarec.core.diff.edge_twin.page_or_twin` for list ``c`` whose measured
    ``move`` was refuted, unless a row at its leading edge stayed, held in its very box by
    a label (:func:`held_by_label`): then the list turned no page (None), whatever came and
    went below that row (module docstring: Settings' app bar above a new list). Nor where
    the list's bottom edge alone moved, its content node for node in place
    (:func:`~deltarec.core.diff.resized.list_kept`: the keyboard closed over the Wi-Fi list,
    its rows blank twins on element dicts, the row the old edge cut matched its twin and the
    move refuted; as :func:`~deltarec.core.diff.pages.page` asks before it reads a page)."""
    if list_kept(prev, p, curr, c):
        return None
    box = curr.nodes[c].bounds
    moved = _offset(prev.nodes[p].bounds, box)
    side = host_sideways(prev, p, curr, c, pairs)
    for k in curr.children[c]:
        q = pairs.get(k)
        now = curr.nodes[k].bounds
        if q is not None and _leading(now, box, side) and held_by_label(prev, q, curr, k, moved):
            return None
    return page_or_twin(prev, p, curr, c, pairs, used, move)


def held_by_label(prev: Frame, p: int, curr: Frame, c: int, moved: tuple[int, int]) -> bool:
    """Whether row ``c`` (paired with ``p``), in a ``ScrollView``, in the very box where the
    list's move (``moved``) puts it, holds a node showing a label that one node alone of each
    frame shows, that node of ``prev`` in row ``p``, whole in the very box there too (module
    docstring). O(labels of the row), each asked through :func:`alone_at`."""
    if not in_scroll_view(curr, curr.parents[c]):
        return False
    dx, dy = moved
    if _moved(prev.nodes[p].bounds, dx, dy) != curr.nodes[c].bounds:
        return False
    end_p = prev.subtree_end(p)
    for k in range(c, curr.subtree_end(c)):
        node = curr.nodes[k]
        if not (node.text or node.content_desc) or node.bounds.area <= 0:
            continue
        key = (node.class_name, node.text, node.content_desc)
        if alone_at(curr, key) != k:
            continue
        q = alone_at(prev, key)
        if q is not None and p <= q < end_p and _moved(prev.nodes[q].bounds, dx, dy) == node.bounds:
            return True
    return False


def _offset(was: Bounds, now: Bounds) -> tuple[int, int]:
    """How far a box's top left corner moved, ``was`` to ``now``."""
    return now.left - was.left, now.top - was.top


def _moved(b: Bounds, dx: int, dy: int) -> Bounds:
    return Bounds(b.left + dx, b.top + dy, b.right + dx, b.bottom + dy)
