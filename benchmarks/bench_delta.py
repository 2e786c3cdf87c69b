"""deltarec vs je-auto-control 1.0.6: speed, scaling and tokens of the "what changed" delta.

    python benchmarks/bench_delta.py            # ~1-2 minutes on 2 cores
    python benchmarks/bench_delta.py --quick    # a smoke run with few repeats
    python benchmarks/bench_delta.py --sections 1,2   # only the comparison and the scaling

Sections (see ``benchmarks/README.md`` for the method):

1. ``delta_observation`` of both libraries on the *same* element dicts, runs
   alternating ours, peer, ours, peer…: the real pairs of ``fixtures/real``
   and synthetic screens of 100 / 1,000 / 5,000 elements;
2. ours alone up to 50,000 elements: cost per element against 1,000 (target ≤ 2×);
3. a ~1 MB synthetic ``uiautomator`` dump: lxml's parse alone, ours, and a step
   (parse + diff + render), runs alternating (target: step ≤ 3× lxml's parse);
4. tokens of the delta against the full frame and the raw XML of each real pair,
   and the peer's delta on the same element dicts;
5. a cProfile of our pipeline when a target is missed (or with ``--profile``).

Prints the tables and writes ``benchmarks/results.json``.
"""

from __future__ import annotations

import argparse
import copy
import datetime
import functools
import gc
import itertools
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# As a script, sys.path[0] is benchmarks/, and an editable install may point at
# another checkout: put this project first so `core` is the code next to us.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import synthetic
from benchmarks.pair_stages import format_stages, worst_stages
from benchmarks.peer import PEER_DISTRIBUTION, PeerNotInstalled, load_peer, peer_version
from benchmarks.realpairs import RealPair, dumps_dir, every_pair, real_pairs
from benchmarks.step_phases import breakdown, format_breakdown
from benchmarks.timing import (
    choose_repeats,
    format_profile,
    git,
    profile,
    summary,
    time_once,
)
from deltarec import core
from deltarec.core.capture import frame_cache

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
Element = dict[str, Any]
DeltaFn = Callable[..., str]

COMPARE_SIZES = (100, 1_000, 5_000)
SCALING_SIZES = (1_000, 5_000, 10_000, 50_000)
PROFILE_SIZES = (5_000, 50_000)
DUMP_BYTES = 1_000_000
PER_ELEMENT_TARGET = 2.0  # µs/element at 50,000 over µs/element at 1,000
DUMP_TARGET_MS = 100.0
DUMP_RATIO_TARGET = 3.0  # a step on the 1 MB dump, over lxml's parse of the same bytes
PAIR_TARGET = 1.0  # ours over the peer, on every real pair
TOTAL_TARGET = 0.5  # ours over the peer, summed over the real pairs
CROWD_SIZES = (5_000, 20_000)
STATS = (("median_ms", "medians"), ("min_ms", "minima"))
RUN_SIZES = (10_000, 40_000)
SECTIONS = {"1", "1b", "2", "3", "4", "5"}
Clock = Callable[[], float]
"""What sections 1 and 2 time with: ``time.process_time`` (this process's CPU time, the
steady figure when other work shares the machine: wall time drifted 2-10x under load), or
``time.perf_counter`` with ``--wall``."""


# (budget seconds, min repeats, max repeats) per case; --quick shrinks them.
def _plan(quick: bool) -> dict[str, tuple[float, int, int]]:
    if quick:
        return {k: (0.3, 3, 5) for k in ("real", "100", "1000", "5000", "alone", "dump")}
    return {
        "real": (0.8, 9, 41),
        "100": (2.0, 15, 61),
        "1000": (4.0, 11, 41),
        "5000": (8.0, 5, 11),
        "alone": (6.0, 5, 41),
        "dump": (6.0, 11, 31),
    }


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- 1. comparison


