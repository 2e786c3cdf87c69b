"""Hostile variety on real captures, round 6 (issue 18): every derived step of the other
sweeps on a right-to-left layout, violations per kind and class, both paths.

Mirrors both frames of the cases of :mod:`tests.core.real_scrolls.mirrored`'s sweeps
(scrolls and edits, daily steps, chrome, filters, overlays, insertions, the keyboard, a
carousel, a pager) across the screen's width and grades each with its sweep's own grader
(a sideways move turned). Target: what the sweeps fail unmirrored, and nothing more.

    python benchmarks/bench_real_mirrored.py                 # 1 pair per capture and sweep
    python benchmarks/bench_real_mirrored.py --per 2 --show 3 --path xml
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.mirrored import cases, check, kind

if __name__ == "__main__":
    raise SystemExit(kinds_sweep.main(__doc__ or "", "mirrored", cases, check, kind=kind, per=1))
