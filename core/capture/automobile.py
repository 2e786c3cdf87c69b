"""Read AutoMobile's observe JSON (kaeawc/auto-mobile) into an :class:`Observation`.

AutoMobile's ``observe`` result is a JSON object whose ``viewHierarchy.hierarchy.node``
holds one node per window (a single object when there is one); a node's children are its
``node`` (an object or a list). :func:`is_automobile` tells such a document from the other
JSON inputs; :func:`automobile_to_observation` reads it. ``docs/formats.md`` maps every
field; in short:

- a node's ``className``, ``resource-id``, ``text``, ``content-desc`` are the dump's
  ``class``, ``resource-id``, ``text``, ``content-desc``; its flags (``clickable``,
  ``focused`` …) are ``"true"`` / ``"false"`` strings or JSON booleans; ``bounds`` is
  ``{left, top, right, bottom}`` (or ``[l, t, r, b]``; iOS points may be fractional and are
  rounded to the pixel);
- ``extras`` (the accessibility extras bag) is kept whole as one attribute, ``extras``
  (compact JSON, sorted keys), and ``view-id`` as ``view-id``: both are volatile for the
  diff (``deltarec.core.diff.volatile``), since captures of one screen differ in them;
  any other field is kept as an extra attribute, as text;
- a window's package is the first ``pkg:id/…`` resource id in it (``android:`` ids
  aside), else the capture's ``packageName``; every node of the window carries it;
- the frame: ``screenSize`` (else ``viewHierarchy.screenWidth`` / ``screenHeight``),
  ``rotation``, ``activeWindow.appId`` / ``packageName``, ``activeWindow.activityName``
  (else ``foregroundActivity`` after its ``/``), ``updatedAt`` (ms) as ``captured_at``;
- the keyboard: a window holding ``android:id/inputArea`` or an
  ``android:id/input_method…`` id is the input method's. As in a uiautomator dump, it is
  no window of the frame; its frame, what that window draws below its own top edge, is
  ``Observation.keyboard``;
- a node without ``className`` that has text takes the role of a text view (AutoMobile
  leaves Compose texts' class out); its class stays empty;
- ``focusedElement`` marks its node ``focused``; ``accessibilityFocusedElement`` marks its
  node with the extra ``accessibility-focused``. Each is found by ``view-id``, else by
  resource id, class and bounds; one found nowhere in the tree changes nothing.

Hostile input: the JSON went through :func:`~deltarec.core.capture.boundary.loads_json`
(size, numbers, nesting); here nodes may nest :data:`MAX_DEPTH` levels, and every refusal
is a :class:`CaptureParseError` naming the JSON path (``$.viewHierarchy.hierarchy.node[0]
.node.bounds.left``).

    >>> obs = automobile_to_observation({"viewHierarchy": {"hierarchy": {"node": {
    ...     "className": "android.widget.Button", "text": "OK", "clickable": "true",
    ...     "bounds": {"left": 0, "top": 0, "right": 100, "bottom": 50}}}}})
    >>> n = obs.windows[0]
    >>> n.role, n.text, n.clickable, n.bounds.as_list(), (obs.width, obs.height)
    ('button', 'OK', True, [0, 0, 100, 50], (100, 50))
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from deltarec.core.capture.boundary import MAX_DEPTH
from deltarec.core.capture.field_checks import check_coordinates, check_rotation
from deltarec.core.capture.roles import role_for_class
from deltarec.core.capture.uiautomator import build_observation
from deltarec.core.errors import CaptureParseError
from deltarec.core.observe.model import EMPTY_BOUNDS, FLAG_ATTRIBUTES, Bounds, Node, Observation

_FLAGS = {name: field for name, field in FLAG_ATTRIBUTES}
_TEXTS = {"resource-id": "resource_id", "text": "text", "content-desc": "content_desc"}
_STRUCTURE = frozenset({"node", "bounds", "className", "class", "extras", *_FLAGS, *_TEXTS})
_SIDES = ("left", "top", "right", "bottom")
_IME_IDS = ("android:id/inputArea", "android:id/input_method")


def is_automobile(data: Any) -> bool:
    """Whether decoded JSON is an AutoMobile observation (or its bare ``viewHierarchy``)."""
    if not isinstance(data, dict):
        return False
    if isinstance(data.get("viewHierarchy"), dict):
        return True
    return isinstance(data.get("hierarchy"), dict) and "node" in data["hierarchy"]


def _fail(problem: str, path: str, source: str) -> CaptureParseError:
    return CaptureParseError(problem, where=f"{source}, {path}" if source else path)


def _coordinate(value: Any, path: str, source: str) -> int:
    if type(value) is int:
        return value
    if isinstance(value, float) and math.isfinite(value):
        return round(value)
    raise _fail(f"a coordinate must be a number, got {type(value).__name__}", path, source)


def _bounds(raw: Any, path: str, source: str) -> Bounds:
    if isinstance(raw, dict):
        missing = [side for side in _SIDES if side not in raw]
        if missing:
            raise _fail(f"bounds lack {', '.join(missing)}", path, source)
        values = [_coordinate(raw[side], f"{path}.{side}", source) for side in _SIDES]
    elif isinstance(raw, list) and len(raw) == 4:
        values = [_coordinate(v, f"{path}[{i}]", source) for i, v in enumerate(raw)]
    else:
        raise _fail("bounds must be {left, top, right, bottom} or [l, t, r, b]", path, source)
    check_coordinates(values, where=f"{source}, {path}" if source else path)
    return Bounds(*values)


def _flag(value: Any, path: str, source: str) -> bool:
    if value is True or value == "true":
        return True
    if value is False or value == "false":
        return False
    raise _fail(f'a flag must be true, false, "true" or "false", got {value!r:.40}', path, source)


def _extra(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _children(raw: dict[str, Any]) -> list[Any]:
    kids = raw.get("node")
    if kids is None:
        return []
    return kids if isinstance(kids, list) else [kids]


class _Reader:
    """One document's nodes, built depth first; paths are spelt only on the way down."""

    def __init__(self, source: str) -> None:
        self.source = source

    def node(self, raw: Any, path: str, depth: int, package: str) -> Node:
        source = self.source
        if not isinstance(raw, dict):
            raise _fail(f"a node must be an object, got {type(raw).__name__}", path, source)
        if depth >= MAX_DEPTH:
            raise _fail(f"nodes nest deeper than {MAX_DEPTH} levels", path, source)
        kwargs: dict[str, Any] = {}
        extras: dict[str, str] = {}
        for name, value in raw.items():
            if name in _FLAGS:
                kwargs[_FLAGS[name]] = _flag(value, f"{path}.{name}", source)
            elif name in _TEXTS or name in ("className", "class"):
                if not isinstance(value, str):
                    raise _fail(f"{name} must be a string", f"{path}.{name}", source)
                kwargs[_TEXTS.get(name, "class_name")] = value
            elif name not in _STRUCTURE:
                text = _extra(value)
                if text is not None:
                    extras[name] = text
        if "extras" in raw and raw["extras"] is not None:
            if not isinstance(raw["extras"], dict):
                raise _fail("extras must be an object", f"{path}.extras", source)
            extras["extras"] = _extra(raw["extras"]) or "{}"
        bounds = (
            _bounds(raw["bounds"], f"{path}.bounds", source) if "bounds" in raw else EMPTY_BOUNDS
        )
        kids = raw.get("node")
        if kids is not None and not isinstance(kids, dict | list):
            raise _fail("node must be an object or a list of them", f"{path}.node", source)
        if isinstance(kids, list):
            children = tuple(
                self.node(k, f"{path}.node[{i}]", depth + 1, package) for i, k in enumerate(kids)
            )
        elif kids is not None:
            children = (self.node(kids, f"{path}.node", depth + 1, package),)
        else:
            children = ()
        class_name = kwargs.get("class_name", "")
        # AutoMobile leaves out the class of Compose text nodes: a classless node with text
        # is read as the text view it is (the class itself stays empty, as captured).
        role = role_for_class(
            class_name or ("android.widget.TextView" if kwargs.get("text") else ""),
            clickable=kwargs.get("clickable", False),
            checkable=kwargs.get("checkable", False),
        )
        return Node(
            role=role,
            package=package,
            bounds=bounds,
            children=children,
            extras=tuple(sorted(extras.items())),
            **kwargs,
        )


