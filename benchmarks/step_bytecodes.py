"""Bytecodes one 1 MB step executes, per checkout: a cost no load on the machine changes.

    python benchmarks/step_bytecodes.py .                  # this checkout, the top functions
    python benchmarks/step_bytecodes.py /tmp/main . --top 0

On a machine others share, CPU time moves by more than one change gains (``ab_dump.py``
needs many alternations to see 2 %). The Python bytecodes a step executes do not move:
this script counts them (``sys.settrace`` with opcode events, after a step untraced) for the
step section 3 of ``bench_delta.py`` times (parse the new dump after the previous one, then
``core.observe_delta(prev, new)``, ``prev`` parsed cold), each checkout in its own process,
and prints the total and the functions that execute the most. Work done in C (hashing,
sorting, a comprehension's own loop) is not counted, so a change that moves work into C
counts as gained: read it beside ``ab_dump.py``. A checkout is a folder with ``deltarec/``
and ``benchmarks/``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any


def one(root: Path, size: int) -> dict[str, int]:
    """Bytecodes per function (``file:function``) of one step of the checkout at ``root``."""
    sys.path.insert(0, str(root))
    from benchmarks.synthetic import dump_pair
    from deltarec import core
    from deltarec.core.capture import dump_scan

    before, after = dump_pair(size)

    def previous() -> core.Observation:
        dump_scan.clear()
        return core.parse_uiautomator(before)

    core.observe_delta(previous(), core.parse_uiautomator(after))  # imports, caches
    count: Counter[str] = Counter()

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call":
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
        elif event == "opcode":
            code = frame.f_code
            count[f"{code.co_filename.split('deltarec/')[-1]}:{code.co_name}"] += 1
        return tracer

    prev = previous()
    sys.settrace(tracer)
    core.observe_delta(prev, core.parse_uiautomator(after))
    sys.settrace(None)
    return dict(count)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="*", type=Path)
    parser.add_argument("--one", type=Path)
    parser.add_argument("--bytes", type=int, default=1_000_000)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args(argv)
    if args.one is not None:
        print(json.dumps(one(args.one.resolve(), args.bytes)))
        return 0
    if not args.roots:
        parser.error("give one or two checkouts")
    counts = []
    for root in args.roots:
        cmd = [sys.executable, __file__, "--one", str(root.resolve()), "--bytes", str(args.bytes)]
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        counts.append(Counter(json.loads(out)))
    print(
        "   ".join(
            f"{root}: {sum(c.values()):,} bytecodes"
            for root, c in zip(args.roots, counts, strict=True)
        )
    )
    names = sorted(set().union(*counts), key=lambda n: -max(c[n] for c in counts))
    for name in names[: args.top]:
        print("".join(f"{c[name]:>12,}" for c in counts) + f"  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
