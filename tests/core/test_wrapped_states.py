"""A wrapped label's element states what a tap on its centre reaches.

MIUI's app bar: a clickable but *disabled* ``LinearLayout`` around the enabled, clickable
``TextView`` "Settings" (``fixtures/ext/miui-settings/02.xml``). The pair is one element, the
wrapper (:mod:`deltarec.core.observe.wrapped`: its number, its name), and it read
``[17] button "Settings" (disabled)``: false for an agent, a tap on it reaches the enabled label
and works. The reverse (an enabled wrapper, its label disabled) read enabled, and the label's
own change read ``~ layout: button "Settings" changed`` with no number.

The generator: every real capture (``fixtures/real``, ``fixtures/ext``, ``fixtures/appium``), a
seeded :data:`PER_CAPTURE` labelled clickable leaves each, each wrapped in a clickable layout of
its box with the wrapper's and the leaf's states varied (:data:`STATES`: a disabled wrapper
around an enabled leaf, the reverse, selected on one only). Graded by a hit test, not by the
code under test: the node a tap on the element's centre reaches is the deepest clickable node
of the pair whose box holds that centre.

- the frame (the elements form, on the XML path and on element dicts) lists the element
  ``disabled`` exactly when that node is disabled, ``selected`` when either node is;
- a delta between two variants of one leaf says the element's ``enabled`` change exactly when
  the reached node's changed, ``~ [i] button "name" (enabled: a→b)``, and says none where only
  the wrapper's changed (what the module's docstring decides).

Before the fix (``f866dce``): see the commit that adds this file.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator
from functools import lru_cache

from deltarec.core.capture.dict_frame import elements_frame
from deltarec.core.capture.element_dicts import observation_to_elements
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import build_index, layout, order_of
from deltarec.core.observe.model import Bounds, Node, Observation
from deltarec.core.observer import IndexOptions, observe_delta
from deltarec.core.render.frame_text import frame_lines
from deltarec.core.render.lines import quote
from tests.core.real_scrolls.transforms import _replace
from tests.core.test_wrapped_labels import _captures, _paths

PER_CAPTURE = 2

STATES = {
    # name: (wrapper enabled, leaf enabled, wrapper selected, leaf selected)
    "plain": (True, True, False, False),
    "wrapper disabled": (False, True, False, False),
    "leaf disabled": (True, False, False, False),
    "both disabled": (False, False, False, False),
    "leaf selected": (True, True, False, True),
    "wrapper selected": (True, True, True, False),
}

STEPS = (
    ("plain", "leaf disabled"),  # the reached node disabled: the element's line says it
    ("wrapper disabled", "leaf disabled"),  # enabled true→false, not false→true
    ("leaf disabled", "wrapper disabled"),
    ("plain", "wrapper disabled"),  # the wrapper alone: a tap still works, nothing said
)


@dataclasses.dataclass(frozen=True)
class Variant:
    capture: str
    name: str
    box: Bounds  # the leaf's and its wrapper's
    obs: dict[str, Observation]  # STATES' name -> the capture with that pair


def _pair(leaf: Node, we: bool, le: bool, ws: bool, ls: bool) -> Node:
    inner = dataclasses.replace(leaf, enabled=le, selected=ls)
    return Node(
        role="button",
        class_name="android.widget.LinearLayout",
        clickable=True,
        focusable=True,
        enabled=we,
        selected=ws,
        bounds=leaf.bounds,
        children=(inner,),
    )


@lru_cache(maxsize=1)
def variants() -> tuple[Variant, ...]:
    """A seeded :data:`PER_CAPTURE` labelled clickable leaves a capture, each wrapped under
    every one of :data:`STATES`."""
    rng = random.Random(57)
    out = []
    for capture, obs in _captures():
        frame = Frame(obs)
        placed = layout(frame)
        names = placed.names
        leaves = [
            p
            for p in order_of(placed)
            if (n := frame.nodes[p]).role == "button"
            and n.clickable
            and n.text
            and not n.children
            and not n.checkable
            and n.enabled
            and not n.selected
            and sum(1 for q in order_of(placed) if names[q] == names[p]) == 1
        ]
        paths = _paths(obs)
        for p in sorted(rng.sample(leaves, min(PER_CAPTURE, len(leaves)))):
            leaf = frame.nodes[p]
            made = {k: _replace(obs, paths[p], _pair(leaf, *s)) for k, s in STATES.items()}
            out.append(Variant(capture, names[p], leaf.bounds, made))
    return tuple(out)


def _frame(obs: Observation, path: str) -> tuple[Frame, bool]:
    if path == "xml":
        return Frame(obs), False
    return elements_frame(observation_to_elements(obs)), True


def _reached(frame: Frame, wrapper: int) -> Node:
    """The deepest clickable node of ``wrapper``'s subtree whose box holds its centre."""
    x, y = frame.nodes[wrapper].bounds.center
    hit = wrapper
    for q in range(wrapper + 1, frame.subtree_end(wrapper)):
        if frame.nodes[q].clickable and frame.nodes[q].bounds.contains_point(x, y):
            hit = q
    return frame.nodes[hit]


