"""Element dicts to and from observations."""

from __future__ import annotations

import pytest

from deltarec.core import CaptureParseError, elements_to_observation, observation_to_elements


def test_xywh_and_bounds_forms_are_the_same_element() -> None:
    a = elements_to_observation(
        [{"role": "button", "name": "OK", "x": 1, "y": 2, "width": 3, "height": 4}]
    )
    b = elements_to_observation([{"role": "button", "name": "OK", "bounds": [1, 2, 4, 6]}])
    assert a.windows == b.windows


@pytest.mark.parametrize("raw", ["false", "0", "no", "off", "", "FALSE", 0, None])
def test_boolean_ish_false(raw: object) -> None:
    obs = elements_to_observation([{"role": "button", "name": "x", "enabled": raw}])
    assert obs.windows[0].children[0].enabled is False


def test_round_trip_keeps_role_name_value_children() -> None:
    items = [
        {
            "role": "list",
            "name": "Inbox",
            "x": 0,
            "y": 0,
            "width": 100,
            "height": 100,
            "enabled": True,
            "children": [
                {
                    "role": "textbox",
                    "name": "To",
                    "x": 0,
                    "y": 0,
                    "width": 100,
                    "height": 10,
                    "enabled": True,
                    "value": "bob",
                },
            ],
        }
    ]
    assert observation_to_elements(elements_to_observation(items)) == items


def test_role_spellings_are_normalised() -> None:
    obs = elements_to_observation(
        [{"role": r, "name": r} for r in ("Edit", "pushbutton", "radiobutton", "hyperlink")]
    )
    assert [n.role for n in obs.windows[0].children] == ["textbox", "button", "radio", "link"]


@pytest.mark.parametrize(
    ("items", "where"),
    [
        ("nope", "$"),
        ([1], "$[0]"),
        ([{"x": "ten"}], "$[0].x"),
        ([{"bounds": [1, 2]}], "$[0].bounds"),
        ([{"children": [{"children": 5}]}], "$[0].children[0].children"),
    ],
)
def test_malformed_elements_name_the_json_path(items: object, where: str) -> None:
    with pytest.raises(CaptureParseError) as info:
        elements_to_observation(items)
    assert info.value.where == where
