"""What a list's book (:mod:`deltarec.core.diff.came_back`) holds, how a frame is noted in
it, and the evidence that confirms a row of it in a step.

A :class:`Book` notes, per number, an :class:`Entry` (:func:`note`): the element's box in
the list's content, what it showed (role and label) and its row's tag. A row coming back is
confirmed by evidence it carries, never by its place alone where rows repeat:

- by its own label, or, cut by the list's edge when noted or now (a sliver noted that comes
  back whole, or the reverse), by the labels the cut part shows: some of the whole row's
  labels, in order, one of which names one entry of the book and one element in view
  (:func:`shown_part`);
- by its row's neighbours in the book's order (its rows by their content boxes, top then
  left), confirmed in the step (:func:`beside`): a book is carried only through steps where
  every row moved by the stated offset alone, so the rows noted between two rows confirmed
  where the book noted them are the rows it noted there, and so are those between one and
  the end of the book (a row noted as a sliver at the list's edge, whole now).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import NamedTuple

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observe.labels import NAME_SEPARATOR, class_part
from deltarec.core.observe.model import Bounds, Node

Box = tuple[int, int, int, int]
"""(left, top, right, bottom) in a list's content coordinates."""
Sign = tuple[str, str]
"""What an element shows: its role and label."""


class Entry(NamedTuple):
    """What a book noted of one number."""

    box: Box
    """Its box in content coordinates (cut by the list's edge when it was noted)."""
    sign: Sign
    tag: int | None
    """Its row's tag (:func:`rows`, :func:`note`): one per row the book noted."""
    seen: Box
    """The part of the content the frame it was noted on showed."""
    depth: int = 0
    """Its depth in the frame it was noted on (:func:`nested`: of two in one box, the outer)."""


def cut(box: Box, view: Box) -> Box | None:
    """``box`` cut by ``view``, or None when they do not overlap."""
    left, top = max(box[0], view[0]), max(box[1], view[1])
    right, bottom = min(box[2], view[2]), min(box[3], view[3])
    return (left, top, right, bottom) if left < right and top < bottom else None


def _run_of(part: Sequence[str], whole: Sequence[str]) -> bool:
    """Whether ``part`` is fewer of ``whole``'s labels, in its order (a row cut by the list's
    edge shows the labels of its lines in view: an Inbox row's sender and date, not its
    subject below them). O(len(whole))."""
    if not 0 < len(part) < len(whole):
        return False
    labels = iter(whole)
    return all(label in labels for label in part)


class Parts:
    """How many entries of a book and elements in view show each label, counted once each
    when :func:`shown_part` first asks: O(entries + elements in view) per step that asks."""

    __slots__ = ("_book", "_entries", "_names", "_view")

    def __init__(self, entries: Iterable[Entry], names: Iterable[str]) -> None:
        self._entries, self._names = entries, names
        self._book: Counter[str] | None = None
        self._view: Counter[str] = Counter()

    def unique(self, label: str) -> bool:
        """Whether ``label`` names one entry of the book and one element in view."""
        if self._book is None:
            self._book = Counter(p for e in self._entries for p in set(_labels(e.sign[1])))
            self._view = Counter(p for name in self._names for p in set(_labels(name)))
        return self._book[label] == 1 and self._view[label] == 1


def _labels(name: str) -> list[str]:
    return name.split(NAME_SEPARATOR) if name else []


def sign_of(node: Node, name: str) -> Sign:
    """What a book notes an element by: its role and the label it shows, ``""`` where it
    shows none (its name the class's short name, the index's last resort,
    :func:`~deltarec.core.observe.labels.class_part`: a row an edge cut to a sliver reads
    ``"LinearLayout"``, then shows its title whole; a part of it, as ``""`` is of any label).

        >>> sign_of(Node(class_name="android.widget.LinearLayout"), "LinearLayout")
        ('container', '')
        >>> sign_of(Node(role="button", text="Send"), "Send")
        ('button', 'Send')
    """
    fallback = name and not node.resource_id and name == class_part(node)
    if fallback and name != node.text and name != node.content_desc:
        return node.role, ""
    return node.role, name


