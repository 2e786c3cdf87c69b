"""The font size changed (Settings › Display › Font size) while a real capture's app was
open: every text's box grows (or shrinks), nothing else, with a known truth (issue 18,
round 7).

Android keeps the activity through a font-scale change in most apps (or recreates it in
place, the same screen): each ``TextView`` is laid out again at ``scale`` times its text
size, so its box grows by that share of its height, the layouts around it grow with it and
push down what lies below it, and what is pushed past a scroller's edge or the window's
bottom is no longer dumped. No text, no id, no state changes; nothing scrolls. No other
sweep makes this step: :mod:`.expansions` grows one row of one list, :mod:`.recut` cuts
labels at another length, :mod:`.screens` changes the screen under the layout.

:func:`scaled` lays a capture out again so (:func:`_grown`): a leaf that shows a text grows
by ``round(height × (scale − 1))``; a container's children keep their order, each moved
down by the growth of the siblings above it (a child whose top is at or below another's
bottom is below it: side by side, they do not push each other), and the container grows by
as much as its lowest child's bottom moved; a window and a container made to scroll keep
their boxes (a list shows fewer rows, its rows keep their place from its top) and clip what
was pushed, as uiautomator clips a node's visible bounds.

The kinds (:class:`Font`): **larger** (the capture, then its texts ``scale`` times larger:
1.15, 1.3, Android's "Large" and "Largest"), **smaller** (the same pair read backwards).

The truth (:func:`check`): every element the new layout kept is the element it was
(:func:`.screens.grade`: never ``+`` / ``-``, never paired with another, its label never
``~``; what the push hid, or brought back, may be ``-`` / ``+``), nothing scrolled, the
screen's size unchanged (not asked to be said), the oracle's rule 3 moot (rows pushed by
the texts above them moved together: no scroll).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls.grading import Violation
from tests.core.real_scrolls.screens import _spanned, grade
from tests.core.real_scrolls.transforms import _marked, captures

KINDS = ("larger", "smaller")
SCALES = (1.15, 1.3)
"""Android's font scales above the default: "Large" and "Largest" (AOSP 1.15, 1.3)."""


@dataclass(frozen=True, slots=True)
class Font:
    """``capture`` with its texts ``scale`` times larger (``kind``: :data:`KINDS`)."""

    capture: str
    kind: str
    scale: float


def _moved(node: Node, dy: int) -> Node:
    if not dy:
        return node
    b = node.bounds
    return dataclasses.replace(
        node,
        bounds=Bounds(b.left, b.top + dy, b.right, b.bottom + dy),
        children=tuple(_moved(c, dy) for c in node.children),
    )


def _grown(node: Node, scale: float, keeps_box: bool = False) -> tuple[Node, int]:
    """``node`` laid out with its texts ``scale`` times larger, its top where it was, and
    how much its bottom moved (module docstring). ``keeps_box``: a window or a scroller,
    whose box stays whatever its content does."""
    b = node.bounds
    if not node.children:
        if node.text and b.area:
            g = round(b.height * (scale - 1))
            return dataclasses.replace(node, bounds=Bounds(b.left, b.top, b.right, b.bottom + g)), g
        return node, 0
    inner = keeps_box or _marked(node)
    laid: list[tuple[Node, int, int]] = []  # (grown child, its shift, its own growth)
    for child in node.children:
        kid, g = _grown(child, scale, _marked(child))
        top = child.bounds.top
        shift = max((s + h for (c, s, h) in laid if c.bounds.bottom - h <= top), default=0)
        laid.append((kid, shift, g))
    kids = tuple(_moved(c, s) for c, s, _ in laid)
    old_low = max((c.bounds.bottom for c in node.children), default=b.bottom)
    new_low = max((c.bounds.bottom for c in kids), default=b.bottom)
    g = 0 if inner else max(0, new_low - old_low)
    return dataclasses.replace(
        node, bounds=Bounds(b.left, b.top, b.right, b.bottom + g), children=kids
    ), g


