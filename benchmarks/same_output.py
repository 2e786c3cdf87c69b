"""Two checkouts give byte-identical deltas: a speed change's check (issue 19).

    python benchmarks/same_output.py /tmp/base .        # compare two checkouts
    python benchmarks/same_output.py --one .            # print one checkout's digests (JSON)

Each checkout runs in its own process (``--one``) and prints, per case, a SHA-256 of what a
caller reads: the ``observe_delta`` text, the diff as JSON (``DeltaResult.diff``, keys
sorted) and the numbered elements of both indexes (number, position, key, role, name,
bounds). The cases:

- the synthetic dumps of ``benchmarks/synthetic.py`` (20 kB, 200 kB and 1 MB, seeds 0 and 1;
  typing, a toggle and a row inserted that pushes the rows below it down), both ways: parsed
  cold, parsed after the other dump (the parser reuses its nodes, as a step does), and as an
  :class:`~deltarec.core.observer.Observer`'s step (the baseline's keys and index kept);
- every ordered pair of captures inside each flow of ``fixtures/real`` (the corpus runs
  too: both ways, not only consecutive), and an ``Observer`` walked through each flow;
- every consecutive real pair both ways as element dicts (``delta_observation``);
- the synthetic element screens of 1,000 and 5,000 elements (``element_pair``), both ways,
  as element dicts and as observations.

Prints the cases that differ (none: exit 0) and how many were compared.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from itertools import permutations
from pathlib import Path
from typing import Any

Digests = dict[str, str]


def _digest(*parts: str) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\x00")
    return h.hexdigest()


def _result_digest(result: Any) -> str:
    def index_text(index: Any) -> str:
        return repr([(e.index, e.pos, e.key, e.role, e.name, e.bounds) for e in index.elements])

    return _digest(
        result.text,
        json.dumps(result.diff, sort_keys=True, ensure_ascii=False, default=repr),
        index_text(result.prev_index),
        index_text(result.index),
        repr((result.new_screen, result.full_frame)),
    )


def _flows(real: Path) -> Iterator[tuple[str, list[Path]]]:
    """Each folder of captures (a corpus folder split into its runs), in name order."""
    for folder in sorted(p for p in real.rglob("*") if p.is_dir()):
        files = sorted(folder.glob("*.xml"))
        runs: dict[str, list[Path]] = {}
        for f in files:
            m = re.fullmatch(r"(.*?)_?(\d+)\.xml", f.name)
            runs.setdefault(m[1] if m else "", []).append(f)
        for prefix, paths in sorted(runs.items()):
            if len(paths) > 1:
                yield f"{folder.relative_to(real)}/{prefix}", sorted(paths)


def one(root: Path) -> Digests:
    """Every case's digest, computed by the checkout at ``root`` (this process imports it)."""
    sys.path.insert(0, str(root))
    from benchmarks.realpairs import every_pair
    from benchmarks.synthetic import dump_pair, element_pair
    from deltarec import core
    from deltarec.core.capture import dump_scan, frame_cache

    out: Digests = {}
    for size in (20_000, 200_000, 1_000_000):
        for seed in (0, 1):
            xmls = dump_pair(size, seed)
            for way, (a, b) in (("fwd", xmls), ("back", xmls[::-1])):
                name = f"dump {size} seed {seed} {way}"
                dump_scan.clear()
                prev = core.parse_uiautomator(a)
                dump_scan.clear()
                cold = core.parse_uiautomator(b)
                out[f"{name} cold"] = _result_digest(core.observe_delta(prev, cold))
                dump_scan.clear()
                prev = core.parse_uiautomator(a)
                out[f"{name} step"] = _result_digest(
                    core.observe_delta(prev, core.parse_uiautomator(b))
                )
                dump_scan.clear()
                observer = core.Observer()
                observer.reset(core.parse_uiautomator(a))
                out[f"{name} session"] = _result_digest(observer.step(core.parse_uiautomator(b)))
    real = root / "fixtures" / "real"
    dump_scan.clear()
    for flow, paths in _flows(real):
        obs = [core.parse_uiautomator(p.read_text(encoding="utf-8")) for p in paths]
        for i, j in permutations(range(len(obs)), 2):
            out[f"real {flow} {paths[i].name}→{paths[j].name}"] = _result_digest(
                core.observe_delta(obs[i], obs[j])
            )
        observer = core.Observer()
        observer.reset(obs[0])
        for k in range(1, len(obs)):
            out[f"real {flow} session {k}"] = _result_digest(observer.step(obs[k]))
    for pair in every_pair(real):
        a, b = (core.observation_to_elements(core.parse_uiautomator(x)) for x in pair.read())
        for way, (x, y) in (("fwd", (a, b)), ("back", (b, a))):
            frame_cache.clear()
            out[f"dicts {pair.name} {way}"] = _digest(core.delta_observation(x, y))
            out[f"dicts {pair.name} {way} step"] = _digest(core.delta_observation(x, y))
    for n in (1_000, 5_000):
        a, b = element_pair(n)
        for way, (x, y) in (("fwd", (a, b)), ("back", (b, a))):
            frame_cache.clear()
            out[f"elements {n} {way}"] = _digest(core.delta_observation(x, y))
            out[f"elements {n} {way} observe"] = _result_digest(
                core.observe_delta(core.elements_to_observation(x), core.elements_to_observation(y))
            )
    return out


def _run(root: Path) -> Digests:
    proc = subprocess.run(
        [sys.executable, __file__, "--one", str(root)], check=True, capture_output=True, text=True
    )
    digests: Digests = json.loads(proc.stdout)
    return digests


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="*", type=Path, help="two checkouts to compare")
    parser.add_argument("--one", type=Path, help="print this checkout's digests as JSON")
    args = parser.parse_args(argv)
    if args.one is not None:
        print(json.dumps(one(args.one.resolve())))
        return 0
    if len(args.roots) != 2:
        parser.error("give two checkouts (or --one ROOT)")
    a, b = (_run(r.resolve()) for r in args.roots)
    differ = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
    for name in differ:
        print(f"DIFFERS: {name}")
    print(f"{len(a.keys() | b.keys()) - len(differ)} of {len(a.keys() | b.keys())} cases identical")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
