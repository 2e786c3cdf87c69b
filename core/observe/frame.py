"""A keyed, flattened view of one observation, shared by match, diff and render.

:class:`Frame` lists every node in document order with its parent position,
its children's positions and its stable key (:mod:`deltarec.core.observe.identity`). Building
one is O(n); everything downstream works on positions instead of recursion,
so deep trees cannot exhaust the interpreter stack.
"""

from __future__ import annotations

import threading
from collections import _count_elements  # type: ignore[attr-defined]  # Counter's C loop
from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any, Generic, TypeVar, overload

from deltarec.core.observe.identity import flatten_tree, keys_and_subtree_hashes
from deltarec.core.observe.model import Node, Observation

_T = TypeVar("_T")


class cached_property(Generic[_T]):  # lowercase: named as the functools one it replaces
    """:func:`functools.cached_property` without its lock: computed on the first read, kept in
    the instance's ``__dict__`` (which later reads find first). Python 3.11's takes a lock on
    every first read, a dozen a step on two frames that are read by one thread (and a value
    two threads race to compute is the same value: every fact here is pure)."""

    def __init__(self, func: Callable[[Any], _T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> cached_property[_T]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> _T: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> _T | cached_property[_T]:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


_Flattened = tuple[Observation, list[Node], list[int], list[list[int]], list[int], list[int]]
_flattened: dict[int, _Flattened] = {}
"""The last observations a parser flattened on its way (:func:`flattened`), by ``id``: each
entry holds its observation, so an ``id`` here names no other object."""
_flattened_lock = threading.Lock()

FLATTENED_KEPT = 2
"""How many parsed observations' flattenings are kept (a step's two dumps)."""


def flattened(
    obs: Observation,
    nodes: list[Node],
    parents: list[int],
    children: list[list[int]],
    roots: list[int],
    ends: list[int],
) -> None:
    """Note how ``obs`` flattens, as :class:`Frame` would work it out: ``nodes``, ``parents``,
    ``children``, ``roots`` as :func:`~deltarec.core.observe.identity.flatten_tree` gives
    them for ``obs.windows`` and ``ends`` as :attr:`Frame.subtree_ends` — its parser met
    the nodes in that order (``capture/dump_scan.py``). ``Frame(obs)`` then takes these
    lists instead of walking the tree again; the first frame of ``obs`` takes them (held
    by it alone from then on), a later one walks. The caller vouches for the lists; at most
    the last :data:`FLATTENED_KEPT` observations are kept."""
    with _flattened_lock:
        _flattened[id(obs)] = (obs, nodes, parents, children, roots, ends)
        for old in list(_flattened)[:-FLATTENED_KEPT]:  # a frame may take one meanwhile
            _flattened.pop(old, None)


class Frame:
    """An :class:`Observation` flattened in document order, with stable keys.

    ``parents[i]`` is the position of node ``i``'s parent (-1 for a window root);
    ``children[i]`` the positions of its children in order; ``keys[i]`` its key;
    ``pos_of[key]`` the inverse. ``roots`` are the window roots' positions.
    ``subtree_hashes[i]`` hashes the content of node ``i``'s subtree (classes, ids,
    descriptions, texts but editable and password ones): equal content, equal
    hash, in any frame and at any position — a by-product of the keys.
    """

    __slots__ = (
        "__dict__",
        "children",
        "keys",
        "nodes",
        "obs",
        "parents",
        "roots",
        "subtree_hashes",
    )

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        known = _flattened.pop(id(obs), None) if _flattened else None  # flattened(): taken
        if known is not None and known[0] is obs:  # its parser flattened it
            _, nodes, parents, children, roots, ends = known
            self.__dict__["subtree_ends"] = ends  # the cached property, computed already
        else:
            nodes, parents, children, roots = flatten_tree(obs.windows)
        self.nodes: list[Node] = nodes
        self.parents: list[int] = parents
        self.children: list[list[int]] = children
        self.roots: list[int] = roots
        keys, subtree_hashes = keys_and_subtree_hashes(nodes, parents, children)
        self.keys: list[str] = keys
        self.subtree_hashes: list[bytes] = subtree_hashes

    @classmethod
    def flat(
        cls,
        obs: Observation,
        nodes: list[Node],
        parents: list[int],
        children: list[list[int]],
        roots: list[int],
        *,
        ends: list[int] | None = None,
    ) -> Frame:
        """The frame of ``obs`` whose nodes the caller flattened already: ``nodes``,
        ``parents``, ``children`` and ``roots`` as :func:`~deltarec.core.observe.identity.
        flatten_tree` gives them for ``obs.windows`` (a leaf's children list may be shared),
        and ``ends`` as :attr:`subtree_ends` when the caller worked them out on its way.
        Equal to ``Frame(obs)``; the caller vouches for the lists."""
        self = cls.__new__(cls)
        self.obs = obs
        self.nodes, self.parents, self.children, self.roots = nodes, parents, children, roots
        self.keys, self.subtree_hashes = keys_and_subtree_hashes(nodes, parents, children)
        if ends is not None:
            self.__dict__["subtree_ends"] = ends  # the cached property, computed already
        return self

    @classmethod
    def like(cls, base: Frame, obs: Observation, nodes: list[Node], *, same_keys: bool) -> Frame:
        """The frame of ``obs``, whose flattened ``nodes`` have the shape of ``base``'s (each
        node as many children as the one at its position there): ``base``'s parents, children
        and roots, shared (a frame is an immutable value), and its keys too when
        ``same_keys`` (every node's identifying content is the one at its position in
        ``base``: :func:`~deltarec.core.observe.identity.identifying`). Equal to
        ``Frame(obs)``; the caller vouches for the shape."""
        self = cls.__new__(cls)
        self.obs = obs
        self.nodes = nodes
        self.parents, self.children, self.roots = base.parents, base.children, base.roots
        if same_keys:
            self.keys, self.subtree_hashes = base.keys, base.subtree_hashes
            if "pos_of" in base.__dict__:  # made already: shared (the keys are base's)
                self.__dict__["pos_of"] = base.__dict__["pos_of"]
        else:
            self.keys, self.subtree_hashes = keys_and_subtree_hashes(
                nodes, base.parents, base.children
            )
        return self

    def __len__(self) -> int:
        return len(self.nodes)

    @cached_property
    def pos_of(self) -> dict[str, int]:
        """The position of each key (the inverse of :attr:`keys`). Made on first read: a
        step reads it of its old frame (pass 1 of the match) but seldom of its new one (the
        JSON, an added node's key), which is the old frame of the next step (issue 19)."""
        return dict(zip(self.keys, range(len(self.nodes)), strict=True))

    @cached_property
    def places(self) -> dict[tuple[bytes, int, int], list[int]]:
        """Where each content of each size is: ``(subtree hash, width, height)`` -> the
        positions showing it, in document order (nodes with an empty box left out; a
        position's place is its node's box). Two rows showing the same things share an
        entry, whatever their keys (what a scroll is measured by,
        :mod:`deltarec.core.diff.scrolls`). Positions alone, no tuple per node: this runs
        over every node of a step's old frame, and the collector visits what it leaves."""
        out: dict[tuple[bytes, int, int], list[int]] = {}
        get = out.get
        for pos, (node, content) in enumerate(zip(self.nodes, self.subtree_hashes, strict=True)):
            b = node.bounds
            w, h = b.right - b.left, b.bottom - b.top  # b.area, b.width, b.height, inline
            if w > 0 and h > 0:
                key = (content, w, h)
                same = get(key)
                if same is None:
                    out[key] = [pos]
                else:
                    same.append(pos)
        return out

    @cached_property
    def memo(self) -> dict[object, object]:
        """Pure facts about this frame that layers above compute once and keep here (the
        index's labels and reading order, :mod:`deltarec.core.observe.index`). A frame is an
        immutable value, so what is kept never goes stale; two threads that race compute the
        same value."""
        return {}

    @cached_property
    def window_of(self) -> list[int]:
        """For every position, the position of its window root."""
        if len(self.roots) == 1:  # one window (every list of element dicts): at C speed
            return [self.roots[0]] * len(self.nodes)
        out = [0] * len(self.nodes)
        for pos, parent in enumerate(self.parents):
            out[pos] = pos if parent < 0 else out[parent]
        return out

    @cached_property
    def sibling_index(self) -> list[int]:
        """For every position, its index among its parent's children (or among the roots)."""
        out = [0] * len(self.nodes)
        for kids in [self.roots, *self.children]:
            for i, pos in enumerate(kids):
                out[pos] = i
        return out

    @cached_property
    def has_content(self) -> list[bool]:
        """For every position, whether its subtree holds any identifying content (a resource
        id, a description, or text but editable text): a subtree without any can be told
        from another of the same shape only by where it is."""
        return self.content_below(bool)  # bool: content_below reads every id, without a call

    def content_below(self, counts_id: Callable[[str], bool]) -> list[bool]:
        """For every position, whether its subtree holds identifying content: a resource id
        ``counts_id`` accepts, a description, or a text but editable text."""
        if counts_id is bool:  # every id counts (has_content): no call a node
            out = [
                bool(
                    n.resource_id
                    or n.content_desc
                    or (n.text and not (n.role == "textbox" or n.password))
                )
                for n in self.nodes
            ]
        else:
            out = [
                bool(
                    (n.resource_id and counts_id(n.resource_id))
                    or n.content_desc
                    or (n.text and not (n.role == "textbox" or n.password))
                )
                for n in self.nodes
            ]
        parents = self.parents
        for pos in range(len(out) - 1, -1, -1):  # children come after their parent
            if out[pos] and parents[pos] >= 0:
                out[parents[pos]] = True
        return out

    @cached_property
    def id_counts(self) -> dict[str, int]:
        """How many nodes carry each resource id."""
        out: dict[str, int] = {}
        # Counted at C speed, in the order ids first occur (as the loop over nodes counted);
        # the ids read by a comprehension (attrgetter's generic look-up costs more on slots)
        _count_elements(out, filter(None, [n.resource_id for n in self.nodes]))
        return out

    @cached_property
    def depth(self) -> list[int]:
        out = [0] * len(self.nodes)
        for pos, parent in enumerate(self.parents):
            out[pos] = 0 if parent < 0 else out[parent] + 1
        return out

    def under(self, roots: Iterable[int]) -> set[int]:
        """Every position in the subtrees of ``roots`` (the roots included)."""
        out: set[int] = set()
        for r in roots:
            out.update(range(r, self.subtree_end(r)))
        return out

    def ancestors(self, pos: int) -> list[int]:
        """Positions of ``pos``'s ancestors, nearest first."""
        out = []
        parent = self.parents[pos]
        while parent >= 0:
            out.append(parent)
            parent = self.parents[parent]
        return out

    def subtree_end(self, pos: int) -> int:
        """One past the last position inside ``pos``'s subtree (document order). O(1)."""
        return self.subtree_ends[pos]

    @cached_property
    def subtree_ends(self) -> list[int]:
        """For every position, :meth:`subtree_end`: a subtree ends where its last child's does."""
        ends = list(range(1, len(self.nodes) + 1))
        children = self.children
        for pos in range(len(ends) - 1, -1, -1):
            kids = children[pos]
            if kids:
                ends[pos] = ends[kids[-1]]
        return ends

    @cached_property
    def focused(self) -> int:
        """Position of the focused node, or -1."""
        return next((i for i, n in enumerate(self.nodes) if n.focused), -1)


def by_position(func: Callable[[Frame, int], _T]) -> Callable[[Frame, int], _T]:
    """``func(frame, pos)``, a pure fact of a frame at one position, kept in the frame's
    :attr:`Frame.memo` per position: asked again, it is looked up (a frame is an immutable
    value, so what is kept never goes stale). For facts a step asks many times of a few
    positions (:func:`~deltarec.core.diff.row_content.holds_rows`)."""

    @wraps(func)
    def kept(frame: Frame, pos: int) -> _T:
        # No typing.cast: a Python call each, twice a fact asked (issue 19)
        known: dict[int, _T] | None = frame.memo.get(func)  # type: ignore[assignment]
        if known is None:
            known = frame.memo[func] = {}
        got = known.get(pos, _MISSING)
        if got is _MISSING:
            got = known[pos] = func(frame, pos)
        return got  # type: ignore[no-any-return]  # _MISSING is never kept

    return kept


_MISSING: Any = object()
"""Not kept yet (a fact may be ``None`` or ``False``)."""
