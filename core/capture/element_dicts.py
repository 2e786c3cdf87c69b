"""Element dicts (the anchor library's shape) to and from observations.

An element dict is ``{"role", "name", "x", "y", "width", "height",
"enabled"?, "value"?, "children"?}``; ``"bounds": [l, t, r, b]`` may replace
the four numbers. Boolean-ish strings ("false", "0", "no", "off", "") mean
false. The list becomes the children of one synthetic root window (class
:data:`ROOT_CLASS`), so a list of top-level elements is one frame.

Mapping: ``name`` → content description (it is a label, so it is part of the
stable key), ``value`` → text for text boxes (typing does not rename the box)
and an extra attribute otherwise; any other key is kept as an extra.

    >>> obs = elements_to_observation([{"role": "button", "name": "OK", "x": 0, "y": 0,
    ...                                 "width": 10, "height": 10, "enabled": "false"}])
    >>> n = obs.windows[0].children[0]
    >>> n.role, n.name, n.enabled, n.bounds.as_list()
    ('button', 'OK', False, [0, 0, 10, 10])
    >>> observation_to_elements(obs)
    [{'role': 'button', 'name': 'OK', 'x': 0, 'y': 0, 'width': 10, 'height': 10, 'enabled': False}]
"""

from __future__ import annotations

import gc
import json
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from deltarec.core.capture.boundary import MAX_DEPTH, MAX_MAGNITUDE, number
from deltarec.core.capture.field_checks import MAX_COORDINATE, check_coordinates, checked_int
from deltarec.core.errors import CaptureParseError
from deltarec.core.observe.labels import class_scrolls
from deltarec.core.observe.model import (
    Bounds,
    Node,
    Observation,
    _BoundsBuild,
    _new,
    _NodeBuild,
)

ROOT_CLASS = "deltarec.ElementList"
MAX_ELEMENT_DEPTH = MAX_DEPTH - 2
"""Deepest element depth (0 = top level): with the synthetic root window, MAX_DEPTH node levels."""
MAX_ELEMENTS = 200_000
"""Most elements one list may hold, counted as they are reached: a hundred times a large real
screen (2,000), and 100,000 siblings fit; a list this long is read in about a second.
Element dicts handed as Python objects may
share a sub-tree (``{"children": [x, x]}`` forty levels down reaches 2 ** 40 elements from
forty dicts) or hold a cycle; the count refuses the first, the depth the second."""


REACHED = 50 * MAX_ELEMENTS
"""Most objects :func:`elements_to_observation` lets its walk reach before it builds nodes
(an element dict holds ten to twenty values)."""


def too_many(where: str = "$") -> CaptureParseError:
    """The refusal of a list past :data:`MAX_ELEMENTS` (reached: shared sub-trees count
    each time they are reached)."""
    return CaptureParseError(
        f"over {MAX_ELEMENTS:,} elements (a sub-tree shared or repeated counts each time)",
        where=where,
    )


_ROLE_ALIASES = {
    "edit": "textbox",
    "entry": "textbox",
    "textfield": "textbox",
    "textarea": "textbox",
    "searchbox": "textbox",
    "passwordtext": "textbox",
    "pushbutton": "button",
    "splitbutton": "button",
    "menubutton": "button",
    "popupbutton": "button",
    "togglebutton": "switch",
    "checkmenuitem": "checkbox",
    "menuitemcheckbox": "checkbox",
    "radiobutton": "radio",
    "radiomenuitem": "radio",
    "menuitemradio": "radio",
    "hyperlink": "link",
    "combobox": "dropdown",
    "spinbutton": "slider",
    "scrollbar": "slider",
    "listbox": "list",
    "tree": "list",
    "pagetab": "tab",
    "tabitem": "tab",
    "statictext": "text",
    "label": "text",
}
_INTERACTIVE = frozenset(
    {
        "button",
        "textbox",
        "switch",
        "checkbox",
        "radio",
        "link",
        "dropdown",
        "slider",
        "tab",
        "listitem",
        "treeitem",
        "dataitem",
        "option",
        "menuitem",
        "menu",
        "calendar",
        "spinner",
        "thumb",
        "incrementor",
        "disclosuretriangle",
    }
)
_FLAGS = ("checked", "focused", "selected", "checkable", "scrollable", "password")
_CORE_KEYS = frozenset(
    {"role", "name", "x", "y", "width", "height", "bounds", "enabled", "value", "children"}
)
_FLAG_SET = frozenset(_FLAGS)
_NOT_EXTRA = _CORE_KEYS | _FLAG_SET
_FALSE = frozenset({"false", "0", "no", "off", "", "none", "null"})


