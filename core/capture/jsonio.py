"""Observation JSON (what deltarec writes) and loading any supported capture.

Observation JSON: ``{"format": "deltarec.observation/1", "width", "height",
"rotation", "package", "activity", "capturedAt", "source", "windows": [node]}``
where a node is ``{"attributes": {...}, "children": [node]}`` with the
attribute names of :func:`core.model.node_attributes`.

:func:`load_capture` accepts uiautomator XML, observation JSON, or a JSON list
of element dicts (or ``{"elements": [...]}``), sniffed from the content.

    >>> from core.capture.uiautomator import parse_uiautomator
    >>> obs = parse_uiautomator('<hierarchy><node text="a" bounds="[0,0][5,5]"/></hierarchy>')
    >>> observation_from_json(observation_to_json(obs)) == obs
    True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.capture.elements import elements_to_observation
from core.capture.uiautomator import MAX_BYTES, parse_uiautomator
from core.errors import CaptureParseError
from core.model import Bounds, Node, Observation, node_attributes, node_from_attributes

FORMAT = "deltarec.observation/1"
MAX_JSON_DEPTH = 200


def _node_json(node: Node) -> dict[str, Any]:
    return {"attributes": node_attributes(node), "children": [_node_json(c) for c in node.children]}


def observation_to_json(obs: Observation) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "width": obs.width,
        "height": obs.height,
        "rotation": obs.rotation,
        "package": obs.package,
        "activity": obs.activity,
        "capturedAt": obs.captured_at,
        "source": obs.source,
        **({"keyboard": obs.keyboard.as_list()} if obs.keyboard is not None else {}),
        "windows": [_node_json(w) for w in obs.windows],
    }


def _node_from(data: Any, path: str, depth: int) -> Node:
    if not isinstance(data, dict) or not isinstance(data.get("attributes"), dict):
        raise CaptureParseError("a node must be {attributes, children}", where=path)
    if depth > MAX_JSON_DEPTH:
        raise CaptureParseError(f"nodes nest deeper than {MAX_JSON_DEPTH}", where=path)
    kids = data.get("children", [])
    if not isinstance(kids, list):
        raise CaptureParseError("children must be a list", where=f"{path}.children")
    attrs = data["attributes"]
    bounds = attrs.get("bounds", [0, 0, 0, 0])
    if not (
        isinstance(bounds, list) and len(bounds) == 4 and all(isinstance(v, int) for v in bounds)
    ):
        raise CaptureParseError("bounds must be four integers", where=f"{path}.attributes.bounds")
    children = tuple(_node_from(k, f"{path}.children[{i}]", depth + 1) for i, k in enumerate(kids))
    return node_from_attributes(attrs, children)


def _keyboard(value: Any) -> Bounds | None:
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 4 and all(isinstance(v, int) for v in value)):
        raise CaptureParseError("keyboard must be four integers", where="$.keyboard")
    return Bounds(*value)


def observation_from_json(data: Any) -> Observation:
    """Inverse of :func:`observation_to_json`; errors name the JSON path."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CaptureParseError(f"not a {FORMAT} document", where="$.format")
    windows = data.get("windows")
    if not isinstance(windows, list):
        raise CaptureParseError("windows must be a list", where="$.windows")
    try:
        return Observation(
            windows=tuple(_node_from(w, f"$.windows[{i}]", 0) for i, w in enumerate(windows)),
            width=int(data.get("width", 0)),
            height=int(data.get("height", 0)),
            rotation=int(data.get("rotation", 0)),
            package=str(data.get("package", "")),
            activity=str(data.get("activity", "")),
            captured_at=data.get("capturedAt"),
            source=str(data.get("source", "")),
            keyboard=_keyboard(data.get("keyboard")),
        )
    except (TypeError, ValueError) as exc:
        raise CaptureParseError(f"bad screen fact: {exc}", where="$") from exc


def load_capture(content: str | bytes, *, source: str = "") -> Observation:
    """Parse XML, observation JSON or element JSON, whichever ``content`` is."""
    raw = content.encode("utf-8") if isinstance(content, str) else content
    if len(raw) > MAX_BYTES:
        raise CaptureParseError(
            f"input is {len(raw)} bytes, over the {MAX_BYTES} limit", where=source
        )
    head = raw.lstrip()[:1]
    if head == b"<":
        return parse_uiautomator(raw, source=source)
    if head in (b"{", b"["):
        try:
            data = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
            raise CaptureParseError(f"malformed JSON: {exc}", where=source or "<json>") from None
        if isinstance(data, dict) and data.get("format") == FORMAT:
            return observation_from_json(data)
        return elements_to_observation(data, source=source or "elements")
    raise CaptureParseError(
        "not a uiautomator dump, observation JSON or element list", where=source or "<input>"
    )


def read_capture(path: str | Path) -> Observation:
    """Load a capture file; a missing or unreadable file is a CaptureParseError."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise CaptureParseError(f"cannot read file: {exc.strerror}", where=str(p)) from exc
    return load_capture(data, source=str(p))
