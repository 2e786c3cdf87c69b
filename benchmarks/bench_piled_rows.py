"""Lists of rows piled on one spot, all grown and relabelled: pass 3's weighing budget (stop 60).

    python benchmarks/bench_piled_rows.py                   # 20 lists x 240 rows x 1 and 40 labels
    python benchmarks/bench_piled_rows.py --lists 5 --rows 240 --labels 40

One ``observe_delta`` per shape (CPU time, the first frame parsed before the clock): ``lists``
sibling lists, each of ``rows`` rows on one spot ``[0,100][1080,140]``, each holding ``labels``
labels; in the second frame every row grown to 300 px and every label relabelled. Before
:func:`deltarec.core.diff.crowd.weigh_budget` pass 3 weighed every candidate of each list
(up to 256² weighings of rows of any size); ``tests/core/test_near_linear.py`` holds the
shape's growth.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observer import observe_delta


def dump(lists: int, rows: int, labels: int, bottom: int, word: str) -> str:
    """The dump of ``lists`` lists of ``rows`` piled rows of ``labels`` labels each."""

    def row(i: int) -> str:
        kids = "".join(
            f'<node class="android.widget.TextView" text="{word} {i}.{k}"'
            ' bounds="[0,100][1080,140]"/>'
            for k in range(labels)
        )
        return f'<node class="android.widget.LinearLayout" bounds="[0,100][1080,{bottom}]">{kids}</node>'

    body = "".join(
        f'<node class="android.widget.FrameLayout" resource-id="com.example:id/l{j}"'
        ' bounds="[0,0][1080,2400]">' + "".join(row(i) for i in range(rows)) + "</node>"
        for j in range(lists)
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0"><node'
        ' class="android.widget.FrameLayout" package="com.example" bounds="[0,0][1080,2400]">'
        f"{body}</node></hierarchy>"
    )


def seconds(lists: int, rows: int, labels: int) -> float:
    """CPU seconds of one ``observe_delta`` over the shape (parse of the second frame too)."""
    prev = parse_uiautomator(dump(lists, rows, labels, 140, "old"))
    after = dump(lists, rows, labels, 400, "new")
    start = time.process_time()
    observe_delta(prev, parse_uiautomator(after))
    return time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lists", type=int, default=20)
    ap.add_argument("--rows", type=int, default=240)
    ap.add_argument("--labels", type=int, action="append")
    args = ap.parse_args(argv)
    for labels in args.labels or [1, 40]:
        nodes = args.lists * args.rows * (labels + 1)
        took = seconds(args.lists, args.rows, labels)
        print(
            f"{args.lists} lists x {args.rows} rows x {labels} labels ({nodes:,} nodes): {took:.2f} s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
