"""Apply an ObservationDiff to the observation it was computed from.

``apply_diff(prev, diff_observations(prev, curr))`` rebuilds ``curr``: the
same windows, tree, attributes and screen facts, except volatile attributes
(they keep ``prev``'s values) and capture metadata (time, source).

Steps: address every old node by its key; drop removed and moved nodes from
their parents; apply attribute changes; create added nodes; insert added and
moved nodes at their final positions, lowest position first (the nodes that
stayed are already in their final relative order, see deltarec.core.diff.compute);
shift everything that came from ``prev`` inside a scrolled container by the
scroll offset; then apply explicit bounds. Cost: O(n + d log d).

Raises :class:`~deltarec.core.errors.InputError` when the diff addresses a key the
observation does not have (it was computed from another frame).
"""

from __future__ import annotations

from typing import Any

from deltarec.core.diff.types import ObservationDiff
from deltarec.core.errors import InputError
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import (
    Bounds,
    Node,
    Observation,
    node_attributes,
    node_from_attributes,
)

_STRUCTURE = ("parentKey", "position")


def _lookup(addr: dict[str, int], key: str | None, what: str) -> int:
    if key is None or key not in addr:
        raise InputError(f"diff does not apply: {what} {key!r} is not in the observation")
    return addr[key]


def apply_diff(prev: Observation, diff: ObservationDiff) -> Observation:
    """Rebuild the newer observation from ``prev`` and ``diff`` (see the module docstring)."""
    f = Frame(prev)
    attrs: list[dict[str, Any]] = [dict(node_attributes(n)) for n in f.nodes]
    kids: list[list[int]] = [list(c) for c in f.children]
    roots = list(f.roots)
    from_prev = len(attrs)
    addr: dict[str, int] = dict(f.pos_of)

    detached: set[int] = set()
    for entry in diff["removed"]:
        detached.add(_lookup(addr, entry["key"], "removed key"))
    inserts: list[tuple[int, int, int]] = []  # (parent id or -1, position, id)
    bounds_override: dict[int, list[int]] = {}
    pending_moves: list[tuple[int, Any, int]] = []
    for change in diff["changed"]:
        node_id = _lookup(addr, change.get("fromKey", change["key"]), "changed key")
        for name, ft in change["changes"].items():
            if name in _STRUCTURE:
                continue
            if name == "bounds":
                bounds_override[node_id] = list(ft["to"])
            elif ft["to"] is None:
                attrs[node_id].pop(name, None)
            else:
                attrs[node_id][name] = ft["to"]
        moved = change["changes"]
        if "position" in moved:
            detached.add(node_id)
            if "parentKey" in moved:
                parent: Any = moved["parentKey"]["to"]
            else:  # reordered under the same parent
                old_parent = f.parents[node_id]
                parent = f.keys[old_parent] if old_parent >= 0 else None
            pending_moves.append((node_id, parent, moved["position"]["to"]))
    kids = [[k for k in ks if k not in detached] for ks in kids]
    roots = [r for r in roots if r not in detached]

    for entry in diff["added"]:
        node_id = len(attrs)
        attrs.append(dict(entry["attributes"]))
        kids.append([])
        addr[entry["key"]] = node_id
    for i, entry in enumerate(diff["added"]):
        parent = entry["parentKey"]
        parent_id = -1 if parent is None else _lookup(addr, parent, "parentKey")
        inserts.append((parent_id, entry["position"], from_prev + i))
    for node_id, parent, position in pending_moves:
        parent_id = -1 if parent is None else _lookup(addr, parent, "parentKey")
        inserts.append((parent_id, position, node_id))
    for parent_id, position, node_id in sorted(inserts, key=lambda t: (t[0], t[1])):
        (kids[parent_id] if parent_id >= 0 else roots).insert(position, node_id)

    for scroll in diff["scrolls"]:
        container = _lookup(addr, scroll.get("fromKey", scroll["key"]), "scroll key")
        stack = list(kids[container])
        while stack:
            node_id = stack.pop()
            stack.extend(kids[node_id])
            if node_id < from_prev:
                left, top, right, bottom = attrs[node_id]["bounds"]
                dx, dy = scroll["dx"], scroll["dy"] + scroll.get("edge", 0)
                attrs[node_id]["bounds"] = [left + dx, top + dy, right + dx, bottom + dy]
    for scroll in diff["scrolls"]:
        for key, bounds in scroll.get("clipped", {}).items():
            attrs[_lookup(addr, key, "clipped key")]["bounds"] = list(bounds)
    for node_id, bounds in bounds_override.items():
        attrs[node_id]["bounds"] = bounds

    windows = tuple(_build(r, attrs, kids) for r in roots)
    fields = diff["fields"]
    screen = fields.get("screen", {}).get("to", [prev.width, prev.height])
    return Observation(
        windows=windows,
        width=int(screen[0]),
        height=int(screen[1]),
        rotation=int(fields.get("rotation", {}).get("to", prev.rotation)),
        package=str(fields.get("package", {}).get("to", prev.package)),
        activity=str(fields.get("activity", {}).get("to", prev.activity)),
        captured_at=prev.captured_at,
        source=prev.source,
        keyboard=_keyboard(fields, prev.keyboard),
    )


def _keyboard(fields: dict[str, Any], before: Bounds | None) -> Bounds | None:
    if "keyboard" not in fields:
        return before
    frame = fields["keyboard"]["to"]
    return None if frame is None else Bounds(*frame)


def _build(root: int, attrs: list[dict[str, Any]], kids: list[list[int]]) -> Node:
    """Build the Node tree under ``root`` children-first, without recursion."""
    built: dict[int, Node] = {}
    order: list[int] = []
    stack = [root]
    while stack:
        node_id = stack.pop()
        order.append(node_id)
        stack.extend(kids[node_id])
    for node_id in reversed(order):
        children = tuple(built.pop(k) for k in kids[node_id])
        built[node_id] = node_from_attributes(attrs[node_id], children)
    return built[root]
