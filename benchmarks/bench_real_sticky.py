"""Hostile variety on real captures, round 6 (issue 18): a sticky section header replaced
as a list scrolls under it, violations per kind and class, both paths.

Derives the cases of :mod:`tests.core.real_scrolls.sticky` from every scroller of every
real capture under ``fixtures/real``: a header pinned to the list's top edge (a view over
the list, or the list's own first child held there), its letter kept or turned to the next
section's as the list scrolls 10 px to more than a page either way. Each delta is graded
against the scroll's truth, the header's (never ``+`` / ``-``, its new letter one ``~``)
and the real-capture oracle, on the XML path and on element dicts. Target: 0 in every
class.

    python benchmarks/bench_real_sticky.py                 # 10 pairs per capture
    python benchmarks/bench_real_sticky.py --per 6 --show 3 --path xml
    python benchmarks/bench_real_sticky.py --swept 29      # every 29th px, every scroller
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.sticky import cases, check, kind, swept

if __name__ == "__main__":
    if "--swept" in sys.argv:  # the whole sweep (:func:`swept`): ``--swept STEP [--seed N]``
        at = sys.argv.index("--swept")
        step = int(sys.argv[at + 1])
        del sys.argv[at : at + 2]
        raise SystemExit(
            kinds_sweep.main(
                __doc__ or "", "sticky", lambda rng, _: swept(rng, step), check, kind=kind
            )
        )
    raise SystemExit(kinds_sweep.main(__doc__ or "", "sticky", cases, check, kind=kind))
