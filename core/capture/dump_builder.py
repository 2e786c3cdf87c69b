"""Build :class:`~deltarec.core.observe.model.Node` values from the events of an XML parser.

:class:`DumpBuilder` takes ``start(name, attrs)`` / ``end(name)`` / ``data(text)``
events in document order and keeps a stack of open nodes; a node is built
when its element closes, so its children are already built. The same object
serves as an lxml parser *target* and as expat's handlers (see
:mod:`deltarec.core.capture.uiautomator`), so both parsers build exactly the same nodes.

Anything that is not a uiautomator hierarchy raises :class:`Refused`; the
parser driver turns it into a :class:`~deltarec.core.errors.CaptureParseError` with the
line.

    >>> b = DumpBuilder()
    >>> b.start("hierarchy", {"rotation": "1"})
    >>> b.start("node", {"class": "android.widget.Switch", "checkable": "true"})
    >>> b.end("node"); b.end("hierarchy")
    >>> b.rotation, b.windows[0].role, b.windows[0].checkable
    (1, 'switch', True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from operator import itemgetter
from typing import cast

from deltarec.core.capture.boundary import MAX_DEPTH, number
from deltarec.core.capture.field_checks import check_coordinates, check_rotation
from deltarec.core.capture.roles import DIALOG_CUES, role_for_class
from deltarec.core.observe.model import (
    EMPTY_BOUNDS,
    FLAG_ATTRIBUTES,
    Bounds,
    Node,
    bounds_of,
    node_of,
)

_BOUNDS = re.compile(r"\[(-?[0-9]{1,9}),(-?[0-9]{1,9})\]\[(-?[0-9]{1,9}),(-?[0-9]{1,9})\]")
"""The common shape, read without checks: ASCII digits, short enough to be in range (2^31)."""
_ANY_BOUNDS = re.compile(r"\[([^,\]]*),([^\]]*)\]\[([^,\]]*),([^\]]*)\]")
_TRUE = frozenset({"true", "1", "yes", "on"})
_FALSE = frozenset({"false", "0", "no", "off", ""})
_FAST_BOOL = {"true": True, "false": False}
_FLAG_NAMES = tuple(name for name, _ in FLAG_ATTRIBUTES)
_KNOWN_ATTRIBUTES = frozenset(
    {"class", "resource-id", "text", "content-desc", "package", "bounds", *_FLAG_NAMES}
)


class Refused(Exception):
    """The input is not a uiautomator hierarchy; the message says why (no line yet)."""


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
    raise Refused(f"attribute {name}={value!r} is not a boolean")


def parse_bounds(value: str) -> Bounds:
    """Read ``[l,t][r,b]``.

    Each coordinate must fit Android's 32-bit int (±2^31); a larger one is refused.
    Inverted boxes (``right < left``) are kept as written: real dumps contain them
    (a view laid out off screen); they have zero area and count as empty everywhere
    (never a floating window or a dialog, no part of the inferred screen size).
    """
    fast = _BOUNDS.fullmatch(value)
    if fast is not None:  # ASCII digits, at most 18: in range without a check
        return Bounds(*map(int, fast.groups()))
    match = _ANY_BOUNDS.fullmatch(value.strip())
    if match is None:
        raise Refused(f"bounds {value[:60]!r} is not of the form [l,t][r,b]")
    try:
        values = [int(number(v, where="", error=_refused, integer=True)) for v in match.groups()]
        check_coordinates(values, where="", error=_refused)
        return Bounds(*values)
    except Refused as exc:
        raise Refused(f"bounds {value[:60]!r}: {exc}") from None


def _refused(problem: str, where: str) -> Exception:
    return Refused(problem)


def _flag(attrs: Mapping[str, str], name: str) -> bool:
    value = attrs.get(name)
    if value is None:
        return name == "enabled"  # a missing flag takes Node's default
    fast = _FAST_BOOL.get(value)
    return fast if fast is not None else parse_bool(value, name=name)


def node_from_dump(attrs: Mapping[str, str], children: tuple[Node, ...]) -> Node:
    """The Node of one ``<node>`` element: any attributes, any spelling of the flags.

    Missing attributes take Node's defaults; unknown ones go to ``extras``,
    sorted by name. This is the reference; :func:`build_node` takes a
    shortcut for the common shape and must agree with it.
    """
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
        extras=_extras(attrs, unknown) if unknown else (),
    )


def _extras(attrs: Mapping[str, str], unknown: Iterable[str]) -> tuple[tuple[str, str], ...]:
    if any(name[0] == "{" for name in unknown):
        # lxml's spelling of a namespaced name ("{uri}lang" for "xml:lang"); no XML name
        # starts with "{", so expat never gets here: the driver asks expat to decide.
        raise Refused("namespaced attribute")
    return tuple(sorted((name, attrs[name]) for name in unknown))


# The shortcut: a real dump writes every known attribute on every node, the flags
# as "true"/"false", plus "index" (and on newer Androids a few more). Reading them
# with two C-level itemgetters and looking the ten flag strings up as one tuple
# takes about a third less time than node_from_dump's generic reads.
_TEXTS = itemgetter("class", "resource-id", "text", "content-desc", "package", "bounds")
_FLAGS = itemgetter(*_FLAG_NAMES)
_NODE_FIELDS = (
    *("role", "class_name", "resource_id", "text", "content_desc", "package", "bounds"),
    *(field for _, field in FLAG_ATTRIBUTES),
    *("children", "extras"),
)
if tuple(Node.__dataclass_fields__)[: len(_NODE_FIELDS)] != _NODE_FIELDS:
    # assemble calls Node positionally, in this order.
    raise ImportError("deltarec.core.observe.model.Node reordered its fields; update assemble")
Flags = tuple[bool, bool, bool, bool, bool, bool, bool, bool, bool, bool]
"""The ten of :data:`~deltarec.core.observe.model.FLAG_ATTRIBUTES`, in that order."""
_FLAG_TUPLES: dict[tuple[str, ...], Flags] = {}
"""("true", "false", …) → (True, False, …) for the combinations seen (at most 2**10)."""


def read_flags(values: tuple[str, ...]) -> Flags:
    """The ten flags spelled "true" or "false"; KeyError for any other spelling."""
    flags = _FLAG_TUPLES.get(values)
    if flags is None:
        if len(values) != len(_FLAG_NAMES) or not all(v in _FAST_BOOL for v in values):
            raise KeyError(values)  # another spelling: the reference path reads it
        flags = _FLAG_TUPLES[values] = cast(Flags, tuple(v == "true" for v in values))
    return flags


def read_rotation(attrs: Mapping[str, str]) -> int:
    """The ``rotation`` of a ``<hierarchy>`` element: 0-3, "" or missing read as 0."""
    rotation = attrs.get("rotation", "0").strip() or "0"
    if not (rotation.isascii() and rotation.lstrip("-").isdigit()):  # not "²"
        raise Refused(f"rotation {rotation[:40]!r} is not an integer")
    turns = int(number(rotation, where="", error=_refused, integer=True))
    return check_rotation(turns, where="", error=_refused)


def build_node(attrs: Mapping[str, str], kids: tuple[Node, ...]) -> Node:
    """:func:`node_from_dump`'s Node, by a shortcut when the element has the common shape."""
    try:
        class_name, resource_id, text, desc, package, bounds = _TEXTS(attrs)
        values = _FLAGS(attrs)
        flags = read_flags(values)
        box = _BOUNDS.fullmatch(bounds)
        if box is None:
            raise KeyError(bounds)  # spaces around it, or refused by parse_bounds
    except KeyError:  # a missing attribute or an unusual spelling
        return node_from_dump(attrs, kids)
    size = len(attrs)
    if size == 16:  # exactly the known attributes
        extras: tuple[tuple[str, str], ...] = ()
    elif size == 17 and "index" in attrs:
        extras = (("index", attrs["index"]),)
    else:
        extras = _extras(attrs, attrs.keys() - _KNOWN_ATTRIBUTES)
    return assemble(class_name, resource_id, text, desc, package, box.groups(), flags, kids, extras)


