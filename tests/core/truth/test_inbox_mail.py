"""New mail at the top of the Inbox is an insertion, not a scroll (issue 18, item 6).

Generated first (:mod:`tests.core.truth.inbox_mail`: every preset × at the top, a fling short
of it, scrolled down × a refresh or a push × 0-3 new messages × the input that delivers them,
told or not; 384 cases). Before the fix 156 failed, every one at the top with mail: rows
pushed down by the new rows read ``↕ … scrolled up 180px (+1 rows, -1 rows)``, the list
having never moved.

What the fix says, and why the grader accepts exactly that:

- **The refresh circle in the previous frame**, or **a drag down on the list that the
  refresh took** (told, and the circle shows after it): SwipeRefreshLayout shows its circle
  only over a list at its top, so nothing scrolled above the first row: ``+`` the new rows,
  ``-`` those pushed past the bottom, the rows that moved keep their numbers, no ``↕`` line.
- **Neither** (a push shown by a tap, a key, or two dumps alone): the two dumps are *exactly*
  those of a scroll up by the new rows' height from a place where a row sat flush with the
  top edge (same rows, same px, new rows filling the band from the edge). Nothing in them
  tells the list's top; a tap may scroll a list to its top too (a tab tapped again). So the
  delta keeps the measured reading and states the other:
  ``↕ … scrolled up 180px (+1 rows, -1 rows), or its top row came in new``, with
  ``orInserted: 1`` on the JSON entry. The grader takes such a line for an insertion only
  with that clause, the new rows' height, ``up``, and the rows that came and went
  (:meth:`benchmarks.bench_session.Grader._or_new`); a bare "scrolled up" is false. For a
  true scroll the clause is a true alternative (a real scroll up by one whole row onto a
  row's top reads the same: :func:`test_a_scroll_up_by_one_whole_row_says_the_other_reading`).
- **Scrolled down** (even a fling that stopped 60 lu short of the top): RecyclerView keeps its
  anchor, the new rows are above the viewport, nothing on screen moves: ``no change``.
- **A fling in the same step** at the top: the new rows come in, then the fling scrolls; the
  rows both frames show moved by the scroll less the new rows' height, which is what the
  dumps measure, and what a line may state besides the phone's scroll (``Scroll.also``).
"""

from __future__ import annotations

from collections import Counter

import pytest

from deltarec.core.devices.virtual.profile import PRESETS
from tests.core.truth.inbox_mail import OPEN_INPUTS, Case, cases, run, sweep
from tests.core.truth.steps import STEP, Steps
from tests.core.truth.walk import check


@pytest.mark.parametrize("preset", list(PRESETS))
def test_new_mail_at_the_top_is_said_as_what_it_is(preset: str) -> None:
    seen: Counter[str] = Counter()
    bad = []
    for case, _, violations in sweep((preset,)):
        seen[case.place] += 1
        bad += [f"{case}: {v}" for v in violations]
    assert bad == []
    assert seen == {"top": 56, "short": 20, "scrolled": 20}


def test_the_sweep_covers_every_preset_place_and_input() -> None:
    every = list(cases())
    assert len(every) == 384
    assert {(c.place, c.input) for c in every} >= {
        ("top", "pull"),
        ("top", "fling"),
        ("short", "tap"),
        ("scrolled", "fling"),
    }


def test_a_refresh_brings_mail_above_rows_that_move_down_and_keep_their_numbers() -> None:
    result, bad = run(Case("phone", "top", "refresh", 1, "key", False))
    assert bad == []
    assert result.text.splitlines() == [
        '+ [47] button "Ada · Tom\'s <draft> #200 · Mar 10"',
        '+ [48] text "Ada"',
        '+ [49] text "Mar 10"',
        '+ [50] text "Tom\'s <draft> #200"',
        '- button "Margaret · Lunch on Friday? #11 · Mar 26"',
        '- text "Margaret"',
        '- text "Mar 26"',
        '- text "Lunch on Friday? #11"',
        '- refresh indicator over [5] list "inbox_list" (refresh done)',
    ]
    assert result.diff["scrolls"] == []


def test_a_push_in_two_dumps_alone_says_both_readings() -> None:
    result, bad = run(Case("phone", "top", "push", 1, "key", False))
    assert bad == []
    assert result.text.splitlines() == [
        '↕ [5] list "inbox_list" scrolled up 180px (+1 rows, -1 rows), or its top row came in new',
        '+ [47] button "Ada · Tom\'s <draft> #200 · Mar 10"',
    ]
    assert [(s["dy"], s.get("orInserted")) for s in result.diff["scrolls"]] == [(180, 1)]


