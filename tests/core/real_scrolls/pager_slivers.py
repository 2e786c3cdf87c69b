"""A real pager's page swiped off but for a sliver, the next page of the same ids beside it
(issue 18: the launchers' smartspace card, ``fixtures/ext/pixel-home/01.xml``).

A pager's pages share one layout: the next page is the old one again, every class, id and box
alike, showing other words (:func:`.pagers.swiped` builds it with :func:`.carousels._copy`).
Swiped by all but ``s`` px of its width, the old page's sliver still shows its label, cut by
the pager's edge; swiped ``s`` px, the next page's sliver comes in beside the old page. The
smartspace card shows one label (its date, text and description alike), its subtitle a
blank box of a unique id: the page that came in was paired with the old page through that
blank box, its date by id, ``~ text "Sun, Nov 17"→"Uwp, Pqx 39 #1"``, ``scrolled left
60px``, the old page's sliver ``+``.

:func:`cases`: every real pager (a ``ViewPager`` holding one page as wide as itself,
:func:`.pagers.pagers`, not the lists :func:`.pagers.paged` makes pages) of every capture of
``fixtures/real``, ``ext``, ``ext2`` and ``appium``, swiped so that a sliver of each width
of :func:`widths` shows, of the old page (``d = w - s``) and of the next one (``d = s``),
both ways; and turned past a page (:func:`past`): by a whole page or two (the next page of
one label in the old one's very box) and by a page and each of those widths (the old page out
of view, the next one cut by the leading edge beside the sliver of the page after it: two
pages side by side where one page filled the pager, neither showing what it showed, say it
turned, and no offset less than a page fits: the launchers' card swiped 1,118 px read
``scrolled 718px``). The truth is :func:`.pagers.check`'s.

    python -m pytest -q tests/core/real_scrolls/test_pager_slivers.py
"""

from __future__ import annotations

from deltarec.core.observe.model import Observation
from tests.core.fixture_dumps import parsed_dumps
from tests.core.real_scrolls import pagers
from tests.core.real_scrolls.ext_shapes import captures_as
from tests.core.real_scrolls.grading import Violation
from tests.core.real_scrolls.transforms import _at

DUMPS = ("real", "ext", "ext2", "appium")
SLIVERS = (1, 2, 5, 10, 20, 40, 60, 100, 150)
"""The sliver widths of :func:`widths`, in px; with a quarter, a third and a half page."""


def every_capture() -> tuple[tuple[str, Observation], ...]:
    """Every capture of :data:`DUMPS` under ``fixtures``, parsed once."""
    return parsed_dumps(DUMPS)


def widths(w: int) -> list[int]:
    """The sliver widths of a pager ``w`` px wide: :data:`SLIVERS`, a quarter, a third and a
    half of a page."""
    return sorted({s for s in (*SLIVERS, w // 4, w // 3, w // 2) if 0 < s < w})


def past(w: int) -> list[int]:
    """The swipes past a page of a pager ``w`` px wide: one page, a page and each of
    :func:`widths`, two pages."""
    return sorted({w, *(w + s for s in widths(w)), 2 * w})


def cases(*, beyond: bool = True) -> list[pagers.Swipe]:
    """Every real pager swiped to show a sliver of each :func:`widths` of the old page and
    of the next one, and (``beyond``) by each of :func:`past`, both ways (module
    docstring)."""
    out: list[pagers.Swipe] = []
    for name, obs in every_capture():
        for where, made in pagers.pagers(obs):
            if made:
                continue
            w = _at(obs, where).bounds.width
            ds = [d for s in widths(w) for d in dict.fromkeys((w - s, s))]
            for d in ds + (past(w) if beyond else []):
                out += [pagers.Swipe(name, where, sign * d) for sign in (1, -1)]
    return out


def check(case: pagers.Swipe) -> list[Violation]:
    """:func:`.pagers.check` on the captures of :data:`DUMPS`."""
    with captures_as(every_capture):
        return pagers.check(case)
