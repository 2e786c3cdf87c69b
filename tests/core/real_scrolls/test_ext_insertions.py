"""Rows put into (taken out of) every list of every capture of ``fixtures/ext``, at every
spot, 1, 2 and 8 rows, both ways, on both paths (issue 18, ext round 3), graded by the
insertions' truth (:func:`.insertions.check`: the rows put in ``+``, the rows pushed out
``-``, nothing else listed, no inserted row paired with an old one, no scroll).

The class it found: a Flutter IDE's drawer (``termux-ide/02.xml``), a column of clickable
leaves, one tile each, the window's edge below its last two. Rows put in above "Command
Palette" push it onto the window's edge and "Settings" out; the second row put in, in a box
that overlaps Settings' old one by over half, read as Settings renamed: ``~ [10] button
"Ile Gifavtk #41" (content-desc: "Settings"→"Ile Gifavtk #41")``, though "Command Palette",
paired by its label, moved down past it: the pair crossed a pair of the column that kept
its labels, which no scroll, insertion or removal does (:mod:`deltarec.core.diff.row_order`
reads so rows with nodes, not leaves). Open (:data:`BUDGET`).

:data:`BUDGET` is a ratchet (lower it when a case closes, never raise it)."""

from __future__ import annotations

from collections import Counter
from contextlib import nullcontext

from deltarec.core.capture import frame_cache
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls import transforms
from tests.core.real_scrolls.ext_shapes import captures_as, ext_captures
from tests.core.real_scrolls.insertions import Insertion, check, lists

COUNTS = (1, 2, 8)

BUDGET: Counter[tuple[str, str]] = Counter(
    {
        ("xml", "chrome-ntp/03.xml"): 4,
        ("dicts", "chrome-ntp/03.xml"): 6,
        ("xml", "termux-ide/02.xml"): 14,
        ("dicts", "termux-ide/02.xml"): 14,
    }
)
"""Failing cases per (path, capture), of 90 a path. On 7c5a435: XML 24, dicts 26, of
which the drawer 14 / 14, open: a fix on i-ext3 (two clickable leaves paired by place
across a pair of their column that kept its labels are two rows, asked in passes 3 and 4)
closed 12 of them on both paths but broke ``test_real_recut`` (a recut label missed,
XML collide and uncut): taken back. Left too: Chrome's feed, rows put in above the card still loading
at its end (spot 2): the first row put in, cut by the window to 46 px that show nothing,
lands in the loading card's box and pairs with it (two blank slivers of one box, which
two dumps cannot tell apart: a placeholder loaded in place reads the same); on element
dicts also the loading card pushed down whole (``pushed_blank`` is off on dicts: a shape
there is roles only). Closed on ``chrome-ntp/04.xml`` (6 / 6 → 0 / 0, i-extother): the
keyboard's shorter window cuts both the loading card and the row put in to one 46 px
sliver of one box, showing nothing; the pair now says the other reading
(:func:`deltarec.core.diff.twin_sliver.same_box_slivers`, JSON ``orNew``). On
``chrome-ntp/03.xml`` the row put in lands whole with its labels in the placeholder's box:
open."""


def cases() -> list[Insertion]:
    out = []
    for name, obs in transforms.captures():
        for where, index in lists(obs):
            for n in COUNTS:
                out += [Insertion(name, where, index, n), Insertion(name, where, index, n, True)]
    return out


def _failing(path: str) -> Counter[tuple[str, str]]:
    got: Counter[tuple[str, str]] = Counter()
    with captures_as(ext_captures):
        sample = cases()
        assert len(sample) == 90
        for case in sample:
            frame_cache.clear()
            with graded_by_dicts() if path == "dicts" else nullcontext():
                if check(case):
                    got[(path, case.capture)] += 1
    return got


def test_xml() -> None:
    found = _failing("xml")
    assert not +(found - BUDGET), found


def test_dicts() -> None:
    found = _failing("dicts")
    assert not +(found - BUDGET), found
