"""Machine instructions one 1 MB step executes, per checkout: C work counted too, load-free.

    python benchmarks/step_instructions.py /tmp/main .         # 2 steps each, under callgrind
    python benchmarks/step_instructions.py . --steps 3

``step_bytecodes.py`` counts Python bytecodes, which a loaded machine does not move, but
not the work done in C, and the two part ways on Python 3.11: a column read with
``map(operator.attrgetter("text"), nodes)`` runs no bytecode a node yet costs twice the
comprehension ``[n.text for n in nodes]`` (whose attribute load is specialised for slots),
so a rewrite that cut bytecodes could be slower (issue 19). This script counts what the
processor executes: each checkout runs in its own process under valgrind's callgrind, which
collects only inside ``functools.reduce`` (``--toggle-collect``), and the step (the one
``ab_dump.py`` times: parse the new dump after the previous one, then
``core.observe_delta(prev, new).text``, ``prev`` parsed cold) runs inside one such call, so
imports, the dumps' making and the cold parse are not counted. Deterministic to a few
thousand instructions in 430 million; about a minute a checkout on a quiet machine (callgrind
runs Python some 50 times slower). Needs ``valgrind`` (Debian's package).
"""

from __future__ import annotations

import argparse
import functools
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path


def one(root: Path, size: int, steps: int) -> None:
    """Run ``steps`` steps of the checkout at ``root``, each inside ``functools.reduce``."""
    sys.path.insert(0, str(root))
    from benchmarks.synthetic import dump_pair
    from deltarec import core
    from deltarec.core.capture import dump_scan

    before, after = dump_pair(size)
    data = after.encode()

    def previous() -> core.Observation:
        dump_scan.clear()
        return core.parse_uiautomator(before)

    core.observe_delta(previous(), core.parse_uiautomator(data))  # imports, caches
    for _ in range(steps):
        prev = previous()
        functools.reduce(
            lambda _a, _b: core.observe_delta(prev, core.parse_uiautomator(data)).text,
            [0],
            None,
        )


def measure(root: Path, size: int, steps: int) -> float:
    """Instructions per step of the checkout at ``root`` (callgrind, collected in reduce)."""
    args = ["--one", str(root), "--bytes", str(size), "--steps", str(steps)]
    return callgrind_total(__file__, args) / steps


def callgrind_total(script: str, args: list[str], env: dict[str, str] | None = None) -> int:
    """Instructions ``python script *args`` executes inside ``functools.reduce`` (valgrind's
    callgrind, collecting only there): ``pair_instructions.py`` counts with it too."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        cmd = [
            "valgrind",
            "--tool=callgrind",
            "--collect-atstart=no",
            "--toggle-collect=functools_reduce",
            f"--callgrind-out-file={out}",
            sys.executable,
            script,
            *args,
        ]
        done = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no total:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="*", type=Path)
    parser.add_argument("--one", type=Path)
    parser.add_argument("--bytes", type=int, default=1_000_000)
    parser.add_argument("--steps", type=int, default=2)
    args = parser.parse_args(argv)
    if args.one is not None:
        one(args.one.resolve(), args.bytes, args.steps)
        return 0
    if not args.roots:
        parser.error("give one or two checkouts")
    return report(args.roots, lambda root: measure(root, args.bytes, args.steps))


def report(roots: list[Path], count: Callable[[Path], float]) -> int:
    """Print each checkout's instructions (``count`` of its resolved path), and the change
    from the first to the second; 2 when valgrind is missing. ``pair_instructions.py``
    reports with it too."""
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    counts = [count(root.resolve()) for root in roots]
    print("   ".join(f"{root}: {n / 1e6:,.1f}M" for root, n in zip(roots, counts, strict=True)))
    if len(counts) == 2:
        print(f"change: {100 * (counts[1] / counts[0] - 1):+.2f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
