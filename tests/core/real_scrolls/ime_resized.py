"""The keyboard opened and closed over every real scroller, its rows' labels their own or merged
onto each row, the keyboard's height a real one's (issue 18: Settings' home,
``fixtures/ext/pixel-home/02.xml``, its inner ScrollView one row of the outer one).

A window laid out with ``adjustResize`` shrinks when the input method comes up: a scroller
keeps its top and its content's place, its bottom edge moves up to the keyboard's top
(:func:`.keyboards.opened`). The keyboard's height is Chrome's (``fixtures/ext/chrome-ntp``
03→04: the content's bottom 2,154 → 1,398 on a 2,220 px screen, :data:`KEYBOARD`), scaled
to each capture's screen. With ``merged`` every row of the scroller shows its labels as its
own description, its pieces nothing (Compose's merged semantics, an ad's one description):
rows of one layout are then twins that show nothing, one a pitch below another, and the row
the keyboard's edge cut, whole once the keyboard closed, matched its twin a row above it:
``scrolled up 242px`` as the keyboard closed over Settings' home.

:func:`cases`: every scroller (:func:`.transforms.scrollers`) of every capture of
``fixtures/real``, ``ext``, ``ext2`` and ``appium`` whose box the keyboard's top cuts (at
least a row's worth, 100 px, of it left above), the keyboard's top the real one's or across
one of its first rows (:func:`edges_of`), the keyboard opening and closing, the labels
merged (the labels as they are: :mod:`.keyboards`' sweeps). The truth is :func:`.keyboards.check`'s: no scroll, nothing that
stayed ``+`` / ``-``, no ``~`` of what an element shows.

:func:`tall_cases`: the shape of Settings' home, a ScrollView that is one row of the outer
one, its labels merged onto it (its rows twins that show nothing), taller than the list
(:mod:`.tall_rows`' ``ime-open`` / ``ime-close`` kinds, ``merged``): every row of every
scroller of those captures that holds a list (a node of three or more children), the
keyboard as high as the real one or taller (45 % and 60 % of the list: an emoji panel, a
clipboard strip; the real one is a third of the screen, so the shorter keyboards of
:mod:`.tall_rows` are none). The truth is :func:`.tall_rows.check`'s.

    python -m pytest -q tests/core/real_scrolls/test_ime_resized.py
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache

from deltarec.core.observe.model import Node, Observation
from tests.core.real_scrolls import keyboards, tall_rows
from tests.core.real_scrolls.ext_shapes import captures_as
from tests.core.real_scrolls.grading import Violation
from tests.core.real_scrolls.pager_slivers import every_capture
from tests.core.real_scrolls.tall_rows import Tall, _merged
from tests.core.real_scrolls.transforms import (
    Path_,
    _at,
    _content,
    _replace,
    _walk_node,
    scrollers,
)

KEYBOARD = (756, 2220)
"""Chrome's keyboard (``fixtures/ext/chrome-ntp/03→04``): its height over the screen's, px."""
ROWS = 3
"""The first rows of a scroller the keyboard's top cuts across, in :func:`edges_of`."""
CUT = 60
"""How far down a row (in %) the keyboard's top cuts it, in :func:`edges_of`."""
MERGED = "+merged"
"""The suffix of a capture's name whose scroller's rows have their labels merged."""


@dataclass(frozen=True, slots=True)
class Ime:
    """The keyboard over the scroller at ``where`` of ``capture`` (its rows merged where the
    name ends in :data:`MERGED`), its top at ``edge``; ``closing``: it closes."""

    capture: str
    where: Path_
    edge: int
    closing: bool

    @property
    def merged(self) -> bool:
        return self.capture.endswith(MERGED)


def edge_of(obs: Observation) -> int:
    """The keyboard's top on ``obs``'s screen: :data:`KEYBOARD`'s height, scaled, above the
    first window's bottom."""
    h, screen = KEYBOARD
    window = obs.windows[0].bounds
    return window.bottom - h * window.height // screen


