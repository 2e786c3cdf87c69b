"""The peer library's observation names (je_auto_control 1.0.6, MIT), by its documented
behaviour: ``flatten_tree``, ``assign_stable_ids``, ``match_elements``, ``delta_index``.

Its upstream unit tests (``test/unit_test/headless/test_observation_delta_batch.py``,
``test_element_diff_batch.py``, ``test_observation_batch.py``) are not in its sdist; run
against deltarec with their imports adapted they pass 18 of 21: the three that do not are
``test_wiring`` (its executor commands ``AC_*``, MCP tools and Script Builder specs, names
deltarec does not offer). These tests check the same behaviours in deltarec's own words.
"""

from __future__ import annotations

from typing import Any

import deltarec.core
from deltarec.core import (
    assign_stable_ids,
    delta_index,
    delta_observation,
    flatten_tree,
    match_elements,
)


def _button(x: int, y: int, name: str, w: int = 40, h: int = 20) -> dict[str, Any]:
    return {"role": "button", "name": name, "x": x, "y": y, "width": w, "height": h}


def test_a_button_replaced_below_its_slot_is_removed_and_the_new_one_added() -> None:
    prev = [_button(0, 0, "A"), _button(0, 40, "B"), _button(0, 80, "Spin")]
    curr = [_button(0, 0, "A"), _button(0, 40, "B2"), _button(0, 120, "C")]
    d = delta_index(prev, curr)
    assert [e["name"] for e in d["added"]] == ["C"]
    assert [e["name"] for e in d["removed"]] == ["Spin"]
    assert [(c["before"]["name"], c["after"]["name"], c["fields"]) for c in d["changed"]] == [
        ("B", "B2", ["name"])
    ]
    assert [e["name"] for e in d["stable"]] == ["A"]
    assert delta_observation(prev, curr) == "\n".join(
        [
            '+ [3] button "C"',  # Spin had [2]: a number is never given to another element
            '~ [1] button "B2" (content-desc: "B"→"B2")',
            '- button "Spin"',
        ]
    )


def test_match_elements_pairs_the_overlapping_and_leaves_the_rest() -> None:
    before = [_button(10, 10, "Save"), _button(100, 10, "Delete")]
    after = [_button(12, 11, "Save"), _button(300, 300, "New", 50, 25)]
    result = match_elements(before, after)
    assert [(m["before"]["name"], m["after"]["name"]) for m in result["matched"]] == [
        ("Save", "Save")
    ]
    assert [e["name"] for e in result["added"]] == ["New"]
    assert [e["name"] for e in result["removed"]] == ["Delete"]


def test_match_elements_below_the_threshold_is_no_pair() -> None:
    box = {"x": 0, "y": 0, "width": 10, "height": 10}
    result = match_elements([box], [dict(box, x=50)], iou_threshold=0.5)
    assert (result["matched"], len(result["added"]), len(result["removed"])) == ([], 1, 1)
    assert match_elements([box], [box])["matched"][0]["iou"] == 1.0


def test_assign_stable_ids_fresh_then_carried_then_beyond_the_highest() -> None:
    first = assign_stable_ids([_button(10, 10, "Save"), _button(100, 10, "Delete")])
    assert [e["id"] for e in first] == [0, 1]
    second = assign_stable_ids([_button(12, 11, "Save"), _button(300, 300, "New")], first)
    assert {e["name"]: e["id"] for e in second} == {"Save": 0, "New": 2}
    # deltarec's better answer: content is evidence too; a far move keeps the id, and a
    # prior id is taken once
    third = assign_stable_ids([_button(500, 500, "Save"), _button(12, 11, "Other")], second)
    assert {e["name"]: e["id"] for e in third} == {"Save": 0, "Other": 3}


def test_flatten_tree_keeps_interactive_roles_unless_asked_for_all() -> None:
    tree = [
        {
            "role": "window",
            "name": "App",
            "children": [
                {"role": "button", "name": "Save"},
                {"role": "textbox", "name": "Search"},
                {"role": "label", "name": "static"},
            ],
        }
    ]
    assert [(e["role"], e["name"]) for e in flatten_tree(tree)] == [
        ("button", "Save"),
        ("textbox", "Search"),
    ]
    everything = flatten_tree(tree, interactive_only=False)
    assert [e["role"] for e in everything] == ["window", "button", "textbox", "label"]
    assert all("children" not in e for e in everything)


def test_the_names_are_exported() -> None:
    for name in ("assign_stable_ids", "flatten_tree", "match_elements", "delta_index"):
        assert name in deltarec.core.__all__
