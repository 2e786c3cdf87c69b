"""Real captures scrolled and edited with a known truth: violations per class.

Derives second frames from every real capture under ``fixtures/real`` (flows and
``corpus/``; :mod:`tests.core.real_scrolls.transforms`): each scrollable container (and
lists or web views not marked scrollable) scrolled by 10 px to more than its viewport in
both directions, and one text, checkbox or count edited; and rows inserted into or removed
from every list (:mod:`tests.core.real_scrolls.insertions`); and the kinds of
:data:`KINDS`: a row grown or shrunk (:mod:`tests.core.real_scrolls.expansions`), a scroll
with an edit (:mod:`tests.core.real_scrolls.scroll_edits`), every row's time ticking
(:mod:`tests.core.real_scrolls.ticks`), an overlay shown or taken away
(:mod:`tests.core.real_scrolls.overlays`), a selection moved between siblings
(:mod:`tests.core.real_scrolls.selections`), the keyboard opening or closing
(:mod:`tests.core.real_scrolls.keyboards`), a carousel scrolled sideways
(:mod:`tests.core.real_scrolls.carousels`), a pager swiped sideways, its page a list
(:mod:`tests.core.real_scrolls.pagers`), every scroll turned a quarter (sideways, it must
say what it says upright: :mod:`tests.core.real_scrolls.turned`), a pull-to-refresh
spinner above a list's rows (:mod:`tests.core.real_scrolls.refreshes`), a row swiped away or
dragged below the next (:mod:`tests.core.real_scrolls.rearranged`). Each delta
is graded against the known truth and the real-capture oracle. Target: 0 in every class.

    python benchmarks/bench_real_transforms.py              # 20 pairs per capture
    python benchmarks/bench_real_transforms.py --per 5 --show 3
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.core.real_scrolls import (
    carousels,
    expansions,
    insertions,
    keyboards,
    overlays,
    pagers,
    rearranged,
    refreshes,
    scroll_edits,
    selections,
    ticks,
    turned,
)
from tests.core.real_scrolls.transforms import cases, check

KINDS = (
    expansions,
    scroll_edits,
    ticks,
    overlays,
    selections,
    keyboards,
    carousels,
    pagers,
    turned,
    refreshes,
    rearranged,
)
"""The derived-step kinds beyond scrolls, edits and insertions: each module has
``cases(rng, per_capture)``, ``check(case)`` and ``kind(case)`` (its name in the counts)."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per", type=int, default=20, help="derived pairs per capture")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=0, help="failing cases to print per class")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    sample = cases(random.Random(args.seed), args.per)
    moved = insertions.cases(random.Random(args.seed), args.per)
    graded: list[tuple[str, object, list[tuple[str, str]]]] = [
        (c.kind, c, check(c)) for c in sample
    ] + [("removal" if c.removal else "insert", c, insertions.check(c)) for c in moved]
    for module in KINDS:
        more = module.cases(random.Random(args.seed), args.per)
        graded += [(module.kind(c), c, module.check(c)) for c in more]
    kinds = Counter(kind for kind, _, _ in graded)
    found: Counter[tuple[str, str]] = Counter()
    shown: Counter[str] = Counter()
    bad = 0
    for kind, case, got in graded:
        bad += bool(got)
        for klass, detail in got:
            found[(kind, klass)] += 1
            if shown[klass] < args.show:
                shown[klass] += 1
                print(f"--- [{klass}] {case}\n  {detail}")
    took = time.perf_counter() - start
    print(
        f"real-capture transforms: {len(graded)} cases"
        f" ({', '.join(f'{n} {kind}' for kind, n in kinds.items())}),"
        f" {took:.1f} s; cases with a violation: {bad}"
    )
    for (kind, klass), n in sorted(found.items()):
        print(f"  {kind:<12} {klass:<18} {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
