"""Hostile variety on real captures (issue 18): violations per kind and class, both paths.

Derives the kinds of :mod:`tests.core.real_scrolls.edited` from every real capture under
``fixtures/real``: a scroll with an edit outside the scroller (a toolbar's chip, a tab's
count) or of a description inside it; a carousel scrolled sideways while its list scrolls
(or alone); a row that gains (loses) a second text line, the rows below pushed; a leaf of a
row that stays (a badge, a time, an icon's description) coming or going, with and without
a scroll. Each delta is graded against the kind's truth and the real-capture oracle, on the
XML path (:func:`deltarec.core.diff.compute.compute_delta`) and on element dicts
(:func:`tests.core.dict_truth.graded_by_dicts`). Target: 0 in every class.

    python benchmarks/bench_real_edited.py                 # 10 pairs per capture and kind
    python benchmarks/bench_real_edited.py --per 3 --show 3 --path xml
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.edited import cases, check

if __name__ == "__main__":
    raise SystemExit(kinds_sweep.main(__doc__ or "", "edited", cases, check))