def _walk_raw(raw: Any, limit: int = MAX_DEPTH) -> Iterator[dict[str, Any]]:
    """Every node object under ``raw`` in document order, iteratively (bounded depth)."""
    stack: list[tuple[Any, int]] = [(raw, 0)]
    while stack:
        item, depth = stack.pop()
        if not isinstance(item, dict) or depth > limit:
            continue
        yield item
        stack.extend((k, depth + 1) for k in reversed(_children(item)))


def _window_package(raw: Any, fallback: str) -> str:
    for item in _walk_raw(raw):
        rid = item.get("resource-id")
        if isinstance(rid, str) and ":id/" in rid:
            package = rid.split(":id/", 1)[0]
            if package and package != "android":
                return package
    return fallback


def _is_ime(window: Node) -> bool:
    return any(n.resource_id.startswith(_IME_IDS) for n in window.walk())


def _keyboard(windows: tuple[Node, ...]) -> Bounds | None:
    """The input method's frame: what its window draws below the window's own top edge."""
    for window in windows:
        drawn = [
            n.bounds for n in window.walk() if n.bounds.area and n.bounds.top > window.bounds.top
        ]
        if drawn:
            return Bounds(
                min(b.left for b in drawn),
                min(b.top for b in drawn),
                max(b.right for b in drawn),
                max(b.bottom for b in drawn),
            )
    return None