def test_a_pull_the_refresh_took_is_no_scroll() -> None:
    result, bad = run(Case("phone", "top", "push", 1, "pull", True))
    assert bad == []
    assert '+ refresh indicator over [5] list "inbox_list" (a refresh started)' in result.text
    assert not any(line.startswith("↕ [5]") for line in result.text.splitlines())


def test_mail_above_a_scrolled_list_changes_nothing_on_screen() -> None:
    for place in ("short", "scrolled"):
        result, bad = run(Case("phone", place, "push", 3, "tap", True))
        assert (result.text, bad) == ("no change", [])


def test_a_scroll_up_by_one_whole_row_says_the_other_reading() -> None:
    """The other side of the ambiguity: the list scrolled up by exactly one row onto that
    row's top. The dumps are those of a row inserted at the top of a list at its top; the
    line says both, and the grader takes it for the scroll it was."""
    steps = Steps(".InboxActivity")
    steps.pg.state.inbox.offset = 300
    steps.step()
    steps.pg.swipe(540, 1000, 540, 1201, 600)  # 180 px once the touch slop is taken
    assert steps.pg.state.inbox.offset == 120
    result = steps.step()
    assert result.text.splitlines() == [
        '↕ [5] list "inbox_list" scrolled up 180px (+1 rows, -1 rows), or its top row came in new',
        '+ [55] button "Grace · Standup moved #1 · Mar 8"',
    ]
    n = len(steps.shown) - 1
    assert check(steps.shown[n - 1], steps.shown[n], result, "InboxActivity", STEP) == []


OPEN_BUDGET = 48
"""Failing cases of the open class, of 128 (every one at the top with mail: 4 presets x a
refresh or a push x 1-3 messages x told or not). A ratchet: lower it as they close."""


def test_new_mail_and_a_short_drag_up_in_one_step_is_open() -> None:
    """Open (issue 18): new mail at the top and a slow drag up by 100 lu in the same step (a
    refresh done at the drag's start, or a push). The rows both frames show move *down* by
    the new rows' height less the drag; the list scrolled *down* by the drag. Generated,
    they read first as a page turned against the finger (told: every row listed anew,
    ``false``/``duplicate``, and renumbered in bench_numbers) or ``scrolled up 80px`` (not
    told). Now the rows keep their pairs and numbers when the refresh circle showed before
    (:func:`deltarec.core.diff.new_rows.pushed_only`; a push under a drag told still reads
    as a page turned against the finger):
    ``+`` the new rows, ``-`` those pushed out. Left: the scroll past the new rows is not
    said (``missed``; the JSON has no scroll entry), and a push shown by a drag not told
    still reads ``scrolled up`` by the rows' move (two dumps: a scroll up exactly). Saying
    the scroll needs a cut row's whole height and a scroll whose rows were pushed besides
    (the matcher re-pairs rows by a motion's offset)."""
    failing = [(case, bad) for case, _, bad in sweep(inputs=OPEN_INPUTS) if bad]
    assert len(failing) <= OPEN_BUDGET
    assert {c.place for c, _ in failing} == {"top"}
    refreshed = [v for c, bad in failing if c.told and c.by == "refresh" for v in bad]
    assert not [v for v in refreshed if v.startswith(("false", "duplicate"))], refreshed


def test_a_short_drag_with_new_mail_keeps_the_rows_numbers() -> None:
    result, bad = run(Case("phone", "top", "refresh", 2, "drag", True))
    assert result.text.splitlines() == [
        '+ [47] button "Café menu #201"',
        '+ [48] button "Ada · Tom\'s <draft> #200 · Mar 10"',
        '+ [49] text "Ada"',
        '+ [50] text "Mar 10"',
        '+ [51] text "Tom\'s <draft> #200"',
        '- text "Week 2"',
        '- button "Margaret · Lunch on Friday? #11 · Mar 26"',
        '- text "Margaret"',
        '- text "Mar 26"',
        '- text "Lunch on Friday? #11"',
        '- refresh indicator over [5] list "inbox_list" (refresh done)',
    ]
    assert not any(line.startswith("↕") for line in result.text.splitlines())
    assert [v.split(":")[0] for v in bad] == ["missed", "wrong-scroll"]
