"""Selectors: JSON parsing with paths, strict resolution on Playground screens, fallbacks, waits."""

from __future__ import annotations

import pytest

from deltarec.core.devices.virtual import ManualClock, make_virtual_device
from deltarec.core.errors import AmbiguousSelectorError, ElementNotFoundError, ScriptValidationError
from deltarec.core.executor import Selector, resolve, wait_for
from deltarec.core.executor.selectors import find_all, poll, resolve_one
from deltarec.core.observe.index import ElementIndex
from tests.core.executor.conftest import APP


def screen_of(activity: str) -> ElementIndex:
    from deltarec.core.observe.frame import Frame
    from deltarec.core.observer import index_frame

    device = make_virtual_device(clock=ManualClock())
    device.launch_app(APP, f".{activity}")
    return index_frame(Frame(device.capture()))


@pytest.fixture(scope="module")
def settings() -> ElementIndex:
    return screen_of("SettingsActivity")


@pytest.fixture(scope="module")
def sign_up() -> ElementIndex:
    return screen_of("SignUpActivity")


# ------------------------------------------------------------------------ JSON


def test_aliases_parse_to_canonical_fields() -> None:
    for spelling in ("resource_id", "resource-id", "resourceId", "id"):
        assert Selector.from_json({spelling: "app:id/x"}) == Selector(resource_id="app:id/x")
    sel = Selector.from_json({"content-desc": "Up", "class": "Button", "alternates": [{"id": "u"}]})
    assert sel.to_json() == {
        "content_desc": "Up",
        "class_name": "Button",
        "alternates": [{"resource_id": "u"}],
    }
    assert Selector.from_json(sel.to_json()) == sel


@pytest.mark.parametrize(
    ("data", "path", "problem"),
    [
        ("Save", "$", "a selector must be an object, got a string"),
        ({}, "$", "needs at least one field"),
        ({"index": -1}, "$.index", "must be in 0..1000000"),
        ({"index": "3"}, "$.index", "expected an integer"),
        ({"key": ""}, "$.key", "must not be empty"),
        ({"text": "a", "alternates": {"text": "b"}}, "$.alternates", "expected an array"),
        (
            {"text": "a", "alternates": [{"text": "b", "alternates": []}]},
            "$.alternates[0].alternates",
            "unknown selector field",
        ),
        ({"text": "a", "alternates": [{}] * 17}, "$.alternates", "at most 16"),
        ({"resource id": "a"}, '$["resource id"]', "unknown selector field"),
    ],
)
def test_bad_selectors_name_the_path(data: object, path: str, problem: str) -> None:
    with pytest.raises(ScriptValidationError) as caught:
        Selector.from_json(data, "$")
    assert caught.value.path == path and problem in caught.value.problem


def test_describe() -> None:
    assert Selector(index=3).describe() == "[3]"
    assert (
        Selector(text='say "hi"', role="button").describe()
        == '{text="say \\"hi\\"", role="button"}'
    )


# ------------------------------------------------------------------ resolution


def test_fields_match_exactly_and_together(sign_up: ElementIndex) -> None:
    assert str(resolve_one(Selector(resource_id="name"), sign_up)) == '[6] textbox "Name"'
    full = Selector(resource_id="dev.deltarec.playground:id/name")
    assert resolve_one(full, sign_up).pos == resolve_one(Selector(resource_id="name"), sign_up).pos
    assert (
        str(resolve_one(Selector(class_name="CheckBox"), sign_up)) == '[9] checkbox "Send me news"'
    )
    assert str(resolve_one(Selector(text="Save", role="button"), sign_up)) == '[10] button "Save"'
    assert find_all(Selector(text="save"), sign_up) == []  # case matters
    assert find_all(Selector(text="Save", role="text"), sign_up) == []  # every field must match
    save = resolve_one(Selector(text="Save"), sign_up)
    assert resolve_one(Selector(key=save.key), sign_up) == save
    assert resolve_one(Selector(index=10), sign_up) == save


