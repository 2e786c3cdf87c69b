"""The same screen laid out again on a screen of another size, from a real capture, with a
known truth (issue 18, round 6): the phone rotated, a window made narrower (split screen) or
wider (a foldable unfolded).

:func:`laid` lays a real capture out again on a ``width`` × ``height`` screen as Android's
layouts do, box by box from the screen down (:func:`_placed`): a child as wide (high) as
its parent, less its margins, stretches with it and keeps its margins; any other child keeps
its size and its distance from the parent's edge it sits nearer (a toolbar's "Save" stays
at the right edge, a list's avatar at the left, a bottom navigation on the bottom edge);
the rows of a scroller keep their place from its top and left (a list shows more or fewer
rows, it does not move them). Every box is then clipped to its parent's, as uiautomator
clips a node's visible bounds, and a node with nothing left in view is not dumped. The
texts are kept as they were (a text cut by its box shows its whole text in the dump:
``TextView.getText``).

The kinds (:class:`Screen`), each a pair of one capture laid out twice:

- **rotate**: the phone turned to landscape (width and height swapped, ``rotation`` 0 → 1):
  rows below the new bottom edge leave view; **unrotate**: the same pair read backwards
  (landscape → portrait, rows come into view);
- **narrow**: the window made narrower (``scale`` of its width), its height kept (split
  screen, freeform); **widen**: the same pair read backwards (a foldable unfolded).

The truth (:func:`check`), what a person sees: the screen itself changed, said once
(``~ rotation: …`` or ``~ screen: …``; JSON ``fields``); every element that stayed in view
is the element it was (never ``+`` / ``-``, its label never ``~``; :func:`.grading.stayed_listed`
and the positions the layout kept); nothing scrolled; the real-capture oracle
(:func:`.transforms.graded`). **Grader decision**: the elements the new layout moved or
resized are the screen's change, which its line says, so no ``~ layout:`` line names them
(a layout line names moves a person did not make: "80 moved or resized in all", icons
"appeared" and "went" that only moved with their row). What the new edges hid (or showed)
may be ``-`` (``+``), as :mod:`.keyboards` allows for rows its edge hid.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from itertools import pairwise

from deltarec.core import observe_delta
from deltarec.core.diff.observation_diff import to_json
from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls.grading import (
    Violation,
    changed_besides,
    label,
    no_scroll,
    stayed_listed,
)
from tests.core.real_scrolls.transforms import _marked, captures, graded

KINDS = ("rotate", "unrotate", "narrow", "widen")
SCALES = (0.4, 0.5, 0.6, 0.75, 0.85)
"""How much of its width a narrowed window keeps (split screen halves, thirds, freeform; two
fifths and 0.85 widen the sweep past the ratios a split screen snaps to)."""
STRETCH = 0.9
FULL = "» full frame (cheaper than the delta)"
"""A child at least this much of its parent's width (height) is laid out to match it."""


@dataclass(frozen=True, slots=True)
class Screen:
    """``capture`` laid out on its own screen and on another (``kind``: :data:`KINDS`;
    ``scale``: the narrowed width's share, for ``narrow`` / ``widen``)."""

    capture: str
    kind: str
    scale: float = 1.0


def _size(obs: Observation) -> tuple[int, int]:
    w = obs.width or max(n.bounds.right for n in obs.windows)
    h = obs.height or max(n.bounds.bottom for n in obs.windows)
    return w, h


def _across(
    lo: int, hi: int, plo: int, phi: int, nlo: int, nhi: int, tiled: bool
) -> tuple[int, int]:
    """The horizontal span of a child ``lo``–``hi`` of a parent ``plo``–``phi`` laid out again
    in ``nlo``–``nhi``, as a layout does. A parent made narrower shrinks its content with it
    (every span scaled by the parent's: siblings never cross that did not). A wider one: a
    child as wide as the parent (:data:`STRETCH`) stretches keeping its margins; cells that
    tile the parent (``tiled``: a bottom navigation's items, a grid's columns) share it as
    they did; a child reaching the end edge from the start side and more than a quarter of
    it fills the rest (a row's text beside its icon); any other child keeps its size and its
    distance from the nearer edge (a toolbar's action at the end, a row's avatar at the
    start)."""
    size, room, now = hi - lo, phi - plo, nhi - nlo
    if room <= 0:
        return nlo + (lo - plo), nlo + (hi - plo)
    if now < room or tiled:
        return nlo + (lo - plo) * now // room, nlo + (hi - plo) * now // room
    if size >= STRETCH * room:
        return nlo + (lo - plo), nhi - (phi - hi)
    if phi - hi <= 2 and size * 4 > room and lo - plo > 2:
        return nlo + (lo - plo), nhi
    if (lo + hi) / 2 > (plo + phi) / 2:
        return nhi - (phi - lo), nhi - (phi - hi)
    return nlo + (lo - plo), nlo + (hi - plo)


