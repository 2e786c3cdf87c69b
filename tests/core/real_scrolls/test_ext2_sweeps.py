"""The derived sweeps on the round-2 harvest (``fixtures/ext2``, stop 57: Compose and Flutter
screens: a local-LLM chat, a finance app's settings, a Bluetooth messenger, the lock screen,
a QHD loading screen, a Flutter sign-in), seeded (``--per 3``, seed 1, on those captures
alone), on both paths. Every sweep that failed a case on them in
``benchmarks/bench_real_any.py --dumps fixtures/ext2 --per 3`` runs here.

:data:`BUDGET` is a ratchet: failing cases per (sweep, path, capture) in this sample. Lower
it when a class closes, never raise it.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path
from types import ModuleType

import pytest

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe.model import Observation
from tests.core.real_scrolls import (
    chrome,
    mirrored,
    recut,
    reshaped,
    screens,
    scroll_edits,
    ticks,
    turned,
)
from tests.core.real_scrolls.budgeted import failing

EXT2 = Path(__file__).resolve().parents[3] / "fixtures" / "ext2"


@lru_cache(maxsize=1)
def harvested() -> tuple[tuple[str, Observation], ...]:
    return tuple(
        (str(p.relative_to(EXT2)), parse_uiautomator(p.read_bytes()))
        for p in sorted(EXT2.rglob("*.xml"))
    )


SWEEPS: dict[str, ModuleType] = {
    m.__name__.rsplit(".", 1)[-1]: m
    for m in (chrome, mirrored, recut, reshaped, screens, scroll_edits, ticks, turned)
}

BUDGET: Counter[tuple[str, str, str]] = Counter(
    {
        ("recut", "dicts", "nora-compose/03.xml"): 3,
        ("reshaped", "dicts", "nora-compose/03.xml"): 1,
        ("reshaped", "dicts", "nora-compose/04.xml"): 1,
        ("reshaped", "xml", "nora-compose/03.xml"): 1,
        ("reshaped", "xml", "nora-compose/04.xml"): 1,
        ("reshaped", "xml", "nora-compose/05.xml"): 3,
        ("screens", "dicts", "nora-compose/05.xml"): 2,
        ("screens", "xml", "nora-compose/05.xml"): 2,
        ("scroll_edits", "dicts", "pocketfin-settings/01.xml"): 1,
        ("ticks", "dicts", "pocketfin-settings/01.xml"): 1,
        ("ticks", "xml", "pocketfin-settings/01.xml"): 1,
        ("turned", "dicts", "pocketfin-settings/01.xml"): 1,
    }
)
"""Failing cases per (sweep, path, capture) of the seeded sample, XML 23 / dicts 12 at
``b582be3`` and after ``diff/scrolled_hosts.py`` alike. Open, by mechanism: the chat's long
answer cut by its list's bottom edge (``nora-compose/05``: a list of four tall rows, the last
cut; chrome's bars hidden read as a new screen, its FAB's move as rows replaced; turned a
quarter, a false scroll of 1,320 px); a Compose screen's sections (``View`` after ``View``,
no ids) read as a list's rows, so a bubble edited as the list refreshed is not ``~``
(``reshaped``, ``recut`` on ``nora-compose/03-04``); fifteen bare texts of one card (no rows)
all ticking at once (``ticks``, ``pocketfin-settings/01``: 3 / 3 → 1 / 1 at ``i-compose``,
``diff/ticked.py``: a row whose labels ticked in its box is that row; the one left, its
counts in brackets, reads a page of the ``ScrollView`` turned). At ``i-compose3`` (stop 60)
XML 21 → 8: chrome 5 → 0, mirrored 5 → 0, recut XML 3 → 0 (:mod:`deltarec.core.diff.sections`:
a plain view with no id is a row only where its parent holds rows by its children's roles,
and a section of a column of unalike sections that spans the column as it did is that
section whatever it shows: the chat's list, top bar and input bar; dicts 9 as they were)."""


def test_the_harvest_is_all_there() -> None:
    assert len(harvested()) == 12


@pytest.mark.parametrize("path", ["xml", "dicts"])
@pytest.mark.parametrize("name", sorted(SWEEPS))
def test_ext2_sweep(name: str, path: str) -> None:
    found = failing(SWEEPS[name], path, harvested)
    assert not +(found - BUDGET), sorted(found.items())
