"""Coming back to an Inbox whose edge row was a cut strip (issue 18, ``backto``): a dealt
slice of :mod:`tests.core.truth.back_strips`, graded by the truth walk's oracle. The whole
sweep: ``python benchmarks/bench_back_strips.py``.

The walk's last failure (``bench_truth --steps 3000``, seed 5 step 245): the Inbox left with
its ad row cut by the list's top edge to a strip showing its subject alone, two rows
archived, then opened again from the app's main screen (a new instance at its top, the
archive undone) read as ``» back to InboxActivity`` with the strip gone (``- button
"Sponsored: offer 3"``, false) and its subject come in (``+ text "Sponsored: offer 3"``,
listed twice): no scroll placed the strip, the rows having moved by two amounts.

The agent's ``relaunch`` class (``bench_agent``, seeds 69 and 105) on the same cases: an
Inbox left far from its top, opened again, shows too little of what it showed to keep its
screen's label, and its bar, title and the rows both frames show took new numbers
(:meth:`deltarec.core.observer.Observer._again`: the remembered frame of its screen).
"""

from __future__ import annotations

import pytest

from tests.core.truth.back_strips import Case, cases, run

EVERY = 613
"""Each N-th case in CI (15 of the 9,376 on the default phone)."""


def _case(offset: int, way: str, picks: tuple[int, ...]) -> Case:
    return next(c for c in cases() if (c.offset, c.way, c.picks) == (offset, way, picks))


def test_the_ad_strip_come_back_whole_in_a_new_instance_is_its_row() -> None:
    """Failed on bc4b05e (main): a duplicate ``+`` line and a false ``-`` line."""
    case = _case(604, "relaunch", (4, 7))
    assert [v for v in run(case) if v[1] != "relaunch"] == []


def test_an_inbox_left_far_from_its_top_opened_again_keeps_its_numbers() -> None:
    """Failed on bc4b05e (main): ``'Navigate up' [3]→[62]``, the title, the list and the
    rows both frames show (9, the week's header, 11) renumbered."""
    assert run(_case(1534, "relaunch", ())) == []


def test_an_inbox_left_a_page_from_what_it_showed_opened_again_keeps_its_bar() -> None:
    """No row in common: the bar, the title and the list keep their numbers (``'Navigate
    up' [3]→[63]`` on bc4b05e and on 04aac06)."""
    assert run(_case(2577, "relaunch", ())) == []


OPEN = {(434, "relaunch", (9, 11))}
"""Cases still wrong (the ``relaunch`` class), (offset, way, picks): a week's header between
rows archived then, put back now, which moved as no two other elements did (nothing but its
own unique name places it: ``numbers_again`` asks three elements side by side, or a row
and two labels of its own, :data:`LONE_ROW`)."""


LONE_ROW = {
    "phone": range(1800, 2001),
    "small": range(1500, 1701),
}
"""Per preset, the offsets (lu) of the relaunch sweep (``way`` ``relaunch``, nothing
archived) where the Inbox, left near its twelfth row, shows one row both frames show: cut by
the list's top edge then, by its bottom edge once opened again at its top (``'Margaret ·
Lunch on Friday? #11 · Mar 26'`` on the phone, ``'Grace · Photos #9 · Mar 28'`` on the
small one). Its date and subject, whole in both frames, moved together, but two labels
side by side are fewer than ``numbers_again`` asks: the row, its date and its subject took
new numbers in 4 of the phone's 9 cases and 5 of the small one's on 1cdaa2a."""


@pytest.mark.parametrize(
    "case",
    [
        c
        for preset, band in sorted(LONE_ROW.items())
        for c in cases(preset)
        if c.way == "relaunch" and not c.picks and c.offset in band
    ],
    ids=str,
)
def test_the_lone_row_both_frames_show_cut_at_opposite_edges_keeps_its_number(
    case: Case,
) -> None:
    assert run(case) == []


def test_the_open_cases_are_still_wrong() -> None:
    for key in OPEN:
        assert {v[1] for v in run(_case(*key))} == {"relaunch"}, key


@pytest.mark.parametrize("case", list(cases(every=EVERY)), ids=str)
def test_an_inbox_come_back_to_states_the_truth_and_keeps_its_numbers(case: Case) -> None:
    got = run(case)
    if (case.offset, case.way, case.picks) in OPEN:
        got = [v for v in got if v[1] != "relaunch"]
    assert got == []
