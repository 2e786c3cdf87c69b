"""Hostile input on every input kind, counted by class (stop 55).

    python benchmarks/bench_hostile_kinds.py                     # 1,000 cases, seed 55
    python benchmarks/bench_hostile_kinds.py --cases 3000 --seed 7

Draws ``--cases`` inputs from the generator of ``tests/core/capture/test_hostile_kinds.py``
(dumps, Appium page sources, element dicts, AutoMobile and observation JSON, odd or broken)
and reads each through ``load_capture`` with a source name, then every later stage. Counts
by input kind the cases that break a promise: A, a refusal that does not name the input;
B, a refusal over 400 characters; C, a refusal over several lines; D, another exception
than the typed error; E, a capture read that a later stage (frame, text, delta, JSON) fails
on. Prints ``0 in every class`` when none does.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, seed, settings

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from deltarec.core.capture.jsonio import load_capture
from deltarec.core.errors import InputError
from tests.core.capture import test_hostile_kinds as kinds


def count(cases: int, at: int) -> tuple[int, collections.Counter[tuple[str, str]]]:
    counts: collections.Counter[tuple[str, str]] = collections.Counter()
    drawn = [0]

    @seed(at)
    @settings(
        max_examples=cases, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    @given(kinds.hostile_input())
    def run(case: tuple[str, bytes]) -> None:
        kind, data = case
        drawn[0] += 1
        try:
            obs = load_capture(data, source=kinds.SOURCE)
        except InputError as exc:
            message = str(exc)
            if f"(at {kinds.SOURCE}" not in message:
                counts["A names no input", kind] += 1
            if len(message) > 400:
                counts["B over 400 characters", kind] += 1
            if "\n" in message:
                counts["C several lines", kind] += 1
            return
        except Exception as exc:
            counts[f"D {type(exc).__name__}", kind] += 1
            return
        try:
            kinds.every_stage(obs)
        except Exception as exc:
            counts[f"E stage {type(exc).__name__}", kind] += 1

    run()
    return drawn[0], counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=55)
    args = parser.parse_args()
    drawn, counts = count(args.cases, args.seed)
    print(f"{drawn} cases, seed {args.seed}")
    for (problem, kind), n in sorted(counts.items()):
        print(f"  {n:5}  {problem:28} {kind}")
    if not counts:
        print("  0 in every class")


if __name__ == "__main__":
    main()
