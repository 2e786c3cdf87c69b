"""The element-dict path graded by the real-capture transforms' truth, per seed (issue 18).

Runs the seeded real-capture transforms that ``tests/core/test_dict_truth.py`` samples
(:mod:`tests.core.real_scrolls`: scrolls and edits, insertions and removals, keyboards,
scrolls with an edit) through :func:`deltarec.core.elements.delta_observation` on element
dicts (:func:`tests.core.dict_truth.graded_by_dicts`) on more seeds than the test's ratchet,
and counts the violations per (kind, class); with ``--xml`` the XML path too, on the same
cases. Target: the dict path says nothing false (``missed`` may stand: the dicts carry
less).

    python benchmarks/bench_dict_truth.py --seeds 0-4
    python benchmarks/bench_dict_truth.py --seeds 0 --show 3 --xml
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_real_transforms import KINDS
from deltarec.core.capture import frame_cache
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls import insertions, keyboards, scroll_edits
from tests.core.real_scrolls.transforms import cases, check

Graded = tuple[str, object, list[tuple[str, str]]]


def sample(seed: int, per: int, every: bool = False) -> Iterator[Graded]:
    """Every case of the four families for ``seed``: (kind, case, violations); ``every``:
    the other kinds of ``bench_real_transforms`` too."""
    for case in cases(random.Random(seed), per):
        yield case.kind, case, check(case)
    for ins in insertions.cases(random.Random(seed), per):
        yield ("removal" if ins.removal else "insert"), ins, insertions.check(ins)
    for kb in keyboards.cases(random.Random(seed), per):
        yield keyboards.kind(kb), kb, keyboards.check(kb)
    for se in scroll_edits.cases(random.Random(seed), per):
        yield scroll_edits.kind(se), se, scroll_edits.check(se)
    for module in KINDS if every else ():
        if module is not scroll_edits and module is not keyboards:
            for case in module.cases(random.Random(seed), per):
                yield module.kind(case), case, module.check(case)


def _seeds(spec: str) -> list[int]:
    out: list[int] = []
    for part in spec.split(","):
        lo, _, hi = part.partition("-")
        out += list(range(int(lo), int(hi or lo) + 1))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="0-4", help="e.g. 0-4 or 0,2,7")
    parser.add_argument("--per", type=int, default=1, help="derived pairs per capture")
    parser.add_argument("--show", type=int, default=0, help="failing cases to print per class")
    parser.add_argument("--xml", action="store_true", help="grade the XML path too")
    parser.add_argument("--all", action="store_true", help="every kind of bench_real_transforms")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    paths = {"dicts": Counter[tuple[str, str]](), "xml": Counter[tuple[str, str]]()}
    n_cases: Counter[str] = Counter()
    shown: Counter[str] = Counter()
    for seed in _seeds(args.seeds):
        frame_cache.clear()
        with graded_by_dicts():
            for kind, case, got in sample(seed, args.per, args.all):
                n_cases[kind] += 1
                for klass, detail in got:
                    paths["dicts"][(kind, klass)] += 1
                    if shown[klass] < args.show:
                        shown[klass] += 1
                        print(f"--- seed {seed} [{kind} {klass}] {case}\n  {detail}")
        if args.xml:
            for kind, _, got in sample(seed, args.per, args.all):
                paths["xml"].update((kind, klass) for klass, _ in got)
    took = time.perf_counter() - start
    print(
        f"seeds {args.seeds}: {sum(n_cases.values())} cases"
        f" ({', '.join(f'{n} {k}' for k, n in sorted(n_cases.items()))}), {took:.1f} s"
    )
    for name, found in paths.items():
        if name == "xml" and not args.xml:
            continue
        print(f"{name}: {sum(found.values())} violations")
        for (kind, klass), n in sorted(found.items()):
            print(f"  {kind:<16} {klass:<18} {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
