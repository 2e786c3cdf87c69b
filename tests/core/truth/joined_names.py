"""An element printed without its name sits in the row of the part that names it (issue 18,
stop 59): the generator.

A ``+`` line lists what a row shows as one line, and a control its label names joins that
line as ``, [j] role (states)``, its name said once by the part before it (``+ [9] button
"Airplane mode", [10] switch (checked)``, :func:`deltarec.core.render.rows.join_named`). An
agent reads such a nameless part as the control of the row the line says. Found on the fourth
harvest (``fixtures/ext4/launcher``, on the element dicts ``observe --elements`` prints): the
hotseat's "Photos" icon, 343 px below the workspace's "Photos", read ``+ … [17] "Photos",
[22] button`` on the line of the workspace's icons, out of reading order and with no name
of its own; the same on a tablet's month grid (41 day cells ``[8] button, [9] button, …`` on
the first cell's line, XML and dicts), Gmail's avatars, MIUI's rows.

:func:`cases` derives that shape from every real capture (``fixtures/real``, ``ext``,
``ext2``, ``ext3``, ``ext4``, ``appium``): each capture as it is, and each with one of its
controls that shows its own label (a text or a description of its own) cloned as its next
sibling one row below (its height and 8 px lower, its subtree with it), seeded.
:func:`graded` renders each as a new screen (every element ``+``, no line budget) on both
paths: the XML tree, and the flat list of element dicts ``observe --elements --format json``
prints (what an agent passes back). The truth, read off the boxes, not off the namer: a part
printed without its name lies beside the part it joins (the last one the line names) as a
control lies beside the label that names it: in its row (their boxes overlap on the vertical
axis), or, that part being no control (a picture, a text: nothing one acts on), just under
or over it in its column, nearer than its own height (a tile's picture and its link).
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass

from deltarec.core import elements
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.elements import observation_index
from deltarec.core.observe.model import Bounds, Node, Observation
from deltarec.core.observer import DeltaResult, observe_delta
from tests.core.real_scrolls.harvests import harvested

FOLDERS = ("real", "ext", "ext2", "ext3", "ext4", "appium")
PATHS = ("xml", "dicts")
BLANK = parse_uiautomator(
    '<hierarchy rotation="0"><node class="android.widget.FrameLayout" package="blank"'
    ' bounds="[0,0][1080,2400]"/></hierarchy>'
)
"""The screen before: nothing on it, so every element of the capture is a ``+``."""

_PART = re.compile(r'\[(\d+)\](?: ([a-z]+))?(?: ("(?:[^"\\]|\\.)*"))?')


@dataclass(frozen=True, slots=True)
class Case:
    capture: str
    twin: int
    """The document-order place (among every window's nodes) of the control cloned one row
    below itself, or -1: the capture as it is."""


def captures() -> tuple[tuple[str, Observation], ...]:
    return tuple((f"{f}/{name}", obs) for f in FOLDERS for name, obs in harvested(f))


def _own_label(node: Node) -> bool:
    return bool(node.text.strip() or node.content_desc.strip())


def cases(rng: random.Random, per_capture: int = 1) -> list[Case]:
    """Each capture as it is, and ``per_capture`` of its labelled controls cloned (seeded)."""
    out = []
    for name, obs in captures():
        out.append(Case(name, -1))
        nodes = list(obs.walk())
        controls = [
            i
            for i, n in enumerate(nodes)
            if n.interactive and not n.scrollable and _own_label(n) and n.bounds.height > 0
        ]
        for i in sorted(rng.sample(controls, min(per_capture, len(controls)))):
            out.append(Case(name, i))
    return out


def _moved(node: Node, dy: int) -> Node:
    b = node.bounds
    return dataclasses.replace(
        node,
        bounds=Bounds(b.left, b.top + dy, b.right, b.bottom + dy),
        children=tuple(_moved(c, dy) for c in node.children),
    )


def _cloned(node: Node, place: list[int]) -> Node:
    """``node`` with the node at document-order ``place[0]`` (counted down from ``node``)
    followed by its clone one row below."""
    kids: list[Node] = []
    for child in node.children:
        place[0] -= 1
        if place[0] == 0:
            kids += [child, _moved(child, child.bounds.height + 8)]
        else:
            kids.append(_cloned(child, place))
    return dataclasses.replace(node, children=tuple(kids))


def derive(case: Case) -> Observation:
    obs = dict(captures())[case.capture]
    if case.twin < 0:
        return obs
    place = [case.twin]
    windows = []
    for w in obs.windows:
        if place[0] == 0:  # a window root is no sibling of anything: never drawn
            raise ValueError(case)
        place[0] -= 1
        windows.append(_cloned(w, place) if place[0] >= 0 else w)
    return dataclasses.replace(obs, windows=tuple(windows))


def said(obs: Observation, path: str) -> DeltaResult:
    """``obs`` as a new screen, every line (no budget), on ``path``."""
    if path == "xml":
        return observe_delta(BLANK, obs, max_lines=None)
    flat = observation_index(obs, max_elements=None, interactive_only=False)
    return elements._observe([], flat, None, 10_000, False, 10_000, None)


def _beside(label: Node, control: Node) -> bool:
    a, b = label.bounds, control.bounds
    if min(a.bottom, b.bottom) > max(a.top, b.top):
        return True  # one row
    acted_on = label.clickable or label.long_clickable or label.checkable or label.scrollable
    column = min(a.right, b.right) > max(a.left, b.left)
    return not acted_on and column and max(a.top, b.top) - min(a.bottom, b.bottom) < b.height


def violations(result: DeltaResult) -> Iterator[str]:
    """Every part printed without its name that is not in the row of the part it joins."""
    frame, index = result.index.frame, result.index
    pos_of = {n: pos for pos, n in index.number_of.items()}
    for line in result.entries:
        if not line.text.startswith("+ "):
            continue
        named = -1
        for m in _PART.finditer(line.text):
            number, role, name = int(m.group(1)), m.group(2), m.group(3)
            if name is not None or role is None:
                named = number
                continue
            if named < 0 or number not in pos_of or named not in pos_of:
                continue
            a, b = frame.nodes[pos_of[named]], frame.nodes[pos_of[number]]
            if not _beside(a, b):
                yield f"[{number}] {role} joins [{named}] apart ({b.bounds} from {a.bounds})"


def wide(result: DeltaResult, limit: int) -> Iterator[str]:
    """Every ``+`` line that lists more than ``limit`` elements: a line of siblings holds at
    most :data:`deltarec.core.render.rows.JOIN_LIMIT`, so that a line budget bounds what a
    delta lists (a tablet's month grid read as one line of 42 cells, past any budget)."""
    for line in result.entries:
        if line.text.startswith("+ ") and len(_PART.findall(line.text)) > limit:
            yield f"{len(_PART.findall(line.text))} parts: {line.text[:100]}…"


def graded(drawn: list[Case], path: str) -> Iterator[tuple[Case, str]]:
    for case in drawn:
        for why in violations(said(derive(case), path)):
            yield case, why


def graded_wide(drawn: list[Case], path: str, limit: int) -> Iterator[tuple[Case, str]]:
    for case in drawn:
        for why in wide(said(derive(case), path), limit):
            yield case, why
