"""The derived sweeps on the round-3 harvest (``fixtures/ext3``, stop 58: the notification
shade's stack before and after a group was expanded, AutoMobile observations read as the CLI
reads them; a Flutter welcome screen dumped with the status bar's window beside the app's),
seeded (``--per 3``, seed 1, on those captures alone), on both paths. Every sweep that failed
a case on them in ``benchmarks/bench_real_any.py --dumps fixtures/ext3 --per 3`` runs here.

:data:`BUDGET` is a ratchet: failing cases per (sweep, path, capture) in this sample. Lower
it when a class closes, never raise it.
"""

from __future__ import annotations

from collections import Counter
from types import ModuleType

import pytest

from tests.core.real_scrolls import filtered, insertions, mirrored, recut
from tests.core.real_scrolls.budgeted import failing
from tests.core.real_scrolls.harvests import harvested

SWEEPS: dict[str, ModuleType] = {
    m.__name__.rsplit(".", 1)[-1]: m for m in (filtered, insertions, mirrored, recut)
}

BUDGET: Counter[tuple[str, str, str]] = Counter(
    {
        ("insertions", "dicts", "notif-shade/02.json"): 2,
        ("insertions", "xml", "notif-shade/02.json"): 2,
        ("mirrored", "dicts", "notif-shade/02.json"): 2,
        ("mirrored", "xml", "notif-shade/02.json"): 2,
        ("recut", "dicts", "notif-shade/02.json"): 3,
    }
)
"""Failing cases per (sweep, path, capture) of the seeded sample: XML 12 / dicts 9 at the
harvest (stop 58); XML 6 / dicts 9 since :func:`deltarec.core.diff.growth.grew_apart` (a
group's rows shown or hidden as it expanded or collapsed read as the stack scrolled: filtered
3 → 0, mirrored 3 → 0 on ``notif-shade/01``); XML 4 / dicts 7 since
:func:`deltarec.core.diff.swiped.either_label` reads a label described, not written, at the
window's edge, centred (a Flutter column's row put in above "Own your day…", cut by the
window, read as that label relabelled: now hedged, "or its row was taken out and another came
into its box": insertions and mirrored 1 → 0 each on both paths, ``homee-flutter/01``). Open,
by mechanism: a row put in between the shade's child notifications at the edge that cuts the
last one, every row of one class and id (``expandableNotificationRow``): its containers paired
by place with the row it pushed out, its time "now" with that row's (``insertions``, and
mirrored); the shade's labels cut anew on element dicts (``recut``)."""


def test_the_harvest_is_all_there() -> None:
    assert [name for name, _ in harvested("ext3")] == [
        "homee-flutter/01.xml",
        "notif-shade/01.json",
        "notif-shade/02.json",
    ]


@pytest.mark.parametrize("path", ["xml", "dicts"])
@pytest.mark.parametrize("name", sorted(SWEEPS))
def test_ext3_sweep(name: str, path: str) -> None:
    found = failing(SWEEPS[name], path, lambda: harvested("ext3"))
    assert not +(found - BUDGET), sorted(found.items())
