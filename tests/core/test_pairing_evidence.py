"""Generated cases: two elements are the same element only on evidence.

Evidence is shared content (text or description), a shared resource id found once in each
frame, enough overlap, or a scroll that puts one where the other is. Being in the same slot
(the N-th child of paired parents, the last element of a list) is not evidence: a node that
was replaced by an unrelated node reads as ``-`` old and ``+`` new, never as ``~``.

The strategies build a "before" screen and an "after" screen in which some nodes are kept,
some edited in place (the pair the delta must keep as one ``~`` line) and some replaced, at
the same slot, by an unrelated node: other words, another resource id, and a box that
overlaps the old one too little to be the same (IoU < 0.5) or not at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core import delta_index, delta_observation, match_elements
from deltarec.core.capture.uiautomator import build_observation
from deltarec.core.observe.model import Bounds, Node, Observation

OLD_WORDS = ("Spin", "Save", "Delete", "Alpha", "Bravo", "Charlie", "Delta", "Echo", "Fox")
NEW_WORDS = ("Zulu", "Yankee", "Xray", "Whiskey", "Victor", "Uniform", "Tango", "Sierra", "C")
ROLES = ("button", "textbox", "switch", "checkbox", "text")
W, H, PITCH = 40, 20, 40

# A replaced node's vertical shift from its old slot: at least 7 px (IoU with its old box
# < 0.5), at most 26 px (IoU with the next slot < 0.5); or a move far away.
SHIFTS = st.one_of(st.integers(7, 26), st.integers(-26, -7), st.just(80), st.just(-200))


@dataclass(frozen=True)
class Slot:
    fate: str  # "keep" | "edit" | "replace"
    role: str
    shift: int
    far_x: bool


def _el(x: int, y: int, role: str, name: str, **extra: Any) -> dict[str, Any]:
    return {"x": x, "y": y, "width": W, "height": H, "role": role, "name": name, **extra}


@st.composite
def element_pairs(draw: st.DrawFn) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[Slot]]:
    n = draw(st.integers(1, 8))
    slots = [
        Slot(
            draw(st.sampled_from(("keep", "edit", "replace"))),
            draw(st.sampled_from(ROLES)),
            draw(SHIFTS),
            draw(st.booleans()),
        )
        for _ in range(n)
    ]
    before, after = [], []
    for i, s in enumerate(slots):
        y = 300 + i * PITCH
        before.append(_el(0, y, s.role, OLD_WORDS[i], value="v"))
        if s.fate == "keep":
            after.append(_el(0, y, s.role, OLD_WORDS[i], value="v"))
        elif s.fate == "edit":  # same label, same place, new value: one ~ line
            after.append(_el(0, y, s.role, OLD_WORDS[i], value="w"))
        else:
            x = 400 if s.far_x else 0
            after.append(_el(x, y + s.shift, s.role, NEW_WORDS[i], value="n"))
    return before, after, slots


@settings(max_examples=300, deadline=None, derandomize=True)
@given(element_pairs())
def test_a_replaced_element_is_added_and_removed_never_changed(
    case: tuple[list[dict[str, Any]], list[dict[str, Any]], list[Slot]],
) -> None:
    before, after, slots = case
    delta = delta_index(before, after)
    added = {e["name"] for e in delta["added"]}
    removed = {e["name"] for e in delta["removed"]}
    changed = {(c["before"]["name"], c["after"]["name"]) for c in delta["changed"]}
    for i, s in enumerate(slots):
        old = OLD_WORDS[i]
        if s.fate == "replace":
            new = NEW_WORDS[i]
            assert new in added and old in removed, (s, delta)
            assert all(new not in pair and old not in pair for pair in changed)
        elif s.fate == "edit":
            assert (old, old) in changed, (s, delta)
    text = delta_observation(before, after, interactive_only=False, max_lines=200)
    for line in text.splitlines():
        if line.startswith("~"):
            assert not any(f'"{NEW_WORDS[i]}"' in line for i in range(len(slots))), text


@st.composite
def boxes(draw: st.DrawFn, names: tuple[str, ...]) -> dict[str, Any]:
    return {
        "x": draw(st.integers(0, 300)),
        "y": draw(st.integers(0, 300)),
        "width": draw(st.integers(1, 120)),
        "height": draw(st.integers(1, 120)),
        "role": draw(st.sampled_from(("button", "text", ""))),
        "name": draw(st.sampled_from(names)),
    }


def _iou(a: dict[str, Any], b: dict[str, Any]) -> float:
    w = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    if w <= 0 or h <= 0:
        return 0.0
    inter = w * h
    return inter / (a["width"] * a["height"] + b["width"] * b["height"] - inter)


def _share_content(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """The same name or value, or one (3+ characters) inside the other."""
    for k in ("name", "value"):
        x, y = str(a.get(k) or ""), str(b.get(k) or "")
        short, long = sorted((x, y), key=len)
        if short and (short == long or (len(short) >= 3 and short in long)):
            return True
    return False


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    st.lists(boxes(("", "Save", "Delete", "OK")), max_size=6),
    st.lists(boxes(("", "Save", "New", "Cancel")), max_size=6),
    st.sampled_from((0.1, 0.3, 0.5, 0.7, 0.9)),
)
def test_match_elements_honours_its_iou_threshold(
    before: list[dict[str, Any]], after: list[dict[str, Any]], threshold: float
) -> None:
    result = match_elements(before, after, iou_threshold=threshold)
    for pair in result["matched"]:
        b, a = pair["before"], pair["after"]
        assert pair["iou"] >= threshold - 1e-4 or _share_content(b, a), pair
        assert pair["iou"] == round(_iou(b, a), 4)
    assert len(result["matched"]) + len(result["removed"]) == len(before)
    assert len(result["matched"]) + len(result["added"]) == len(after)


# Trees: rows of a settings-like screen (a repeated row id, a title, a summary, a
# content-less divider); some rows replaced at the same slot by an unrelated row.


def _leaf(cls: str, rid: str, text: str, box: Bounds, **kw: Any) -> Node:
    role = "text" if cls.endswith("TextView") else "image"
    return Node(class_name=cls, resource_id=rid, text=text, bounds=box, role=role, **kw)


def _row(
    i: int, top: int, title: str, summary: str, rid: str, left: int = 0, row: str = "app:id/row"
) -> Node:
    return Node(
        class_name="android.widget.LinearLayout",
        resource_id=row,
        role="button",
        clickable=True,
        bounds=Bounds(left, top, left + 600, top + 90),
        children=(
            _leaf("android.widget.TextView", rid, title, Bounds(left, top, left + 400, top + 50)),
            _leaf(
                "android.widget.TextView",
                "android:id/summary",
                summary,
                Bounds(left, top + 50, left + 400, top + 90),
            ),
            _leaf("android.view.View", "", "", Bounds(left + 420, top + 10, left + 440, top + 30)),
        ),
    )


def _screen(rows: list[Node]) -> Observation:
    root = Node(
        class_name="android.widget.FrameLayout",
        bounds=Bounds(0, 0, 1000, 2000),
        children=(
            Node(
                class_name="android.widget.LinearLayout",
                resource_id="app:id/content",
                bounds=Bounds(0, 100, 1000, 2000),
                children=tuple(rows),
            ),
        ),
    )
    return build_observation((root,), screen=(1000, 2000))


@st.composite
def tree_pairs(draw: st.DrawFn) -> tuple[Observation, Observation, list[str]]:
    n = draw(st.integers(1, 6))
    fates = [draw(st.sampled_from(("keep", "summary", "replace"))) for _ in range(n)]
    before, after = [], []
    for i, fate in enumerate(fates):
        top = 100 + i * 100
        before.append(_row(i, top, OLD_WORDS[i], "Off", f"app:id/t{i}"))
        if fate == "keep":
            after.append(_row(i, top, OLD_WORDS[i], "Off", f"app:id/t{i}"))
        elif fate == "summary":  # a row whose summary changed: one ~ line
            after.append(_row(i, top, OLD_WORDS[i], "On", f"app:id/t{i}"))
        else:  # an unrelated row, elsewhere (no overlap), at the same slot; a lone row's id
            # is unique, so evidence: the unrelated one has another (in a list, the same)
            row = "app:id/row" if n > 1 else "app:id/card"
            after.append(_row(i, top, NEW_WORDS[i], "Later", f"app:id/n{i}", 700, row))
    return _screen(before), _screen(after), fates


@settings(max_examples=200, deadline=None, derandomize=True)
@given(tree_pairs())
def test_a_replaced_row_is_never_paired_with_the_row_it_replaced(
    case: tuple[Observation, Observation, list[str]],
) -> None:
    before, after, fates = case
    delta = delta_index(before, after)
    changed = delta["changed"]
    old_texts = {c["before"]["name"] for c in changed}
    for i, fate in enumerate(fates):
        if fate == "replace":
            assert OLD_WORDS[i] not in old_texts, changed
            assert NEW_WORDS[i] in {e["name"] for e in delta["added"]}, delta["added"]
            assert OLD_WORDS[i] in {e["name"] for e in delta["removed"]}
    for c in changed:  # nothing content-less or unrelated is paired across rows that moved
        assert c["before"]["x"] == c["after"]["x"], c
    text = delta_observation(before, after, interactive_only=False, max_lines=200)
    for i, fate in enumerate(fates):
        if fate == "replace":
            assert f'"{OLD_WORDS[i]}"→' not in text and f'→"{NEW_WORDS[i]}"' not in text, text
        if fate == "summary" and not text.startswith("» new screen"):
            assert '"Off"→"On"' in text, text


def test_a_content_less_element_that_stayed_stays_paired_when_the_list_grows() -> None:
    kept = {"x": 0, "y": 0, "width": 10, "height": 10}
    result = match_elements([kept], [kept, {"x": 500, "y": 500, "width": 10, "height": 10}])
    assert [(m["before"]["x"], m["after"]["x"], m["iou"]) for m in result["matched"]] == [
        (0, 0, 1.0)
    ]
    assert [(a["x"], a["y"]) for a in result["added"]] == [(500, 500)]
    assert result["removed"] == []
