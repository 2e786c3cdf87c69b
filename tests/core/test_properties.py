"""Invariants (hypothesis): apply inverts diff, budgets hold, rendering is deterministic, "no change"
only for an empty diff, no change from a value to itself, a delta never dearer than the frame."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core import (
    apply_diff,
    count_tokens,
    diff_observations,
    observe_delta,
    without_volatile,
)
from deltarec.core.capture.uiautomator import build_observation
from deltarec.core.observe.model import Bounds, Node, Observation
from deltarec.core.observer import FULL_FRAME_MARK
from deltarec.core.render.frame_text import frame_lines

CLASSES = [
    "android.widget.TextView",
    "android.widget.Button",
    "android.widget.EditText",
    "android.widget.Switch",
    "android.widget.LinearLayout",
]
TEXTS = ["", "OK", "Name", "zr", 'say "hi"', "a\nb", "ü", "Row"]


@st.composite
def trees(draw: st.DrawFn, depth: int = 0) -> Node:
    cls = draw(st.sampled_from(CLASSES))
    top = draw(st.integers(0, 2000))
    kids = (
        draw(st.lists(trees(depth + 1), max_size=4)) if depth < 3 and cls.endswith("Layout") else []
    )
    return Node(
        role="container" if cls.endswith("Layout") else cls.rsplit(".", 1)[-1].lower(),
        class_name=cls,
        resource_id=draw(st.sampled_from(["", "app:id/a", "app:id/b"])),
        text=draw(st.sampled_from(TEXTS)),
        bounds=Bounds(0, top, 1000, top + draw(st.integers(0, 300))),
        checked=draw(st.booleans()),
        enabled=draw(st.booleans()),
        focused=draw(st.booleans()),
        children=tuple(kids),
    )


def screens() -> st.SearchStrategy[Observation]:
    return st.lists(trees(), min_size=1, max_size=3).map(
        lambda ws: build_observation(tuple(ws), screen=(1000, 2400))
    )


@st.composite
def mutated(draw: st.DrawFn, obs: Observation) -> Observation:
    """A plausible next step: some nodes changed, dropped, duplicated or shifted."""

    def mutate(node: Node) -> Node:
        kids = [mutate(k) for k in node.children if not draw(st.booleans()) or draw(st.booleans())]
        if kids and draw(st.booleans()):
            kids.insert(draw(st.integers(0, len(kids))), draw(trees(2)))
        if kids and draw(st.booleans()):
            kids.reverse()
        dy = draw(st.sampled_from([0, 0, -50]))
        b = node.bounds
        return replace(
            node,
            text=draw(st.sampled_from([node.text, *TEXTS])),
            checked=draw(st.booleans()),
            bounds=Bounds(b.left, b.top + dy, b.right, b.bottom + dy),
            children=tuple(kids),
        )

    return build_observation(tuple(mutate(w) for w in obs.windows), screen=(1000, 2400))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_apply_diff_inverts_diff(data: st.DataObject) -> None:
    prev = data.draw(screens())
    curr = data.draw(st.one_of(screens(), mutated(prev)))
    rebuilt = apply_diff(prev, diff_observations(prev, curr))
    assert without_volatile(rebuilt) == without_volatile(curr)


@settings(max_examples=80, deadline=None)
@given(st.data(), st.integers(0, 120), st.integers(0, 30))
def test_rendered_delta_never_exceeds_its_budget(
    data: st.DataObject, tokens: int, lines: int
) -> None:
    prev = data.draw(screens())
    curr = data.draw(mutated(prev))
    text = observe_delta(prev, curr, max_tokens=tokens, max_lines=lines).text
    assert count_tokens(text) <= tokens
    content = [line for line in text.splitlines() if not line.startswith("… (+")]
    assert len(content) <= max(lines, 0) or text == ""


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_rendering_is_deterministic(data: st.DataObject) -> None:
    prev = data.draw(screens())
    curr = data.draw(mutated(prev))
    assert observe_delta(prev, curr).text == observe_delta(prev, curr).text
    assert diff_observations(prev, curr) == diff_observations(prev, curr)


@settings(max_examples=60, deadline=None)
@given(screens())
def test_a_frame_against_itself_is_no_change(obs: Observation) -> None:
    assert observe_delta(obs, obs).text == "no change"


@settings(max_examples=100, deadline=None)
@given(st.data(), st.integers(1, 40))
def test_no_change_only_for_an_empty_diff_and_never_a_change_to_the_same(
    data: st.DataObject, max_lines: int
) -> None:
    prev = data.draw(screens())
    curr = data.draw(st.one_of(screens(), mutated(prev)))
    result = observe_delta(prev, curr, max_lines=max_lines)
    diff = result.diff
    if result.text == "no change":
        assert not (diff["added"] or diff["removed"] or diff["changed"] or diff["scrolls"])
        assert not diff["fields"]
    for entry in diff["changed"]:
        for name, ft in entry["changes"].items():
            assert ft.get("from") != ft["to"], (name, ft)
    full = "\n".join([FULL_FRAME_MARK, *frame_lines(result.index, tree=False)][: max_lines + 1])
    assert count_tokens(result.text) <= count_tokens(full) + 8  # the "… (+N more)" marker
