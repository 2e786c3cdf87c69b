"""The screens an :class:`~deltarec.core.observer.Observer` remembers: each screen's latest
frame, and the frames it was entered showing.

A screen is its package, activity and title (:func:`screen_of`). Its latest frame is what a
step that comes back to the same instance finds (back: Android keeps its offsets). A screen
opened again as a new instance starts at its top, as it was entered, not as it was left: the
Feed scrolled 86 px and left, tapped again from the main screen, shows what it showed when
it was first entered, and every element of it comes back (``bench_agent`` phone seed 14087
step 75: read ``» new screen`` with all 30 elements, since the latest frame, scrolled, is no
screen come back to). So each screen also keeps the frames it was entered showing at its
last :data:`ENTRIES` visits (:attr:`Seen.entries`), which the observer tries after the
latest (:func:`candidates`): ``» back to FeedActivity "Feed" (as after step 42)``. An entry
frame recalled keeps the numbers it had only where the screen's latest frame does not show
its element: an element renumbered later in the visit keeps its later number (:func:`carried`).

    >>> from deltarec.core.observe.frame import Frame
    >>> from deltarec.core.observe.index import build_index
    >>> from deltarec.core.observe.model import Node, Observation
    >>> def at(text): return build_index(Frame(Observation(
    ...     (Node(class_name="T", text=text),), package="p", activity="A")))
    >>> recent = deque[Seen]()
    >>> top, scrolled = at("Feed"), at("Feed")
    >>> remember(recent, top, 3, entered=True, nodes=100)
    >>> remember(recent, scrolled, 4, entered=False, nodes=100)
    >>> [step for _, step in candidates(recent[-1])]
    [4, 3]
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import cast

from deltarec.core.diff.compute import Delta
from deltarec.core.diff.new_rows import two_readings
from deltarec.core.diff.screen_labels import _still_shows, same_label
from deltarec.core.diff.screens import screen_title
from deltarec.core.diff.strips_back import recalled_delta
from deltarec.core.diff.volatile import Volatile
from deltarec.core.observe.again import numbers_again, rows_moved
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex, Layout, in_recycled_content
from deltarec.core.observe.model import Node

ENTRIES = 3
"""How many visits' entry frames a screen keeps (the latest visits'): a screen entered again
by back shows where it was left, so the frame of a fresh instance is an older entry."""

Screen = tuple[str, str, str]
"""A screen: its package, activity and title."""

Shown = tuple[int, str, int, int]
"""An element as a frame showed it: its number, its name, its box's left and right edges."""


def screen_of(index: ElementIndex) -> Screen:
    """Which screen a frame shows: its package, activity and title."""
    obs = index.frame.obs
    return (obs.package, obs.activity, screen_title(index))


@dataclass(frozen=True, slots=True)
class Seen:
    """A screen an :class:`~deltarec.core.observer.Observer` showed: its latest numbered
    index and the step that showed it, and the frames it was entered showing."""

    index: ElementIndex
    step: int
    screen: Screen = ("", "", "")
    """:func:`screen_of` the index."""
    entries: tuple[tuple[ElementIndex, int], ...] = ()
    """``(index, step)``: the frames the screen was entered showing at its last visits, the
    latest last (at most :data:`ENTRIES`; the latest frame among them when it was one)."""
    visit: dict[str, Shown] = field(default_factory=dict, compare=False)
    """The screen's latest visit: per stable key, the number and name the latest frame of
    the visit that showed an element of that key gave it (one dict, updated as the visit
    goes on: O(elements) a step)."""


def remember(
    recent: deque[Seen], index: ElementIndex, step: int, *, entered: bool, nodes: int
) -> None:
    """Remember ``index`` (shown at ``step``) as its screen's latest frame, and as a frame it
    was entered showing when ``entered`` (or when the screen is not remembered yet), in place
    of an entry frame that shows the same texts (:func:`same_label`: a session that comes
    back to a screen as it was holds no more than it did). Past ``nodes`` nodes in all the
    oldest screens are forgotten (the latest is always kept). O(screens + entries)."""
    screen = screen_of(index)
    entries: tuple[tuple[ElementIndex, int], ...] = ()
    visit: dict[str, Shown] = {}
    for seen in [s for s in recent if s.screen == screen]:
        entries, visit = seen.entries, seen.visit
        recent.remove(seen)
    if entered or not entries:  # an entry showing what this one shows is replaced by it
        kept = tuple(e for e in entries if not same_label(e[0].frame, index.frame))
        entries, visit = (*kept, (index, step))[-ENTRIES:], {}
    keys, names, views = own_keys(index.frame), index.names, index.frame.nodes
    for pos, n in index.number_of.items():
        key = keys[pos]
        if key is not None:
            b = views[pos].bounds
            visit[key] = (n, names[pos], b.left, b.right)
    recent.append(Seen(index, step, screen, entries, visit))
    held = sum(_nodes(s) for s in recent)
    while held > nodes and len(recent) > 1:
        held -= _nodes(recent.popleft())


