"""Hostile variety on real captures, round 3 (issue 18): violations per kind and class, both
paths.

Derives the kinds of :mod:`tests.core.real_scrolls.filtered` from every real capture under
``fixtures/real``: a search that narrows a list (rows taken out from anywhere, the rest
closing up) and its clearing; an accordion row opening and closing; selection mode (a
checkbox at every row's start, the title "1 selected"); a banner over the list or above it
(the list shrunk from its top); a row's text wrapping onto a second line. Each delta is
graded against the kind's truth and the real-capture oracle, on the XML path
(:func:`deltarec.core.diff.compute.compute_delta`) and on element dicts
(:func:`tests.core.dict_truth.graded_by_dicts`). Target: 0 in every class.

    python benchmarks/bench_real_filtered.py                 # 10 pairs per capture and kind
    python benchmarks/bench_real_filtered.py --per 3 --show 3 --path xml
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.filtered import cases, check

if __name__ == "__main__":
    raise SystemExit(kinds_sweep.main(__doc__ or "", "filtered", cases, check))
