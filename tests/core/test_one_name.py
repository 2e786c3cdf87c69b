"""One name per element, everywhere: generated over every screen of the virtual phone (scrolled
by random swipes) and every real capture in ``fixtures/real``.

For every element of a frame, the name the frame prints is the name every delta line prints
for it — when it is removed, changed, or comes into view by a scroll — and a ``name=``
selector with that name resolves back to it (alone, or listed by the ambiguity error).
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.virtual import DEFAULT_PROFILE
from deltarec.core.errors import AmbiguousSelectorError
from deltarec.core.executor.selectors import Selector, find_all, match, resolve_one
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex, build_index
from deltarec.core.observe.model import Node, Observation
from deltarec.core.observer import observe_delta
from deltarec.core.render.frame_text import frame_lines
from deltarec.core.render.lines import element, quote
from tests.conftest import REAL_DUMPS
from tests.core.devices.test_virtual_reflow import SCREENS, _scrollers, _swipe_along, phone

NAMED = re.compile(r'\[(\d+)\] (\S+) ("(?:[^"\\]|\\.)*")(→)?')
"""``[i] role "name"`` anywhere in a line (not ``~ [i] text "old"→"new"``: no name there)."""


def named_in(lines: list[str]) -> list[tuple[int, str]]:
    """Every ``([i], 'role "name"')`` the lines print."""
    return [(int(m[1]), f"{m[2]} {m[3]}") for ln in lines for m in NAMED.finditer(ln) if not m[4]]


def printed(index: ElementIndex) -> dict[int, str]:
    """``[i] -> 'role "name"'`` as the frame (tree form) prints each element."""
    return dict(named_in(frame_lines(index)[1:]))


def names_agree(lines: list[str], index: ElementIndex) -> list[str]:
    """The lines' ``[i] role "name"`` that differ from the frame's line for ``[i]``."""
    frame = printed(index)
    return [
        f"[{n}] {said} (frame: {frame.get(n)})" for n, said in named_in(lines) if frame[n] != said
    ]


def without(obs: Observation, target: int, change: bool) -> Observation:
    """``obs`` with the node at frame position ``target`` removed (or, ``change``, disabled)."""
    count = -1

    def edit(node: Node) -> Node | None:
        nonlocal count
        count += 1
        if count == target:
            if not change:
                return None
            return replace(node, enabled=not node.enabled, children=_kids(node))
        return replace(node, children=_kids(node))

    def _kids(node: Node) -> tuple[Node, ...]:
        return tuple(k for k in (edit(c) for c in node.children) if k is not None)

    windows = tuple(w for w in (edit(w) for w in obs.windows) if w is not None)
    return replace(obs, windows=windows)


def check_element(obs: Observation, frame: Frame, pos: int) -> None:
    """The frame's name for ``pos`` is what its removal and its change print and what
    ``name=`` finds."""
    index = build_index(frame)
    number = index.number_of[pos]
    node = frame.nodes[pos]
    said = element(number, node, index.names[pos])
    assert printed(index)[number] == said.split("] ", 1)[1]
    # name= finds it: alone, or listed by the ambiguity error
    selector = Selector(name=index.names[pos])
    assert pos in [m.pos for m in find_all(selector, index)], said
    try:
        assert resolve_one(selector, index).pos == pos
    except AmbiguousSelectorError as err:
        assert str(match(index, pos)) in err.candidates
        # ambiguous only among elements the frame shows under that name
        name = f" {quote(index.names[pos])}"
        assert sum(shown.endswith(name) for shown in printed(index).values()) > 1, said
    # removed: "- role "name"", the name the frame printed
    gone = observe_delta(frame, without(obs, pos, change=False), max_lines=None)
    if pos in gone.delta.quiet_prev:
        return  # the system bars are never rendered in a delta
    if gone.new_screen:  # without it, another screen: its header and what is on it
        return
    # a dialog closed reads "- dialog "…" closed" (docs/formats.md), under the same name
    removal = f"- {element(None, node, index.names[pos])}"
    assert {removal, f"{removal} closed"} & {e.text for e in gone.entries}, (said, gone.text)
    # changed: the line names it as the frame of that moment does
    changed = observe_delta(frame, without(obs, pos, change=True), max_lines=None)
    lines = [e.text for e in changed.entries]
    assert any(ln.startswith("~ ") and f"] {node.role} " in ln for ln in lines), (said, lines)
    assert names_agree(lines, changed.index) == [], said


# ------------------------------------------------------------------ the virtual phone


@cache
def _screen(name: str, swipes: int) -> tuple[Observation, ...]:
    """The captures of screen ``name`` scrolled by up to ``swipes`` swipes of each scroller."""
    pg = phone(DEFAULT_PROFILE, name)
    shots = [parse_uiautomator(pg.dump_xml())]
    for axis in ("h", "v"):
        for view in _scrollers(pg, axis):
            for _ in range(swipes):
                target = next((v for v in _scrollers(pg, axis) if v.swipe == view.swipe), None)
                if target is None:
                    break
                _swipe_along(pg, target, axis)
                shots.append(parse_uiautomator(pg.dump_xml()))
    return tuple(shots)


SWIPES = 6


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(SCREENS)), st.data())
def test_every_element_of_the_virtual_phone_has_one_name(screen: str, data: st.DataObject) -> None:
    shots = _screen(screen, SWIPES)
    obs = data.draw(st.sampled_from(shots), label="scroll position")
    frame = Frame(obs)
    index = build_index(frame)
    element_ = data.draw(st.sampled_from(index.elements), label="element")
    check_element(obs, frame, element_.pos)


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_every_scroll_of_the_virtual_phone_names_what_came_in_as_the_frame(screen: str) -> None:
    shots = _screen(screen, SWIPES)
    wrong = []
    for before, after in pairwise(shots):
        result = observe_delta(before, after, max_lines=None)
        wrong += names_agree([e.text for e in result.entries], result.index)
    assert wrong == []


# ------------------------------------------------------------------ real captures

REAL = sorted(REAL_DUMPS.rglob("*.xml"))


@cache
def _real(path: Path) -> tuple[Observation, Frame]:
    obs = parse_uiautomator(path.read_bytes())
    return obs, Frame(obs)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(REAL), st.data())
def test_every_element_of_a_real_capture_has_one_name(path: Path, data: st.DataObject) -> None:
    obs, frame = _real(path)
    index = build_index(frame)
    if index.elements:
        element_ = data.draw(st.sampled_from(index.elements), label="element")
        check_element(obs, frame, element_.pos)


def test_every_real_capture_pair_names_elements_as_the_frame() -> None:
    wrong = []
    for a, b in pairwise(REAL):
        if a.parent == b.parent:
            result = observe_delta(_real(a)[1], _real(b)[1], max_lines=None)
            wrong += [
                f"{b.name}: {w}"
                for w in names_agree([e.text for e in result.entries], result.index)
            ]
    assert wrong == []


def test_an_inbox_row_is_called_by_its_texts_everywhere() -> None:
    """The issue's case: the row the delta calls "Grace · Standup moved #1 · Mar 8"."""
    shots = _screen("inbox", SWIPES)
    frame = Frame(shots[0])
    index = build_index(frame)
    row = resolve_one(Selector(name="Grace · Standup moved #1 · Mar 8"), index)
    assert (row.role, row.node.resource_id.rsplit("/", 1)[-1]) == ("button", "message_row")
    assert f'[{row.index}] button "Grace · Standup moved #1 · Mar 8"' in "\n".join(
        frame_lines(index)
    )
    check_element(shots[0], frame, row.pos)
