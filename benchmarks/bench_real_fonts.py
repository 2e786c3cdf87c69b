"""Hostile variety on real captures, round 7 (issue 18): the font size changed while an app
was open (every text's box grows or shrinks, nothing else), violations per kind and class,
both paths.

Derives the kinds of :mod:`tests.core.real_scrolls.fonts` from every real capture under
``fixtures/real`` that shows an app's window (the whole sweep, no sample): its texts laid
out 1.15 and 1.3 times larger, and back. Each delta is graded as
:mod:`tests.core.real_scrolls.screens` grades a screen laid out again (every element that
stayed in view the element it was, no scroll, no ``~`` of what anything shows) and by the
real-capture oracle, on the XML path and on element dicts. Target: 0 in every class.

    python benchmarks/bench_real_fonts.py
    python benchmarks/bench_real_fonts.py --show 3 --path xml
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.fonts import check, sweep

if __name__ == "__main__":
    raise SystemExit(kinds_sweep.whole(__doc__ or "", "fonts", sweep, check))
