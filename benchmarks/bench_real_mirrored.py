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

import argparse
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.mirrored import cases, check, kind


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--per", type=int, default=1, help="derived pairs per capture and sweep")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=0, help="failing cases to print per class")
    parser.add_argument("--path", choices=("xml", "dicts", "both"), default="both")
    args = parser.parse_args(argv)
    sample = cases(random.Random(args.seed), args.per)
    kinds_sweep.run("mirrored", sample, check, args.path, args.show, kind=kind)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
