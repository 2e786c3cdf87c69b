"""The element index: the ``[i]`` numbers an agent reads and acts on.

:func:`build_index` picks the elements of a frame (:mod:`deltarec.core.observe.labels`), keeps
those whose centre lies in the viewport, orders them in reading order, caps
them at ``max_elements`` and numbers them.

Reading order: elements sorted by top edge form rows; an element joins the
current row when each one's vertical centre lies inside the other's vertical
extent (so a full-height list does not swallow the rows inside it); rows read
top to bottom, each left to right. Ties: left edge, then document order.

Stable numbers, one per element for a whole session: given the previous index and the
matching between the two frames, an element keeps its number while it stays on screen.
Every index numbered from another shares its :class:`NumberBook`: numbers only grow (a
new element takes the next number never given, in reading order — also on a new screen),
and an element that comes back (the same stable key on the same screen — see
:attr:`ElementIndex.screen` — outside any recycled content: :func:`in_recycled_content`,
and holding some content: a bare shape is told from another only by where it is)
takes the number it had, unless another element of this frame or the previous one holds
it. So a number is never given to another element, and every stale use of one can be
caught.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> f = Frame(parse_uiautomator(
    ...     '<hierarchy><node class="L" bounds="[0,0][100,100]">'
    ...     '<node class="android.widget.Button" text="B" clickable="true"'
    ...     ' bounds="[50,0][100,20]"/>'
    ...     '<node class="android.widget.Button" text="A" clickable="true" bounds="[0,2][50,20]"/>'
    ...     '</node></hierarchy>'))
    >>> [(e.index, e.name) for e in build_index(f).elements]
    [(0, 'A'), (1, 'B')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, cast

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.kept_names import kept_names, note_names
from deltarec.core.observe.labels import element_positions, labels, natures
from deltarec.core.observe.model import Bounds

_new = object.__new__


class _ElementSlots:
    """The storage of :class:`IndexedElement`: plain slots, filled by ordinary stores (an
    index makes one per element of both frames of a step: built as
    :class:`~deltarec.core.observe.model.Node` is, for the same reason)."""

    __slots__ = ("bounds", "index", "key", "name", "pos", "role")


class _ElementBuild(_ElementSlots):
    __slots__ = ()


@dataclass(frozen=True, slots=True, init=False)
class IndexedElement(_ElementSlots):
    """One numbered element: its ``[index]``, frame position, key, role, label, bounds."""

    index: int
    pos: int
    key: str
    role: str
    name: str
    bounds: Bounds

    def __new__(
        cls, index: int, pos: int, key: str, role: str, name: str, bounds: Bounds
    ) -> IndexedElement:
        self: Any = _new(_ElementBuild)
        self.index, self.pos, self.key, self.role, self.name, self.bounds = (
            index,
            pos,
            key,
            role,
            name,
            bounds,
        )
        self.__class__ = cls
        return cast(IndexedElement, self)

    def __getnewargs__(self) -> tuple[int, int, str, str, str, Bounds]:
        """What pickle and copy pass to ``__new__`` (it has no defaults)."""
        return (self.index, self.pos, self.key, self.role, self.name, self.bounds)


Scope = tuple[str, str, str, str]
"""An element's identity for a session: (package, activity, stable key, screen instance)."""


class NumberBook:
    """The numbers of one session (module docstring): the next number never given, and the
    number each element (:data:`Scope`) last had. Shared by every index numbered from
    another; it only grows.

    Kept per screen (package, activity, screen instance), each a map of stable key ->
    number: noting a frame's numbers is one ``dict.update`` at C speed, with no scope tuple
    per element. It reads as one map of :data:`Scope` -> number (:meth:`get`):

        >>> book = NumberBook()
        >>> book.screen("app", "Main", "inbox")["row#1"] = 4
        >>> book.get(("app", "Main", "row#1", "inbox")), book.get(("app", "Main", "row#1", ""))
        (4, None)
    """

    __slots__ = ("by_screen", "names", "next")

    def __init__(self) -> None:
        self.next = 0
        self.by_screen: dict[tuple[str, str, str], dict[str, int]] = {}
        self.names: dict[int, str] = {}  # a number's name (:mod:`.kept_names`)

    def screen(self, package: str, activity: str, screen: str) -> dict[str, int]:
        """The numbers noted on one screen, by stable key (made empty on first use)."""
        return self.by_screen.setdefault((package, activity, screen), {})

    def get(self, scope: Scope) -> int | None:
        """The number ``scope``'s element last had, if any."""
        package, activity, key, screen = scope
        return self.by_screen.get((package, activity, screen), {}).get(key)


