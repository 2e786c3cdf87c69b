"""A clickable wrapper and the one labelled control inside it are one element, one name.

Read by hand on the harvested captures (``fixtures/ext``): ``+ [8] button "设置"``,
``+ [9] button "设置"`` (vivo's app-bar title, a clickable ``TextView`` in a clickable
layout), "Display" ×2 (MIUI), "Search settings" ×2 (Pixel's search bar: a clickable
``ViewGroup`` around an ``ImageButton`` that borrows its label), a launcher's date ×2; and a
``name=`` selector matched both numbered elements (ambiguous).
:mod:`deltarec.core.observe.wrapped` keeps the wrapper.

Two generators, on the XML path and on element dicts:

- every real capture (``fixtures/real``, ``fixtures/ext``, ``fixtures/appium``) as it is: no
  plain button listed inside a button listed under the same name. Before the fix
  (``4d8f966``): 35 such pairs on the XML path, 30 on element dicts;
- every labelled clickable leaf of every real capture (a seeded three per capture) wrapped in
  a clickable layout of its box, as MIUI wraps its title: the frame lists its name as often
  as before, and ``name=`` resolves to as many elements. Before the fix: all 186 XML and 186
  dict variants listed the name once more.

Which states the one element shows (a disabled wrapper around its enabled label: what a tap
reaches) is :mod:`tests.core.test_wrapped_states`'s (the wrapper stays the element; listing
the label instead, tried at ``0242bb1``, made an element's identity follow its wrapper's
enabled state: ``test_one_name``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from deltarec.core import parse_uiautomator
from deltarec.core.capture.dict_frame import elements_frame
from deltarec.core.capture.element_dicts import observation_to_elements
from deltarec.core.executor.selectors import Selector, find_all
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import build_index, layout, order_of
from deltarec.core.observe.model import Node, Observation
from tests.core.real_scrolls.transforms import Path_, _replace, _walk

ROOT = Path(__file__).resolve().parents[2] / "fixtures"
DUMPS = ("real", "ext", "appium")
PER_CAPTURE = 3


@lru_cache(maxsize=1)
def _captures() -> tuple[tuple[str, Observation], ...]:
    return tuple(
        (str(p.relative_to(ROOT)), parse_uiautomator(p.read_bytes()))
        for d in DUMPS
        for p in sorted((ROOT / d).rglob("*.xml"))
    )


def _frame(obs: Observation, path: str) -> tuple[Frame, bool]:
    """The frame ``path`` reads (``"xml"`` or ``"dicts"``) and its ``interactive_only``."""
    if path == "xml":
        return Frame(obs), False
    return elements_frame(observation_to_elements(obs)), True


def doubled(frame: Frame, interactive_only: bool) -> list[tuple[str, str]]:
    """(role, name) of each plain button listed inside the nearest listed button of its name."""
    placed = layout(frame, interactive_only=interactive_only)
    listed = set(order_of(placed))
    out = []
    for pos in sorted(listed):
        node, name = frame.nodes[pos], placed.names[pos]
        if node.role != "button" or node.checkable or not name:
            continue
        above = next((a for a in frame.ancestors(pos) if a in listed), -1)
        if above >= 0 and frame.nodes[above].role == "button" and placed.names[above] == name:
            out.append((node.role, name))
    return out


def _paths(obs: Observation) -> dict[int, Path_]:
    """Per document position (a :class:`Frame`'s), the node's path of child indexes."""
    return {pos: path for pos, (path, _) in enumerate(_walk(obs))}


def wrapped_leaves(*, enabled: bool = True) -> Iterator[tuple[str, str, Observation, Observation]]:
    """(capture, name, the capture, the capture with one labelled clickable leaf wrapped in a
    clickable layout of its box, ``enabled`` or not), a seeded :data:`PER_CAPTURE` leaves per
    capture."""
    rng = random.Random(56)
    for name, obs in _captures():
        frame = Frame(obs)
        placed = layout(frame)
        leaves = [
            p
            for p in order_of(placed)
            if frame.nodes[p].role == "button"
            and frame.nodes[p].clickable
            and frame.nodes[p].text
            and not frame.nodes[p].children
            and not frame.nodes[p].checkable
        ]
        paths = _paths(obs)
        for p in sorted(rng.sample(leaves, min(PER_CAPTURE, len(leaves)))):
            leaf = frame.nodes[p]
            wrapper = Node(
                role="button",
                class_name="android.widget.LinearLayout",
                clickable=True,
                enabled=enabled,
                bounds=leaf.bounds,
                children=(leaf,),
            )
            yield name, placed.names[p], obs, _replace(obs, paths[p], wrapper)


def _listed(frame: Frame, interactive_only: bool, name: str) -> int:
    placed = layout(frame, interactive_only=interactive_only)
    return sum(1 for p in order_of(placed) if placed.names[p] == name)


def _resolved(frame: Frame, interactive_only: bool, name: str) -> int:
    index = build_index(frame, interactive_only=interactive_only)
    return len(find_all(Selector(name=name), index))


def test_no_real_capture_lists_a_wrapper_and_its_label_twice() -> None:
    found = {
        (capture, path): got
        for capture, obs in _captures()
        for path in ("xml", "dicts")
        if (got := doubled(*_frame(obs, path)))
    }
    assert found == {}


def test_a_labelled_leaf_wrapped_in_a_clickable_layout_is_listed_once() -> None:
    cases = list(wrapped_leaves())
    assert len(cases) >= 90  # 101 on 4d8f966, 92 after: its inner labels are listed no more
    wrong = []
    for capture, name, obs, wrapped in cases:
        for path in ("xml", "dicts"):
            was, now = _frame(obs, path), _frame(wrapped, path)
            if _listed(*now, name) != _listed(*was, name):
                wrong.append((capture, path, name, "listed"))
            if _resolved(*now, name) != _resolved(*was, name):
                wrong.append((capture, path, name, "name="))
    assert wrong == []