def _element(frame: Frame, interactive_only: bool, box: Bounds) -> tuple[int, str]:
    """The wrapper's position and the name the frame lists it by (the outer element of the
    pair's box)."""
    index = build_index(frame, interactive_only=interactive_only)
    pos = min(e.pos for e in index.elements if e.bounds == box)
    return pos, index.names[pos]


FLAGS = re.compile(r"\(([^()]*)\)$")


def _listed_flags(frame: Frame, interactive_only: bool, name: str) -> set[str]:
    index = build_index(frame, interactive_only=interactive_only)
    (line,) = [ln for ln in frame_lines(index, tree=False)[1:] if f" {quote(name)} @(" in ln]
    got = FLAGS.search(line)
    return set(got.group(1).split(", ")) if got else set()


def _paths_of_case() -> Iterator[str]:
    yield "xml"
    yield "dicts"


def test_the_frame_lists_what_a_tap_reaches() -> None:
    cases = variants()
    assert len(cases) >= 60
    wrong = []
    for v in cases:
        for state, obs in v.obs.items():
            for path in _paths_of_case():
                frame, interactive_only = _frame(obs, path)
                pos, name = _element(frame, interactive_only, v.box)
                reached = _reached(frame, pos)
                selected = frame.nodes[pos].selected or any(
                    frame.nodes[q].selected for q in range(pos + 1, frame.subtree_end(pos))
                )
                want = {"disabled"} if not reached.enabled else set()
                want |= {"selected"} if selected else set()
                got = _listed_flags(frame, interactive_only, name) & {"disabled", "selected"}
                if got != want:
                    wrong.append((v.capture, name, state, path, sorted(got), sorted(want)))
    assert wrong == []


ENABLED = re.compile(r"enabled: (true|false)→(true|false)")


def test_a_delta_says_what_a_tap_reaches_changed() -> None:
    cases = variants()
    wrong = []
    for v in cases:
        for before, after in STEPS:
            for path in _paths_of_case():
                prev, interactive_only = _frame(v.obs[before], path)
                curr, _ = _frame(v.obs[after], path)
                p, _ = _element(prev, interactive_only, v.box)
                c, name = _element(curr, interactive_only, v.box)
                a, b = _reached(prev, p).enabled, _reached(curr, c).enabled
                options = IndexOptions(interactive_only=interactive_only)
                text = observe_delta(prev, curr, options=options, max_lines=None).text
                said = [
                    m.groups()
                    for ln in text.splitlines()
                    if f"button {quote(name)}" in ln and (m := ENABLED.search(ln))
                ]
                want = [(str(a).lower(), str(b).lower())] if a != b else []
                numbered = all(
                    re.match(rf"~ \[\d+\] button {re.escape(quote(name))}", ln)
                    for ln in text.splitlines()
                    if f"button {quote(name)}" in ln and "enabled:" in ln
                )
                if said != want or not numbered:
                    wrong.append((v.capture, name, before, after, path, text))
    assert wrong == []
