"""The peer library's observation names (je_auto_control 1.0.6, MIT), by its documented
behaviour: ``flatten_tree``, ``assign_stable_ids``, ``match_elements``, ``delta_index``,
``summarize_delta``.

Its own upstream unit tests run in ``tests/peer_upstream/`` (imports adapted, assertions as
published). These are ours: the same behaviours in deltarec's words, and generators for the
promises the examples only sample — geometry alone never pairs below ``iou_threshold``, ids
are carried on evidence and new ones start beyond the highest, and a change reads the same
in ``summarize_delta`` as in ``delta_observation``.
"""

from __future__ import annotations

import ast
import inspect
import re
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import deltarec.core
from deltarec.core import (
    assign_stable_ids,
    delta_index,
    delta_observation,
    flatten_tree,
    match_elements,
    observation_to_elements,
    parse_uiautomator,
    summarize_delta,
)
from tests.conftest import REAL_DUMPS


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


# ------------------------------------------------------------------ generators
NAMES = st.sampled_from(["", "", "Save", "Save all", "Delete", "OK"])
THRESHOLDS = st.one_of(st.sampled_from([0.0, 0.5, 1.0]), st.floats(0.0, 1.0))


NO_NAME = st.just("")
COORD = st.integers(0, 8).map(lambda v: v * 10)  # on a grid: boxes touch, nest and overlap
SIZE = st.one_of(st.integers(1, 4).map(lambda v: v * 10), st.integers(1, 45))


def _boxes(names: st.SearchStrategy[str] = NO_NAME) -> st.SearchStrategy[list[Any]]:
    box = st.builds(
        lambda x, y, w, h, name: {"x": x, "y": y, "width": w, "height": h, "name": name},
        COORD,
        COORD,
        SIZE,
        SIZE,
        names,
    )
    return st.lists(box, max_size=7)


def _iou(a: dict[str, Any], b: dict[str, Any]) -> float:
    """The oracle: intersection over union of two x/y/width/height boxes."""
    w = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    inter = max(0, w) * max(0, h)
    union = a["width"] * a["height"] + b["width"] * b["height"] - inter
    return inter / union


def _evidence(a: dict[str, Any], b: dict[str, Any], threshold: float) -> bool:
    """Overlap at the threshold (and above 0), or the same content (one name in the other)."""
    overlap = _iou(a, b)
    if overlap > 0 and overlap >= threshold:
        return True
    x, y = a["name"], b["name"]
    return bool(x and y and (x in y or y in x))


def _b(x: int, y: int, w: int, h: int) -> dict[str, Any]:
    return {"x": x, "y": y, "width": w, "height": h, "name": ""}


@settings(max_examples=300, deadline=None)
@given(_boxes(), _boxes(), THRESHOLDS)
# Found by this generator: the matcher paired the two 20×10 boxes (IoU 0), where the
# square and the tall box (IoU 0.5) were left apart.
@example([_b(0, 0, 10, 10), _b(0, 10, 20, 10)], [_b(0, 0, 10, 20), _b(0, 0, 20, 10)], 0.5)
def test_geometry_alone_never_pairs_boxes_below_the_threshold(
    before: list[Any], after: list[Any], threshold: float
) -> None:
    result = match_elements(before, after, iou_threshold=threshold)
    for pair in result["matched"]:
        overlap = _iou(pair["before"], pair["after"])
        assert overlap > 0 and overlap >= threshold, pair
    assert len(result["matched"]) + len(result["added"]) == len(after)
    assert len(result["matched"]) + len(result["removed"]) == len(before)
    delta = delta_index(before, after, iou_threshold=threshold)
    assert (len(delta["added"]), len(delta["removed"])) == (
        len(result["added"]),
        len(result["removed"]),
    )


