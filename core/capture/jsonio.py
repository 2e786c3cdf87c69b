"""Observation JSON (what deltarec writes) and loading any supported capture.

Observation JSON: ``{"format": "deltarec.observation/1", "width", "height",
"rotation", "package", "activity", "capturedAt", "source", "windows": [node]}``
where a node is ``{"attributes": {...}, "children": [node]}`` with the
attribute names of :func:`deltarec.core.observe.model.node_attributes`.

:func:`load_capture` accepts uiautomator XML (a dump, or an Appium page source:
:mod:`deltarec.core.capture.appium`), observation JSON, AutoMobile's observe
JSON (:mod:`deltarec.core.capture.automobile`), or a JSON list of element dicts (or
``{"elements": [...]}``), sniffed from the content.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> obs = parse_uiautomator('<hierarchy><node text="a" bounds="[0,0][5,5]"/></hierarchy>')
    >>> observation_from_json(observation_to_json(obs)) == obs
    True
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from deltarec.core.capture.automobile import automobile_to_observation, is_automobile
from deltarec.core.capture.boundary import MAX_BYTES, MAX_DEPTH, loads_json, read_bounded
from deltarec.core.capture.element_dicts import elements_to_observation
from deltarec.core.capture.field_checks import check_coordinates, check_rotation, checked_int
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.errors import CaptureParseError
from deltarec.core.observe.model import (
    FLAG_ATTRIBUTES,
    TEXT_ATTRIBUTES,
    Bounds,
    Node,
    Observation,
    node_attributes,
    node_from_attributes,
)

FORMAT = "deltarec.observation/1"
_FLAG_NAMES = frozenset(name for name, _ in FLAG_ATTRIBUTES)
_TEXT_NAMES = frozenset(name for name, _ in TEXT_ATTRIBUTES)


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
    if depth >= MAX_DEPTH:
        raise CaptureParseError(f"nodes nest deeper than {MAX_DEPTH} levels", where=path)
    kids = data.get("children", [])
    if not isinstance(kids, list):
        raise CaptureParseError("children must be a list", where=f"{path}.children")
    attrs = data["attributes"]
    bounds = attrs.get("bounds", [0, 0, 0, 0])
    if not (
        isinstance(bounds, list)
        and len(bounds) == 4
        and all(type(v) is int for v in bounds)  # not a bool, not a float
    ):
        raise CaptureParseError("bounds must be four integers", where=f"{path}.attributes.bounds")
    check_coordinates(bounds, where=f"{path}.attributes.bounds")
    for name, value in attrs.items():
        if name in _FLAG_NAMES and type(value) is not bool:  # "false" is not false
            raise CaptureParseError(
                f"{name} must be true or false, got {value!r:.40}", where=f"{path}.attributes"
            )
        if name in _TEXT_NAMES and not isinstance(value, str):
            raise CaptureParseError(f"{name} must be a string", where=f"{path}.attributes")
    children = tuple(_node_from(k, f"{path}.children[{i}]", depth + 1) for i, k in enumerate(kids))
    return node_from_attributes(attrs, children)


def _int_field(data: dict[str, Any], key: str) -> int:
    value = data.get(key, 0)
    if type(value) is not int:
        raise CaptureParseError(f"{key} must be an integer", where=f"$.{key}")
    return checked_int(value, where=f"$.{key}")


def _str_field(data: dict[str, Any], key: str) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise CaptureParseError(f"{key} must be a string", where=f"$.{key}")
    return value


def _keyboard(value: Any) -> Bounds | None:
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 4 and all(type(v) is int for v in value)):
        raise CaptureParseError("keyboard must be four integers", where="$.keyboard")
    check_coordinates(value, where="$.keyboard")
    return Bounds(*value)


def observation_from_json(data: Any) -> Observation:
    """Inverse of :func:`observation_to_json`; errors name the JSON path."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CaptureParseError(f"not a {FORMAT} document", where="$.format")
    windows = data.get("windows")
    if not isinstance(windows, list):
        raise CaptureParseError("windows must be a list", where="$.windows")
    captured_at = data.get("capturedAt")
    if captured_at is not None and (
        isinstance(captured_at, bool) or not isinstance(captured_at, int | float)
    ):
        raise CaptureParseError("capturedAt must be a number or null", where="$.capturedAt")
    return Observation(
        windows=tuple(_node_from(w, f"$.windows[{i}]", 0) for i, w in enumerate(windows)),
        width=_int_field(data, "width"),
        height=_int_field(data, "height"),
        rotation=check_rotation(_int_field(data, "rotation"), where="$.rotation"),
        package=_str_field(data, "package"),
        activity=_str_field(data, "activity"),
        captured_at=None if captured_at is None else float(captured_at),
        source=_str_field(data, "source"),
        keyboard=_keyboard(data.get("keyboard")),
    )


