"""A :func:`~deltarec.core.elements.delta_index` result, or a delta made by hand in its
shape, as the ``+`` / ``~`` / ``-`` lines :func:`~deltarec.core.elements.summarize_delta`
renders: added and changed first, removed last (without an index: it is no longer valid).

A delta is the caller's input, so its shape is checked first: anything else is a
:class:`~deltarec.core.errors.CaptureParseError` naming the place (``delta.changed[0].after``),
never an ``AttributeError`` from the renderer.

    >>> summary_lines({"added": [{"role": "button", "name": "Save", "index": 3}],
    ...                "changed": [{"after": {"role": "text", "name": "x"}, "fields": ["name"]}]})
    ['+ [3] button "Save"', '~ text "x" (content-desc)']
    >>> summary_lines({"removed": [None]})
    Traceback (most recent call last):
    ...
    deltarec.CaptureParseError: an element must be an object, got NoneType (at delta.removed[0])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deltarec.core.capture.element_dicts import element_list
from deltarec.core.errors import CaptureParseError
from deltarec.core.render.delta_text import changes_text
from deltarec.core.render.lines import quote
from deltarec.core.render.lines import value as render_value

FIELD_ATTRIBUTE = {"name": "content-desc", "value": "text"}
"""A :func:`~deltarec.core.elements.delta_index` field → the attribute name its change is
shown under, when a delta has no ``changes`` (an element's ``value`` is its text; other fields
keep their name)."""

_PARTS = ("added", "changed", "removed")


def summary_lines(delta: Any) -> list[str]:
    """The delta's lines, before any budget (empty: nothing changed)."""
    if not isinstance(delta, Mapping):
        raise CaptureParseError(
            f"a delta must be an object, got {type(delta).__name__}", where="delta"
        )
    added, changed, removed = (element_list(delta.get(k, []), f"delta.{k}") for k in _PARTS)
    lines = [_line("+", e) for e in added]
    lines += [_line("~", _after(c, i), f" ({_change_text(c, i)})") for i, c in enumerate(changed)]
    lines += [_line("-", e) for e in removed]
    return lines


def _line(sign: str, element: Mapping[str, Any], suffix: str = "") -> str:
    index = element.get("index")
    marker = f"[{index}] " if index is not None and sign != "-" else ""
    name = quote(str(element.get("name", "")))
    return f"{sign} {marker}{element.get('role', 'element')} {name}{suffix}"


def _after(item: Mapping[str, Any], i: int) -> Mapping[str, Any]:
    return _mapping(item.get("after"), f"delta.changed[{i}].after")


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise CaptureParseError(f"expected an object, got {type(value).__name__}", where=where)
    return value


def _change_text(item: Mapping[str, Any], i: int) -> str:
    """What changed on one element: attributes as the delta text shows them, then the rest."""
    where = f"delta.changed[{i}]"
    fields = item.get("fields", [])
    if not isinstance(fields, list | tuple) or not all(isinstance(f, str) for f in fields):
        raise CaptureParseError("fields must be a list of names", where=f"{where}.fields")
    changes = item.get("changes")
    if changes is None:  # a delta made by hand (or by the peer): its field names, spelled ours
        return ", ".join(FIELD_ATTRIBUTE.get(name) or name for name in fields)
    changes = _mapping(changes, f"{where}.changes")
    for name, ft in changes.items():
        if not (isinstance(name, str) and isinstance(ft, Mapping) and "from" in ft and "to" in ft):
            raise CaptureParseError("a change must be {from, to}", where=f"{where}.changes.{name}")
    parts = [changes_text(dict(changes))] if changes else []
    before = _mapping(item.get("before") or {}, f"{where}.before")
    after = _after(item, i)
    if "role" in fields:
        parts.append(f"role: {render_value(before.get('role'))}→{render_value(after.get('role'))}")
    if "focused" in fields:
        parts.append("focused" if after.get("focused") else "unfocused")
    if "moved" in fields:
        parts.append("moved")
    return ", ".join(parts)
