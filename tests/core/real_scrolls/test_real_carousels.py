"""A carousel of a real capture scrolled sideways (:mod:`.carousels`), graded: one scroll
line on the carousel by that offset (or about a page when no item stayed whole), nothing
outside it listed, no ``~``.

Every case of the seeded sample runs here (three per real capture with a carousel: only
YouTube's card carousel in its feed, ``…_4.xml`` and ``…_5.xml``);
``benchmarks/bench_real_transforms.py`` runs more. :data:`BUDGET` is a ratchet: the
violations each class still has in this sample. Lower it when a class closes, never
raise it.
"""

from __future__ import annotations

import random

from tests.core.real_scrolls.carousels import Sideways, carousels, cases, check, derive, kind
from tests.core.real_scrolls.pagers import pagers
from tests.core.real_scrolls.transforms import _at, _content, _walk, captures, over_budget

BUDGET: dict[tuple[str, str], int] = {}
"""Violations per (kind, class) in the seeded sample: none. Closed (issue 18): items
spanning the carousel's height were taken for slivers cut by its top edge (20 of 40 in the
benchmark's sample once; main's ``5dea65f`` closed all but the scroll of nearly the
carousel's width, 3 of 40). A carousel's items are cut by its left and right edges
(:mod:`deltarec.core.diff.axis`): a card cut by one votes by its uncut edge, and a page a
card crossed says which way."""

YOUTUBE = (
    "corpus/youtube/apps__Youtube__demos__demo_Youtube_2026-02-28_22-03-39__xml__"
    "demo_Youtube_2026-02-28_22-03-39_4.xml"
)
CAROUSEL = (0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 3, 1, 0)
TEN = Sideways(YOUTUBE, CAROUSEL, 10)
"""Scrolled 10 px: every card spans the carousel's height (once open)."""
NEARLY_ITS_WIDTH = Sideways(YOUTUBE, CAROUSEL, 1380)
"""Scrolled 1,380 px of 1,440: no card stays whole (once open: no scroll line at all)."""


def test_the_carousels_are_youtubes_cards_not_bars_that_fit() -> None:
    """Only a row of items cut by its left or right edge scrolls: YouTube's bottom
    navigation (five equal buttons) and the contacts' two tabs fill their boxes."""
    found = {name: carousels(obs) for name, obs in captures() if carousels(obs)}
    assert sorted(name[-6:] for name in found) == ["_4.xml", "_5.xml"]
    assert all(len(paths) == 1 for paths in found.values())


def test_every_horizontal_container_is_a_carousel_a_pager_or_fits_its_box() -> None:
    """Every container of the real captures that could scroll sideways (marked scrollable,
    or a RecyclerView, HorizontalScrollView or ViewPager, whose items sit side by side; or
    a ViewPager) is generated: a carousel (:func:`carousels`, scrolled sideways here), a
    pager (:func:`.pagers.pagers`, swiped in ``test_real_pagers``), or a bar whose items fill
    its box, which never moves: the contacts' two tabs, YouTube's bottom navigation."""
    kinds = ("RecyclerView", "HorizontalScrollView", "ViewPager")
    found: dict[str, list[str]] = {"carousel": [], "pager": [], "fits": []}
    for name, obs in captures():
        pagers_here = {path for path, made in pagers(obs) if not made}
        for path, node in _walk(obs):
            if not (node.scrollable or any(k in node.class_name for k in kinds)):
                continue
            got = _content(path, node)
            items = [c.bounds for c in (got[1] if got else node).children if c.bounds.area]
            beside = len(items) >= 2 and len({(b.top, b.bottom) for b in items}) == 1
            if path in pagers_here:
                found["pager"].append(name)
            elif beside and path in carousels(obs):
                found["carousel"].append(name)
            elif beside:
                box = node.bounds
                assert min(b.left for b in items) >= box.left, name
                assert max(b.right for b in items) <= box.right, name
                found["fits"].append(name)
    assert {k: len(v) for k, v in found.items()} == {"carousel": 2, "pager": 4, "fits": 5}


def test_the_derived_frames_move_the_items_sideways() -> None:
    """The generator itself: the whole card moved left by ``d`` and is cut there; the cut
    card on the right came further in."""
    prev, curr = derive(TEN)
    before = [c.bounds for c in _at(prev, TEN.where).children]
    after = [c.bounds for c in _at(curr, TEN.where).children]
    assert before[0].left - TEN.d in [b.left for b in after]
    assert all(b.top == before[0].top and b.bottom == before[0].bottom for b in after)
    assert max(b.width for b in after if b.right == before[-1].right) > before[-1].width


def test_carousels_scrolled_sideways_state_the_truth_within_the_budget() -> None:
    sample = cases(random.Random(0), 3)
    assert len(sample) == 6
    over, found = over_budget(((kind(case), check(case)) for case in sample), BUDGET)
    assert over == {}, found


def test_a_carousel_scrolled_10_px_or_nearly_its_width_states_the_truth() -> None:
    assert check(TEN) == []
    assert check(NEARLY_ITS_WIDTH) == []