@dataclass(frozen=True, slots=True)
class ElementIndex:
    """The numbered elements of one frame, in reading order."""

    frame: Frame
    names: list[str]
    elements: tuple[IndexedElement, ...]
    number_of: Mapping[int, int]
    """frame position -> [index] for every indexed element."""
    candidates: frozenset[int]
    """Every position that would be an element with no viewport and no cap."""
    book: NumberBook = field(default_factory=NumberBook, compare=False, repr=False)
    """The session's numbers (shared with the indexes this one was numbered from)."""
    screen: str = ""
    """Which screen of the session this frame shows, as the caller labels it (the observer:
    by what the screen showed when it was entered), else the label of the index it was
    numbered from. Another item shown by the same activity (another message, under the
    same toolbar) is another screen: its elements never take back by key the numbers the
    first one's had."""


@dataclass(frozen=True, slots=True)
class Layout:
    """What an :class:`ElementIndex` of ``frame`` holds before it is numbered
    (:func:`layout`): enough to ask whether a step moved to another screen
    (:func:`~deltarec.core.diff.screens.is_new_screen`) without numbering the frame twice."""

    frame: Frame
    names: list[str]
    order: Sequence[int]
    """The positions of the index's elements, in reading order (viewport and cap applied)."""
    candidates: frozenset[int]
    """As :attr:`ElementIndex.candidates`."""


def layout(
    frame: Frame,
    *,
    viewport: Sequence[int] | None = None,
    max_elements: int | None = None,
    interactive_only: bool = False,
) -> Layout:
    """The :class:`Layout` :func:`build_index` numbers with the same options (no number given,
    nothing noted). O(n log n) once per frame and options, then O(1)."""
    names, positions, ordered = _ordered(frame, viewport, interactive_only)
    if max_elements is not None:
        ordered = ordered[: max(0, int(max_elements))]
    return Layout(frame, names, ordered, positions)


def order_of(index: ElementIndex | Layout) -> Sequence[int]:
    """The positions of ``index``'s elements in reading order."""
    return index.order if isinstance(index, Layout) else [e.pos for e in index.elements]


def _viewport_box(frame: Frame, viewport: Sequence[int] | None) -> Bounds | None:
    if viewport:
        x, y, w, h = (int(v) for v in viewport[:4])
        return Bounds(x, y, x + w, y + h)
    if frame.obs.width and frame.obs.height:
        return frame.obs.screen
    return None


_THIRD = itemgetter(2)
"""A row's position, read at C speed (a comprehension was a call a row of elements)."""


def reading_order(frame: Frame, positions: Sequence[int]) -> list[int]:
    """``positions`` sorted in reading order (see the module docstring). O(n log n).

    One pass over the boxes sorted by top: a box joins the row being read when its centre
    lies in the row's band and the band's centre in its box; a row is sorted by left as it
    closes (no list of rows, no ``max`` call a box: ``tests/core/test_reading_order.py``
    holds it against the rows-then-flatten form, 2× slower)."""
    nodes = frame.nodes
    # (top, left, position, bottom): sorted as tuples, at C speed
    by_top = sorted([(b.top, b.left, p, b.bottom) for p in positions for b in (nodes[p].bounds,)])
    out: list[int] = []
    row: list[tuple[int, int, int]] = []
    band_top = band_center = band_end = 0  # band_end: max(bottom, top + 1) of the row's first
    for top, left, pos, bottom in by_top:
        center = (top + bottom) // 2
        if (
            row
            and band_top <= center < band_end
            and top <= band_center < (bottom if bottom > top else top + 1)
        ):
            row.append((left, top, pos))
            continue
        if len(row) > 1:
            row.sort()
            out += map(_THIRD, row)
        elif row:
            out.append(row[0][2])
        row = [(left, top, pos)]
        band_top, band_center, band_end = top, center, bottom if bottom > top else top + 1
    if len(row) > 1:
        row.sort()
        out += map(_THIRD, row)
    elif row:
        out.append(row[0][2])
    return out


_Parts = tuple[list[str], frozenset[int], list[int]]


def _ordered(frame: Frame, viewport: Sequence[int] | None, interactive_only: bool) -> _Parts:
    """The labels, the element positions and the visible ones in reading order: pure facts of
    the frame and the options, computed once per frame (:attr:`Frame.memo`; a step indexes
    one frame up to three times, and a session's baseline again on the next step)."""
    key = ("index", None if viewport is None else tuple(viewport), interactive_only)
    kept = frame.memo.get(key)
    if kept is not None:
        return cast(_Parts, kept)
    names = labels(frame)
    positions = element_positions(frame, names, interactive_only=interactive_only)
    box = _viewport_box(frame, viewport)
    visible = positions if box is None else _centred_in(frame, positions, box)
    parts = (names, frozenset(positions), reading_order(frame, visible))
    frame.memo[key] = parts
    return parts


