"""Plain scrolls swept on real captures (issue 18): every scroller of every capture under
``fixtures/real`` scrolled by every ``step``-th px from 10 px to 200 px past its height,
each way (:mod:`tests.core.real_scrolls.swept_scrolls`), graded as
``bench_real_transforms.py`` grades its seven drawn lengths, on both paths. Target: 0.

    python benchmarks/bench_real_swept.py                 # every 61st px
    python benchmarks/bench_real_swept.py --step 31 --path dicts --show 3
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.swept_scrolls import kind, swept
from tests.core.real_scrolls.transforms import check

if __name__ == "__main__":
    parser = kinds_sweep.parser(__doc__ or "")
    parser.add_argument("--step", type=int, default=61, help="every N-th px")
    args = parser.parse_args()
    kinds_sweep.run("swept-scroll", swept(args.step), check, args.path, args.show, kind)
