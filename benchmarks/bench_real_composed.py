"""Two transforms in one step on real captures, graded: violations per (kind, class).

Runs :func:`tests.core.real_scrolls.composed.sweep` (every scroller of every real capture
scrolled by six distances, then rows put in or an overlay shown; both ways: 3,276 cases)
on the XML path, or with ``--dicts`` through the element dicts
(:func:`tests.core.dict_truth.graded_by_dicts`). ``missed`` is a fact left unsaid and is
counted apart.

    python benchmarks/bench_real_composed.py
    python benchmarks/bench_real_composed.py --dicts --show 3
    python benchmarks/bench_real_composed.py --told  # the swipe told, as the executor tells it
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deltarec.core.capture import frame_cache
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls import composed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dicts", action="store_true", help="through the element dicts")
    parser.add_argument("--show", type=int, default=0, help="failing cases to print per class")
    parser.add_argument("--told", action="store_true", help="the diff told the swipe")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    sample = composed.sweep()
    found: Counter[tuple[str, str]] = Counter()
    failing: Counter[str] = Counter()
    shown: Counter[str] = Counter()
    frame_cache.clear()
    with graded_by_dicts() if args.dicts else contextlib.nullcontext():
        for case in sample:
            got = composed.check(case, finger=args.told)
            if any(k != "missed" for k, _ in got):
                failing[composed.kind(case)] += 1
            for klass, detail in got:
                found[(composed.kind(case), klass)] += 1
                if klass != "missed" and shown[klass] < args.show:
                    shown[klass] += 1
                    print(f"--- [{klass}] {case}\n  {detail}")
    kinds = Counter(composed.kind(c) for c in sample)
    print(
        f"{'dicts' if args.dicts else 'xml'}{' told' if args.told else ''}: {len(sample)} cases"
        f" ({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}),"
        f" {sum(failing.values())} failing, {time.perf_counter() - start:.1f} s"
    )
    for (kind, klass), n in sorted(found.items()):
        print(f"  {kind:<16} {klass:<14} {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
