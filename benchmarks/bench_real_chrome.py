"""Hostile variety on real captures, round 5 (issue 18): the app's chrome changing as a
list scrolls, violations per kind and class, both paths.

Derives the kinds of :mod:`tests.core.real_scrolls.chrome` from every real capture under
``fixtures/real``: a top app bar, a bottom navigation, or both hidden as the list scrolls
down (and shown as it scrolls up); a large title collapsing into its toolbar (and
expanding); an extended FAB shrinking to its icon (and extending); a chat's typing
indicator (and its leaving); a row lifted as an elevated copy over its emptied slot (and
dropped back). Each delta is graded against the kind's truth and the real-capture oracle,
on the XML path (:func:`deltarec.core.diff.compute.compute_delta`) and on element dicts
(:func:`tests.core.dict_truth.graded_by_dicts`). Target: 0 in every class.

    python benchmarks/bench_real_chrome.py                 # 10 pairs per capture and kind
    python benchmarks/bench_real_chrome.py --per 3 --show 3 --path xml
    python benchmarks/bench_real_chrome.py --no-ids --path xml   # a Compose app's dumps

``--no-ids`` grades the same cases on dumps that name no view by id (every resource id left
out: :func:`tests.core.real_scrolls.chrome.without_ids`), the XML path's reading of a
Compose app, which has no more than element dicts to pair a list's wrappers by.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.chrome import Chrome, cases, check, without_ids


def _bare_cases(rng: random.Random, per: int) -> list[Chrome]:
    return without_ids(cases(rng, per))


if __name__ == "__main__":
    argv = sys.argv[1:]
    bare = "--no-ids" in argv
    argv = [a for a in argv if a != "--no-ids"]
    made = _bare_cases if bare else cases
    raise SystemExit(kinds_sweep.main(__doc__ or "", "chrome", made, check, argv))