def as_bool(value: Any) -> bool:
    """Boolean-ish: "false", "0", "no", "off", "" (any case) and 0/None are false."""
    if isinstance(value, str):
        return value.strip().lower() not in _FALSE
    return bool(value)


@lru_cache(maxsize=1024)
def _normalise(role: str) -> str:
    key = role.strip().lower().replace(" ", "").replace("_", "")
    return _ROLE_ALIASES.get(key, key or "element")


_ROLE_OF: dict[str, str] = {}
""":func:`_normalise` of the role strings met, as :func:`element_node` reads them."""
_ROLES_KEPT = 1024
"""Most roles :data:`_ROLE_OF` keeps (as many as :func:`_normalise` caches)."""
SCROLLING_CLASSES_MET: set[str] = set()
"""The classes made to scroll by their name (``scrolls_by_nature``'s last test: "ScrollView",
"android.widget.ListView") that :func:`element_node` has met as an element's class, which is
its role as given: asked where a role is not in :data:`_ROLE_OF` (met first, or not kept), so
every class a node it made scrolls by is here. Never shrinks; a handful of names, at most
:data:`_CLASSES_MET_KEPT`: past that it holds ``""`` too (no class's name), which tells
:func:`~deltarec.core.capture.dict_frame.dict_frame` to ask every node's class again (hostile
input naming thousands of scrolling classes grows no set)."""
_CLASSES_MET_KEPT = 256


def normalise_role(role: Any) -> str:
    return _normalise(str(role or ""))


def is_interactive_role(role: Any) -> bool:
    """Whether a role (in any spelling element dicts accept) is one a user acts on."""
    return normalise_role(role) in _INTERACTIVE


def _int(value: Any, path: str) -> int:
    if type(value) is int and -MAX_MAGNITUDE <= value <= MAX_MAGNITUDE:
        return value
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise CaptureParseError(f"expected a number, got {type(value).__name__}", where=path)
    if isinstance(value, str):  # "12", "12.5": through the one checked conversion
        return int(number(value, where=path))
    return checked_int(value, where=path)


def _bounds(item: Mapping[str, Any], where: Any) -> Bounds:
    if "bounds" in item:
        b = item["bounds"]
        path = _spell(where)
        if not isinstance(b, list | tuple) or len(b) != 4:
            raise CaptureParseError(
                "bounds must be [left, top, right, bottom]", where=f"{path}.bounds"
            )
        values = [_int(v, f"{path}.bounds[{i}]") for i, v in enumerate(b)]
        check_coordinates(values, where=f"{path}.bounds")
        return Bounds(*values)
    get = item.get
    x, y, w, h = get("x", 0), get("y", 0), get("width", 0), get("height", 0)
    if not (type(x) is int and type(y) is int and type(w) is int and type(h) is int):
        path = _spell(where)
        x, y = _int(x, f"{path}.x"), _int(y, f"{path}.y")
        w, h = _int(w, f"{path}.width"), _int(h, f"{path}.height")
    r, b = x + w, y + h
    # four comparisons inline: a generator over the box was a tenth of the conversion
    if not (_LOW <= x <= MAX_COORDINATE and _LOW <= y <= MAX_COORDINATE) or not (
        _LOW <= r <= MAX_COORDINATE and _LOW <= b <= MAX_COORDINATE
    ):
        check_coordinates((x, y, r, b), where=_spell(where))
    return Bounds(x, y, r, b)


