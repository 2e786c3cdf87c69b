"""The keyboard opens over a real capture (or closes), with a known truth.

:func:`opened` resizes one scroller of a real capture (:func:`.transforms.scrollers`) as
a window laid out with ``adjustResize`` resizes its content when the input method comes
up: the scroller keeps its top and its content's place, its bottom edge moves up to the
keyboard's top, and what lies below the edge is no longer dumped (uiautomator dumps what
is on screen), what straddles it is cut. The capture's ``keyboard`` is the input method's
frame (:class:`~deltarec.core.observe.model.Observation`), from that edge to the window's
bottom. Read backwards (``closing``), the keyboard goes and the rows come back. With ``follow``
the focused field lay below the edge, and the scroller also scrolled it into view, as
``ScrollView`` does when its size changes (``onSizeChanged`` keeps the focused child in
view): by ``follow`` px.

The truth (:func:`check`): nothing scrolled (with ``follow``: the one scroll line of
:func:`.transforms.grade`, that scroller by that offset), no ``~`` of what an element
shows, nothing ``+`` (``-`` when it closes) but rows the edge hid that show only texts no
longer on the screen; a row the edge cut is still there, not ``-`` and ``+``.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.diff.compute import compute_delta
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Observation
from tests.core.real_scrolls.grading import Violation, changed_besides, no_scroll, stayed_listed
from tests.core.real_scrolls.transforms import (
    Case,
    Path_,
    _at,
    _moved_clipped,
    _replace,
    _twice,
    _walk_node,
    captures,
    grade,
    scrolled,
    scrollers,
)
from tests.core.truth.real_oracle import violations as oracle


@dataclass(frozen=True, slots=True)
class Keyboard:
    """The scroller at ``where`` cut at ``edge`` by the keyboard; ``closing``: backwards."""

    capture: str
    where: Path_
    edge: int
    closing: bool = False
    follow: int = 0


def opened(obs: Observation, where: Path_, edge: int) -> Observation:
    """``obs`` with the scroller at ``where`` ending at ``edge`` (module docstring)."""
    host = _at(obs, where)
    b = host.bounds
    short = Bounds(b.left, b.top, b.right, edge)
    kids = tuple(c for kid in host.children if (c := _moved_clipped(kid, 0, short)) is not None)
    resized = _replace(obs, where, dataclasses.replace(host, bounds=short, children=kids))
    window = obs.windows[where[0]].bounds
    keyboard = Bounds(window.left, edge, window.right, window.bottom)
    return dataclasses.replace(resized, keyboard=keyboard)


def fields(obs: Observation, where: Path_, edge: int) -> list[int]:
    """How far the scroller at ``where`` scrolls to bring each text it shows below
    ``edge`` (and in its box) into view, 16 px clear of the edge."""
    box = _at(obs, where).bounds
    return sorted(
        {
            n.bounds.bottom - edge + 16
            for _, n in _walk_node(_at(obs, where))
            if n.text and edge < n.bounds.bottom < box.bottom and n.bounds.height < edge - box.top
        }
    )


def cases(rng: random.Random, per_capture: int) -> list[Keyboard]:
    """``per_capture`` keyboards over each real capture's scrollers, their top from 35 %
    to 85 % down the scroller; half of them scroll a field below the edge into view."""
    out: list[Keyboard] = []
    for name, obs in captures():
        hosts = scrollers(obs)
        for _ in range(per_capture if hosts else 0):
            where = rng.choice(hosts)
            b = _at(obs, where).bounds
            edge = b.top + b.height * rng.randint(35, 85) // 100
            below = fields(obs, where, edge) if rng.random() < 0.5 else []
            follow = rng.choice(below) if below else 0
            out.append(Keyboard(name, where, edge, rng.random() < 0.4, follow))
    return out


def sweep(tops: tuple[int, ...], closing: bool = True) -> list[Keyboard]:
    """Keyboards over every scroller of every real capture, their top at each of ``tops``
    (percent of the way down the scroller), no follow scroll: the seeded sample's
    neighbours, every one."""
    out: list[Keyboard] = []
    for name, obs in captures():
        for where in scrollers(obs):
            b = _at(obs, where).bounds
            out += [Keyboard(name, where, b.top + b.height * t // 100, closing) for t in tops]
    return out


def derive(case: Keyboard) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    moved = scrolled(obs, case.where, case.follow) if case.follow else obs
    typed = opened(moved, case.where, case.edge)
    return (typed, obs) if case.closing else (obs, typed)


def check(case: Keyboard) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    fp, fc = Frame(prev), Frame(curr)
    d = compute_delta(fp, fc)
    if case.follow:
        d_ = -case.follow if case.closing else case.follow
        out = grade(Case(case.capture, "scroll", case.where, d_), prev, curr)
    else:
        out = [("oracle", v) for v in oracle(fp, fc, d)]
        out += [("duplicate", v) for v in _twice(d)]
        out += no_scroll(d, "the keyboard")
    out += stayed_listed(d)
    out += changed_besides(d)
    return out


def kind(case: Keyboard) -> str:
    return ("ime-close" if case.closing else "ime-open") + ("+scroll" if case.follow else "")
