"""The frame of a screen's element dicts, built from the previous screen's frame.

Most steps change a few elements of a screen (a field typed into, a switch toggled, the
focus moved) and leave the rest as it was. :func:`frame_like` walks the new element dicts
beside the previous ones: an element equal to its old self (compared at C speed, with its
whole subtree) is the old node, untouched; one that differs is made anew around its
children; and when every element kept its place in the tree — as many children as before,
everywhere — the new frame takes the old one's shape (parents, children, roots), and its
keys too when nothing changed what keys are made of
(:func:`~deltarec.core.observe.identity.identifying`: a typed text, a flag, a box do not).

The result is equal to ``Frame(elements_to_observation(data))`` in every field — a
generated test compares the two on every real pair and on random edits of real screens.
Whenever the walk cannot be sure (the shape differs, an element is not a plain ``dict``,
an element is malformed), it gives up (``None``) and the caller builds the frame in full,
which also raises the error a malformed element deserves, with its path.

Cost: a comparison per element down to the ones that changed, and a node for each changed
element and its ancestors; at worst (everything changed) about one conversion of the
changed elements more than the full build.

    >>> from deltarec.core.capture.element_dicts import elements_to_observation
    >>> old = [{"role": "textbox", "name": "Name", "x": 0, "y": 0, "width": 90, "height": 20},
    ...        {"role": "button", "name": "OK", "x": 0, "y": 30, "width": 40, "height": 20}]
    >>> new = [dict(old[0], value="zr"), old[1]]
    >>> base = Frame(elements_to_observation(old))
    >>> frame = frame_like(new, old, base)
    >>> frame.nodes[2] is base.nodes[2], frame.keys == base.keys, frame.nodes[1].text
    (True, True, 'zr')
"""

from __future__ import annotations

import marshal
from collections.abc import Sequence
from typing import Any

from deltarec.core.capture.element_dicts import (
    MAX_ELEMENT_DEPTH,
    ROOT_CLASS,
    element_node,
    list_observation,
)
from deltarec.core.errors import CaptureParseError
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.identity import identifying
from deltarec.core.observe.model import Node


class _Differs(Exception):
    """The new elements do not have the old ones' shape (or cannot be vouched for)."""


def frame_like(
    data: Any, base_data: Any, base: Frame, *, viewport: Sequence[int] | None = None
) -> Frame | None:
    """The frame of the element dicts ``data``, built from ``base``, the frame of the
    element dicts ``base_data`` (with the same ``viewport``); ``None`` when the two differ
    in shape or the walk cannot vouch for an element (see the module docstring)."""
    if type(data) is not list or type(base_data) is not list or len(data) != len(base_data):
        return None
    if len(base.roots) != 1 or base.nodes[0].class_name != ROOT_CLASS:
        return None
    tops = base.children[0]
    if len(tops) != len(data):
        return None
    walk = _Walk(base)
    try:
        for i, (item, old) in enumerate(zip(data, base_data, strict=True)):
            walk.visit(item, old, tops[i], (f"$[{i}]",), 0)
        # Equal by ``==`` is not yet the same content: 1 == 1.0 == True, which an element's
        # name, value or box reads differently. Spelled out by marshal, they differ.
        if marshal.dumps(walk.kept_new, 2) != marshal.dumps(walk.kept_old, 2):
            return None
        nodes = walk.build()
    except (_Differs, CaptureParseError, ValueError, TypeError):
        return None  # the full build decides (and raises what it raises)
    obs = list_observation(tuple([nodes[pos] for pos in tops]), viewport=viewport)
    nodes[0] = obs.windows[0]
    return Frame.like(base, obs, nodes, same_keys=walk.same_keys)


class _Walk:
    """New element dicts beside the old ones and the old frame's positions: first the shape
    (:meth:`visit`), then the nodes (:meth:`build`), so that a shape that differs late costs
    no conversion."""

    __slots__ = ("base", "changed", "kept_new", "kept_old", "same_keys")

    def __init__(self, base: Frame) -> None:
        self.base = base
        self.changed: list[tuple[int, dict[str, Any], tuple[Any, ...]]] = []
        """(position, element dict, JSON path) of the elements made anew, in document order."""
        self.kept_new: list[dict[str, Any]] = []
        self.kept_old: list[dict[str, Any]] = []
        """The elements equal to their old selves (with their subtrees), and those old selves."""
        self.same_keys = True

    def visit(self, item: Any, old: Any, pos: int, where: tuple[Any, ...], depth: int) -> None:
        """Note ``item`` at ``pos`` (where ``old`` was) as kept or made anew, and its subtree."""
        if type(item) is not dict or type(old) is not dict or depth > MAX_ELEMENT_DEPTH:
            raise _Differs
        if item is old or item == old:
            self.kept_new.append(item)
            self.kept_old.append(old)
            return
        self.changed.append((pos, item, where))
        kids = item.get("children")
        slots = self.base.children[pos]
        if not kids:
            if slots:
                raise _Differs
            return
        old_kids = old.get("children")
        if type(kids) is not list or type(old_kids) is not list:
            raise _Differs
        if len(kids) != len(slots) or len(old_kids) != len(slots):
            raise _Differs
        deeper = depth + 1
        for i, (k, o) in enumerate(zip(kids, old_kids, strict=True)):
            self.visit(k, o, slots[i], (where, i), deeper)

    def build(self) -> list[Node]:
        """Every position's node: the old one where the element was kept, a new one (around
        its children's) where it changed; children before parents."""
        base = self.base
        nodes = list(base.nodes)
        children_at = base.children
        for pos, item, where in reversed(self.changed):
            kids = children_at[pos]
            node = element_node(item, where, tuple([nodes[k] for k in kids]) if kids else ())
            if self.same_keys and identifying(node) != identifying(base.nodes[pos]):
                self.same_keys = False
            nodes[pos] = node
        return nodes


__all__ = ["frame_like"]
