"""One command line for the real-capture sweeps whose cases carry a ``kind``: violations per
kind and class, on the XML path and on element dicts
(:func:`tests.core.dict_truth.graded_by_dicts`). ``bench_real_edited.py``,
``bench_real_reshaped.py``, ``bench_real_filtered.py`` and the round-6 sweeps each name
their generator and call :func:`main` (derived cases, ``--per`` and ``--seed``) or
:func:`whole` (a fixed generator: ``bench_real_nested.py``, ``bench_real_keyboard_lists.py``);
``bench_real_tall_rows.py``, whose cases are sampled otherwise, calls :func:`run`.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from typing import Protocol, TypeVar

from deltarec.core.capture import frame_cache
from tests.core.dict_truth import graded_by_dicts


class KindCase(Protocol):
    @property
    def kind(self) -> str: ...


C = TypeVar("C", bound=KindCase)


def parser(doc: str) -> argparse.ArgumentParser:
    """The sweeps' common options (``--show``, ``--path``), ``doc``'s first paragraph their
    description: a bench adds its own."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--show", type=int, default=0, help="failing cases to print per class")
    parser.add_argument("--path", choices=("xml", "dicts", "both"), default="both")
    return parser


def main(
    doc: str,
    name: str,
    cases: Callable[[random.Random, int], Sequence[C]],
    check: Callable[[C], Sequence[tuple[str, str]]],
    argv: list[str] | None = None,
    *,
    kind: Callable[[C], str] = lambda case: case.kind,
    per: int = 10,
) -> int:
    """Run ``cases`` through ``check`` on the paths the command line asks for and print the
    counts (``doc``'s first paragraph is the command's description, ``name`` the sweep's;
    ``per``: the default of ``--per``, derived pairs per capture and kind)."""
    options = parser(doc)
    options.add_argument("--per", type=int, default=per, help="derived pairs per capture and kind")
    options.add_argument("--seed", type=int, default=1)
    args = options.parse_args(argv)
    sample = cases(random.Random(args.seed), args.per)
    run(name, sample, check, args.path, args.show, kind)
    return 0


def whole(
    doc: str,
    name: str,
    cases: Callable[[], Sequence[C]],
    check: Callable[[C], Sequence[tuple[str, str]]],
    argv: list[str] | None = None,
    *,
    kind: Callable[[C], str] = lambda case: case.kind,
) -> int:
    """:func:`main` for a sweep of fixed cases (no ``--per``, no ``--seed``): the whole
    generator whose CI sample a test deals."""
    args = parser(doc).parse_args(argv)
    run(name, cases(), check, args.path, args.show, kind)
    return 0


def run(
    name: str,
    sample: Sequence[C],
    check: Callable[[C], Sequence[tuple[str, str]]],
    paths: str = "both",
    show: int = 0,
    kind: Callable[[C], str] = lambda case: case.kind,
) -> None:
    """Grade every case of ``sample`` on ``paths`` (``xml``, ``dicts`` or ``both``) and print
    the counts per ``kind`` of case and class, and up to ``show`` failing cases a class."""
    kinds = Counter(kind(c) for c in sample)
    print(
        f"real-capture {name} kinds: {len(sample)} cases"
        f" ({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))})"
    )
    for path in ("xml", "dicts") if paths == "both" else (paths,):
        start = time.perf_counter()
        found: Counter[tuple[str, str]] = Counter()
        failing: Counter[str] = Counter()
        shown: Counter[tuple[str, str]] = Counter()
        frame_cache.clear()
        with graded_by_dicts() if path == "dicts" else nullcontext():
            for case in sample:
                got = check(case)
                failing[kind(case)] += bool(got)
                for klass, detail in got:
                    found[(kind(case), klass)] += 1
                    if shown[(kind(case), klass)] < show:
                        shown[(kind(case), klass)] += 1
                        print(f"--- {path} [{kind(case)} {klass}] {case}\n  {detail}")
        took = time.perf_counter() - start
        print(f"{path}: {sum(failing.values())} cases with a violation, {took:.1f} s")
        for k in sorted(kinds):
            print(f"  {k:<16} {failing[k]:>4} of {kinds[k]}")
        for (k, klass), n in sorted(found.items()):
            print(f"    {k:<16} {klass:<18} {n}")
