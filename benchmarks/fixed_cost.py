"""What a cold ``delta_observation`` pays on a small pair, stage by stage: time and calls.

    python benchmarks/fixed_cost.py                 # 5-, 20- and 60-element pairs
    python benchmarks/fixed_cost.py --top 8 --real "contacts-manual 04→05"

The pairs: a list of rows (buttons and text boxes, as element dicts with their box and
``enabled``), a text typed into the first box; ``--real`` adds real pairs of
``fixtures/real`` by name. Per pair, per stage of :mod:`benchmarks.pair_stages` (the two
frames, the match, the delta, the indexes and the text): the best CPU microseconds of a cold
call, and the Python-level calls the stage makes (counted in a separate run by a profile
hook, which times nothing), with the functions called most. A stage's calls that do not grow
with the pair's size are its fixed cost: compare the 5- and 60-element columns.
"""

from __future__ import annotations

import argparse
import copy
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.pair_stages import OPTIONS, STAGES, stages  # noqa: E402
from deltarec.core.capture import frame_cache  # noqa: E402
from deltarec.core.diff.compute import compute_delta  # noqa: E402
from deltarec.core.diff.match import match_measured  # noqa: E402
from deltarec.core.observe.frame import Frame  # noqa: E402
from deltarec.core.observer import observe_delta  # noqa: E402

Element = dict[str, Any]


def rows_pair(size: int) -> tuple[list[Element], list[Element]]:
    """A list of ``size - 1`` rows (every third a text box) and the same with a text typed
    into the first: ``size`` elements in all."""
    rows = [
        {
            "role": "textbox" if i % 3 == 0 else "button",
            "name": f"Item {i}",
            "x": 0,
            "y": 100 * i,
            "width": 1080,
            "height": 90,
            "enabled": True,
        }
        for i in range(size - 1)
    ]
    prev = [{"role": "list", "x": 0, "y": 0, "width": 1080, "height": 2400, "children": rows}]
    curr = copy.deepcopy(prev)
    curr[0]["children"][0]["value"] = "typed"
    return prev, curr


def calls(prev: list[Element], curr: list[Element]) -> dict[str, Counter[str]]:
    """Stage -> Python-level calls of one cold call, by function (``module:name``)."""
    got: dict[str, Counter[str]] = {name: Counter() for name in STAGES}
    frame_cache.clear()
    state: dict[str, Any] = {}

    def stage(name: str, run: Callable[[], Any]) -> Any:
        counted = got[name]

        def hook(frame: FrameType, event: str, arg: object) -> None:
            if event == "call":
                code = frame.f_code
                counted[f"{Path(code.co_filename).stem}:{code.co_name}"] += 1
            elif event == "c_call":
                counted[f"C:{getattr(arg, '__name__', '?')}"] += 1

        sys.setprofile(hook)
        try:
            return run()
        finally:
            sys.setprofile(None)

    before = stage("prev frame", lambda: frame_cache.frame_of(prev))
    after = stage("curr frame", lambda: frame_cache.frame_of(curr, like=(prev, before)))
    if after is before:
        after = Frame(after.obs)
    state["m"] = stage("match", lambda: match_measured(before, after))
    state["d"] = stage("delta", lambda: compute_delta(before, after, matched=state["m"]))
    stage(
        "index, render",
        lambda: observe_delta(before, after, options=OPTIONS, max_lines=40, delta=state["d"]),
    )
    frame_cache.clear()
    return got


def report(name: str, prev: list[Element], curr: list[Element], top: int) -> str:
    """One pair's table: per stage, µs, Python calls, C calls and the most called."""
    times = stages(prev, curr, rounds=30)
    counted = calls(prev, curr)
    out = [f"{name}: {sum(times[s] for s in STAGES) * 1000:.0f} µs in all (CPU, best of 30)"]
    for s in STAGES:
        py = sum(n for f, n in counted[s].items() if not f.startswith("C:"))
        c = sum(n for f, n in counted[s].items() if f.startswith("C:"))
        most = ", ".join(f"{f} {n}" for f, n in counted[s].most_common(top))
        out.append(f"   {s:<14} {times[s] * 1000:>7.0f} µs {py:>6} calls {c:>6} C calls  {most}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[5, 20, 60])
    parser.add_argument("--real", nargs="*", default=[], help="real pairs by name")
    parser.add_argument("--top", type=int, default=5, help="functions listed per stage")
    args = parser.parse_args(argv)
    for size in args.sizes:
        print(report(f"{size} elements", *rows_pair(size), args.top))
    if args.real:
        from benchmarks.realpairs import dumps_dir, every_pair
        from deltarec.core import observation_to_elements, parse_uiautomator

        for pair in every_pair(dumps_dir(str(ROOT / "fixtures" / "real"))):
            if pair.name in args.real:
                a, b = pair.read()
                prev = observation_to_elements(parse_uiautomator(a))
                curr = observation_to_elements(parse_uiautomator(b))
                print(report(pair.name, prev, curr, args.top))


if __name__ == "__main__":
    main()
