"""Two classes of the sliver sweep (:mod:`tests.core.truth.slivers`) generated on their own,
graded by the phone (issue 18).

- **The top row archived beside a bottom sliver, then the undo** (:func:`undo_cases`: every
  preset, every :data:`UNDO_EVERY`-th offset at which the list's bottom edge cuts a row to a
  sliver of 1-40 px, the first row in view selected and archived). The undo puts the row
  back below the top row (a sliver or whole), the rows below come down by its pitch, and the
  bottom sliver is another row. The bottom slivers of both frames are paired by their place
  alone; :func:`deltarec.core.diff.sliver_pairs.gap_below` took that pair for a row that
  stayed below the gap, so the top sliver was re-paired with the row put back (it took the
  top sliver's number, and the new bottom sliver the old one's). A sliver paired by its
  place is no row that stayed (every 4th offset: 29 of 469 cases failed, 19 of them so; 10
  after, :data:`OPEN_UNDO`; 9 of those closed by the hedge that names the row put back).
- **Rows archived at the list's clamped end** (:func:`clamped_cases`: the sweep's cases
  drawn with seeds 19 and 20, those whose archive clamps the offset, :func:`~tests.core.
  truth.slivers.clamped`). The selected sliver at the bottom edge, archived with its
  neighbour, was counted as a row the clamp scrolled out of view (``-1 rows``) where it was
  taken out (:func:`deltarec.core.diff.motions.taken_with_selection`); the labels the clamp
  brought into view in the top row, which a line stating the clamp's scroll explains as any
  scroll's line does, were asked for as facts of their own (a grader decision:
  :meth:`benchmarks.bench_session.Grader._clamp_labels`). 19 of 999 cases failed, 1 after,
  0 once an avatar its row's uncut showed was no fact of its own (``test_edge_icons``).

    python -m tests.core.truth.test_sliver_edges   # the whole generators' counts
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.devices.virtual.screen_inbox import is_header
from tests.core.truth.slivers import Case, _items_in_view, cases, clamped, offsets, run

UNDO_EVERY = 4
"""Each N-th bottom-sliver offset in :func:`undo_cases` (the whole generator)."""
CI_EVERY = 10
"""Each N-th case of :func:`clamped_cases` in CI (every 5th closed the class: 19 of 999
failed in the whole sweep before, 0 now; every 10th halves CI's time)."""
CI_UNDO = 7
"""Each N-th case of :func:`undo_cases` in CI (prime to the five offsets the large preset
cuts each height at, so that the sample meets every one)."""
SEEDS = (19, 20)
"""The seeds :func:`clamped_cases` draws the sweep's cases with (the sweep's own is 18); CI
deals them one to each preset, each seed on two."""

Key = tuple[str, str, int, int, str]

OPEN_UNDO: set[Key] = set()
"""Undo cases still wrong (a ratchet: only down). Closed (9, issue 18's hedges): row 96 put
back below the top sliver (row 95, 17-39 px) on the large preset, the rows below came down
by its pitch, exactly as a scroll up by one pitch moves them. The line states the scroll
and names the row put back as the other reading (``… scrolled up 240px (+1 rows, -1 rows),
or its row "Ada" came in new``: :func:`deltarec.core.diff.edge_sliver.beside_sliver`, now
also where the scroll paired the row with the sliver's place); the row and the sliver take
numbers of their own (``new_rows.unnumbered``: the sliver renumbered, never reused), and
the walk's graders read the hedge (``bench_session.Grader._put_back``,
``scroll_truth``, ``slivers.doubted``)."""

OPEN_CLAMPED: set[tuple[int, Key]] = set()
"""Clamped cases still wrong (a ratchet: only down). Closed: ``(19, ("large", "bottom", 13,
18748, "above"))``, the clamp read as gaps closed, no scroll (also true), and the top row,
uncut from 43 to 96 px, shows its avatar, a label not in the row's name: an icon its row's
cut showed is part of the row, no fact of its own (a grader decision, argued in
:mod:`deltarec.core.render.folded`; pinned in ``test_edge_icons.CLOSED``)."""


def _key(case: Case) -> Key:
    return (case.preset, case.edge, case.px, case.offset, case.kind)


def undo_cases(preset: str, every: int = UNDO_EVERY) -> Iterator[Case]:
    """The first row in view selected and archived, at each ``every``-th offset where the
    list's bottom edge cuts a row to a sliver (:func:`~tests.core.truth.slivers.offsets`)."""
    pg = Playground(profile=PRESETS[preset])
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    n = 0
    for edge, px, offset in offsets(preset):
        if edge != "bottom":
            continue
        n += 1
        if n % every:
            continue
        pg.state.inbox.offset = offset
        rows = _items_in_view(pg)
        if rows and not is_header(rows[0][0]):
            yield Case(preset, edge, px, offset, "above", (rows[0][0],))


def clamped_cases(preset: str, seed: int) -> Iterator[Case]:
    """The sweep's cases drawn with ``seed`` whose archive clamps the list's offset."""
    return (case for case in cases(preset, 1, seed) if clamped(case))


def test_the_undo_generator_archives_the_top_row_beside_every_bottom_sliver() -> None:
    got = list(undo_cases("large"))
    assert {c.px for c in got} >= {4, 17, 29, 39}
    assert all(c.picks and c.edge == "bottom" for c in got)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_row_put_back_below_the_top_row_keeps_every_number(preset: str) -> None:
    found, tried = [], 0
    for case in list(undo_cases(preset))[::CI_UNDO]:
        tried += 1
        got = run(case)
        if got and _key(case) not in OPEN_UNDO:
            found += [f"{case} {step}: {klass} {detail}" for step, klass, detail in got]
    assert tried >= 10
    assert found == [], (len(found), found[:4])


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_archives_at_a_clamped_end_tell_the_rows_taken_out(preset: str) -> None:
    found, tried = [], 0
    seeds = SEEDS[sorted(PRESETS).index(preset) % len(SEEDS) :: len(SEEDS)]  # one a preset
    for seed in seeds:
        for case in list(clamped_cases(preset, seed))[::CI_EVERY]:
            tried += 1
            got = run(case)
            if got and (seed, _key(case)) not in OPEN_CLAMPED:
                found += [f"{seed} {case} {step}: {klass} {detail}" for step, klass, detail in got]
    assert tried >= 10
    assert found == [], (len(found), found[:4])


def test_the_open_cases_are_still_wrong() -> None:
    """A case of the ratchets that passes leaves it."""
    undo = {_key(c): c for p in PRESETS for c in undo_cases(p) if _key(c) in OPEN_UNDO}
    assert set(undo) == OPEN_UNDO
    fixed = [k for k, c in sorted(undo.items()) if not run(c)]
    for seed, key in OPEN_CLAMPED:
        case = next(c for c in clamped_cases(key[0], seed) if _key(c) == key)
        fixed += [key] if not run(case) else []
    assert fixed == [], f"remove from the open sets: {fixed}"


if __name__ == "__main__":
    for name, every in (("undo", [c for p in sorted(PRESETS) for c in undo_cases(p)]),):
        bad = [c for c in every if run(c)]
        print(f"{name}: {len(bad)} of {len(every)} cases failed")
    every = [(s, c) for s in SEEDS for p in sorted(PRESETS) for c in clamped_cases(p, s)]
    bad = [(s, c) for s, c in every if run(c)]
    print(f"clamped: {len(bad)} of {len(every)} cases failed")
    for s, c in bad[:10]:
        print("  ", s, c)
