"""Hostile variety on real captures, round 6 (issue 18): the same screen laid out again on a
screen of another size, violations per kind and class, both paths.

Derives the kinds of :mod:`tests.core.real_scrolls.screens` from every real capture under
``fixtures/real``: the phone rotated to landscape (and back), a window made narrower (split
screen) or wider (a foldable unfolded). Each delta is graded against the kind's truth (the
screen's change said once, every element that stayed in view the element it was, no
scroll, no ``~ layout:`` line listing the layout's moves) and the real-capture oracle, on the
XML path and on element dicts. Target: 0 in every class.

    python benchmarks/bench_real_screens.py                 # 10 pairs per capture
    python benchmarks/bench_real_screens.py --per 4 --show 3 --path xml
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.screens import cases, check

if __name__ == "__main__":
    raise SystemExit(kinds_sweep.main(__doc__ or "", "screens", cases, check))
