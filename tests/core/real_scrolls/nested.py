"""A carousel nudged sideways in a list that scrolls, in every real list: YouTube's channel
carousel grafted into the lists of every other real capture (issue 18).

The real captures hold one horizontal scroller inside a vertical list: YouTube's channel
page (``_4``, ``_5``), its "latest videos" cards (a ``RecyclerView`` in the ``results``
``RecyclerView`` in the coordinator's ``ScrollView``), which :func:`.edited.nested_all`
sweeps. No other capture holds one (the bottom navigation's and the contacts' tab strips
fit their boxes and sit in no list; the calendar's sideways ``ScrollView`` s sit in none;
no Play Store capture is vendored). :func:`grafted` puts that row (its header and its
carousel) into another list in place of the first row it fits in wholly, scaled to the
row's width, the rows below pushed down by the height it adds and cut by the list's box:
a ``ListView`` of preferences, a ``RecyclerView`` of contacts, the calendar's and
YouTube's other lists, each scrolled as :func:`.transforms.scrolled` scrolls it.

:func:`nested_grafted` makes :func:`.edited.nested_all`'s cases on those screens; the
truth is :func:`.edited._nested`'s.

    python -m tests.core.real_scrolls.nested            # both sweeps, both paths
    python -m tests.core.real_scrolls.nested 97 xml     # every 97 px, XML only

The command line also sweeps YouTube's own carousel nudged by each of :data:`WIDE`.
"""

from __future__ import annotations

import dataclasses
import sys
import time
from collections import Counter
from contextlib import nullcontext
from functools import lru_cache

from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls.carousels import carousels, scrolled_sideways
from tests.core.real_scrolls.edited import Edited, _inside, _nested, nested_all
from tests.core.real_scrolls.edited import check as edited_check
from tests.core.real_scrolls.grading import Violation
from tests.core.real_scrolls.transforms import (
    Path_,
    _at,
    _content,
    _moved_clipped,
    _replace,
    captures,
    scrolled,
    scrollers,
)

WIDE = (-1300, -700, -400, -150, -40, -10, 10, 40, 150, 400, 700, 1300)
"""Nudges of the carousel (px) the command line sweeps on YouTube's own carousel: 10 px to
nearly a page (its cards are 1,327 px wide), both ways (CI runs four of them)."""

SOURCE = "demo_Youtube_2026-02-28_22-03-39_4.xml"
"""The capture the carousel's row comes from."""


def _source_row() -> Node:
    """YouTube's "latest videos" row: its header above its carousel."""
    obs = next(o for name, o in captures() if name.endswith(SOURCE))
    (inner,) = carousels(obs)
    return _at(obs, inner[:-2])


def _scaled(node: Node, origin: tuple[int, int], to: tuple[int, int], k: float) -> Node:
    """``node`` moved from ``origin`` to ``to`` and scaled by ``k``."""
    b = node.bounds

    def x(v: int) -> int:
        return to[0] + round((v - origin[0]) * k)

    def y(v: int) -> int:
        return to[1] + round((v - origin[1]) * k)

    kids = tuple(_scaled(c, origin, to, k) for c in node.children)
    box = Bounds(x(b.left), y(b.top), x(b.right), y(b.bottom)) if b.area else b
    return dataclasses.replace(node, bounds=box, children=kids)


def grafted(obs: Observation, host: Path_) -> tuple[Observation, Path_] | None:
    """``obs`` with the carousel's row in place of the first row of the list at ``host`` it
    fits in wholly (module docstring), and the carousel's path; None: no row fits."""
    got = _content(host, _at(obs, host))
    if got is None:
        return None
    where, parent = got
    box = _at(obs, host).bounds
    src = _source_row()
    for i, row in enumerate(parent.children):
        r = row.bounds
        k = r.width / src.bounds.width
        if not (r.area and box.top < r.top and r.width >= 300):
            continue
        new = _scaled(src, (src.bounds.left, src.bounds.top), (r.left, r.top), k)
        if new.bounds.bottom >= box.bottom:
            continue
        push = new.bounds.bottom - r.bottom
        below = [m for c in parent.children[i + 1 :] if (m := _moved_clipped(c, push, box))]
        kids = (*parent.children[:i], new, *below)
        out = _replace(obs, where, dataclasses.replace(parent, children=kids))
        inner = (*where, i, 1, 0)
        if inner in carousels(out):
            return out, inner
    return None


@lru_cache(maxsize=1)
def screens() -> tuple[tuple[str, Path_, Path_, Observation], ...]:
    """(capture, host, carousel, screen) for every list of every capture that holds no
    carousel of its own and has a row the carousel's row fits in."""
    out = []
    for name, obs in captures():
        if carousels(obs):
            continue
        for host in scrollers(obs):
            got = grafted(obs, host)
            if got is not None:
                out.append((name, host, got[1], got[0]))
    return tuple(out)


def nested_grafted(step: int = 193, dxs: tuple[int, ...] = (-150, -10, 10, 150)) -> list[Edited]:
    """:func:`.edited.nested_all` on every grafted screen (:func:`screens`): the carousel
    nudged by each of ``dxs`` while its list scrolls by 0 and every ``step`` px either way
    that keeps it wholly in the list's box."""
    out: list[Edited] = []
    for name, host, inner, obs in screens():
        b, box = _at(obs, inner).bounds, _at(obs, host).bounds
        room = [0] + [d for d in range(-box.height, box.height, step) if d and _inside(b, box, -d)]
        out += [Edited(name, "nested", host, d, inner=inner, dx=x) for d in room for x in dxs]
    return out


def _screen(case: Edited) -> Observation:
    return next(o for n, h, _, o in screens() if (n, h) == (case.capture, case.where))


def derive(case: Edited) -> tuple[Observation, Observation]:
    obs = _screen(case)
    sideways = scrolled_sideways(obs, case.inner, case.dx)
    return obs, scrolled(sideways, case.where, case.d) if case.d else sideways


def check(case: Edited) -> list[Violation]:
    """The violations of the delta of ``case`` (:func:`.edited._nested`)."""
    prev, curr = derive(case)
    return _nested(case, prev, curr, _screen(case))


def main(argv: list[str]) -> int:
    """Run the sweep on both paths; print the failing cases per capture."""
    from deltarec.core.capture import frame_cache
    from tests.core.dict_truth import graded_by_dicts

    step = int(argv[0]) if argv else 193
    sample = nested_grafted(step)
    print(f"{len(sample)} cases on {len(screens())} lists")
    for path in argv[1:] or ["xml", "dicts"]:
        frame_cache.clear()
        with graded_by_dicts() if path == "dicts" else nullcontext():
            wide = Counter(k for c in nested_all(dxs=WIDE) for k, _ in edited_check(c))
        print(f"{path}: YouTube's own carousel, nudged {WIDE}: {dict(wide)}")
    for path in argv[1:] or ["xml", "dicts"]:
        frame_cache.clear()
        start = time.perf_counter()
        if path == "dicts":
            with graded_by_dicts():
                bad = {c: v for c in sample if (v := check(c))}
        else:
            bad = {c: v for c in sample if (v := check(c))}
        print(f"{path}: {len(bad)} of {len(sample)} failing, {time.perf_counter() - start:.0f} s")
        print("  ", dict(Counter(c.capture for c in bad)))
        for c, v in list(bad.items())[:6]:
            print("  ", c.capture, c.where[-3:], c.d, c.dx, v[:2])
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
