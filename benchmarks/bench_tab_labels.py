"""Tab bars whose labels change structure on selection (issue 18, "Smaller"): generated.

    python benchmarks/bench_tab_labels.py           # counts per kind of tab bar
    python benchmarks/bench_tab_labels.py --show 3  # and the first deltas of each kind found wrong

A real Clock app's bottom bar shows its selected tab's label alone: selecting another tab takes
the label node out of one tab and puts one into another. Every ordered pair of selections of
3-5 tabs, with and without a description on each tab, the label a ``TextView`` or a
``CheckedTextView``: the delta is right when it says the selection moved (``~ selected:``) and
no tab label is added or removed. Open where the tabs carry no description or the label is a
``CheckedTextView`` (read as a checkbox): the unselected tabs show nothing, and the label's
node is an element of its own.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # as a script, sys.path[0] is benchmarks/

from deltarec.core.capture.uiautomator import parse_uiautomator  # noqa: E402
from deltarec.core.observer import observe_delta  # noqa: E402

LABELS = ("Alarm", "Clock", "Timer", "Stopwatch", "Bedtime")
APP = "com.android.deskclock"


def dump(tabs: int, selected: int, described: bool, label_class: str) -> str:
    """A screen whose bottom bar has ``tabs`` tabs, ``selected`` showing its label."""
    width = 1080 // tabs
    out = []
    for i in range(tabs):
        left, label = i * width, LABELS[i]
        desc = f' content-desc="{label}"' if described else ""
        inner = (
            f'<node class="android.widget.ImageView" resource-id="{APP}:id/icon"'
            f' bounds="[{left + width // 2 - 30},2200][{left + width // 2 + 30},2260]"/>'
        )
        if i == selected:
            inner += (
                f'<node class="{label_class}" resource-id="{APP}:id/label" text="{label}"'
                f' bounds="[{left + 20},2265][{left + width - 20},2300]"/>'
            )
        out.append(
            f'<node class="android.widget.LinearLayout" clickable="true"'
            f' selected="{str(i == selected).lower()}"{desc}'
            f' bounds="[{left},2180][{left + width},2320]">{inner}</node>'
        )
    return (
        f'<hierarchy rotation="0"><node class="android.widget.FrameLayout" package="{APP}"'
        ' bounds="[0,0][1080,2400]"><node class="android.widget.TextView"'
        f' text="Page {selected}" bounds="[0,200][1080,300]"/><node'
        f' class="android.widget.LinearLayout" resource-id="{APP}:id/tabs"'
        f' bounds="[0,2180][1080,2320]">{"".join(out)}</node></node></hierarchy>'
    )


def wrong(text: str) -> bool:
    """Whether a delta adds or removes a tab label, or does not say the selection moved."""
    lines = text.splitlines()
    labelled = [
        ln for ln in lines if ln[:2] in ("+ ", "- ") and any(f'"{t}"' in ln for t in LABELS)
    ]
    return bool(labelled) or not any(ln.startswith("~ selected:") for ln in lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=0, help="wrong deltas shown per kind")
    args = parser.parse_args(argv)
    found: Counter[tuple[bool, str]] = Counter()
    cases: Counter[tuple[bool, str]] = Counter()
    for tabs, described, cls in itertools.product(
        (3, 4, 5), (True, False), ("android.widget.TextView", "android.widget.CheckedTextView")
    ):
        kind = (described, cls.rsplit(".", 1)[1])
        for a, b in itertools.permutations(range(tabs), 2):
            before = parse_uiautomator(dump(tabs, a, described, cls))
            after = parse_uiautomator(dump(tabs, b, described, cls))
            text = observe_delta(before, after).text
            cases[kind] += 1
            if wrong(text):
                found[kind] += 1
                if found[kind] <= args.show:
                    print(f"{kind} {tabs} tabs, {a} → {b}:\n{text}\n")
    for kind, count in cases.items():
        said = "described" if kind[0] else "no description"
        print(f"  {said:<15} {kind[1]:<16} {found[kind]:>3} of {count} wrong")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
