"""The observation data model: immutable values for one captured frame.

A :class:`Node` is one UI element and its subtree; an :class:`Observation` is one
frame (a root node per window plus screen facts). Both are frozen, slotted
dataclasses with tuple fields, so they can be hashed, shared between threads
and compared with ``==``.

Attribute view: :func:`node_attributes` flattens a node's own attributes (not its
children) into the ``name -> value`` mapping that diffs and JSON use, and
:func:`node_from_attributes` is its inverse::

    >>> n = Node(role="button", class_name="android.widget.Button", text="OK",
    ...          bounds=Bounds(0, 0, 10, 10), clickable=True)
    >>> node_from_attributes(node_attributes(n), ()) == n
    True

Construction: a frozen dataclass's ``__init__`` stores each field through
``object.__setattr__`` (its own ``__setattr__`` refuses), about 0.2 µs a field: a
``Node`` of 19 fields cost 4 µs, a fifth of turning a small screen's element dicts into
a delta. So :class:`Node` and :class:`Bounds` keep their fields in the slots of a plain
base class, and ``__new__`` fills an instance of a second, mutable subclass of that base
with ordinary stores, then makes it a ``Node`` (``__class__`` assignment between two
classes of one layout): about 1 µs. What comes out is the same value as before — frozen
(``FrozenInstanceError`` on assignment), hashed and compared by its fields, a dataclass
to ``dataclasses.replace``, ``fields`` and pickle. A builder of many nodes calls
:func:`node_of` and :func:`bounds_of`, the same stores without the class call.

    >>> n.text = "Cancel"
    Traceback (most recent call last):
    dataclasses.FrozenInstanceError: cannot assign to field 'text'
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

AttrValue = str | bool | int | list[int]

_new = object.__new__

FLAG_ATTRIBUTES: tuple[tuple[str, str], ...] = (
    ("checkable", "checkable"),
    ("checked", "checked"),
    ("clickable", "clickable"),
    ("enabled", "enabled"),
    ("focusable", "focusable"),
    ("focused", "focused"),
    ("scrollable", "scrollable"),
    ("long-clickable", "long_clickable"),
    ("password", "password"),
    ("selected", "selected"),
)
"""(dump attribute name, Node field name) for every boolean state flag."""

TEXT_ATTRIBUTES: tuple[tuple[str, str], ...] = (
    ("role", "role"),
    ("class", "class_name"),
    ("resource-id", "resource_id"),
    ("text", "text"),
    ("content-desc", "content_desc"),
    ("package", "package"),
)
"""(attribute name, Node field name) for every string attribute Node models."""


class _BoundsSlots:
    """The storage of :class:`Bounds`: its fields as plain slots (see "Construction")."""

    __slots__ = ("bottom", "left", "right", "top")
    left: int
    top: int
    right: int
    bottom: int


class _BoundsBuild(_BoundsSlots):
    __slots__ = ()


@dataclass(frozen=True, slots=True, init=False)
class Bounds(_BoundsSlots):
    """A screen rectangle, half-open: ``left <= x < right``, ``top <= y < bottom``."""

    left: int
    top: int
    right: int
    bottom: int

    def __new__(cls, left: int, top: int, right: int, bottom: int) -> Bounds:
        self = _new(_BoundsBuild)  # see "Construction" in the module docstring
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
        self.__class__ = cls  # type: ignore[assignment]
        return self  # type: ignore[return-value]

    def __getnewargs__(self) -> tuple[int, int, int, int]:
        """What pickle and copy pass to ``__new__`` (it has no defaults)."""
        return (self.left, self.top, self.right, self.bottom)

    # width, height and area are read for every node by every stage: no max(), no nested
    # property calls.
    @property
    def width(self) -> int:
        w = self.right - self.left
        return w if w > 0 else 0

    @property
    def height(self) -> int:
        h = self.bottom - self.top
        return h if h > 0 else 0

    @property
    def area(self) -> int:
        w, h = self.right - self.left, self.bottom - self.top
        return w * h if w > 0 and h > 0 else 0

    @property
    def center(self) -> tuple[int, int]:
        return ((self.left + self.right) // 2, (self.top + self.bottom) // 2)

    def contains_point(self, x: int, y: int) -> bool:
        return self.left <= x < self.right and self.top <= y < self.bottom

    def intersection(self, other: Bounds) -> int:
        """Area shared with ``other`` (0 when they do not overlap)."""
        w = min(self.right, other.right) - max(self.left, other.left)
        h = min(self.bottom, other.bottom) - max(self.top, other.top)
        return w * h if w > 0 and h > 0 else 0

    def iou(self, other: Bounds) -> float:
        """Intersection over union; two equal boxes (even empty ones) score 1.0."""
        if self == other:
            return 1.0
        inter = self.intersection(other)
        union = self.area + other.area - inter
        return inter / union if union else 0.0

    def as_list(self) -> list[int]:
        return [self.left, self.top, self.right, self.bottom]


EMPTY_BOUNDS = Bounds(0, 0, 0, 0)


class _NodeSlots:
    """The storage of :class:`Node`: its fields as plain slots (see "Construction")."""

    __slots__ = (
        "bounds",
        "checkable",
        "checked",
        "children",
        "class_name",
        "clickable",
        "content_desc",
        "enabled",
        "extras",
        "focusable",
        "focused",
        "long_clickable",
        "package",
        "password",
        "resource_id",
        "role",
        "scrollable",
        "selected",
        "text",
    )
    role: str
    class_name: str
    resource_id: str
    text: str
    content_desc: str
    package: str
    bounds: Bounds
    checkable: bool
    checked: bool
    clickable: bool
    enabled: bool
    focusable: bool
    focused: bool
    scrollable: bool
    long_clickable: bool
    password: bool
    selected: bool
    children: tuple[Node, ...]
    extras: tuple[tuple[str, str], ...]


class _NodeBuild(_NodeSlots):
    __slots__ = ()


@dataclass(frozen=True, slots=True, init=False)
class Node(_NodeSlots):
    """One UI element and its subtree.

    ``role`` is the normalised kind (button, textbox, switch, checkbox, text,
    image, list, dialog, container, …); ``class_name`` the platform class.
    ``extras`` holds attributes the model does not name (sorted ``(name, value)``
    pairs), so a dump survives a round trip.
    """

    role: str = "container"
    class_name: str = ""
    resource_id: str = ""
    text: str = ""
    content_desc: str = ""
    package: str = ""
    bounds: Bounds = EMPTY_BOUNDS
    checkable: bool = False
    checked: bool = False
    clickable: bool = False
    enabled: bool = True
    focusable: bool = False
    focused: bool = False
    scrollable: bool = False
    long_clickable: bool = False
    password: bool = False
    selected: bool = False
    children: tuple[Node, ...] = ()
    extras: tuple[tuple[str, str], ...] = ()

    def __new__(
        cls,
        role: str = "container",
        class_name: str = "",
        resource_id: str = "",
        text: str = "",
        content_desc: str = "",
        package: str = "",
        bounds: Bounds = EMPTY_BOUNDS,
        checkable: bool = False,
        checked: bool = False,
        clickable: bool = False,
        enabled: bool = True,
        focusable: bool = False,
        focused: bool = False,
        scrollable: bool = False,
        long_clickable: bool = False,
        password: bool = False,
        selected: bool = False,
        children: tuple[Node, ...] = (),
        extras: tuple[tuple[str, str], ...] = (),
    ) -> Node:
        self = node_of(  # see "Construction" in the module docstring
            role, class_name, resource_id, text, content_desc, package, bounds, checkable,
            checked, clickable, enabled, focusable, focused, scrollable, long_clickable,
            password, selected, children, extras,
        )  # fmt: skip
        if cls is not Node:
            self.__class__ = cls
        return self

    @property
    def name(self) -> str:
        """What a person would call the element: its text, else its description."""
        return self.text or self.content_desc

    @property
    def interactive(self) -> bool:
        """True when a user can act on the element (tap, type, toggle, scroll)."""
        return (
            self.clickable
            or self.long_clickable
            or self.checkable
            or self.scrollable
            or self.role in INTERACTIVE_ROLES
        )

    @property
    def editable(self) -> bool:
        return self.role == "textbox"

    def extra(self, name: str, default: str = "") -> str:
        for key, value in self.extras:
            if key == name:
                return value
        return default

    def walk(self) -> Iterator[Node]:
        """This node and every descendant, in document (pre-)order, without recursion."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