def cut_of(sign: Sign, noted: Entry) -> bool:
    """Whether an element showing ``sign`` may be the part of ``noted`` the list's edge
    leaves: the same role, and the same label or some of its labels, in order.

    >>> noted = Entry((0, 0, 9, 9), ("button", "Ada · Q&A #8"), 0, (0, 0, 9, 9))
    >>> cut_of(("button", "Q&A #8"), noted), cut_of(("text", "Q&A #8"), noted)
    (True, False)
    """
    return sign == noted.sign or (
        sign[0] == noted.sign[0] and _run_of(_labels(sign[1]), _labels(noted.sign[1]))
    )


def shown_part(noted: Sign, now: Sign, parts: Parts) -> bool:
    """Whether an element showing ``now`` in the box a book noted ``noted`` in, the list's
    edge cutting one of them, is the element noted: one role, and the labels of one some of
    the other's (the part a cut row shows, in order), one of them shown by no other entry of
    the book nor element in view (:class:`Parts`). A sliver showing no label, or only labels other
    rows show too (a sender, a date, "Like"), is never confirmed so.

    >>> parts = Parts([Entry((0, 0, 9, 9), ("button", "Ada · Q&A #8 · Mar 1"), 0, (0, 0, 9, 9))],
    ...               ["Q&A #8", "Mar 1", "Ken · Hike #4 · Mar 1"])
    >>> shown_part(("button", "Ada · Q&A #8 · Mar 1"), ("button", "Q&A #8"), parts)
    True
    >>> shown_part(("button", "Ada · Q&A #8 · Mar 1"), ("button", "Mar 1"), parts)  # twice in view
    False
    """
    if noted[0] != now[0]:
        return False
    a, b = _labels(noted[1]), _labels(now[1])
    part = b if _run_of(b, a) else a if _run_of(a, b) else None
    return part is not None and any(parts.unique(label) for label in part)


def beside(entries: Mapping[int, Entry], sure: set[int]) -> set[int]:
    """The rows (tags) the book holds next to rows confirmed in the step (``sure``), in the
    book's order (its rows by their content boxes, top then left): each run of rows not
    confirmed between two confirmed rows, or between one and the end of the book (beyond it
    the book noted no row to tell them from: a row noted as a sliver at the list's edge, whole
    now). A book is carried only through steps where every row moved by the stated offset
    alone, so such a row is the row it noted there — a sliver noted whole now, a Feed card
    cut to its actions, a form's twin date buttons, a row whose labels repeat 28 rows on.
    An element is given its number so only in the box noted, of the role noted
    (``came_back.Books._give``). O(e log e) for the book's e entries, only in steps where
    an element in a box noted waits on its row's confirmation.

    >>> e = {n: Entry((0, t, 9, t + 9), ("text", "A"), n, (0, 0, 9, 99)) for n, t in
    ...      [(1, 0), (2, 10), (3, 20), (4, 30), (5, 40), (6, 50)]}
    >>> sorted(beside(e, {1, 4}))  # 2 and 3 between; 5 and 6 to the end
    [2, 3, 5, 6]
    >>> sorted(beside(e, set()))  # no row confirmed: none
    []
    """
    spans: dict[int, tuple[int, int]] = {}
    for entry in entries.values():
        if (tag := entry.tag) is not None:
            top, left = spans.get(tag, (entry.box[1], entry.box[0]))
            spans[tag] = (min(top, entry.box[1]), min(left, entry.box[0]))
    order = sorted(spans, key=spans.__getitem__)
    out: set[int] = set()
    start = 0  # the first row of the run of rows not confirmed that ends before i
    for i in range(len(order) + 1):
        if i < len(order) and order[i] not in sure:
            continue
        if start > 0 or i < len(order):  # a confirmed row on one side at least
            out.update(order[start:i])
        start = i + 1
    return out


