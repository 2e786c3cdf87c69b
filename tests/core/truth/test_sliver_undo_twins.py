"""A row put back below a sliver the list's top edge cuts: two readings fit both frames
(issue 18, the hedges; :mod:`tests.core.real_scrolls.twins` holds the class on real lists).

The generator (:func:`top_cases`): on every preset, at every offset where the Inbox list's
top edge cuts a row to a sliver (:func:`~tests.core.truth.slivers.offsets`), the first
whole row below it is selected and archived, then put back (the undo). The undo pushes the
rows below it down by its pitch: pixel for pixel a scroll up by that pitch (the sliver
scrolled down whole as the row, a new sliver above it) wherever the sliver shows nothing
and the row's last sliver-high px shows no label. :func:`twin` proves it on the two dumps
(the scroll reading fits both frames node for node, :func:`~tests.core.real_scrolls.
grading.scroll_fits`). The delta must then say both (``… scrolled up 240px (…), or its row
"Ada" came in new``: :func:`deltarec.core.diff.edge_sliver.beside_sliver`) or state no
scroll; the walk grades it (:func:`~tests.core.truth.slivers.run`: the phone's truth, and
the numbers: never another's).

All 1,202 cases (every preset), the taps told: 38 failing on main (af5712b), all on the
large preset, 0 since; untold: 623 on main, 118 on 952489c, 0 since (:data:`OPEN_TOP`,
:data:`CLOSED_UNTOLD`).
``python -m tests.core.truth.test_sliver_undo_twins`` runs them all, both ways.
"""

from __future__ import annotations

from collections.abc import Iterator

from deltarec.core.devices.virtual import ManualClock, Playground
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.devices.virtual.screen_inbox import is_header
from tests.core.real_scrolls.grading import scroll_fits
from tests.core.truth.slivers import Case, _button, _centre, _items_in_view, failures, offsets, run
from tests.core.truth.walk import Gesture, Stepper

CI_EVERY = 40
"""Each N-th case of :func:`top_cases` in CI (the large preset; every 27th until the cases of
:data:`CLOSED_UNTOLD` needed its time), the taps told to every other one (as the executor
tells them) and not to the rest (two dumps alone, as ``deltarec delta A B`` reads them)."""

OPEN_TOP: set[tuple[str, int, int]] = set()
"""Cases of :func:`top_cases` still wrong (a ratchet: only down; the CI sample's). Emptied
(the slivers helper, issue 18): on the large preset (rows 240 px, the top sliver 16-40 px)
38 of 1,202 told, 180 of 180 untold, were read as a scroll by the row's pitch:

- **told** (a tap moved no list): the top sliver lost its key as a blank sliver came in at
  the bottom edge (the blank twins numbered anew), so the scroll estimate saw no row stay
  above the gap; :func:`deltarec.core.diff.gaps._edge_twins` counts the sliver in the box a
  blank row had as that row: the archive and the undo read as what they are, no scroll.
- **untold** (both readings fit): the archive's "…, or its row "Dennis" was removed" is
  read by the walk's grader as its insertion mirror was (``Grader._put_back``; JSON:
  ``scroll_truth``), the sliver's ``~ selected: true→false`` is no line (a row a hedge
  gives two readings of takes a number of its own: ``change_lines.listed_changes``), its
  numbers are doubted as the mirror's were (:func:`~tests.core.truth.slivers.doubted`),
  and the undo names its row ("…, or its row "Dennis" came in new", not "its top 2 rows":
  a blank sliver in the very box of the other frame's is no row known whole,
  ``new_rows._whole``).

Closed since, untold (:data:`CLOSED_UNTOLD`): 118 of the 1,022 cases of the other presets,
the rows picked 59 and 68 on the phone, 19 and 84 on the small preset."""

