"""The objects a cold ``delta_observation`` makes per element, stage by stage.

    python benchmarks/object_census.py                  # the five worst pairs and a median one
    python benchmarks/object_census.py "contacts-agent 07→08" --lines 8

Issue 19's ninth pass (``lane_census.py``) ended on "a frame made of fewer objects per
element". This script counts them on real pairs (element dicts, the frame cache cleared), the
stages run as ``pair_stages.py`` runs them, with the cyclic collector held as the call holds
it:

- **kept per element**: ``sys.getallocatedblocks()`` after a stage less before it, divided by
  the elements of the frame it built (a frame stage) or of both frames (the others): the
  objects a stage leaves behind (nodes, boxes, keys, the frames' memos), not its temporaries,
  which no counter of CPython 3.11 sees (``callgrind`` does: the allocator's share of a
  stage's instructions is in ``benchmarks/README.md``, "A tenth pass");
- **by type**: the objects the collector tracks, kept by the stage, most numerous first;
- **cells**: with ``--cells``, the closure cells made over one cold call on every real pair,
  by the function that made them: a function whose inner comprehension or lambda reads a
  local makes that local a cell at *every* call, whether or not the inner code runs (a cell
  and its free are about 150 machine instructions);
- ``--lines N``: the source lines that allocated the most blocks kept (``tracemalloc``).

Deterministic but for the collector's own tracking; takes a few seconds.
"""

from __future__ import annotations

import argparse
import collections
import gc
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.realpairs import dumps_dir, every_pair
from deltarec import core
from deltarec.core.capture import frame_cache
from deltarec.core.capture.gc_pause import gc_paused
from deltarec.core.diff.compute import compute_delta
from deltarec.core.diff.match import match_measured
from deltarec.core.observe.frame import Frame
from deltarec.core.observer import IndexOptions, observe_delta

WORST = (
    "contacts-agent 07→08",
    "calendar-tablet 14-15-55 08→09",
    "calendar-tablet 14-15-55 06→07",
    "calendar-tablet 14-15-55 07→08",
    "contacts-manual 04→05",
    "calendar-tablet 14-22-32 04→05",  # the median pair (ab_pairs, stop 54)
)
"""The five pairs furthest over the peer and the median pair (``ab_pairs.py``, stop 54)."""

STAGES = ("prev frame", "curr frame", "match", "delta", "index, render")
OPTIONS = IndexOptions(None, 80, True)  # delta_observation's defaults


def elements(data: list[Any]) -> int:
    """How many element dicts ``data`` holds, nested ones included."""
    count, stack = 0, [data]
    while stack:
        for item in stack.pop():
            count += 1
            stack.append(item.get("children") or [])
    return count


def _tracked() -> collections.Counter[str]:
    return collections.Counter(type(o).__name__ for o in gc.get_objects())


def census(prev: list[Any], curr: list[Any], lines: int = 0) -> list[tuple[str, int, Any]]:
    """Per stage: its name, the blocks it kept, and the tracked objects it kept by type (or,
    with ``lines``, the source lines that allocated the most of them)."""
    for _ in range(2):  # imports and one-time tables
        frame_cache.clear()
        core.delta_observation(prev, curr)
    frame_cache.clear()
    gc.collect()
    held: list[Any] = []
    state: dict[str, Any] = {}

    def prev_frame() -> Any:
        state["before"] = frame_cache.frame_of(prev)
        return state["before"]

    def curr_frame() -> Any:
        after = frame_cache.frame_of(curr, like=(prev, state["before"]))
        state["after"] = Frame(after.obs) if after is state["before"] else after
        return state["after"]

    def match() -> Any:
        state["matched"] = match_measured(state["before"], state["after"])
        return state["matched"]

    def delta() -> Any:
        state["delta"] = compute_delta(state["before"], state["after"], matched=state["matched"])
        return state["delta"]

    def render() -> Any:
        before, after = state["before"], state["after"]
        return observe_delta(before, after, options=OPTIONS, max_lines=40, delta=state["delta"])

    steps: tuple[Callable[[], Any], ...] = (prev_frame, curr_frame, match, delta, render)
    out: list[tuple[str, int, Any]] = []
    if lines:
        tracemalloc.start(1)
    with gc_paused():
        for name, step in zip(STAGES, steps, strict=True):
            snap = tracemalloc.take_snapshot() if lines else None
            types = _tracked() if not lines else None
            blocks = sys.getallocatedblocks()
            held.append(step())
            kept = sys.getallocatedblocks() - blocks
            if snap is not None:
                diff = tracemalloc.take_snapshot().compare_to(snap, "lineno")
                ours = [d for d in diff if "tracemalloc" not in d.traceback[0].filename]
                top = sorted(ours, key=lambda d: -d.count_diff)[:lines]
                where = [(str(d.traceback[0]).split("deltarec/")[-1], d.count_diff) for d in top]
                out.append((name, kept, where))
            else:
                assert types is not None
                out.append((name, kept, (_tracked() - types).most_common(6)))
    if lines:
        tracemalloc.stop()
    return out


def cells(pairs: list[tuple[list[Any], list[Any]]]) -> collections.Counter[str]:
    """Closure cells made over one cold call on each pair, by the function that made them."""
    calls: collections.Counter[Any] = collections.Counter()

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code.co_cellvars:
            calls[frame.f_code] += 1

    for prev, curr in pairs:  # imports and one-time tables
        frame_cache.clear()
        core.delta_observation(prev, curr)
    sys.setprofile(profile)
    try:
        for prev, curr in pairs:
            frame_cache.clear()
            core.delta_observation(prev, curr)
    finally:
        sys.setprofile(None)
    out: collections.Counter[str] = collections.Counter()
    for code, n in calls.items():
        where = code.co_filename.split("deltarec/")[-1]
        out[f"{where}:{code.co_firstlineno} {code.co_name} ({len(code.co_cellvars)} a call)"] = (
            n * len(code.co_cellvars)
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pairs", nargs="*", help="pair names (default: the five worst, a median)")
    parser.add_argument("--lines", type=int, default=0, help="the top source lines per stage")
    parser.add_argument("--cells", action="store_true", help="closure cells, every real pair")
    args = parser.parse_args(argv)
    wanted = args.pairs or list(WORST)
    every: dict[str, tuple[list[Any], list[Any]]] = {}
    for pair in every_pair(dumps_dir()):
        a, b = pair.read()
        as_dicts = core.observation_to_elements
        every[pair.name] = (
            as_dicts(core.parse_uiautomator(a)),
            as_dicts(core.parse_uiautomator(b)),
        )
    if args.cells:
        made = cells(list(every.values()))
        n = sum(elements(p) + elements(c) for p, c in every.values())
        print(f"closure cells over {len(every)} cold calls: {sum(made.values())} ({n} elements)")
        for where, count in made.most_common(12):
            print(f"  {count:6d}  {where}")
        return 0
    for name in wanted:
        prev, curr = every[name]
        sizes = (elements(prev), elements(curr))
        both = sum(sizes)
        stages = census(prev, curr, args.lines)
        per = [kept / (sizes[i] if i < 2 else both) for i, (_, kept, _) in enumerate(stages)]
        total = sum(kept for _, kept, _ in stages) / both
        print(
            f"{name} ({sizes[0]} + {sizes[1]} elements): kept per element "
            + ", ".join(f"{s} {v:.1f}" for s, v in zip(STAGES, per, strict=True))
            + f"; the call {total:.1f}"
        )
        for stage, _, top in stages:
            print(f"    {stage:13s} " + ", ".join(f"{what} {n}" for what, n in top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
