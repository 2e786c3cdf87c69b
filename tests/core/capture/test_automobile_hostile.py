"""Hostile AutoMobile JSON: every refusal is a CaptureParseError naming the JSON path, nesting
and size are bounded by the one input boundary, and any junk anywhere fails that way only."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.boundary import MAX_BYTES, MAX_DEPTH
from deltarec.core.capture.jsonio import load_capture
from deltarec.core.cli.main import EXIT_BAD_INPUT, main
from deltarec.core.errors import CaptureParseError
from tests.conftest import ROOT

REAL = ROOT / "fixtures" / "automobile" / "text-input-empty.json"
NODES = "$.viewHierarchy.hierarchy.node"


def document(*windows: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"viewHierarchy": {"hierarchy": {"node": list(windows)}}, **top}


def refusal(data: Any) -> CaptureParseError:
    with pytest.raises(CaptureParseError) as caught:
        load_capture(json.dumps(data).encode(), source="a.json")
    return caught.value


OK = {"className": "B", "bounds": {"left": 0, "top": 0, "right": 9, "bottom": 9}}


@pytest.mark.parametrize(
    ("bad", "where", "problem"),
    [
        ({"bounds": {"left": 0, "top": 0, "right": 9}}, f"{NODES}[0].node[0].bounds", "lack"),
        (
            {"bounds": {"left": "0", "top": 0, "right": 9, "bottom": 9}},
            f"{NODES}[0].node[0].bounds.left",
            "must be a number",
        ),
        ({"bounds": [0, 0, 9]}, f"{NODES}[0].node[0].bounds", "bounds must be"),
        (
            {"bounds": [0, 0, 2**31, 9]},
            f"{NODES}[0].node[0].bounds",
            "out of range",
        ),
        ({"clickable": "yes"}, f"{NODES}[0].node[0].clickable", "a flag must be"),
        ({"focused": 1}, f"{NODES}[0].node[0].focused", "a flag must be"),
        ({"text": 5}, f"{NODES}[0].node[0].text", "text must be a string"),
        ({"className": ["x"]}, f"{NODES}[0].node[0].className", "must be a string"),
        ({"extras": "[]"}, f"{NODES}[0].node[0].extras", "extras must be an object"),
        ({"node": "child"}, f"{NODES}[0].node[0].node", "an object or a list"),
        ({"node": [1]}, f"{NODES}[0].node[0].node[0]", "a node must be an object"),
    ],
)
def test_a_bad_field_is_refused_naming_its_path(
    bad: dict[str, Any], where: str, problem: str
) -> None:
    error = refusal(document({"className": "W", "node": [{**OK, **bad}]}))
    assert error.where == f"a.json, {where}"
    assert problem in error.problem


@pytest.mark.parametrize(
    ("top", "where"),
    [
        ({"rotation": 5}, "a.json, $.rotation"),
        ({"rotation": "0"}, "a.json, $.rotation"),
        ({"screenSize": {"width": "1080", "height": 2400}}, "a.json, $.screenSize.width"),
        ({"activeWindow": {"appId": 7}}, "a.json, $.activeWindow.appId"),
        ({"focusedElement": [1]}, "a.json, $.focusedElement"),
    ],
)
def test_bad_frame_facts_are_refused_naming_their_path(top: dict[str, Any], where: str) -> None:
    assert refusal(document(OK, **top)).where == where


def test_hierarchy_and_windows_must_have_their_shapes() -> None:
    assert refusal({"viewHierarchy": {"hierarchy": 3}}).where == "a.json, $.viewHierarchy.hierarchy"
    assert refusal({"viewHierarchy": {"hierarchy": {"node": 3}}}).where == f"a.json, {NODES}"


def chain(levels: int) -> dict[str, Any]:
    node: dict[str, Any] = {"className": "L"}
    for _ in range(levels - 1):
        node = {"className": "L", "node": node}
    return {"viewHierarchy": {"hierarchy": {"node": node}}}


def test_nesting_is_bounded_by_the_node_limit_and_the_json_limit() -> None:
    load_capture(json.dumps(chain(MAX_DEPTH)))  # the deepest tree taken
    error = refusal(chain(MAX_DEPTH + 1))
    assert error.problem == f"nodes nest deeper than {MAX_DEPTH} levels"
    assert error.where == f"a.json, $.viewHierarchy.hierarchy(.node)×{MAX_DEPTH + 1}"  # folded
    # Deeper than JSON nesting allows: refused by the JSON reader, before any recursion.
    levels = 5 * MAX_DEPTH
    text = '{"viewHierarchy": {"hierarchy": ' + '{"node": ' * levels + "{}" + "}" * levels + "}}"
    with pytest.raises(CaptureParseError, match="JSON nests deeper"):
        load_capture(text.encode())


def test_size_is_bounded_before_parsing() -> None:
    with pytest.raises(CaptureParseError, match="byte limit"):
        load_capture(b'{"viewHierarchy": ' + b" " * MAX_BYTES + b"}")


JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=6,
)


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, sub in value.items():
            out.extend(places(sub, (*path, key)))
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            out.extend(places(sub, (*path, i)))
    return out


SMALL = document(
    {
        "className": "F",
        "bounds": {"left": 0, "top": 0, "right": 99, "bottom": 99},
        "node": {"text": "Hi", "clickable": "true", "extras": {"k": "v"}, "bounds": [0, 0, 9, 9]},
    },
    focusedElement={"text": "Hi", "bounds": [0, 0, 9, 9]},
    screenSize={"width": 99, "height": 99},
    rotation=0,
)
PLACES = places(SMALL)[1:]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(PLACES), JUNK)
def test_junk_anywhere_is_read_or_refused_as_a_capture_error(
    place: tuple[Any, ...], junk: Any
) -> None:
    data = copy.deepcopy(SMALL)
    target = data
    for step in place[:-1]:
        target = target[step]
    target[place[-1]] = junk
    try:
        text = json.dumps(data)
    except ValueError:  # NaN and the like: JSON cannot carry them
        return
    try:
        load_capture(text.encode())
    except CaptureParseError as error:
        assert error.where.startswith("$") or error.where.startswith("<json>")


def test_the_cli_exits_2_naming_the_file_and_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(REAL.read_text())
    data["viewHierarchy"]["hierarchy"]["node"][0]["node"]["bounds"]["top"] = "zero"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert main(["delta", str(REAL), str(bad)]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert err.startswith("deltarec: error: a coordinate must be a number, got str")
    assert f"{bad}, {NODES}[0].node.bounds.top" in err