def _centred_in(frame: Frame, positions: list[int], box: Bounds) -> list[int]:
    """The positions whose box's centre lies in ``box`` (:meth:`Bounds.contains_point` of
    :attr:`Bounds.center`, inline: it runs for every element of every frame)."""
    nodes = frame.nodes
    left, top, right, bottom = box.left, box.top, box.right, box.bottom
    return [
        p
        for p in positions
        for b in (nodes[p].bounds,)
        if left <= (b.left + b.right) // 2 < right and top <= (b.top + b.bottom) // 2 < bottom
    ]


def build_index(
    frame: Frame,
    *,
    viewport: Sequence[int] | None = None,
    max_elements: int | None = None,
    interactive_only: bool = False,
    previous: ElementIndex | None = None,
    pairs: Mapping[int, int] | None = None,
    commit: bool = True,
    screen: str | None = None,
    fresh: AbstractSet[int] = frozenset(),
    recalled: Mapping[int, int] | None = None,
) -> ElementIndex:
    """Number the elements of ``frame``.

    ``screen``: the label of the screen it shows (:attr:`ElementIndex.screen`); None: the
    one of ``previous`` (the same screen).

    ``commit``: note the numbers in the session's book (:func:`note_numbers`); a caller that
    may discard this index (a trial numbering) passes False and notes the one it keeps.

    ``previous`` and ``pairs`` (current position -> previous position, from
    :func:`deltarec.core.diff.match.match_frames`) carry numbers over from the last step.
    ``max_elements`` caps the list after reading order; the cap is applied to
    this frame only and never decides what matched. ``fresh``: positions of elements known
    to be new (another dialog in the window of the last): they take no number back by key.
    ``recalled``: numbers to give back to positions ``pairs`` leaves unnumbered (elements
    of a frame seen two steps ago come back, :mod:`deltarec.core.diff.undone`), each only
    when no element of this frame holds it.
    Cost: O(n log n).
    """
    names, positions, ordered = _ordered(frame, viewport, interactive_only)
    if max_elements is not None:
        ordered = ordered[: max(0, int(max_elements))]
    book = previous.book if previous is not None else NumberBook()
    if screen is None:
        screen = previous.screen if previous is not None else ""
    number_of: dict[int, int] = {}
    if previous is not None and pairs:
        for pos in ordered:
            old = previous.number_of.get(pairs.get(pos, -1))
            if old is not None:
                number_of[pos] = old
    if recalled:
        held = set(number_of.values())
        for pos in ordered:
            n = recalled.get(pos)
            if n is not None and pos not in number_of and n not in held:
                number_of[pos] = n
                held.add(n)
    _recall_and_give(frame, ordered, number_of, book, previous, screen, fresh)
    names = kept_names(frame, names, number_of, book.names)  # one name a number a session
    elements = _elements(frame, names, number_of, ordered)
    index = ElementIndex(frame, names, elements, number_of, positions, book, screen)
    if commit:
        note_numbers(index)
    return index


def _elements(
    frame: Frame, names: list[str], number_of: Mapping[int, int], ordered: Sequence[int]
) -> tuple[IndexedElement, ...]:
    """The numbered elements at ``ordered``: each one the frame's last index made at its
    position with its number, else a new one, kept for the frame's next index (a step
    indexes one frame up to three times, mostly with the same numbers: an element is a
    value, so it is shared), by position alone (the last one numbered there; no tuple key
    per element). A new element is built without the class call (its ``type.__call__``,
    ``__new__`` and ``object.__init__``), as :func:`~deltarec.core.observe.model.node_of`
    builds a node, inline in one loop (two calls an element of both frames of a step were
    a third of their numbering, issue 19).

        >>> from deltarec.core.capture.uiautomator import parse_uiautomator
        >>> f = Frame(parse_uiautomator('<hierarchy><node class="android.widget.Button"'
        ...     ' text="OK" bounds="[0,0][9,9]"/></hierarchy>'))
        >>> made = _elements(f, ["OK"], {0: 3}, [0])
        >>> made == (IndexedElement(3, 0, f.keys[0], "button", "OK", Bounds(0, 0, 9, 9)),)
        True
        >>> _elements(f, ["OK"], {0: 3}, [0])[0] is made[0]  # kept for the next index
        True
    """
    made = cast("dict[int, Any]", frame.memo.setdefault("elements", {}))
    nodes, keys = frame.nodes, frame.keys
    out: list[Any] = []
    element: Any  # an _ElementBuild until its class is set (IndexedElement is frozen)
    for pos in ordered:
        number = number_of[pos]
        element = made.get(pos)
        if element is None or element.index != number or element.name != names[pos]:
            node = nodes[pos]
            element = _new(_ElementBuild)
            element.index = number
            element.pos = pos
            element.key = keys[pos]
            element.role = node.role
            element.name = names[pos]
            element.bounds = node.bounds
            element.__class__ = IndexedElement
            made[pos] = element
        out.append(element)
    return tuple(out)