def _nodes(seen: Seen) -> int:
    """The nodes ``seen`` holds: its latest frame's and its other entry frames'."""
    return len(seen.index.frame.nodes) + sum(
        len(i.frame.nodes) for i, _ in seen.entries if i is not seen.index
    )


def candidates(seen: Seen) -> Iterator[tuple[ElementIndex, int]]:
    """The frames of ``seen``'s screen a step may come back to, in the order to try them:
    the latest, then the entry frames, the latest first."""
    yield seen.index, seen.step
    for index, step in reversed(seen.entries):
        if index is not seen.index:
            yield index, step


def again(recent: Iterable[Seen], placed: Layout, label: str, volatile: Volatile) -> dict[int, int]:
    """A new screen (a relaunch that differs), laid out as ``placed``: the numbers its elements
    had (:func:`~deltarec.core.observe.again.numbers_again`) in the remembered frame labelled
    ``label``, else in the latest of its screen where rows moved (:meth:`Observer._again`)."""
    frame = placed.frame
    screen = (frame.obs.package, frame.obs.activity, screen_title(placed))
    found = [s for s in reversed(list(recent)) if s.index.screen == label or s.screen == screen]
    seen = max(found, key=lambda s: s.index.screen == label, default=None)
    if seen is None or seen.screen[:2] != screen[:2]:
        return {}
    delta = recalled_delta(seen.index.frame, frame, volatile)
    measured = [(s.dx, s.dy + s.edge) for s in delta.scrolls if not (s.page or s.further or s.most)]
    got = numbers_again(seen.index, frame, placed.names, placed.order, delta.pairs, measured)
    moved = rows_moved(delta.prev, frame, delta.pairs, got)
    return got if seen.index.screen == label or moved else {}


def carried(
    seen: Seen, entry: ElementIndex, volatile: Volatile, number: Callable[..., ElementIndex]
) -> ElementIndex:
    """``entry``, a frame ``seen``'s screen was entered showing, numbered again by ``number``
    (the observer's ``index_frame``) with the numbers its elements had at the screen's latest
    frame: an element numbered again later in the visit (a row scrolled out and back, a card
    laid out again) keeps one number (``bench_agent`` small seed 16002 step 19 read the
    Inbox's "Week 1" [56] as [12] again). Where the two frames show an element alike
    (:func:`~deltarec.core.diff.strips_back.recalled_delta`: a visit scrolls its screen), but
    not in a list the diff turned a page of (no row stayed: a twin's pair there is a guess,
    a later card's author "Maya Chen" for the first card's), nor where it gives two readings,
    nor where one of the two is cut and the other not (:func:`_alike`);
    elsewhere the entry's own numbers (unless the latest gave one to another of them), and
    only those where the latest frame comes from a later visit and shows another item of the
    screen (another message of the same sender, its title kept:
    :func:`~.screen_labels._still_shows`; ``bench_agent`` phone seed 14084 step 43 gave
    Margaret's first message the second's numbers). One
    diff, only when an entry frame is recalled; unnoted (the caller notes the index it
    numbers from it)."""
    latest_visit = entry is seen.entries[-1][0]  # else its texts differ from that visit's entry
    if not latest_visit and not _still_shows(entry.frame, seen.index.frame):
        return number(
            entry.frame,
            previous=seen.index,
            pairs={},
            commit=False,
            screen=entry.screen,
            back=entry.number_of,
        )
    delta = recalled_delta(seen.index.frame, entry.frame, volatile)
    guessed = entry.frame.under(s.curr for s in delta.scrolls if s.page)
    guessed |= two_readings(delta)
    now, then = entry.frame.nodes, seen.index.frame.nodes
    pairs = {c: p for c, p in delta.pairs.items() if c not in guessed and _alike(now[c], then[p])}
    held = {seen.index.number_of.get(p) for p in pairs.values()}
    return number(
        entry.frame,
        previous=seen.index,
        pairs=pairs,
        commit=False,
        screen=entry.screen,
        back=latest_numbers(entry, seen.visit, held),
    )


