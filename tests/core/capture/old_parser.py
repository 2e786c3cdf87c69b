"""The uiautomator parser as it was before lxml (commit a89e004): the oracle the new one must match.

A frozen copy, not maintained: the tests in this folder compare
:func:`deltarec.core.capture.uiautomator.parse_uiautomator` with :func:`parse` on real,
synthetic and generated dumps. Only ``MAX_DEPTH`` differs from the original
(512 then): it is the shared limit now, so deep dumps compare too; and the screen's size
inferred from a window flush with the left edge (issue 18, round 7: an app in split
screen's lower half is no floating window whose margins mirror), as the parser infers it.
"""

# ruff: noqa

from __future__ import annotations

import re
import xml.parsers.expat

from deltarec.core.capture.roles import DIALOG_CUES, role_for_class
from deltarec.core.capture.boundary import MAX_DEPTH as _LIMIT
from deltarec.core.errors import CaptureParseError
from deltarec.core.observe.model import EMPTY_BOUNDS, FLAG_ATTRIBUTES, Bounds, Node, Observation

MAX_DEPTH = _LIMIT
"""Deeper nesting than this is refused (real Android trees stay well under 100)."""

MAX_BYTES = 64 * 1024 * 1024
"""Larger input than this is refused before parsing."""

_BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")
_TRUE = frozenset({"true", "1", "yes", "on"})
_FALSE = frozenset({"false", "0", "no", "off", ""})
_KNOWN_ATTRIBUTES = frozenset(
    {"class", "resource-id", "text", "content-desc", "package", "bounds"}
    | {name for name, _ in FLAG_ATTRIBUTES}
)


class _Refused(Exception):
    """Raised inside expat callbacks; turned into CaptureParseError with a line number."""


_FAST_BOOL = {"true": True, "false": False}


def parse_bool(value: str, *, name: str) -> bool:
    """Read a boolean-ish attribute: "true"/"1"/"yes"/"on" or "false"/"0"/"no"/"off"/""."""
    fast = _FAST_BOOL.get(value)
    if fast is not None:
        return fast
    low = value.strip().lower()
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    raise _Refused(f"attribute {name}={value!r} is not a boolean")


def parse_bounds(value: str) -> Bounds:
    """Read ``[l,t][r,b]``.

    Inverted boxes (``right < left``) are kept as they are: real dumps contain
    them (a view laid out off screen) and they simply have zero area.
    """
    match = _BOUNDS.fullmatch(value) or _BOUNDS.fullmatch(value.strip())
    if match is None:
        raise _Refused(f"bounds {value[:60]!r} is not of the form [l,t][r,b]")
    return Bounds(*map(int, match.groups()))


def _flag(attrs: dict[str, str], name: str) -> bool:
    value = attrs.get(name)
    if value is None:
        return name == "enabled"  # a missing flag takes Node's default
    fast = _FAST_BOOL.get(value)
    return fast if fast is not None else parse_bool(value, name=name)


def _node(attrs: dict[str, str], children: tuple[Node, ...]) -> Node:
    # Straight-line reads of the attributes every dump has: this runs once per
    # node and dominated parsing as a generic loop.
    get = attrs.get
    class_name = get("class", "")
    clickable, checkable = _flag(attrs, "clickable"), _flag(attrs, "checkable")
    bounds = get("bounds")
    unknown = attrs.keys() - _KNOWN_ATTRIBUTES
    return Node(
        role=role_for_class(class_name, clickable=clickable, checkable=checkable),
        class_name=class_name,
        resource_id=get("resource-id", ""),
        text=get("text", ""),
        content_desc=get("content-desc", ""),
        package=get("package", ""),
        bounds=EMPTY_BOUNDS if bounds is None else parse_bounds(bounds),
        checkable=checkable,
        checked=_flag(attrs, "checked"),
        clickable=clickable,
        enabled=_flag(attrs, "enabled"),
        focusable=_flag(attrs, "focusable"),
        focused=_flag(attrs, "focused"),
        scrollable=_flag(attrs, "scrollable"),
        long_clickable=_flag(attrs, "long-clickable"),
        password=_flag(attrs, "password"),
        selected=_flag(attrs, "selected"),
        children=children,
        extras=tuple(sorted((k, attrs[k]) for k in unknown)) if unknown else (),
    )