def load_capture(content: str | bytes, *, source: str = "") -> Observation:
    """Parse XML (a dump or an Appium page source), observation JSON, AutoMobile JSON or element
    JSON, whichever it is."""
    raw = content.encode("utf-8", "surrogatepass") if isinstance(content, str) else content
    if len(raw) > MAX_BYTES:
        raise CaptureParseError(f"input is over the {MAX_BYTES}-byte limit", where=source)
    # A byte-order mark only says UTF-8, as assumed; the parsers skip it themselves.
    head = raw.removeprefix(b"\xef\xbb\xbf").lstrip()[:1]
    if not head:
        raise CaptureParseError(
            "the input is empty (a failed pull or dump?)", where=source or "<input>"
        )
    encoding = _other_encoding(raw)
    if encoding:
        raise CaptureParseError(
            f"the file is {encoding} (its byte-order mark says so); a capture is UTF-8: pull it "
            "with adb pull, or save it as UTF-8 (Windows PowerShell's > writes UTF-16)",
            where=source or "<input>",
        )
    if head == b"<":
        return parse_uiautomator(_without_notice(raw), source=source)
    if head in (b"{", b"["):
        data = loads_json(raw, where=source or "<json>")
        try:
            if isinstance(data, dict) and data.get("format") == FORMAT:
                return observation_from_json(data)
            if is_automobile(data):
                return automobile_to_observation(data, source=source)
            return elements_to_observation(data, source=source or "elements")
        except CaptureParseError as exc:  # a JSON path: named in the input, as XML's lines are
            if not source or exc.where.startswith(source):
                raise
            where = f"{source}, {exc.where}" if exc.where else source
            raise CaptureParseError(exc.problem, where=where) from None
    raise CaptureParseError(
        "not a uiautomator dump, Appium page source, observation JSON, AutoMobile observation "
        f"or element list{_starts(raw)}",
        where=source or "<input>",
    )


def _starts(raw: bytes) -> str:
    """How unrecognised input starts (what a failed dump or adb printed instead): its first
    line, cut to 60 characters, control characters escaped."""
    first = raw[:240].decode("utf-8", "replace").strip().split("\n", 1)[0].strip()
    cut = "…" if len(first) > 60 else ""
    return f": it starts {first[:60]!r}{cut}" if first else ""


_NOTICE = re.compile(rb">\s*UI hier(?:chary|archy) dumped to: [^\r\n<>]*\s*\Z")
"""What ``uiautomator dump /dev/tty`` writes after the XML to the same stream (Android spells
it "hierchary"): ``adb exec-out uiautomator dump /dev/tty > screen.xml`` keeps it."""


def _without_notice(raw: bytes) -> bytes:
    """``raw`` without the dump's notice after its XML, if it ends with one."""
    if b"dumped to: " not in raw[-4096:]:
        return raw
    found = _NOTICE.search(raw, max(0, len(raw) - 4096))
    return raw if found is None else raw[: found.start() + 1]


_MARKS = (
    (b"\xff\xfe\x00\x00", "UTF-32"),
    (b"\x00\x00\xfe\xff", "UTF-32"),
    (b"\xff\xfe", "UTF-16"),
    (b"\xfe\xff", "UTF-16"),
)


def _other_encoding(raw: bytes) -> str:
    """The encoding a byte-order mark other than UTF-8's names, or ""."""
    return next((name for mark, name in _MARKS if raw.startswith(mark)), "")


def read_capture(path: str | Path) -> Observation:
    """Load a capture file; a missing or unreadable file is a CaptureParseError."""
    p = Path(path)
    return load_capture(read_bounded(p, limit=MAX_BYTES), source=str(p))
