"""Stable node ids: short, printable, content-derived keys that survive scrolls.

A key never depends on bounds or on a sibling index, so a row keeps its key when
the list scrolls or when a row is inserted above it. Keys are unique within one
frame. Each node takes the first of these that is unique in its frame:

1. **own**: a hash of the node's own identifying content (class, resource id,
   content description, and text unless the node is editable) — only for nodes
   that have such content. A list with a resource id keeps its key however its
   rows change.
2. **subtree**: a hash of the own content plus the subtree hashes of the
   children. Rows that share a resource id differ by what they hold.
3. **in-parent**: the subtree hash qualified by the parent's key. An icon with a
   resource id repeated on every row is told apart by its row.
4. **ordinal**: the in-parent hash plus ``-N`` for the N-th identical twin
   (document order, counted from 2). Only truly identical siblings get this.

Why not just hash the whole subtree (like GumTree)? Then a container's key
changes whenever anything inside it changes, and a selector that names the
list (``key=…``) breaks on the first scroll.

Editable text is left out so that typing does not rename a field; state flags
(checked, focused, enabled…) are left out so that a toggle does not rename the
switch. Cost: O(n) hashing per frame.

    >>> from deltarec.core.observe.model import Node
    >>> row = lambda t: Node(class_name="Row", children=(Node(class_name="T", text=t),))
    >>> keys = compute_keys([Node(class_name="List", resource_id="list",
    ...                          children=(row("a"), row("b")))])
    >>> len(set(keys)) == len(keys) == 5
    True
"""

from __future__ import annotations

import hashlib
from collections import _count_elements  # type: ignore[attr-defined]  # Counter's C loop
from collections.abc import Sequence
from itertools import compress, repeat
from operator import itemgetter, not_
from typing import NamedTuple

from deltarec.core.observe.model import Node

_BLANK = hashlib.blake2b(digest_size=5)
"""The state every digest starts from, copied (:func:`_digest`): a copy of an initialised
state is a third cheaper than ``blake2b(data, digest_size=5)``, whose constructor parses a
dozen keyword parameters on every call, and hashes alike (the same parameter block). Only
copied, never updated: copies made by several threads at once are safe."""


def _digest(*parts: str) -> bytes:
    return _hash("\x1f".join(parts).encode("utf-8", "surrogatepass"))


def _hash(data: bytes) -> bytes:
    """``blake2b(data, digest_size=5).digest()``, from a copy of :data:`_BLANK`.

    >>> _hash(b"row") == hashlib.blake2b(b"row", digest_size=5).digest()
    True
    """
    state = _BLANK.copy()
    state.update(data)
    return state.digest()


def own_content(node: Node) -> str:
    """The node's identifying content, or "" when it has none of its own."""
    text = "" if node.editable or node.password else node.text
    if not (node.resource_id or node.content_desc or text):
        return ""
    return "\x1e".join((node.class_name, node.resource_id, node.content_desc, text))


def identifying(node: Node) -> tuple[str, str, str, str]:
    """What a node's key and subtree hash read of the node itself: its class, resource id,
    description, and text unless a text box's or a password's. Two frames of one shape whose
    nodes agree on it position by position have the same keys and subtree hashes."""
    text = node.text
    if text and (node.role == "textbox" or node.password):
        text = ""
    return (node.class_name, node.resource_id, node.content_desc, text)


def flatten(windows: Sequence[Node]) -> tuple[list[Node], list[int]]:
    """Every node in document order, and the position of each node's parent (-1: window)."""
    nodes, parents, _, _ = flatten_tree(windows)
    return nodes, parents


_NO_CHILDREN: list[int] = []
"""The children positions of every leaf of every frame, one list never appended to (a frame
is an immutable value; only :func:`flatten_tree` fills a parent's list, as it walks): about
half the nodes of a screen are leaves, and a list each was that many more objects to make,
for the cyclic collector to visit and to free."""


