"""Bytecodes a cold ``delta_observation`` executes on each real pair, per checkout.

    python benchmarks/pair_bytecodes.py /tmp/main .          # the pairs most executed
    python benchmarks/pair_bytecodes.py /tmp/main . --top 0  # totals only
    python benchmarks/pair_bytecodes.py /tmp/main . --by-change  # the pairs changed most

The small real pairs' CPU times (``ab_pairs.py``) move with the machine's load by more than
one shortcut of the scroll estimate gains. The Python bytecodes a cold call executes do not:
this script counts them (``sys.settrace`` with opcode events, after one untraced run of
every pair) for every consecutive real pair as section 1 of ``bench_delta.py`` and
``ab_pairs.py`` feed it (element dicts, the frame cache cleared before each call), each
checkout in its own process, and prints the total and the pairs that execute the most, both
checkouts side by side. As with ``step_bytecodes.py``, work done in C is not counted: read
it beside ``ab_pairs.py``. A checkout is a folder with ``deltarec/``, ``benchmarks/`` and
``fixtures/real`` (a worktree, or ``git archive REV`` unpacked).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from types import FrameType
from typing import Any


def one(root: Path) -> dict[str, int]:
    """Bytecodes per real pair of a cold call of the checkout at ``root``."""
    sys.path.insert(0, str(root))
    from benchmarks.realpairs import dumps_dir, every_pair
    from deltarec import core
    from deltarec.core.capture import frame_cache

    as_dicts = core.observation_to_elements
    pairs = []
    for pair in every_pair(dumps_dir(str(root / "fixtures" / "real"))):
        a, b = pair.read()
        pairs.append(
            (pair.name, as_dicts(core.parse_uiautomator(a)), as_dicts(core.parse_uiautomator(b)))
        )
    for _, prev, curr in pairs:  # imports and one-time tables, untraced
        frame_cache.clear()
        core.delta_observation(prev, curr)
    count = [0]

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        if event == "opcode":
            count[0] += 1
        return tracer

    out: dict[str, int] = {}
    for name, prev, curr in pairs:
        frame_cache.clear()
        count[0] = 0
        sys.settrace(tracer)
        try:
            core.delta_observation(prev, curr)
        finally:
            sys.settrace(None)
        out[name] = count[0]
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("checkouts", nargs="+", type=Path)
    parser.add_argument("--top", type=int, default=12, help="pairs listed (most executed)")
    parser.add_argument(
        "--by-change", action="store_true", help="list the pairs the last checkout changed most"
    )
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(one(args.checkouts[0].resolve())))
        return
    runs = []
    for root in args.checkouts:
        root = root.resolve()
        done = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), str(root), "--one"],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
        )
        runs.append((root, json.loads(done.stdout)))
    base = runs[0][1]
    for root, got in runs:
        total = sum(got.values())
        change = f" ({100 * (total / sum(base.values()) - 1):+.1f} %)" if got is not base else ""
        print(f"{root}: {total:,} bytecodes over {len(got)} real pairs{change}")
    last_run = runs[-1][1]
    order = (
        sorted(base, key=lambda k: last_run.get(k, 0) / base[k])
        if args.by_change
        else sorted(base, key=lambda k: -base[k])
    )
    for name in order[: args.top]:
        cells = " -> ".join(f"{got.get(name, 0):>9,}" for _, got in runs)
        last = last_run.get(name, 0)
        print(f"   {name:<40} {cells} ({100 * (last / base[name] - 1):+.1f} %)")


if __name__ == "__main__":
    main()
