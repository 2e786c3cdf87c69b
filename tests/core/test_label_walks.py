"""Labels and list rows read each node's nature once (issue 19, fixed cost per call).

:func:`~deltarec.core.observe.labels.labels` asks whether a control lies inside a container
made to scroll (a row) by walking up from it, each ancestor once a frame, instead of
computing :func:`~deltarec.core.observe.labels.in_scrolling` for every node of the frame;
both it and :func:`~deltarec.core.render.rows.list_rows` read the frame's
:func:`~deltarec.core.observe.labels.natures` instead of asking each node again. The long
ways are kept here and compared on every real capture (dumps and element dicts) and on
generated trees.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.element_dicts import elements_to_observation, observation_to_elements
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe import labels as lab
from deltarec.core.observe import natures as nat
from deltarec.core.observe.borrowed import unshared
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node, Observation
from deltarec.core.render.rows import list_rows, whole_row

REAL_DUMPS = Path(__file__).resolve().parents[2] / "fixtures" / "real"
CAPTURES = sorted(REAL_DUMPS.rglob("*.xml"))


def _labels_long_way(frame: Frame) -> tuple[list[str], list[str]]:
    """labels and the titles it keeps, as they were made before (in_scrolling of every node,
    scrolls_by_nature asked of each ancestor)."""
    nodes, parents = frame.nodes, frame.parents
    titles = [node.text or node.content_desc for node in nodes]
    names = titles.copy()
    inside: list[bool] | None = None
    below: dict[int, str] = {}
    untitled = [pos for pos, title in enumerate(titles) if not title]
    lent: dict[int, str] = {}
    named = lab._NAMED_BY_CONTENT
    for pos in [p for p in untitled if nodes[p].resource_id and nodes[p].role not in named]:
        titles[pos] = names[pos] = nodes[pos].resource_id.rsplit("/", 1)[-1]
    for pos in [p for p in untitled if nodes[p].role in named]:
        node = nodes[pos]
        title = name = ""
        if frame.children[pos]:
            title = below[pos] = lab._first_text_below(frame, pos)
            if inside is None:
                inside = lab.in_scrolling(frame)
            if lab.is_row(frame, pos, inside):
                name = lab.NAME_SEPARATOR.join(lab.shown_texts(frame, pos))
        if title:
            titles[pos] = title
            names[pos] = name or title
            continue
        ancestor = -1 if lab._covers_window(frame, pos) else parents[pos]  # a scrim
        for _ in range(lab.ANCESTOR_LEVELS):
            if ancestor < 0 or title or lab.scrolls_by_nature(nodes[ancestor]):
                break
            title = below.get(ancestor, "") or lab._first_text_below(frame, ancestor)
            below[ancestor] = title
            ancestor = parents[ancestor]
        lent[pos] = title
    unshared(frame, names, lent)  # a text another element is called by is not borrowed
    for pos, title in lent.items():
        node = nodes[pos]
        if not title and node.resource_id:
            title = node.resource_id.rsplit("/", 1)[-1]
        titles[pos] = names[pos] = title
    for cut in (names, titles):
        for pos, text in enumerate(cut):
            if len(text) > lab.MAX_LABEL:
                cut[pos] = lab._cut(text)
    return names, titles


def _list_rows_long_way(frame: Frame) -> dict[int, int]:
    out: dict[int, int] = {}
    for pos, node in enumerate(frame.nodes):
        if pos in out or not lab.scrolls_by_nature(node):
            continue
        kids = frame.children[pos]
        while len(kids) == 1 and frame.children[kids[0]]:
            kids = frame.children[kids[0]]
        for row in kids:
            if frame.children[row] and whole_row(frame, row):
                for p in range(row, frame.subtree_end(row)):
                    out.setdefault(p, row)
    return out


def _check(frame: Frame) -> None:
    names = lab.labels(frame)
    assert (names, frame.__dict__["_label_titles"]) == _labels_long_way(frame)
    assert lab.natures(frame) == list(map(lab.scrolls_by_nature, frame.nodes))
    assert list_rows(frame) == _list_rows_long_way(frame)
    inside, known = lab.in_scrolling(frame), {}  # the walk, asked of every node in any order
    for pos in [*range(0, len(frame), 2), *range(len(frame) - 1, -1, -2)]:
        assert lab._inside(frame.parents, lab.natures(frame), pos, known) == inside[pos]


@pytest.mark.parametrize("path", CAPTURES, ids=lambda p: p.name)
def test_labels_and_rows_are_the_long_way_on_every_real_capture(path: Path) -> None:
    obs = parse_uiautomator(path.read_bytes())
    _check(Frame(obs))
    _check(Frame(elements_to_observation(observation_to_elements(obs))))


_CLASSES = ["android.widget.ScrollView", "androidx.recyclerview.widget.RecyclerView", "V", "T"]


@st.composite
def _tree(draw: st.DrawFn, depth: int = 0) -> Node:
    kids = draw(st.lists(_tree(depth + 1), max_size=3)) if depth < 4 else []
    top = draw(st.integers(0, 9)) * 100
    return Node(
        role=draw(st.sampled_from(["container", "list", "text", "button", "switch", "image"])),
        class_name=draw(st.sampled_from(_CLASSES)),
        resource_id=draw(st.sampled_from(["", "", "app:id/row"])),
        text=draw(st.sampled_from(["", "", "", "Row", "Ken", "x" * 90])),
        content_desc=draw(st.sampled_from(["", "", "avatar"])),
        clickable=draw(st.booleans()),
        scrollable=draw(st.booleans()),
        bounds=Bounds(0, top, 1000, top + 100),
        children=tuple(kids),
    )


@settings(max_examples=80, deadline=None)
@given(st.lists(_tree(), min_size=1, max_size=3))
def test_labels_and_rows_are_the_long_way_on_generated_trees(windows: list[Node]) -> None:
    _check(Frame(Observation(windows=tuple(windows), width=1000, height=2400)))


def _walks_again(frame: Frame) -> int:
    """In one :func:`~deltarec.core.observe.labels.labels` of ``frame``, the walks below a
    position that was walked below already (its answer is kept, "" included)."""
    walked: list[int] = []
    real = lab._first_text_below

    def counting(f: Frame, pos: int) -> str:
        walked.append(pos)
        return real(f, pos)

    lab._first_text_below = counting  # type: ignore[assignment]
    try:
        lab.labels(frame)
    finally:
        lab._first_text_below = real  # type: ignore[assignment]
    return len(walked) - len(set(walked))


def test_no_position_is_walked_below_twice_on_the_real_captures() -> None:
    """The generator that found the cost: over every real capture as element dicts, a form's
    wrappers that show no text above their fields were walked again by each control inside
    them (90 walks again on main; a ``""`` kept read as not kept). Now none."""
    again = 0
    for path in CAPTURES:
        obs = parse_uiautomator(path.read_bytes())
        again += _walks_again(Frame(elements_to_observation(observation_to_elements(obs))))
    assert again == 0


@pytest.mark.parametrize("kept", [0, 4096], ids=["cache empty", "cache full"])
def test_natures_read_each_class_as_scrolls_by_nature_does(
    kept: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """:func:`~deltarec.core.observe.labels.natures` looks each class up inline and reads the
    classes not read yet once each: the same answer as asking every node, whether the class
    cache is empty or full (nothing more is kept then), on every real capture's classes and
    on classes no capture has (a scrolling one among them)."""
    full = {f"never.Seen{i}": False for i in range(kept)}
    monkeypatch.setattr(nat, "_SCROLLING_CLASS", full)
    odd = [
        Node(class_name="com.example.FancyRecyclerView", bounds=Bounds(0, 0, 9, 9)),
        Node(class_name="com.example.Plain", role="list", bounds=Bounds(0, 0, 9, 9)),
        Node(class_name="com.example.Plain2", scrollable=True, bounds=Bounds(0, 0, 9, 9)),
        Node(class_name="Bare", bounds=Bounds(0, 0, 9, 9)),
    ]
    frames = [Frame(Observation(windows=(Node(children=tuple(odd)),), width=9, height=9))]
    frames += [Frame(parse_uiautomator(path.read_bytes())) for path in CAPTURES[::5]]
    for frame in frames:
        got = lab.natures(frame)
        assert got == list(map(lab.scrolls_by_nature, frame.nodes))
        assert all(type(v) is bool for v in got)
    assert lab.natures(frames[0])[1:] == [True, True, True, False]
    if kept:
        assert len(full) == kept  # full: nothing more kept