def node_of(
    role: str,
    class_name: str,
    resource_id: str,
    text: str,
    content_desc: str,
    package: str,
    bounds: Bounds,
    checkable: bool,
    checked: bool,
    clickable: bool,
    enabled: bool,
    focusable: bool,
    focused: bool,
    scrollable: bool,
    long_clickable: bool,
    password: bool,
    selected: bool,
    children: tuple[Node, ...],
    extras: tuple[tuple[str, str], ...],
    /,
) -> Node:
    """``Node(role, class_name, …, extras)``: every field given, in the field order, built
    as ``Node.__new__`` builds it but without the class call (``type.__call__`` runs
    ``__new__`` and then ``object.__init__`` with the nineteen arguments: a third of a
    node's construction). What a builder of a frame's nodes calls, a node per element.

        >>> n = Node(role="button", text="OK", bounds=Bounds(0, 0, 9, 9))
        >>> node_of(*(getattr(n, f) for f in Node.__dataclass_fields__)) == n
        True
    """
    self = _new(_NodeBuild)
    self.role = role
    self.class_name = class_name
    self.resource_id = resource_id
    self.text = text
    self.content_desc = content_desc
    self.package = package
    self.bounds = bounds
    self.checkable = checkable
    self.checked = checked
    self.clickable = clickable
    self.enabled = enabled
    self.focusable = focusable
    self.focused = focused
    self.scrollable = scrollable
    self.long_clickable = long_clickable
    self.password = password
    self.selected = selected
    self.children = children
    self.extras = extras
    self.__class__ = Node  # type: ignore[assignment]
    return self  # type: ignore[return-value]


