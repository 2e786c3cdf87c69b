"""Hostile inputs, round 3 (stop 60), counted by class.

    python benchmarks/bench_hostile_round3.py                 # 40 cases a class, seed 60
    python benchmarks/bench_hostile_round3.py --long          # 300 cases a class
    python benchmarks/bench_hostile_round3.py --cases 100 --seed 7 --only lines

Draws cases from the generators of ``tests/core/hostile3_cases.py`` (seeded ``random``;
case ``i`` is seed ``SEED * 100_003 + i``) and grades each as ``tests/core/test_hostile_input_3.py``
does. Classes: ``aliased`` (element dicts as Python objects whose children alias: a cycle,
a shared sub-tree), ``lines`` (a hostile JSON-RPC line on ``deltarec mcp``'s stdio), ``paths``
(a hostile path on a CLI path option), ``scripts`` (a script built in Python whose parts
alias: the executor's validation walked a shared part once per path to it). Prints per class and kind the cases that failed,
with one example each. Run it under ``nice -n 19``; before the fixes an aliased case runs
to the 60 s guard and may take GBs: run it under ``ulimit -v``.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.core import hostile3_cases as cases
from tests.core import test_hostile_input_3 as grade

CLASSES = ("aliased", "lines", "paths", "scripts")


def one(name: str, rnd: random.Random, tmp: Path) -> tuple[str, list[str]]:
    """The kind of one drawn case and what went wrong with it (empty: it passed)."""
    if name == "aliased":
        kind, data = cases.aliased_elements(rnd)
        return kind, grade.grade_aliased(kind, data, cases.real_elements(rnd))
    if name == "lines":
        kind, raw = cases.hostile_line(rnd)
        problem = grade.grade_line(kind, raw)
        return kind, [problem] if problem else []
    if name == "scripts":
        kind, steps = cases.aliased_script(rnd)
        problem = grade.grade_script(kind, steps)
        return kind, [problem] if problem else []
    option = rnd.choice(cases.OPTIONS)
    kind, path = cases.hostile_path(rnd, tmp)
    problem = grade.grade_path(option, kind, path, tmp)
    return f"{option} {kind}", [problem] if problem else []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=40)
    parser.add_argument("--long", action="store_true", help="300 cases a class")
    parser.add_argument("--seed", type=int, default=60)
    parser.add_argument("--only", choices=CLASSES)
    args = parser.parse_args()
    n = 300 if args.long else args.cases
    for name in [args.only] if args.only else CLASSES:
        failed: collections.Counter[str] = collections.Counter()
        drawn: collections.Counter[str] = collections.Counter()
        example: dict[str, str] = {}
        for i in range(n):
            rnd = random.Random(args.seed * 100_003 + i)
            with tempfile.TemporaryDirectory() as tmp:
                kind, problems = one(name, rnd, Path(tmp) / "case")
            drawn[kind] += 1
            if problems:
                failed[kind] += 1
                example.setdefault(kind, problems[0])
        print(f"{name}: {sum(failed.values())} of {n} cases failed (seed {args.seed})")
        for kind in sorted(drawn):
            shown = f"  e.g. {example[kind][:110]}" if kind in example else ""
            print(f"  {failed[kind]:4} / {drawn[kind]:<4} {kind}{shown}")


if __name__ == "__main__":
    main()