@settings(deadline=None)
@given(_boxes(NAMES), _boxes(NAMES), THRESHOLDS)
def test_every_pair_has_evidence_and_elements_come_back_as_given(
    before: list[Any], after: list[Any], threshold: float
) -> None:
    result = match_elements(before, after, iou_threshold=threshold)
    assert all(_evidence(m["before"], m["after"], threshold) for m in result["matched"])
    returned_before = [m["before"] for m in result["matched"]] + result["removed"]
    returned_after = [m["after"] for m in result["matched"]] + result["added"]
    assert sorted(map(repr, returned_before)) == sorted(map(repr, before))
    assert sorted(map(repr, returned_after)) == sorted(map(repr, after))


@settings(deadline=None)
@given(
    _boxes(NAMES),
    st.lists(st.integers(0, 50), unique=True, max_size=7),
    _boxes(NAMES),
    THRESHOLDS,
)
@example([_b(0, 0, 10, 10), _b(0, 10, 20, 10)], [0, 1], [_b(0, 0, 10, 20), _b(0, 0, 20, 10)], 0.5)
def test_ids_are_carried_on_evidence_and_new_ones_start_beyond_the_highest(
    prior_boxes: list[Any], prior_ids: list[int], elements: list[Any], threshold: float
) -> None:
    assert [e["id"] for e in assign_stable_ids(elements)] == list(range(len(elements)))
    prior = [dict(b, id=i) for b, i in zip(prior_boxes, prior_ids, strict=False)]
    out = assign_stable_ids(elements, prior, iou_threshold=threshold)
    ids = [e["id"] for e in out]
    assert len(set(ids)) == len(ids)
    assert [{k: v for k, v in e.items() if k != "id"} for e in out] == elements
    by_id = {p["id"]: p for p in prior}
    top = max(by_id, default=-1)
    for element, new_id in zip(elements, ids, strict=True):
        if new_id in by_id:
            assert _evidence(by_id[new_id], element, threshold), (by_id[new_id], element)
    fresh = [i for i in ids if i not in by_id]
    assert fresh == list(range(top + 1, top + 1 + len(fresh)))


EDITS = st.sampled_from(
    [
        {"name": "Renamed"},
        {"value": "typed"},
        {"checked": True},
        {"enabled": False},
        {"selected": True},
        {"name": "Renamed", "enabled": False},
    ]
)


@settings(deadline=None)  # the first call loads the tokenizer
@given(st.sampled_from(["button", "checkbox", "textbox", "switch"]), EDITS)
def test_a_change_reads_the_same_in_summarize_delta_and_delta_observation(
    role: str, edit: dict[str, Any]
) -> None:
    before = {"role": role, "name": "Wifi", "x": 0, "y": 0, "width": 90, "height": 20}
    after = dict(before, **edit)
    pipeline = delta_observation([before], [after], interactive_only=False)
    summary = summarize_delta(delta_index([before], [after]))
    said = re.findall(r"^~ .*? (\(.*\))$", pipeline, re.MULTILINE)
    assert said, pipeline
    assert summary.endswith(said[0]), (pipeline, summary)
    assert "name:" not in summary  # the field is "name"; the attribute shown, content-desc


# ------------------------------------------------------------------ real captures
def _real_frames() -> dict[str, list[list[dict[str, Any]]]]:
    """Each real folder's captures in order, as flat element lists (as an agent keeps them)."""
    out = {}
    for folder in sorted({path.parent for path in REAL_DUMPS.rglob("*.xml")}):
        frames = [
            observation_to_elements(parse_uiautomator(path.read_bytes(), source=path.name))
            for path in sorted(folder.glob("*.xml"))
        ]
        name = folder.relative_to(REAL_DUMPS).as_posix()
        out[name] = [flatten_tree(f, interactive_only=False) for f in frames]
    return out


REAL_FRAMES = _real_frames()


def _shown(e: dict[str, Any]) -> list[str]:
    return [
        t for t in (e.get("name", ""), e.get("value", "") if e["role"] == "textbox" else "") if t
    ]