def bounds_of(left: int, top: int, right: int, bottom: int, /) -> Bounds:
    """``Bounds(left, top, right, bottom)`` without the class call (:func:`node_of`).

    >>> bounds_of(0, 1, 2, 3) == Bounds(0, 1, 2, 3)
    True
    """
    self = _new(_BoundsBuild)
    self.left = left
    self.top = top
    self.right = right
    self.bottom = bottom
    self.__class__ = Bounds  # type: ignore[assignment]
    return self  # type: ignore[return-value]


def boxed_node_of(
    role: str,
    class_name: str,
    resource_id: str,
    text: str,
    content_desc: str,
    package: str,
    flags: tuple[bool, bool, bool, bool, bool, bool, bool, bool, bool, bool],
    left: int,
    top: int,
    right: int,
    bottom: int,
    children: tuple[Node, ...],
    extras: tuple[tuple[str, str], ...],
    /,
) -> Node:
    """``node_of(role, …, package, bounds_of(left, top, right, bottom), *flags, children,
    extras)`` in one call: ``flags`` are the ten state flags in the field order. What the
    dump reader calls for a tag it read before but for its box (a row pushed down or
    scrolled: most new nodes of a big step), without the second call and the flags'
    unpacking into arguments (issue 19).

        >>> n = Node(role="button", text="OK", bounds=Bounds(0, 1, 2, 3), clickable=True)
        >>> flags = (False, False, True, True, False, False, False, False, False, False)
        >>> boxed_node_of("button", "", "", "OK", "", "", flags, 0, 1, 2, 3, (), ()) == n
        True
    """
    box = _new(_BoundsBuild)
    box.left = left
    box.top = top
    box.right = right
    box.bottom = bottom
    box.__class__ = Bounds  # type: ignore[assignment]
    self = _new(_NodeBuild)
    self.role = role
    self.class_name = class_name
    self.resource_id = resource_id
    self.text = text
    self.content_desc = content_desc
    self.package = package
    self.bounds = box  # type: ignore[assignment]
    (
        self.checkable,
        self.checked,
        self.clickable,
        self.enabled,
        self.focusable,
        self.focused,
        self.scrollable,
        self.long_clickable,
        self.password,
        self.selected,
    ) = flags
    self.children = children
    self.extras = extras
    self.__class__ = Node  # type: ignore[assignment]
    return self  # type: ignore[return-value]


