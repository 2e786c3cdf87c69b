"""Every derived step of the other sweeps on a right-to-left layout, with a known truth
(issue 18, round 6).

An app in Arabic, Hebrew or Persian lays every row out mirrored: its avatar at the right
edge, its text from the right, its switch at the left; a carousel starts at the right and
scrolls the other way; a pager's next page comes in from the left. :func:`mirrored` makes
that layout from a real capture: every box flipped across the screen's width (``x`` →
``width − x``), the tree and its texts as they were (Android keeps the view order and
mirrors the boxes). Each :class:`Mirrored` case takes a case of another sweep
(:data:`SWEEPS`), mirrors both frames of its pair, and grades them with that sweep's own
grader: a vertical step's truth is the same (a scroll's offset, the rows put in, the
overlay shown), and a sideways one's is the same with its direction turned (content the
finger moved left in a carousel moves right: the case's ``d`` negated).

The sweeps: :mod:`.transforms` (scrolls and edits), :mod:`.daily`, :mod:`.chrome`,
:mod:`.filtered`, :mod:`.overlays`, :mod:`.insertions`, :mod:`.keyboards` and, sideways,
:mod:`.carousels` and :mod:`.pagers`.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType
from typing import Any
from unittest import mock

from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls import (
    carousels,
    chrome,
    daily,
    filtered,
    insertions,
    keyboards,
    overlays,
    pagers,
    transforms,
)
from tests.core.real_scrolls.grading import Violation

SWEEPS: dict[str, ModuleType] = {
    "scroll": transforms,
    "daily": daily,
    "chrome": chrome,
    "filtered": filtered,
    "overlays": overlays,
    "insertions": insertions,
    "keyboards": keyboards,
    "sideways": carousels,
    "pager": pagers,
}
"""The sweeps whose cases are mirrored, by a short name."""
SIDEWAYS = frozenset({"sideways", "pager"})
"""Sweeps whose ``d`` is a sideways move: mirrored, the content moves the other way."""


@dataclass(frozen=True, slots=True)
class Mirrored:
    """Case ``case`` of sweep ``sweep`` (:data:`SWEEPS`), both frames laid out right to left."""

    sweep: str
    case: Any


def _flipped(node: Node, width: int) -> Node:
    b = node.bounds
    box = Bounds(width - b.right, b.top, width - b.left, b.bottom) if b.area else b
    return dataclasses.replace(
        node, bounds=box, children=tuple(_flipped(c, width) for c in node.children)
    )


def mirrored(obs: Observation) -> Observation:
    """``obs`` laid out right to left: every box flipped across the screen's width (an empty
    box kept as it is: it shows nothing, and its place is no layout's).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> obs = parse_uiautomator('<hierarchy rotation="0"><node class="F" bounds="[0,0][100,50]">'
    ...     '<node class="T" text="A" bounds="[10,0][30,50]"/></node></hierarchy>')
    >>> mirrored(obs).windows[0].children[0].bounds.as_list()
    [70, 0, 90, 50]
    """
    width = obs.width or max(w.bounds.right for w in obs.windows)
    return dataclasses.replace(obs, windows=tuple(_flipped(w, width) for w in obs.windows))


def _module_kind(sweep: str) -> Callable[[Any], str]:
    module = SWEEPS[sweep]
    own: Callable[[Any], str] | None = getattr(module, "kind", None)
    if own is not None:
        return own
    if sweep == "insertions":
        return lambda case: "removal" if case.removal else "insertion"
    return lambda case: str(case.kind)


def kind(case: Mirrored) -> str:
    return f"rtl-{_module_kind(case.sweep)(case.case)}"


def cases(
    rng: random.Random, per_capture: int, sweeps: Sequence[str] = tuple(SWEEPS)
) -> list[Mirrored]:
    """``per_capture`` cases of each real capture from each of ``sweeps``, drawn as that
    sweep draws them (its own ``cases``), each mirrored."""
    out: list[Mirrored] = []
    for sweep in sweeps:
        out += [Mirrored(sweep, c) for c in SWEEPS[sweep].cases(rng, per_capture)]
    return out


def derive(case: Mirrored) -> tuple[Observation, Observation]:
    prev, curr = SWEEPS[case.sweep].derive(case.case)
    return mirrored(prev), mirrored(curr)


@contextmanager
def _laid_right_to_left(case: Mirrored) -> Iterator[None]:
    """Within it, the sweep's ``derive`` gives the mirrored pair of ``case``."""
    pair = derive(case)
    with mock.patch.object(SWEEPS[case.sweep], "derive", lambda _: pair):
        yield


def check(case: Mirrored) -> list[Violation]:
    """The violations of the delta of ``case``: the sweep's own grader on the mirrored pair
    (module docstring), a sideways case's move turned."""
    inner = case.case
    if case.sweep in SIDEWAYS:
        inner = dataclasses.replace(inner, d=-inner.d)
    with _laid_right_to_left(case):
        return list(SWEEPS[case.sweep].check(inner))