def _real_evidence(a: dict[str, Any], b: dict[str, Any], threshold: float) -> bool:
    overlap = _iou(a, b) if a["width"] * a["height"] and b["width"] * b["height"] else 0.0
    same_box = all(a[k] == b[k] for k in ("x", "y", "width", "height"))
    if same_box or (overlap > 0 and overlap >= threshold):
        return True
    return any(x in y or y in x for x in _shown(a) for y in _shown(b))


@pytest.mark.parametrize("folder", sorted(REAL_FRAMES))
def test_ids_along_every_real_sequence_are_carried_on_evidence(folder: str) -> None:
    for threshold in (0.3, 0.5, 0.9):
        frames = REAL_FRAMES[folder]
        prior = assign_stable_ids(frames[0])
        for elements in frames[1:]:
            out = assign_stable_ids(elements, prior, iou_threshold=threshold)
            ids = [e["id"] for e in out]
            assert len(set(ids)) == len(ids)
            by_id, top = {p["id"]: p for p in prior}, max(p["id"] for p in prior)
            for element in out:
                if element["id"] in by_id:
                    assert _real_evidence(by_id[element["id"]], element, threshold), element
            fresh = [i for i in ids if i not in by_id]
            assert fresh == list(range(top + 1, top + 1 + len(fresh)))
            prior = out


@pytest.mark.parametrize("folder", sorted(REAL_FRAMES))
def test_every_real_capture_matches_itself_whole(folder: str) -> None:
    for elements in REAL_FRAMES[folder]:
        result = match_elements(elements, elements)
        assert (result["added"], result["removed"]) == ([], [])
        assert [m["before"] for m in result["matched"]] == elements
        assert all(m["after"] == m["before"] and m["iou"] == 1.0 for m in result["matched"])


# ------------------------------------------------------------------ signatures
PEER_SIGNATURES = {
    # je_auto_control 1.0.6, parameters as inspect.signature prints them (annotations dropped)
    "flatten_tree": "(elements, *, interactive_only=True)",
    "observation_index": "(elements, *, viewport=None, max_elements=80, interactive_only=True)",
    "serialize_observation": "(elements, *, viewport=None, max_elements=80, interactive_only=True)",
    "assign_stable_ids": "(elements, prior=None, *, iou_threshold=0.5)",
    "match_elements": "(before, after, *, iou_threshold=0.5)",
    "delta_index": "(prev, curr, *, iou_threshold=0.5, move_threshold=5)",
    "summarize_delta": "(delta, *, max_lines=40)",
    "delta_observation": "(prev, curr, *, viewport=None, max_elements=80, interactive_only=True, "
    "iou_threshold=0.5, move_threshold=5, max_lines=40)",
}


def _plain(signature: inspect.Signature) -> list[inspect.Parameter]:
    return [p.replace(annotation=inspect.Parameter.empty) for p in signature.parameters.values()]


@pytest.mark.parametrize("name", sorted(PEER_SIGNATURES))
def test_every_peer_call_is_a_deltarec_call(name: str) -> None:
    """Every parameter of the peer's function is ours too: same name, kind and default (ours
    may add keyword-only ones, such as ``max_tokens``)."""
    peer = inspect.Signature(
        [
            inspect.Parameter(
                p.split("=")[0],
                inspect.Parameter.KEYWORD_ONLY if star else inspect.Parameter.POSITIONAL_OR_KEYWORD,
                default=ast.literal_eval(p.split("=")[1]) if "=" in p else inspect.Parameter.empty,
            )
            for star, p in _parts(PEER_SIGNATURES[name])
        ]
    )
    ours = {p.name: p for p in _plain(inspect.signature(getattr(deltarec.core, name)))}
    for p in peer.parameters.values():
        assert ours.get(p.name) == p, (name, p, ours.get(p.name))


def _parts(text: str) -> list[tuple[bool, str]]:
    out, star = [], False
    for part in text.strip("()").split(", "):
        if part == "*":
            star = True
        else:
            out.append((star, part))
    return out
