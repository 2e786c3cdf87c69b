"""Hostile variety on real captures, round 7 (issue 18): infinite scroll, a "Loading…"
footer at a list's end replaced by the rows it loaded, violations per kind and class, both
paths.

Derives the kinds of :mod:`tests.core.real_scrolls.footers` from every spot of every real
capture under ``fixtures/real`` (the whole sweep, no sample): a labelled footer or a bare
spinner replaced by the rows that fill the list, or a short page that leaves the footer in
view below the rows it brought. Each delta is graded against the kind's truth (the rows
``+``, the footer ``-`` when it left and itself when it stayed, no scroll, no ``~``) and the
real-capture oracle, on the XML path and on element dicts. Target: 0 in every class.

    python benchmarks/bench_real_footers.py
    python benchmarks/bench_real_footers.py --show 3 --path xml
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.footers import check, sweep

if __name__ == "__main__":
    raise SystemExit(kinds_sweep.whole(__doc__ or "", "footers", sweep, check))
