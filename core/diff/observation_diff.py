"""The JSON of a difference: :func:`to_json` turns a :class:`~deltarec.core.diff.compute.Delta`
(frame positions) into the :class:`~deltarec.core.diff.types.ObservationDiff` a reader of the old
frame applies (keys, the key spaces of :mod:`~deltarec.core.diff.types`), and
:func:`diff_observations` computes one from two observations."""

from __future__ import annotations

from typing import Any

from deltarec.core.diff.compute import Delta, _added_key, _address, compute_delta
from deltarec.core.diff.new_rows import hedged
from deltarec.core.diff.types import (
    AddedEntry,
    ChangedEntry,
    ObservationDiff,
    RemovedEntry,
    ScrollEntry,
)
from deltarec.core.diff.volatile import DEFAULT_VOLATILE, Volatile
from deltarec.core.observe.model import Node, Observation, node_attributes


def _summary(node: Node) -> dict[str, Any]:
    attrs: dict[str, Any] = {"role": node.role}
    for name, value in (
        ("text", node.text),
        ("content-desc", node.content_desc),
        ("resource-id", node.resource_id),
    ):
        if value:
            attrs[name] = value
    return attrs


def to_json(d: Delta) -> ObservationDiff:
    """The JSON :class:`ObservationDiff` of a :class:`Delta` (key spaces: ``diff.types``)."""
    fp, fc = d.prev, d.curr
    added: list[AddedEntry] = [
        {
            "key": _added_key(d, c),
            "parentKey": _address(d, fc.parents[c]),
            "position": fc.sibling_index[c],
            "attributes": dict(node_attributes(fc.nodes[c])),
        }
        for c in d.added
    ]
    removed: list[RemovedEntry] = [
        {"key": fp.keys[p], "attributes": _summary(fp.nodes[p])} for p in d.removed
    ]
    changed: list[ChangedEntry] = []
    for c in sorted(d.changed):
        entry: ChangedEntry = {"key": fc.keys[c], "changes": d.changed[c]}
        if fp.keys[d.pairs[c]] != fc.keys[c]:
            entry["fromKey"] = fp.keys[d.pairs[c]]
        changed.append(entry)
    scrolls: list[ScrollEntry] = []
    for s in d.scrolls:
        scroll: ScrollEntry = {
            "key": fc.keys[s.curr],
            "dx": s.dx,
            "dy": s.dy,
            "entered": [_added_key(d, a) for a in s.entered],
            "left": [fp.keys[r] for r in s.left],
        }
        if fp.keys[s.prev] != fc.keys[s.curr]:
            scroll["fromKey"] = fp.keys[s.prev]
        if s.edge:
            scroll["edge"] = s.edge  # the rows moved by dy + edge: the top edge moved them too
            if s.outer >= 0:  # or the scroller around it scrolled by dy + edge (outer_scroll)
                scroll["orHost"] = fc.keys[s.outer]
        if s.further:
            scroll["atLeast"] = True  # a row kept, or its twin further on (far_anchor.least)
        if s.other:  # untold: or a twin from the other side; alone: the other exact move
            scroll["orDy"] = s.other  # (one kept row beside its twin: twin_sections)
        if s.further and s.other_dx:  # the same, the kept item moved along x (far_across)
            scroll["orDx"] = s.other_dx
        if s.most:
            scroll["atMost"] = True  # items put in pushed on those kept: the least move bounds it
        if s.page:
            scroll["page"] = True
            if s.toward != (0, 0):
                scroll["toward"] = list(s.toward)
        if s.clipped:
            scroll["clipped"] = {fp.keys[d.pairs[c]]: b for c, b in sorted(s.clipped.items())}
        scrolls.append(scroll)
    return {
        "isDiff": True,
        "added": added,
        "removed": removed,
        "changed": changed,
        "scrolls": scrolls,
        "windows": {
            "opened": [_added_key(d, c) for c in d.opened],
            "closed": [fp.keys[p] for p in d.closed],
        },
        "fields": d.fields,
    }


def diff_observations(
    prev: Observation, curr: Observation, *, volatile: Volatile = DEFAULT_VOLATILE
) -> ObservationDiff:
    """The :class:`ObservationDiff` from ``prev`` to ``curr``.

    ``apply_diff(prev, diff_observations(prev, curr)) == curr`` up to volatile
    attributes and capture metadata.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> a = parse_uiautomator('<hierarchy><node class="android.widget.EditText"'
    ...     ' resource-id="name" text="Name" bounds="[0,0][9,9]"/></hierarchy>')
    >>> b = parse_uiautomator('<hierarchy><node class="android.widget.EditText"'
    ...     ' resource-id="name" text="zr" bounds="[0,0][9,9]"/></hierarchy>')
    >>> diff_observations(a, b)["changed"][0]["changes"]
    {'text': {'from': 'Name', 'to': 'zr'}}
    """
    return hedged(d := compute_delta(prev, curr, volatile=volatile), to_json(d))