def _same(node: Node, raw: dict[str, Any]) -> bool:
    view_id = raw.get("view-id")
    if isinstance(view_id, str) and view_id:
        return node.extra("view-id") == view_id
    return (
        node.resource_id == raw.get("resource-id", "")
        and node.class_name == raw.get("className", raw.get("class", ""))
        and node.bounds.as_list() == _raw_bounds(raw)
    )


def _raw_bounds(raw: dict[str, Any]) -> list[int] | None:
    b = raw.get("bounds")
    values: Any = [b.get(s) for s in _SIDES] if isinstance(b, dict) else b
    if not (isinstance(values, list) and len(values) == 4):
        return None
    if all(type(v) in (int, float) and math.isfinite(v) for v in values):
        return [round(v) for v in values]
    return None


def _mark(node: Node, target: dict[str, Any], mark: Any) -> tuple[Node, bool]:
    """``node``'s tree with ``mark`` applied to the first node that is ``target``."""
    if _same(node, target):
        return mark(node), True
    kids = list(node.children)
    for i, kid in enumerate(kids):
        marked, found = _mark(kid, target, mark)
        if found:
            kids[i] = marked
            return replace(node, children=tuple(kids)), True
    return node, False


def _focus(node: Node) -> Node:
    return replace(node, focused=True)


def _a11y_focus(node: Node) -> Node:
    extras = dict(node.extras)
    extras["accessibility-focused"] = "true"
    return replace(node, extras=tuple(sorted(extras.items())))


def _apply_focus(windows: tuple[Node, ...], data: dict[str, Any], source: str) -> tuple[Node, ...]:
    for name, mark in (("focusedElement", _focus), ("accessibilityFocusedElement", _a11y_focus)):
        target = data.get(name)
        if target is None:
            continue
        if not isinstance(target, dict):
            raise _fail(f"{name} must be an object or null", f"$.{name}", source)
        out = list(windows)
        for i, window in enumerate(out):
            out[i], found = _mark(window, target, mark)
            if found:
                break
        windows = tuple(out)
    return windows


