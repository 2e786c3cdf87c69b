"""Rows put in and taken out of real captures shown as a Flutter app shows them (issue 18,
ext round 5): violations per kind and class, both paths.

:mod:`tests.core.real_scrolls.merged` makes every capture of ``fixtures/real`` the shape
Flutter's accessibility bridge gives a dump (each tappable row one clickable leaf whose
description merges its texts, no resource id); :mod:`tests.core.real_scrolls.insertions`
then puts 1, 2 or 8 rows into every stacked list of each (and takes them out), graded by
its own truth (nothing put in paired with what was there, no ``~`` between two rows).

    python benchmarks/bench_real_merged.py                # 10 pairs per capture
    python benchmarks/bench_real_merged.py --per 3 --show 3 --path xml
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls import insertions, merged
from tests.core.real_scrolls.ext_shapes import captures_as


def kind(case: insertions.Insertion) -> str:
    return "removal" if case.removal else "insertion"


def main(argv: list[str] | None = None) -> int:
    parser = kinds_sweep.parser(__doc__ or "")
    parser.add_argument("--per", type=int, default=10, help="derived pairs per capture")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with captures_as(merged.captures):
        sample = insertions.cases(random.Random(args.seed), args.per)
        kinds_sweep.run("merged insertions", sample, insertions.check, args.path, args.show, kind)
    return 0


if __name__ == "__main__":
    sys.exit(main())