_LOW = -MAX_COORDINATE - 1

# element_node stores every field of a Node by name (node_of's stores, inline): a field
# added to Node must be stored there too.
assert set(Node.__dataclass_fields__) == {
    *("role", "class_name", "resource_id", "text", "content_desc", "package", "bounds"),
    *("checkable", "checked", "clickable", "enabled", "focusable", "focused", "scrollable"),
    *("long_clickable", "password", "selected", "children", "extras"),
}


_Where = tuple[Any, ...]
"""A JSON path kept as ``(parent path, child index)`` pairs, spelt out only for an error
(formatting a path string per element was a fifth of the element-dict API's time)."""


def _spell(where: _Where) -> str:
    parts: list[str] = []
    while len(where) == 2:
        where, index = where
        parts.append(f".children[{index}]")
    return str(where[0]) + "".join(reversed(parts))


def _element(item: Any, where: _Where, depth: int, reached: list[int]) -> Node:
    if type(item) is not dict and not isinstance(item, Mapping):
        raise CaptureParseError(
            f"an element must be an object, got {type(item).__name__}", where=_spell(where)
        )
    if depth > MAX_ELEMENT_DEPTH:
        raise CaptureParseError(
            f"elements nest deeper than {MAX_ELEMENT_DEPTH}", where=_spell(where)
        )
    kids = item.get("children")
    if kids:
        if not isinstance(kids, list):
            raise CaptureParseError("children must be a list", where=f"{_spell(where)}.children")
        reached[0] += len(kids)
        if reached[0] > MAX_ELEMENTS:
            raise too_many(_spell(where))
        deeper = depth + 1
        children = tuple([_element(k, (where, i), deeper, reached) for i, k in enumerate(kids)])
    else:
        children = ()
    return element_node(item, where, children)


BOXES_KEPT = 16_384
"""At most this many boxes are kept in :data:`_boxes` (then it starts again, empty)."""

_boxes: dict[tuple[int, int, int, int], Bounds] = {}
"""The boxes element dicts were given, by their edges: a box is an immutable value, so one
object serves every element with those edges, in this frame and the next. An element that
kept its place has its old box object, and every stage that compares a pair's boxes tells it
by one identity test (the scroll estimate twice a step, over every pair: a third of its own
work on a small screen; :mod:`deltarec.core.capture.dump_scan` hands an unchanged tag's box
again alike). Bounded (:data:`BOXES_KEPT`); two threads that race make two equal boxes,
which compare equal; :func:`forget_boxes` empties it (benchmarks measure the cold path)."""


def forget_boxes() -> None:
    """Forget the boxes kept (:data:`_boxes`)."""
    _boxes.clear()


