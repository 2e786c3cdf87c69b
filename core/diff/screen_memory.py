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
latest (:func:`candidates`): ``» back to FeedActivity "Feed" (as after step 42)``.

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

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from deltarec.core.diff.screen_labels import same_label
from deltarec.core.diff.screens import screen_title
from deltarec.core.observe.index import ElementIndex

ENTRIES = 3
"""How many visits' entry frames a screen keeps (the latest visits'): a screen entered again
by back shows where it was left, so the frame of a fresh instance is an older entry."""

Screen = tuple[str, str, str]
"""A screen: its package, activity and title."""


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
    for seen in [s for s in recent if s.screen == screen]:
        entries = seen.entries
        recent.remove(seen)
    if entered or not entries:  # an entry showing what this one shows is replaced by it
        kept = tuple(e for e in entries if not same_label(e[0].frame, index.frame))
        entries = (*kept, (index, step))[-ENTRIES:]
    recent.append(Seen(index, step, screen, entries))
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