def edges_of(obs: Observation, where: Path_) -> list[int]:
    """Where the keyboard's top cuts the scroller at ``where``: the real keyboard's
    (:func:`edge_of`), and, taller (an emoji panel, a clipboard strip above the keys), across
    each of the first :data:`ROWS` rows of the scroller and of every scroller inside it (a
    ScrollView that is one row of the outer one), :data:`CUT` of the way down it: the fewer
    whole rows above the edge, the fewer vote for the content's staying put."""
    box = _at(obs, where).bounds
    cuts = []
    for inner in scrollers(obs):
        if inner[: len(where)] != where:
            continue  # not this scroller, nor one inside it
        got = _content(inner, _at(obs, inner))
        assert got is not None
        rows = [r.bounds for r in got[1].children if r.bounds.area][:ROWS]
        cuts += [r.top + r.height * CUT // 100 for r in rows]
    return sorted({e for e in (edge_of(obs), *cuts) if box.top < e < box.bottom})


def merged_rows(obs: Observation, where: Path_) -> Observation:
    """``obs`` with every row of the scroller at ``where`` showing its labels as its own
    description, its pieces nothing (:func:`.tall_rows._merged`)."""
    got = _content(where, _at(obs, where))
    assert got is not None
    path, parent = got
    rows = tuple(_merged(r) if r.children else r for r in parent.children)
    return _replace(obs, path, dataclasses.replace(parent, children=rows))


@lru_cache(maxsize=1)
def _placed() -> tuple[tuple[tuple[str, Observation], ...], tuple[Ime, ...]]:
    """The captures the cases read (each as it is, and with each scroller's rows merged, named
    ``capture:path+merged``) and the cases."""
    shots: list[tuple[str, Observation]] = []
    out: list[Ime] = []
    for name, obs in every_capture():
        shots.append((name, obs))
        for where in scrollers(obs):
            edges = [e for e in edges_of(obs, where) if _at(obs, where).bounds.top + 100 <= e]
            if not edges:
                continue
            merged = f"{name}:{'.'.join(map(str, where))}{MERGED}"
            shots.append((merged, merged_rows(obs, where)))
            out += [
                Ime(merged, where, edge, closing) for edge in edges for closing in (False, True)
            ]
    return tuple(shots), tuple(out)


def captures() -> tuple[tuple[str, Observation], ...]:
    """Every capture of :func:`.pager_slivers.every_capture` and its merged variants."""
    return _placed()[0]


def cases() -> list[Ime]:
    """Every case (module docstring)."""
    return list(_placed()[1])


def check(case: Ime) -> list[Violation]:
    """:func:`.keyboards.check` of the case."""
    with captures_as(captures):
        return keyboards.check(
            keyboards.Keyboard(case.capture, case.where, case.edge, case.closing)
        )


def kind(case: Ime) -> str:
    return ("ime-close" if case.closing else "ime-open") + ("+merged" if case.merged else "")


TALLER = (45, 60)
"""The keyboards of :func:`tall_cases` taller than the real one, in % of the list's height."""


def _holds_list(row: Node) -> bool:
    """Whether a node of ``row`` holds three or more children (a list inside it)."""
    return any(len(n.children) > 2 for _, n in _walk_node(row))


@lru_cache(maxsize=1)
def _tall() -> tuple[Tall, ...]:
    out: list[Tall] = []
    with captures_as(every_capture):
        for at, obs, rows, h, _ in tall_rows._placed(3, False):
            if not _holds_list(rows[at.row]):
                continue
            box = _at(obs, at.host).bounds
            real = box.bottom - edge_of(obs)
            for d in sorted({real, *(h * pct // 100 for pct in TALLER)}):
                if 0 < d < h:
                    out += [
                        dataclasses.replace(at, d=d, kind=kind, merged=True)
                        for kind in ("ime-open", "ime-close")
                    ]
    return tuple(out)


def tall_cases() -> list[Tall]:
    """The keyboard over a tall row holding a list, its labels merged (module docstring)."""
    return list(_tall())


def tall_check(case: Tall) -> list[Violation]:
    """:func:`.tall_rows.check` of the case, on the captures of :func:`every_capture`."""
    with captures_as(every_capture):
        return tall_rows.check(case)
