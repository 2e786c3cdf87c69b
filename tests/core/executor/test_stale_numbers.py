"""Stale ``[i]`` numbers: an index selector acts on the element the caller was shown, or fails.

The session remembers what every number it showed meant (deltarec.core.executor.context.ShownNumbers);
these tests drive the Playground phone through the executor, as an agent would over MCP.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import ManualClock, VirtualDevice, make_virtual_device
from deltarec.core.diff.match import match_frames
from deltarec.core.errors import ElementNotFoundError, StaleIndexError
from deltarec.core.executor import Selector, Session
from deltarec.core.executor.context import ShownNumbers, numbers_in
from deltarec.core.executor.selectors import holder
from deltarec.core.executor.session import Policy, StepOutcome
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observe.model import Node
from deltarec.core.observer import index_frame
from tests.core.executor.conftest import APP


def call(session: Session, name: str, params: dict[str, Any] | None = None,
         policy: Policy = "all") -> StepOutcome:  # fmt: skip
    """Run one command; the outcome keeps the typed error (its ``__cause__``)."""
    command = session.commands[name].parse(params or {}, "$[1]")
    return session.execute(command, policy=policy)


def number_of(observation: str | None, line: str) -> int:
    """The ``[i]`` an observation gave the element printed as ``line`` (``switch "Wi-Fi"``)."""
    text = observation or ""
    found = re.search(rf"\[(\d+)\] {re.escape(line)}", text)
    if (
        found is None
    ):  # a row's control on its row's line: `button "Airplane mode · Off", [12] switch`
        role, _, name = line.partition(" ")
        row = rf'"{re.escape(name.strip(chr(34)))}[^"\n]*", \[(\d+)\] {re.escape(role)}\b'
        found = re.search(row, text)
    assert found, observation
    return int(found.group(1))


def on_screen(session: Session, role: str, name: str) -> Node:
    """The live node of the element ``role "name"`` (read without moving anything)."""
    screen = session.screen()
    return next(
        screen.frame.nodes[e.pos] for e in screen.elements if (e.role, e.name) == (role, name)
    )


def settings_via_launcher(session: Session) -> int:
    """Steps 0-1: describe the launcher, open Settings from it. The Airplane switch's [i]."""
    assert call(session, "AC_describe_screen").ok
    opened = call(session, "AC_tap", {"selector": {"text": "Settings"}})
    return number_of(opened.observation, 'switch "Airplane mode"')


# ------------------------------------------------------------------ the bug


def test_a_number_whose_element_left_is_given_to_no_other_and_taps_nothing(
    session: Session, device: VirtualDevice
) -> None:
    """Numbers only grow in a session: the Airplane switch's number is given to no other
    element when it leaves (it went to the Name box before), so a use of it finds nothing."""
    airplane = settings_via_launcher(session)
    assert call(session, "AC_back").ok  # step 3
    assert call(session, "AC_tap", {"selector": {"text": "Sign up"}}, policy="none").ok  # 4
    now = session.screen()
    assert holder(now, airplane) is None
    stale = call(session, "AC_tap", {"selector": {"index": airplane}})  # step 5
    assert not stale.ok and stale.error is not None
    assert str(stale.error).startswith(
        f"step 5 (AC_tap) failed: no element matches [{airplane}] within"
    )
    assert isinstance(stale.error.__cause__, ElementNotFoundError)
    assert stale.result == {} and not on_screen(session, "textbox", "Name").focused


def test_what_the_caller_reads_later_is_what_the_number_means(session: Session) -> None:
    airplane = settings_via_launcher(session)
    call(session, "AC_back")
    call(session, "AC_tap", {"selector": {"text": "Sign up"}}, policy="none")
    observed = call(session, "AC_observe")  # read-only: the caller reads the Name box's number
    name = number_of(observed.result["text"], 'textbox "Name"')
    assert name != airplane
    tapped = call(session, "AC_tap", {"selector": {"index": name}})
    assert tapped.ok and tapped.result["element"] == f'[{name}] textbox "Name"'


def test_a_delta_that_shows_a_new_element_gives_it_a_new_number(
    session: Session,
) -> None:
    airplane = settings_via_launcher(session)
    call(session, "AC_back")
    shown = call(session, "AC_tap", {"selector": {"text": "Sign up"}})  # policy all: shown
    name = number_of(shown.observation, 'textbox "Name"')
    assert name > airplane  # never a number another element had
    assert call(session, "AC_tap", {"selector": {"index": name}}).ok


def test_a_number_never_shown_resolves_as_before(session: Session) -> None:
    """Nothing was shown yet: an index means the number the screen would get now."""
    tapped = call(session, "AC_tap", {"selector": {"index": 7}})
    assert tapped.ok and tapped.result["element"] == '[7] button "Settings"'


