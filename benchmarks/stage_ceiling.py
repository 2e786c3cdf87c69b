"""What a function of the pipeline could save at most: its answers replayed, not computed.

    python benchmarks/stage_ceiling.py deltarec.core.diff.scrolls:find_motions
    python benchmarks/stage_ceiling.py deltarec.core.observe.labels:labels --rounds 9

Before building a shortcut (a skip of a stage, a cheaper form of a rule) it pays to know the
most it can give: the cost of that function in a cold ``delta_observation`` on every real
pair, measured as a cold call with the function's answers handed back from a table filled by
an earlier run of the same pair (a look-up, the same answers), against the call as it is.
Both ways run in this process, alternated round by round (the order flipped each round),
best CPU time per pair over the rounds, as ``ab_pairs.py`` keeps it; a replayed run whose
text differs from the real one is reported (the function is not pure, or its caller reads
something else of it), and its figure is no ceiling.

``module:function``: a function whose answer is all that its callers read (it mutates no
argument). It is replaced in its module and in every loaded module that imported it by
name; a call replayed is matched to the recorded one by its order within the pair's call.
Where a function is asked more often in a replayed run than when recorded (a path taken
only when the answer is computed), the rest are computed. Several functions may be given:
all are replayed together.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.realpairs import dict_pairs, dumps_dir  # noqa: E402
from deltarec import core  # noqa: E402
from deltarec.core.capture import frame_cache  # noqa: E402


def _targets(specs: list[str]) -> list[tuple[str, Callable[..., Any]]]:
    out = []
    for spec in specs:
        module, name = spec.split(":")
        out.append((spec, getattr(importlib.import_module(module), name)))
    return out


def _patch(original: Callable[..., Any], stand_in: Callable[..., Any]) -> list[tuple[Any, str]]:
    """Put ``stand_in`` wherever a loaded module holds ``original`` by name."""
    done = []
    for module in list(sys.modules.values()):
        for attr, value in list(getattr(module, "__dict__", {}).items()):
            if value is original:
                setattr(module, attr, stand_in)
                done.append((module, attr))
    return done


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("functions", nargs="+", help="module:function, replayed together")
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args(argv)
    pairs = dict_pairs(dumps_dir(str(ROOT / "fixtures" / "real")))
    targets = _targets(args.functions)
    tape: dict[tuple[str, str], list[Any]] = {}  # (function, pair) -> its answers in order
    mode = {"pair": "", "record": False, "replay": False}
    played: dict[tuple[str, str], int] = {}

    def stand_in(spec: str, original: Callable[..., Any]) -> Callable[..., Any]:
        def call(*a: Any, **k: Any) -> Any:
            key = (spec, mode["pair"])
            if mode["replay"]:
                at = played.get(key, 0)
                got = tape.get(key, [])
                if at < len(got):
                    played[key] = at + 1
                    return got[at]
            answer = original(*a, **k)
            if mode["record"]:
                tape.setdefault(key, []).append(answer)
            return answer

        return call

    for spec, original in targets:
        _patch(original, stand_in(spec, original))
    texts: dict[str, str] = {}
    mode["record"] = True
    for _, prev, curr in pairs:  # imports and one-time tables first, then the tape
        frame_cache.clear()
        core.delta_observation(prev, curr)
    tape.clear()
    for name, prev, curr in pairs:
        mode["pair"] = name
        frame_cache.clear()
        texts[name] = core.delta_observation(prev, curr)
    mode["record"] = False
    clock = time.process_time
    best: dict[bool, dict[str, float]] = {False: {}, True: {}}
    differs: set[str] = set()
    for r in range(args.rounds):
        for replay in (False, True) if r % 2 else (True, False):
            mode["replay"] = replay
            for name, prev, curr in pairs:
                mode["pair"] = name
                played.clear()
                frame_cache.clear()
                gc.collect()
                start = clock()
                text = core.delta_observation(prev, curr)
                spent = clock() - start
                if replay and text != texts[name]:
                    differs.add(name)
                was = best[replay].get(name, spent)
                best[replay][name] = min(was, spent)
    mode["replay"] = False
    frame_cache.clear()
    real, free = sum(best[False].values()), sum(best[True].values())
    gains = [1 - best[True][n] / best[False][n] for n, _, _ in pairs]
    print(
        f"{' + '.join(args.functions)}: Σ {1000 * real:.2f} -> {1000 * free:.2f} ms over"
        f" {len(pairs)} real pairs ({100 * (free / real - 1):+.1f} %), median pair"
        f" {100 * -statistics.median(gains):+.1f} %, best of {args.rounds} rounds each way"
    )
    for name in sorted(best[False], key=lambda n: best[True][n] / best[False][n])[:5]:
        was, now = best[False][name], best[True][name]
        print(f"   {name:<40} {1000 * was:6.2f} -> {1000 * now:6.2f} ms")
    if differs:
        print(f"replayed text differs on {len(differs)} pairs: no ceiling ({sorted(differs)[:3]})")


if __name__ == "__main__":
    main()
