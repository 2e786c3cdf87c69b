"""A sticky section header over a real capture's list, replaced as the list scrolls, with a
known truth (issue 18, round 6).

A contacts list, a settings screen grouped by section, a chat's day separators: the header
of the section at the top of the list is pinned to the list's top edge ("M") while the rows
scroll under it, and when the next section's first row reaches the top the header reads the
next letter ("N"); it never moves. :func:`pinned` puts such a header on a real capture's
scroller (:func:`.transforms.scrollers`), after the scroll (:func:`.transforms.scrolled`)
so that it stays in place, in one of two ways (:data:`PLACES`):

- **overlay**: a view of its own over the list, drawn after it (a ``FrameLayout`` holding
  the list and the header: ``PinnedHeaderListView``, most sticky-header libraries);
- **inside**: the list's first child, held at its top edge while the other rows move (a
  header translated to stay put, Compose's ``stickyHeader``).

The sections are ``span`` px of the list's content each, the first starting ``phase`` px
above the list's top; the header shows the letter of the section at the top (:func:`letter`).

The truth (:func:`check`): the scroll as :func:`.transforms.grade` states it (one line on the
list by ``d`` ±2 px, or about a page when nothing stayed in view; nothing outside the list
listed; the real-capture oracle), the header never ``+`` / ``-`` and never part of the move,
and its letter one ``~`` of its text when it changed (none when it did not); no ``~`` of
another element.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls.grading import Violation, changed_besides
from tests.core.real_scrolls.transforms import (
    Case,
    Path_,
    _at,
    _content,
    _positions,
    _replace,
    captures,
    grade,
    graded,
    scrolled,
    scrollers,
)

PLACES = ("overlay", "inside")
HEADER = 84
"""The header's height, px (a 32 dp letter bar at 420 dpi is 84 px)."""
FIRST = "M"
"""The letter of the section at the list's top before the scroll (sections before it
scroll in from above)."""


@dataclass(frozen=True, slots=True)
class Sticky:
    """The scroller at ``where`` scrolled by ``d`` px under a header pinned ``place``
    (:data:`PLACES`), its sections ``span`` px long, the first ``phase`` px above the top."""

    capture: str
    where: Path_
    d: int
    place: str
    span: int
    phase: int


def letter(case: Sticky, offset: int) -> str:
    """The letter of the section at the list's top when it is scrolled by ``offset``.

    >>> case = Sticky("x", (0,), 0, "overlay", 300, 100)
    >>> letter(case, 0), letter(case, 199), letter(case, 200), letter(case, -101)
    ('M', 'M', 'N', 'L')
    """
    return chr(ord(FIRST) + (case.phase + offset) // case.span)


def _header(box: Bounds, text: str) -> Node:
    return Node(
        role="text",
        class_name="android.widget.TextView",
        resource_id="com.example:id/pinned_header",
        text=text,
        bounds=Bounds(box.left, box.top, box.right, min(box.bottom, box.top + HEADER)),
    )


def header_path(obs: Observation, case: Sticky) -> Path_:
    """Where :func:`pinned` puts the header: after the scroller in its parent (overlay), or
    the first child of the list's content (inside)."""
    if case.place == "overlay":
        return (*case.where[:-1], case.where[-1] + 1)
    got = _content(case.where, _at(obs, case.where))
    assert got is not None
    return (*got[0], 0)


def pinned(obs: Observation, case: Sticky, offset: int) -> Observation:
    """``obs`` with its scroller scrolled by ``offset`` under the header (module docstring)."""
    moved = scrolled(obs, case.where, offset) if offset else obs
    head = _header(_at(obs, case.where).bounds, letter(case, offset))
    at = header_path(obs, case)
    parent = _at(moved, at[:-1])
    kids = list(parent.children)
    kids.insert(at[-1], head)
    return _replace(moved, at[:-1], dataclasses.replace(parent, children=tuple(kids)))


def _can_scroll(obs: Observation, path: Path_) -> bool:
    node = _at(obs, path)
    return len(path) > 1 and node.bounds.height > 3 * HEADER and _content(path, node) is not None


def cases(rng: random.Random, per_capture: int) -> list[Sticky]:
    """``per_capture`` scrolls of each real capture's scrollers, of the lengths
    :func:`.transforms.cases` draws (10 px to more than the box), each way, under a header
    overlaid or inside, sections 120 to 700 px long."""
    out: list[Sticky] = []
    for name, obs in captures():
        hosts = [p for p in scrollers(obs) if _can_scroll(obs, p)]
        for _ in range(per_capture if hosts else 0):
            path = rng.choice(hosts)
            h = _at(obs, path).bounds.height
            d = rng.choice((10, 40, 150, h // 3, h // 2, h - 60, h + 200))
            span = rng.choice((120, 300, 700))
            place = PLACES[rng.randrange(len(PLACES))]
            sign = rng.choice((-1, 1))
            out.append(Sticky(name, path, sign * max(10, d), place, span, rng.randrange(span)))
    return out


def swept(rng: random.Random, step: int) -> list[Sticky]:
    """Every scroller of every real capture scrolled by every ``step``-th px from 10 px to
    200 px past its height, each way, under a header overlaid and one inside, sections 120 to
    700 px long (one drawn per case) starting anywhere (:func:`cases` draws seven lengths:
    a class seen at one length is a class at the lengths around it)."""
    out: list[Sticky] = []
    for name, obs in captures():
        for path in (p for p in scrollers(obs) if _can_scroll(obs, p)):
            h = _at(obs, path).bounds.height
            for d in range(10, h + 201, step):
                for sign in (-1, 1):
                    for place in PLACES:
                        span = rng.choice((120, 300, 700))
                        out.append(Sticky(name, path, sign * d, place, span, rng.randrange(span)))
    return out


def derive(case: Sticky) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    return pinned(obs, case, 0), pinned(obs, case, case.d)


def kind(case: Sticky) -> str:
    turned = letter(case, 0) != letter(case, case.d)
    return f"{case.place}-{'turned' if turned else 'kept'}"


def check(case: Sticky) -> list[Violation]:
    """The violations of the delta of ``case`` (module docstring)."""
    prev, curr = derive(case)
    scroll = Case(case.capture, "scroll", case.where, case.d)
    out = [v for v in grade(scroll, prev, curr) if v[0] != "false-change"]
    fp, fc, d, _ = graded(prev, curr)  # the same delta again (grade keeps it to itself)
    at = header_path(dict(captures())[case.capture], case)
    hp, hc = _positions(fp, prev, at).start, _positions(fc, curr, at).start
    out += changed_besides(d, {hc})
    if hp in d.removed or hc in d.added:
        out.append(("header-listed", f"the header {letter(case, case.d)!r} said + / -"))
    if any(s.curr == hc for s in d.scrolls):
        out.append(("header-listed", "the header named as the scroll"))
    turned = letter(case, 0) != letter(case, case.d)
    said = "text" in d.changed.get(hc, {}) and d.pairs.get(hc) == hp
    if turned and not said:
        out.append(("missed", f"header {letter(case, 0)!r} → {letter(case, case.d)!r} not ~"))
    return out
