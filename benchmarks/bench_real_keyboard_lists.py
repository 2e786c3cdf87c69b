"""The keyboard opened and closed over Settings' lists and YouTube's results list whose ad
fills it, every height from 12 % to 63 % (issue 18), violations per kind and class, both
paths: :func:`tests.core.real_scrolls.test_real_reshaped.keyboard_lists` whole (468 cases a
path). CI runs every 3rd case.

    python benchmarks/bench_real_keyboard_lists.py
    python benchmarks/bench_real_keyboard_lists.py --show 3 --path dicts
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.reshaped import check, kind
from tests.core.real_scrolls.test_real_reshaped import keyboard_lists

if __name__ == "__main__":
    raise SystemExit(
        kinds_sweep.whole(__doc__ or "", "keyboard lists", keyboard_lists, check, kind=kind)
    )
