"""Two checkouts side by side on the 1 MB step (section 3 of ``bench_delta.py``), alternating.

    python benchmarks/ab_dump.py /tmp/main .            # 4 alternations, 9 rounds each
    python benchmarks/ab_dump.py A B --times 6 --rounds 11 --bytes 1000000

As ``ab_pairs.py`` does for the real pairs: each checkout runs in its own process
(``--one``), A, B, A, B …, and each process times, alternately, lxml's parse of the new dump
and the one-shot step (parse the new dump after the previous one, then
``core.observe_delta(prev, new).text``, ``prev`` parsed cold as section 3 sets it up) and the
session step (``Observer.step``), in CPU time (``time.process_time``), after a
``gc.collect()``. Per checkout: the best and the median of every run of each, and the step's
ratio to lxml's parse taken within each process (a ratio is read under one load), median over
the runs. A checkout is a folder with ``deltarec/`` and ``benchmarks/`` (a worktree, or
``git archive REV`` unpacked).
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

Runs = dict[str, list[float]]
"""What -> CPU seconds of every round (``lxml``, ``step``, ``session``)."""


def one(root: Path, rounds: int, size: int) -> Runs:
    """CPU seconds of each round on the checkout at ``root`` (this process imports it)."""
    sys.path.insert(0, str(root))
    from lxml import etree

    from benchmarks.synthetic import dump_pair
    from deltarec import core
    from deltarec.core.capture import dump_scan

    before, after = dump_pair(size)
    data = after.encode()
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)

    def previous() -> core.Observation:
        dump_scan.clear()
        return core.parse_uiautomator(before)

    def lxml() -> object:
        return etree.fromstring(data, parser)

    def step() -> object:
        prev = previous()
        return lambda: core.observe_delta(prev, core.parse_uiautomator(data)).text

    def session() -> object:
        observer = core.Observer()
        observer.reset(previous())
        return lambda: observer.step(core.parse_uiautomator(data)).text

    setups = {"lxml": lambda: lxml, "step": step, "session": session}
    runs: Runs = {name: [] for name in setups}
    for r in range(rounds + 1):  # round 0 warms up
        for name, setup in setups.items():
            call = setup()
            gc.collect()
            start = time.process_time()
            call()  # type: ignore[operator]
            took = time.process_time() - start
            if r:
                runs[name].append(took)
    return runs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="*", type=Path)
    parser.add_argument("--one", type=Path)
    parser.add_argument("--times", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--bytes", type=int, default=1_000_000)
    args = parser.parse_args(argv)
    if args.one is not None:
        print(json.dumps(one(args.one.resolve(), args.rounds, args.bytes)))
        return 0
    if len(args.roots) != 2:
        parser.error("give two checkouts (or --one ROOT)")
    got: dict[int, list[Runs]] = {0: [], 1: []}
    for _ in range(args.times):
        for i, root in enumerate(args.roots):
            cmd = [sys.executable, __file__, "--one", str(root.resolve())]
            cmd += ["--rounds", str(args.rounds), "--bytes", str(args.bytes)]
            out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
            got[i].append(json.loads(out))
    for i, root in enumerate(args.roots):
        runs = got[i]
        flat = {
            name: [t for run in runs for t in run[name]] for name in ("lxml", "step", "session")
        }
        ratios = {
            name: statistics.median(
                statistics.median(run[name]) / statistics.median(run["lxml"]) for run in runs
            )
            for name in ("step", "session")
        }
        print(
            f"{root}: "
            + ", ".join(
                f"{name} best {1000 * min(ts):.1f} / median {1000 * statistics.median(ts):.1f} ms"
                for name, ts in flat.items()
            )
            + f"; step ÷ lxml {ratios['step']:.2f}×, session ÷ lxml {ratios['session']:.2f}×"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
