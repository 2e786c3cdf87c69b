"""Which real pairs a lane that skips the scroll and page machinery could take, and its ceiling.

    python benchmarks/lane_census.py                # best of 9 rounds per stage
    python benchmarks/lane_census.py --rounds 5

The lane measured here (issue 19, the ninth pass): decide from the element dicts alone that a
pair needs none of the scroll or page machinery, because no candidate host could have moved
(:func:`in_place`: below the roots, every element paired by its place among its siblings keeps
its role and box; elements put in or taken out move no other; nothing taken out comes back
elsewhere with the same content), and build the answer without the matcher and the delta's
estimate. Per real pair (the 43 of ``ab_pairs.py``): whether it is in that domain, the peer's
best CPU time, and ours stage by stage (:func:`benchmarks.pair_stages.stages`), then two
ceilings against the peer:

- **lane**: the call without its match and delta stages (what a lane that still builds both
  frames, both indexes and the text keeps paying), on the pairs in the domain;
- **frames**: the two frames alone (what any design that builds deltarec's frames pays before
  matching, indexing or rendering anything), on every pair.

A ratio over 1.0 in a ceiling is a pair that lane or design cannot bring to the peer's time
even if everything else it skips costs nothing.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.pair_stages import stages  # noqa: E402
from benchmarks.peer import load_peer  # noqa: E402
from benchmarks.realpairs import dict_pairs, dumps_dir  # noqa: E402

Element = dict[str, Any]
_BOX = ("x", "y", "width", "height")


def _shape(element: Element) -> tuple[Any, ...]:
    return (element.get("role"), *(element.get(k) for k in _BOX), element.get("bounds"))


def _content(element: Element) -> tuple[Any, ...]:
    return (element.get("role"), element.get("name"), element.get("value"))


def in_place(prev: Sequence[Element], curr: Sequence[Element]) -> bool:
    """No element moved: siblings lined up by their shape (role and box) at the front and
    back, the ones left between are put in on one side only, and nothing taken out shows
    up put in with the same content (a move)."""
    removed: list[Element] = []
    added: list[Element] = []
    if not _aligned(prev, curr, removed, added):
        return False
    gone = {_content(e) for e in removed}
    return not any(_content(e) in gone for e in added)


def _aligned(
    prev: Sequence[Element], curr: Sequence[Element], removed: list[Element], added: list[Element]
) -> bool:
    a, b = list(prev), list(curr)
    front = 0
    while front < min(len(a), len(b)) and _shape(a[front]) == _shape(b[front]):
        front += 1
    back = 0
    while back < min(len(a), len(b)) - front and _shape(a[-1 - back]) == _shape(b[-1 - back]):
        back += 1
    left, right = a[front : len(a) - back], b[front : len(b) - back]
    if left and right:
        return False  # something replaced in the middle: a move or a resize
    removed.extend(left)
    added.extend(right)
    kept = list(zip(a[:front], b[:front], strict=True))
    kept += list(zip(a[len(a) - back :], b[len(b) - back :], strict=True))
    return all(
        old == new or _aligned(old.get("children", ()), new.get("children", ()), removed, added)
        for old, new in kept
    )


def peer_ms(peer: Any, prev: Any, curr: Any, rounds: int) -> float:
    """The peer's best CPU milliseconds on one pair."""
    best = float("inf")
    for _ in range(rounds):
        gc.collect()
        start = time.process_time()
        peer(prev, curr)
        best = min(best, time.process_time() - start)
    return 1000 * best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args(argv)
    peer = load_peer()
    rows = []
    for name, prev, curr in dict_pairs(dumps_dir()):
        theirs = peer_ms(peer, prev, curr, args.rounds)
        ours = stages(prev, curr, rounds=args.rounds)
        frames = ours["prev frame"] + ours["curr frame"]
        whole = frames + ours["match"] + ours["delta"] + ours["index, render"]
        skip = whole - ours["match"] - ours["delta"]
        rows.append((name, in_place(prev, curr), theirs, whole, skip, frames))
    print(
        f"   {'pair':<34} {'lane?':>5} {'peer':>6} {'ours':>6} {'lane':>6} {'frames':>6}   ratios"
    )
    for name, lane, theirs, whole, skip, frames in rows:
        mark = "yes" if lane else ""
        ratios = f"{whole / theirs:5.2f} {skip / theirs:5.2f} {frames / theirs:5.2f}"
        print(
            f"   {name:<34} {mark:>5} {theirs:6.2f} {whole:6.2f} {skip:6.2f} {frames:6.2f}   {ratios}"
        )
    inside = [r for r in rows if r[1]]
    over = [r for r in rows if r[3] > r[2]]
    print(
        f"{len(inside)} of {len(rows)} pairs in the lane's domain; {len(over)} over the peer, "
        f"{sum(1 for r in over if r[1])} of them in the domain"
    )
    if inside:
        lane_ratios = [r[4] / r[2] for r in inside]
        print(
            f"lane ceiling on its domain: worst {max(lane_ratios):.2f}, median "
            f"{statistics.median(lane_ratios):.2f}, {sum(x > 1 for x in lane_ratios)} of "
            f"{len(inside)} still over 1.0 (ours there {statistics.median(r[3] / r[2] for r in inside):.2f} median)"
        )
    skip_ratios = [r[4] / r[2] for r in rows]
    print(
        f"match and delta free on every pair (any lane that keeps the frames, indexes and text): "
        f"worst {max(skip_ratios):.2f}, median {statistics.median(skip_ratios):.2f}, total "
        f"{sum(r[4] for r in rows) / sum(r[2] for r in rows):.2f}, "
        f"{sum(x > 1 for x in skip_ratios)} of {len(rows)} over 1.0"
    )
    frame_ratios = [r[5] / r[2] for r in rows]
    print(
        f"the two frames alone against the peer's whole call: worst {max(frame_ratios):.2f}, "
        f"median {statistics.median(frame_ratios):.2f}, {sum(x > 1 for x in frame_ratios)} of "
        f"{len(rows)} over 1.0; Σ frames {sum(r[5] for r in rows):.1f} ms, Σ peer "
        f"{sum(r[2] for r in rows):.1f} ms, Σ ours {sum(r[3] for r in rows):.1f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
