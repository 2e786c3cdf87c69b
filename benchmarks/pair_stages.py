"""Where a cold ``delta_observation`` spends its time on one small pair, stage by stage.

Section 1 of ``bench_delta.py`` prints it for the pairs furthest over the peer. A cold call
(:func:`deltarec.core.elements.delta_observation`, nothing kept) is timed stage by stage, in
CPU time, the best of ``rounds``, the stages run as the call runs them:

- **prev frame**, **curr frame**: element dicts to nodes, the keyed frame (the current one
  built from the previous frame when it kept its shape);
- **match**: :func:`~deltarec.core.diff.match.match_measured`, with its scroll estimate;
- **delta**: :func:`~deltarec.core.diff.compute.compute_delta` over the final pairs, handed
  the matcher's result as the call hands it (its own scroll estimate unless the final pairs
  are the ones the matcher measured over);
- **index, render**: :func:`~deltarec.core.observer.observe_delta` (both indexes, the lines,
  the budget);
- **estimates**: :func:`~deltarec.core.diff.scrolls.find_motions` over the pairs the matcher
  measured and over the final pairs, timed apart: an upper bound of what match and delta
  spend on it (the matcher skips it when every node paired in place, the delta when every
  node is paired at its own position and no box slid).

No profiler: its cost per call would swamp stages of a tenth of a millisecond.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from benchmarks.realpairs import RealPair
from deltarec.core.capture import frame_cache
from deltarec.core.capture.gc_pause import gc_paused
from deltarec.core.diff.compute import compute_delta
from deltarec.core.diff.match import match_measured
from deltarec.core.diff.scrolls import find_motions
from deltarec.core.observe.frame import Frame
from deltarec.core.observer import IndexOptions, observe_delta

STAGES = ("prev frame", "curr frame", "match", "delta", "index, render")
OPTIONS = IndexOptions(None, 80, True)  # delta_observation's defaults


def stages(prev: list[Any], curr: list[Any], *, rounds: int = 9) -> dict[str, float]:
    """Stage -> best CPU milliseconds of a cold call on one pair of element dicts (the module
    docstring); ``"estimates"``: the two scroll estimates, timed apart."""
    clock = time.process_time
    best: dict[str, float] = {}
    for _ in range(rounds):
        frame_cache.clear()
        got: dict[str, float] = {}
        with gc_paused():
            t0 = clock()
            before = frame_cache.frame_of(prev)
            t1 = clock()
            after = frame_cache.frame_of(curr, like=(prev, before))
            if after is before:
                after = Frame(after.obs)
            t2 = clock()
            matched = match_measured(before, after)
            t3 = clock()
            delta = compute_delta(before, after, matched=matched)
            t4 = clock()
            observe_delta(before, after, options=OPTIONS, max_lines=40, delta=delta)
            t5 = clock()
            measured = matched.measured if matched.measured is not None else matched.pairs
            find_motions(before, after, measured)
            find_motions(before, after, matched.pairs)
            t6 = clock()
        stops = (t0, t1, t2, t3, t4, t5)
        for name, start, end in zip(STAGES, stops, stops[1:], strict=False):
            got[name] = end - start
        got["estimates"] = t6 - t5
        for name, value in got.items():
            best[name] = min(best.get(name, value), value)
    return {name: 1000 * value for name, value in best.items()}


def worst_stages(
    rows: list[dict[str, Any]], pairs: list[tuple[RealPair, list[Any], list[Any]]]
) -> list[tuple[str, float, dict[str, float]]]:
    """The stages of a cold call (``pair_stages.py``) on the three real pairs furthest over
    the peer (cold, by medians), and summed over every real pair."""
    real = sorted((r for r in rows if r["source"] == "real"), key=lambda r: -r["ratio"]["cold"])
    by_name = {pair.name: (prev, curr) for pair, prev, curr in pairs}
    print("stages: the worst pairs, then every pair", file=sys.stderr, flush=True)
    out = [(r["case"], r["peer"]["median_ms"], stages(*by_name[r["case"]])) for r in real[:3]]
    total: dict[str, float] = {}
    for r in real:
        for name, ms in stages(*by_name[r["case"]], rounds=5).items():
            total[name] = total.get(name, 0.0) + ms
    out.append((f"all {len(real)} real pairs", sum(r["peer"]["median_ms"] for r in real), total))
    return out


def format_stages(rows: list[tuple[str, float, dict[str, float]]]) -> str:
    """One line a pair: its name, the peer's milliseconds, ours by stage."""
    out = [
        "   where a cold call goes on the pairs furthest over the peer, stage by stage (CPU ms,"
        " best of 9; 'estimates': the two scroll estimates timed apart, at most what match"
        " and delta spend on them):",
        f"   {'pair':<32} {'peer':>6} " + " ".join(f"{s:>13}" for s in (*STAGES, "estimates")),
    ]
    for name, peer_ms, got in rows:
        cells = " ".join(f"{got[s]:>13.2f}" for s in (*STAGES, "estimates"))
        out.append(f"   {name:<32} {peer_ms:>6.2f} {cells}")
    return "\n".join(out)
