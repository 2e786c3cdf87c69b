"""Coming back to an Inbox whose edge row was a cut strip, the whole sweep (issue 18,
``backto``): :mod:`tests.core.truth.back_strips`, every case graded by the truth walk.

    python benchmarks/bench_back_strips.py              # every case on the default phone
    python benchmarks/bench_back_strips.py --every 7 --preset small --show 10
    python benchmarks/bench_back_strips.py --way relaunch --unarchived   # the relaunch class
    python benchmarks/bench_back_strips.py --item 3 --preset small       # the ad row's cases

Prints the cases run, the failing steps and the violations per class (target 0).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.layout import TOOLBAR_BOTTOM
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.devices.virtual.screen_inbox import item_tops
from tests.core.truth.back_strips import CUTS, WAYS, cases, run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--every", type=int, default=1, help="each N-th case")
    parser.add_argument("--preset", default="phone")
    parser.add_argument("--show", type=int, default=5, help="violations to print")
    parser.add_argument("--way", choices=WAYS, help="only cases come back to this way")
    parser.add_argument("--unarchived", action="store_true", help="only cases archiving none")
    parser.add_argument("--item", type=int, help="only offsets where an edge cuts this item")
    args = parser.parse_args(argv)
    cut = _cutting(args.preset, args.item) if args.item is not None else None
    tried, found = 0, []
    for case in cases(args.preset, args.every):
        if (args.way and case.way != args.way) or (args.unarchived and case.picks):
            continue
        if cut is not None and case.offset not in cut:
            continue
        tried += 1
        found += [(case, *v) for v in run(case)]
    failing = {(case, step) for case, step, _, _ in found}
    print(f"{tried} cases, {len(failing)} failing steps, {len(found)} violations")
    print("by class:", dict(Counter(k for _, _, k, _ in found)))
    print("by way, archives, step:", dict(Counter((c.way, len(c.picks), s) for c, s in failing)))
    for case, step, klass, detail in found[: args.show]:
        print(case, step, klass, detail[:200])
    return 1 if found else 0


def _cutting(preset: str, item: int) -> set[int]:
    """The offsets (lu) at which an edge of the list cuts ``item`` to one of the cuts."""
    view = Playground(profile=PRESETS[preset]).screen.nav_top - TOOLBAR_BOTTOM
    tops = item_tops()
    return {tops[item + 1] - h for h in CUTS} | {tops[item] + h - view for h in CUTS}


if __name__ == "__main__":
    raise SystemExit(main())