def element_node(item: Any, where: _Where, children: tuple[Node, ...]) -> Node:
    """The node of one element dict whose ``children`` are already nodes (checked by the
    caller: a mapping, within the depth limit, its ``children`` a list)."""
    get = item.get
    raw_role = get("role", "")
    # _normalise's answer looked up in a plain dict first (its lru_cache wrapper costs twice
    # a dict look-up, an element of both frames of a step; issue 19)
    role = _ROLE_OF.get(raw_role) if type(raw_role) is str else None
    if role is None:
        role = _normalise(raw_role) if type(raw_role) is str else normalise_role(raw_role)
        if type(raw_role) is str and len(_ROLE_OF) < _ROLES_KEPT:
            _ROLE_OF[raw_role] = role
        # Its class (the role as given) asked once here, where a role is first met or not kept
        if class_scrolls(spelled := raw_role if type(raw_role) is str else str(raw_role)):
            met = SCROLLING_CLASSES_MET
            met.add(spelled if len(met) < _CLASSES_MET_KEPT else "")
    value = get("value")
    extras: tuple[tuple[str, str], ...] = ()
    checkable = checked = focused = scrollable = password = selected = False
    keys = item.keys()
    if not keys <= _CORE_KEYS:  # the common element has no extras and no flags
        extra_keys, flagged = keys - _NOT_EXTRA, keys & _FLAG_SET
        if extra_keys or (value is not None and role != "textbox"):
            found = {
                k: v if isinstance(v, str) else json.dumps(v)
                for k in extra_keys
                for v in (item[k],)
            }
            if value is not None and role != "textbox":
                found["value"] = str(value)
            extras = tuple(sorted(found.items()))
        if flagged:
            flag = {name: as_bool(item[name]) for name in flagged}.get
            checkable, checked, focused = (
                flag("checkable", False),
                flag("checked", False),
                flag("focused", False),
            )
            scrollable, password = flag("scrollable", False), flag("password", False)
            selected = flag("selected", False)
    elif value is not None and role != "textbox":
        extras = (("value", str(value)),)
    name = get("name", "")
    # _bounds' common case inline (four ints in range, no "bounds"): a call an element less
    x, y, w, h = get("x", 0), get("y", 0), get("width", 0), get("height", 0)
    if (
        type(x) is int
        and type(y) is int
        and type(w) is int
        and type(h) is int
        and "bounds" not in item
        and _LOW <= x <= MAX_COORDINATE
        and _LOW <= y <= MAX_COORDINATE
        and _LOW <= (right := x + w) <= MAX_COORDINATE
        and _LOW <= (bottom := y + h) <= MAX_COORDINATE
    ):
        # The box the last frames made for these edges, else bounds_of(x, y, right, bottom),
        # inline (a call an element less, issue 19): see _BOXES.
        bounds: Any = _boxes.get(edges := (x, y, right, bottom))
        if bounds is None:
            bounds = _new(_BoundsBuild)
            bounds.left, bounds.top, bounds.right, bounds.bottom = edges
            bounds.__class__ = Bounds
            if len(_boxes) >= BOXES_KEPT:
                _boxes.clear()
            _boxes[edges] = bounds
    else:
        bounds = _bounds(item, where)  # the rest, and every error, with its path
    enabled = get("enabled", True)
    # node_of(role, class_name, …, extras), inline: its stores in Node's field order, without
    # the class call (a third less) nor the call of nineteen arguments (a tenth less of an
    # element's conversion, issue 19; tests/core/capture/test_dict_frame.py holds every field
    # against the long way).
    node: Any = _new(_NodeBuild)
    node.role = role
    node.class_name = raw_role if type(raw_role) is str else str(raw_role)
    node.resource_id = ""
    node.text = str(value) if value is not None and role == "textbox" else ""
    node.content_desc = name if type(name) is str else str(name or "")
    node.package = ""
    node.bounds = bounds
    node.checkable = checkable
    node.checked = checked
    node.clickable = role in _INTERACTIVE
    node.enabled = enabled if enabled is True else as_bool(enabled)
    node.focusable = False
    node.focused = focused
    node.scrollable = scrollable
    node.long_clickable = False
    node.password = password
    node.selected = selected
    node.children = children
    node.extras = extras
    node.__class__ = Node
    return node  # type: ignore[no-any-return]


def element_list(data: Any, where: str = "$") -> list[Any]:
    """``data`` as the list of element dicts it holds (a list or tuple, any other iterable but
    text, or ``{"elements": […]}``), each item a mapping; otherwise a CaptureParseError naming
    what was given and where (``$[3]``: an agent's harness that put ``null`` in the list gets
    that, not an ``AttributeError`` from deep inside)."""
    if isinstance(data, Mapping) and "elements" in data:
        data, where = data["elements"], f"{where}.elements"
    if not isinstance(data, list | tuple):
        if isinstance(data, str | bytes | Mapping) or not isinstance(data, Iterable):
            raise CaptureParseError(
                f"expected a list of elements, got {type(data).__name__}", where=where
            )
        data = list(data)
    for i, item in enumerate(data):
        if not isinstance(item, Mapping):
            raise CaptureParseError(
                f"an element must be an object, got {type(item).__name__}", where=f"{where}[{i}]"
            )
    return list(data)


