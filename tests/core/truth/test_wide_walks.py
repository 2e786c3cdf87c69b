"""The widened walk (:mod:`tests.core.truth.wide`) in CI: what the plain walk never does —
drags at any angle from any point (the bars too), long presses, taps anywhere, enter / del /
space / tab / menu / search, other texts typed on any screen, the app's prompt over any
screen — graded as the plain walk is
(:func:`tests.core.truth.walk.check`). ``bench_truth.py --wide`` runs it at scale."""

from __future__ import annotations

from collections import Counter

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


def test_a_row_seen_cut_then_whole_is_graded_by_every_name_it_showed() -> None:
    """A ``» back to … (as after step N)`` from an entry frame names a row the caller saw cut
    at the list's bottom edge at step N ("Barbara · Mar 24") by what it showed whole later in
    that visit ("Barbara · Tom's <draft> #13 · Mar 24"): the observer keeps one number and all
    its names, and the grader grades it so (large phone, seed 60103: 165 steps to the relaunch
    of the Inbox; graded by step N's names alone, the true ``-`` line read as false)."""
    steps = list(wide_walk(60103, 166, profile=parse_profile("large")))
    back = [s for s in steps if "(as after step 135)" in s.text and s.number == 165]
    assert back and '- button "Barbara · Tom\'s <draft> #13 · Mar 24"' in back[0].text
    assert [v.detail for s in steps for v in s.violations] == []
