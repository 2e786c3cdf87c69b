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
"Ada" came in new``: :func:`deltarec.core.diff.pushed_edge.beside_sliver`) or state no
scroll; the walk grades it (:func:`~tests.core.truth.slivers.run`: the phone's truth, and
the numbers: never another's).

Every third case (401, all presets): 38 failing on main (569f3aa) and on this branch, all
on the large preset (:data:`OPEN_TOP`); the numbers reused there (38 archives, 38 undos) are
0 since the row and the sliver a hedge doubts take numbers of their own
(``new_rows.unnumbered``). ``python -m tests.core.truth.test_sliver_undo_twins`` runs
them all.
"""

from __future__ import annotations

from collections.abc import Iterator

from deltarec.core.devices.virtual import ManualClock, Playground
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.devices.virtual.screen_inbox import is_header
from tests.core.real_scrolls.grading import scroll_fits
from tests.core.truth.slivers import Case, _button, _centre, _items_in_view, offsets, run
from tests.core.truth.walk import Gesture, Stepper

CI_EVERY = 27
"""Each N-th case of :func:`top_cases` in CI (the large preset: about 8 s of CPU)."""

OPEN_TOP: set[tuple[str, int, int]] = {
    ("large", px, offset) for px, offset in ((19, 9526), (25, 1001), (31, 9517), (37, 992))
}
"""Cases of :func:`top_cases` still wrong (a ratchet: only down; the CI sample's). On the
large preset (rows 240 px, the top sliver 16-39 px): the archive reads "scrolled down 240px
(…), or its row "Dennis" was removed" (the hedge stands, but the walk's grader reads only
its insertion mirror, ``bench_session.Grader._put_back``), the archived row's selection
``~`` is graded false, and the undo reads "…, or its top 2 rows came in new"
(``new_rows.or_new``, which the grader reads for new mail only). Not done this round."""


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
        got = run(case)
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
    bad = [c for c in every if run(c)]
    print(f"top undos: {len(every)}, twins {len(twins)}; failing {len(bad)}")
    print(f"  failing twins: {sum(1 for c in bad if c in twins)}")
    for c in bad[:10]:
        print("  ", c, run(c)[:2])
