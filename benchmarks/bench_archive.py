"""Archives on the virtual Inbox graded by the phone: the whole sliver sweep and the
200-case archive sweep per preset (issue 18), the figures CI runs only a sample of.

- **slivers** (:mod:`tests.core.truth.slivers`): every preset, a row cut to every px height
  of 1-40 at the list's top and bottom edges (its middle and its end, the load-more footer),
  five archives around it (a row swiped sideways; rows selected above it, below it, it and
  its neighbour, rows scrolled away), then the undo; each step graded for the truth (false,
  missed, wrong-scroll, duplicate) and the numbers (reuse, renumbered).
- **archive** (:mod:`tests.core.truth.test_archive`): 200 selections and 200 sideways swipes
  per preset over the whole list, then the undo, graded for the truth.

    python benchmarks/bench_archive.py                # both (about 20 min on a busy box)
    python benchmarks/bench_archive.py --slivers 7    # each 7th sliver case only
    python benchmarks/bench_archive.py --archive 0    # the slivers alone
    python benchmarks/bench_archive.py --archive 0 --untold   # the slivers, two dumps alone
    python benchmarks/bench_archive.py --slivers 0 --archive 0 --ends   # the list's end alone
    python benchmarks/bench_archive.py --slivers 0 --archive 0 --ends --untold --dicts

``--ends``: the list's end swept wider (:mod:`tests.core.truth.sliver_ends`: every sliver
px at both edges where the end is in view, 1-4 rows archived above, below or with the
sliver), the taps told and not (``--untold``: not only), its failing steps by class. On
``d05b5db``: told 105, untold 118 steps wrong of 4,092 cases, nearly all the undo of the
sliver's row and its nearest rows archived at the clamped bottom (false, missed, reuse:
the strip "Ken · Mar 25" paired with the row put back through their sender); untold also 11
archives on both sides of a row there (reuse, renumbered) and one small-preset top case.
Since (:func:`deltarec.core.diff.closed_gap.unpair_strips_moved_alone`,
``tests/core/truth/test_archive_slivers.CLOSED_ENDS``): told 0, untold 13, open: the 11
archives on both sides of a row (the clamp read as one gap placed the bottom sliver on the
row after the one it came up as) and the small top case (four rows archived below a top
sliver read as "scrolled down 549px", though that scroll would show a label of the last
row in the sliver's box). Both closed on ``e8c9a3c`` (:mod:`deltarec.core.diff.gap_placed`;
the label reached 1 px into the band, a px of rounding: ``edge_sliver._rows_fit``), pinned
in ``tests/core/truth/test_archive_ends.py`` (failing on ``bc4b05e``, both paths); the
sweep since: told 0, untold 0 of 4,092. ``--dicts`` (element dicts, untold): 58 steps
wrong of 45 cases, no reuse (the undo of the small preset's top sliver archived with its
neighbours 26 cases; rows archived above a sliver on the large preset 19, e.g. ``large
bottom 21 18934 above (109,)``, "scrolled down 240px", failing on ``bc4b05e`` too: the
dicts carry no class or id for ``stayed_sliver`` to tell the sliver from a row's last px).
On ``1cdaa2a`` 47 cases (small 26, large 21); closed on ``i-archive`` (the hedge beside a
sliver asks no class or id, ``edge_sliver.beside_slivers``; an undo keeps a sliver a hedge
numbered anew held in its box, ``undone``; a dict row cut to a sliver is of its role and
span, ``unpinned.a_row_of_them``): the 47 pass, each 11th case of the sweep too (see
``benchmarks/README.md``).

``--untold``: the sliver sweep's taps are not told (``deltarec delta A B``). On ``c7d1433``
(issue 18): 57 of 2,865 cases' steps wrong, 38 reuses, most of them rows archived several
at once beside a top sliver (``above``): pixel for pixel a scroll by their pitches, hedged
for one row only then; now named, one or several
(:func:`deltarec.core.diff.edge_sliver.beside_slivers`), and a sliver paired with a row of
another state takes no number over (``flipped_slivers``): 10 steps wrong, 0 reuses; on
``bbce953`` those 10, all at the large and tablet presets' clamped end, and 0 since
(``gaps._slot_taken`` / ``_came_down``, ``sliver_pairs._held_above``:
``tests/core/truth/test_archive_slivers.CLOSED_UNTOLD``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.core.truth import sliver_ends, slivers, test_archive  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--slivers", type=int, default=1, help="each N-th case (0: none)")
    parser.add_argument("--archive", type=int, default=200, help="cases per preset and kind")
    parser.add_argument("--show", type=int, default=0, help="violations to print")
    parser.add_argument("--untold", action="store_true", help="slivers: taps not told")
    parser.add_argument("--ends", action="store_true", help="the list's end swept wider")
    parser.add_argument(
        "--dicts", action="store_true", help="--ends: also through element dicts (untold)"
    )
    args = parser.parse_args(argv)
    bad = 0
    if args.slivers:
        start = time.perf_counter()
        tried, found = slivers.sweep(args.slivers, gesture=not args.untold)
        steps = {(c, s) for c, s, _, _ in found}
        print(
            f"slivers: {tried} cases, {len(steps)} steps wrong, {time.perf_counter() - start:.0f} s"
        )
        print("  " + ", ".join(f"{k} {n}" for k, n in Counter(k for *_, k, _ in found).items()))
        for preset, n in sorted(Counter(c.preset for c, _ in steps).items()):
            print(f"  {preset:8s} {n}")
        for c, s, k, d in found[: args.show]:
            print(f"  {c} {s}: {k} {d}")
        bad += len(steps)
    if args.ends:
        ways = [(False, False)] if args.untold else [(True, False), (False, False)]
        for told, dicts in ways + ([(False, True)] if args.dicts else []):
            start = time.perf_counter()
            tried, found = sliver_ends.sweep(gesture=told, dicts=dicts)
            took = time.perf_counter() - start
            way = "dicts" if dicts else "told" if told else "untold"
            print(f"ends, {way} ({took:.0f} s):")
            print("\n".join("  " + line for line in sliver_ends.report(tried, found, args.show)))
            bad += len({(c, s) for c, s, _, _ in found})
    if args.archive:
        start = time.perf_counter()
        tried, got = test_archive.sweep(args.archive)
        steps = {(c, s) for c, s, _ in got}
        print(
            f"archive: {tried} cases, {len(steps)} steps wrong, {time.perf_counter() - start:.0f} s"
        )
        for c, s, v in got[: args.show]:
            print(f"  {c} {s}: {v.klass} {v.detail}")
        bad += len(steps)
    return 0 if not bad else 1


if __name__ == "__main__":
    raise SystemExit(main())
