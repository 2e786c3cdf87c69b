"""Stable keys and frame layout as they were before the speed work (commit a89e004): an oracle.

A frozen copy of ``core/observe/identity.py`` and of ``Frame.subtree_end``, not maintained:
``test_keys_unchanged.py`` checks that the faster code computes the very same keys.
"""

# ruff: noqa

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence

from deltarec.core.observe.model import Node

_blake = hashlib.blake2b


def _digest(*parts: str) -> bytes:
    return _blake("\x1f".join(parts).encode("utf-8", "surrogatepass"), digest_size=5).digest()


def own_content(node: Node) -> str:
    """The node's identifying content, or "" when it has none of its own."""
    text = "" if node.editable or node.password else node.text
    if not (node.resource_id or node.content_desc or text):
        return ""
    return "\x1e".join((node.class_name, node.resource_id, node.content_desc, text))


def flatten(windows: Sequence[Node]) -> tuple[list[Node], list[int]]:
    """Every node in document order, and the position of each node's parent (-1: window)."""
    nodes: list[Node] = []
    parents: list[int] = []
    stack: list[tuple[Node, int]] = [(w, -1) for w in reversed(windows)]
    while stack:
        node, parent = stack.pop()
        pos = len(nodes)
        nodes.append(node)
        parents.append(parent)
        stack.extend((child, pos) for child in reversed(node.children))
    return nodes, parents


def compute_keys(windows: Sequence[Node]) -> list[str]:
    """The key of every node of ``windows``, in document order (see the module docstring)."""
    nodes, parents = flatten(windows)
    return keys_for_flat(nodes, parents)


def keys_for_flat(nodes: Sequence[Node], parents: Sequence[int]) -> list[str]:
    """:func:`compute_keys` over an already flattened frame (``parents[i] < i``)."""
    n = len(nodes)
    own = [own_content(node) for node in nodes]
    own_hash = [_digest("o", content) if content else b"" for content in own]
    # Subtree hashes, children before parents: walk positions backwards.
    kids_of: dict[int, list[bytes]] = {}
    subtree: list[bytes] = [b""] * n
    for pos in range(n - 1, -1, -1):
        kids = kids_of.pop(pos, None)
        if kids:
            kids.reverse()
        digest = _blake(
            b"s\x1f%s\x1f%s\x1f%s"
            % (
                nodes[pos].class_name.encode("utf-8", "surrogatepass"),
                own_hash[pos],
                b"".join(kids) if kids else b"",
            ),
            digest_size=5,
        ).digest()
        subtree[pos] = digest
        parent = parents[pos]
        if parent >= 0:
            kids_of.setdefault(parent, []).append(digest)
    own_count = Counter(own_hash)
    sub_count = Counter(subtree)
    keys: list[str] = [""] * n
    seen: dict[bytes, int] = {}
    for pos in range(n):
        oh = own_hash[pos]
        if oh and own_count[oh] == 1:
            qualified = oh
        elif sub_count[subtree[pos]] == 1:
            qualified = subtree[pos]
        else:
            parent_key = keys[parents[pos]] if parents[pos] >= 0 else ""
            qualified = _blake(
                b"p\x1f%s\x1f%s" % (subtree[pos], parent_key.encode()), digest_size=5
            ).digest()
        # Identical twins (same subtree, same parent): number them in document order.
        ordinal = seen.get(qualified, 0) + 1
        seen[qualified] = ordinal
        keys[pos] = qualified.hex() if ordinal == 1 else f"{qualified.hex()}-{ordinal}"
    return keys


def subtree_end(depth: list[int], pos: int) -> int:
    """``Frame.subtree_end`` as it was: scan forward while deeper than ``pos``."""
    end = pos + 1
    while end < len(depth) and depth[end] > depth[pos]:
        end += 1
    return end