def _scope(frame: Frame, pos: int, screen: str) -> Scope:
    return (frame.obs.package, frame.obs.activity, frame.keys[pos], screen)


def note_numbers(index: ElementIndex) -> None:
    """Write ``index``'s numbers in its session's book: each element's number, the next
    number never given past every one of them, and each number's name."""
    number_of = index.number_of
    if not number_of:
        return
    book, obs, keys = index.book, index.frame.obs, index.frame.keys
    by_key = book.screen(obs.package, obs.activity, index.screen)
    by_key.update(zip(map(keys.__getitem__, number_of), number_of.values(), strict=True))
    book.next = max(book.next, max(number_of.values()) + 1)
    note_names(book.names, index.names, number_of)


def _recall_and_give(
    frame: Frame,
    ordered: Sequence[int],
    number_of: dict[int, int],
    book: NumberBook,
    previous: ElementIndex | None,
    screen: str,
    fresh: AbstractSet[int] = frozenset(),
) -> None:
    """Number the elements that did not keep one: the number an element that comes back had
    (unless another element of this frame, or of the previous one, holds it; never one of
    ``fresh``), else the next number never given. ``book`` is only read."""
    held = set(number_of.values())
    prev_owner: dict[int, Scope] | None = None  # made on the first number recalled
    scrolled: list[bool] | None = None
    obs, keys = frame.obs, frame.keys
    by_key = book.by_screen.get((obs.package, obs.activity, screen), {})
    for pos in ordered if by_key else ():  # nothing noted on this screen: nothing to recall
        if pos in number_of or pos in fresh:
            continue
        had = by_key.get(keys[pos])
        if had is None or had in held:
            continue
        scope = _scope(frame, pos, screen)
        if scrolled is None:
            scrolled = in_recycled_content(frame)
        if scrolled[pos] or not frame.has_content[pos]:
            continue  # a recycled row's key, or a bare shape's, names another one later
        if prev_owner is None:
            pf = previous.frame if previous is not None else frame
            owned = previous.number_of.items() if previous is not None else ()
            prev_screen = previous.screen if previous is not None else screen
            prev_owner = {n: _scope(pf, p, prev_screen) for p, n in owned}
        if prev_owner.get(had, scope) == scope:
            number_of[pos] = had
            held.add(had)
    given = book.next
    for pos in ordered:
        if pos not in number_of:
            number_of[pos] = given
            given += 1


def in_recycled_content(frame: Frame) -> list[bool]:
    """Per position: the node is inside an item of scrolled content that repeats — a list's
    row, a grid's tile, a web page's run of alike blocks: inside a container made to scroll,
    at or under a node that has a twin sibling (one sharing its resource id, or its class
    when either has no id: the Feed's ads, without ids, among its cards). Its key is unique
    within one frame only: recycled rows repeat senders, ids and whole contents (the Feed's
    ads), so a row later in the list can carry the key a row seen earlier had. Such an
    element takes a number back only by a match to a frame that showed it (the previous
    frame, or a remembered one), never by its key. A form's fields (each its own id) are
    not recycled. O(n)."""
    memo = frame.memo
    got = memo.get("in_recycled_content")
    if got is None:
        nodes, parents = frame.nodes, frame.parents
        by_id: Counter[tuple[int, str]] = Counter()
        by_class: Counter[tuple[int, str]] = Counter()
        bare: Counter[tuple[int, str]] = Counter()  # of a class, those without an id
        for pos, parent in enumerate(parents):
            node = nodes[pos]
            by_class[(parent, node.class_name)] += 1
            if node.resource_id:
                by_id[(parent, node.resource_id)] += 1
            else:
                bare[(parent, node.class_name)] += 1
        inside = [False] * len(nodes)
        got = [False] * len(nodes)
        natural = natures(frame)
        for pos, parent in enumerate(parents):
            if parent < 0:
                continue
            inside[pos] = inside[parent] or natural[parent]
            if got[parent] or not inside[pos]:
                got[pos] = got[parent]
                continue
            node = nodes[pos]
            kind = (parent, node.class_name)
            if node.resource_id:  # twins: the same id, or the same class and one has no id
                got[pos] = by_id[(parent, node.resource_id)] > 1 or bare[kind] > 0
            else:
                got[pos] = by_class[kind] > 1
        memo["in_recycled_content"] = got
    return cast(list[bool], got)


def element_at(index: ElementIndex | None, x: int, y: int) -> IndexedElement | None:
    """The innermost numbered element whose box holds the point (smallest area; ties: later
    in document order, i.e. deeper), or None. What a click on a screenshot means."""
    if index is None:
        return None
    hits = [e for e in index.elements if e.bounds.contains_point(x, y)]
    return min(hits, key=lambda e: (e.bounds.area, -e.pos)) if hits else None