class _Builder:
    def __init__(self) -> None:
        self.rotation = 0
        self.seen_root = False
        self.closed_root = False
        self.stack: list[tuple[dict[str, str], list[Node]]] = []
        self.windows: list[Node] = []

    def start(self, name: str, attrs: dict[str, str]) -> None:
        if not self.seen_root:
            if name != "hierarchy":
                raise _Refused(f"root element is <{name}>, expected <hierarchy>")
            self.seen_root = True
            rotation = attrs.get("rotation", "0").strip() or "0"
            if not rotation.lstrip("-").isdigit():
                raise _Refused(f"rotation {rotation!r} is not an integer")
            self.rotation = int(rotation) % 4
            return
        if name != "node":
            raise _Refused(f"unexpected element <{name}> (only <node> may nest)")
        if len(self.stack) >= MAX_DEPTH:
            raise _Refused(f"nesting deeper than {MAX_DEPTH} levels")
        self.stack.append((attrs, []))

    def end(self, name: str) -> None:
        if name == "hierarchy":
            self.closed_root = True
            return
        attrs, children = self.stack.pop()
        node = _node(attrs, tuple(children))
        if self.stack:
            self.stack[-1][1].append(node)
        else:
            self.windows.append(node)

    def text(self, data: str) -> None:
        if data.strip():
            raise _Refused(f"unexpected text {data.strip()[:40]!r} between elements")


def _refuse_doctype(*_: object) -> None:
    raise _Refused("DOCTYPE declarations are not allowed in a UI dump (entities are refused)")


def _refuse_entity(*_: object) -> None:
    raise _Refused("entity declarations are not allowed in a UI dump")


def parse(
    xml_text: str | bytes, *, source: str = "", screen: tuple[int, int] | None = None
) -> Observation:
    """Parse one ``uiautomator dump`` into an Observation.

    ``screen`` overrides the screen size; otherwise it is inferred from the
    window bounds (a lone floating window, as in a dialog-only dump, is assumed
    to be centred horizontally and vertically). Cost: linear in the input.
    Raises :class:`CaptureParseError` for anything that is not a well-formed,
    entity-free uiautomator hierarchy.
    """
    data = xml_text.encode("utf-8") if isinstance(xml_text, str) else xml_text
    where = source or "<dump>"
    if len(data) > MAX_BYTES:
        raise CaptureParseError(
            f"dump is {len(data)} bytes, over the {MAX_BYTES} limit", where=where
        )
    if not data.strip():
        raise CaptureParseError("dump is empty", where=where)
    builder = _Builder()
    parser = xml.parsers.expat.ParserCreate()
    parser.StartDoctypeDeclHandler = _refuse_doctype
    parser.EntityDeclHandler = _refuse_entity
    parser.ExternalEntityRefHandler = _refuse_entity  # type: ignore[assignment]
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.text
    try:
        parser.Parse(data, True)
    except _Refused as exc:
        raise CaptureParseError(
            str(exc), where=f"{where} line {parser.CurrentLineNumber}"
        ) from None
    except xml.parsers.expat.ExpatError as exc:
        reason = xml.parsers.expat.errors.messages[exc.code]
        raise CaptureParseError(
            f"malformed XML: {reason}", where=f"{where} line {exc.lineno} column {exc.offset}"
        ) from exc
    if not builder.closed_root:
        raise CaptureParseError("dump ended before </hierarchy>", where=where)
    return build_observation(
        tuple(builder.windows), rotation=builder.rotation, source=source, screen=screen
    )


def build_observation(
    windows: tuple[Node, ...],
    *,
    rotation: int = 0,
    source: str = "",
    screen: tuple[int, int] | None = None,
    activity: str = "",
    captured_at: float | None = None,
) -> Observation:
    """Wrap window roots into an Observation, inferring screen size and dialogs."""
    width, height = screen if screen else _infer_screen(windows)
    windows = tuple(_mark_dialog(w, width, height) for w in windows)
    package = next((w.package for w in reversed(windows) if w.package), "")
    return Observation(
        windows=windows,
        width=width,
        height=height,
        rotation=rotation,
        package=package,
        activity=activity,
        captured_at=captured_at,
        source=source,
    )


def _infer_screen(windows: tuple[Node, ...]) -> tuple[int, int]:
    width = height = 0
    for window in windows:
        b = window.bounds
        if b == EMPTY_BOUNDS:
            continue
        # A floating window (dialog-only dump) sits centred: mirror its margins.
        floats = b.left > 0 and b.top > 0
        width = max(width, b.right + (b.left if floats else 0))
        height = max(height, b.bottom + (b.top if floats else 0))
    return width, height


def _mark_dialog(window: Node, width: int, height: int) -> Node:
    """Give a window root the role "dialog" when it is an alert-style or floating window."""
    if window.role == "dialog":
        return window
    b = window.bounds
    floating = b.left > 0 and b.top > 0 and b.right < width and b.bottom < height
    cued = any(n.resource_id in DIALOG_CUES for n in window.walk())
    if floating or (cued and b.area < width * height * 0.9):
        return _replace_role(window, "dialog")
    return window


def _replace_role(node: Node, role: str) -> Node:
    from dataclasses import replace

    return replace(node, role=role)
