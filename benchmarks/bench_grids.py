"""Grids, web content, carousels in lists, nested scrollers (issue 18 items 3 and 6): generated.

    nice -n 19 python benchmarks/bench_grids.py --steps 400 --seed 0   # counts per scene and class
    python benchmarks/bench_grids.py --steps 400 --show 3                # and the first failing steps

Each step (:func:`tests.core.shapes.grids.draw_step`) is a scene (a staggered grid of 2-4
columns, a WebView holding a grid, carousels inside a vertical list, a list inside a
ScrollView page, a page whose grid grows) at drawn offsets, a swipe from anywhere (the
toolbar included; its end cut to the screen), and items put in in view, or not. Each is
graded on both input paths (XML, element dicts) with and without the gesture told
(:func:`tests.core.shapes.grid_truth.grade`); a step counts once per class it violates, per
path and telling.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # as a script, sys.path[0] is benchmarks/

from tests.core.shapes.grid_truth import CLASSES, grade  # noqa: E402
from tests.core.shapes.grids import KINDS, draw_step  # noqa: E402

READINGS = (("xml", True), ("xml", False), ("dicts", True), ("dicts", False))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--steps", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--show", type=int, default=0, help="print the first N failing steps")
    args = ap.parse_args(argv)
    counts: dict[tuple[str, str], Counter[str]] = {}
    steps: Counter[str] = Counter()
    shown = 0
    for i in range(args.seed, args.seed + args.steps):
        step = draw_step(random.Random(i))
        steps[step.scene.kind] += 1
        for path, told in READINGS:
            reading = f"{path}{'+g' if told else ''}"
            found = grade(step, path, told)
            got = counts.setdefault((step.scene.kind, reading), Counter())
            got.update({k for k, _ in found})
            got["failing"] += bool(found)
            if found and shown < args.show:
                shown += 1
                print(f"seed {i} {reading}: {step}")
                for klass, detail in found[:6]:
                    print(f"    {klass}: {detail}")
    head = ("scene", "reading", "steps", "failing", *CLASSES)
    print(" | ".join(head))
    total: Counter[str] = Counter()
    for kind in KINDS:
        for path, told in READINGS:
            reading = f"{path}{'+g' if told else ''}"
            got = counts.get((kind, reading), Counter())
            total.update(got)
            row = (kind, reading, steps[kind], got["failing"], *(got[k] for k in CLASSES))
            print(" | ".join(str(x) for x in row))
    print(
        " | ".join(
            str(x)
            for x in ("all", "all", args.steps * 4, total["failing"], *(total[k] for k in CLASSES))
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