def test_ambiguous_selector_lists_every_candidate(settings: ElementIndex) -> None:
    with pytest.raises(AmbiguousSelectorError) as caught:
        resolve(Selector(name="On"), settings)
    assert caught.value.candidates == ('[10] text "On"', '[16] text "On"', '[20] text "On"')
    assert str(caught.value).startswith('selector {name="On"} matches 3 elements: [10] text "On"')


def test_a_name_means_the_element_the_frame_shows_not_its_label(settings: ElementIndex) -> None:
    """The row title "Wi-Fi" (unnumbered: the frame folds it into the switch) and the
    switch both carry the name; whoever names "Wi-Fi" means what the frame shows."""
    assert [str(m) for m in find_all(Selector(text="Wi-Fi"), settings)] == [
        'text "Wi-Fi" #android:id/title'
    ]
    assert str(resolve(Selector(name="Wi-Fi"), settings).element) == '[9] switch "Wi-Fi"'


def test_not_found_says_what_was_on_screen(settings: ElementIndex) -> None:
    with pytest.raises(ElementNotFoundError) as caught:
        resolve(Selector(text="Wifi"), settings)
    assert caught.value.selector == '{text="Wifi"}'
    assert caught.value.seen.startswith('SettingsActivity: [0] text "9:41", [1] image')
    assert caught.value.seen.endswith("… (+22 more)")  # incl. Privacy, Clear history, 42 items


def test_alternates_are_tried_in_order_and_reported(settings: ElementIndex) -> None:
    sel = Selector(
        resource_id="wifi",
        alternates=(Selector(name="On"), Selector(name="Wi-Fi", role="switch")),
    )
    found = resolve(sel, settings)
    assert str(found.element) == '[9] switch "Wi-Fi"'
    assert found.alternate == 1
    assert found.selector == Selector(name="Wi-Fi", role="switch")
    assert found.tried == ('{resource_id="wifi"}: not found', '{name="On"}: 3 matches')
    assert resolve(Selector(name="Wi-Fi", role="switch"), settings).alternate is None


def test_when_every_alternate_fails_the_primary_error_is_raised(settings: ElementIndex) -> None:
    with pytest.raises(ElementNotFoundError, match="wifi"):
        resolve(Selector(resource_id="wifi", alternates=(Selector(name="On"),)), settings)


# ----------------------------------------------------------------------- waits


def test_wait_for_retries_until_found_on_the_fake_clock() -> None:
    clock = ManualClock(0)
    calls: list[float] = []

    def probe() -> str:
        calls.append(clock())
        if len(calls) < 4:
            raise ElementNotFoundError('{text="x"}', "nothing yet")
        return "found"

    assert wait_for(probe, timeout=5, clock=clock, sleep=clock.advance, interval=0.5) == "found"
    assert calls == [0, 0.5, 1.0, 1.5]


def test_wait_for_times_out_naming_the_wait_and_what_it_saw() -> None:
    clock = ManualClock(0)

    def probe() -> None:
        raise ElementNotFoundError('{text="x"}', f"screen at {clock():g}")

    with pytest.raises(ElementNotFoundError) as caught:
        wait_for(probe, timeout=2, clock=clock, sleep=clock.advance, interval=0.25)
    assert str(caught.value) == 'no element matches {text="x"} within 2s; saw screen at 2'
    assert clock() == 2


def test_ambiguity_is_not_waited_on() -> None:
    clock = ManualClock(0)
    calls = []

    def probe() -> None:
        calls.append(1)
        raise AmbiguousSelectorError('{text="x"}', ["a", "b"])

    with pytest.raises(AmbiguousSelectorError):
        wait_for(probe, timeout=5, clock=clock, sleep=clock.advance)
    assert calls == [1] and clock() == 0


def test_poll_ends_even_if_the_clock_never_moves() -> None:
    calls = []

    def probe() -> None:
        calls.append(1)

    assert poll(probe, timeout=1, clock=lambda: 0.0, sleep=lambda s: None, interval=0.25) is None
    assert len(calls) == 6  # ceil(1 / 0.25) + 2
