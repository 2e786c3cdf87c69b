"""A real capture's list scrolled and one of its rows edited in the same step, with a
known truth.

:func:`derive` edits one text, checkbox or count inside a scroller of a real capture
(:func:`.transforms.edited`: a text unique in the frame, any checkbox, "Filters (1)" →
"Filters (2)"), then scrolls the scroller by ``d`` px (:func:`.transforms.scrolled`): a
like count that ticked as the feed moved, a checkbox tapped during a fling. The edited
node is wholly in view, clear of the scroller's edges, before and after: it stays.

The truth (:func:`check`): what :func:`.transforms.check` asks of the scroll (one scroll
line on that container, by that offset), and the edit is one ``~`` of that node, with
the attribute that changed; no other ``~`` of what an element shows, no ``+`` / ``-`` of a
node that stayed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from deltarec.core.diff.compute import compute_delta
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Observation
from tests.core.real_scrolls.grading import Violation, changed_besides, stayed_listed
from tests.core.real_scrolls.transforms import (
    Case,
    Path_,
    _at,
    _content,
    _moved_clipped,
    captures,
    edited,
    edits,
    grade,
    said_in_input,
    scrolled,
    scrollers,
)

ATTRIBUTE = {"checked": "checked", "count": "text", "text": "text"}


@dataclass(frozen=True, slots=True)
class ScrollEdit:
    """The scroller at ``where`` scrolled by ``d`` px and the node at ``target`` edited."""

    capture: str
    where: Path_
    d: int
    target: Path_
    what: str


def _inside(b: Bounds, box: Bounds, dy: int) -> bool:
    return box.top < b.top + dy and b.bottom + dy < box.bottom and b.area > 0


def spots(obs: Observation, where: Path_, d: int) -> list[tuple[Path_, str]]:
    """The edits of :func:`.transforms.edits` inside the content of the scroller at
    ``where`` that stay wholly in view, clear of its edges, when it scrolls by ``d``."""
    got = _content(where, _at(obs, where))
    if got is None:
        return []
    content, _ = got
    box = _at(obs, where).bounds
    return [
        (path, what)
        for path, what in edits(obs)
        if path[: len(content)] == content and len(path) > len(content)
        for b in [_at(obs, path).bounds]
        if _inside(b, box, 0) and _inside(b, box, -d)
    ]


def cases(rng: random.Random, per_capture: int) -> list[ScrollEdit]:
    """``per_capture`` scrolls with an edit of each real capture: 10 px to half the
    scroller, both ways, an edit that stays in view."""
    out: list[ScrollEdit] = []
    for name, obs in captures():
        hosts = scrollers(obs)
        for _ in range(per_capture if hosts else 0):
            where = rng.choice(hosts)
            h = _at(obs, where).bounds.height
            d = rng.choice((-1, 1)) * max(10, rng.choice((10, 40, 150, h // 3, h // 2)))
            choices = spots(obs, where, d)
            if choices:
                target, what = rng.choice(choices)
                out.append(ScrollEdit(name, where, d, target, what))
    return out


def derive(case: ScrollEdit) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    return obs, scrolled(edited(obs, case.target, case.what), case.where, case.d)


def _target(case: ScrollEdit, curr: Frame) -> int:
    """The edited node's position in ``curr``: the edited node moved by ``-d``."""
    obs = dict(captures())[case.capture]
    box = _at(obs, case.where).bounds
    node = _at(edited(obs, case.target, case.what), case.target)
    moved = _moved_clipped(node, -case.d, box)
    return next(i for i, n in enumerate(curr.nodes) if n == moved)


def check(case: ScrollEdit) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    scroll = Case(case.capture, "scroll", case.where, case.d)
    out = [v for v in grade(scroll, prev, curr) if v[0] != "false-change"]
    fp, fc = Frame(prev), Frame(curr)
    d = compute_delta(fp, fc)
    target = _target(case, fc)
    out += changed_besides(d, {target})
    out += stayed_listed(d)
    if ATTRIBUTE[case.what] not in d.changed.get(target, {}) and said_in_input(
        fc, target, case.what
    ):
        out.append(("missed", f"{case.what} of {fc.nodes[target].text!r} not reported"))
    return out


def kind(case: ScrollEdit) -> str:
    return "scroll+edit"
