"""Rows that scroll out of a real list and come back, in one session: do they keep their number?

Every scroller of every real capture (:func:`.transforms.scrollers`) is made a tall list as
:func:`.transforms.scrolled` makes it (the rows it shows, then copies of them one content
height away above and below, showing other words), and walked as one
:class:`~deltarec.core.observer.Observer` session (:class:`Walk`): down by a few scrolls of
a tenth of the list to more than its height, then back up past where it started. The truth
is each node's identity in the tall source (:func:`traced`): a node of the list's content is
the copy it belongs to and its place in that copy's subtree, wherever the list shows it; a
node outside the list is its place in the capture.

Per step, each element the step's index shows that the last one did not (it *entered*)
and that an earlier index of the session showed is counted as **kept** (the number it had)
or **renumbered** — **renumbered-unstated** when a reply since it was last shown stated a
scroll with no exact offset (:data:`tests.core.truth.returning.UNSTATED`: a page turned, a
hedge). Every number given to two source nodes is a **reuse** (the worst: the stale check
cannot catch it). Every scroll a reply states exactly (no key of
:data:`~tests.core.truth.returning.UNSTATED`) that is more than :data:`SLACK` px off the
content's true move is **misstated** (a pushed edge read off a label the edge cut: "917 px"
where the rows moved 934 px). Both input paths: the capture as dumped (``xml``), and its element dicts
read back (``dicts``, :func:`deltarec.core.elements.to_observation`).

    python benchmarks/bench_numbers.py --real [--path xml|dicts]
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from deltarec.core.elements import to_observation
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node, Observation
from deltarec.core.observer import Observer
from tests.core.dict_truth import observation_to_elements
from tests.core.real_scrolls.transforms import (
    Path_,
    _at,
    _content,
    _copy,
    _replace,
    _walk,
    captures,
    scrollers,
)
from tests.core.truth.renumbered_why import TracedBooks
from tests.core.truth.returning import UNSTATED

Ident = tuple[object, ...]

SLACK = 2
"""px a scroll stated exactly may be off the content's true move (boxes rounded apart)."""


@dataclass(frozen=True, slots=True)
class Walk:
    """One session: the capture, its scroller, the offsets it shows in turn (the first 0)."""

    capture: str
    host: Path_
    offsets: tuple[int, ...]


def _clipped(node: Node, dy: int, box: Bounds, ident: Ident, out: dict[int, Ident]) -> Node | None:
    """:func:`.transforms._moved_clipped`, noting each node made's identity in ``out``."""
    b = node.bounds
    top, bottom = max(b.top + dy, box.top), min(b.bottom + dy, box.bottom)
    left, right = max(b.left, box.left), min(b.right, box.right)
    if b.area == 0 or top >= bottom or left >= right:
        return None
    kids = tuple(
        k
        for i, c in enumerate(node.children)
        if (k := _clipped(c, dy, box, (*ident, i), out)) is not None
    )
    made = dataclasses.replace(node, bounds=Bounds(left, top, right, bottom), children=kids)
    out[id(made)] = ident
    return made


def traced(obs: Observation, host: Path_, d: int) -> tuple[Observation, list[Ident]] | None:
    """``obs`` with the list at ``host`` scrolled by ``d`` (as :func:`.transforms.scrolled`
    makes it), and the identity of every node of its frame, in document order. None when
    the list has no rows to continue."""
    box = _at(obs, host).bounds
    got = _content(host, _at(obs, host))
    if got is None:
        return None
    where, parent = got
    rows = [c for c in parent.children if c.bounds.area]
    if not rows:
        return None
    period = max(c.bounds.bottom for c in rows) - min(c.bounds.top for c in rows)
    if period <= 0:
        return None
    reach = (abs(d) + box.height) // period + 1
    shapes = Counter((c.class_name, c.resource_id) for c in rows)
    listed = max(shapes.values()) >= 3
    out: dict[int, Ident] = {}
    kids: list[Node] = []
    for k in range(-reach, reach + 1):
        for r, row in enumerate(rows):
            source = row if k == 0 else _copy(row, k * period, k, listed)
            made = _clipped(source, -d, box, ("row", k, r), out)
            if made is not None:
                kids.append(made)
    scrolled = _replace(obs, where, dataclasses.replace(parent, children=tuple(kids)))
    fixed = {id(n): ("fixed", *path) for path, n in _walk(scrolled)}
    return scrolled, [out.get(id(n)) or fixed[id(n)] for n in Frame(scrolled).nodes]


