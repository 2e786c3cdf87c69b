"""One number per element for a whole session, graded by the phone's own identity.

Runs :class:`tests.core.truth.numbers.NumbersWalk` (seeded sessions through the executor on
the virtual phone: drags and flings, taps by ``{index: N}`` and ``{name: …}`` from the last
reply, back, home, relaunches, typing, whole frames) and counts what its grader finds, per
class — reuse (a number given to two phone elements), renumbered (an element that stayed,
or came back in a ``» back to`` reply, under another number), wrong-target (a tap by a
number or name that acted on another element), refused (such a tap failed though the
element was there) — and per gesture class. Target: 0 each.

    python benchmarks/bench_numbers.py                 # 2,000 steps
    python benchmarks/bench_numbers.py --steps 400 --show 3
    python benchmarks/bench_numbers.py --slop          # point taps slid by the touch slop
    python benchmarks/bench_numbers.py --cross         # rows crossing a page (a grid of drags)
    python benchmarks/bench_numbers.py --returning     # rows that leave and come back (lists)
    python benchmarks/bench_numbers.py --real          # the same on real captures' lists
    python benchmarks/bench_numbers.py --real --seeds 0-19 --show 20   # the wider sweep
    python benchmarks/bench_numbers.py --real --seeds 0-19 --path dicts   # one input path

``--returning`` and ``--real`` count each renumbered row's cause too (``why:…``, and
``recalled-why:…`` for rows of a screen a ``» back to`` reply brought back:
:mod:`tests.core.truth.renumbered_why`). ``--real --seeds A-B`` walks seeds ``A`` to ``B``
(both included; default ``0`` to ``steps // 600 - 1``) and names every reuse and
renumbered row by its seed and walk (``walks(seed)[walk]``), as its CI cases are dealt.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_truth import STARTS  # noqa: E402
from tests.core.real_scrolls.came_back import sweep as real_sweep  # noqa: E402
from tests.core.truth.crossing import sweep  # noqa: E402
from tests.core.truth.numbers import CLASSES, NumbersWalk  # noqa: E402
from tests.core.truth.returning import sweep as returning_sweep  # noqa: E402

WALK = 100
"""Steps per session (each on a fresh phone)."""

RETURNING_WALK = 60
"""Steps per walk of ``--returning`` (each on a fresh phone, on one of the list screens)."""


def _args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for flag, default, help_ in (
        ("--steps", 2_000, "steps in all"),
        ("--seed", 0, "first seed (one per session)"),
        ("--show", 0, "violations to print per class"),
    ):
        parser.add_argument(flag, type=int, default=default, help=help_)
    parser.add_argument("--slop", action="store_true", help="slide some point taps by the slop")
    parser.add_argument(
        "--cross", action="store_true", help="rows crossing a page: tests/core/truth/crossing.py"
    )
    parser.add_argument(
        "--real",
        action="store_true",
        help="rows that leave and come back on real lists: tests/core/real_scrolls/came_back.py",
    )
    parser.add_argument(
        "--seeds", default="", help="--real: the seeds walked, A-B (both included) or A"
    )
    parser.add_argument(
        "--path",
        choices=("xml", "dicts"),
        action="append",
        help="--real: walk this input path only (repeatable; default both)",
    )
    parser.add_argument(
        "--returning",
        action="store_true",
        help="rows that leave and come back: tests/core/truth/returning.py",
    )
    return parser.parse_args(argv)


def cross(show: int) -> int:
    """The page-crossing sweep on a fine grid: 15 starting offsets x 22 lengths x 2 ways x
    3 screens (1,980 drags)."""
    start = time.perf_counter()
    cases, counts, first = sweep(range(0, 2000, 137), range(900, 2200, 61))
    print(f"crossing: {cases} drags, {time.perf_counter() - start:.0f} s")
    for key, n in sorted(counts.items()):
        print(f"{' / '.join(key):40s} {n:>6}")
        if show:
            print(f"  {first[key]}")
    print("reuse " + str(sum(n for k, n in counts.items() if k[0] == "reuse")) + "  (target 0)")
    return 0 if not counts else 1


def returning(first: int, steps: int, show: int) -> int:
    """Rows that left a list and came back, kept / renumbered, and every reuse: walks of
    :data:`RETURNING_WALK` steps from seed ``first`` on, ``steps`` in all."""
    start = time.perf_counter()
    seeds = range(first, first + max(1, steps // RETURNING_WALK))
    counts, examples = returning_sweep(seeds, RETURNING_WALK)
    print(
        f"returning: {len(seeds)} walks x {RETURNING_WALK} steps, {time.perf_counter() - start:.0f} s"
    )
    print(", ".join(f"{k} {n}" for k, n in sorted(counts.items())))
    print("\n".join(examples[:show]))
    bad = counts["back-renumbered"] + counts["recalled-renumbered"] + counts["reuse"]
    return 0 if not bad else 1


def real(seeds: range, show: int, paths: tuple[str, ...] = ("xml", "dicts")) -> int:
    """Rows that left a real list and came back, walked down and back up per scroller of
    every real capture (one walk each per seed of ``seeds``), on both input paths: the
    counts per path, then up to ``show`` examples each of reuse and renumbered, named by
    seed and walk."""
    bad = 0
    for path in paths:
        start = time.perf_counter()
        counts: Counter[str] = Counter()
        examples: dict[str, list[str]] = defaultdict(list)
        walks = 0
        for seed in seeds:
            for at, (_, found, said) in enumerate(real_sweep(path, seed)):
                counts.update(found)
                for line in said:
                    kind, _, what = line.partition(": ")
                    examples[kind].append(f"seed {seed} walk {at}: {what}")
                walks += 1
        seconds = time.perf_counter() - start
        print(
            f"real {path}: seeds {seeds.start}-{seeds.stop - 1}, {walks} walks, {seconds:.0f} s: "
            + ", ".join(f"{k} {n}" for k, n in sorted(counts.items()))
        )
        for kind in ("reuse", "renumbered", "misstated"):
            for line in examples[kind][:show]:
                print(f"  {kind}: {line}")
        bad += counts["renumbered"] + counts["reuse"] + counts["misstated"]
    return 0 if not bad else 1


def _seeds(text: str, steps: int) -> range:
    """``A-B`` or ``A`` as a range of seeds; empty: ``steps // 600`` seeds from 0."""
    if not text:
        return range(max(1, steps // 600))
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def main(argv: list[str] | None = None) -> int:
    args = _args(argv)
    if args.cross:
        return cross(args.show)
    if args.returning:
        return returning(args.seed, args.steps, args.show)
    if args.real:
        return real(_seeds(args.seeds, args.steps), args.show, tuple(args.path or ("xml", "dicts")))
    total: Counter[str] = Counter()
    by_gesture: dict[str, Counter[str]] = defaultdict(Counter)
    shown: Counter[str] = Counter()
    tried: Counter[str] = Counter()
    start = time.perf_counter()
    done = sessions = 0
    while done < args.steps:
        seed = args.seed + sessions
        walk = NumbersWalk(seed, STARTS[sessions % len(STARTS)], slop=args.slop)
        for violations in walk.run(min(WALK, args.steps - done)):
            for v in violations:
                total[v.klass] += 1
                by_gesture[v.gesture.split(":", 1)[0]][v.klass] += 1
                if shown[v.klass] < args.show:
                    shown[v.klass] += 1
                    print(f"--- [{v.klass}] seed {seed} step {v.step}: {v.gesture}\n  {v.detail}")
        done += walk.steps
        tried.update(walk.tried)
        sessions += 1
    seconds = time.perf_counter() - start
    print(f"numbers: {done} steps in {sessions} sessions, {seconds:.0f} s")
    print("totals: " + ", ".join(f"{c} {total[c]}" for c in CLASSES) + "  (target 0 each)")
    print("taps from the last reply: " + ", ".join(f"{k} {n}" for k, n in sorted(tried.items())))
    print(f"\n{'per gesture':16s} " + " ".join(f"{c:>12}" for c in CLASSES))
    for name in sorted(by_gesture):
        print(f"{name:16s} " + " ".join(f"{by_gesture[name][c]:>12}" for c in CLASSES))
    return 0 if not total else 1


if __name__ == "__main__":
    raise SystemExit(main())
