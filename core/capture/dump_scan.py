"""A plain uiautomator dump read tag by tag, reusing the previous dump's nodes.

The fast path of :func:`~deltarec.core.capture.uiautomator.parse_uiautomator`. ``<`` never
occurs inside a tag of a well-formed dump (XML forbids it in attribute values), so
``data.split(b"<")`` cuts a dump into its tags at C speed, each with the white space after
it. Consecutive dumps of a screen are mostly the same tags, byte for byte, so
:func:`scan` keeps, from the last dump it read, each node by the bytes of its tag (and, for
a parent, by its children's identities): a tag seen before gives back the very
:class:`~deltarec.core.observe.model.Node` built for it, unread. A node is an immutable
value, and the same tag with the same children is the same value, so reusing it changes
nothing but the time. Each kept node is given out at most once a dump, so a tree never
holds one node object twice.

**Only the plain shape, else None.** A new tag is checked in full before it is read: an
ASCII element and attribute names without a colon, double-quoted values, the five
predefined entities and character references to characters XML allows, XML white space
between tags; a tag seen before was checked when it was first read. The document must
start with ``<``: an optional ``<?xml version="1.0" …?>`` declaration (UTF-8), then
``<hierarchy …>``, its ``<node>`` tags, ``</hierarchy>`` and white space. Anything else (a
comment, a DOCTYPE, a namespace prefix, single quotes, text between tags, a duplicate
attribute, bytes that are not UTF-8, a refused value, nesting deeper than
:data:`~deltarec.core.capture.boundary.MAX_DEPTH`) returns None, and the dump goes to the
parsers that name every problem with its line: the result of this module, when there is
one, is exactly theirs (``tests/core/capture/test_parsers.py`` checks it on every real
capture and on generated dumps, cold and after another dump). No entity is expanded: none
can be declared.

Cost: linear in the input. A tag seen before costs a hash and a dictionary look-up; a new
one a check and a split of its text (one regular expression for any other shape). The
nodes of the last dump are kept only for dumps of at most :data:`KEPT_BYTES`.

    >>> a = scan(b'<hierarchy><node text="a" bounds="[0,0][5,5]"/>\\n</hierarchy>')
    >>> b = scan(b'<hierarchy><node text="a" bounds="[0,0][5,5]"/>\\n</hierarchy>')
    >>> a is not None and b is not None and a.windows[0] is b.windows[0]
    True
    >>> scan(b'<hierarchy><!-- a comment --></hierarchy>') is None
    True
"""

from __future__ import annotations

import operator
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice
from typing import cast

from deltarec.core.capture.boundary import MAX_DEPTH
from deltarec.core.capture.dump_builder import (
    Flags,
    Refused,
    assemble,
    build_node,
    read_flags,
    read_rotation,
)
from deltarec.core.capture.gc_pause import gc_paused
from deltarec.core.capture.roles import DIALOG_CUES
from deltarec.core.observe import identity
from deltarec.core.observe.identity import _NO_CHILDREN
from deltarec.core.observe.model import FLAG_ATTRIBUTES, Node, boxed_node_of

KEPT_BYTES = 8_000_000
"""Largest dump whose nodes are kept for the next one (a few times their size in memory)."""