def walks(seed: int = 0) -> list[Walk]:
    """One walk per scroller of every real capture: 2-4 scrolls down of a tenth of the list
    to nine tenths each (rows stay in view), then up by as much each until past where it
    started (by up to half a list), with one fling of 1.5 lists either way now and then."""
    rng = random.Random(seed)
    out = []
    for name, obs in captures():
        for host in scrollers(obs):
            height = _at(obs, host).bounds.height
            at, offsets = 0, [0]
            for _ in range(rng.randint(2, 4)):
                at += rng.randint(height // 10, height * 9 // 10)
                offsets.append(at)
            if rng.random() < 0.25:
                at += height * 3 // 2 * rng.choice((-1, 1))
                offsets.append(at)
            back = -rng.randint(0, height // 2)
            while at > back:
                at -= rng.randint(height // 10, height * 9 // 10)
                offsets.append(at)
            out.append(Walk(name, host, tuple(offsets)))
    return out


def run(walk: Walk, path: str = "xml") -> tuple[Counter[str], list[str]]:
    """The walk's counts (module docstring) and the first few renumbered or reused rows."""
    obs = dict(captures())[walk.capture]
    observer = Observer()
    books = observer.books = TracedBooks()
    counts: Counter[str] = Counter()
    examples: list[str] = []
    owner: dict[int, Ident] = {}
    seen: dict[Ident, tuple[int, int]] = {}
    unstated = 0
    shown: set[Ident] = set()
    for step, d in enumerate(walk.offsets):
        made = traced(obs, walk.host, d)
        if made is None:
            return counts, examples
        frame_obs, idents = made
        if path == "dicts":  # element dicts read back: a synthetic root before the nodes
            frame_obs = to_observation(observation_to_elements(frame_obs))
            idents = [("root",), *idents]
        if step == 0:
            index = observer.reset(frame_obs)
        else:
            result = observer.step(frame_obs)
            index = result.index
            if any(UNSTATED & e.keys() for e in result.diff["scrolls"]):
                unstated += 1
            moved = walk.offsets[step - 1] - d  # the content's move down: a scroll's dy
            for e in result.diff["scrolls"]:
                if not UNSTATED & e.keys() and abs(e["dy"] - moved) > SLACK:
                    counts["misstated"] += 1
                    examples.append(f"misstated: {walk} step {step}: {e['dy']} px for {moved}")
        assert len(index.frame.nodes) == len(idents), (walk, len(index.frame.nodes), len(idents))
        now = {idents[e.pos]: e.index for e in index.elements}
        pos_of = {idents[e.pos]: e.pos for e in index.elements}
        for ident, number in now.items():
            if owner.setdefault(number, ident) != ident:
                counts["reuse"] += 1
                examples.append(
                    f"reuse: {walk} step {step}: [{number}] {ident} was {owner[number]}"
                )
                owner[number] = ident
            had, then = seen.get(ident, (None, 0))
            if had is None or ident in shown:
                continue
            if had == number:
                counts["kept"] += 1
            elif then != unstated:
                counts["renumbered-unstated"] += 1
            else:
                counts["renumbered"] += 1
                why = books.why(had, pos_of[ident], index.frame)
                counts[f"why:{why}"] += 1
                if len(examples) < 5:
                    examples.append(
                        f"renumbered: {walk} step {step}: {ident} was [{had}], now [{number}] ({why})"
                    )
        seen.update((i, (n, unstated)) for i, n in now.items())
        shown = set(now)
    return counts, examples


def sweep(
    path: str = "xml", seed: int = 0, every: int = 1
) -> Iterator[tuple[Walk, Counter[str], list[str]]]:
    """Every ``every``-th walk of :func:`walks`, run on ``path``."""
    for walk in walks(seed)[::every]:
        counts, examples = run(walk, path)
        yield walk, counts, examples