MODES = ("cold", "step", "repeat")
"""How much of our work is already done when a call starts (the frame cache,
``deltarec.core.capture.frame_cache``): ``cold`` nothing (cleared before the call);
``step`` the previous screen's frame is kept — a session of calls, where each screen is
``curr`` once and ``prev`` on the next call; ``repeat`` both kept — the same pair again."""


def _compare_case(
    name: str,
    source: str,
    prev: list[Element],
    curr: list[Element],
    peer: DeltaFn,
    plan: tuple[float, int, int],
    clock: Clock,
) -> dict[str, Any]:
    """Rounds of peer, ours cold, ours step, ours repeat on the same dicts; defaults."""
    snapshot = copy.deepcopy((prev, curr))

    def ours() -> object:
        return core.delta_observation(prev, curr)

    def theirs() -> object:
        return peer(prev, curr)

    frame_cache.clear()
    warm = time_once(ours, clock=clock) + time_once(theirs, clock=clock)  # imports
    if (prev, curr) != snapshot:
        raise AssertionError(f"{name}: a library mutated its input element dicts")
    budget, lo, hi = plan
    repeats = choose_repeats(2 * warm, budget, lo, hi)
    times: dict[str, list[float]] = {"peer": [], **{m: [] for m in MODES}}
    for _ in range(repeats):
        times["peer"].append(time_once(theirs, clock=clock))
        frame_cache.clear()
        times["cold"].append(time_once(ours, clock=clock))
        frame_cache.clear()
        frame_cache.frame_of(prev)  # untimed: the previous call built it
        times["step"].append(time_once(ours, clock=clock))
        times["repeat"].append(time_once(ours, clock=clock))
    stats = {name: summary(values) for name, values in times.items()}
    peer_ms = stats["peer"]["median_ms"]
    return {
        "case": name,
        "source": source,
        "elements_prev": synthetic.count_elements(prev),
        "elements_curr": synthetic.count_elements(curr),
        "repeats": repeats,
        "peer": stats["peer"],
        **{mode: stats[mode] for mode in MODES},
        "ratio": {mode: stats[mode]["median_ms"] / peer_ms for mode in MODES},
    }


def bench_compare(
    pairs: list[tuple[RealPair, list[Element], list[Element]]],
    peer: DeltaFn,
    plan: dict[str, tuple[float, int, int]],
    clock: Clock,
) -> list[dict[str, Any]]:
    rows = []
    for pair, prev, curr in pairs:
        _log(f"compare: {pair.name}")
        rows.append(_compare_case(pair.name, "real", prev, curr, peer, plan["real"], clock))
    for n in COMPARE_SIZES:
        _log(f"compare: synthetic {n:,}")
        prev, curr = synthetic.element_pair(n)
        row = _compare_case(f"synthetic {n:,}", "synthetic", prev, curr, peer, plan[str(n)], clock)
        if n == COMPARE_SIZES[0]:
            row["ours_text"] = core.delta_observation(prev, curr)
            row["peer_text"] = peer(prev, curr)
        rows.append(row)
    return rows


def real_summary(rows: list[dict[str, Any]], stat: str = "median_ms") -> dict[str, dict[str, Any]]:
    """Per mode over the real pairs: worst and median per-pair ratio, and the total (Σ ours
    over Σ peer), against the targets (worst ≤ 1.0, total ≤ 0.5). ``stat``: of each side's
    medians, or of its minima (``min_ms``: the steadier figure on a loaded machine)."""
    real = [r for r in rows if r["source"] == "real"]
    peer_total = sum(r["peer"][stat] for r in real)
    out = {}
    for mode in MODES:
        ratios = [r[mode][stat] / r["peer"][stat] for r in real]
        total = sum(r[mode][stat] for r in real) / peer_total
        worst = max(ratios)
        out[mode] = {
            "pairs": len(real),
            "worst": worst,
            "worst_pair": real[ratios.index(worst)]["case"],
            "median": statistics.median(ratios),
            "total": total,
            "pairs_over_1": sum(1 for x in ratios if x > 1.0),
            "met": worst <= PAIR_TARGET and total <= TOTAL_TARGET,
        }
    return out


