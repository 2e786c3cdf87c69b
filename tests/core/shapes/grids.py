"""Grids, web content, carousels in lists and nested scrollers, with the phone's own truth
(issue 18 items 3 and 6).

Each :class:`Scene` is a screen as a real phone lays it out, built on the virtual phone's
model (``View``, ``clip``, ``swipe_target``): every view carries its identity in ``look``
(the dump does not show it), so the grader (:mod:`tests.core.shapes.grid_truth`) knows
which node of the second dump is which of the first, whatever the two show.

- ``stagger``: a staggered product grid (2-4 columns, tiles of unequal heights, each put in
  the shortest column, as ``StaggeredGridLayoutManager`` does), one resource id a part on
  every tile (recycled views), titles, prices and "Add to cart" repeating;
- ``web``: a WebView (flagged scrollable or not, its content 1-5 wrappers deep, no ids, a
  fixed site header or not) whose article holds a product grid of 2-3 columns;
- ``carousel``: a vertical list whose rows are section titles and horizontal carousels
  (their cards' titles repeat from one carousel to the next);
- ``nested``: a ScrollView page holding a list of its own (a fixed height, scrolled by a
  swipe that starts on it, clamped at its ends, nothing passed on to the page) between
  blocks of text;
- ``grown``: a ScrollView page whose product grid (wrap content, not made to scroll) grows
  as rows of tiles are put in above or inside it.

A step (:class:`Step`) may scroll the container the swipe started on (the deepest one that
takes the swipe's axis, clamped to its content: ``swipe_target``) and put ``inserted`` new
items in at data position ``at`` of the scene's insertable container. The truth: which
container moved by how much, which items came.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from functools import lru_cache

from deltarec.core.devices.virtual.views import swipe_target
from tests.core.shapes.grid_screens import (
    CARD_W,
    HEIGHT,
    INNER,
    KINDS,
    SHELF_H,
    TOP,
    WIDTH,
    Scene,
    State,
    _grid,
    items,
    screen,
    staggered,
    web_height,
    windows,
)

__all__ = ["KINDS", "NEW_KEY", "Scene", "State", "Step", "draw_step", "limit", "screen", "windows"]


@lru_cache(maxsize=256)
def limit(scene: Scene, inserted: tuple[tuple[int, int], ...], name: str) -> int:
    """How far scroller ``name`` scrolls (content less viewport), with ``inserted`` made."""
    state = State({}, inserted)
    if name == "grid":
        _, h = staggered(scene, items(60, state), WIDTH)
        return max(0, h - (HEIGHT - TOP))
    if name == "web":
        return max(0, web_height(scene, state) - (HEIGHT - TOP))
    if name == "feed":
        return 6 * 120 + 6 * SHELF_H - (HEIGHT - TOP) if 6 * 120 + 6 * SHELF_H > HEIGHT - TOP else 0
    if name.startswith("shelf"):
        return max(0, 24 + (3 + scene.columns * 2) * CARD_W - WIDTH)
    if name == "inner":
        return len(items(30, state, "r")) * 150 - INNER
    if name == "page":
        if scene.kind == "nested":
            return 3 * 220 + INNER + 20 + 8 * 220 - (HEIGHT - TOP)
        _, h = _grid(scene, items(10, state), 0, 0, WIDTH, stagger=False)
        return max(0, 360 + h + 20 + 6 * 220 - (HEIGHT - TOP))
    raise KeyError(name)


INSERTABLE = {"stagger": "grid", "web": "web", "nested": "inner", "grown": "page"}
"""The container a scene's insertions go into (its name as the truth names it)."""


@dataclass(frozen=True, slots=True)
class Step:
    """A swipe from (x1, y1) to (x2, y2) (its end cut to the screen: ``clamped``), then
    ``inserted`` items put in at data position ``at`` (0: none)."""

    scene: Scene
    before: State
    x1: int
    y1: int
    x2: int
    y2: int
    clamped: bool = False
    at: int = 0
    inserted: int = 0

    @property
    def axis(self) -> str:
        return "v" if abs(self.y2 - self.y1) >= abs(self.x2 - self.x1) else "h"

    def target(self) -> str:
        """The container the swipe scrolls ("" none), on the screen before it."""
        return swipe_target(windows(self.scene, self.before), self.x1, self.y1, self.axis)

    def after(self) -> State:
        offsets = dict(self.before.offsets)
        inserted = self.before.inserted
        if self.inserted:
            inserted = (*inserted, (self.at, self.inserted))
        name = self.target()
        if name and (self.x1, self.y1) != (self.x2, self.y2):
            move = self.y1 - self.y2 if self.axis == "v" else self.x1 - self.x2
            top = limit(self.scene, inserted, name)
            offsets[name] = max(0, min(top, offsets.get(name, 0) + move))
        return State(offsets, inserted)


def draw_step(rng: random.Random) -> Step:
    """One step of any scene, drawn from ``rng``: its start state, its swipe, an insertion."""
    kind = rng.choice(KINDS)
    scene = Scene(
        kind,
        columns=rng.randint(2, 4) if kind != "web" else rng.randint(2, 3),
        seed=rng.randrange(50),
        depth=rng.randint(1, 5),
        flagged=rng.random() < 0.5,
        sticky=rng.random() < 0.5,
    )
    scrollers = {
        "stagger": ["grid"],
        "web": ["web"],
        "carousel": ["feed", "shelf1", "shelf3", "shelf5"],
        "nested": ["page", "inner"],
        "grown": ["page"],
    }[kind]
    offsets = {}
    for name in scrollers:
        top = limit(scene, (), name)
        offsets[name] = rng.choice((0, top, rng.randint(0, max(0, top))))
    before = State(offsets)
    x1, y1 = (
        rng.randint(10, WIDTH - 10),
        rng.choice((rng.randint(20, TOP - 20), *[rng.randint(TOP + 5, HEIGHT - 5)] * 4)),
    )
    length = rng.choice((rng.randint(40, 400), rng.randint(400, 2400)))
    sign = rng.choice((-1, 1))
    if rng.random() < 0.3:  # sideways
        x2, y2 = x1 + sign * length, y1 + rng.randint(-30, 30)
    else:
        x2, y2 = x1 + rng.randint(-40, 40), y1 + sign * length
    cx, cy = max(0, min(WIDTH - 1, x2)), max(0, min(HEIGHT - 1, y2))
    clamped = (cx, cy) != (x2, y2)
    step = Step(scene, before, x1, y1, cx, cy, clamped)
    if kind in INSERTABLE and rng.random() < 0.35:
        count = rng.choice((1, 2, scene.columns, 2 * scene.columns))
        got = replace(step, at=rng.randint(0, 12), inserted=count)
        if _shows_new(got):  # put in out of view, they would move the rows in view alone:
            return got  # a scroll by the dumps (a RecyclerView or a page anchors the rows)
    return step


def _shows_new(step: Step) -> bool:
    """Whether an item ``step`` puts in shows on the screen after it."""
    stack = [screen(step.scene, step.after())]
    while stack:
        v = stack.pop()
        if NEW_KEY.search(v.look):
            return True
        stack.extend(v.children)
    return False


NEW_KEY = re.compile(r"(^|/)r?n\d+\.\d+")
"""The key of an item put in (:func:`items`)."""
