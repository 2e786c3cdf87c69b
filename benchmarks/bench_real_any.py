"""Every derived-pair sweep and the real-capture oracle over any directory of dumps (issue 18).

The generators under ``tests/core/real_scrolls`` derive their pairs from the captures under
``fixtures/real`` (:func:`tests.core.real_scrolls.transforms.captures`). This command points
them at ``--dumps DIR`` instead (every ``*.xml`` under it that is a whole ``<hierarchy>``
dump, and every ``*.json`` that is an AutoMobile observation, read as the CLI reads it; the
generators' own defaults stay as they are) and prints, per sweep, the cases with a
violation per kind and class on both input paths (XML and element dicts), with up to
``--show`` failing cases a class. Before the sweeps it parses every dump, runs the
``observe`` and ``delta`` commands on it (``delta`` of the dump against itself and against
the next dump in its folder) and grades the real-capture oracle
(:func:`tests.core.truth.real_oracle.violations`) on those pairs on both paths: a crash, a
hostile-input error or a failed command on a real dump is a bug, listed by file.

    python benchmarks/bench_real_any.py --dumps /tmp/ext-dumps --per 3 --show 2
    python benchmarks/bench_real_any.py --sweeps transforms,edited --path xml
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from itertools import pairwise
from pathlib import Path
from types import ModuleType
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from deltarec.core.capture import frame_cache
from deltarec.core.cli.main import main as cli
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Observation
from tests.core import dict_truth
from tests.core.real_scrolls import (
    carousels,
    chrome,
    daily,
    edited,
    expansions,
    filtered,
    insertions,
    keyboards,
    mirrored,
    overlays,
    pagers,
    rearranged,
    recut,
    refreshes,
    reshaped,
    screens,
    scroll_edits,
    selections,
    sticky,
    tall_rows,
    ticks,
    transforms,
    turned,
)
from tests.core.real_scrolls.ext_shapes import captures_as
from tests.core.real_scrolls.harvests import read
from tests.core.truth.real_oracle import violations as oracle

ROOT = Path(__file__).resolve().parent.parent
KINDS: tuple[ModuleType, ...] = (
    insertions,
    expansions,
    scroll_edits,
    ticks,
    overlays,
    selections,
    keyboards,
    carousels,
    pagers,
    turned,
    refreshes,
    rearranged,
    edited,
    reshaped,
    filtered,
    daily,
    chrome,
    screens,
    recut,
    sticky,
    mirrored,
)
"""The sweeps whose ``cases(rng, per_capture)`` draw from the captures (``kind(case)`` names
a case's kind where the module has one); ``transforms`` and ``tall_rows`` are run apart."""


def dumps_in(folder: Path) -> tuple[list[Path], list[Path]]:
    """The whole ``<hierarchy>`` dumps and AutoMobile observations (``*.json`` holding a
    ``viewHierarchy``) under ``folder``, and the ``*.xml`` / ``*.json`` files that are neither."""
    whole: list[Path] = []
    other: list[Path] = []
    for p in sorted([*folder.rglob("*.xml"), *folder.rglob("*.json")]):
        head = p.read_bytes()[:4096]
        mark = b"<hierarchy" if p.suffix == ".xml" else b'"viewHierarchy"'
        (whole if mark in head else other).append(p)
    return whole, other


read_dump = read
"""A dump parsed as ``uiautomator`` XML, an observation JSON as the CLI reads it."""


def captures_from(folder: Path, paths: Sequence[Path]) -> contextlib.AbstractContextManager[None]:
    """Within it, every sweep that reads :func:`transforms.captures` reads ``paths``
    (named relative to ``folder``) instead; modules with their own list are left alone."""

    @lru_cache(maxsize=1)
    def ours() -> tuple[tuple[str, Observation], ...]:
        out = []
        for p in paths:
            with contextlib.suppress(Exception):  # a dump that does not parse is listed apart
                out.append((str(p.relative_to(folder)), read_dump(p)))
        return tuple(out)

    return captures_as(ours)


def _quiet(argv: list[str]) -> tuple[int, str]:
    """The command line's exit code and what it wrote to stderr (its stdout dropped)."""
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            code = cli(argv)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
    return code, err.getvalue().strip()


def hostile(folder: Path, paths: Sequence[Path], show: int) -> int:
    """Parse each dump, run ``observe`` and ``delta`` on it and grade the oracle on its
    pairs (itself; the next dump in its folder) on both paths; print what failed."""
    start = time.perf_counter()
    bad: list[tuple[str, str]] = []
    parsed: dict[Path, Frame] = {}
    for p in paths:
        try:
            parsed[p] = Frame(read_dump(p))
        except Exception as e:  # every error on a real dump is a finding
            bad.append((f"parse {type(e).__name__}", f"{p.relative_to(folder)}: {e}"))
    pairs = [(p, p) for p in parsed]
    pairs += [(a, b) for a, b in pairwise(parsed) if a.parent == b.parent]
    for p in parsed:
        for argv in (["observe", str(p)], ["observe", "--elements", "--format", "json", str(p)]):
            code, err = _quiet(argv)
            if code:
                bad.append((f"cli {argv[0]}", f"{p.relative_to(folder)}: exit {code} {err[-300:]}"))
    for a, b in pairs:
        name = f"{a.relative_to(folder)} -> {b.relative_to(folder)}"
        for fmt in ("text", "json"):
            code, err = _quiet(["delta", "--format", fmt, str(a), str(b)])
            if code:
                bad.append((f"cli delta {fmt}", f"{name}: exit {code} {err[-300:]}"))
        for path in ("xml", "dicts"):
            try:
                prev, curr = parsed[a], parsed[b]
                d = dict_truth.dict_delta(prev, curr, cold=True) if path == "dicts" else None
                for v in oracle(prev, curr, d):
                    bad.append((f"oracle {path}", f"{name}: {v}"))
            except Exception as e:
                tb = traceback.format_exc(limit=-2).strip().splitlines()[-3:]
                bad.append((f"crash {path} {type(e).__name__}", f"{name}: {' | '.join(tb)}"))
    counts = Counter(klass for klass, _ in bad)
    took = time.perf_counter() - start
    print(
        f"dumps: {len(paths)} parsed {len(parsed)}, {len(pairs)} oracle pairs"
        f" ({len(pairs) - len(parsed)} consecutive), {len(bad)} findings, {took:.1f} s"
    )
    shown: Counter[str] = Counter()
    for klass, detail in bad:
        if shown[klass] < show:
            shown[klass] += 1
            print(f"--- [{klass}] {detail}")
    for klass, n in sorted(counts.items()):
        print(f"  {klass:<28} {n}")
    return len(bad)


def _drawn(module: ModuleType, seed: int, per: int) -> Sequence[Any]:
    return module.cases(random.Random(seed), per)  # type: ignore[no-any-return]


def _kind_of(module: ModuleType) -> Callable[[Any], str]:
    named = getattr(module, "kind", None)
    if callable(named):
        return named  # type: ignore[no-any-return]
    return lambda case: str(getattr(case, "kind", module.__name__.rsplit(".", 1)[-1]))


BY_CAPTURE: Counter[tuple[str, str]] = Counter()
"""Failing cases per (sweep, capture), both paths together: which dump a class lives on."""


def capture_of(case: Any) -> str:
    """The capture a derived case was drawn from (a mirrored case's inner case's)."""
    while not hasattr(case, "capture") and hasattr(case, "case"):
        case = case.case
    return str(getattr(case, "capture", "?"))


def _guarded(name: str, check: Callable[[Any], Sequence[tuple[str, str]]]) -> Callable[[Any], Any]:
    """``check``, a crash of the sweep or the diff on a case counted as class ``crash``, and
    every failing case counted in :data:`BY_CAPTURE`."""

    def run(case: Any) -> Sequence[tuple[str, str]]:
        try:
            got = check(case)
        except Exception as e:
            got = [(f"crash {type(e).__name__}", str(e)[:200])]
        if got:
            BY_CAPTURE[(name, capture_of(case))] += 1
        return got

    return run


def sweeps(
    names: set[str] | None, per: int, seed: int, paths: str, show: int, every: int = 1
) -> None:
    """Run each sweep (all, or those ``names``) on the captures in force (``every``: the
    tall-row sweep's sampling, :func:`tests.core.real_scrolls.tall_rows.cases`)."""
    runs: list[tuple[str, Callable[[], Sequence[Any]], Callable[[Any], Any], Any]] = [
        (
            "transforms",
            lambda: transforms.cases(random.Random(seed), per),
            transforms.check,
            lambda c: c.kind,
        ),
        ("tall_rows", lambda: tall_rows.cases(every=every), tall_rows.check, tall_rows.kind),
    ]
    for module in KINDS:
        name = module.__name__.rsplit(".", 1)[-1]
        runs.append(
            (
                name,
                partial(_drawn, module, seed, per),
                module.check,
                _kind_of(module),
            )
        )
    for name, cases, check, kind in runs:
        if names is not None and name not in names:
            continue
        try:
            sample = cases()
        except Exception as e:
            print(f"real-capture {name}: the generator failed: {type(e).__name__}: {e}")
            continue
        frame_cache.clear()
        kinds_sweep.run(name, sample, _guarded(name, check), paths, show, kind)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--dumps", type=Path, default=ROOT / "fixtures" / "real")
    parser.add_argument("--per", type=int, default=3, help="derived pairs per capture and kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=0, help="failing cases to print per class")
    parser.add_argument("--path", choices=("xml", "dicts", "both"), default="both")
    parser.add_argument("--every", type=int, default=1, help="tall rows: every Nth case")
    parser.add_argument("--sweeps", default="", help="comma-separated sweep names (all if empty)")
    parser.add_argument("--no-sweeps", action="store_true", help="the dumps and the CLI only")
    args = parser.parse_args(argv)
    folder = args.dumps.resolve()
    paths, other = dumps_in(folder)
    print(f"{folder}: {len(paths)} dumps, {len(other)} other *.xml / *.json skipped")
    hostile(folder, paths, max(args.show, 3))
    if not args.no_sweeps:
        names = set(args.sweeps.split(",")) if args.sweeps else None
        with captures_from(folder, paths):
            sweeps(names, args.per, args.seed, args.path, args.show, args.every)
        print("failing cases per capture (both paths):")
        for capture in sorted({c for _, c in BY_CAPTURE}):
            row = {s: n for (s, c), n in BY_CAPTURE.items() if c == capture}
            print(f"  {capture}: " + ", ".join(f"{s} {n}" for s, n in sorted(row.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
