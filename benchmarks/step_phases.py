"""Where a step's time goes: a cProfile of a few calls, cut into the pipeline's phases.

Section 3 of ``bench_delta.py`` prints it under the 1 MB step. Each phase is the
cumulative time of the functions that make it (less what runs inside them and is
counted elsewhere), over the profiled total:

- **parse**: ``parse_uiautomator``;
- **frames**: ``Frame(obs)`` (flatten, stable keys, subtree hashes);
- **scroll estimate**: ``find_motions``, from the matcher and from the delta;
- **matching**: ``match_measured`` less its scroll estimate;
- **delta**: ``compute_delta`` less its frames, matching and scroll estimate;
- **labels, reading order**: ``index._ordered``; **numbering**: ``build_index`` less it;
- **render, rest**: what is left (delta lines, budget, the full-frame check).

A profiler slows call-heavy code more than the rest, so shares, not milliseconds.
"""

from __future__ import annotations

import cProfile
import gc
import pstats
from collections.abc import Callable
from typing import Any

Func = tuple[str, int, str]

_WHERE = {
    "parse": ("capture/uiautomator.py", "parse_uiautomator"),
    "frame": ("observe/frame.py", "__init__"),
    "motions": ("diff/scrolls.py", "find_motions"),
    "match": ("diff/match.py", "match_measured"),
    "compute": ("diff/compute.py", "compute_delta"),
    "ordered": ("observe/index.py", "_ordered"),
    "index": ("observe/index.py", "build_index"),
}


def breakdown(setup: Callable[[], Callable[[], object]], *, runs: int = 3) -> dict[str, float]:
    """Phase -> share of the profiled time of ``runs`` steps (the module docstring), in the
    pipeline's order; the shares add up to 1. ``setup`` (not profiled) returns each step."""
    profiler = cProfile.Profile()
    for _ in range(runs):
        step = setup()
        gc.collect()
        profiler.runcall(step)
    stats: dict[Func, Any] = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    found = {name: _find(stats, *where) for name, where in _WHERE.items()}

    def cum(name: str, called_from: str | None = None) -> float:
        """Cumulative seconds of a phase's function, or of its calls from one file's code."""
        func = found[name]
        if func is None:
            return 0.0
        if called_from is None:
            return float(stats[func][3])
        callers = stats[func][4].items()
        return sum(float(row[3]) for f, row in callers if f[0].endswith(called_from))

    total = sum(float(row[2]) for row in stats.values())  # every function's own time
    shares = {
        "parse": cum("parse"),
        "frames": cum("frame"),
        "scroll estimate": cum("motions"),
        "matching": cum("match") - cum("motions", "diff/match.py"),
        "delta": cum("compute")
        - cum("frame", "diff/compute.py")
        - cum("match")
        - cum("motions", "diff/compute.py"),
        "labels, reading order": cum("ordered"),
        "numbering": cum("index") - cum("ordered"),
    }
    shares["render, rest"] = max(0.0, total - sum(shares.values()))
    return {name: value / total for name, value in shares.items()} if total else shares


def _find(stats: dict[Func, Any], path: str, name: str) -> Func | None:
    return next((f for f in stats if f[0].endswith(path) and f[2] == name), None)


def format_breakdown(shares: dict[str, float]) -> str:
    """One line: each phase's share of the step, in percent."""
    return "   where the step's time goes (cProfile): " + ", ".join(
        f"{name} {share:.0%}" for name, share in shares.items()
    )