def _tiled(node: Node) -> bool:
    """Whether ``node``'s children lie side by side and fill its width (cells)."""
    kids = sorted((c.bounds for c in node.children if c.bounds.area), key=lambda b: b.left)
    if len(kids) < 2:
        return False
    apart = all(b.left >= a.right - 2 for a, b in pairwise(kids))
    return apart and sum(b.width for b in kids) >= STRETCH * node.bounds.width


def _along(
    lo: int, hi: int, plo: int, phi: int, nlo: int, nhi: int, pinned: bool
) -> tuple[int, int]:
    """The vertical span of a child ``lo``–``hi`` of a parent ``plo``–``phi`` laid out again
    in ``nlo``–``nhi``: as high as the parent (:data:`STRETCH`), it stretches keeping its
    margins; reaching the parent's bottom edge and more than a quarter of it, it fills the
    rest (a weighted view: a list under a header); nearer the bottom edge, it keeps its
    distance from it (a bottom navigation, a FAB, a snackbar); else from the top edge.
    ``pinned``: a scroller's child (its rows), kept from the top edge whatever its size."""
    size, room = hi - lo, phi - plo
    if room <= 0 or pinned:
        return nlo + (lo - plo), nlo + (hi - plo)
    if size >= STRETCH * room:
        return nlo + (lo - plo), nhi - (phi - hi)
    if phi - hi <= 2 and size * 4 > room and lo - plo > 2:
        return nlo + (lo - plo), nhi - (phi - hi)
    if (lo + hi) / 2 > (plo + phi) / 2 and phi - hi <= lo - plo:
        return nhi - (phi - lo), nhi - (phi - hi)
    return nlo + (lo - plo), nlo + (hi - plo)


def _size_of(node: Node) -> int:
    return sum(1 for _ in _walk_nodes((node,)))


def _placed(
    node: Node,
    old: Bounds,
    new: Bounds,
    clip: Bounds,
    keep: list[bool],
    pinned: bool = False,
    tiled: bool = False,
) -> Node | None:
    """``node`` (a child of a parent whose box was ``old``) laid out in a parent now at
    ``new``, clipped to ``clip`` (what of the parent is in view); None when nothing of it
    is left in view (its subtree too).
    ``keep`` gets, in pre-order, whether each node of the subtree is dumped still."""
    b = node.bounds
    if not b.area:
        keep.append(True)
        keep.extend([False] * (_size_of(node) - 1))
        return dataclasses.replace(node, children=())
    left, right = _across(b.left, b.right, old.left, old.right, new.left, new.right, tiled)
    top, bottom = _along(b.top, b.bottom, old.top, old.bottom, new.top, new.bottom, pinned)
    whole = Bounds(left, top, right, bottom)
    shown = Bounds(
        max(left, clip.left), max(top, clip.top), min(right, clip.right), min(bottom, clip.bottom)
    )
    if shown.left >= shown.right or shown.top >= shown.bottom:
        keep.extend([False] * _size_of(node))
        return None
    keep.append(True)
    scroller, cells = _marked(node), _tiled(node)
    kids = tuple(
        k
        for c in node.children
        if (k := _placed(c, b, whole, shown, keep, scroller, cells)) is not None
    )
    return dataclasses.replace(node, bounds=shown, children=kids)


def laid(obs: Observation, width: int, height: int, rotation: int, top: int = 0) -> Observation:
    """``obs`` laid out again on a ``width`` × ``height`` screen (module docstring), its
    windows from ``top`` down (an app in split screen's lower half: :mod:`.split`)."""
    return _laid(obs, width, height, rotation, [], top)


def _laid(
    obs: Observation, width: int, height: int, rotation: int, keep: list[bool], top: int = 0
) -> Observation:
    w, h = _size(obs)
    old, new = Bounds(0, 0, w, h), Bounds(0, top, width, height)
    windows = tuple(k for n in obs.windows if (k := _placed(n, old, new, new, keep)) is not None)
    return dataclasses.replace(obs, windows=windows, width=width, height=height, rotation=rotation)


def kept(obs: Observation, width: int, height: int, top: int = 0) -> dict[int, int]:
    """The positions (a frame's: pre-order) of the nodes of ``obs`` that :func:`laid`
    ``(obs, width, height, top=top)`` still dumps, each with its position there."""
    keep: list[bool] = []
    _laid(obs, width, height, 0, keep, top)
    out: dict[int, int] = {}
    for p, k in enumerate(keep):
        if k:
            out[p] = len(out)
    return out


def _walk_nodes(nodes: tuple[Node, ...]) -> list[tuple[int, Node]]:
    out: list[tuple[int, Node]] = []
    stack = [(0, n) for n in reversed(nodes)]
    while stack:
        depth, n = stack.pop()
        out.append((depth, n))
        stack.extend((depth + 1, c) for c in reversed(n.children))
    return out


def _other_size(obs: Observation, case: Screen) -> tuple[int, int, int]:
    w, h = _size(obs)
    if case.kind in ("rotate", "unrotate"):
        return h, w, (obs.rotation + 1) % 4
    return round(w * case.scale), h, obs.rotation