def format_compare(rows: list[dict[str, Any]]) -> str:
    out = [
        "1. delta_observation on the same element dicts (defaults: max_elements=80,"
        " interactive_only=True, max_lines=40)",
        "   rounds of peer, ours cold (nothing kept), ours step (the previous screen's frame"
        " kept, as in a session of calls), ours repeat (both kept);",
        "   medians (ms, by the clock named in the header); ratio < 1 means ours is faster",
        f"   {'case':<32} {'elements':>13} {'reps':>4} {'peer':>7} {'cold':>7} {'step':>7}"
        f" {'repeat':>7} {'÷cold':>6} {'÷step':>6} {'÷rep':>6}",
    ]
    for r in rows:
        elements = f"{r['elements_prev']:,}→{r['elements_curr']:,}"
        ms = " ".join(f"{r[m]['median_ms']:>7.2f}" for m in ("peer", *MODES))
        ratios = " ".join(f"{r['ratio'][m]:>6.2f}" for m in MODES)
        out.append(f"   {r['case']:<32} {elements:>13} {r['repeats']:>4} {ms} {ratios}")
    for (stat, label), mode in itertools.product(STATS, MODES):
        m = real_summary(rows, stat)[mode]
        verdict = "met" if m["met"] else "MISSED"
        out.append(
            f"   real pairs ({m['pairs']}), {label}, {mode:<6}: worst {m['worst']:.2f} ({m['worst_pair']}),"
            f" median {m['median']:.2f}, total {m['total']:.2f}, {m['pairs_over_1']} over 1.0"
            f" (targets worst ≤ {PAIR_TARGET}, total ≤ {TOTAL_TARGET}: {verdict})"
        )
    return "\n".join(out)


# ---------------------------------------------------------------------- 1b. quadratic paths


def bench_crowds() -> dict[str, Any]:
    """The reliability probe's quadratic cases, one run each: ``observe_delta`` (from the
    parsed dumps) on N identical siblings against N distinct ones, and ``count_tokens`` of
    one unbroken run of N characters; cost per unit at the largest N over the smallest."""
    rows = []
    for n in CROWD_SIZES:
        _log(f"crowd: {n:,} identical siblings against {n:,} distinct")
        before, after = synthetic_crowd(n)
        prev, curr = core.parse_uiautomator(before), core.parse_uiautomator(after)
        ms = time_once(lambda prev=prev, curr=curr: core.observe_delta(prev, curr).text) * 1000
        rows.append({"case": "siblings", "n": n, "ms": ms, "us_per_unit": ms * 1000 / n})
    for n in RUN_SIZES:
        _log(f"crowd: tokens of a {n:,}-character run")
        text = "com.example." + "a" * n
        ms = time_once(lambda text=text: core.count_tokens(text)) * 1000
        rows.append({"case": "token run", "n": n, "ms": ms, "us_per_unit": ms * 1000 / n})
    for case in ("siblings", "token run"):
        mine = [r for r in rows if r["case"] == case]
        for r in mine:
            r["vs_smallest"] = r["us_per_unit"] / mine[0]["us_per_unit"]
    return {"rows": rows}


def synthetic_crowd(n: int) -> tuple[str, str]:
    """A dump of ``n`` identical rows in a list, and one of ``n`` distinct rows."""

    def dump(texts: list[str]) -> str:
        rows = "".join(
            f'<node class="android.widget.TextView" text="{t}" bounds="[0,{40 * i}][1080,{40 * i + 40}]"/>'
            for i, t in enumerate(texts)
        )
        return (
            '<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">'
            '<node class="android.widget.FrameLayout" package="com.example" bounds="[0,0][1080,2400]">'
            f"{rows}</node></hierarchy>"
        )

    return dump(["row"] * n), dump([f"item {i}" for i in range(n)])


