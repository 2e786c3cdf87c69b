"""A selection moved between siblings of a real capture, with a known truth.

:func:`moved` takes the ``selected`` state (a tab, a chip, a bottom-navigation item) or the
``checked`` state of a group where one sibling has it (radio buttons) from that sibling
to another of its kind (class and id), as Android does: ``setSelected`` reaches every
view of the subtree (``dispatchSetSelected``), so the whole subtree of the one loses it
and the whole subtree of the other gains it; ``checked`` is the button's own.

The truth (:func:`check`): the two elements are ``~`` (the attribute that moved) and
nothing else is listed: no ``~`` of another element, no ``+`` / ``-``, no scroll.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.observe.model import Node, Observation
from tests.core.real_scrolls.grading import Violation, changed_besides, no_scroll, stayed_listed
from tests.core.real_scrolls.transforms import (
    Path_,
    _at,
    _positions,
    _replace,
    _walk,
    captures,
    graded,
)


@dataclass(frozen=True, slots=True)
class Selection:
    """``state`` ("selected" or "checked") moved from sibling ``old`` to sibling ``new`` of
    the node at ``parent``."""

    capture: str
    parent: Path_
    old: int
    new: int
    state: str


def groups(obs: Observation) -> list[tuple[Path_, int, list[int], str]]:
    """(parent, holder, others, state): a sibling that holds ``state`` (the top of its
    subtree that does) and its siblings of its kind that do not."""
    out: list[tuple[Path_, int, list[int], str]] = []
    for path, node in _walk(obs):
        for state in ("selected", "checked"):
            holders = [k for k, c in enumerate(node.children) if getattr(c, state)]
            if len(holders) != 1 or (state == "selected" and getattr(node, state)):
                continue
            held = node.children[holders[0]]
            like = (held.class_name, held.resource_id)
            others = [
                k
                for k, c in enumerate(node.children)
                if k != holders[0]
                and (c.class_name, c.resource_id) == like
                and c.bounds.area
                and (state == "selected" or c.checkable)
            ]
            if others and held.bounds.area:
                out.append((path, holders[0], others, state))
    return out


def _set(node: Node, state: str, value: bool) -> Node:
    kids = node.children
    if state == "selected":
        kids = tuple(_set(c, state, value) for c in kids)
    return dataclasses.replace(node, children=kids, **{state: value})


def moved(obs: Observation, case: Selection) -> Observation:
    """``obs`` with the selection of ``case`` moved (module docstring)."""
    for k, value in ((case.old, False), (case.new, True)):
        path = (*case.parent, k)
        obs = _replace(obs, path, _set(_at(obs, path), case.state, value))
    return obs


def cases(rng: random.Random, per_capture: int) -> list[Selection]:
    """``per_capture`` moves of each real capture's selections, to any sibling of its
    kind."""
    out: list[Selection] = []
    for name, obs in captures():
        found = groups(obs)
        for _ in range(per_capture if found else 0):
            parent, old, others, state = rng.choice(found)
            out.append(Selection(name, parent, old, rng.choice(others), state))
    return out


def derive(case: Selection) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    return obs, moved(obs, case)


def check(case: Selection) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    _, fc, d, out = graded(prev, curr)
    out += no_scroll(d, "a selection that moved")
    out += stayed_listed(d)
    old = _positions(fc, curr, (*case.parent, case.old))
    new = _positions(fc, curr, (*case.parent, case.new))
    out += changed_besides(d, {*old, *new})
    missed = [r.start for r in (old, new) if case.state not in d.changed.get(r.start, {})]
    if missed:
        out.append(("missed", f"{case.state} of {len(missed)} of the two not ~"))
    return out


def kind(case: Selection) -> str:
    return case.state