def test_a_stale_primary_lets_an_alternate_act_and_says_why(session: Session) -> None:
    airplane = settings_via_launcher(session)
    call(session, "AC_back")
    call(session, "AC_tap", {"selector": {"text": "Sign up"}}, policy="none")
    selector = {"index": airplane, "alternates": [{"resource_id": "email"}]}
    tapped = call(session, "AC_tap", {"selector": selector})
    assert tapped.ok and tapped.result["selector"] == '{resource_id="email"}'
    assert tapped.tried[0] == f"[{airplane}]: not found"


def test_waits_and_asserts_read_a_number_whose_element_left_as_gone(session: Session) -> None:
    airplane = settings_via_launcher(session)
    call(session, "AC_back")
    call(session, "AC_tap", {"selector": {"text": "Sign up"}}, policy="none")
    exists = call(session, "AC_assert", {"selector": {"index": airplane}, "exists": True},
                  policy="none")  # fmt: skip
    assert exists.error is not None  # the switch it meant is not here, and nothing else is it
    gone = call(session, "AC_wait_for", {"selector": {"index": airplane}, "state": "gone",
                                         "timeout": 1}, policy="none")  # fmt: skip
    assert gone.ok


# ------------------------------------------------ legitimate carry-overs


def test_a_label_whose_text_changed_keeps_its_number(session: Session) -> None:
    """Toggling Airplane mode rewrites its summary ("Off"→"On": a new key); unseen, [i] still
    means that summary, because matching carries it over, as numbering does."""
    shown = call(session, "AC_launch_app", {"package": APP, "activity": ".SettingsActivity"})
    switch = number_of(shown.observation, 'switch "Airplane mode"')
    summary = number_of(shown.observation, 'text "Off"')
    assert call(session, "AC_tap", {"selector": {"index": switch}}, policy="none").ok
    checked = call(session, "AC_assert", {"selector": {"index": summary}, "text": "On"})
    assert checked.ok, checked.error


def test_a_change_cut_from_the_delta_keeps_its_meaning() -> None:
    """A budget too small to list the change: the meaning follows the element anyway."""
    clock = ManualClock(0)
    session = Session(make_virtual_device(clock=ManualClock()), clock=clock,
                      sleep=clock.advance, max_lines=1)  # fmt: skip
    shown = call(session, "AC_launch_app", {"package": APP, "activity": ".SettingsActivity"})
    switch = number_of(shown.observation, 'switch "Airplane mode"')
    summary = number_of(shown.observation, 'text "Off"')
    toggled = call(session, "AC_tap", {"selector": {"index": switch}})
    assert toggled.observation is not None and f"[{summary}]" not in toggled.observation
    checked = call(session, "AC_assert", {"selector": {"index": summary}, "text": "On"})
    assert checked.ok, checked.error


def test_a_field_whose_text_was_typed_keeps_its_number(session: Session) -> None:
    shown = call(session, "AC_launch_app", {"package": APP, "activity": ".SignUpActivity"})
    name = number_of(shown.observation, 'textbox "Name"')
    typed = call(session, "AC_type_text", {"selector": {"index": name}, "text": "zr"}, "none")
    assert typed.ok
    tapped = call(session, "AC_tap", {"selector": {"index": name}})
    assert tapped.ok and tapped.result["element"] == f'[{name}] textbox "zr"'


SETTINGS_CONTROLS = ["Airplane mode", "Wi-Fi", "Bluetooth", "Mobile data", "Dark theme"]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(SETTINGS_CONTROLS), min_size=1, max_size=4))
def test_numbers_of_elements_that_stay_on_screen_never_go_stale(toggles: list[str]) -> None:
    """Property: whatever is toggled unseen, every number shown still means its element."""
    clock = ManualClock(0)
    session = Session(make_virtual_device(clock=ManualClock()), clock=clock, sleep=clock.advance)
    call(session, "AC_launch_app", {"package": APP, "activity": ".SettingsActivity"})
    for name in toggles:
        call(session, "AC_tap", {"selector": {"name": name, "role": "switch"}}, policy="none")
    screen = session.screen()
    for element in screen.elements:
        found = holder(screen, element.index)
        assert found is not None
        session.numbers.verify(Selector(index=element.index), found, screen)


# ------------------------------------------------ ShownNumbers on its own


def _settings(previous: ElementIndex | None = None, airplane_on: bool = False) -> ElementIndex:
    """The Settings screen, numbered fresh or carried on from ``previous``."""
    device = make_virtual_device(clock=ManualClock())
    device.launch_app(APP, ".SettingsActivity")
    if airplane_on:
        device.tap(959, 342)
    frame = Frame(device.capture())
    pairs = match_frames(previous.frame, frame) if previous is not None else None
    return index_frame(frame, previous=previous, pairs=pairs)


