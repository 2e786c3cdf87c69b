"""What changed in one pair's own fields (:func:`_attribute_changes`): every difference but
volatile ones, the box only outside a scrolled host. :func:`~deltarec.core.diff.compute.
compute_delta` asks it of every pair whose node is not the very object of the old frame, and
tells the commonest case inline (a row pushed down by an insertion: its box alone changed).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, cast

from deltarec.core.diff.types import FromToDict
from deltarec.core.diff.volatile import Volatile
from deltarec.core.observe.model import ATTRIBUTE_OF_FIELD, OWN_FIELDS, Node

_BESIDE_BOX = tuple(f for f in OWN_FIELDS if f != "bounds")
assert _BESIDE_BOX[-1] == "extras"  # read last by _attribute_changes
_beside_box = cast(Callable[[Node], tuple[Any, ...]], operator.attrgetter(*_BESIDE_BOX))
"""A node's own fields but its box, in :data:`OWN_FIELDS` order, read at C speed."""


def same_beside_box(a: Node, b: Node) -> bool:
    """``_beside_box(a) == _beside_box(b)``: every own field but the box equal, compared
    field by field (the two tuples of seventeen fields ``attrgetter`` builds took twice as
    long: this is asked of every pair of a step whose node is not one object, the rows an
    insertion pushed down). ``tests/core/test_big_step_walks.py`` changes each field alone."""
    return (
        a.text == b.text
        and a.content_desc == b.content_desc
        and a.resource_id == b.resource_id
        and a.class_name == b.class_name
        and a.role == b.role
        and a.package == b.package
        and a.checkable == b.checkable
        and a.checked == b.checked
        and a.clickable == b.clickable
        and a.enabled == b.enabled
        and a.focusable == b.focusable
        and a.focused == b.focused
        and a.scrollable == b.scrollable
        and a.long_clickable == b.long_clickable
        and a.password == b.password
        and a.selected == b.selected
        and a.extras == b.extras
    )


def _attribute_changes(
    a: Node, b: Node, key: str, volatile: Volatile, *, scrolled: bool, told: bool = False
) -> dict[str, FromToDict]:
    """Every non-volatile difference of a pair; bounds only outside scrolled hosts.
    ``told``: the caller found that the two differ beside the box (:func:`same_beside_box`
    is False), so it is not asked again."""
    if a is b:
        return {}  # one node object, kept by the next frame (element_frames.py, dump_scan.py)
    box_a, box_b = a.bounds, b.bounds
    if not told and same_beside_box(a, b):  # only the box may differ (a row pushed down)
        if box_a == box_b:
            return {}  # the common case: an untouched node, compared at C speed
        if scrolled or volatile.is_volatile(key, "bounds", b.resource_id):
            return {}
        return {"bounds": {"from": box_a.as_list(), "to": box_b.as_list()}}
    rest_a, rest_b = _beside_box(a), _beside_box(b)
    out: dict[str, FromToDict] = {}
    # The fields in order, extras last; those before it compared first at C speed (a row
    # below an insertion differs in its index among its siblings alone, an extra).
    if rest_a[:-1] != rest_b[:-1]:
        for field_name, old, new in zip(_BESIDE_BOX[:-1], rest_a, rest_b, strict=False):
            if old != new:
                name = ATTRIBUTE_OF_FIELD[field_name]
                if not volatile.is_volatile(key, name, b.resource_id):
                    out[name] = {"from": old, "to": new}
    if rest_a[-1] != rest_b[-1]:
        extras_a, extras_b = dict(rest_a[-1]), dict(rest_b[-1])
        for name in sorted(extras_a.keys() | extras_b.keys()):
            ea, eb = extras_a.get(name), extras_b.get(name)
            if ea != eb and not volatile.is_volatile(key, name, b.resource_id):
                out[name] = {"from": ea, "to": eb}
    moved = not scrolled and box_a != box_b
    if moved and not volatile.is_volatile(key, "bounds", b.resource_id):
        out["bounds"] = {"from": box_a.as_list(), "to": box_b.as_list()}
    if len(out) > 1:
        out = dict(sorted(out.items()))
    return out
