"""Coming back to an Inbox whose edge row was a cut strip, the whole sweep (issue 18,
``backto``): :mod:`tests.core.truth.back_strips`, every case graded by the truth walk.

    python benchmarks/bench_back_strips.py              # every case on the default phone
    python benchmarks/bench_back_strips.py --every 7 --preset small --show 10

Prints the cases run, the failing steps and the violations per class (target 0).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.core.truth.back_strips import sweep


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--every", type=int, default=1, help="each N-th case")
    parser.add_argument("--preset", default="phone")
    parser.add_argument("--show", type=int, default=5, help="violations to print")
    args = parser.parse_args(argv)
    tried, found = sweep(args.every, args.preset)
    failing = {(case, step) for case, step, _, _ in found}
    print(f"{tried} cases, {len(failing)} failing steps, {len(found)} violations")
    print("by class:", dict(Counter(k for _, _, k, _ in found)))
    print("by way, archives, step:", dict(Counter((c.way, len(c.picks), s) for c, s in failing)))
    for case, step, klass, detail in found[: args.show]:
        print(case, step, klass, detail[:200])
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
