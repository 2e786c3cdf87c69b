"""Scrolls rounded box by box (±1 px), the whole sweeps (issue 18): every scroll of every
real capture (:func:`tests.core.real_scrolls.test_jitter.count`, CI: half of them, one way
or the other in turn) and every step of the contact form's sweep as rows came in
(:func:`tests.core.real_scrolls.test_jitter.rounded_form_steps`, CI: every 3rd step, one
seed each), each with each seed, compared with its unrounded delta. Target: 0 failing.

    python benchmarks/bench_real_jitter.py              # seeds 0-2
    python benchmarks/bench_real_jitter.py --seeds 5
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.core.real_scrolls.test_jitter import count, rounded_form_steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=3, help="rounding seeds per step")
    args = parser.parse_args(argv)
    graded, failing = count(range(args.seeds))
    print(f"real scrolls rounded box by box: {failing} of {graded} read otherwise")
    graded, bad = rounded_form_steps(range(args.seeds))
    print(f"form steps rounded box by box: {len(bad)} of {graded} read otherwise")
    for case, seed in bad[:10]:
        print(f"  seed {seed}: {case}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