def listed(data: Any) -> Any:
    """``data`` for :func:`elements_to_observation`: a list or a mapping as given (it reads a
    mapping's ``elements``), a tuple or another iterable as a list, anything else refused
    (:func:`element_list`) rather than an iterable's ``TypeError``."""
    if type(data) is list or isinstance(data, Mapping):
        return data
    return list(data) if isinstance(data, tuple) else element_list(data)


def reaches_at_most(data: list[Any] | tuple[Any, ...], limit: int) -> bool:
    """Whether walking ``data`` reaches at most ``limit`` objects, each counted every time it
    is reached: a lower bound of the bytes :mod:`marshal` spells without back-references.

    Element dicts handed as Python objects may share a sub-tree: forty levels of
    ``{"children": [x, x]}`` spell 2 ** 40 elements from forty dicts, and marshal, in C,
    neither stops nor lets a signal in, and building a node for each takes seconds before a
    count of nodes refuses them (round 3 of hostile inputs, stop 60). One C call a level of
    nesting (a few hundred at most) counts them first: :mod:`~deltarec.core.capture.frame_cache`
    before its key, :func:`elements_to_observation` before its nodes.
    """
    level: list[Any] = [data]
    reached = 1
    while level:
        level = gc.get_referents(*level)
        reached += len(level)
        if reached > limit:
            return False
    return True


def elements_to_observation(
    elements: Any, *, viewport: Sequence[int] | None = None, source: str = "elements"
) -> Observation:
    """A list of element dicts as a one-window Observation (see the module docstring)."""
    if isinstance(elements, Mapping) and "elements" in elements:
        elements = elements["elements"]
    if not isinstance(elements, list | tuple):
        raise CaptureParseError(
            f"expected a list of elements, got {type(elements).__name__}", where="$"
        )
    if len(elements) > MAX_ELEMENTS or not reaches_at_most(elements, REACHED):
        raise too_many()
    reached = [len(elements)]
    children = tuple([_element(e, (f"$[{i}]",), 0, reached) for i, e in enumerate(elements)])
    return list_observation(children, viewport=viewport, source=source)


def list_observation(
    children: tuple[Node, ...], *, viewport: Sequence[int] | None, source: str = "elements"
) -> Observation:
    """The one-window Observation of an element list's top-level nodes: their synthetic root
    (:data:`ROOT_CLASS`) spans ``viewport`` ``[x, y, w, h]``, else what they cover."""
    if viewport:
        x, y, w, h = (int(v) for v in viewport[:4])
        width, height = x + w, y + h
    else:
        width = max((c.bounds.right for c in children), default=0)
        height = max((c.bounds.bottom for c in children), default=0)
    root = Node(class_name=ROOT_CLASS, bounds=Bounds(0, 0, width, height), children=children)
    return Observation(windows=(root,), width=width, height=height, source=source)


def node_to_element(
    node: Node, *, label: str | None = None, with_children: bool = True
) -> dict[str, Any]:
    """A Node as an element dict.

    ``name`` is ``label`` when given, else the description (and, except for a
    text box, whose text is its ``value``, the text). True state flags
    (``checked``, ``focused``, …) are included.
    """
    b = node.bounds
    if label is None:
        label = node.content_desc if node.role == "textbox" else (node.content_desc or node.text)
    out: dict[str, Any] = {
        "role": node.role,
        "name": label,
        "x": b.left,
        "y": b.top,
        "width": b.width,
        "height": b.height,
        "enabled": node.enabled,
    }
    value = node.text if node.role == "textbox" else node.extra("value", "")
    if value:
        out["value"] = value
    for flag in _FLAGS:
        if getattr(node, flag):
            out[flag] = True
    if with_children and node.children:
        out["children"] = [node_to_element(c) for c in node.children]
    return out


def observation_to_elements(obs: Observation) -> list[dict[str, Any]]:
    """Element dicts of an observation (the synthetic root of an element list is unwrapped)."""
    roots: list[Node] = []
    for window in obs.windows:
        roots.extend(window.children if window.class_name == ROOT_CLASS else (window,))
    return [node_to_element(n) for n in roots]
