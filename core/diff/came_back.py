"""Rows that scrolled out of a list and come back take their numbers back.

A recycled row's stable key may name a later row (:func:`~deltarec.core.observe.index.
in_recycled_content`: rows repeat senders, ids, whole contents), so the index never gives a
number back by key inside a list: a row that scrolled out and comes back would take a new
number. What does identify it is where it sits in the list's *content*, and that is known
exactly while every step of the list is an exact scroll: the offsets the deltas stated,
summed. :class:`Books` keeps, per scrolled list of the screen, such a book: the content
offset of the last frame and, per number shown in the list, the element's box in content
coordinates (screen + offset) and what it shows (role and label).

A row that enters the list in the box the book noted for a number (that box and the
row's, each cut by the edges of the list as the other frame showed it, agree) takes the
number back only when confirmed:

- by what it shows: its role and label are the noted ones, and that label names one
  element of the book and one of the list in view (periodic content — the Feed's ads,
  repeated whole; a sender and a date repeated 28 rows on — is never confirmed so); or,
  noted cut by the list's edge and whole now or the reverse, the labels its cut part shows,
  one of them so unique (:func:`~deltarec.core.diff.book_rows.shown_part`);
- or by its row (:func:`~deltarec.core.diff.book_rows.rows`: the outermost node around it
  in the list that does not span the list's box), noted under one tag: an element of that
  row confirmed by its own label, or one that kept its number through the step, confirms
  the others noted in it, also those that show nothing, or more or less than noted as the
  edge cut them; and the rows in the boxes noted between two rows confirmed in the step,
  or between one and the end of the book, are confirmed by their place
  (:func:`~deltarec.core.diff.book_rows.beside`);
- two or more in one box the list's edge cut them to, noted in nested boxes (a list of cards
  and a shelf inside one), by their nesting (:func:`~deltarec.core.diff.book_rows.nested`);
  one cut by an edge now whose piece the other edge cut was noted of the same box (an
  element only while cut), by its own label (:func:`~deltarec.core.diff.book_rows.across_edges`);
- and the number is held by no element of the previous frame nor given to another one here.

A book is dropped — the rows take new numbers, never a wrong one — when its list is not
paired, when its scroll was anything but exact (a page turned, "D px or further", a top
edge moved with it, a hedge: rows maybe put in or taken out at its top or beside a
sliver) or no row of the list confirms the offset stated (an edge of it in one place of
the content in both frames, inside both views, :func:`~deltarec.core.diff.book_moves.confirmed`:
a row cut by the top edge, then by the bottom one, places nothing) unless rows whose
labels it holds once place its content again (two rows, or one whose other elements show
what it noted in their boxes)
(:func:`~deltarec.core.diff.book_moves.anchored`; else it waits, ``Books.dormant``, until
such rows place it in a later step, taking in the rows another book noted since; so does a
book started in a step whose offset no row confirms, YouTube's results list scrolled 2,139 px
inside its host, which kept only its own cut box: its rows came back renumbered), when a
row of it moved other than by the offset (rows put in or taken out, a sticky header), when
a row came or went wholly inside the part of the list both frames show (a piece on the
edge the content moved across, a sliver, is not wholly inside it), when it noted more than
:data:`MAX_ENTRIES` numbers, and on a new screen. A list with no scroll of its own stated
in a step, around or inside one that scrolled exactly, is carried by that scroll where
every row of it moved by it, and else by its rows' own move (new mail put in at its top:
:mod:`~deltarec.core.diff.book_moves`); a list that rows left in a step with no scroll
stated on it (new mail pushed them out) is given a book then
(:func:`~deltarec.core.diff.book_moves.left_unsaid`), also in a step that recalls its
screen (:meth:`Books.come_back`). The books of a screen left wait with its frame
(:meth:`Books.shelve`): a screen recalled as that frame (``» back to``: it shows what it
showed, no list scrolled) takes them back. A frame shown whole (``AC_observe``) keeps the
books of the lists it shows as they were. A reuse — a number given to another element — is
far worse than a renumbering (the stale check cannot catch it): when in doubt, a new
number.

    >>> Books().recall(None, None, None)  # nothing kept: nothing to give back
    {}

Cost: O(elements of the books' lists + entries of their books, dormant ones too) per step,
only in steps of an :class:`~deltarec.core.observer.Observer` where a list has a book,
scrolled, or lost elements (and O(elements removed + the nodes above them) to find those).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from deltarec.core.diff.book_moves import anchored, confirmed, left_unsaid, moves, rows_move
from deltarec.core.diff.book_rows import (
    Book,
    Box,
    Parts,
    across_edges,
    beside,
    cut,
    moved,
    nested,
    note,
    rows,
    shown_part,
    sign_of,
)
from deltarec.core.diff.compute import Delta
from deltarec.core.diff.match import match_frames
from deltarec.core.diff.new_rows import unnumbered
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex, Layout
from deltarec.core.observe.model import Bounds

MAX_ENTRIES = 5_000
"""A book noting more numbers than this is dropped (rows take new numbers): a step's cost
stays linear in the dump, whatever the session scrolled through."""


def _within(box: Box, view: Box) -> bool:
    """Whether ``box`` has an area and lies wholly inside ``view``."""
    return box[0] < box[2] and box[1] < box[3] and cut(box, view) == box


def _at_edge(box: Box, view: Box, across: bool, along: bool) -> bool:
    """Whether ``box`` lies on an edge of ``view`` the list's content moved across: a
    piece of a row that edge cuts (a sliver), which the frame shows only in part."""
    return (along and (box[1] == view[1] or box[3] == view[3])) or (
        across and (box[0] == view[0] or box[2] == view[2])
    )


@dataclass(slots=True)
class _Step:
    """A book carried through one step: its list's and window's positions now, the new
    offset."""

    book: Book
    curr: int
    offset: tuple[int, int]
    view: Bounds


def _carried(
    book: Book, curr: Frame, back_of: Mapping[int, int], offset: tuple[int, int]
) -> _Step | None:
    """``book`` carried into ``curr``: its list paired."""
    c = back_of.get(book.pos)
    return None if c is None else _Step(book, c, offset, curr.nodes[c].bounds)


def _inside(frame: Frame, host: int, positions: Iterable[int]) -> list[int]:
    end = frame.subtree_end(host)
    return [p for p in positions if host < p < end]


class Books:
    """The books of the lists of the screen an observer shows (module docstring)."""

    __slots__ = ("books", "dormant", "pending", "shelf", "waking")

    def __init__(self) -> None:
        self.books: dict[int, Book] = {}
        """By the list's position in the last frame noted."""
        self.pending: list[_Step] = []
        self.dormant: dict[int, Book] = {}
        """Books whose list's offset a step left unknown, by the list's position in the last
        frame: each waits until rows whose labels it holds once place the content again."""
        self.waking: dict[int, Book] = {}
        """The dormant books as the step being recalled leaves them, by the list's position
        in its frame: :attr:`dormant` once :meth:`note` keeps the step's books."""
        """The books :meth:`recall` carried into the step :meth:`note` is told of."""
        self.shelf: dict[int, tuple[ElementIndex, dict[int, Book]]] = {}
        """The books of screens left, by (the id of) the frame they were noted on: a screen
        recalled as that very frame (``» back to``) takes them back (:meth:`unshelve`)."""

    def clear(self) -> None:
        self.books, self.pending, self.shelf = {}, [], {}
        self.dormant, self.waking = {}, {}

    def shelve(self, index: ElementIndex | None) -> None:
        """Put the books aside with ``index``, the frame they were noted on, as the step
        leaves its screen; none are kept meanwhile."""
        if index is not None and self.books:
            self.shelf[id(index)] = (index, self.books)
        self.books, self.pending = {}, []
        self.dormant, self.waking = {}, {}

    def unshelve(self, index: ElementIndex) -> bool:
        """Take back the books put aside with ``index``, a remembered frame the step comes
        back to as it was (its lists at the offsets the books hold: a screen scrolled since
        is never recalled); False when none were."""
        had = self.shelf.pop(id(index), None)
        if had is None or had[0] is not index:
            return False
        self.books, self.pending = had[1], []
        self.dormant, self.waking = {}, {}
        return True

    def come_back(self, d: Delta, prev: ElementIndex, placed: Layout) -> None:
        """Carry through ``d`` (a delta from ``prev``, a remembered frame: ``» back to``)
        the books put aside with ``prev`` (:meth:`unshelve`), and start those of lists that
        rows left since with no scroll stated (new mail pushed them out while the screen
        was away: :meth:`recall`); :meth:`note` keeps them."""
        self.unshelve(prev)
        self.recall(d, prev, placed)

    def prune(self, remembered: Iterable[ElementIndex]) -> None:
        """Keep on the shelf only the books of the frames still ``remembered``: O(shelf +
        remembered)."""
        if self.shelf:
            keep = {id(i) for i in remembered}
            self.shelf = {k: v for k, v in self.shelf.items() if k in keep}

    def recall(
        self, d: Delta | None, prev: ElementIndex | None, placed: Layout | None
    ) -> dict[int, int]:
        """The numbers to give back in step ``d`` (current position -> number), from the
        books carried through it; ``prev`` numbers ``d.prev``, ``placed`` lays out
        ``d.curr``. Lists that scrolled exactly in ``d`` are given a book (from ``prev``)."""
        self.pending, self.waking = [], {}
        if d is None or prev is None or placed is None or prev.frame is not d.prev:
            self.books, self.dormant = {}, {}
            return {}
        scroll_of = {s.prev: s for s in d.scrolls}
        back_of = {p: c for c, p in d.pairs.items()}
        started: set[int] = set()
        for s in d.scrolls:
            if s.prev not in self.books and not s.page:
                self.books[s.prev] = self._started(d.prev, s.prev, prev)
                started.add(s.prev)
        for host in left_unsaid(d, prev.number_of, back_of):
            if host not in self.books:  # rows pushed out: the rows' own move may carry it
                self.books[host] = self._started(d.prev, host, prev)
                started.add(host)
        if not self.books and not self.dormant:
            return {}
        order = placed.order
        prev_elements = [e.pos for e in prev.elements]
        held = set(prev.number_of.values())
        back: dict[int, int] = {}
        for p, book in self.books.items():
            ox, oy = book.offset
            tried = moves(d, p, scroll_of.get(p))
            c = back_of.get(p)
            # the offset stated, else (none stated, or no row of the list confirms it) where
            # the labels the book holds once place the content
            for anchoring in (False, True) if tried else (True,):
                if anchoring and c is not None:
                    inside = _inside(d.curr, c, order)
                    signs = [sign_of(d.curr.nodes[i], placed.names[i]) for i in inside]
                    at = anchored(book.entries, [d.curr.nodes[i].bounds for i in inside], signs)
                    tried = [] if at is None else [(ox - at[0], oy - at[1])]
                    if at is None:
                        self.waking[c] = book
                unsure = False
                for dx, dy in tried:  # the rows' own move, last (rows put in at its top)
                    carried = _carried(book, d.curr, back_of, (ox - dx, oy - dy))
                    if carried is None:
                        break
                    inside = _inside(d.curr, carried.curr, order)
                    if self._pure(d.prev, d.curr, d.pairs, carried, inside, prev_elements, back_of):
                        unsure = not anchoring and not confirmed(
                            d, book, carried.offset, carried.view, inside
                        )
                        if not unsure:
                            self.pending.append(carried)
                            self._give(d, carried, placed, prev, held, back)
                        break
                    last = not anchoring and (dx, dy) == tried[-1]
                    if last and (move := rows_move(d, inside)) is not None and move not in tried:
                        tried.append(move)
                if unsure and p in started and c is not None:  # the offset unconfirmed: it
                    self.waking.setdefault(c, book)  # waits for rows to place it (anchored)
                if not unsure or p in started:  # a book started here notes nothing to place
                    break
        for p, book in self.dormant.items():
            if (c := back_of.get(p)) is None or c in self.waking:
                continue
            inside = _inside(d.curr, c, order)
            signs = [sign_of(d.curr.nodes[i], placed.names[i]) for i in inside]
            at = anchored(book.entries, [d.curr.nodes[i].bounds for i in inside], signs)
            if at is None:
                self.waking[c] = book
                continue
            woke = _Step(book, c, at, d.curr.nodes[c].bounds)
            live = next((s for s in self.pending if s.curr == c), None)
            if live is not None:  # the rows seen since, moved into the book's content
                self.pending.remove(live)
                sx, sy = at[0] - live.offset[0], at[1] - live.offset[1]
                for n, e in live.book.entries.items():
                    b, v = e.box, e.seen
                    book.entries[n] = e._replace(
                        box=(b[0] + sx, b[1] + sy, b[2] + sx, b[3] + sy),
                        seen=(v[0] + sx, v[1] + sy, v[2] + sx, v[3] + sy),
                        tag=None if e.tag is None else e.tag + book.tags,
                    )
                book.tags += live.book.tags
            self.pending.append(woke)
            self._give(d, woke, placed, prev, held, back)
        fresh = unnumbered(d)
        return {c: n for c, n in back.items() if c not in fresh}

    @staticmethod
    def _started(frame: Frame, host: int, index: ElementIndex) -> Book:
        book = Book(host, frame.nodes[host].bounds, (0, 0))
        note(book, frame, host, index)
        return book

    @staticmethod
    def _pure(
        prev: Frame,
        curr: Frame,
        pairs: Mapping[int, int],
        step: _Step,
        curr_elements: Sequence[int],
        prev_all: Sequence[int],
        back_of: Mapping[int, int],
    ) -> bool:
        """Whether the list's rows all moved by the offset alone: every pair in the list
        keeps its content box (cut by the part both frames show), and every element that
        came or went lies partly outside that part. An element paired with a node that is
        no element in the other frame (``back_of``: the pairs by their node of ``prev``; an
        Inbox row cut by the list's edge to its subject line is one element, its subject
        folded into its name) neither came nor went: its box is checked as a pair's."""
        book = step.book
        both = cut(book.content_view(), moved(step.view, *step.offset))
        if both is None:
            return True  # no part shown twice: nothing to check
        (ox, oy), (nx, ny) = book.offset, step.offset
        across, along = ox != nx, oy != ny
        pnodes, cnodes = prev.nodes, curr.nodes
        paired_prev: set[int] = set()
        now = moved(step.view, nx, ny)
        for c in curr_elements:
            box = moved(cnodes[c].bounds, nx, ny)
            p = pairs.get(c)
            if p is not None:
                paired_prev.add(p)
                if cut(box, both) != cut(moved(pnodes[p].bounds, ox, oy), both):
                    return False
            elif _within(box, both) and not _at_edge(box, now, across, along):
                return False  # came in inside the part the last frame showed
        then = book.content_view()
        for p in _inside(prev, book.pos, prev_all):
            if p in paired_prev:
                continue
            box = moved(pnodes[p].bounds, ox, oy)
            if (k := back_of.get(p)) is not None:  # paired with a node no element now
                if cut(box, both) != cut(moved(cnodes[k].bounds, nx, ny), both):
                    return False
            elif _within(box, both) and not _at_edge(box, then, across, along):
                return False  # went out inside the part this frame shows
        return True

    def shown_whole(
        self,
        last: ElementIndex | None,
        index: ElementIndex,
        pairs: Mapping[int, int] | None = None,
    ) -> None:
        """Carry the books to ``index``, a frame the caller was shown whole in place of a
        delta from ``last`` (``AC_observe``): each book whose list the two frames show alike
        (its box, its elements in their boxes) is kept, the others dropped. ``pairs``: the
        two frames' :func:`~deltarec.core.diff.match.match_frames`, when the caller numbered
        ``index`` with them; else matched here, once, when a book is kept."""
        self.pending, self.waking = [], {}
        if last is None:
            self.books, self.dormant = {}, {}
        if last is None or index is last or not (self.books or self.dormant):
            return
        prev, curr = last.frame, index.frame
        if pairs is None:
            pairs = match_frames(prev, curr)
        back_of = {p: c for c, p in pairs.items()}
        self.waking = {c: b for p, b in self.dormant.items() if (c := back_of.get(p)) is not None}
        order = [e.pos for e in index.elements]
        prev_elements = [e.pos for e in last.elements]
        for book in self.books.values():
            carried = _carried(book, curr, back_of, book.offset)
            if carried is None:
                continue
            inside = _inside(curr, carried.curr, order)
            if self._pure(prev, curr, pairs, carried, inside, prev_elements, back_of):
                self.pending.append(carried)
        self.note(index)

    @staticmethod
    def _give(
        d: Delta,
        step: _Step,
        placed: Layout,
        prev: ElementIndex,
        held: set[int],
        back: dict[int, int],
    ) -> None:
        """Fill ``back`` with the numbers the book confirms for the list's new elements
        (module docstring). An element in the box the book noted (cut by the list's edge
        as it is now), showing what it showed, is confirmed by a label that names one
        element of the book and of the list in view; an element of a row so confirmed, or
        of a row that holds an element that kept its number, is confirmed too, also one
        that shows nothing or that the list's edge cuts otherwise than when it was noted
        (a row whole now, noted cut: its label shows more)."""
        book, curr = step.book, d.curr
        entries = book.entries
        if not entries:
            return
        nx, ny = step.offset
        view = moved(step.view, nx, ny)
        by_top: dict[tuple[int, int, int], list[int]] = {}
        by_bottom: dict[tuple[int, int, int], list[int]] = {}
        for number, entry in entries.items():
            box = entry.box
            by_top.setdefault((box[0], box[1], box[2]), []).append(number)
            by_bottom.setdefault((box[0], box[3], box[2]), []).append(number)
        in_book = Counter(entry.sign for entry in entries.values())
        inside = _inside(curr, step.curr, placed.order)
        names, nodes, pairs = placed.names, curr.nodes, d.pairs
        numbered = prev.number_of
        in_view = Counter(sign_of(nodes[c], names[c]) for c in inside)
        row_of = rows(curr, step.curr, step.view, inside)
        parts = Parts(entries.values(), (sign_of(nodes[c], names[c])[1] for c in inside))
        sure: set[int] = set()  # rows confirmed, by their tag in the book
        found: dict[int, tuple[int, bool]] = {}  # position -> (number, by its own label)
        stacked: dict[tuple[int, ...], list[int]] = {}  # numbers noted in one box -> elements
        for c in inside:
            kept = numbered.get(pairs.get(c, -1))
            if kept is not None:
                if (had := entries.get(kept)) is not None and had.tag is not None:
                    sure.add(had.tag)  # the row holds an element that stayed: that row
                continue
            box = moved(nodes[c].bounds, nx, ny)
            sign = sign_of(nodes[c], names[c])
            at = {
                *by_top.get((box[0], box[1], box[2]), ()),
                *by_bottom.get((box[0], box[3], box[2]), ()),
            }
            # in the box noted, as either frame's edges cut it
            placed_alike = [
                n
                for n in at
                if cut(entries[n].box, view) == box or cut(box, entries[n].seen) == entries[n].box
            ]
            alike = [n for n in placed_alike if entries[n].sign == sign]
            if not placed_alike and (box[1] == view[1] or box[3] == view[3]):
                pieces = [n for n in across_edges(entries, box, view) if entries[n].sign == sign]
                own = bool(sign[1]) and in_book[sign] == 1 and in_view[sign] == 1
                if own and len(pieces) == 1 and pieces[0] not in held:
                    found[c] = (pieces[0], True)  # one box, each frame's edge cut a piece
                continue
            if not alike:  # showing more or less as it is cut: the part it shows, or its row
                alike = [n for n in placed_alike if entries[n].sign[0] == sign[0]]
                if len(alike) > 1:  # in one box: nested, told apart by their nesting
                    stacked.setdefault(tuple(sorted(alike)), []).append(c)
                if len(alike) == 1 and alike[0] not in held:
                    n = alike[0]
                    own = shown_part(entries[n].sign, sign, parts)
                    if own and (tag := entries[n].tag) is not None:
                        sure.add(tag)
                    if own or entries[n].tag is not None:
                        found[c] = (n, own)
                continue
            if len(alike) > 1:
                stacked.setdefault(tuple(sorted(alike)), []).append(c)
            if len(alike) != 1 or alike[0] in held:
                continue
            n = alike[0]
            own = bool(sign[1]) and in_book[sign] == 1 and in_view[sign] == 1
            found[c] = (n, own)
            if own and (tag := entries[n].tag) is not None:
                sure.add(tag)
        for group, stack in stacked.items():
            for c, n in nested(curr, stack, {n: entries[n] for n in group}):
                if n not in held:
                    found[c] = (n, False)
        if any(not own and entries[n].tag not in sure for n, own in found.values()):
            sure |= beside(entries, sure)
        given = set(back.values())
        for c, (n, own) in found.items():
            tag = entries[n].tag
            if (
                (own or (tag in sure and row_of.get(c) is not None))
                and n not in given
                and c not in back
            ):
                back[c] = n
                given.add(n)

    def note(self, index: ElementIndex, *, kept: bool = True) -> None:
        """Note the numbers ``index`` (the step's frame, numbered) shows in the lists whose
        books :meth:`recall` carried through the step: the only books kept. ``kept``: False
        when the step went to another screen, or to one remembered (its lists' offsets are
        unknown): every book is dropped."""
        if not kept:
            self.books, self.pending = {}, []
            self.dormant, self.waking = {}, {}
            return
        self.dormant, self.waking = self.waking, {}
        books: dict[int, Book] = {}
        frame = index.frame
        for step in self.pending:
            book = step.book
            book.pos, book.offset, book.view = step.curr, step.offset, step.view
            note(book, frame, step.curr, index)
            if len(book.entries) <= MAX_ENTRIES:
                books[step.curr] = book
        self.books, self.pending = books, []