def assemble(
    class_name: str,
    resource_id: str,
    text: str,
    desc: str,
    package: str,
    box: Sequence[str] | Sequence[bytes],
    flags: Flags,
    kids: tuple[Node, ...],
    extras: tuple[tuple[str, str], ...],
) -> Node:
    """The Node of values already read: ``box`` the four coordinates as ASCII digits (in
    range; text or bytes), ``flags`` the ten of
    :data:`~deltarec.core.observe.model.FLAG_ATTRIBUTES`."""
    left, top, right, bottom = box
    return node_of(  # Node(...) without the class call: a node per new tag
        role_for_class(class_name, clickable=flags[2], checkable=flags[0]),
        class_name,
        resource_id,
        text,
        desc,
        package,
        bounds_of(int(left), int(top), int(right), int(bottom)),
        *flags,
        kids,
        extras,
    )


class DumpBuilder:
    """Parser events in, window roots out (``windows``, ``rotation``, ``dialog_cued``).

    ``dialog_cued[i]`` says whether window ``i`` holds a node whose resource id
    is an AlertDialog cue, so the caller need not walk the tree again.
    """

    __slots__ = ("_attrs", "_cued", "_kids", "closed_root", "dialog_cued", "rotation", "seen_root")

    def __init__(self) -> None:
        self.rotation = 0
        self.seen_root = False
        self.closed_root = False
        self.dialog_cued: list[bool] = []
        self._cued = False
        self._attrs: list[Mapping[str, str]] = []
        # _kids[0] collects the window roots; _kids[d] the children of the open node at depth d.
        self._kids: list[list[Node]] = [[]]

    @property
    def windows(self) -> tuple[Node, ...]:
        return tuple(self._kids[0])

    def start(self, name: str, attrs: Mapping[str, str]) -> None:
        if name == "node" and self.seen_root:
            if len(self._attrs) >= MAX_DEPTH:
                raise Refused(f"nesting deeper than {MAX_DEPTH} levels")
            self._attrs.append(attrs)
            self._kids.append([])
            return
        if self.seen_root:
            raise Refused(f"unexpected element <{name}> (only <node> may nest)")
        if name != "hierarchy":
            raise Refused(f"root element is <{name}>, expected <hierarchy>")
        self.seen_root = True
        self.rotation = read_rotation(attrs)

    def end(self, name: str) -> None:
        if name == "hierarchy":
            self.closed_root = True
            return
        attrs = self._attrs.pop()
        node = build_node(attrs, tuple(self._kids.pop()))
        self._kids[-1].append(node)
        if node.resource_id in DIALOG_CUES:
            self._cued = True
        if not self._attrs:  # a window root
            self.dialog_cued.append(self._cued)
            self._cued = False

    def data(self, text: str) -> None:
        if text.strip():
            raise Refused(f"unexpected text {text.strip()[:40]!r} between elements")


__all__ = [
    "DumpBuilder",
    "Flags",
    "Refused",
    "assemble",
    "build_node",
    "node_from_dump",
    "parse_bool",
    "parse_bounds",
    "read_flags",
    "read_rotation",
]
