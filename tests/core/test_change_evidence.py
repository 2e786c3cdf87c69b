"""Property (hypothesis): a ``~`` pair always shares identity evidence.

Whatever two screens are diffed, every pair the delta reports as changed (a ``~`` line,
a ``changed`` entry) is one element on evidence of its own
(:func:`tests.core.truth.evidence.unexplained`), never on its slot alone.

The screens are generated (random trees, and the same trees mutated: texts edited, nodes
dropped, inserted, reordered, shifted) and the issue's own shape (a button "Spin" at
(0,80) replaced by an unrelated "C" at (0,120)) is one of them; the truth walk checks the
same rule on every step of the virtual phone.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import build_observation
from deltarec.core.diff.compute import compute_delta
from deltarec.core.observe.model import Bounds, Node
from tests.core.test_properties import mutated, screens
from tests.core.truth.evidence import unexplained


@settings(max_examples=120, deadline=None, derandomize=True)
@given(st.data())
def test_every_changed_pair_shares_identity_evidence(data: st.DataObject) -> None:
    prev = data.draw(screens())
    curr = data.draw(st.one_of(screens(), mutated(prev)))
    assert unexplained(compute_delta(prev, curr)) == []


def _button(text: str, top: int) -> Node:
    return Node(
        role="button",
        class_name="android.widget.Button",
        text=text,
        clickable=True,
        bounds=Bounds(0, top, 200, top + 40),
    )


def _column(*buttons: Node) -> Node:
    return Node(
        role="container",
        class_name="android.widget.LinearLayout",
        bounds=Bounds(0, 0, 1000, 400),
        children=buttons,
    )


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    st.lists(st.sampled_from(("OK", "Save", "Spin", "Menu")), min_size=0, max_size=3),
    st.integers(41, 200),
)
def test_an_unrelated_button_in_the_last_slot_is_added_and_the_old_one_removed(
    kept: list[str], gap: int
) -> None:
    """ "Spin" at the end of a column, replaced by "C" lower down (no overlap): ``-``/``+``."""
    before = [_button(t, 40 * i) for i, t in enumerate(kept)]
    spin = _button("Spin", 40 * len(kept) + 40)
    c = _button("C", spin.bounds.top + gap)
    a = build_observation((_column(*before, spin),), screen=(1000, 2400))
    b = build_observation((_column(*before, c),), screen=(1000, 2400))
    d = compute_delta(a, b)
    assert unexplained(d) == []
    assert [d.curr.nodes[x].text for x in d.added] == ["C"]
    assert [d.prev.nodes[x].text for x in d.removed] == ["Spin"]


def test_the_rule_is_not_vacuous_a_pair_by_slot_alone_is_caught() -> None:
    a = build_observation((_column(_button("OK", 0), _button("Spin", 80)),), screen=(1000, 2400))
    b = build_observation((_column(_button("OK", 0), _button("C", 140)),), screen=(1000, 2400))
    slot = compute_delta(a, b, pairs={0: 0, 1: 1, 2: 2})  # "C" paired with "Spin" by slot
    assert unexplained(slot) == [
        "button 'Spin' Bounds(left=0, top=80, right=200, bottom=120)"
        " ~ button 'C' Bounds(left=0, top=140, right=200, bottom=180)"
    ]
