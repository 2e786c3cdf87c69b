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
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.chrome import cases, check

if __name__ == "__main__":
    raise SystemExit(kinds_sweep.main(__doc__ or "", "chrome", cases, check))