def flatten_tree(
    windows: Sequence[Node],
) -> tuple[list[Node], list[int], list[list[int]], list[int]]:
    """:func:`flatten` plus each node's children positions and the window roots' positions.

    Document (pre-)order without recursion: an explicit stack of nodes and a
    parallel stack of their parents' positions, pushed a child list at a time.
    """
    nodes: list[Node] = []
    parents: list[int] = []
    children: list[list[int]] = []
    roots: list[int] = []
    stack = list(reversed(windows))
    parent_stack = [-1] * len(stack)
    pop, pop_parent = stack.pop, parent_stack.pop
    while stack:
        node = pop()
        parent = pop_parent()
        pos = len(nodes)
        nodes.append(node)
        parents.append(parent)
        kids = node.children
        children.append([] if kids else _NO_CHILDREN)
        (children[parent] if parent >= 0 else roots).append(pos)
        if kids:
            stack.extend(reversed(kids))
            parent_stack.extend([pos] * len(kids))
    return nodes, parents, children, roots


def compute_keys(windows: Sequence[Node]) -> list[str]:
    """The key of every node of ``windows``, in document order (see the module docstring)."""
    nodes, parents, children, _ = flatten_tree(windows)
    return keys_for_tree(nodes, parents, children)


def keys_for_flat(nodes: Sequence[Node], parents: Sequence[int]) -> list[str]:
    """:func:`compute_keys` over an already flattened frame (``parents[i] < i``)."""
    children: list[list[int]] = [[] for _ in nodes]
    for pos, parent in enumerate(parents):
        if parent >= 0:
            children[parent].append(pos)
    return keys_for_tree(nodes, parents, children)


def keys_for_tree(
    nodes: Sequence[Node], parents: Sequence[int], children: Sequence[Sequence[int]]
) -> list[str]:
    """:func:`keys_for_flat` when the children positions are known (``children[i]``, in order)."""
    return keys_and_subtree_hashes(nodes, parents, children)[0]


class _Memo(NamedTuple):
    """What the last frame hashed (see :data:`_last`)."""

    own: dict[tuple[str, str, str, str], bytes]
    """Own hashes by the identifying content they hash."""
    subtree: dict[bytes, bytes]
    """Subtree hashes by their hashed input."""
    ids: list[int]
    """Each node object's ``id``, by position (the objects are kept in ``nodes``). The next
    frame maps them to a position each (one map of atoms for both hashes: no tuple per
    node, the collector visits every container a step leaves behind), made only when a
    next frame comes (a step's new frame is hashed last: its map was made for none)."""
    own_at: list[bytes]
    """The own hash at each position, then ``b""`` (what position -1, no object, reads)."""
    subtree_at: list[bytes]
    """The subtree hash at each position, then ``b""``."""
    nodes: Sequence[Node]
    """The last frame's nodes: they keep the ids of ``at`` from naming other objects."""
    qualified: dict[bytes, bytes]
    """Parent-qualified hashes (step 3 of the module docstring) by their hashed input."""


_EMPTY = _Memo({}, {}, [], [b""], [b""], (), {})
_last: _Memo = _EMPTY
"""The hashes the last frame made, by what they hash: its nodes' identifying content (own
hashes), its subtrees' hashed inputs (subtree hashes) and the parent-qualified inputs; and
both hashes of each of its node objects. A hash is a pure function of what it hashes, so a
memo by it never goes stale; the next frame of a screen (the other half of a step, or the
next step) hashes mostly the same contents, rows pushed down or scrolled included, and
looks them up instead. A node is an immutable value, its subtree included, so one node
object has the same hashes in any frame: the parser hands the very object again for an
unchanged tag (``capture/dump_scan.py``), and such a node's hashes are looked up by the
object, unread. Bounded: the contents of one frame (replaced, not grown, by every frame),
held by one reference that each call reads and replaces whole, so concurrent calls never
see a half-made memo."""


def clear() -> None:
    """Forget the last frame's hashes (benchmarks measure the cold path with it)."""
    global _last
    _last = _EMPTY


