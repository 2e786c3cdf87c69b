"""Write the synthetic dumps of :mod:`tests.core.real_scrolls.ext_shapes` into a directory.

They have the shapes of the external captures whose derived pairs failed (issue 18: rows
whose names repeat, so no edge row shows a label of its own; twin rows with no ids; a list
not made to scroll inside the ScrollView that is), with invented words, so the sweeps
reproduce those classes without the external files:

    python benchmarks/ext_classes.py /tmp/ext-synth
    python benchmarks/bench_real_any.py --dumps /tmp/ext-synth --per 3 --show 2

``--tall STEP`` also runs :mod:`tests.core.real_scrolls.tall_rows`' scrolls of the nested
list at every ``STEP`` px (the sweep's own distances miss the class) and prints the
failing cases per host and row on both paths:

    python benchmarks/ext_classes.py /tmp/ext-synth --tall 13

``--insertions`` runs every :mod:`tests.core.real_scrolls.insertions` case of each dump
(1, 2 and 8 rows put in or taken out at every spot, the list cut above every row too) and
prints the failing cases per dump and class on both paths (the sweep's own draw samples a
few):

    python benchmarks/ext_classes.py /tmp/ext-synth --insertions
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections import Counter
from contextlib import nullcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deltarec.core.capture.uiautomator import parse_uiautomator
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls import insertions, tall_rows
from tests.core.real_scrolls.ext_shapes import (
    captures_as,
    compose_column,
    nested_list,
    padded_cards,
    paged_list,
    repeated_rows,
    twin_rows,
)

SHAPES = {"repeated_rows.xml": repeated_rows, "twin_rows.xml": twin_rows}
SHAPES["nested_list.xml"] = nested_list
SHAPES["paged_list.xml"] = paged_list
SHAPES["compose_column.xml"] = compose_column
SHAPES["padded_cards.xml"] = padded_cards


def every_distance(step: int) -> list[tall_rows.Tall]:
    """The tall-row sweep's scrolls of the nested list (each host, row, span and offset it
    draws), moved by every ``step`` px from -700 to 700 the content allows."""
    obs = parse_uiautomator(nested_list().encode())
    bases = {dataclasses.replace(c, d=0) for c in tall_rows.cases() if c.kind == "scroll"}
    out = []
    for base in sorted(bases, key=lambda c: (c.host, c.row, c.span, c.offset, c.merged)):
        _, _, laid = tall_rows.laid_out(base, obs)
        ends = (laid[0].bounds.top, laid[-1].bounds.bottom)
        height = tall_rows._at(obs, base.host).bounds.height
        for d in range(-700, 701, step):
            if d and tall_rows._within(ends, base.offset + d, height):
                out.append(dataclasses.replace(base, d=d))
    return out


def every_insertion() -> list[insertions.Insertion]:
    """Every insertion and removal of 1, 2 and 8 rows the sweep can draw, on the captures
    in force: at each spot of each list, and above each row with the list cut there."""
    out = []
    for name, obs in insertions.captures():
        spots = [(where, index, 0) for where, index in insertions.lists(obs)]
        for where, index, edge in [*spots, *insertions.cut_edges(obs)]:
            for n in (1, 2, 8):
                for removal in (False, True):
                    out.append(insertions.Insertion(name, where, index, n, removal, edge))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the directory to write the dumps into")
    parser.add_argument("--tall", type=int, default=0, help="run the nested list every N px")
    parser.add_argument("--insertions", action="store_true", help="every insertion, each dump")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, make in SHAPES.items():
        (args.out / name).write_text(make(), encoding="utf-8")
    print(f"wrote {len(SHAPES)} dumps into {args.out}")
    if args.tall:
        ours = (("nested_list.xml", parse_uiautomator(nested_list().encode())),)
        with captures_as(lambda: ours):
            cases = every_distance(args.tall)
            for dicts in (False, True):
                bad: Counter[tuple[tuple[int, ...], int]] = Counter()
                for case in cases:
                    with graded_by_dicts() if dicts else nullcontext():
                        if tall_rows.check(case):
                            bad[(case.host, case.row)] += 1
                path = "dicts" if dicts else "xml"
                print(
                    f"{path}: {sum(bad.values())} of {len(cases)} failed, per (host, row): {dict(bad)}"
                )
    if args.insertions:
        ours = tuple((name, parse_uiautomator(make().encode())) for name, make in SHAPES.items())
        with captures_as(lambda: ours):
            cases = every_insertion()
            for dicts in (False, True):
                found: Counter[tuple[str, str]] = Counter()
                for case in cases:
                    with graded_by_dicts() if dicts else nullcontext():
                        got = insertions.check(case)
                    if got:
                        found[(case.capture, got[0][0])] += 1
                path = "dicts" if dicts else "xml"
                print(f"{path}: {sum(found.values())} of {len(cases)} failed: {dict(found)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
