"""Rows inserted into and removed from the lists of real captures (:mod:`.insertions`),
graded: the rows ``+`` / ``-``, what was pushed out ``-`` / ``+``, nothing else, no scroll.

A cheap, seeded sample runs here (three derived pairs per real capture that has a list);
``benchmarks/bench_real_transforms.py`` runs more. :data:`BUDGET` is a ratchet: the
violations each class still has in this sample. Lower it when a class closes, never
raise it.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.compute import compute_delta
from deltarec.core.observe.frame import Frame
from tests.core.real_scrolls.insertions import (
    Insertion,
    cases,
    check,
    cut_edges,
    derive,
    edges,
    lists,
    tops,
)
from tests.core.real_scrolls.transforms import _at, captures, over_budget

BUDGET: dict[tuple[str, str], int] = {}
"""Violations per (transform, class) in the seeded sample: none. Closed: a row cut by the
list's bottom edge that shows one label, replaced by an inserted row whose label shares
only its template word ("修改搜索建议“…”") in the same box below the same row, read as that
label edited in place (:func:`test_a_row_inserted_above_a_row_the_edge_cuts_is_a_new_row`);
and, found when the edge was moved up to cut the rows (:func:`.insertions.cut_edges`), a
contact form's section pushed down and cut further by the edge (``contacts-*/0[4-8].xml``,
``index=2``, ``n=2``), its "Phone" field ``-`` and ``+``: pass 1 joined the sliver of the
pushed Phone section with the old Email section's by a key made of ids every section
repeats (``kind_editors``), which tell them apart only by place."""


def test_the_derived_frames_insert_what_they_say() -> None:
    """The generator itself: the list holds ``n`` more rows (less those pushed out of
    view), the row above the insertion point stays, the one below moved down."""
    name, obs = next((n, o) for n, o in captures() if lists(o))
    where, index = lists(obs)[0]
    case = Insertion(name, where, index, 1)
    prev, curr = derive(case)
    before, after = _at(prev, where).children, _at(curr, where).children
    assert after[index - 1] == before[index - 1]
    assert after[index].bounds.top >= before[index - 1].bounds.bottom
    if index + 1 < len(after) and index < len(before):
        step = after[index].bounds.height
        assert after[index + 1].bounds.top > before[index].bounds.top
        assert after[index + 1].bounds.top - before[index].bounds.top >= step
    assert derive(Insertion(name, where, index, 1, removal=True)) == (curr, prev)


def test_real_lists_with_rows_inserted_or_removed_state_the_truth_within_the_budget() -> None:
    sample = cases(random.Random(0), 3)
    assert len(sample) >= 60
    graded = (("removal" if case.removal else "insertion", check(case)) for case in sample)
    over, found = over_budget(graded, BUDGET)
    assert over == {}, found


def test_rows_inserted_or_removed_above_every_row_an_edge_cuts_state_the_truth() -> None:
    """Every spot of every real capture above a row the clipping edge cuts, as the capture
    has it (:func:`.insertions.edges`) and with the edge moved up to halve each label of
    the row (:func:`.insertions.cut_edges`): one and two rows, inserted and removed. The
    inserted rows take the cut row's box and the edge leaves as little of them; nothing
    but they and what they pushed out is listed (was: 8 false pairs / ~ of the YouTube
    suggestions, 38 +/- of the contact forms' pushed sections, of 684)."""
    sample = [
        Insertion(name, where, index, n, removal, edge)
        for name, obs in captures()
        for where, index, edge in [(w, i, 0) for w, i in edges(obs)] + cut_edges(obs)
        for n in (1, 2)
        for removal in (False, True)
    ]
    assert len(sample) >= 600
    graded = (("removal" if case.removal else "insertion", check(case)) for case in sample)
    over, found = over_budget(graded, {})
    assert over == {}, found


def _list(labels: list[str], sliver: int) -> Frame:
    """A list of one-label rows 100 px high, its last row cut by the list's bottom edge
    ``sliver`` px below its top."""
    bottom = 100 * (len(labels) - 1) + sliver
    rows = "".join(
        f'<node class="android.view.ViewGroup" resource-id="app:id/row"'
        f' bounds="[0,{100 * i}][900,{min(100 * i + 100, bottom)}]">'
        f'<node class="android.widget.ImageView" content-desc="{label}"'
        f' bounds="[0,{100 * i}][900,{min(100 * i + 100, bottom)}]"/></node>'
        for i, label in enumerate(labels)
    )
    return Frame(
        parse_uiautomator(
            f'<hierarchy><node class="androidx.recyclerview.widget.RecyclerView"'
            f' scrollable="true" bounds="[0,0][900,{bottom}]">{rows}</node></hierarchy>'
        )
    )


@settings(max_examples=60, deadline=None)
@given(
    template=st.sampled_from(["Edit suggestion", "修改搜索建议", "Play"]),
    words=st.lists(
        st.text("abcdefghij", min_size=3, max_size=6), min_size=3, max_size=8, unique=True
    ),
    sliver=st.integers(2, 99),
    removal=st.booleans(),
)
def test_a_row_inserted_above_a_row_the_edge_cuts_is_a_new_row(
    template: str, words: list[str], sliver: int, removal: bool
) -> None:
    """The class behind the YouTube suggestions (``…_3.xml``, index 9), on any list of
    one-label rows that share a template: a row inserted above the row the bottom edge
    cuts takes its box, and the edge leaves one label of each, both reading
    ``template “word”``. The template is every row's, so it is no evidence of one row:
    ``-`` the row pushed out, ``+`` the row inserted, never ``~`` one label edited (was:
    the shared template word read as the label edited in place)."""
    labels = [f"{template} “{w}”" for w in words]
    new = f"{template} “{words[-1]}z”"  # another word: "ab" → "abz" is no word of the rows
    before, after = _list(labels, sliver), _list([*labels[:-1], new], sliver)
    prev, curr = (after, before) if removal else (before, after)
    d = compute_delta(prev, curr)
    last = len(curr.nodes) - 2  # the last row; its label is the last node
    assert not d.changed, d.changed
    assert last not in d.pairs and last + 1 not in d.pairs, d.pairs
    assert last + 1 in d.added


BUDGET_TOP: dict[tuple[str, str], int] = {
    ("insertion", "false-scroll"): 6,
    ("insertion", "unchanged-listed"): 6,
}
"""Violations left at the top of real lists (a ratchet: lower it as they close). Closed (34
false scrolls, 8 unchanged listed, 2 false pairs, 2 missed → 6, 6, 0, 0): the "list" a
container that grew with its rows (a ScrollView that wraps its content: Settings' and
YouTube's, its box 66 and 31 px taller), read by
:func:`deltarec.core.diff.grown.grew_at_top`, and YouTube's suggestion inserted above its
twin, the twin no longer pinned as a sticky header (:mod:`.grown` grades the class,
removals too). Left: a contact form's two photo rows inserted, the old photo cut by the
bottom edge the only old row in view: read as a page (``test_real_grown.BUDGET_TOPS``)."""


def test_rows_inserted_at_the_top_of_real_lists_say_it_or_that_it_may_be() -> None:
    """Index 0 (:func:`.insertions.tops`): one and two rows inserted above a list's first
    row, whole at its top, on every real capture. Two dumps cannot tell that from a scroll
    up by the rows' height onto a row's top: a scroll entry stands only with ``orInserted``
    as many rows as came in, by their height (:func:`.insertions.check`); else no scroll.
    Removals at the top (the rows pulled up, read as a scroll down) are graded in
    :mod:`.test_real_grown` (``orRemoved``)."""
    sample = [
        Insertion(name, where, 0, n)
        for name, obs in captures()
        for where, _ in tops(obs)
        for n in (1, 2)
    ]
    assert len(sample) >= 80
    results = [check(case) for case in sample]
    over, found = over_budget((("insertion", got) for got in results), BUDGET_TOP)
    assert over == {}, found
    assert results.count([]) >= 50