def format_crowds(c: dict[str, Any]) -> str:
    out = [
        "1b. quadratic paths (one run each): observe_delta on N identical siblings against N"
        " distinct ones; count_tokens of an unbroken N-character run",
        f"   {'case':<10} {'N':>7} {'ms':>9} {'µs/unit':>8} {'vs first':>8}",
    ]
    for r in c["rows"]:
        out.append(
            f"   {r['case']:<10} {r['n']:>7,} {r['ms']:>9.1f} {r['us_per_unit']:>8.1f}"
            f" {r['vs_smallest']:>7.2f}×"
        )
    return "\n".join(out)


# ------------------------------------------------------------------------------ 2. scaling


def bench_scaling(plan: tuple[float, int, int], clock: Clock) -> dict[str, Any]:
    budget, lo, hi = plan
    rows, gc_off = [], []
    for n in SCALING_SIZES:
        _log(f"scaling: ours alone at {n:,}")
        prev, curr = synthetic.element_pair(n)

        def run(prev: list[Element] = prev, curr: list[Element] = curr) -> object:
            return core.delta_observation(prev, curr)

        warm = _cold(run, clock)
        repeats = choose_repeats(warm, budget, lo, hi)
        stats = summary([_cold(run, clock) for _ in range(repeats)])
        stats["elements"] = n
        stats["us_per_element"] = stats["median_ms"] * 1000 / n
        rows.append(stats)
        if n in (SCALING_SIZES[0], SCALING_SIZES[-1]):  # how much of it is the collector
            off = summary([_cold(run, clock, gc_enabled=False) for _ in range(max(3, lo // 2))])
            off["elements"] = n
            off["us_per_element"] = off["median_ms"] * 1000 / n
            gc_off.append(off)
        del prev, curr
    base = rows[0]["us_per_element"]
    for r in rows:
        r["vs_first"] = r["us_per_element"] / base
    ratio = rows[-1]["us_per_element"] / base
    ratio_off = gc_off[-1]["us_per_element"] / gc_off[0]["us_per_element"]
    return {
        "rows": rows,
        "gc_disabled": gc_off,
        "per_element_ratio": ratio,
        "per_element_ratio_gc_disabled": ratio_off,
        "target": PER_ELEMENT_TARGET,
        "met": ratio <= PER_ELEMENT_TARGET,
    }


def _cold(run: Callable[[], object], clock: Clock, *, gc_enabled: bool = True) -> float:
    """One timed call with the frame cache cleared first (untimed): every size pays for its
    own frames. (Kept frames made the smaller sizes repeats — their element dicts fit the
    cache's key limit — while 50,000 elements, past it, was always cold.)"""
    frame_cache.clear()
    return time_once(run, gc_enabled=gc_enabled, clock=clock)


def format_scaling(s: dict[str, Any]) -> str:
    first, last = SCALING_SIZES[0], SCALING_SIZES[-1]
    out = [
        "2. ours alone: core.delta_observation on synthetic screens, cold (the frame cache"
        " cleared before each run), gc enabled, medians",
        f"   {'elements':>9} {'reps':>4} {'median ms':>10} {'µs/element':>11} {f'vs {first:,}':>9}",
    ]
    for r in s["rows"]:
        out.append(
            f"   {r['elements']:>9,} {r['repeats']:>4} {r['median_ms']:>10.1f}"
            f" {r['us_per_element']:>11.1f} {r['vs_first']:>8.2f}×"
        )
    verdict = "met" if s["met"] else "MISSED"
    out.append(
        f"   per-element cost {last:,} vs {first:,}: {s['per_element_ratio']:.2f}×"
        f" (target ≤ {s['target']:.0f}×: {verdict})"
    )
    off = s["gc_disabled"]
    out.append(
        f"   with the garbage collector off: {off[0]['us_per_element']:.1f} →"
        f" {off[-1]['us_per_element']:.1f} µs/element"
        f" ({s['per_element_ratio_gc_disabled']:.2f}×; diagnostic only)"
    )
    return "\n".join(out)


# ---------------------------------------------------------------------------- 3. 1 MB dump


def _cpu_once(setup: Callable[[], Callable[[], object]]) -> float:
    """CPU seconds of one call (``time.process_time``: other processes on the machine do
    not count), after an untimed ``setup`` that returns the call."""
    run = setup()
    gc.collect()
    start = time.process_time()
    run()
    return time.process_time() - start


def bench_dump(plan: tuple[float, int, int]) -> dict[str, Any]:
    """lxml's parse alone, our parse and our step on the ~1 MB dump, runs alternating, CPU time.

    The parser keeps the nodes of the dump it read last (``core/capture/dump_scan.py``), so
    each run says what was read before it, untimed: ``after before`` — the previous dump
    (what a session, ``deltarec delta A B`` and an agent's loop have), ``cold`` — nothing.
    ``step`` is a one-shot step: parse the new capture, then
    ``core.observe_delta(prev, new).text`` with ``prev`` the previous dump's Observation
    (its keys and index are computed again, as ``deltarec delta`` and
    ``delta_observation`` do). ``session_step`` is a step of an ``Observer`` (the
    recorder, the executor, the MCP server), which keeps the previous frame's keys and
    index: set up, untimed, as the step before left it (the observer's baseline is the
    previous dump as the parser read it, so the parser reuses that baseline's nodes, as in
    a session). The target is ``step`` within 3× lxml's parse of the same bytes.
    """
    from lxml import etree  # a dependency of deltarec; only this section uses it here

    from deltarec.core.capture import dump_scan

    _log("dump: lxml parse, our parse, our step on the ~1 MB synthetic dump (CPU time)")
    before, after = synthetic.dump_pair(DUMP_BYTES)
    data = after.encode()
    lxml_parser = etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
    )

    def previous() -> core.Observation:  # untimed: the step before, read as it was then
        dump_scan.clear()  # and the last frame's hashes: the step computes prev's keys cold
        return core.parse_uiautomator(before)

    def session_step(observer: core.Observer) -> str:
        return observer.step(core.parse_uiautomator(data)).text

    def step(prev: core.Observation) -> str:
        return core.observe_delta(prev, core.parse_uiautomator(data)).text

    def parse_after() -> Callable[[], object]:
        previous()
        return lambda: core.parse_uiautomator(data)

    def parse_cold() -> Callable[[], object]:
        dump_scan.clear()
        return lambda: core.parse_uiautomator(data)

    def step_cold() -> Callable[[], object]:
        prev = previous()
        dump_scan.clear()
        return functools.partial(step, prev)

    def session_after() -> Callable[[], object]:
        observer = core.Observer()  # a fresh memory every run, the step before as its baseline
        observer.reset(previous())
        return functools.partial(session_step, observer)

    setups: dict[str, Callable[[], Callable[[], object]]] = {
        "lxml_parse": lambda: lambda: etree.fromstring(data, lxml_parser),
        "parse": parse_after,
        "parse_cold": parse_cold,
        "step": lambda: functools.partial(step, previous()),
        "step_cold": step_cold,
        "session_step": session_after,
    }
    warm = {name: _cpu_once(setup) for name, setup in setups.items()}  # imports, caches
    text = step(previous())
    if session_after()() != text or step(previous()) != text:
        raise AssertionError("dump: the steps disagree")
    budget, lo, hi = plan
    repeats = choose_repeats(sum(warm.values()), budget, lo, hi)
    times: dict[str, list[float]] = {name: [] for name in setups}
    for _ in range(repeats):
        for name, setup in setups.items():
            times[name].append(_cpu_once(setup))
    phases = {name: summary(values) for name, values in times.items()}
    shares = breakdown(setups["step"])
    lxml_ms = phases["lxml_parse"]["median_ms"]
    ratios = {name: phases[name]["median_ms"] / lxml_ms for name in setups if name != "lxml_parse"}
    return {
        "clock": "process_time (CPU)",
        "bytes_before": len(before.encode()),
        "bytes_after": len(data),
        "nodes_before": before.count("<node "),
        "nodes_after": after.count("<node "),
        "repeats": repeats,
        "phases": phases,
        "ratios_over_lxml_parse": ratios,
        "ratio_step_over_lxml_parse": ratios["step"],
        "ratio_target": DUMP_RATIO_TARGET,
        "met": ratios["step"] <= DUMP_RATIO_TARGET,
        "met_session": ratios["session_step"] <= DUMP_RATIO_TARGET,
        "median_step_ms": phases["step"]["median_ms"],
        "target_ms": DUMP_TARGET_MS,
        "met_ms": phases["step"]["median_ms"] < DUMP_TARGET_MS,
        "delta_text": text,
        "step_shares": shares,
    }


def format_dump(d: dict[str, Any]) -> str:
    p, r = d["phases"], d["ratios_over_lxml_parse"]
    lxml_ms = p["lxml_parse"]["median_ms"]

    def row(label: str, name: str) -> str:
        ratio = f"{r[name]:>6.2f}×" if name in r else f"{1:>6.2f}×"
        return f"   {label:<50} {p[name]['median_ms']:>8.1f} {p[name]['min_ms']:>8.1f} {ratio}"

    verdict = "met" if d["met"] else "MISSED"
    session = "met" if d["met_session"] else "missed"
    return "\n".join(
        [
            "3. a synthetic uiautomator dump: lxml's parse, ours, and a step (parse + diff + render)",
            f"   before {d['bytes_before']:,} B / {d['nodes_before']:,} nodes,"
            f" after {d['bytes_after']:,} B / {d['nodes_after']:,} nodes;"
            f" {d['repeats']} rounds alternating the six, CPU time, medians",
            f"   {'':<50} {'median ms':>8} {'min ms':>8} {'÷ lxml':>7}",
            row("lxml.etree.fromstring (the yardstick)", "lxml_parse"),
            row("core.parse_uiautomator, after the before-dump", "parse"),
            row("core.parse_uiautomator, cold", "parse_cold"),
            row("step: parse + core.observe_delta(prev, new)", "step"),
            row("step, cold", "step_cold"),
            row("session step: parse + Observer.step(new)", "session_step"),
            f"   step ÷ lxml parse: {r['step']:.2f}× (target ≤ {d['ratio_target']:.0f}×: {verdict});"
            f" session step: {r['session_step']:.2f}× ({session});"
            f" step {d['median_step_ms']:.1f} ms (< {d['target_ms']:.0f} ms:"
            f" {'met' if d['met_ms'] else 'missed'}); lxml parse {lxml_ms:.1f} ms",
            format_breakdown(d["step_shares"]),
            "   delta text: " + " | ".join(d["delta_text"].splitlines()),
        ]
    )


# -------------------------------------------------------------------------------- 4. tokens


def bench_tokens(
    pairs: list[tuple[RealPair, list[Element], list[Element]]], peer: DeltaFn
) -> dict[str, Any]:
    _log("tokens: real pairs")
    rows = []
    for pair, prev, curr in pairs:
        xml_before, xml_after = pair.read()
        obs_before, obs_after = (
            core.parse_uiautomator(xml_before),
            core.parse_uiautomator(xml_after),
        )
        delta = core.observe_delta(obs_before, obs_after).text
        frame = core.observe_frame(obs_after)
        ours_dicts = core.delta_observation(prev, curr)
        peer_dicts = peer(prev, curr)
        delta_tokens, frame_tokens = core.count_tokens(delta), core.count_tokens(frame)
        xml_tokens = core.count_tokens(xml_after)
        rows.append(
            {
                "pair": pair.name,
                "kind": pair.kind,
                "localized": pair.kind is not None,
                "delta_tokens": delta_tokens,
                "frame_tokens": frame_tokens,
                "xml_tokens": xml_tokens,
                "pct_of_frame": 100 * delta_tokens / frame_tokens if frame_tokens else None,
                "pct_of_xml": 100 * delta_tokens / xml_tokens if xml_tokens else None,
                "ours_dicts_tokens": core.count_tokens(ours_dicts),
                "peer_dicts_tokens": core.count_tokens(peer_dicts),
                "delta_text": delta,
                "ours_dicts_text": ours_dicts,
                "peer_dicts_text": peer_dicts,
            }
        )
    localized = [r for r in rows if r["localized"]]

    def med(key: str, subset: list[dict[str, Any]]) -> float | None:
        values = [r[key] for r in subset if r[key] is not None]
        return statistics.median(values) if values else None

    return {
        "rows": rows,
        "median_pct_of_frame_localized": med("pct_of_frame", localized),
        "median_pct_of_xml_localized": med("pct_of_xml", localized),
        "median_pct_of_frame_all": med("pct_of_frame", rows),
    }


def format_tokens(t: dict[str, Any]) -> str:
    out = [
        "4. tokens (cl100k_base) of each real pair: `deltarec delta` text"
        " (core.observe_delta(a, b).text)",
        "   against the full frame (core.observe_frame(b)) and the raw XML of the after-dump;",
        "   the last two columns are delta_observation on the same element dicts, ours and peer",
        f"   {'pair':<24} {'localized':<9} {'delta':>5} {'frame':>5} {'%frame':>6}"
        f" {'xml':>5} {'%xml':>5} {'ours·d':>6} {'peer·d':>6}",
    ]
    for r in t["rows"]:
        pct_frame = f"{r['pct_of_frame']:.1f}" if r["pct_of_frame"] is not None else "-"
        pct_xml = f"{r['pct_of_xml']:.1f}" if r["pct_of_xml"] is not None else "-"
        out.append(
            f"   {r['pair']:<24} {r['kind'] or '':<9} {r['delta_tokens']:>5} {r['frame_tokens']:>5}"
            f" {pct_frame:>6} {r['xml_tokens']:>5} {pct_xml:>5}"
            f" {r['ours_dicts_tokens']:>6} {r['peer_dicts_tokens']:>6}"
        )
    out.append(
        f"   localized pairs: median {t['median_pct_of_frame_localized']:.1f}% of the frame,"
        f" {t['median_pct_of_xml_localized']:.2f}% of the XML;"
        f" all pairs: median {t['median_pct_of_frame_all']:.1f}% of the frame"
    )
    return "\n".join(out)


# ------------------------------------------------------------------------------ 5. profile


def bench_profiles(dump_missed: bool) -> dict[str, Any]:
    profiles = {}
    for n in PROFILE_SIZES:
        _log(f"profile: ours at {n:,}")
        prev, curr = synthetic.element_pair(n)
        profiles[f"delta_observation {n:,}"] = profile(
            functools.partial(core.delta_observation, prev, curr)
        )
    if dump_missed:
        _log("profile: 1 MB dump")
        before, after = synthetic.dump_pair(DUMP_BYTES)

        def parse_and_delta() -> str:
            a, b = core.parse_uiautomator(before), core.parse_uiautomator(after)
            return core.observe_delta(a, b).text

        profiles["parse + observe_delta, 1 MB dump"] = profile(parse_and_delta)
    return profiles


# --------------------------------------------------------------------------------- driver


def _meta(wall: bool) -> dict[str, Any]:
    dirty = git("status", "--porcelain", "--", "core")
    return {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
        "core_path": str(Path(core.__file__).parent),
        "git_head": git("rev-parse", "--short", "HEAD"),
        "core_uncommitted_changes": bool(dirty) if dirty is not None else None,
        "peer": f"{PEER_DISTRIBUTION} {peer_version()}",
        "clock_sections_1_2": "perf_counter" if wall else "process_time",
    }


def _load_pairs(found: list[RealPair]) -> list[tuple[RealPair, list[Element], list[Element]]]:
    out = []
    for pair in found:
        before, after = pair.read()
        out.append(
            (
                pair,
                core.observation_to_elements(core.parse_uiautomator(before)),
                core.observation_to_elements(core.parse_uiautomator(after)),
            )
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="few repeats (a smoke run)")
    parser.add_argument("--dumps", help="real-dumps directory (default fixtures/real)")
    parser.add_argument("--json", default=str(HERE / "results.json"), help="results file")
    parser.add_argument(
        "--wall", action="store_true", help="time sections 1 and 2 in wall time, not CPU time"
    )
    parser.add_argument(
        "--sections",
        default="1,1b,2,3,4",
        help="which sections to run, comma-separated (default 1,1b,2,3,4; 5 follows a miss)",
    )
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--profile", action="store_true", help="always profile")
    group.add_argument("--no-profile", action="store_true", help="never profile")
    args = parser.parse_args(argv)
    clock = time.perf_counter if args.wall else time.process_time

    try:
        peer = load_peer()
    except PeerNotInstalled as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    plan = _plan(args.quick)
    pairs = _load_pairs(real_pairs(dumps_dir(args.dumps)))  # the flows (tokens)
    every = _load_pairs(every_pair(dumps_dir(args.dumps)))  # and the corpus runs (speed)
    meta = _meta(args.wall)
    print(
        f"deltarec ({meta['core_path']}, {meta['git_head']}"
        f"{', core/ has uncommitted changes' if meta['core_uncommitted_changes'] else ''})"
        f" vs {meta['peer']}; Python {meta['python']}, {meta['cpus']} CPUs,"
        f" load {meta['load_average_at_start'][0]}"
        f"; sections 1-2 in {'wall' if args.wall else 'CPU'} time"
        f"{'; QUICK run' if args.quick else ''}\n"
    )

    sections = {part.strip() for part in args.sections.split(",")}
    unknown = sections - SECTIONS
    if unknown:
        print(f"error: --sections: unknown section {sorted(unknown)[0]!r}", file=sys.stderr)
        return 2
    results: dict[str, Any] = {"meta": {**meta, "quick": args.quick, "sections": args.sections}}
    if "1" in sections:
        compare = bench_compare(every, peer, plan, clock)
        print(format_compare(compare) + "\n", flush=True)
        results["compare"] = compare
        results["real_summary"] = {stat: real_summary(compare, stat) for stat, _ in STATS}
        results["worst_stages"] = worst_stages(compare, every)
        print(format_stages(results["worst_stages"]) + "\n", flush=True)
    if "1b" in sections:
        results["crowds"] = bench_crowds()
        print(format_crowds(results["crowds"]) + "\n", flush=True)
    if "2" in sections:
        results["scaling"] = bench_scaling(plan["alone"], clock)
        print(format_scaling(results["scaling"]) + "\n", flush=True)
    if "3" in sections:
        results["dump"] = bench_dump(plan["dump"])
        print(format_dump(results["dump"]) + "\n", flush=True)
    if "4" in sections:
        results["tokens"] = bench_tokens(pairs, peer)
        print(format_tokens(results["tokens"]) + "\n", flush=True)

    scaling_missed = "scaling" in results and not results["scaling"]["met"]
    dump_missed = "dump" in results and not results["dump"]["met"]
    missed = scaling_missed or dump_missed
    profiles: dict[str, Any] = {}
    if args.profile or "5" in sections or (missed and not args.no_profile):
        profiles = bench_profiles(dump_missed=dump_missed or args.profile)
        print("5. profiles (cProfile)" + (" — a target was missed" if missed else ""))
        for title, prof in profiles.items():
            print(format_profile(title, prof) + "\n")
    results["profiles"] = profiles
    Path(args.json).write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n")
    _log(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