def own_keys(frame: Frame) -> list[str | None]:
    """Per position, its stable key where the key tells the element from every other one
    of its screen, else None: inside an item of a native list's recycled content
    (:func:`~deltarec.core.observe.index.in_recycled_content`) a key is unique within a
    frame only, as the list repeats its senders (the Inbox's "Linus" of row 2 and of row 18
    share a key: ``truth/test_renumbered_gone.py``, phone seed 0, row 2's "Linus" took row
    18's number); a web page's blocks are recycled content too, but a page shows each of
    them once (as :mod:`.page_labels` reads a web label). O(n), kept in the frame's memo."""
    got = frame.memo.get("screen_memory.own_keys")
    if got is None:
        keys, nodes, recycled = frame.keys, frame.nodes, in_recycled_content(frame)
        web = [False] * len(keys)
        got = list[str | None](keys)
        for pos, parent in enumerate(frame.parents):
            web[pos] = nodes[pos].role == "web" or (parent >= 0 and web[parent])
            if recycled[pos] and not web[pos]:
                got[pos] = None
        frame.memo["screen_memory.own_keys"] = got
    return cast("list[str | None]", got)


def latest_numbers(
    entry: ElementIndex, visit: Mapping[str, Shown], held: AbstractSet[int | None]
) -> dict[int, int]:
    """``entry``'s numbers, each element's the latest its screen's visit gave it
    (:attr:`Seen.visit`): a later number noted under the element's key, given to an element
    called by its very name, which the entry frame shows under that name alone, and not in
    ``held`` (numbers the recall carries to other elements). A visit that renumbered it (the
    Article's title [21], a page turned down and back up: [70]) and then scrolled it out
    again leaves its latest frame without it, so the entry's number would be the older one
    (``truth/test_renumbered_gone.py``, small seed 0: ``[21, 70]→[21]``). O(elements)."""
    keys, names, nodes = own_keys(entry.frame), entry.names, entry.frame.nodes
    counts = Counter(names[p] for p in entry.number_of)
    out = {}
    for pos, n in entry.number_of.items():
        key = keys[pos]
        m, name, *box = visit.get(key, (n, "", 0, 0)) if key is not None else (n, "", 0, 0)
        b = nodes[pos].bounds
        column = box[:2] == [b.left, b.right]  # a price two tiles show: two columns
        later = m != n and m not in held and name == names[pos] and counts[name] == 1 and column
        out[pos] = m if later else n
    return out


def came_back(seen: Seen, delta: Delta, volatile: Volatile) -> dict[int, int]:
    """``delta`` recalls ``seen``'s latest frame: the positions of its new frame it leaves
    unpaired that an entry frame shows alike (one diff per entry frame, the latest first,
    none inside a page or a hedge), each with the number the entry frame gave it. A fresh
    instance shows again what the visit took out (Grace's row archived, the Inbox opened
    again): it keeps the number it had, not a new one. Only when ``delta`` added any."""
    curr, out, unpaired = delta.curr, dict[int, int](), set(delta.added)
    if not unpaired:
        return out
    for entry, _ in reversed(seen.entries):
        if entry is seen.index:
            continue
        found = recalled_delta(entry.frame, curr, volatile)
        guessed = curr.under(s.curr for s in found.scrolls if s.page)
        guessed |= two_readings(found)
        for c, p in found.pairs.items():
            n = entry.number_of.get(p)
            if n is None or c not in unpaired or c in guessed:
                continue
            if _alike(curr.nodes[c], entry.frame.nodes[p]):
                out.setdefault(c, n)
    return out


def _alike(a: Node, b: Node) -> bool:
    """Two paired nodes of about one size (within half): not a sliver a list's edge cut and
    a whole node (a sliver paired with a whole row is a guess: the entry's Linus row given
    the number of the Grace row's sliver left above it)."""
    (w1, h1), (w2, h2) = (a.bounds.width, a.bounds.height), (b.bounds.width, b.bounds.height)
    return 2 * min(w1, w2) >= max(w1, w2) and 2 * min(h1, h2) >= max(h1, h2)
