"""Every description edited in a real list as it scrolled (issue 18): the whole of
:func:`tests.core.real_scrolls.edited.scroll_descs` (300, 150 and 60 px either way),
violations per kind and class, both paths. ``test_real_edited`` deals every 2nd case at
150 px. Target: 0 in every class.

    python benchmarks/bench_real_scroll_descs.py
    python benchmarks/bench_real_scroll_descs.py --show 3 --path xml
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.edited import check, kind, scroll_descs

if __name__ == "__main__":
    raise SystemExit(
        kinds_sweep.whole(__doc__ or "", "scroll_descs", scroll_descs, check, kind=kind)
    )