CLOSED_UNTOLD = [
    Case("small", "top", 10, 3287, "below-top", (19,)),
    Case("phone", "top", 20, 11800, "below-top", (68,)),
]
"""Untold undos of the whole generator that failed on ``952489c`` (118 of 1,022: the phone's
rows 59 and 68, the small preset's 19 and 84, at every sliver of 1 to 22-30 px), pinned (the
sample above holds none: they are not on the large preset):

- **a number given to another element** (small 19: 28 cases, 28 + 28 reuses; the archive
  said "scrolled down 137px" with no hedge, and the 1 px sliver above the row archived took
  its number): the row below the one archived is a section header 23 px below it, and
  :func:`~deltarec.core.diff.edge_sliver.beside_sliver` wanted the row beyond at the
  archived row's very place; it now wants it where the scroll puts it, its margin kept (the
  hedge "…, or its row "Margaret" was removed", the sliver a number of its own).
- **a false** ``- button "message_row"`` (phone 68, small 84: 60 undos; phone 72 and the
  large preset print it too, where a message row left at the bottom edge lets the grader
  read the line as that one): the undo gave the row come back its number and unpaired it
  from the old sliver the scroll's reading had paired it with, which read as gone; the old
  sliver now stays paired in its box (:mod:`deltarec.core.diff.undone`).
- **a sliver of another id** (phone 59: 30 cases, a message row's sliver above the ad
  archived, whose id is none, a section header below the ad): the scroll's reading would
  show the ad's last px there; it is no scroll
  (:func:`~deltarec.core.diff.edge_sliver.stayed_sliver` compares ids as it compares
  classes; pinned by that module's doctest, not here), and no hedge offers it."""


def test_the_untold_undos_closed_stay_closed() -> None:
    found = failures(CLOSED_UNTOLD, gesture=False)
    assert found == [], found


def top_cases(preset: str) -> Iterator[Case]:
    """The first whole row below the top edge's sliver selected (then archived and put
    back), at every offset where the top edge cuts a row (module docstring)."""
    pg = Playground(profile=PRESETS[preset])
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    for edge, px, offset in offsets(preset):
        if edge != "top":
            continue
        pg.state.inbox.offset = offset
        rows = _items_in_view(pg)
        if (
            len(rows) > 2
            and not is_header(rows[1][0])
            and rows[0][1].bounds[1] < rows[1][1].bounds[1]
        ):
            yield Case(preset, edge, px, offset, "below-top", (rows[1][0],))


def twin(case: Case) -> bool:
    """Whether the undo's two dumps are a twin: a scroll up by the row's pitch fits both
    frames node for node (the sliver that showed nothing scrolled down whole as the row)."""
    clock = ManualClock()
    pg = Playground(clock, profile=PRESETS[case.preset])
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    pg.state.inbox.offset = case.offset
    pg.state.inbox.selected = set(case.picks)
    stepper = Stepper(pg, clock)
    button = _button(pg, "archive:selected")
    assert button is not None
    stepper.step(Gesture("tap", _centre(button), "archive"))
    undo = _button(pg, "unarchive:")
    if undo is None:
        return False
    stepper.step(Gesture("tap", _centre(undo), "undo"))
    assert stepper.result is not None
    before, after = stepper.result.prev_index.frame, stepper.result.index.frame
    p = [q for q, n in enumerate(before.nodes) if n.resource_id.endswith("inbox_list")]
    c = [k for k, n in enumerate(after.nodes) if n.resource_id.endswith("inbox_list")]
    if len(p) != 1 or len(c) != 1 or len(after.children[c[0]]) < 2:
        return False
    pitch = after.nodes[after.children[c[0]][1]].bounds.height  # the row put back, whole
    return scroll_fits(before, p[0], after, c[0], pitch)


def test_a_row_put_back_below_the_top_sliver_names_both_readings(preset: str = "large") -> None:
    """The CI sample: the large preset, where the open cases are (the whole generator, every
    preset, runs from the module's command line)."""
    found, tried, still = [], 0, set()
    for case in list(top_cases(preset))[::CI_EVERY]:
        tried += 1
        got = run(case, gesture=tried % 2 == 1)
        if (case.preset, case.px, case.offset) in OPEN_TOP:
            still |= {(case.preset, case.px, case.offset)} if got else set()
            continue
        found += [f"{case} {step}: {klass} {detail}" for step, klass, detail in got]
    assert tried >= 3
    assert found == [], (len(found), found[:4])
    assert still == {k for k in OPEN_TOP if k[0] == preset}, "remove the closed from OPEN_TOP"


def test_the_generator_finds_twins() -> None:
    """The class is real: some undo's dumps fit the scroll too."""
    assert twin(next(top_cases("large")))


if __name__ == "__main__":
    every = [c for p in sorted(PRESETS) for c in top_cases(p)]
    twins = [c for c in every if twin(c)]
    print(f"top undos: {len(every)}, twins {len(twins)}")
    for told in (True, False):
        bad = [c for c in every if run(c, gesture=told)]
        print(f"  taps {'told' if told else 'untold'}: failing {len(bad)}", end="")
        print(f" (twins {sum(1 for c in bad if c in twins)})")
        for c in bad[:5]:
            print("    ", c, run(c, gesture=told)[:2])
