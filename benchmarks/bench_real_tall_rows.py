"""Lists whose only row in view is taller than the list (issue 18), violations per kind and
class, both paths: every real scroller, up to 3 rows each stretched to fill it, moved by
every distance, with and without a keyboard (:mod:`tests.core.real_scrolls.tall_rows`).
Target: 0 in every class.

    python benchmarks/bench_real_tall_rows.py                  # all 9,042 cases
    python benchmarks/bench_real_tall_rows.py --every 39 --path xml --show 3
    python benchmarks/bench_real_tall_rows.py --wide --every 3   # the scroll kinds, widened
    python benchmarks/bench_real_tall_rows.py --pitches --every 3   # moves by rows' pitches
    python benchmarks/bench_real_tall_rows.py --anew   # a bare piece cut anew (3,630 cases)
    python benchmarks/bench_real_tall_rows.py --spanning   # a label spanning the list (2,386)
    python benchmarks/bench_real_tall_rows.py --small   # such a card moved 1-60 px (59,954)
    python benchmarks/bench_real_tall_rows.py --twins   # a row of twin sections moved (3,369)
    python benchmarks/bench_real_tall_rows.py --px   # every tall row moved 1 or 2 px (9,832)
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls import px_moves, small_moves, twin_pieces
from tests.core.real_scrolls.spanning import spanning_cases
from tests.core.real_scrolls.tall_rows import anew_cases, cases, check, kind, pitch_cases

if __name__ == "__main__":
    parser = kinds_sweep.parser(__doc__ or "")
    parser.add_argument("--every", type=int, default=1, help="every N-th case")
    parser.add_argument("--wide", action="store_true", help="the scroll kinds, more offsets")
    parser.add_argument("--pitches", action="store_true", help="moves by the rows' pitches")
    parser.add_argument("--anew", action="store_true", help="a bare piece cut anew by an edge")
    parser.add_argument("--spanning", action="store_true", help="a label spanning the list")
    parser.add_argument("--small", action="store_true", help="a spanning card moved 1-60 px")
    parser.add_argument("--twins", action="store_true", help="a row of twin sections moved")
    parser.add_argument("--px", action="store_true", help="every tall row moved 1 or 2 px")
    args = parser.parse_args()
    if args.small:
        sample = small_moves.cases(every=args.every)
        kinds_sweep.run("tall-row", sample, small_moves.check, args.path, args.show, kind)
        sys.exit(0)
    if args.px:
        sample = px_moves.cases(every=args.every)
        kinds_sweep.run("tall-row", sample, px_moves.check, args.path, args.show, kind)
        sys.exit(0)
    if args.twins:
        sample = twin_pieces.cases(every=args.every)
        kinds_sweep.run("tall-row", sample, twin_pieces.check, args.path, args.show, kind)
        sys.exit(0)
    if args.spanning:
        sample = spanning_cases(every=args.every)
    elif args.anew:
        sample = anew_cases(every=args.every)
    elif args.pitches:
        sample = pitch_cases(every=args.every)
    else:
        sample = cases(every=args.every, wide=args.wide)
    kinds_sweep.run("tall-row", sample, check, args.path, args.show, kind)