def across_edges(entries: Mapping[int, Entry], box: Box, view: Box) -> list[int]:
    """The numbers noted as a piece one edge of the list cut (its ``seen`` edge) of a box
    that ``box``, cut by the opposite edge of ``view`` now, continues: the same sides, the
    noted top above the view (the part it showed is out of it now) and the bottom now
    below the noted one (the part it shows was out of the frame noted), or the reverse —
    one box shown in two pieces that share nothing (an element only while an edge cuts it:
    whole, its children are the elements). Place alone is no evidence of it: the caller
    confirms it by its own label. O(entries).

    >>> e = Entry((0, 2106, 9, 2154), ("container", "Net"), 2, (0, 0, 9, 2154))
    >>> across_edges({20: e}, (0, 2515, 9, 2664), (0, 2515, 9, 4669))
    [20]
    >>> across_edges({20: e}, (0, 2515, 9, 2664), (0, 2400, 9, 4554))  # not cut now
    []
    """
    left, top, right, bottom = box
    out = []
    for n, e in entries.items():
        b, seen = e.box, e.seen
        if b[0] != left or b[2] != right:
            continue
        if (b[3] == seen[3] and top == view[1] and b[1] < top and bottom > b[3]) or (
            b[1] == seen[1] and bottom == view[3] and b[3] > bottom and top < b[1]
        ):
            out.append(n)
    return out


def _holds(outer: Box, inner: Box) -> bool:
    return (
        outer != inner
        and all(outer[i] <= inner[i] for i in (0, 1))
        and all(outer[i] >= inner[i] for i in (2, 3))
    )


def nested(
    frame: Frame, stacked: Sequence[int], noted: Mapping[int, Entry]
) -> list[tuple[int, int]]:
    """Elements in one box now (``stacked``: positions, in document order) that the book
    noted in one place each (``noted``: number -> entry, each the place of every one of
    them as the list's edges cut it), paired outermost first (position, number): where the
    elements nest (each inside the one before) and the boxes noted do too, each strictly
    inside the one before, or in the same box at a greater depth — the edge cut two nested
    lists to one box, so their nesting is what tells them apart. Else none (their place
    alone is ambiguous: new numbers).
    O(k log k) for the k elements stacked."""
    stacked = sorted(stacked)
    if len(stacked) < 2 or len(stacked) != len(noted):
        return []
    for a, b in pairwise(stacked):
        if not a < b < frame.subtree_end(a):
            return []
    order = sorted(noted, key=lambda n: (-_area(noted[n].box), noted[n].depth))
    for a, b in pairwise(order):
        outer, inner = noted[a], noted[b]
        if not (
            _holds(outer.box, inner.box) or (outer.box == inner.box and outer.depth < inner.depth)
        ):
            return []
    return list(zip(stacked, order, strict=True))


def _area(box: Box) -> int:
    return (box[2] - box[0]) * (box[3] - box[1])


def rows(frame: Frame, host: int, view: Bounds, positions: Iterable[int]) -> dict[int, int | None]:
    """Per position inside ``host``: its row, the outermost node around it below ``host``
    that does not span the list's box ``view`` from its top to its bottom edge (a web
    page's wrappers are no rows), or None when the element itself spans it. One pass down
    ``host``'s subtree, parents first: O(its nodes), whatever its depth."""
    parents, nodes = frame.parents, frame.nodes
    top, bottom = view.top, view.bottom
    row_of: dict[int, int | None] = {host: None}
    for pos in range(host + 1, frame.subtree_end(host)):
        b = nodes[pos].bounds
        above = row_of.get(parents[pos])
        row_of[pos] = (
            above if above is not None else (None if b.top <= top and b.bottom >= bottom else pos)
        )
    return {pos: row_of.get(pos) for pos in positions}


def moved(b: Bounds, ox: int, oy: int) -> Box:
    return (b.left + ox, b.top + oy, b.right + ox, b.bottom + oy)


SHARED = 4
"""More elements than this written in one box by one note (nested wrappers, alike siblings
stacked) make no place a book can confirm: the note checks its other entries against at
most this many, so a step stays linear in the dump."""


