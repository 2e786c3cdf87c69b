"""Two transforms in one step on real captures (:mod:`.composed`): a list scrolled while rows
came in (or went), and an overlay shown (or taken away) over a list that scrolled, graded
on the XML path and through the element dicts (issue 18: the judges' real captures are
not these; composed steps are a variety the one-transform sweeps never made).

The sample is :func:`.composed.sweep` at one spot per scroller, one overlay shape and three
of the six distances (630 cases);
``python benchmarks/bench_real_composed.py`` runs the whole sweep (3,276 cases).

Overlays over a scrolled list: 0 on both paths. Rows put in or taken out as the list
scrolled: open (:data:`BUDGET`, a ratchet). What stays open is one class: a list of few
tall rows (the contact form's photo, Settings' collapsing title bar, YouTube's cards)
where one row alone stays in view as itself, the rows around it put in or taken out, and
the scroll read as a page. On a ``RecyclerView`` the dumps cannot tell that row from its
twin (:mod:`deltarec.core.diff.far_anchor`), so its labels are listed ``-`` and ``+``; in a
``ScrollView``, which lays its content out once, the row is kept (was listed ``-`` and
``+`` too: on the whole sweep, oracle 375 → 191 on the XML path), and where every label
one node alone shows moved by one offset, that is the scroll (was "about a page or more"
where it scrolled 150 to 900 px: wrong-scroll 508 → 419). Rows above the spot and rows
below it both in view moved by two offsets: the upper rows' move is the scroll, the lower
rows' the scroll and the rows put in (:func:`deltarec.core.diff.gaps.scrolled_gap`; was no
scroll line, or a page: on the whole sweep 427 → 64 failing cases on the XML path). Rows
pushed above a form's photo row with the form's own 21 px margins between them are
stacked too (``pushed_edge._stacked``; the contact form after 900 px: 12 → 0 on the whole
sweep, with the grader's page where the rows put in pushed out all a scroll alone keeps,
:func:`.composed._stayed_through`). A recycled list's one row kept in view (YouTube's cards,
Settings' "T-Mobile" row after a 900 px scroll) was open (48 on the whole sweep), read as a page
turned, its labels ``-`` and ``+``: without the swipe, a twin of that row from either side
reads the same. The row is kept now and the line names both ways (whole sweep: XML 48 → 0,
dicts 58 → 2; → 0 with a separator never paired with a card, ``test_real_separators``):
"scrolled up D px or further (…), or down E px or further"
(``far_anchor.least``, ``Scroll.other``). With the swipe told (``--told``: 40 → 0 on the
whole sweep) the finger rules the other way out: "scrolled down D px or further".
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from deltarec.core.capture import frame_cache
from deltarec.core.diff.compute import compute_delta
from deltarec.core.observe.frame import Frame
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls import composed

BUDGET: dict[str, dict[tuple[str, str], int]] = {"xml": {}, "dicts": {}}
"""Violations per (kind, class) of the sample, per path: a ratchet (lower it when a case
closes, never raise it). ``missed`` (a fact left unsaid) is not counted. Was oracle 35 and
wrong-scroll 8 each way on both paths, before a recycled list's one row kept in view was
read, no swipe told, as both ways it may have gone (``far_anchor.least``,
``Scroll.other``); oracle 47 and wrong-scroll 28 before a ScrollView's row was kept
(``far_anchor.anchored``) and its labels' one move taken for the scroll
(``pushed_edge.kept_in_scroll_view``); wrong-scroll 16 before rows that moved by two
offsets about the spot rows came in were read as the scroll and the rows
(``gaps.scrolled_gap``)."""


def _sample(half: int | None = None) -> list[composed.Composed]:
    """The CI sample; ``half`` 0 or 1: every other case of it, from that one (the two
    paths and the told swipe each grade a half, for CI's time; together every case)."""
    sample = composed.sweep(spots=1, shapes=("dialog",), distances=(-400, 150, 900))
    return sample if half is None else sample[half::2]


def _graded(sample: list[composed.Composed]) -> Counter[tuple[str, str]]:
    found: Counter[tuple[str, str]] = Counter()
    for case in sample:
        found.update((composed.kind(case), k) for k, _ in composed.check(case) if k != "missed")
    return found


def _over(
    found: Counter[tuple[str, str]], budget: dict[tuple[str, str], int]
) -> dict[tuple[str, str], int]:
    return {k: n for k, n in found.items() if n > budget.get(k, 0)}


def test_composed_steps_on_the_xml_path_within_the_budget() -> None:
    sample = _sample(0)
    assert len(sample) >= 300
    found = _graded(sample)
    assert not [k for k in found if k[0].startswith("scroll+overlay")], found
    assert _over(found, BUDGET["xml"]) == {}, sorted(found.items())


def test_composed_steps_with_the_swipe_told_hold_the_hedge() -> None:
    """The swipe told (:func:`.composed.told`, as the executor tells it): the one row kept
    in view of a recycled list is kept, and the scroll is "D px or further" the finger's
    way (``far_anchor.least``), graded by :func:`.composed._hedge_holds`. Was 40 failing
    on the whole sweep (``--told``), the row ``-`` and ``+`` and the scroll a page."""
    found: Counter[tuple[str, str]] = Counter()
    hedged = 0
    for case in _sample(0):
        found.update(
            (composed.kind(case), k) for k, _ in composed.check(case, finger=True) if k != "missed"
        )
        prev, curr = composed.derive(case)
        d = compute_delta(prev, curr, gesture=composed.told(case))
        hedged += any(s.further for s in d.scrolls)
    assert found == Counter(), sorted(found.items())
    assert hedged >= 5  # the class is in the half (8 of it): the hedge is what holds it


def test_composed_steps_not_told_name_both_ways() -> None:
    """No swipe told, the one row kept in view of a recycled list is kept, and the line
    names every reading that fits both frames: "scrolled up D px or further (…), or down
    E px or further" (``far_anchor.least``: D the row's own move, E the least move the
    other way that reads it as a twin; ``Scroll.other``, JSON ``orDy``). Graded by
    :func:`.composed._hedge_holds`, which holds E to fit (:func:`.grading.twin_fits`): an E
    a px off either way, or on the same side as D, is caught. On the whole sweep this class
    was XML 48 failing (oracle 79 + 79, wrong-scroll 24 + 24), dicts 58 (oracle 93 + 93,
    wrong-scroll 28 + 28, 8 of them Settings' airplane title bar, whose ScrollView holds two
    children and reads as one only by its class, which element dicts lack); now 0 / 2 (the
    2: a separator paired with a card put in, ``test_real_separators``, since 0)."""
    hedged = 0
    for case in _sample():
        prev, curr = composed.derive(case)
        fp, fc = Frame(prev), Frame(curr)
        d = compute_delta(fp, fc)
        true = case.d if case.removal else -case.d
        for s in d.scrolls:
            if not s.further:
                continue
            hedged += 1
            assert s.other * s.dy < 0, case
            assert composed._hedge_holds(fp, fc, d, s, true), case
            for wrong in (s.other - 1, s.other + 1, -s.other):
                bad = dataclasses.replace(s, other=wrong)
                assert not composed._hedge_holds(fp, fc, d, bad, true), (case, wrong)
    assert hedged >= 10  # the class is in the sample: the hedge is what holds it


def test_composed_steps_through_the_dicts_within_the_budget() -> None:
    frame_cache.clear()
    with graded_by_dicts():
        found = _graded(_sample(1))
    assert not [k for k in found if k[0].startswith("scroll+overlay")], found
    assert _over(found, BUDGET["dicts"]) == {}, sorted(found.items())
