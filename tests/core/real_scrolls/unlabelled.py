"""Views that show nothing, come, go and move on a real capture, with a known truth.

A view with no text, no description and nothing numbered inside has no line of its own;
when it is the step's only change, the delta's one line must still say what it was and
what it did, or an agent learns nothing (was: ``~ layout: 1 off-screen or unlabelled
elements added or removed``).

- :func:`views`: every such view of every capture (``fixtures/real`` and the virtual
  phone's ``fixtures/virtual``) outside the system bars, with an area; each read as
  ``gone`` (dropped), ``came`` (the same pair backwards) and ``moved`` (30 px down).
- :func:`circles`: a refresh circle (SwipeRefreshLayout's unlabelled ``ImageView``, or a
  bare ``ProgressBar``) put beside every list made to scroll, over its top (from just
  above its top edge to a third down, 80 to 168 px): ``+ refresh indicator over …`` and,
  backwards, ``- refresh indicator over …``, and nothing else.

The truth (:func:`check`): one line; no count standing for what it counts; no ``""``;
the line names the view's role and says ``appeared`` / ``went`` / ``moved`` (a refresh
circle: ``refresh indicator``).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.volatile import system_bars
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node, Observation
from deltarec.core.observer import index_frame, observe_delta
from deltarec.core.render.unlabelled import refresh_host
from tests.core.real_scrolls.grading import Violation
from tests.core.real_scrolls.transforms import Path_, _at, _marked, _replace, _walk, scrollers

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures"
COUNTED = re.compile(r"\d+ off-screen or unlabelled elements")
WORDS = {"gone": "went", "came": "appeared", "moved": "moved"}
SIZES = (80, 105, 126, 168)
"""Refresh circles' sides, px: 40 dp at 2x to 4x, and a 64 dp spinner at 2.625x."""


@dataclass(frozen=True, slots=True)
class Case:
    """``how`` (gone / came / moved / circle / circle-done) done to the view at ``where``
    of ``capture`` (a circle: beside the list at ``where``, ``side`` px, ``top`` its top
    edge's distance below the list's; ``spinner``: a ProgressBar, not an ImageView)."""

    capture: str
    where: Path_
    how: str
    side: int = 0
    top: int = 0
    spinner: bool = False


@lru_cache(maxsize=1)
def captures() -> tuple[tuple[str, Observation], ...]:
    """Every capture of the repository, real and virtual, parsed once."""
    found = sorted((FIXTURES / "real").rglob("*.xml")) + sorted(
        (FIXTURES / "virtual").glob("*.xml")
    )
    return tuple((str(p.relative_to(FIXTURES)), parse_uiautomator(p.read_bytes())) for p in found)


def views(obs: Observation) -> list[Path_]:
    """The views that show nothing (module docstring), outermost or not."""
    frame = Frame(obs)
    shown = set(index_frame(frame).number_of)
    quiet = system_bars(frame)
    out = []
    for pos, (path, node) in enumerate(_walk(obs)):
        end = frame.subtree_end(pos)
        if len(path) < 2 or pos in quiet or node.bounds.area == 0:
            continue
        inside = frame.nodes[pos:end]
        if any(q in shown for q in range(pos, end)) or any(
            n.text or n.content_desc for n in inside
        ):
            continue
        out.append(path)
    return out


def cases() -> list[Case]:
    """Every view of every capture three ways, and every list's refresh circles."""
    out: list[Case] = []
    for name, obs in captures():
        for path in views(obs):
            out += [Case(name, path, how) for how in WORDS]
        for k, path in enumerate(p for p in scrollers(obs) if _marked(_at(obs, p))):
            side = SIZES[k % len(SIZES)]
            for top in (-side // 2, 0, side):
                for how in ("circle", "circle-done"):
                    out.append(Case(name, path, how, side, top, spinner=bool(k % 2)))
    return out


def _dropped(obs: Observation, path: Path_) -> Observation:
    parent = _at(obs, path[:-1])
    kids = tuple(c for i, c in enumerate(parent.children) if i != path[-1])
    return _replace(obs, path[:-1], dataclasses.replace(parent, children=kids))


def _shifted(node: Node, dy: int) -> Node:
    b = node.bounds
    return dataclasses.replace(
        node,
        bounds=Bounds(b.left, b.top + dy, b.right, b.bottom + dy),
        children=tuple(_shifted(c, dy) for c in node.children),
    )


def circle(obs: Observation, case: Case) -> Observation:
    """``obs`` with the refresh circle of ``case`` put right before its list."""
    box = _at(obs, case.where).bounds
    left = (box.left + box.right - case.side) // 2
    top = box.top + case.top
    kind = (
        ("progress", "android.widget.ProgressBar")
        if case.spinner
        else ("image", "android.widget.ImageView")
    )
    spun = Node(*kind, bounds=Bounds(left, top, left + case.side, top + case.side))
    parent = _at(obs, case.where[:-1])
    kids = list(parent.children)
    kids.insert(case.where[-1], spun)
    return _replace(obs, case.where[:-1], dataclasses.replace(parent, children=tuple(kids)))


def derive(case: Case) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    if case.how == "moved":
        return obs, _replace(obs, case.where, _shifted(_at(obs, case.where), 30))
    if case.how in ("gone", "came"):
        less = _dropped(obs, case.where)
        return (obs, less) if case.how == "gone" else (less, obs)
    busy = circle(obs, case)
    return (obs, busy) if case.how == "circle" else (busy, obs)


def check(case: Case) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    text = observe_delta(prev, curr, max_lines=None).text
    lines = text.splitlines()
    out: list[Violation] = []
    if len(lines) != 1:
        out.append(("lines", f"{len(lines)} lines: {text!r}"))
    if COUNTED.search(text):
        out.append(("counted", text))
    if '""' in text:
        out.append(("unnamed", text))
    if case.how.startswith("circle"):
        sign = "-" if case.how == "circle-done" else "+"
        if not text.startswith(f"{sign} refresh indicator over "):
            out.append(("not-said", text))
        return out
    frame, obs = (Frame(prev), prev) if case.how == "gone" else (Frame(curr), curr)
    pos = next(i for i, (p, _) in enumerate(_walk(obs)) if p == case.where)
    role = frame.nodes[pos].role
    if refresh_host(frame, pos) >= 0:
        return out  # a view that looks like a refresh circle is said as one
    if case.how == "moved" and text.startswith("↕"):
        return out  # what filled a scroller moved with its content: it scrolled
    if role not in text or WORDS[case.how] not in text:
        out.append(("not-said", text))
    return out
