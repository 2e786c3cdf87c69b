"""The ObservationDiff as ``deltarec delta --format json`` prints it: AutoMobile's meanings.

:func:`deltarec.core.diff.observation_diff.to_json` writes the diff that
:func:`~deltarec.core.diff.apply.apply_diff` replays: it names an entry's old key
(``fromKey``) whenever the key changed, because a replayer holding the old frame needs
it. A reader of AutoMobile's diff reads ``fromKey`` otherwise: *this entry was
re-paired*, matched to an element the old frame knew under another identity. Keys here
are made of content (:mod:`deltarec.core.observe.identity`), so most key changes only
follow a content change the entry itself shows (a clock's text, a field's typed text, a
row whose title changed): reporting those as re-pairings misled.
:func:`diff_json` keeps :func:`to_json`'s shape and changes three things:

- ``fromKey`` (on ``changed`` and ``scrolls`` entries) only when the entry was **re-paired**:
  its key changed although its content did not (equal subtree hashes,
  :attr:`deltarec.core.observe.frame.Frame.subtree_hashes`) — a twin renumbered, a
  contentless node known only by its place. A key that changed with the content it is
  made of carries no ``fromKey``: the ``changes`` show why.
- every ``changed`` entry carries a ``selector``, as AutoMobile's do: ``elementId`` (the
  resource id), ``label`` (the element's name as the index reads it) and ``index`` (its
  ``[i]`` number), each when the element has one; an element with none of the three is
  addressed by its ``bounds`` in the new frame.
- every ``removed`` entry carries the node's state and bounds: its own attributes as
  observation JSON writes them (role, class, ids, texts, every flag, ``bounds``), extras aside.

So this JSON is for reading; ``deltarec.core.diff_observations`` returns the one to replay.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.diff.compute import compute_delta
    >>> a = parse_uiautomator('<hierarchy><node class="E" resource-id="f" text="Name"'
    ...     ' bounds="[0,0][9,9]"/></hierarchy>')
    >>> b = parse_uiautomator('<hierarchy><node class="E" resource-id="f" text="zr"'
    ...     ' bounds="[0,0][9,9]"/></hierarchy>')
    >>> [entry] = diff_json(compute_delta(a, b))["changed"]
    >>> entry["changes"], entry["selector"], "fromKey" in entry
    ({'text': {'from': 'Name', 'to': 'zr'}}, {'elementId': 'f', 'label': 'zr'}, False)
"""

from __future__ import annotations

from typing import Any

from deltarec.core.diff.compute import Delta
from deltarec.core.diff.observation_diff import to_json
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observe.model import node_attributes


def repaired(delta: Delta, prev_pos: int, curr_pos: int) -> bool:
    """Whether a pair was made across identities: another key, the same content."""
    fp, fc = delta.prev, delta.curr
    return (
        fp.keys[prev_pos] != fc.keys[curr_pos]
        and fp.subtree_hashes[prev_pos] == fc.subtree_hashes[curr_pos]
    )


def selector(delta: Delta, curr_pos: int, index: ElementIndex | None = None) -> dict[str, Any]:
    """How AutoMobile would address a current node: ``elementId``, ``label``, ``index``."""
    node = delta.curr.nodes[curr_pos]
    out: dict[str, Any] = {}
    if node.resource_id:
        out["elementId"] = node.resource_id
    number = index.number_of.get(curr_pos) if index is not None else None
    label = index.names[curr_pos] if index is not None else node.text or node.content_desc
    if label:
        out["label"] = label
    if number is not None:
        out["index"] = number
    if not out:
        out["bounds"] = node.bounds.as_list()
    return out


def _state(delta: Delta, prev_pos: int) -> dict[str, Any]:
    node = delta.prev.nodes[prev_pos]
    attrs = node_attributes(node)
    for name, _ in node.extras:
        del attrs[name]
    return dict(attrs)


def diff_json(delta: Delta, index: ElementIndex | None = None) -> dict[str, Any]:
    """``to_json(delta)`` with AutoMobile's meanings (module docstring).

    ``index`` is the new frame's :class:`ElementIndex` (its ``[i]`` numbers and labels);
    without it, selectors carry no ``index`` and labels are the nodes' own text.
    """
    out: dict[str, Any] = dict(to_json(delta))
    fp, fc = delta.prev, delta.curr
    for entry in out["changed"]:
        curr_pos = fc.pos_of[entry["key"]]
        entry.pop("fromKey", None)
        prev_pos = delta.pairs[curr_pos]
        if repaired(delta, prev_pos, curr_pos):
            entry["fromKey"] = fp.keys[prev_pos]
        entry["selector"] = selector(delta, curr_pos, index)
    for scroll, motion in zip(out["scrolls"], delta.scrolls, strict=True):
        scroll.pop("fromKey", None)
        if repaired(delta, motion.prev, motion.curr):
            scroll["fromKey"] = fp.keys[motion.prev]
    for removed in out["removed"]:
        removed["attributes"] = _state(delta, fp.pos_of[removed["key"]])
    return out


__all__ = ["diff_json", "repaired", "selector"]
