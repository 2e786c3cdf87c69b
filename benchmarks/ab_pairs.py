"""Two checkouts side by side on every real pair: ours cold and the peer, per pair.

    python benchmarks/ab_pairs.py /tmp/main .            # 3 alternations, 7 rounds each
    python benchmarks/ab_pairs.py A B --times 5 --rounds 9

On a machine others share, a figure taken at one moment says little about a figure taken at
another. This script runs each checkout in its own process (``--one``), A, B, A, B …, and
keeps per pair the best CPU time (``time.process_time``) over every run of a checkout: ours
cold (the frame cache cleared, as section 1 of ``bench_delta.py`` does) and the peer, each
timed after a ``gc.collect()``, the peer first. Each checkout's peer is timed in the same
process as it, so a ratio ours / peer is taken under one load. A checkout is a folder with
``deltarec/``, ``benchmarks/`` and ``fixtures/real`` (a worktree, or ``git archive REV``
unpacked). Printed: per checkout the worst, median and total (Σ ours ÷ Σ peer) ratio over
the real pairs and how many are over 1.0; then per pair both checkouts' times and ratios.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

Times = dict[str, tuple[float, float]]
"""Pair name -> (peer, ours cold), best CPU seconds."""


def one(root: Path, rounds: int) -> Times:
    """Best CPU seconds per real pair of the checkout at ``root`` (this process imports it)."""
    sys.path.insert(0, str(root))
    from benchmarks.peer import load_peer
    from benchmarks.realpairs import dumps_dir, every_pair
    from deltarec import core
    from deltarec.core.capture import frame_cache

    peer = load_peer()
    pairs = []
    for pair in every_pair(dumps_dir(str(root / "fixtures" / "real"))):
        a, b = pair.read()
        as_dicts = core.observation_to_elements
        pairs.append(
            (pair.name, as_dicts(core.parse_uiautomator(a)), as_dicts(core.parse_uiautomator(b)))
        )
    clock = time.process_time
    best: Times = {}
    for r in range(rounds + 1):  # round 0 warms up
        for name, prev, curr in pairs:
            gc.collect()
            start = clock()
            peer(prev, curr)
            theirs = clock() - start
            frame_cache.clear()
            gc.collect()
            start = clock()
            core.delta_observation(prev, curr)
            ours = clock() - start
            if r:
                was = best.get(name, (theirs, ours))
                best[name] = (min(was[0], theirs), min(was[1], ours))
    frame_cache.clear()
    return best


def summary(times: Times) -> str:
    """Worst, median and total ratio ours / peer, and how many pairs are over 1.0."""
    ratio = {name: ours / theirs for name, (theirs, ours) in times.items()}
    worst = max(ratio, key=lambda name: ratio[name])
    total = sum(o for _, o in times.values()) / sum(t for t, _ in times.values())
    over = sum(r > 1.0 for r in ratio.values())
    return (
        f"worst {ratio[worst]:.2f} ({worst}), median {statistics.median(ratio.values()):.2f},"
        f" total {total:.2f}, {over} of {len(ratio)} over 1.0;"
        f" Σ ours {1000 * sum(o for _, o in times.values()):.1f} ms,"
        f" Σ peer {1000 * sum(t for t, _ in times.values()):.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkouts", nargs="+", type=Path)
    parser.add_argument("--times", type=int, default=3, help="alternations (runs a checkout)")
    parser.add_argument("--rounds", type=int, default=7, help="rounds over the pairs a run")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one(args.checkouts[0].resolve(), args.rounds)))
        return
    roots = [c.resolve() for c in args.checkouts]
    best: dict[Path, Times] = {root: {} for root in roots}
    for _ in range(args.times):
        for root in roots:
            env = dict(os.environ, PYTHONPATH=str(root))
            out = subprocess.run(
                [sys.executable, __file__, str(root), "--one", "--rounds", str(args.rounds)],
                capture_output=True,
                text=True,
                check=True,
                cwd=root,
                env=env,
            )
            got: dict[str, list[float]] = json.loads(out.stdout)
            for name, (theirs, ours) in got.items():
                was = best[root].get(name, (theirs, ours))
                best[root][name] = (min(was[0], theirs), min(was[1], ours))
    for root in roots:
        print(f"{root}: cold, best of {args.times} x {args.rounds}: {summary(best[root])}")
    if len(roots) == 2:
        a, b = (best[root] for root in roots)
        print(f"   {'pair':<34} {'peer A/B ms':>13} {'ours A -> B ms':>16} {'ratio A -> B':>14}")
        for name in a:
            (pa, oa), (pb, ob) = a[name], b[name]
            print(
                f"   {name:<34} {1000 * pa:>6.2f}/{1000 * pb:<6.2f}"
                f" {1000 * oa:>7.2f} -> {1000 * ob:<6.2f} {oa / pa:>6.2f} -> {ob / pb:<6.2f}"
            )


if __name__ == "__main__":
    main()
