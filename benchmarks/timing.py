"""Timing helpers: alternating runs, bounded repetitions, medians, cProfile tops.

Every timed call starts after a ``gc.collect()`` so one run does not pay for
the garbage of the previous one; the collector stays *enabled* during the
call (a caller pays for its own collections, and at 50,000 elements those
are a real part of the cost; :func:`time_once` can switch it off to show how
much).
"""

from __future__ import annotations

import cProfile
import gc
import io
import pstats
import statistics
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def git(*args: str) -> str | None:
    """``git ARGS`` in this project, stripped; None when git is missing or fails."""
    try:
        out = subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=10, check=True
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip()


def time_once(
    fn: Callable[[], object],
    *,
    gc_enabled: bool = True,
    clock: Callable[[], float] = time.perf_counter,
) -> float:
    """Seconds one call of ``fn`` takes, by ``clock``: wall time (``time.perf_counter``), or
    this process's CPU time (``time.process_time``: steadier on a machine others share)."""
    gc.collect()
    if not gc_enabled:
        gc.disable()
    try:
        start = clock()
        fn()
        return clock() - start
    finally:
        gc.enable()


def choose_repeats(seconds_per_round: float, budget: float, lo: int, hi: int) -> int:
    """An odd repeat count in ``[lo, hi]`` that fits ``budget`` seconds (odd: a true median).

    >>> choose_repeats(0.001, 2.0, 5, 41), choose_repeats(1.0, 2.0, 5, 41)
    (41, 5)
    """
    n = int(budget / max(seconds_per_round, 1e-9))
    n = max(lo, min(hi, n))
    if n % 2 == 0:
        n = n - 1 if n > lo else n + 1
    return n


def alternate(
    runners: dict[str, Callable[[], object]], repeats: int, *, gc_enabled: bool = True
) -> dict[str, list[float]]:
    """Run each runner once per round, in dict order (A, B, A, B, …); seconds per call."""
    times: dict[str, list[float]] = {name: [] for name in runners}
    for _ in range(repeats):
        for name, fn in runners.items():
            times[name].append(time_once(fn, gc_enabled=gc_enabled))
    return times


def summary(times: list[float]) -> dict[str, Any]:
    """Median, min, max (milliseconds) and the repeat count of a list of seconds."""
    return {
        "median_ms": statistics.median(times) * 1000,
        "min_ms": min(times) * 1000,
        "max_ms": max(times) * 1000,
        "repeats": len(times),
    }


def profile(fn: Callable[[], object], *, top: int = 15) -> dict[str, Any]:
    """One profiled call: total seconds and the ``top`` functions by own and by cumulative time."""
    profiler = cProfile.Profile()
    gc.collect()
    start = time.perf_counter()
    profiler.runcall(fn)
    wall = time.perf_counter() - start
    stats = pstats.Stats(profiler, stream=io.StringIO())
    return {
        "wall_s": wall,
        "by_tottime": _rows(stats, "tottime", top),
        "by_cumtime": _rows(stats, "cumulative", top, own_code_only=True),
    }


def _rows(stats: pstats.Stats, key: str, top: int, own_code_only: bool = False) -> list[Any]:
    entries = []
    raw: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]  # not in typeshed
    for (filename, line, func), (_cc, ncalls, tottime, cumtime, _callers) in raw.items():
        where = _short(filename, line, func)
        if own_code_only and not where.startswith("core/"):
            continue
        entries.append(
            {"function": where, "ncalls": ncalls, "tottime_s": tottime, "cumtime_s": cumtime}
        )
    entries.sort(key=lambda e: e["tottime_s" if key == "tottime" else "cumtime_s"], reverse=True)
    return entries[:top]


def _short(filename: str, line: int, func: str) -> str:
    if filename == "~":
        return func  # a builtin, e.g. "<built-in method builtins.sorted>"
    marker = "/core/"
    if marker in filename:
        filename = "core/" + filename.rsplit(marker, 1)[1]
    elif "site-packages/" in filename:
        filename = filename.rsplit("site-packages/", 1)[1]
    elif "/lib/python3" in filename:
        filename = filename.rsplit("/", 1)[1]
    return f"{filename}:{line}({func})"


def format_profile(title: str, prof: dict[str, Any]) -> str:
    """The profile as two small tables (own time, then cumulative time in core/)."""
    out = [f"{title}: one profiled call took {prof['wall_s']:.2f} s (profiler overhead included)"]
    for key, label in (("by_tottime", "own time"), ("by_cumtime", "cumulative, core/ only")):
        out.append(f"  top {len(prof[key])} by {label}:")
        out.append(f"    {'ncalls':>9} {'tottime s':>9} {'cumtime s':>9}  function")
        for row in prof[key]:
            out.append(
                f"    {row['ncalls']:>9} {row['tottime_s']:>9.3f} {row['cumtime_s']:>9.3f}  "
                f"{row['function']}"
            )
    return "\n".join(out)


__all__ = ["alternate", "choose_repeats", "format_profile", "profile", "summary", "time_once"]
