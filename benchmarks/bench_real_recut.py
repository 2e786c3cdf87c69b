"""Hostile variety on real captures, round 6 (issue 18): ellipsized labels cut at another
length, violations per kind and class, both paths.

Derives the kinds of :mod:`tests.core.real_scrolls.recut` from every real capture under
``fixtures/real`` with a list of long labels: whole labels cut (and the cut undone), a cut
label cut at another length, labels cut so short that rows read alike. Each delta is graded
against the kind's truth (each label one ``~`` of its own node, nothing else, no scroll) and
the real-capture oracle, on the XML path and on element dicts. Target: 0 in every class.

    python benchmarks/bench_real_recut.py                 # 10 pairs per capture
    python benchmarks/bench_real_recut.py --per 4 --show 3 --path dicts
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.recut import cases, check

if __name__ == "__main__":
    raise SystemExit(kinds_sweep.main(__doc__ or "", "recut", cases, check))