_WS = r"[ \t\r\n]"
_NAME = r"[A-Za-z_][A-Za-z0-9._-]*+"
_ATTRS = rf'(?:{_WS}++{_NAME}{_WS}*+={_WS}*+"[^"<]*+")*+{_WS}*+'
_DECLARATION = re.compile(
    rf"\?xml{_WS}++version{_WS}*+={_WS}*+(['\"])1\.0\1"
    rf"(?:{_WS}++encoding{_WS}*+={_WS}*+(['\"])(?i:utf-8)\2)?"
    rf"(?:{_WS}++standalone{_WS}*+={_WS}*+(['\"])(?:yes|no)\3)?{_WS}*+\?>{_WS}*+"
)
_ROOT = re.compile(rf"hierarchy(?P<attrs>{_ATTRS})>{_WS}*+")
_END = re.compile(rf"/hierarchy{_WS}*+>{_WS}*+")
_OPEN = re.compile(rf"node(?P<attrs>{_ATTRS})>{_WS}*+")
_LEAF = re.compile(rf"node(?P<attrs>{_ATTRS})/>{_WS}*+")
_CLOSE = re.compile(rf"/node{_WS}*+>{_WS}*+")
_PAIR = re.compile(rf'({_NAME}){_WS}*+={_WS}*+"([^"<]*+)"')
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""A character XML 1.0 does not allow anywhere in a document."""
_NOT_VERBATIM = re.compile("[&\x00-\x1f\ufffe\uffff]")
"""What makes a value read otherwise than written: a reference, raw white space (but the
space), a character XML does not allow."""
_RAW_SPACE = re.compile(r"\r\n|[\t\n\r]")
"""What attribute-value normalisation turns into one space (CRLF is one line end)."""
_REFERENCE = re.compile(r"&(?:#([0-9]{1,8})|#x([0-9a-fA-F]{1,7})|(amp|lt|gt|quot|apos));")
_ENTITIES = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}

_STANDARD = (
    *("node index=", " text=", " resource-id=", " class=", " package=", " content-desc="),
    *(f" {name}=" for name, _ in FLAG_ATTRIBUTES),
    " bounds=",
)
"""A tag as ``uiautomator dump`` writes it, cut at its quotes: these, then the values."""
_LEAF_ENDS = ("/>", " />")
_OPEN_ENDS = (">", " >")
_BOUNDS = re.compile(r"\[(-?[0-9]{1,9}),(-?[0-9]{1,9})\]\[(-?[0-9]{1,9}),(-?[0-9]{1,9})\]")
Kept = dict[object, tuple[Node, bool]]
"""A leaf's tag, or a parent's tag and its children's ids → the node, and whether it is a
dialog cue (its resource id is an AlertDialog's)."""

_kept: Kept = {}
_lock = threading.Lock()

HEADS_KEPT = 20_000
"""Most tag heads kept (:data:`Head`); past it, the next dump starts a new set."""

Head = tuple[str, str, str, str, str, str, Flags, tuple[tuple[str, str], ...], bool]
"""What a standard tag says before its box (role, class, resource id, text, description,
package, flags, extras, and whether its id is a dialog cue), kept by those bytes: a row
pushed down by an insertion, or scrolled, is the same tag but for its box, and is built from
them without reading it again (its role, which class and flags decide, not worked out
again either)."""

_heads: dict[bytes, Head] = {}
_BOX = rb'bounds="\[(-?[0-9]{1,9}),(-?[0-9]{1,9})\]\[(-?[0-9]{1,9}),(-?[0-9]{1,9})\]"'
_LEAF_BOX = re.compile(rb" %s ?/>[ \t\r\n]*" % _BOX)
_OPEN_BOX = re.compile(rb" %s ?>[ \t\r\n]*" % _BOX)
"""The rest of a standard tag after its head: the box, as :data:`_BOUNDS` reads it, and one
of the ends :func:`_built` accepts, then XML white space."""


class _NotPlain(Exception):
    """The dump is not in the plain shape: the full parsers decide."""


class Flat:
    """The dump's nodes flattened in document order, as the scan meets their tags: what
    :func:`~deltarec.core.observe.identity.flatten_tree` gives for its window roots
    (``nodes``, ``parents``, ``children``, ``roots``) and
    :attr:`~deltarec.core.observe.frame.Frame.subtree_ends` (``ends``), for
    :meth:`~deltarec.core.observe.frame.Frame.flat`: a step's frame is then not walked
    again."""

    __slots__ = ("children", "ends", "nodes", "parents", "roots")

    def __init__(self) -> None:
        self.nodes: list[Node] = []
        self.parents: list[int] = []
        self.children: list[list[int]] = []
        self.roots: list[int] = []
        self.ends: list[int] = []


@dataclass(frozen=True, slots=True)
class Scanned:
    """What :func:`scan` read: as :class:`~deltarec.core.capture.dump_builder.DumpBuilder`
    gives it (window roots, rotation, whether each window holds a dialog cue), and the
    nodes flattened (:class:`Flat`)."""

    windows: tuple[Node, ...]
    rotation: int
    dialog_cued: list[bool]
    flat: Flat


def scan(data: bytes) -> Scanned | None:
    """The dump's window roots, or None when it is not in the plain shape (see above)."""
    tags = data.split(b"<")
    if tags[0] or len(tags) < 3:  # not "<" first, or no root and end
        return None
    first = 2 if tags[1].startswith(b"?") else 1
    with _lock:  # this call owns the last dump's nodes now: a concurrent one starts cold
        global _kept, _heads
        kept, _kept = _kept, {}
        if len(_heads) >= HEADS_KEPT:
            _heads = {}
        heads = _heads  # pure values: shared by concurrent calls
    fresh: Kept = {}
    cued: list[bool] = []
    flat = Flat()
    try:
        if first == 2 and _DECLARATION.fullmatch(_text(tags[1])) is None:
            return None
        root = _ROOT.fullmatch(_text(tags[first]))
        end = _END.fullmatch(_text(tags[-1]))
        if root is None or end is None:
            return None
        rotation = read_rotation(_attributes(root.group("attrs")))
        with gc_paused():  # nothing built is a cycle (capture/gc_pause.py)
            windows = _nodes(tags, first + 1, len(tags) - 1, kept, fresh, cued, heads, flat)
    except (_NotPlain, Refused):
        return None
    if len(data) <= KEPT_BYTES:
        with _lock:
            _kept = fresh
    return Scanned(tuple(windows), rotation, cued, flat)


def _nodes(
    tags: list[bytes],
    start: int,
    stop: int,
    kept: Kept,
    fresh: Kept,
    cued: list[bool],
    heads: dict[bytes, Head],
    flat: Flat,
) -> list[Node]:
    """The window roots made by ``tags[start:stop]``, and ``flat`` filled (:class:`Flat`).

    Nodes come from ``kept`` when their tag (and children) were seen, else are built (an
    opening tag is checked when its element closes); every node goes into ``fresh``;
    ``cued`` gets one flag per window root.
    """
    take = kept.pop
    # An open element: its tag, its siblings so far, its parent's position and children.
    stack: list[tuple[bytes, list[Node], int, list[int]]] = []
    kids: list[Node] = []
    window_cued = False
    # A position is its opening tag's, in document order: what flatten_tree numbers.
    # A leaf's children and subtree end are laid for every tag at C speed, and a parent's
    # set when it opens and closes; cut to the nodes met at the end.
    nodes, parents = flat.nodes, flat.parents
    children = flat.children = [_NO_CHILDREN] * (stop - start)
    ends = flat.ends = list(range(1, stop - start + 1))
    parent = -1  # the open element's position
    places = flat.roots  # its children's positions
    for tag in islice(tags, start, stop):
        hit = take(tag, None)
        if hit is None:
            if tag.startswith(b"/"):
                if not stack or (tag != b"/node>" and _CLOSE.fullmatch(_text(tag)) is None):
                    raise _NotPlain
                opened, siblings, outer, outer_places = stack.pop()
                key: object = (opened, *map(id, kids))
                hit = take(key, None) or _built(opened, tuple(kids), heads, leaf=False)
                kids = siblings
                fresh[key] = hit
                nodes[parent] = hit[0]
                ends[parent] = len(nodes)
                if not places:
                    children[parent] = _NO_CHILDREN  # as flatten_tree gives a childless node
                parent, places = outer, outer_places
                kids.append(hit[0])
                if hit[1]:
                    window_cued = True
                if not stack:  # a window root closed
                    cued.append(window_cued)
                    window_cued = False
                continue
            if not tag.rstrip(b" \t\r\n").endswith(b"/>"):
                if len(stack) >= MAX_DEPTH:
                    raise _NotPlain
                stack.append((tag, kids, parent, places))
                kids = []
                pos = len(nodes)
                places.append(pos)
                nodes.append(hit)  # type: ignore[arg-type]  # None until it closes
                parents.append(parent)
                parent = pos
                places = children[pos] = []
                continue
            hit = _built(tag, (), heads, leaf=True)
        fresh[tag] = hit  # a leaf's tag: no children, its subtree ends after it (as laid)
        places.append(len(nodes))
        nodes.append(hit[0])
        parents.append(parent)
        kids.append(hit[0])
        if hit[1]:
            window_cued = True
        if not stack:  # a window root closed
            cued.append(window_cued)
            window_cued = False
    if stack:
        raise _NotPlain
    del children[len(nodes) :], ends[len(nodes) :]
    return kids


def _text(tag: bytes) -> str:
    try:
        return tag.decode("utf-8")
    except UnicodeDecodeError:
        raise _NotPlain from None


def _built(
    tag: bytes, kids: tuple[Node, ...], heads: dict[bytes, Head], *, leaf: bool
) -> tuple[Node, bool]:
    """The node of a tag not seen before (``node …/>`` or ``node …>``), checked in full; or,
    when its head (all but the box: no value holds a quote, so the last `` bounds="`` is the
    attribute) is one a standard tag had, from that head's values and the box read alone —
    the very node the full check builds, since what it checks is in the head or the box."""
    cut = tag.rfind(b' bounds="')
    head = tag[:cut]
    known = heads.get(head)
    if known is not None:
        box = (_LEAF_BOX if leaf else _OPEN_BOX).fullmatch(tag, cut)
        if box is not None:  # assemble(), but the role: the head's
            role, a, b, c, d, e, flags, extras, cue = known
            left, top, right, bottom = box.groups()
            again = boxed_node_of(
                role,
                a,
                b,
                c,
                d,
                e,
                flags,
                int(left),
                int(top),
                int(right),
                int(bottom),
                kids,
                extras,
            )
            return again, cue
    text = _text(tag)
    parts = text.split('"')
    end = parts[-1].rstrip(" \t\r\n")
    node = None
    if (
        len(parts) == 35
        and end in (_LEAF_ENDS if leaf else _OPEN_ENDS)
        and tuple(parts[0:34:2]) == _STANDARD
        and _verbatim(text[: len(text) - len(parts[-1])])
    ):
        node = _standard(parts, kids)
        if node is not None and cut > 0:
            heads[head] = (
                node.role,
                node.class_name,
                node.resource_id,
                node.text,
                node.content_desc,
                node.package,
                _flags_of(node),
                node.extras,
                node.resource_id in DIALOG_CUES,
            )
    if node is None:
        match = (_LEAF if leaf else _OPEN).fullmatch(text)
        if match is None or _NOT_XML.search(text) is not None:
            raise _NotPlain
        node = build_node(_attributes(match.group("attrs")), kids)
    return node, node.resource_id in DIALOG_CUES


_flags_of = cast(Callable[[Node], Flags], operator.attrgetter(*(f for _, f in FLAG_ATTRIBUTES)))
"""A node's ten flags, as :func:`~deltarec.core.capture.dump_builder.read_flags` gives them."""


def _verbatim(text: str) -> bool:
    """Whether XML reads every value in ``text`` as written (printable: at C speed)."""
    return "&" not in text and (text.isprintable() or _NOT_VERBATIM.search(text) is None)


def _standard(parts: list[str], kids: tuple[Node, ...]) -> Node | None:
    """The node of a standard tag cut at its quotes; None when a value needs the long way."""
    try:
        read = read_flags(tuple(parts[13:32:2]))
    except KeyError:
        return None
    box = _BOUNDS.fullmatch(parts[33])
    if box is None:
        return None
    extras = (("index", parts[1]),)
    return assemble(
        parts[7], parts[5], parts[3], parts[11], parts[9], box.groups(), read, kids, extras
    )


def _attributes(attrs: str) -> dict[str, str]:
    pairs = _PAIR.findall(attrs)
    values = dict(pairs)
    if len(values) != len(pairs):  # a duplicate attribute: malformed
        raise _NotPlain
    if "&" in attrs or "\t" in attrs or "\n" in attrs or "\r" in attrs:
        # Only a value that holds one is read again (_value gives any other back as it is)
        return {
            name: _value(value)
            if "&" in value or "\t" in value or "\n" in value or "\r" in value
            else value
            for name, value in values.items()
        }
    return values


def _value(raw: str) -> str:
    """An attribute value as XML reads it: raw white space normalised, references resolved."""
    value = _RAW_SPACE.sub(" ", raw)
    if "&" not in value:
        return value
    if value.count("&") != len(_REFERENCE.findall(value)):
        raise _NotPlain  # an undefined entity, a bare "&", or an odd reference
    return _REFERENCE.sub(_resolve, value)


def _resolve(ref: re.Match[str]) -> str:
    decimal, hexadecimal, name = ref.groups()
    if name is not None:
        return _ENTITIES[name]
    code = int(decimal) if decimal is not None else int(hexadecimal, 16)
    char = chr(code) if code <= 0x10FFFF else "\x00"
    if _NOT_XML.match(char) is not None:
        raise _NotPlain  # a reference to a character XML does not allow
    return char


def clear() -> None:
    """Forget the last dump's nodes and tag heads, and the hashes the last frame made
    (benchmarks measure the cold path with it)."""
    global _kept, _heads
    with _lock:
        _kept = {}
        _heads = {}
    identity.clear()


__all__ = ["KEPT_BYTES", "Flat", "Scanned", "clear", "scan"]
