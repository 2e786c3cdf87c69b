"""Many rows put into (taken out of) a real list at every spot, through the element dicts
(issue 18 item 1: ``bench_dict_truth.py --seeds 40-49``, seeds 44, 45 and 48).

:func:`cases` puts 5, 8 or 12 rows (:data:`COUNTS`) at every spot of every list of every
real capture (:func:`tests.core.real_scrolls.insertions.lists`), read both ways (an
insertion and a removal), and grades the element-dict path with the insertions' truth
(:func:`tests.core.real_scrolls.insertions.check`: the rows put in are ``+``, the rows
pushed out ``-``, nothing else listed, no scroll). The seeded sample draws one spot a
capture and 1, 2 or 8 rows; rows enough to push every row below the spot out of view, in a
list that grows inside a ScrollView, are what it reached at seeds 44, 45 and 48 only.

The class it found: Settings' Wi-Fi list (a RecyclerView in a ScrollView, below the app
bar) with 8 rows put in under "Wi-Fi" read, through the dicts, ``» new screen`` or
``↕ list "" scrolled about a page or more``, "T-Mobile" and "Wi-Fi", which stayed in their
boxes, listed ``-`` and ``+``. The dicts call the app bar and the content under it alike
``container``, so the content's wrapper read as a row of the ScrollView; it grew onto the
ScrollView's bottom edge, its top in place, and ``relabelled.other`` took it for a row that
moved onto that edge, another row (its 8 pushed-out labels gone, 8 new ones come).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from deltarec.core.capture import frame_cache
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls.insertions import Insertion, check, lists
from tests.core.real_scrolls.transforms import captures

COUNTS = (5, 8, 12)
"""Rows put in (taken out) at each spot."""
SAYS_LESS = frozenset({"missed"})
"""The dicts carry no class and no resource id: they may say less, never something false."""


def cases() -> Iterator[Insertion]:
    for name, obs in captures():
        for where, index in lists(obs):
            for n in COUNTS:
                yield Insertion(name, where, index, n)
                yield Insertion(name, where, index, n, removal=True)


def test_many_rows_in_and_out_of_real_lists_through_the_dicts_state_nothing_false() -> None:
    found: Counter[str] = Counter()
    failing: list[str] = []
    total = 0
    with graded_by_dicts():
        for case in cases():
            total += 1
            frame_cache.clear()
            got = [(k, d) for k, d in check(case) if k not in SAYS_LESS]
            found.update(k for k, _ in got)
            failing += [f"{case}: {k}: {d}" for k, d in got[:1]]
    assert total > 400  # every spot of every list, both ways
    assert failing == [], (len(failing), dict(found), failing[:3])
