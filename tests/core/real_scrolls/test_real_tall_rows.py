"""A list whose only row in view is taller than the list (:mod:`.tall_rows`), on both paths.

A cheap sample runs here (every 39th case of the whole sweep, every kind): no violation on
either path. ``python benchmarks/bench_real_tall_rows.py`` runs all 9,042.

Whole sweep, XML / element dicts: 222 / 332 → 138 / 122 (:mod:`deltarec.core.diff.edge_pieces`;
measured at ``af5712b``) → 30 / 18 (the keyboard opening or closing over a list that kept its rows in
place is no page turned, :func:`deltarec.core.diff.resized.kept_in_place`; a piece the top
edge cut alike whose bottom edge moved makes its hosts worth a look; twins' split votes
settled by the uncut edges, :func:`deltarec.core.diff.edge_pieces.edge_tie`; a label twinned
in either frame placed by its size alone votes nothing; a scrollable dropdown's box is a row
of its list) → 30 / 8 (main at the start of the next session) → 10 / 2: Settings' collapsing
bar scrolled wholly out over a list whose one row fills it (XML 16 → 0, dicts 6 → 0) reads
both ways two dumps leave open, the list scrolled the rest as the bar slid out, or the
ScrollView around it scrolled it all (:mod:`deltarec.core.diff.outer_scroll`, the grader's
decision in :func:`.transforms._outer`; ``test_outer_hedge.py``). Open in the whole sweep,
none in this sample:

- XML, labels merged onto the row: bare twin rows re-paired in place (Settings scrolled
  215 px with its bar already out, 4); the contact editor's merged section (4);
- both: settings-wifi/04 scrolled 861 px read as 840 (1); contacts-manual/08 scrolled
  825 px, a persisting "Phone" dropdown listed ``+`` (1).
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from deltarec.core.capture import frame_cache
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls.grading import by_kind
from tests.core.real_scrolls.tall_rows import KINDS, Tall, cases, check, derive, kind
from tests.core.real_scrolls.transforms import _at


@cache
def _sample() -> tuple[Tall, ...]:
    """Every 39th case, made once for the module's tests (each test made it again: 0.4 s of
    CPU, which pays for ``test_outer_hedge.py`` and ``test_real_sticky.FLUNG``)."""
    return tuple(cases(every=39))


def test_the_sample_holds_every_kind() -> None:
    got = Counter(c.kind for c in _sample())
    assert set(got) == set(KINDS), got
    assert any(c.merged for c in _sample())


def test_the_tall_row_is_the_only_row_and_fills_the_list() -> None:
    """The generator itself: the row is taller than the list and covers it, or runs past one
    of its edges from inside it."""
    for case in _sample()[:40]:
        prev, _ = derive(case)
        box = _at(prev, case.host).bounds
        assert case.span > box.height
        top = box.top - case.offset
        assert top < box.bottom and top + case.span > box.top


def test_tall_rows_state_the_truth_on_xml() -> None:
    found = by_kind("xml", _sample(), kind, check)
    assert found == Counter(), found


def test_tall_rows_state_the_truth_on_dicts() -> None:
    frame_cache.clear()
    with graded_by_dicts():
        found = by_kind("dicts", _sample(), kind, check)
    assert found == Counter(), found
