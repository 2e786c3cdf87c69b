"""The element-dict commands (core/executor/commands/observation.py): the peer's shapes, pure,
and any JSON at all is a validation error naming its path or a result — never a crash."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import ManualClock, make_virtual_device
from deltarec.core.errors import ScriptValidationError
from deltarec.core.executor import Session
from deltarec.core.executor.commands.observation import (
    AssignStableIds,
    MatchElements,
    ObservationIndex,
    SerializeObservation,
)
from deltarec.core.executor.registry import command_table
from tests.core.executor.conftest import run

FAMILY = (ObservationIndex, SerializeObservation, MatchElements, AssignStableIds)


def _box(x: int, name: str) -> dict[str, Any]:
    return {"role": "button", "name": name, "x": x, "y": 0, "width": 40, "height": 20}


def test_a_script_runs_the_family_without_touching_the_baseline(session: Session) -> None:
    run(session, [["AC_observe"]])
    baseline = session.baseline
    before, after = [_box(0, "Save"), _box(100, "Delete")], [_box(2, "Save"), _box(300, "New")]
    report = run(
        session,
        [
            ["AC_observation_index", {"elements": after, "max_elements": 1}],
            ["AC_serialize_observation", {"elements": after}],
            ["AC_match_elements", {"before": before, "after": after, "iou_threshold": 0.9}],
            ["AC_assign_stable_ids", {"elements": after, "prior": [dict(before[0], id=7)]}],
        ],
    )
    assert [s.ok for s in report.results] == [True] * 4
    assert [s.observation for s in report.results] == [None] * 4
    assert session.baseline is baseline  # what the caller was shown is still the baseline
    index, text, match, ids = (dict(s.result) for s in report.results)
    assert index == {"count": 1, "elements": [dict(after[0], enabled=True, index=0)]}
    assert text == {"observation": '[0] button "Save" @(22,10)\n[1] button "New" @(320,10)',
                    "count": 2}  # fmt: skip
    assert [(m["before"]["name"], m["iou"]) for m in match["matched"]] == [("Save", 0.9048)]
    assert [e["id"] for e in ids["elements"]] == [7, 8]


@pytest.mark.parametrize(
    ("name", "params", "where", "problem"),
    [
        ("AC_observation_index", {}, "$[0][1]", "elements"),
        ("AC_match_elements", {"before": [], "after": 3}, "$[0][1].after", "expected"),
        (
            "AC_match_elements",
            {"before": [], "after": [], "iou_threshold": 2},
            "iou_threshold",
            "0..1",
        ),
        ("AC_assign_stable_ids", {"elements": "<hierarchy/>"}, "$[0][1].elements", "array"),
        ("AC_assign_stable_ids", {"elements": [{"x": "ten"}]}, "$[0][1].elements", "$[0].x"),
        ("AC_serialize_observation", {"elements": [], "viewport": [1]}, "viewport", "4"),
    ],
)
def test_bad_parameters_name_where(
    session: Session, name: str, params: dict[str, Any], where: str, problem: str
) -> None:
    with pytest.raises(ScriptValidationError) as info:
        run(session, [[name, params]])
    message = str(info.value)
    assert where in message and problem in message, message


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


def mostly(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``valid`` four times in five, any JSON the fifth."""
    return st.one_of(valid, valid, valid, valid, JSON)


ELEMENT = st.fixed_dictionaries(
    {},
    optional={
        **dict.fromkeys(["x", "y", "width", "height", "id"], mostly(st.integers(0, 600))),
        **dict.fromkeys(["role", "name", "value"], mostly(st.text(max_size=6))),
        **dict.fromkeys(["enabled", "checked"], mostly(st.booleans())),
        "bounds": mostly(st.lists(st.integers(0, 600), min_size=4, max_size=4)),
    },
)
ELEMENTS = mostly(
    st.lists(st.one_of(ELEMENT, st.builds(lambda e, k: dict(e, children=k), ELEMENT,
                                          st.lists(ELEMENT, max_size=2))), max_size=6)
)  # fmt: skip
IOU = mostly(st.floats(0, 1))
PARAMS = {
    ObservationIndex: ({"elements": ELEMENTS}, {
        "viewport": mostly(st.lists(st.integers(-10, 600), min_size=4, max_size=4)),
        "max_elements": mostly(st.integers(1, 9)), "interactive_only": mostly(st.booleans())}),
    MatchElements: ({"before": ELEMENTS, "after": ELEMENTS}, {"iou_threshold": IOU}),
    AssignStableIds: ({"elements": ELEMENTS}, {"prior": ELEMENTS, "iou_threshold": IOU}),
}  # fmt: skip
PARAMS[SerializeObservation] = PARAMS[ObservationIndex]

SESSION = Session(make_virtual_device(clock=ManualClock()), clock=ManualClock(0))


@st.composite
def calls(draw: st.DrawFn) -> tuple[Any, dict[str, Any]]:
    cls = draw(st.sampled_from(FAMILY))
    required, optional = PARAMS[cls]
    params = draw(st.fixed_dictionaries(required, optional=optional))
    return cls, params


@settings(max_examples=150, deadline=None)
@given(calls())
def test_any_json_is_refused_with_its_path_or_answered(call: tuple[Any, dict[str, Any]]) -> None:
    cls, params = call
    try:
        command = cls.parse(params, "$")
    except ScriptValidationError as exc:
        assert exc.path.startswith("$"), exc
        return
    outcome = SESSION.execute(command)
    assert outcome.ok, outcome.error
    json.dumps(outcome.result)  # JSON as it is returned


def test_the_family_is_registered_read_only() -> None:
    table = command_table()
    for cls in FAMILY:
        assert table[cls.name] is cls and cls.category.value == "readonly"
        assert not cls.resets_baseline and cls.__doc__ and "Timeout" in cls.__doc__
