"""Hostile variety on real captures, round 2 (issue 18): violations per kind and class, both
paths.

Derives the kinds of :mod:`tests.core.real_scrolls.reshaped` from every real capture under
``fixtures/real``: a row dragged two or more places (with and without a scroll); a
scroller's top edge moved with its content (a bottom sheet) or its bottom edge moved with
its content kept at the bottom (a chat as the keyboard opens); a pinned section header
that swaps its label as its list scrolls; a tab's page replaced whole; a list refreshed
(one new row at its top, one row edited); a list made a grid of 2 or 3 tiles a line,
scrolled. Each delta is graded against the kind's truth and the real-capture oracle, on
the XML path and on element dicts (:func:`tests.core.dict_truth.graded_by_dicts`).
Target: 0 in every class.

    python benchmarks/bench_real_reshaped.py                 # 10 pairs per capture and kind
    python benchmarks/bench_real_reshaped.py --per 3 --show 3 --path xml
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from contextlib import nullcontext
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deltarec.core.capture import frame_cache
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls.reshaped import cases, check


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per", type=int, default=10, help="derived pairs per capture and kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=0, help="failing cases to print per class")
    parser.add_argument("--path", choices=("xml", "dicts", "both"), default="both")
    args = parser.parse_args(argv)
    sample = cases(random.Random(args.seed), args.per)
    kinds = Counter(c.kind for c in sample)
    print(
        f"real-capture reshaped kinds: {len(sample)} cases"
        f" ({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))})"
    )
    for path in ("xml", "dicts") if args.path == "both" else (args.path,):
        start = time.perf_counter()
        found: Counter[tuple[str, str]] = Counter()
        failing: Counter[str] = Counter()
        shown: Counter[tuple[str, str]] = Counter()
        frame_cache.clear()
        with graded_by_dicts() if path == "dicts" else nullcontext():
            for case in sample:
                got = check(case)
                failing[case.kind] += bool(got)
                for klass, detail in got:
                    found[(case.kind, klass)] += 1
                    if shown[(case.kind, klass)] < args.show:
                        shown[(case.kind, klass)] += 1
                        print(f"--- {path} [{case.kind} {klass}] {case}\n  {detail}")
        took = time.perf_counter() - start
        print(f"{path}: {sum(failing.values())} cases with a violation, {took:.1f} s")
        for kind in sorted(kinds):
            print(f"  {kind:<16} {failing[kind]:>4} of {kinds[kind]}")
        for (kind, klass), n in sorted(found.items()):
            print(f"    {kind:<16} {klass:<18} {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
