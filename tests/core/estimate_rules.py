"""Shared by the tests of the matcher's estimate shortcuts (``test_edited_in_place``,
``test_one_estimate``): the real capture sequences as dumps and as element dicts, a way to
swap one function of a module for the length of a block, and a count of the estimates a
rule answers over every consecutive real pair, both ways."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import pairwise, permutations
from pathlib import Path
from types import ModuleType
from typing import Any

from deltarec.core.capture.element_dicts import elements_to_observation, observation_to_elements
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.match import match_measured
from deltarec.core.observe.frame import Frame
from tests.core.truth.real_oracle import sequences

REAL_DUMPS = Path(__file__).resolve().parents[2] / "fixtures" / "real"
SEQUENCES = sequences(REAL_DUMPS)

Elements = list[dict[str, Any]]
Rule = Callable[[Frame, Frame, Any, Any], bool]


def elements_of(path: Path) -> Elements:
    return observation_to_elements(parse_uiautomator(path.read_bytes()))


def frame_of(elements: Elements) -> Frame:
    return Frame(elements_to_observation(elements))


@contextmanager
def replaced(module: ModuleType, name: str, value: Any) -> Iterator[Any]:
    """``module.name`` is ``value`` inside the block; yields the real one."""
    real = getattr(module, name)
    setattr(module, name, value)
    try:
        yield real
    finally:
        setattr(module, name, real)


def calls_to(module: ModuleType, name: str, run: Callable[[], object]) -> int:
    """How many times ``run`` calls ``module.name`` (as the module's own callers reach it)."""
    calls = [0]
    real = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return real(*args, **kwargs)

    with replaced(module, name, counted):
        run()
    return calls[0]


def estimates_answered(module: ModuleType, rule: Rule, prev: Frame, curr: Frame) -> int:
    """How many scroll estimates ``module.find_motions`` is asked for, in one match of the
    pair, that ``rule`` (called with the estimate's arguments) would answer."""
    asked: list[int] = []
    real = module.find_motions

    def counting(p: Frame, c: Frame, pairs: Any, gesture: Any = None) -> Any:
        if rule(p, c, pairs, gesture):
            asked.append(1)
        return real(p, c, pairs, gesture)

    with replaced(module, "find_motions", counting):
        match_measured(prev, curr)
    return len(asked)


def over_real_pairs(count: Callable[[Frame, Frame], int]) -> int:
    """``count`` summed over every consecutive real pair (element dicts), both ways."""
    total = 0
    for _, seq in SEQUENCES:
        frames = [frame_of(elements_of(p)) for p in seq]
        for a, b in pairwise(frames):
            total += count(a, b) + count(b, a)
    return total


def each_ordered_pair(seq: list[Path], check: Callable[[Frame, Frame], object]) -> None:
    """``check`` on every ordered pair of a sequence's captures, as dumps and as dicts."""
    dumps = [Frame(parse_uiautomator(p.read_bytes())) for p in seq]
    dicts = [frame_of(elements_of(p)) for p in seq]
    for frames in (dumps, dicts):
        for a, b in permutations(frames, 2):
            check(a, b)