def _clipped(node: Node, box: Bounds, keep: list[bool], whole: list[bool]) -> Node | None:
    """``node`` clipped to ``box`` (what of its parents is in view), and inside a window or
    a scroller to its own box; None when nothing of it is left. ``keep`` / ``whole`` get,
    in pre-order, whether each node of the subtree is dumped still, and whole."""
    b = node.bounds
    if b.area == 0:  # shows nothing, takes no room: dumped as it was
        n = len(_nodes(node))
        keep.extend([True] * n)
        whole.extend([True] * n)
        return node
    top, bottom = max(b.top, box.top), min(b.bottom, box.bottom)
    left, right = max(b.left, box.left), min(b.right, box.right)
    if top >= bottom or left >= right:
        n = len(_nodes(node))
        keep.extend([False] * n)
        whole.extend([False] * n)
        return None
    keep.append(True)
    shown = Bounds(left, top, right, bottom)
    whole.append(shown == b)
    inner = shown if _marked(node) else box
    kids = tuple(k for c in node.children if (k := _clipped(c, inner, keep, whole)) is not None)
    return dataclasses.replace(node, bounds=shown, children=kids)


def _nodes(node: Node) -> list[Node]:
    out: list[Node] = []
    stack = [node]
    while stack:
        n = stack.pop()
        out.append(n)
        stack.extend(reversed(n.children))
    return out


def _laid(obs: Observation, scale: float) -> tuple[Observation, list[bool], list[bool]]:
    keep: list[bool] = []
    whole: list[bool] = []
    windows = []
    for w in obs.windows:
        grown, _ = _grown(w, scale, keeps_box=True)
        clipped = _clipped(grown, w.bounds, keep, whole)
        if clipped is not None:
            windows.append(clipped)
    return dataclasses.replace(obs, windows=tuple(windows)), keep, whole


def scaled(obs: Observation, scale: float) -> Observation:
    """``obs`` laid out again with its texts ``scale`` times larger (module docstring)."""
    return _laid(obs, scale)[0]


def kept(obs: Observation, scale: float) -> dict[int, int]:
    """The positions of the nodes of ``obs`` that :func:`scaled` still dumps whole (the
    others were cut or pushed out by the growth), each with its position there."""
    _, keep, whole = _laid(obs, scale)
    out: dict[int, int] = {}
    at = 0
    for p, (k, w) in enumerate(zip(keep, whole, strict=True)):
        if k:
            if w:
                out[p] = at
            at += 1
    return out


def derive(case: Font) -> tuple[Observation, Observation]:
    """The pair in the kind's direction: as dumped → larger texts, or back."""
    obs = dict(captures())[case.capture]
    other = scaled(obs, case.scale)
    return (obs, other) if case.kind == "larger" else (other, obs)


def pairs(case: Font) -> dict[int, int]:
    """The truth's pairs, prev position → curr position: every node kept whole."""
    there = kept(dict(captures())[case.capture], case.scale)
    return there if case.kind == "larger" else {c: p for p, c in there.items()}


def sweep() -> list[Font]:
    """Every real capture that shows an app's window, both kinds, both scales."""
    return [
        Font(name, kind, scale)
        for name, obs in captures()
        if _spanned(obs)
        for kind in KINDS
        for scale in SCALES
    ]


def cases(rng: random.Random, per_capture: int) -> list[Font]:
    """``per_capture`` pairs of each such capture, drawn from :func:`sweep`'s."""
    by: dict[str, list[Font]] = {}
    for case in sweep():
        by.setdefault(case.capture, []).append(case)
    return [c for group in by.values() for c in rng.sample(group, min(per_capture, len(group)))]


def kind(case: Font) -> str:
    return case.kind


def check(case: Font) -> list[Violation]:
    """The violations of the delta of ``case`` (module docstring), text and JSON."""
    return grade(*derive(case), pairs(case), moved=True)
