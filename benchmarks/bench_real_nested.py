"""A carousel nudged sideways in a feed flung past it (issue 18), violations per kind and
class, both paths: :func:`tests.core.real_scrolls.edited.nested_all` whole (352 cases a
path). CI runs every 2nd case.

    python benchmarks/bench_real_nested.py
    python benchmarks/bench_real_nested.py --show 3 --path xml
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.edited import check, kind, nested_all

if __name__ == "__main__":
    raise SystemExit(
        kinds_sweep.whole(__doc__ or "", "nested carousels", nested_all, check, kind=kind)
    )
