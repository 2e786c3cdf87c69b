"""A screen's sections: the plain views of a Compose (or Flutter) column that are no list's rows.

Compose and Flutter lay a screen out in views of one class, ``android.view.View``, none with
an id: a chat's top bar, message list and input bar are three such views side by side in
one column, as a list's rows are (``fixtures/ext2/nora-compose``). Class and id cannot
tell them apart; what each holds can (its children's roles: a bar, a list, a field and a
button), as on element dicts, which carry neither (:func:`.row_content.row_shape`).

:func:`plain_rows` says where such views are a list's rows after all: three of them hold
alike (``row_content.holds_rows`` asks it where three plain views share class and id, as
every Compose column's do), a row the list's edge cut counted with the row beside it.

:func:`kept_section` says two such views are one section of the screen, whatever each
shows now: both are plain views with no id, no two children of either parent hold alike
(a column of sections, not of rows: a row put in beside rows of its layout holds what a row
beside it holds, a Flutter column's tiles, ``tests/core/real_scrolls/test_leaf_rows.py``),
and it spans the column as it did (its left and right edges kept: a section's width is its
column's, a view another section pushed into its place has its own; a calendar's clock face
put in above its button bar).
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter

from deltarec.core.observe.frame import Frame, by_position

ANONYMOUS = "android.view.View"
"""The class of every Compose (and Flutter) node a role does not name: a screen's sections,
a list's rows and their parts alike, none with an id."""

_ROLE = attrgetter("role")

ROWS = 3
"""Plain views holding alike this many times are a list's rows (``row_content.ROW_REPEATS``)."""


def anonymous(frame: Frame, pos: int) -> bool:
    """Whether ``pos`` is a plain view with no id (:data:`ANONYMOUS`)."""
    node = frame.nodes[pos]
    return node.class_name == ANONYMOUS and not node.resource_id


@by_position
def sections(frame: Frame, parent: int) -> bool:
    """Whether the children of ``parent`` that hold something are each of its own shape (its
    class, id and its children's roles): a column of sections, no two alike. O(children)."""
    if parent < 0:
        return False
    nodes, children = frame.nodes, frame.children
    seen: set[tuple[str, ...]] = set()
    for k in children[parent]:
        if children[k]:
            node = nodes[k]
            shape = (
                node.class_name,
                node.resource_id,
                *map(_ROLE, map(nodes.__getitem__, children[k])),
            )
            if shape in seen:
                return False
            seen.add(shape)
    return True


@by_position
def plain_rows(frame: Frame, parent: int) -> bool:
    """Whether the plain views of ``parent`` are a list's rows: :data:`ROWS` of them hold alike
    (their children's roles), a view the parent's edge cuts counted with the view beside it
    where it holds part of what that one holds (a list's last row cut by the window's edge,
    its lower parts not dumped). O(children)."""
    nodes, children = frame.nodes, frame.children
    views = [k for k in children[parent] if children[k] and anonymous(frame, k)]
    roles = [tuple(map(_ROLE, map(nodes.__getitem__, children[k]))) for k in views]
    if len(views) >= 2:
        box = nodes[parent].bounds
        if nodes[views[-1]].bounds.bottom >= box.bottom and _part_of(roles[-1], roles[-2]):
            roles[-1] = roles[-2]
        if nodes[views[0]].bounds.top <= box.top and _part_of(roles[0], roles[1]):
            roles[0] = roles[1]
    return max(Counter(roles).values(), default=0) >= ROWS


def _part_of(cut: tuple[str, ...], whole: tuple[str, ...]) -> bool:
    """Whether the roles ``cut`` are some of ``whole``'s (a row an edge cut: what is left)."""
    return not Counter(cut) - Counter(whole)


def kept_section(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether ``p`` and ``c`` are one section of a Compose screen (module docstring), whatever
    each shows."""
    if not (anonymous(curr, c) and anonymous(prev, p)):
        return False
    was, now = prev.nodes[p].bounds, curr.nodes[c].bounds
    if (was.left, was.right) != (now.left, now.right):
        return False
    return sections(curr, curr.parents[c]) and sections(prev, prev.parents[p])
