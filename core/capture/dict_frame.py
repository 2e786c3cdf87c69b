"""Element dicts straight to a keyed frame: one walk, no node tree flattened again.

``Frame(elements_to_observation(data))`` turns the dicts into a tree of nodes (a recursive
call and a list of children per element), then :class:`~deltarec.core.observe.frame.Frame`
walks that tree again to flatten it (document order, parents, children). The dicts give the
document order themselves: :func:`elements_frame` walks them once, in document order,
noting each element's position, parent and children, then makes the nodes from the last
position back (children before parents) and hands the flat lists to
:meth:`~deltarec.core.observe.frame.Frame.flat`. Half the per-element bookkeeping of a
small screen's frame goes (issue 19).

The result is equal to ``Frame(elements_to_observation(data, viewport=viewport))`` in every
field, leaves sharing one empty children list as there. Whatever the walk cannot vouch
for (an element that is not a plain ``dict``, ``children`` that is not a plain ``list``, an
element too deep, a malformed box or value) sends the call down that long way, which raises
the error a malformed element deserves, with its path, as it always did.

    >>> from deltarec.core.capture.element_dicts import elements_to_observation
    >>> data = [{"role": "list", "x": 0, "y": 0, "width": 90, "height": 40, "children": [
    ...     {"role": "button", "name": "OK", "x": 0, "y": 0, "width": 40, "height": 20}]}]
    >>> frame = elements_frame(data)
    >>> long = Frame(elements_to_observation(data))
    >>> frame.nodes == long.nodes, frame.keys == long.keys, frame.parents, frame.children
    (True, True, [-1, 0, 1], [[1], [2], []])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deltarec.core.capture.element_dicts import (
    MAX_ELEMENT_DEPTH,
    MAX_ELEMENTS,
    SCROLLING_CLASSES_MET,
    element_node,
    elements_to_observation,
    list_observation,
    too_many,
)
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.identity import _NO_CHILDREN
from deltarec.core.observe.labels import (
    SCROLLING_ROLES,
    class_scrolls,
    keep_natures,
    scrolls_by_nature,
)
from deltarec.core.observe.model import Node

_WHERE = ("$",)
"""The JSON path handed to :func:`element_node`, which reads it only to spell an error (and
a box given as ``bounds``): any error here sends the call down the long way, which spells
the true path."""


_SCROLLS_BY_ROLE = SCROLLING_ROLES


class _TooMany(Exception):
    """The walk reached more than MAX_ELEMENTS elements: refused, never the long way."""


class _LongWay(Exception):
    """The walk cannot vouch for an element: the long way decides (and raises)."""


def elements_frame(data: list[Any], *, viewport: Sequence[int] | None = None) -> Frame:
    """The frame of the element dicts ``data`` (see the module docstring)."""
    try:
        return _walk(data, viewport)
    except _TooMany:  # the long way would build them first
        raise too_many() from None
    except Exception:  # any doubt: the long way builds it or raises
        return Frame(elements_to_observation(data, viewport=viewport))


def _walk(data: list[Any], viewport: Sequence[int] | None) -> Frame:
    if type(data) is not list:
        raise _LongWay
    items: list[Any] = [None]  # position 0: the synthetic root
    parents = [-1]
    children: list[list[int]] = [[]]
    # Document order by a stack of the children lists being read (an iterator each, resumed
    # where it stopped to read an element's children first): one step an element, no stacks
    # of parents and depths pushed and popped element by element.
    lists = [iter(data)]
    owners = [0]  # the position whose children lists[i] reads
    append_item, append_parent, append_children = items.append, parents.append, children.append
    while lists:
        parent = owners[-1]
        siblings = children[parent]
        for item in lists[-1]:
            if type(item) is not dict:
                raise _LongWay
            pos = len(items)
            append_item(item)
            append_parent(parent)
            siblings.append(pos)
            kids = item.get("children")
            if kids:
                # its children are one level deeper than it: len(lists) (the top level is 0)
                if type(kids) is not list or len(lists) > MAX_ELEMENT_DEPTH:
                    raise _LongWay
                if pos > MAX_ELEMENTS:  # a shared sub-tree reached again and again
                    raise _TooMany
                append_children([])
                lists.append(iter(kids))
                owners.append(pos)
                break
            append_children(_NO_CHILDREN)
        else:
            lists.pop()
            owners.pop()
    n = len(items)
    if n > MAX_ELEMENTS:
        raise _TooMany
    nodes: list[Node] = [None] * n  # type: ignore[list-item]  # every slot is filled below
    natural = [False] * n
    ends = list(range(1, n + 1))  # Frame.subtree_ends: a subtree ends where its last child's does
    where, by_role = _WHERE, _SCROLLS_BY_ROLE
    for pos in range(n - 1, 0, -1):
        kids = children[pos]
        if kids:
            ends[pos] = ends[kids[-1]]
            # the children's nodes gathered at C speed (a comprehension is a call a parent)
            node = nodes[pos] = element_node(items[pos], where, tuple(map(nodes.__getitem__, kids)))
        else:
            node = nodes[pos] = element_node(items[pos], where, ())
        # scrolls_by_nature, inline: its flag or its role (its class: below)
        if node.scrollable or node.role in by_role:
            natural[pos] = True
    # scrolls_by_nature's last test, a class made to scroll: an element's class is its role as
    # given ("ScrollView", "android.widget.ListView"), which element_node noted when it met it
    # (a look-up an element here cost 0.3 % of the real pairs' instructions; none met: no pass).
    if met := SCROLLING_CLASSES_MET:
        scrolls = class_scrolls if "" in met else met.__contains__  # "": too many to keep
        for pos in range(1, n):
            if scrolls(nodes[pos].class_name):
                natural[pos] = True
    tops = children[0]
    obs = list_observation(tuple([nodes[k] for k in tops]), viewport=viewport)
    if not tops:
        children[0] = _NO_CHILDREN  # as flattening a root without children gives it
    root = nodes[0] = obs.windows[0]
    natural[0] = scrolls_by_nature(root)
    if tops:
        ends[0] = ends[tops[-1]]
    frame = Frame.flat(obs, nodes, parents, children, [0], ends=ends)
    keep_natures(frame, natural)
    return frame


__all__ = ["elements_frame"]