def derive(case: Screen) -> tuple[Observation, Observation]:
    """The pair, read in the kind's direction: the capture as dumped and laid out again
    (``rotate``, ``narrow``), or backwards (``unrotate``, ``widen``)."""
    obs = dict(captures())[case.capture]
    other = laid(obs, *_other_size(obs, case))
    return (obs, other) if case.kind in ("rotate", "narrow") else (other, obs)


def pairs(case: Screen) -> dict[int, int]:
    """The truth's pairs, prev position → curr position: every node the new layout kept."""
    obs = dict(captures())[case.capture]
    w2, h2, _ = _other_size(obs, case)
    there = kept(obs, w2, h2)
    return there if case.kind in ("rotate", "narrow") else {c: p for p, c in there.items()}


def cases(rng: random.Random, per_capture: int) -> list[Screen]:
    """``per_capture`` pairs of each real capture, kinds dealt in turn from a random start,
    a narrowed window's share drawn from :data:`SCALES`."""
    out: list[Screen] = []
    for name, _ in captures():
        start = rng.randrange(len(KINDS))
        for k in range(per_capture):
            kind = KINDS[(start + k) % len(KINDS)]
            scale = rng.choice(SCALES) if kind in ("narrow", "widen") else 1.0
            out.append(Screen(name, kind, scale))
    return out


def kind(case: Screen) -> str:
    return case.kind


def _whole(obs_box: Bounds, node: Node) -> bool:
    return node.bounds.area > 0 and node.bounds == obs_box


def check(case: Screen) -> list[Violation]:
    """The violations of the delta of ``case`` (module docstring), text and JSON."""
    return grade(*derive(case), pairs(case))


def grade(
    prev: Observation, curr: Observation, truth: dict[int, int], moved: bool = False
) -> list[Violation]:
    """The violations of the delta from ``prev`` to ``curr``, one screen laid out twice
    whose kept nodes are ``truth`` (prev position → curr position; module docstring).
    ``moved``: the window moved on a screen of the same size (:mod:`.split`'s lower half):
    the screen's size is not asked to be said (it did not change), and the oracle's rule 3
    (nodes that moved together in a container that did not move scrolled) is moot: every
    node moved with the window, a box its parent's edge clips seeming to stay."""
    _, _, d, out = graded(prev, curr, lambda v: moved and "moved (" in v)
    out += no_scroll(d, "a screen laid out again")
    out += changed_besides(d)
    out += stayed_listed(d)
    both = {
        p: c
        for p, c in truth.items()
        if d.prev.nodes[p].bounds.area
        and d.curr.nodes[c].bounds.area
        and label(d.prev.nodes[p])
        and _uncut(d.prev.nodes[p], d.curr.nodes[c])
    }
    listed = [p for p in both if p in d.removed] + [c for c in both.values() if c in d.added]
    if listed:
        out.append(("unchanged-listed", f"{len(listed)} +/- of labelled nodes the layout kept"))
    back = {p: c for c, p in d.pairs.items()}  # Delta.pairs: curr → prev
    wrong = [p for p, c in both.items() if p in back and back[p] != c]
    if wrong:
        named = [(label(d.prev.nodes[p]), label(d.curr.nodes[back[p]])) for p in wrong[:3]]
        out.append(("misread", f"{len(wrong)} kept nodes paired with another: {named}"))
    said = to_json(d)["fields"]
    if moved:
        return out
    if "rotation" not in said and "screen" not in said:
        out.append(("missed", "the screen's change is not in the JSON fields"))
    text = observe_delta(d.prev, d.curr, delta=d, max_lines=None).text
    lines = text.splitlines()
    if not (_spanned(prev) and _spanned(curr)):
        return out  # a dialog's window alone: the dump does not show the screen's size
    if lines[:1] == [FULL] and f" {curr.width}x{curr.height}" in "".join(lines[1:2]):
        return out  # the whole frame sent instead (cheaper), its header naming the new size
    if not any(ln.startswith(("~ rotation:", "~ screen:")) for ln in lines):
        out.append(("missed", f"no line says the screen changed: {lines[:2]}"))
    noise = [ln for ln in lines if ln.startswith("~ layout:")]
    if noise:
        out.append(("layout-noise", noise[0][:160]))
    return out


def _spanned(obs: Observation) -> bool:
    """Whether a window spans the screen: the dump shows its size. **Grader decision**: a
    dump of a dialog's window alone gives a size inferred from its margins, so a change of
    it is not asked to be said, and the dialog's own resize may be (``~ layout:``)."""
    return any(w.bounds == Bounds(0, 0, *_size(obs)) for w in obs.windows)


def _uncut(a: Node, b: Node) -> bool:
    """Whether a node kept its whole size along an axis it was not stretched on: a node
    neither edge cut (a label cut by the new bottom edge shows less of itself, and a delta
    may call it gone)."""
    return a.bounds.height == b.bounds.height
