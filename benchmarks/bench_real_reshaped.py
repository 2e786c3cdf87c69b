"""Hostile variety on real captures, round 2 (issue 18): violations per kind and class, both
paths.

Derives the kinds of :mod:`tests.core.real_scrolls.reshaped` from every real capture under
``fixtures/real``: a row dragged two or more places (with and without a scroll); a
scroller's top edge moved with its content (a bottom sheet) or its bottom edge moved with
its content kept at the bottom (a chat as the keyboard opens); a pinned section header
that swaps its label as its list scrolls; a tab's page replaced whole; a list refreshed
(one new row at its top, one row edited); a list made a grid of 2 or 3 tiles a line,
scrolled. Each delta is graded against the kind's truth and the real-capture oracle, on
the XML path and on element dicts (:func:`tests.core.dict_truth.graded_by_dicts`).
Target: 0 in every class.

    python benchmarks/bench_real_reshaped.py                 # 10 pairs per capture and kind
    python benchmarks/bench_real_reshaped.py --per 3 --show 3 --path xml
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.reshaped import cases, check

if __name__ == "__main__":
    raise SystemExit(kinds_sweep.main(__doc__ or "", "reshaped", cases, check))
