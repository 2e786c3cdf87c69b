"""Seeded agent sessions over MCP, the whole sweep: violations per class.

    python benchmarks/bench_agent.py                       # 100 phone + 25 small + 25 tablet, 60 steps
    python benchmarks/bench_agent.py --sessions 20 --steps 40 --profile small
    python benchmarks/bench_agent.py --show 5              # also the first 5 of each class
    python benchmarks/bench_agent.py --wide                # the wider mix (agent_walk.WIDE)

Each session is :func:`tests.core.mcp.agent_walk.walk`: the SDK's own client drives the MCP
server on the virtual phone as an agent does (taps by the ``[i]`` and the name a reply
printed, swipes of 50–20,000 px, typing, back, home, relaunches, and names it was shown
before a label changed) and checks every reply (names, numbers, swipe facts, titles, returns,
budgets: the module's docstring; and, by the phone's identities, the system bars' numbers,
rows of a screen entered again, stale names and the smaller facts a reply states:
``tests/core/mcp/agent_numbers.py``). Prints sessions × steps run and the count per class
(target 0 each); ``--json F`` writes them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))  # as a script, sys.path[0] is benchmarks/

import anyio  # noqa: E402

from tests.core.mcp.agent_walk import CLASSES, Violation, walk  # noqa: E402

DEFAULT = (("phone", 100), ("small", 25), ("tablet", 25))
"""Profiles and how many sessions each, when no ``--profile`` is given."""


async def sweep(
    plan: list[tuple[str, int]], steps: int, first_seed: int, wide: bool = False
) -> tuple[int, int, list[Violation]]:
    """Run every session of ``plan``; ``(sessions, steps run, violations)``."""
    seed, sessions, ran = first_seed, 0, 0
    found: list[Violation] = []
    for profile, count in plan:
        for _ in range(count):
            result = await walk(seed, steps, profile, wide)
            sessions, ran = sessions + 1, ran + result.steps
            found.extend(result.violations)
            seed += 1
    return sessions, ran, found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=None, help="sessions per profile")
    parser.add_argument("--steps", type=int, default=60, help="calls per session")
    parser.add_argument("--seed", type=int, default=0, help="the first session's seed")
    parser.add_argument("--profile", action="append", help="virtual phone profile(s)")
    parser.add_argument("--show", type=int, default=3, help="violations shown per class")
    parser.add_argument("--json", type=Path, help="write the counts here")
    parser.add_argument(
        "--wide", action="store_true", help="also long presses, flings then taps, keys, finds"
    )
    args = parser.parse_args(argv)
    if args.profile:
        plan = [(p, args.sessions or 20) for p in args.profile]
    else:
        plan = [(p, args.sessions or n) for p, n in DEFAULT]
    started = time.perf_counter()
    sessions, ran, found = anyio.run(sweep, plan, args.steps, args.seed, args.wide)
    counts = Counter(v.kind for v in found)
    print(f"{sessions} sessions × {args.steps} steps ({ran} calls) in "
          f"{time.perf_counter() - started:.0f} s")  # fmt: skip
    for kind in CLASSES:
        print(f"  {kind:<8} {counts.get(kind, 0)}")
    shown: Counter[str] = Counter()
    for v in found:
        if shown[v.kind] < args.show:
            print(v)
            shown[v.kind] += 1
    if args.json is not None:
        data = {
            "sessions": sessions,
            "steps": ran,
            "counts": {k: counts.get(k, 0) for k in CLASSES},
        }
        args.json.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