@pytest.fixture(scope="module")
def as_after_the_launcher() -> ElementIndex:
    """Settings as numbered when opened from the launcher: [12] is the Airplane switch."""
    device = make_virtual_device(clock=ManualClock())
    launcher = index_frame(Frame(device.capture()))
    return _settings(launcher)


def _named(index: ElementIndex, role: str, name: str) -> int:
    return next(e.index for e in index.elements if (e.role, e.name) == (role, name))


def test_the_meant_element_under_another_number_is_named_but_not_used(
    as_after_the_launcher: ElementIndex,
) -> None:
    """Numbers that come back from a remembered screen (» back to) can differ from the last
    ones shown: [12] meant Airplane, the screen now has it as [6] and Bluetooth as [12]."""
    numbers = ShownNumbers()
    numbers.show(as_after_the_launcher, None, step=1)
    airplane = _named(as_after_the_launcher, "switch", "Airplane mode")
    fresh = _settings()
    assert _named(fresh, "switch", "Airplane mode") != airplane
    there = holder(fresh, airplane)
    assert str(there) == f'[{airplane}] switch "Bluetooth"'  # what a replay once tapped
    assert there is not None
    with pytest.raises(StaleIndexError) as caught:
        numbers.verify(Selector(index=airplane), there, fresh)
    moved = _named(fresh, "switch", "Airplane mode")
    assert str(caught.value) == (
        f'[{airplane}] meant switch "Airplane mode" (shown after step 2);'
        f' now [{airplane}] is switch "Bluetooth"; it is [{moved}] now'
    )
    assert caught.value.moved == moved


@pytest.mark.parametrize(
    ("selector", "checked"),
    [
        ({"index": 12}, True),
        ({"index": 12, "role": "switch"}, True),  # a role does not say which element
        ({"index": 12, "name": "Bluetooth"}, False),  # a name says it: matching decides
        ({"index": 12, "key": "k"}, False),
    ],
)
def test_which_index_selectors_the_memory_checks(
    as_after_the_launcher: ElementIndex, selector: dict[str, Any], checked: bool
) -> None:
    numbers = ShownNumbers()
    numbers.show(as_after_the_launcher, None, step=1)
    fresh = _settings()
    there = holder(fresh, 12)
    assert there is not None and str(there) == '[12] switch "Bluetooth"'
    if checked:
        with pytest.raises(StaleIndexError):
            numbers.verify(Selector.from_json(selector), there, fresh)
    else:
        numbers.verify(Selector.from_json(selector), there, fresh)


def test_only_numbers_in_the_text_read_are_remembered(as_after_the_launcher: ElementIndex) -> None:
    numbers = ShownNumbers()
    airplane = _named(as_after_the_launcher, "switch", "Airplane mode")
    numbers.show(as_after_the_launcher, f'~ [{airplane}] switch "Airplane mode"', step=2)
    assert len(numbers) == 1
    meaning = numbers.meaning(airplane)
    assert meaning is not None
    assert (meaning.label, meaning.when) == ('switch "Airplane mode"', "shown after step 3")


def test_memory_is_bounded_and_the_newest_win(as_after_the_launcher: ElementIndex) -> None:
    numbers = ShownNumbers(limit=3)
    shown = sorted(e.index for e in as_after_the_launcher.elements)
    numbers.show(as_after_the_launcher, None, step=None)
    assert len(numbers) == 3
    assert [n for n in shown if numbers.meaning(n) is not None] == shown[-3:]
    numbers.show(as_after_the_launcher, f"~ [{shown[0]}] x", step=2)  # shown again: newest
    assert numbers.meaning(shown[0]) is not None and numbers.meaning(shown[-3]) is None
    first = numbers.meaning(shown[-1])
    assert first is not None and first.when == "shown at the start"
    numbers.show(None, None, step=3)  # cleanup forgets
    assert len(numbers) == 0 and numbers.seen is None


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ('[3] button "Save" @(1,2)', {3}),
        ('+ [12] dialog "Saved"\n~ [4] button "Submit" (enabled: false→true)', {4, 12}),
        ('↕ [7] list "Inbox" scrolled down 250px (+3 rows, -3 rows)', {7}),
        ('- [5] button "Spinner"\n- button "Gone"', set()),  # removals are not in use
        ('~ [3] textbox "[9] \\"x\\" [8]" (text: "Name"→"[10]")', {3}),  # names are quoted
        ('» back to SettingsActivity "Settings" (as after step 3)\n… (+5 more)', set()),
        ("no change", set()),
    ],
)
def test_numbers_in_a_text(text: str, numbers: set[int]) -> None:
    assert numbers_in(text) == numbers
