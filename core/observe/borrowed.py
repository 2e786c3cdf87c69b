"""What a control that shows no text of its own borrows from the text around it.

A control with no text or description of its own, and none below it, is called by the first
text below one of its :data:`ANCESTOR_LEVELS` nearest ancestors (:func:`borrowed_text`): a
Settings switch by its row's title. The walk stops at a list (a list's first text belongs to
another row), at a control that covers its whole window (a scrim: what is under it is not
its label), and at a tab strip (:func:`among_alike`: a tab never reads the label the
selected tab alone shows).
Nothing borrowed, it is called by its resource id's last part, or nothing
(:func:`deltarec.core.observe.labels.labels`).
"""

from __future__ import annotations

from itertools import compress
from operator import attrgetter

from deltarec.core.observe.frame import Frame

ANCESTOR_LEVELS = 3
"""How many ancestors a control that shows no text looks below for one."""

SCAN_LIMIT = 200
"""At most this many nodes are visited when looking below a node for a label."""


def borrowed_text(
    frame: Frame,
    pos: int,
    natural: list[bool],
    below: dict[int, str],
    alike: dict[int, frozenset[tuple[str, str]]],
    chosen: frozenset[int],
) -> str:
    """The text control ``pos``, which shows none of its own, borrows: the first text below one
    of its :data:`ANCESTOR_LEVELS` nearest ancestors (none when it covers its window, a
    scrim's; the walk stops at a list: a list's first text belongs to another row), else "".
    ``below``: the first text below a position, kept across calls."""
    nodes, parents, ends = frame.nodes, frame.parents, frame.subtree_ends
    node = nodes[pos]
    # _covers_window, inline
    b, w = node.bounds, nodes[frame.window_of[pos]].bounds
    covers = (
        b.right > b.left
        and b.bottom > b.top
        and b.left <= w.left
        and b.top <= w.top
        and b.right >= w.right
        and b.bottom >= w.bottom
    )
    title = ""
    ancestor = -1 if covers else parents[pos]
    if ancestor in chosen and among_alike(frame, pos, ancestor, alike):
        ancestor = -1  # a tab in its strip: the strip's first text is another tab's label
    for _ in range(ANCESTOR_LEVELS):
        if ancestor < 0 or title or natural[ancestor]:
            break  # a list's first text belongs to another row
        # Kept answers include "" (no text below): a form's wrappers, a dozen deep and
        # showing nothing of their own above the fields, were each walked again by every
        # control inside them (issue 19).
        kept = below.get(ancestor)
        if kept is None:
            kept = ""  # _first_text_below, inline (an ancestor of a control of both frames)
            for child in range(ancestor + 1, min(ends[ancestor], ancestor + 1 + SCAN_LIMIT)):
                shown = nodes[child]
                if shown.text or shown.content_desc:
                    kept = shown.text or shown.content_desc
                    break
            below[ancestor] = kept
        title = kept
        ancestor = parents[ancestor]
    return title


def among_alike(
    frame: Frame, pos: int, parent: int, alike: dict[int, frozenset[tuple[str, str]]]
) -> bool:
    """Whether ``pos`` is a tab in its strip: a control beside a sibling control of its class
    and role, one of them selected (a bottom bar's, a rail's, a top tab strip's). The first
    text below their parent is the label the selected tab alone shows (a Clock app's bottom
    bar, a Material bar whose labels show on the selected item only), never the name of the
    others. ``alike``: per parent, the kinds two of its controls share, one of them selected,
    kept across calls (a parent's children are read once: O(n) a frame however many ask)."""
    kinds = alike.get(parent)
    if kinds is None:
        seen: set[tuple[str, str]] = set()
        twice: set[tuple[str, str]] = set()
        chosen: set[tuple[str, str]] = set()
        for k in frame.children[parent]:
            sibling = frame.nodes[k]
            if sibling.interactive:
                kind = (sibling.class_name, sibling.role)
                (twice if kind in seen else seen).add(kind)
                if sibling.selected:
                    chosen.add(kind)
        kinds = alike[parent] = frozenset(twice & chosen)
    node = frame.nodes[pos]
    return bool(kinds) and node.interactive and (node.class_name, node.role) in kinds


def selected_parents(frame: Frame) -> frozenset[int]:
    """The parents of the selected nodes of ``frame`` (kept in its memo; the flags read at C
    speed: a frame selects a few nodes, if any)."""
    got = frame.memo.get(selected_parents)
    if got is None:
        nodes, parents = frame.nodes, frame.parents
        chosen = compress(range(len(nodes)), map(attrgetter("selected"), nodes))
        got = frame.memo[selected_parents] = frozenset(map(parents.__getitem__, chosen))
    return got  # type: ignore[return-value]
