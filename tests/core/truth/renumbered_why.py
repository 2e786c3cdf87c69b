"""Why a row that came back took a new number: the returning generators' breakdown by cause.

:class:`TracedBooks` is the observer's :class:`~deltarec.core.diff.came_back.Books`, noting
as the session runs where each number left the books (its book dropped, and why; its entry
written over) and, per step, the books carried through it. :meth:`TracedBooks.why` names the
cause for a row that came back under a new number (``number`` the one it had), one of
:data:`CAUSES`:

- ``never-noted``: no book noted the number (its list had no book while it was shown);
- ``dropped:<why>``: its book was dropped since — ``hedge`` (its scroll stated no exact
  offset), ``unpaired`` (its list was not paired), ``moved-pair`` / ``moved-came`` /
  ``moved-went`` (rows moved otherwise than by the offset: a pair's content box changed,
  an element came or went wholly inside the part both frames show: rows put in at the
  top, a web page's wrappers), ``moved-unconfirmed`` (no row of the list confirms the
  offset: ``book_moves.confirmed``), ``unmatched`` (the step was not diffed from the frame the
  books were noted on), ``screen`` (a new or recalled screen), ``whole`` (a frame shown
  whole that showed the list otherwise), ``reset``, ``full`` (more than MAX_ENTRIES);
- ``overwritten``: another number was noted in its box;
- ``outside``: the row is not inside its book's list now;
- ``box``: not in the box noted (as either frame's edges cut it);
- ``sign``: in the box, showing other than noted (cut otherwise), its row not confirmed;
- ``repeated``: in the box, showing what it showed, but its label repeats in the book or
  in view and its row is not confirmed (``repeated-sliver`` when it was noted cut by the
  list's edge);
- ``held``: the number is held by an element of the previous frame;
- ``ambiguous``: more than one number noted in that box showing that;
- ``given``: the number went to another element of the step;
- ``other-frame``: the step's reply was not the delta the books were recalled for.

Test code only: it reads the books' internals and never changes what they give.
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.book_moves import confirmed, moves
from deltarec.core.diff.book_rows import Book
from deltarec.core.diff.book_rows import cut as _cut
from deltarec.core.diff.book_rows import moved as _moved
from deltarec.core.diff.came_back import Books, _at_edge, _carried, _inside, _Step, _within
from deltarec.core.diff.compute import Delta
from deltarec.core.observe.index import ElementIndex, Layout

CAUSES = (
    "never-noted",
    "dropped:hedge",
    "dropped:unpaired",
    "dropped:moved-pair",
    "dropped:moved-came",
    "dropped:moved-went",
    "dropped:moved-unconfirmed",
    "dropped:unmatched",
    "dropped:screen",
    "dropped:whole",
    "dropped:reset",
    "dropped:full",
    "overwritten",
    "outside",
    "box",
    "sign",
    "repeated",
    "repeated-sliver",
    "held",
    "ambiguous",
    "given",
    "other-frame",
)
"""The causes :meth:`TracedBooks.why` names (module docstring)."""


class TracedBooks(Books):
    """:class:`Books` that keep a record of where numbers left them (module docstring)."""

    __slots__ = ("before", "dropping", "last", "lost", "noted")

    def __init__(self) -> None:
        super().__init__()
        self.lost: dict[int, str] = {}
        """Per number once noted: why it left the books (absent while it is in one)."""
        self.noted: set[int] = set()
        """Every number a book ever noted."""
        self.last: tuple[Delta, ElementIndex, Layout, list[_Step], dict[int, int]] | None = None
        """The last step recalled: its delta, previous index, layout, carried books, given."""
        self.dropping: dict[int, str] = {}
        """Per book (by id) dropped in the step recalled: why."""
        self.before: dict[int, int] = {}
        """The numbers in the books as the last step was recalled (number -> book id)."""

    def _numbers(self) -> dict[int, int]:
        return {n: id(b) for b in self.books.values() for n in b.entries}

    def _left(self, before: Mapping[int, int], why_of: Mapping[int, str], default: str) -> None:
        now = self._numbers()
        for n, book in before.items():
            if n not in now:
                self.lost[n] = why_of.get(book, default)
        for n in now:
            self.lost.pop(n, None)
            self.noted.add(n)

    def clear(self) -> None:
        before = self._numbers()
        super().clear()
        self._left(before, {}, "dropped:reset")

    def recall(
        self, d: Delta | None, prev: ElementIndex | None, placed: Layout | None
    ) -> dict[int, int]:
        self.dropping = {}
        before = self._numbers()
        if d is not None and prev is not None and placed is not None and prev.frame is d.prev:
            scroll_of = {s.prev: s for s in d.scrolls}
            back_of = {p: c for c, p in d.pairs.items()}
            order, prev_all = placed.order, [e.pos for e in prev.elements]
            for p, book in self.books.items():
                self.dropping[id(book)] = "dropped:hedge"
                for dx, dy in moves(d, p, scroll_of.get(p)):
                    ox, oy = book.offset
                    carried = _carried(book, d.curr, back_of, (ox - dx, oy - dy))
                    if carried is None:
                        self.dropping[id(book)] = "dropped:unpaired"
                        break
                    inside = _inside(d.curr, carried.curr, order)
                    why = _impure(d, carried, inside, prev_all)
                    if why == "none" and not confirmed(
                        d, book, carried.offset, carried.view, inside
                    ):
                        why = "unconfirmed"
                    self.dropping[id(book)] = f"dropped:moved-{why}"
        elif self.books:
            self.dropping = {id(b): "dropped:unmatched" for b in self.books.values()}
        given = super().recall(d, prev, placed)
        for step in self.pending:
            self.dropping.pop(id(step.book), None)
        if d is not None and prev is not None and placed is not None:
            self.last = (d, prev, placed, list(self.pending), given)
        self.before = before
        return given

    def note(self, index: ElementIndex, *, kept: bool = True) -> None:
        before = self._numbers()
        pending = {id(s.book) for s in self.pending}
        super().note(index, kept=kept)
        if not kept:
            self._left(before, {}, "dropped:screen")
            return
        kept_books = {id(b) for b in self.books.values()}
        why = {
            b: "dropped:full" if b in pending else self.dropping.get(b, "dropped:moved")
            for b in set(before.values())
            if b not in kept_books
        }
        self._left(before, why, "overwritten")
        self.dropping = {}

    def shown_whole(
        self,
        last: ElementIndex | None,
        index: ElementIndex,
        pairs: Mapping[int, int] | None = None,
    ) -> None:
        before = self._numbers()
        super().shown_whole(last, index, pairs)
        kept_books = {id(b) for b in self.books.values()}
        why = {b: "dropped:whole" for b in before.values() if b not in kept_books}
        self._left(before, why, "overwritten")

    def why(self, number: int, pos: int, frame: object) -> str:
        """The cause (module docstring) for the element at ``pos`` of the last step's frame
        (``frame``, its index's) coming back under a new number where it had ``number``."""
        if self.last is None or number not in self.before:
            if number not in self.noted:
                return "never-noted"
            return self.lost.get(number, "overwritten")
        d, prev, placed, carried, given = self.last
        if d.curr is not frame:
            return "other-frame"
        step = next((s for s in carried if number in s.book.entries), None)
        if step is None:
            return self.lost.get(number, "dropped:moved")
        return _why_in(step.book, step, number, pos, d, prev, placed, given)


def _impure(d: Delta, step: _Step, curr_elements: list[int], prev_all: list[int]) -> str:
    """Which of :meth:`Books._pure`'s checks failed: ``pair`` (a pair's content box
    changed), ``came`` (an element came in inside the part both frames show), ``went``."""
    book, prev, curr, pairs = step.book, d.prev, d.curr, d.pairs
    both = _cut(book.content_view(), _moved(step.view, *step.offset))
    if both is None:
        return "none"
    (ox, oy), (nx, ny) = book.offset, step.offset
    across, along = ox != nx, oy != ny
    now, then = _moved(step.view, nx, ny), book.content_view()
    paired: set[int] = set()
    for c in curr_elements:
        box = _moved(curr.nodes[c].bounds, nx, ny)
        p = pairs.get(c)
        if p is not None:
            paired.add(p)
            if _cut(box, both) != _cut(_moved(prev.nodes[p].bounds, ox, oy), both):
                return "pair"
        elif _within(box, both) and not _at_edge(box, now, across, along):
            return "came"
    back_of = {q: k for k, q in pairs.items()}
    for p in _inside(prev, book.pos, prev_all):
        box = _moved(prev.nodes[p].bounds, ox, oy)
        if p in paired:
            continue
        if (k := back_of.get(p)) is not None:  # paired with a node no element now
            if _cut(box, both) != _cut(_moved(curr.nodes[k].bounds, nx, ny), both):
                return "pair"
        elif _within(box, both) and not _at_edge(box, then, across, along):
            return "went"
    return "none"


def _why_in(
    book: Book,
    step: _Step,
    number: int,
    c: int,
    d: Delta,
    prev: ElementIndex,
    placed: Layout,
    given: Mapping[int, int],
) -> str:
    """Why the book carried through ``d`` did not give ``number`` to the element at ``c``."""
    curr = d.curr
    inside = _inside(curr, step.curr, placed.order)
    if c not in inside:
        return "outside"
    if number in set(prev.number_of.values()):
        return "held"
    if number in given.values():
        return "given"
    entry = book.entries[number]
    nx, ny = step.offset
    view = _moved(step.view, nx, ny)
    box = _moved(curr.nodes[c].bounds, nx, ny)
    if not (_cut(entry.box, view) == box or _cut(box, entry.seen) == entry.box):
        return "box"
    alike = [
        n
        for n, e in book.entries.items()
        if (e.box[0], e.box[2]) == (box[0], box[2])
        and (e.box[1] == box[1] or e.box[3] == box[3])
        and (_cut(e.box, view) == box or _cut(box, e.seen) == e.box)
    ]
    sign = (curr.nodes[c].role, placed.names[c])
    if entry.sign != sign:
        return "sign"
    if len([n for n in alike if book.entries[n].sign == sign]) > 1:
        return "ambiguous"
    sliver = entry.box[1] <= entry.seen[1] or entry.box[3] >= entry.seen[3]
    return "repeated-sliver" if sliver else "repeated"
