"""The widened walk (:mod:`tests.core.truth.wide`) in CI: what the plain walk never does —
drags at any angle from any point (the bars too), long presses, taps anywhere, enter / del /
space / tab / menu / search, other texts typed on any screen, the app's prompt over any
screen — graded as the plain walk is
(:func:`tests.core.truth.walk.check`). ``bench_truth.py --wide`` runs it at scale."""

from __future__ import annotations

from collections import Counter

import pytest

from deltarec.core.devices.virtual.profile import parse_profile
from tests.core.truth.wide import wide_walk

WALKS = (("", 0), ("InboxActivity", 1), ("ArticleActivity", 2), ("SignUpActivity", 3))
"""(start screen, seed) of each walk."""
STEPS = 40


def test_widened_walks_state_only_what_the_phone_did() -> None:
    failing: list[str] = []
    kinds: Counter[str] = Counter()
    prompts = 0
    for start, seed in WALKS:
        for step in wide_walk(seed, STEPS, start=start):
            kinds[step.gesture.klass] += 1
            prompts += 'dialog "Enjoying Playground?"' in step.text
            failing += [
                f"seed {seed} step {step.number} {step.gesture}: {v.klass}: {v.detail}"
                for v in step.violations
            ]
    assert failing == []
    # The walk does what it is for: each widened kind of step at least once.
    assert {"long-press", "tap-anywhere", "key", "type-any", "drag-diagonal"} <= set(kinds)
    assert prompts >= 4  # the app's prompt came up over screens, and went


@pytest.mark.parametrize(
    ("profile", "seed", "start", "number", "line"),
    [
        # a » back to … (as after step 135) from the visit's entry frame, the row cut at the
        # list's bottom edge then ("Barbara · Mar 24"), whole at step 143 in that visit
        ("large", 60103, "", 165, '- button "Barbara · Tom\'s <draft> #13 · Mar 24"'),
        # a relaunched Inbox, its bottom sliver named as the row was in the last instance
        (
            "1200x2000@300",
            61005,
            "InboxActivity",
            106,
            '- button "Dennis · Café menu #14 · Mar 23"',
        ),
    ],
)
def test_a_row_is_graded_by_every_name_it_showed(
    profile: str, seed: int, start: str, number: int, line: str
) -> None:
    """The observer names a row by all it showed in the walk, in any instance of its
    activity (one number, its names kept): the grader grants a view every name the caller
    saw it show since (:func:`tests.core.truth.kept_called.kept_called`), also where a
    ``» back to`` grades against an earlier step and across a relaunch. Graded by the
    step's names alone, each true ``-`` line read as false (``bench_truth.py`` ``--wide
    --profile large --seed 60100``, ``--profile 1200x2000@300 --seed 61000 --start
    InboxActivity``, stop 60; the latter walk's earlier steps hold the scaled profile's
    rows rounded apart, another class)."""
    steps = list(wide_walk(seed, number, start=start, profile=parse_profile(profile)))
    assert line in steps[-1].text
    assert [v.detail for v in steps[-1].violations] == []
