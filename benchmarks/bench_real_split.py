"""Hostile variety on real captures, round 7 (issue 18): an app put into split screen (or
taken out of it), its window about half the screen's height, violations per kind and
class, both paths.

Derives the kinds of :mod:`tests.core.real_scrolls.split` from every real capture under
``fixtures/real``: the app's window laid out again in the screen's top or bottom half (or
its 1/3–2/3 snap), and back. Each delta is graded as :mod:`tests.core.real_scrolls.screens`
grades a screen laid out again (the window's change said once, every element that stayed in
view the element it was, no scroll, no ``~ layout:`` line) and by the real-capture oracle,
on the XML path and on element dicts. Target: 0 in every class.

    python benchmarks/bench_real_split.py                 # 8 pairs per capture
    python benchmarks/bench_real_split.py --per 4 --show 3 --path xml
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.split import cases, check

if __name__ == "__main__":
    raise SystemExit(kinds_sweep.main(__doc__ or "", "split", cases, check, per=8))
