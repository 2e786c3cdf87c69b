"""Generated sessions on the virtual phone: one number per element for a whole session.

Seeded sessions through the executor (:class:`tests.core.truth.numbers.NumbersWalk`: drags
and flings of any length, taps by ``{index: N}`` and ``{name: …}`` from the last reply,
back, home, relaunches, typing, whole frames), graded by the PHONE's identity of every
element (its screen, the app's own row / card / item, the field), never by deltarec's keys:
a number is never given to two phone elements, an element that stays or comes back keeps
its number, and a tap by a number or name from the last reply acts on what it showed.
The screen's title is never the status bar's clock.

Derandomized: a fixed set of seeds, a few hundred steps in all (benchmarks/bench_numbers.py
runs thousands).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from pytest import MonkeyPatch

from benchmarks.bench_truth import STARTS
from deltarec.core import observer as observer_module
from deltarec.core.devices.virtual import Playground, VirtualDevice
from deltarec.core.devices.virtual.playground import ManualClock
from deltarec.core.diff.screens import screen_title
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Observation
from deltarec.core.observer import Observer
from tests.core.real_scrolls.unlabelled import captures
from tests.core.truth.crossing import sweep, twin_sweep
from tests.core.truth.numbers import NumbersWalk, Shown, misnamed

APP = "dev.deltarec.playground"
CLOCK = re.compile(r"^\d{1,2}:\d{2}")
SEEDS = range(8)
STEPS = 30

BUDGET = {"reuse": 0, "renumbered": 0, "wrong-target": 0, "refused": 0, "misnamed": 0}
"""What the seeded sessions may still find, per class, over all seeds; lower these as classes
close, never raise them. Closed last: an Inbox row cut by a scroll to a sliver that shows no
text was not paired with the row it was, so it took a new number (6 here before); it pairs
now where the measured offset puts it (:func:`deltarec.core.diff.row_content.same_content`)."""


def test_a_number_means_one_phone_element_for_a_whole_session() -> None:
    counts: Counter[str] = Counter()
    first: dict[str, str] = {}
    for seed in SEEDS:
        walk = NumbersWalk(seed, STARTS[seed % len(STARTS)])
        for violations in walk.run(STEPS):
            for v in violations:
                counts[v.klass] += 1
                first.setdefault(v.klass, f"seed {seed} step {v.step}: {v.gesture}: {v.detail}")
            assert walk.last is not None
            title = screen_title(walk.last.index)
            assert not CLOCK.match(title), (title, walk.last.text)
    over = {k: n for k, n in counts.items() if n > BUDGET[k]}
    assert over == {}, (dict(counts), [first[k] for k in over])


SLOP_SEEDS = (1, 8)
"""Two of ten seeds in CI, for its time (1 and 8 reach the open rows below; 4, 5 and 9, which
found nothing, paid for ``tests/core/truth/test_returning.py`` and
``tests/core/real_scrolls/test_real_came_back.py``); ``bench_numbers --slop`` walks more."""
SLOP_STEPS = 100
SLOP_BUDGET = {"renumbered": 3}
"""Open (issue 18), and not to be closed on the dumps: a row cut by one edge, then by the
other, or a strip at the bottom that comes whole to the top, after a long Inbox drag or
fling the reply calls "about a page or more" (seed 1 step 34, a fling: 3; seed 8 step 94, a
600 ms drag: 3). What the two frames share of such a row is a cut sender or date (or
nothing), and the Inbox repeats sender and date 28 rows on: a fling lands the twin where
the row crossed (``twin_sweep`` below; ``bench_numbers --slop --seed 20``, seed 33 step 40,
where the diff paired the twin's date and gave it the row's number). The offset is not
stated, so no content position tells them apart, and the touch does not bound it on a real
phone (a fling glides on). So such a row keeps its number only on a witness
(:mod:`deltarec.core.diff.across`) and otherwise takes a new one, which the stale check
refuses safely. Was 5: seed 8 step 94's date, paired by the diff on the same evidence
that gave seed 33's twin the row's number, takes a new number now. 6 → 3: that new number is
no longer counted where the row is cut by the list's edges in both frames and shows no
label whole in both that no other node shows (a grader decision:
:mod:`tests.core.truth.page_rows`, seed 8 step 94); seed 1 step 34's rows are whole in one
frame, and stay counted."""


def test_a_number_means_one_phone_element_when_taps_slide_by_the_slop() -> None:
    """The same sessions on another path: about one point tap in five slides by the touch
    slop (the phone's tap, the executor's drag), which sends the walk down long Inbox drags
    and flings the plain walk does not reach (seed 1 step 34, seed 8 step 94)."""
    counts: Counter[str] = Counter()
    first: dict[str, str] = {}
    for seed in SLOP_SEEDS:
        walk = NumbersWalk(seed, STARTS[seed % len(STARTS)], slop=True)
        for violations in walk.run(SLOP_STEPS):
            for v in violations:
                counts[v.klass] += 1
                first.setdefault(v.klass, f"seed {seed} step {v.step}: {v.gesture}: {v.detail}")
    over = {k: n for k, n in counts.items() if n > SLOP_BUDGET.get(k, 0)}
    assert over == {}, (dict(counts), list(first.values()))


CROSS_BUDGET = {
    ("renumbered", "FeedActivity", "page"): 5,
    ("renumbered", "ArticleActivity", "page"): 14,
}
"""Open (issue 18): a row that crosses a page (cut by one edge, then whole or cut by the other)
after a drag the reply calls "about a page or more" keeps its number only on a witness
(:mod:`deltarec.core.diff.across`: a node whose class, id, text, description and size
are the only ones of their kind in both frames). A row that shows no such node (a sliver
showing a sender and a date, a cut picture) cannot be told from its twin further down the
list (the Inbox repeats sender and date 28 rows on; a fling lands the twin where the row
was: ``bench_numbers --slop --seed 20``, seed 33 step 40), so it takes a new number (the
stale check then refuses the old one; it never acts on another element). 35 before the
witness rule (Feed 16), 28 after; 30 since a node of a row that came in no longer keeps the
number of a node of a row that went out (Inbox 5 -> 7: a cut date paired on the evidence a
twin shares); never a reuse. Inbox 7 → 0, Feed 9 → 5 since the new number of a row cut by
the list's edges in both frames, with no label whole in both that no other node shows, is
not counted (a grader decision: :mod:`tests.core.truth.page_rows`)."""


def test_a_row_crossing_a_page_keeps_its_number_only_on_a_witness() -> None:
    """Generated: every screen with a list, dragged from 5 offsets by 5 lengths of
    900..1,940 px each way (:func:`tests.core.truth.crossing.sweep`; ``bench_numbers
    --cross`` runs a finer grid). A number is never given to another element."""
    cases, counts, first = sweep(range(0, 2000, 411), range(900, 2200, 260))
    assert cases == 150
    over = {k: n for k, n in counts.items() if n > CROSS_BUDGET.get(k, 0)}
    assert over == {}, (dict(counts), [first[k] for k in over])


def _dialogs() -> list[tuple[str, int, Observation]]:
    """Every capture of the repository with a dialog window: (name, window, capture)."""
    out = []
    for name, obs in captures():
        for i, window in enumerate(obs.windows):
            if Frame(replace(obs, windows=(window,))).nodes[0].role == "dialog":
                out.append((name, i, obs))
    return out


def test_a_twin_landed_where_a_row_crossed_never_takes_its_number() -> None:
    """Generated: the Inbox moved by about one period of its repeats plus a page, from 8
    offsets by 11 lengths, both ways (:func:`tests.core.truth.crossing.twin_sweep`): the
    row cut at one edge and its twin cut at the other show the same sender and date. A
    number is never given to the twin (8 before: the diff paired the dates, and the
    number went with them)."""
    cases, counts, found = twin_sweep(range(1000, 4000, 389), range(6600, 7100, 46))
    assert cases == 176
    assert counts["reuse"] == 0, found[:3]


def test_another_dialog_in_the_window_of_the_last_takes_new_numbers() -> None:
    """Generated: every dialog window of every capture (real and virtual) replaced by every
    other one, over the first's screen. When the reply says the dialog was swapped
    (``» dialog "A" → [i] dialog "B"``), no element of B holds a number A's had: B is
    another element, and a number never means two (the walk found it: "Delete history?"
    then "History deleted" kept [30] for the dialog, and its "OK" took the number back by
    key; 8 of the 60 swaps before)."""
    dialogs = _dialogs()
    swaps, kept = 0, []
    for name, i, obs in dialogs:
        for other, j, with_other in dialogs:
            if other == name:
                continue
            windows = list(obs.windows)
            windows[i] = with_other.windows[j]
            observer = Observer()
            first = observer.reset(obs)
            root = first.frame.roots[i]
            had = {e.index for e in first.elements if root <= e.pos < first.frame.subtree_end(root)}
            result = observer.step(replace(obs, windows=tuple(windows)))
            if not re.search(r"^» dialog .* → \[\d+\] dialog ", result.text, re.M):
                continue
            swaps += 1
            frame = result.index.frame
            root = frame.roots[i]
            now = {
                e.index for e in result.index.elements if root <= e.pos < frame.subtree_end(root)
            }
            if now & had:
                kept.append((name, other, sorted(now & had)))
    assert (len(dialogs), swaps) == (13, 60)
    assert kept == []


def test_the_grader_sees_a_number_given_to_another_phone_element() -> None:
    """Not vacuous: the same numbers over other phone elements are a reuse, and an element
    that stayed under another number is renumbered."""
    walk = NumbersWalk(0, "InboxActivity")
    assert [v for vs in walk.run(3) for v in vs] == []
    last = walk.last
    assert last is not None
    rows = sorted({e.pos for e in last.index.elements}, key=lambda p: last.idents[p])
    idents = list(last.idents)
    a, b = rows[0], rows[-1]
    idents[a], idents[b] = idents[b], idents[a]  # two elements swap numbers
    swapped = Shown(last.step + 1, last.index, idents, last.text, last.screen, False)
    found = {v.klass for v in walk._grade(swapped, last, "swap")}
    assert found == {"reuse", "renumbered"}


def test_the_grader_sees_a_name_printed_otherwise_than_the_frame() -> None:
    walk = NumbersWalk(0, "InboxActivity")
    list(walk.run(2))
    last = walk.last
    assert last is not None
    element = next(e for e in last.index.elements if e.name)
    assert misnamed(f'+ [{element.index}] {element.role} "{element.name}"', last.index) == []
    wrong = f'+ [{element.index}] {element.role} "{element.name} (2)"'
    assert len(misnamed(wrong, last.index)) == 1


def test_the_launcher_is_remembered_after_many_scrolls_and_titled_by_no_clock() -> None:
    clock = ManualClock()
    device = VirtualDevice(Playground(clock))
    observer = Observer()
    observer.reset(device.capture())  # the launcher
    assert observer.index is not None
    launcher = {e.key: e.index for e in observer.index.elements}
    assert not CLOCK.match(screen_title(observer.index))
    device.launch_app(APP)
    observer.step(device.capture())
    device.tap(*next(n for n in device.capture().walk() if n.text == "Inbox").bounds.center)
    observer.step(device.capture())
    for i in range(12):  # more steps than the memory holds frames
        clock.advance(61)
        device.swipe(540, 1800 if i % 2 else 900, 540, 900 if i % 2 else 1800)
        observer.step(device.capture())
    device.press_key("home")
    back = observer.step(device.capture())
    assert back.text.startswith("» back to "), back.text
    assert {e.key: e.index for e in back.index.elements if e.key in launcher} == {
        k: n for k, n in launcher.items() if k in {e.key for e in back.index.elements}
    }


def test_the_screens_remembered_hold_at_most_their_node_budget(monkeypatch: MonkeyPatch) -> None:
    """Screens, not frames, and a bounded number of nodes in all: past ``MEMORY_NODES`` the
    oldest screens are forgotten, the latest always kept."""
    clock = ManualClock()
    device = VirtualDevice(Playground(clock))
    observer = Observer()
    observer.reset(device.capture())  # the launcher
    for activity in (".InboxActivity", ".SettingsActivity", ".ClockActivity"):
        device.launch_app(APP, activity)
        observer.step(device.capture())
    assert len(observer.recent) == 4  # every screen, under the default budget
    monkeypatch.setattr(observer_module, "MEMORY_NODES", 1)
    device.launch_app(APP, ".FeedActivity")
    observer.step(device.capture())  # the Feed alone is over that budget: kept, alone
    assert [s.index.frame.obs.activity.rsplit(".", 1)[-1] for s in observer.recent] == [
        "FeedActivity"
    ]
