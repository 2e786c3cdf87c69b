"""Machine instructions cold ``delta_observation`` calls execute on the real pairs, per checkout.

    python benchmarks/pair_instructions.py /tmp/main .       # every real pair, under callgrind

``pair_bytecodes.py`` counts Python bytecodes, which leave out the work done in C (hashing,
sorting, ``marshal``, the token pattern) and weigh a slotted attribute store like a call's
argument; ``ab_pairs.py`` times the calls, which a machine shared by other jobs moves by more
than a cut of a few per cent (issue 19: at load 8-11 two runs of one checkout differed by
4 %). This script counts what the processor executes, as ``step_instructions.py`` does for
the 1 MB step: each checkout in its own process under valgrind's callgrind, collecting only
inside ``functools.reduce``, inside which every real pair (element dicts, as
``pair_bytecodes.py`` feeds them) runs once cold (the frame cache cleared first), after one
untimed run of every pair (imports, one-time tables). Deterministic to a few thousand
instructions; about a minute a checkout. Needs ``valgrind``.
"""

from __future__ import annotations

import argparse
import functools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.step_instructions import callgrind_total, report


def one(root: Path) -> None:
    """Run every real pair of the checkout at ``root`` cold, once untimed, once in reduce."""
    sys.path.insert(0, str(root))
    from benchmarks.realpairs import dumps_dir, every_pair
    from deltarec import core
    from deltarec.core.capture import frame_cache

    as_dicts = core.observation_to_elements
    pairs = []
    for pair in every_pair(dumps_dir(str(root / "fixtures" / "real"))):
        a, b = pair.read()
        pairs.append((as_dicts(core.parse_uiautomator(a)), as_dicts(core.parse_uiautomator(b))))

    def run(_a: object, _b: object) -> None:
        for prev, curr in pairs:
            frame_cache.clear()
            core.delta_observation(prev, curr)

    run(None, None)
    functools.reduce(run, [0], None)


def measure(root: Path) -> int:
    """Instructions of one cold call on every real pair (callgrind, collected in reduce)."""
    env = {"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"}
    return callgrind_total(__file__, ["--one", str(root)], env)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="*", type=Path)
    parser.add_argument("--one", type=Path)
    args = parser.parse_args(argv)
    if args.one is not None:
        one(args.one.resolve())
        return 0
    if not args.roots:
        parser.error("give one or two checkouts")
    return report(args.roots, measure)


if __name__ == "__main__":
    sys.exit(main())