def keys_and_subtree_hashes(
    nodes: Sequence[Node], parents: Sequence[int], children: Sequence[Sequence[int]]
) -> tuple[list[str], list[bytes]]:
    """:func:`keys_for_tree`, and the subtree hash of every node (step 2 of the module docstring).

    A subtree hash covers the node's class, its own identifying content and its
    children's subtree hashes: equal subtrees hash equal in any frame, wherever
    they sit (unlike keys, never qualified by a parent or numbered as a twin).
    """
    global _last
    n = len(nodes)
    fresh = _BLANK.copy  # _hash, inline: a digest or two per node (a call each saved)
    last = _last  # what the frame before hashed (see _last)
    last_own, last_subtree = last.own, last.subtree
    known_own: dict[tuple[str, str, str, str], bytes] = {}
    known: dict[bytes, bytes] = {}
    # A node object the last frame had: both hashes, unread (looked up at C speed).
    ids = list(map(id, nodes))
    if last.ids:
        # The last frame's objects' positions (a duplicate object: its last), made now.
        seen_at = dict(zip(last.ids, range(len(last.ids)), strict=True))
        at = list(map(seen_at.get, ids, repeat(-1, n)))
        own_hash = list(map(last.own_at.__getitem__, at))
        subtree = list(map(last.subtree_at.__getitem__, at))
    else:
        own_hash, subtree = [b""] * n, [b""] * n  # b"" subtree: not known yet (never a digest)
    # Own hashes: _digest("o", own_content(node)), inlined (this runs once per node).
    for pos, node in enumerate(nodes):
        if subtree[pos]:
            continue  # a node object the last frame had
        text = node.text
        if text and (node.role == "textbox" or node.password):  # editable text is not identity
            text = ""
        if node.resource_id or node.content_desc or text:
            ident = (node.class_name, node.resource_id, node.content_desc, text)
            digest = known_own.get(ident)  # a twin in this frame: every row's icon, its switch
            if digest is None:
                digest = last_own.get(ident)
                if digest is None:
                    state = fresh()
                    state.update(b"o\x1f" + "\x1e".join(ident).encode("utf-8", "surrogatepass"))
                    digest = state.digest()
                known_own[ident] = digest
            own_hash[pos] = digest
    # Subtree hashes, children before parents: walk positions backwards. Equal
    # inputs (leaves of one class with no content, repeated rows) are hashed once.
    heads: dict[str, bytes] = {}
    memo = known
    for pos in range(n - 1, -1, -1):
        if subtree[pos]:
            continue  # a node object the last frame had
        class_name = nodes[pos].class_name
        head = heads.get(class_name)
        if head is None:
            head = heads[class_name] = b"s\x1f%s\x1f" % class_name.encode("utf-8", "surrogatepass")
        kids = children[pos]
        if not kids:
            data = head + own_hash[pos] + b"\x1f"
        elif len(kids) == 1:
            data = head + own_hash[pos] + b"\x1f" + subtree[kids[0]]
        else:  # the children's hashes gathered at C speed
            data = head + own_hash[pos] + b"\x1f" + b"".join(itemgetter(*kids)(subtree))
        digest = memo.get(data)
        if digest is None:
            digest = last_subtree.get(data)
            if digest is None:
                state = fresh()
                state.update(data)
                digest = state.digest()
            memo[data] = digest
        subtree[pos] = digest
    # Each node takes the first unique of: own hash, subtree hash, subtree hash in its parent.
    # Counted at C speed into plain dicts (Counter's own loop, without the Python-level
    # set-up of a Counter, which was most of a one-element frame's count).
    counts: dict[bytes, int] = {}
    _count_elements(counts, own_hash)
    unique_own = {h for h, count in counts.items() if count == 1 and h}
    counts = {}
    _count_elements(counts, subtree)
    unique_sub = {h for h, count in counts.items() if count == 1}
    last_qualified = last.qualified
    known_qualified: dict[bytes, bytes] = {}
    keys = _keys(
        own_hash, subtree, unique_own, unique_sub, parents, last_qualified, known_qualified
    )
    own_hash.append(b"")  # read no more here: what position -1 reads, for the next frame
    _last = _Memo(
        known_own,
        known,
        ids,
        own_hash,
        [*subtree, b""],
        list(nodes),
        known_qualified,
    )
    return keys, subtree


