"""Hostile variety on real captures, round 4 (issue 18): what agents do every day,
violations per kind and class, both paths.

Derives the kinds of :mod:`tests.core.real_scrolls.daily` from every real capture under
``fixtures/real``: a chat anchored at its bottom taking a message (and one deleted); a row
swiped part of the way sideways (and let go); a row swiped away with an UNDO snackbar (and
undone); a row lifted by a drag (and put back); images whose descriptions load; placeholder
rows replaced by the real rows (and a reload); a tile put into a grid that reflows (and
taken out). Each delta is graded against the kind's truth and the real-capture oracle, on
the XML path (:func:`deltarec.core.diff.compute.compute_delta`) and on element dicts
(:func:`tests.core.dict_truth.graded_by_dicts`). Target: 0 in every class.

    python benchmarks/bench_real_daily.py                 # 10 pairs per capture and kind
    python benchmarks/bench_real_daily.py --per 3 --show 3 --path xml
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.daily import cases, check

if __name__ == "__main__":
    raise SystemExit(kinds_sweep.main(__doc__ or "", "daily", cases, check))
