"""A derived sweep's failing cases on a set of captures, counted per (sweep, path, capture):
what the ratchet tests over harvested captures (``test_harvested_sweeps``,
``test_ext2_sweeps``) hold against their budgets. Seeded (``--per 3``, seed 1, as
``benchmarks/bench_real_any.py``), on the captures ``captures`` gives alone, on the XML path or
graded through element dicts."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from contextlib import nullcontext
from types import ModuleType
from typing import Any

from deltarec.core.capture import frame_cache
from deltarec.core.observe.model import Observation
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls.ext_shapes import captures_as

Captures = Callable[[], tuple[tuple[str, Observation], ...]]


def counted(
    cases: Iterable[Any],
    check: Callable[[Any], Sequence[tuple[str, str]]],
    path: str,
    key: Callable[[Any], Hashable],
) -> Counter[Any]:
    """How many of ``cases`` ``check`` fails on ``path`` (``"xml"``, or ``"dicts"``: graded
    through element dicts), per ``key(case)``; each case from a cold frame cache."""
    got: Counter[Any] = Counter()
    for case in cases:
        frame_cache.clear()
        with graded_by_dicts() if path == "dicts" else nullcontext():
            if check(case):
                got[key(case)] += 1
    return got


def failing(module: ModuleType, path: str, captures: Captures) -> Counter[tuple[str, str, str]]:
    """Failing cases of sweep ``module`` on ``captures``, per (sweep, path, capture)."""
    name = module.__name__.rsplit(".", 1)[-1]
    with captures_as(captures):
        cases = module.cases(random.Random(1), 3)
        return counted(cases, module.check, path, lambda c: (name, path, _capture(c)))


def _capture(case: Any) -> str:
    inner = getattr(case, "case", case)  # a mirrored case wraps its sweep's
    return str(inner.capture)
