"""Every row of a real capture's list shows a time and every one ticks (:mod:`.ticks`),
graded: one ``~`` per row, nothing else, no scroll.

A cheap, seeded sample runs here (three derived pairs per real capture that has a list);
``benchmarks/bench_real_transforms.py`` runs more. :data:`BUDGET` is a ratchet: the
violations each class still has in this sample. Lower it when a class closes, never
raise it.
"""

from __future__ import annotations

import random

from deltarec.core.capture import frame_cache
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls.ticks import Tick, cases, check, derive, kind, stamps
from tests.core.real_scrolls.transforms import _at, over_budget

BUDGET: dict[tuple[str, str], int] = {}
"""Violations per (kind, class) in the seeded sample: none. Closed (80 of 200 in the
benchmark's sample, the contact list and YouTube's suggestions): with every row's key
changed by its time, no row was paired when the scroll was estimated, the rows in their
very boxes did not count as staying, and the list read as a page turned (``+`` / ``-`` of
every row); now a row in its box that keeps a label and shows one edited
(:func:`deltarec.core.diff.scroll_edits.kept_edited`) stayed, in ``pages`` and as a vote
for "stayed put" in ``scrolls``.

Closed (with the generator widened to bursts of one a minute, counts and one sender: 33,
50 and 40 of 200 in the benchmark's samples of seeds 1, 2 and 3 → 0, 0 and 0; 5 → 0 of 30
here):

- two rows whose times meet ("didi · 9 min ago" was the second row's before and is the
  first row's after) were joined by the label's key across rows, and the rows read ``-`` /
  ``+``. Labels (and the wrappers their keys carried) paired across the rows of a list in
  which nothing else moved, each slot held in both frames by a label that reads as edited,
  where a row on either side kept a label or an id of its own in its box, are the labels in
  their own boxes edited (:mod:`deltarec.core.diff.crossed`);
- rows of one sender, whose edited labels all have one shape, each beside a label of its
  own ("didi · 3 min ago" beside its own suggestion's description on YouTube), were a page
  turned: a row that keeps a label no other row shows is the row
  (:func:`~deltarec.core.diff.scroll_edits.kept_edited`);
- rows that show *only* the stamped label, of one sender, whose times meet another row's
  (``settings-wifi/05.xml``: a summary-only row "didi · 9:04" → "9:05" where a title-only
  row goes "9:05" → "9:06") refused each other: each one's edited label was the other's
  (:func:`~deltarec.core.diff.label_edit.one_label_edited`). A row whose very nodes sit in
  their very boxes above the row after it, held, is that row whatever its one label reads
  (:func:`~deltarec.core.diff.row_content.rebound_in_place`, now a candidate of
  ``match._align`` in a list that did not scroll)."""

MET = [
    Tick("contacts-agent/03.xml", (0, 0, 0, 0, 1, 0, 0, 0), (3, 8, 9, 10), 0),
    Tick("settings-wifi/05.xml", (0, 0, 0, 0, 1, 0, 0, 0, 1, 0), (1, 2, 3, 4, 5, 5, 5, 6), 0, True),
    Tick("settings-wifi/05.xml", (0, 0, 0, 0, 1, 0, 0, 0, 1, 0), (3, 3, 3, 4, 4, 4, 9, 9), 0, True),
    Tick("contacts-agent/03.xml", (0, 0, 0, 0, 1, 0, 0, 0), (1, 2, 3, 4), 5, sender=True),
    Tick("contacts-manual/03.xml", (0, 0, 0, 0, 1, 0, 0, 0), (2, 3, 4, 5, 6), 4),
]
"""Closed cases of rows whose times meet: a pair of rows, one-label rows of one sender, a
title crossing rows with its wrapper, a burst of one sender's, a count."""


def test_the_derived_frames_tick_what_they_say() -> None:
    """The generator itself: each row's last text gains its time, one minute on after; one
    sender's rows all read as that sender's."""
    for case in cases(random.Random(0), 1)[:2] + MET[1:]:
        prev, curr = derive(case)
        for path in stamps(prev, case.where):
            before, after = _at(prev, path).text, _at(curr, path).text
            assert before.rsplit(" · ", 1)[0] == after.rsplit(" · ", 1)[0]
            assert before != after
            assert before.startswith("didi · ") or not case.sender


def test_every_row_ticking_states_the_truth_within_the_budget() -> None:
    sample = cases(random.Random(0), 3)
    assert len(sample) >= 30
    assert any(case.sender for case in sample)
    over, found = over_budget(((kind(case), check(case)) for case in sample), BUDGET)
    assert over == {}, found


def test_rows_whose_times_meet_read_as_ticks() -> None:
    assert [check(case) for case in MET] == [[]] * len(MET)


def test_a_wrapper_crossing_with_its_twinned_label_is_uncrossed_on_element_dicts() -> None:
    """The last case of the sweep on element dicts (``bench_real_any --sweeps ticks``: 1 of
    30, 1 of 250 with ``--per 25``; 0 on XML): "didi · (9)" shown twice before, so its label
    took no key, while the wrapper around the next row's new "(9)" paired by its content
    with the wrapper around an old one, a row below; ``crossed._stayed`` read that as the
    list moving and the ticks stood as ``-`` / ``+``. A wrapper that shows nothing, moved,
    with no label below it paired but the group's, crossed with its content
    (``crossed._loose``)."""
    case = Tick(
        "settings-wifi/05.xml", (0, 0, 0, 0, 1, 0, 0, 0, 1, 0), (1, 6, 7, 8, 9, 9, 14, 19), 4, True
    )
    frame_cache.clear()
    with graded_by_dicts():
        assert check(case) == []