INTERACTIVE_ROLES = frozenset(
    {"button", "textbox", "switch", "checkbox", "radio", "link", "tab", "slider", "dropdown"}
)
"""Roles that are interactive whatever their flags say (a list only when scrollable)."""


@dataclass(frozen=True, slots=True)
class Observation:
    """One captured frame: a root :class:`Node` per window plus screen facts.

    ``windows`` are in dump order (bottom-most first). ``width``/``height`` are the
    screen size in pixels for the current ``rotation`` (0, 1, 2, 3 quarter turns).
    ``package``/``activity`` name the foreground app when known ("" otherwise).
    ``keyboard`` is the on-screen keyboard's frame while it shows (None when hidden or
    unknown): the input method's window is absent from ``uiautomator dump``, so
    backends read it from the window manager.
    """

    windows: tuple[Node, ...]
    width: int = 0
    height: int = 0
    rotation: int = 0
    package: str = ""
    activity: str = ""
    captured_at: float | None = None
    source: str = ""
    meta: tuple[tuple[str, str], ...] = field(default=())
    keyboard: Bounds | None = None

    def walk(self) -> Iterator[Node]:
        """Every node of every window, in document order."""
        for window in self.windows:
            yield from window.walk()

    @property
    def screen(self) -> Bounds:
        return Bounds(0, 0, self.width, self.height)


OWN_FIELDS = tuple(f for f in Node.__dataclass_fields__ if f != "children")
own_fields = operator.attrgetter(*OWN_FIELDS)
"""``own_fields(node)``: a tuple of every field but ``children``; equal tuples, equal attributes."""


def node_attributes(node: Node) -> dict[str, AttrValue]:
    """The node's own attributes (no children) as a flat ``name -> value`` mapping."""
    attrs: dict[str, AttrValue] = {}
    for name, fld in TEXT_ATTRIBUTES:
        attrs[name] = getattr(node, fld)
    for name, fld in FLAG_ATTRIBUTES:
        attrs[name] = getattr(node, fld)
    attrs["bounds"] = node.bounds.as_list()
    for key, value in node.extras:
        attrs[key] = value
    return attrs


ATTRIBUTE_OF_FIELD = {fld: name for name, fld in (*TEXT_ATTRIBUTES, *FLAG_ATTRIBUTES)}
ATTRIBUTE_OF_FIELD["bounds"] = "bounds"
"""Node field name -> attribute name (``long_clickable`` -> ``long-clickable``)."""

_KNOWN = {name for name, _ in TEXT_ATTRIBUTES} | {name for name, _ in FLAG_ATTRIBUTES} | {"bounds"}


def node_from_attributes(attrs: Mapping[str, AttrValue], children: tuple[Node, ...]) -> Node:
    """Inverse of :func:`node_attributes` (missing attributes take their defaults)."""
    kwargs: dict[str, object] = {}
    for name, fld in TEXT_ATTRIBUTES:
        if name in attrs:
            kwargs[fld] = str(attrs[name])
    for name, fld in FLAG_ATTRIBUTES:
        if name in attrs:
            kwargs[fld] = bool(attrs[name])
    raw = attrs.get("bounds")
    if isinstance(raw, list) and len(raw) == 4:
        kwargs["bounds"] = Bounds(*(int(v) for v in raw))
    extras = tuple(sorted((k, str(v)) for k, v in attrs.items() if k not in _KNOWN))
    return Node(children=children, extras=extras, **kwargs)  # type: ignore[arg-type]