@dataclass(slots=True)
class Book:
    """One list's book: its box, the content offset of the frame it was last noted on,
    and per number the element's content box and what it showed."""

    pos: int
    """The list's position in the frame last noted."""
    view: Bounds
    """The list's box there: the part of its content that frame shows (web content cut by
    its WebView's edge: its box moves as it scrolls)."""
    offset: tuple[int, int]
    entries: dict[int, Entry] = field(default_factory=dict)
    """By number."""
    tags: int = 0
    """The next row tag never given."""

    def content_view(self) -> Box:
        """The part of the content the frame last noted shows."""
        return moved(self.view, *self.offset)


def note(book: Book, frame: Frame, host: int, index: ElementIndex) -> None:
    """Write in ``book`` each element of ``index`` inside ``host``: its content box, role
    and label, and its row's tag (a row keeps the tag its elements were noted under; a row
    none of whose elements were noted takes a new one). A box cut by the list's edge is
    kept as the whole one noted before when that is what it is cut from; an entry of
    another number in the same box is dropped (its element went, or came back under a new
    number)."""
    end = frame.subtree_end(host)
    ox, oy = book.offset
    view = book.content_view()
    entries, nodes, names = book.entries, frame.nodes, index.names
    inside = [e for e in index.elements if host < e.pos < end]
    row_of = rows(frame, host, book.view, [e.pos for e in inside])
    tags: dict[int, int] = {}
    for e in inside:
        row, had = row_of[e.pos], entries.get(e.index)
        if row is not None and row not in tags and had is not None and had.tag is not None:
            tags[row] = had.tag
    written: dict[Box, set[int]] = {}  # nested elements may share one box
    for e in inside:
        pos = e.pos
        box = moved(nodes[pos].bounds, ox, oy)
        sign = sign_of(nodes[pos], names[pos])
        row = row_of[pos]
        tag = None
        if row is not None:
            tag = tags.get(row)
            if tag is None:
                tag = tags[row] = book.tags
                book.tags += 1
        had = entries.get(e.index)
        if had is not None and box != had.box and cut(had.box, view) == box and cut_of(sign, had):
            entries[e.index] = had._replace(tag=tag)  # cut by the edge now: the whole box stays
        else:
            entries[e.index] = Entry(box, sign, tag, view, frame.depth[pos])
        written.setdefault(entries[e.index].box, set()).add(e.index)
    tops = {(b[0], b[1], b[2]): ns for b, ns in written.items()}
    bottoms = {(b[0], b[3], b[2]): ns for b, ns in written.items()}
    for number in [
        n
        for n, entry in entries.items()
        if n not in written.get(entry.box, {n}) or over(n, entry, entries, tops, bottoms, view)
    ]:
        del entries[number]


def over(
    number: int,
    entry: Entry,
    entries: Mapping[int, Entry],
    tops: Mapping[tuple[int, int, int], set[int]],
    bottoms: Mapping[tuple[int, int, int], set[int]],
    view: Box,
) -> bool:
    """Whether another number of ``entry``'s role was written (``tops`` / ``bottoms``: by
    the box's top or bottom edge and its sides) in the box ``entry``'s is cut from, or in
    its cut, as the frames' edges cut them: its element came back under a new number, and
    an entry left there would make the place ambiguous. Not one written with it in its very
    box (nested elements of one role: a YouTube card and the frame around it, which erased
    each other, so the card was never noted and came back under a new number). O(1): a box more than
    :data:`SHARED` elements were written in names no place (its entries are dropped)."""
    box = entry.box
    for found in (tops.get((box[0], box[1], box[2])), bottoms.get((box[0], box[3], box[2]))):
        if found is not None and len(found) > SHARED:
            return number not in found
        for other in found or ():
            had = entries[other]
            if (
                other != number
                and had.sign[0] == entry.sign[0]
                and not (had.box == box and number in (found or ()))  # both written: nested
                and (cut(box, view) == had.box or cut(had.box, entry.seen) == box)
            ):
                return True
    return False