def _keys(
    own_hash: list[bytes],
    subtree: list[bytes],
    unique_own: set[bytes],
    unique_sub: set[bytes],
    parents: Sequence[int],
    last_qualified: dict[bytes, bytes],
    known_qualified: dict[bytes, bytes],
) -> list[str]:
    """Each node's key (steps 1 to 4 of the module docstring), from its own and subtree
    hashes and the unique ones of each; the parent-qualified hashes made go into
    ``known_qualified`` (looked up first in ``last_qualified``).

    Most nodes take their own hash or their subtree hash, a pure fact of the node: those
    keys are read at C speed, and only the rest walk (each needs its parent's key, so in
    document order: a parent comes first). A key is numbered as a twin only where an
    earlier node took the same hash. The own hashes taken are unique among own hashes and
    the subtree hashes taken among subtree hashes, so two of those are alike only where an
    own hash equals a subtree hash (two 40-bit digests of other bytes); that is checked at C
    speed, and so is whether a parent-qualified hash equals one of them: a frame where
    either holds is keyed the long way (:func:`_keys_walked`, which numbers every twin in
    document order). Equal to it on every frame (``tests/core/test_keys_read.py``)."""
    # A node takes its own hash where it is unique, else its subtree hash where that is (the
    # walk's first two tests); the rest are walked.
    direct = [o in unique_own or s in unique_sub for o, s in zip(own_hash, subtree, strict=True)]
    taken = [o if o in unique_own else s for o, s in zip(own_hash, subtree, strict=True)]
    walked = list(compress(range(len(taken)), map(not_, direct)))
    direct_taken = list(compress(taken, direct))
    direct_hashes = set(direct_taken)
    if len(direct_hashes) != len(direct_taken):  # an own hash equal to a subtree hash
        return _keys_walked(
            own_hash, subtree, unique_own, unique_sub, parents, last_qualified, known_qualified
        )
    keys = list(map(bytes.hex, taken))
    fresh = _BLANK.copy
    seen: dict[bytes, int] = {}
    for pos in walked:
        parent = parents[pos]
        parent_key = keys[parent] if parent >= 0 else ""
        data = b"p\x1f%s\x1f%s" % (taken[pos], parent_key.encode())
        got = last_qualified.get(data)
        if got is None:  # _hash(data), inline (an icon's in every row)
            state = fresh()
            state.update(data)
            got = state.digest()
        known_qualified[data] = got
        if got in direct_hashes:  # a parent-qualified hash equal to one taken: the long way
            known_qualified.clear()
            return _keys_walked(
                own_hash, subtree, unique_own, unique_sub, parents, last_qualified, known_qualified
            )
        # Identical twins (same subtree, same parent): number them in document order.
        ordinal = seen.get(got)
        if ordinal is None:
            seen[got] = 1
            keys[pos] = got.hex()
        else:
            seen[got] = ordinal + 1
            keys[pos] = f"{got.hex()}-{ordinal + 1}"
    return keys


def _keys_walked(
    own_hash: list[bytes],
    subtree: list[bytes],
    unique_own: set[bytes],
    unique_sub: set[bytes],
    parents: Sequence[int],
    last_qualified: dict[bytes, bytes],
    known_qualified: dict[bytes, bytes],
) -> list[str]:
    """:func:`_keys` the long way: every node in document order, twins numbered as met."""
    fresh = _BLANK.copy
    keys: list[str] = [""] * len(own_hash)
    seen: dict[bytes, int] = {}
    for pos, qualified in enumerate(own_hash):
        if qualified not in unique_own:
            qualified = subtree[pos]
            if qualified not in unique_sub:
                parent = parents[pos]
                parent_key = keys[parent] if parent >= 0 else ""
                data = b"p\x1f%s\x1f%s" % (qualified, parent_key.encode())
                got = last_qualified.get(data)
                if got is None:  # _hash(data), inline (an icon's in every row)
                    state = fresh()
                    state.update(data)
                    got = state.digest()
                known_qualified[data] = qualified = got
        # Identical twins (same subtree, same parent): number them in document order.
        ordinal = seen.get(qualified)
        if ordinal is None:
            seen[qualified] = 1
            keys[pos] = qualified.hex()
        else:
            seen[qualified] = ordinal + 1
            keys[pos] = f"{qualified.hex()}-{ordinal + 1}"
    return keys
