"""Selector generation, as the recorders people like do it.

For the element at a frame position, candidates are tried in this order and
each is kept only if it matches exactly one node of the frame it was recorded
on (strict: a selector that could mean two things is never emitted):

1. resource id;
2. content description;
3. text (not for editable fields: their text is what the user types);
4. resource id + text, only when neither alone is unique (rows that repeat
   one resource id);
5. the stable key (content-derived, survives scrolls; opaque to a reader);
6. the ``[i]`` index of the observation, last — it is only valid for the
   frame it was taken from — written with what it meant, the element's
   ``name`` and ``role`` (``{"index": 12, "name": "Airplane mode", "role":
   "switch"}``): every field must match, so at replay an ``[12]`` that is now
   the Bluetooth switch fails this alternate ("not found ([12] is switch
   "Bluetooth")" in the step's tried list) instead of tapping it.

Why name and role, not the key: the key alternate comes before it, so an index
that also required the key could never resolve anything the key did not; the
label is what survives when the key does not (a row whose sibling changed),
and it is what a person reads. The fields are the selector's own, so scripts
recorded before still validate and nothing new needs validating.

The first unique candidate is the selector; the others are its
``alternates``, so a replay can fall back and say so.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> f = Frame(parse_uiautomator('<hierarchy><node class="android.widget.Button"'
    ...     ' resource-id="app:id/save" text="Save" clickable="true" bounds="[0,0][9,9]"/>'
    ...     '</hierarchy>'))
    >>> selector_for(f, 0)
    {'resource_id': 'app:id/save', 'alternates': [{'text': 'Save'}, {'key': '5b050ac436'}]}
"""

from __future__ import annotations

from typing import Any

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import labels
from deltarec.core.observe.model import Node

SelectorDict = dict[str, Any]

_FIELDS = {
    "resource_id": lambda n: n.resource_id,
    "content_desc": lambda n: n.content_desc,
    "text": lambda n: n.text,
    "class_name": lambda n: n.class_name,
}


def matches(node: Node, selector: SelectorDict) -> bool:
    """Whether ``node`` has every field the selector names (key and index aside)."""
    return all(_FIELDS[name](node) == value for name, value in selector.items() if name in _FIELDS)


def count_matches(frame: Frame, selector: SelectorDict) -> int:
    if "key" in selector:
        return 1 if selector["key"] in frame.pos_of else 0
    return sum(1 for node in frame.nodes if matches(node, selector))


def candidates(
    frame: Frame, pos: int, index: int | None = None, *, name: str | None = None
) -> list[SelectorDict]:
    """Every candidate selector for ``pos`` in preference order (unique or not). ``name``: the
    name its ``[index]`` was shown under (the index's, which keeps an element's name for the
    session: :mod:`deltarec.core.observe.kept_names`); None: the frame's own label."""
    node = frame.nodes[pos]
    out: list[SelectorDict] = []
    if node.resource_id:
        out.append({"resource_id": node.resource_id})
    if node.content_desc:
        out.append({"content_desc": node.content_desc})
    if node.text and not (node.editable or node.password):
        out.append({"text": node.text})
        if node.resource_id:
            out.append({"resource_id": node.resource_id, "text": node.text})
    out.append({"key": frame.keys[pos]})
    if index is not None:
        said = labels(frame)[pos] if name is None else name
        out.append({"index": index, "name": said, "role": node.role})
    return out


def selector_for(
    frame: Frame, pos: int, index: int | None = None, *, name: str | None = None
) -> SelectorDict:
    """The best unique selector for the node at ``pos``, with unique ``alternates``
    (``name``: as :func:`candidates` takes it).

    The stable key is always unique, so a selector is always found. Cost:
    O(n) per candidate.
    """
    unique: list[SelectorDict] = []
    for c in candidates(frame, pos, index, name=name):
        if "index" not in c and count_matches(frame, c) != 1:
            continue
        if len(c) > 1 and any(set(u) < set(c) for u in unique):
            continue  # a combination is only worth it when its parts are ambiguous
        unique.append(c)
    primary = dict(unique[0])
    if len(unique) > 1:
        primary["alternates"] = unique[1:]
    return primary
