"""Real captures scrolled and edited with a known truth (:mod:`.transforms`), graded.

A cheap, seeded sample runs here (two derived pairs per real capture); the benchmark
``benchmarks/bench_real_transforms.py`` runs ten times more. :data:`BUDGET` is a ratchet:
the violations each class still has in this sample. Lower it when a class closes, never
raise it.
"""

from __future__ import annotations

import random
from unittest import mock

from deltarec.core.observe.frame import Frame
from tests.core.real_scrolls import transforms
from tests.core.real_scrolls.transforms import (
    Case,
    _at,
    _positions,
    captures,
    cases,
    check,
    derive,
    over_budget,
    scrollers,
)

FAR_BUDGET = 0
"""Violations left in :func:`test_scrolls_of_about_a_viewport_read_as_a_page_or_the_offset`.
A ratchet (was 4: vertical scrolls of YouTube's sideways carousel, whose cards span its
height; :func:`~tests.core.real_scrolls.transforms.scrollers` no longer scrolls a carousel
up or down, which no phone does)."""

BUDGET: dict[tuple[str, str], int] = {}
"""Violations per (transform, class) in the seeded sample; every class is 0. A ratchet (was
1: a launcher's paged workspace, ``launcher-reformatted/page.xml``, scrolled 10 px up or
down; :func:`~tests.core.real_scrolls.transforms.scrollers` no longer scrolls content that
fits its box, which no phone does; before that, 3 with YouTube's carousel's two)."""


def test_the_derived_frames_scroll_what_they_say() -> None:
    """The generator itself: a scrolled container keeps its box, content that stays moved
    by exactly -d, and positions name the container in the flattened frame."""
    name, obs = next((n, o) for n, o in captures() if scrollers(o))
    path = scrollers(obs)[0]
    case = Case(name, "scroll", path, 40)
    prev, curr = derive(case)
    assert _at(curr, path).bounds == _at(prev, path).bounds
    frame = Frame(curr)
    assert frame.nodes[_positions(frame, curr, path).start] == _at(curr, path)


def test_real_captures_scrolled_and_edited_state_the_truth_within_the_budget() -> None:
    sample = cases(random.Random(0), 2)
    assert len(sample) >= 100
    over, found = over_budget(((case.kind, check(case)) for case in sample), BUDGET)
    assert over == {}, found


def test_scrolls_of_about_a_viewport_read_as_a_page_or_the_offset() -> None:
    """Every container of every real capture scrolled by nearly its height and by more,
    both ways: where no row stays, a page (a ScrollView's form under its one named
    wrapper is one too), else the offset; a row of the same layout that moved and shows
    other words ("Wi-Fi" where "Yk-Hk" is) is another row, never one that stayed."""
    found = []
    for name, obs in captures():
        for path in scrollers(obs):
            h = _at(obs, path).bounds.height
            for d in (h - 60, h + 200, 60 - h, -h - 200):
                found += [(name, path, d, v) for v in check(Case(name, "scroll", path, d))]
    assert len(found) <= FAR_BUDGET, found


def test_a_launchers_paged_workspace_is_not_scrolled_up_or_down() -> None:
    """Its one page fits the workspace: it turns sideways, a page at a time, and the
    generator does not move its icons vertically (``transforms._one_page``). The rule
    takes out that container and nothing else of the real captures."""
    found = {name: scrollers(obs) for name, obs in captures()}
    with mock.patch.object(transforms, "_one_page", lambda parent, box: False):
        before = {name: scrollers(obs) for name, obs in captures()}
    assert found["launcher-reformatted/page.xml"] == []
    assert before["launcher-reformatted/page.xml"] == [(0, 0)]
    assert {n for n in found if found[n] != before[n]} == {"launcher-reformatted/page.xml"}