def _field(data: dict[str, Any], path: str, kind: type, source: str) -> Any:
    """The value at ``path`` (``a.b``) when present and of ``kind``; None when absent."""
    value: Any = data
    for step in path.split("."):
        if not isinstance(value, dict) or step not in value or value[step] is None:
            return None
        value = value[step]
    if kind is int and type(value) is not int:
        raise _fail(f"{path.rsplit('.', 1)[-1]} must be an integer", f"$.{path}", source)
    if kind is str and not isinstance(value, str):
        raise _fail(f"{path.rsplit('.', 1)[-1]} must be a string", f"$.{path}", source)
    return value


def _screen(data: dict[str, Any], source: str) -> tuple[int, int] | None:
    for w, h in (
        ("screenSize.width", "screenSize.height"),
        ("viewHierarchy.screenWidth", "viewHierarchy.screenHeight"),
    ):
        width, height = _field(data, w, int, source), _field(data, h, int, source)
        if width is not None and height is not None:
            check_coordinates([width, height], where=f"{source}, $.{w}" if source else f"$.{w}")
            return width, height
    return None


def automobile_to_observation(data: Any, *, source: str = "") -> Observation:
    """An AutoMobile observe result (decoded JSON) as an Observation (module docstring)."""
    if not is_automobile(data):
        raise _fail("not an AutoMobile observation (no viewHierarchy)", "$", source)
    if isinstance(data.get("viewHierarchy"), dict):
        hierarchy, base = data["viewHierarchy"].get("hierarchy"), "$.viewHierarchy.hierarchy"
    else:
        hierarchy, base = data["hierarchy"], "$.hierarchy"
        data = {"viewHierarchy": data}
    if not isinstance(hierarchy, dict):
        raise _fail("hierarchy must be an object", base, source)
    raw_windows = hierarchy.get("node")
    if raw_windows is not None and not isinstance(raw_windows, dict | list):
        raise _fail("node must be an object or a list of them", f"{base}.node", source)
    package = (
        _field(data, "activeWindow.appId", str, source)
        or _field(data, "viewHierarchy.packageName", str, source)
        or ""
    )
    activity = _field(data, "activeWindow.activityName", str, source) or ""
    foreground = _field(data, "viewHierarchy.foregroundActivity", str, source) or ""
    if not activity and "/" in foreground:
        activity = foreground.split("/", 1)[1]
    reader = _Reader(source)
    listed = raw_windows if isinstance(raw_windows, list) else [raw_windows]
    windows = tuple(
        reader.node(
            raw,
            f"{base}.node[{i}]" if isinstance(raw_windows, list) else f"{base}.node",
            0,
            _window_package(raw, package),
        )
        for i, raw in enumerate(listed)
        if raw is not None
    )
    windows = _apply_focus(windows, data, source)
    # A uiautomator dump holds no input method window; its frame is the keyboard (as the
    # device backends read it from the window manager), its keys are no part of the screen.
    ime = tuple(w for w in windows if _is_ime(w))
    windows = tuple(w for w in windows if not _is_ime(w))
    rotation = _field(data, "rotation", int, source)
    if rotation is None:
        rotation = _field(data, "viewHierarchy.rotation", int, source) or 0
    check_rotation(rotation, where=f"{source}, $.rotation" if source else "$.rotation")
    updated = data.get("updatedAt")
    captured_at = (
        updated / 1000 if type(updated) in (int, float) and math.isfinite(updated) else None
    )
    obs = build_observation(
        windows,
        rotation=rotation,
        source=source or "automobile",
        screen=_screen(data, source),
        activity=activity,
        captured_at=captured_at,
    )
    return replace(obs, package=package or obs.package, keyboard=_keyboard(ime))


__all__ = ["automobile_to_observation", "is_automobile"]
