"""Coming back to a form, generated: the Sign-up form edited (fields typed, the checkbox
ticked), left (back, home, another screen) and come back to (launched again by activity,
from the launcher's icon, or by back). Whether the same activity instance comes back (the
form as it was left) or a new one (a relaunch starts it empty), the delta reads ``» back to
SignUpActivity "Sign up" (as after step N)`` and states what the form shows now against
what step N showed: what an agent that read step N needs, with step N's numbers.

The truth walk grades such a delta against the phone's state at step N
(:func:`tests.core.truth.walk.recalled`). The grader stays honest: every ``~`` line of
such a delta, reversed, and a line naming a view that is not there, are false.
"""

from __future__ import annotations

import dataclasses
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.observer import DeltaResult
from tests.core.truth.steps import Steps, violations
from tests.core.truth.walk import BACK_TO

FIELDS = {"name": "zr", "email": "a@b.c", "password": "42"}
REVERSED = re.compile(r"(\w[\w-]*): (\"(?:[^\"\\]|\\.)*\"|\w+)→(\"(?:[^\"\\]|\\.)*\"|\w+)")


def _come_back(edits: list[str], leave: str, again: str) -> tuple[Steps, DeltaResult]:
    form = Steps()
    form.pg.launch_app(APP_PACKAGE, ".SignUpActivity")
    form.step()
    for edit in edits:
        if edit == "news":
            form.tap("check:newsletter")
        else:
            form.tap(f"focus:{edit}")
            form.pg.type_text(FIELDS[edit])
        form.step()
    if leave == "home":
        form.pg.press_key("home")
    elif leave == "back":
        if form.pg.state.keyboard:  # a back then only closes the keyboard
            form.pg.press_key("back")
            form.step()
        form.pg.press_key("back")
    else:
        form.pg.launch_app(APP_PACKAGE, ".SettingsActivity")
    form.step()
    if again == "back" and form.pg.state.in_app and "SignUpActivity" in form.pg.state.stack:
        form.pg.press_key("back")
    elif again == "icon":
        if form.pg.state.in_app:
            form.pg.press_key("home")
            form.step()
        form.tap("launch:SignUpActivity")
    else:
        form.pg.launch_app(APP_PACKAGE, ".SignUpActivity")
    return form, form.step()


@settings(max_examples=30, deadline=None)
@given(
    edits=st.lists(st.sampled_from(("name", "email", "password", "news")), max_size=4),
    leave=st.sampled_from(("home", "back", "other")),
    again=st.sampled_from(("activity", "icon", "back")),
)
def test_a_form_come_back_to_states_what_differs_from_the_step_it_recalls(
    edits: list[str], leave: str, again: str
) -> None:
    form, result = _come_back(edits, leave, again)
    assert form.pg.state.screen == "SignUpActivity"
    assert violations(form, result) == [], result.text
    if not BACK_TO.search(result.text):
        return
    lines = result.text.splitlines()
    for i, line in enumerate(lines):  # each change, reversed, is false
        if not line.startswith("~"):
            continue
        wrong = REVERSED.sub(lambda m: f"{m[1]}: {m[3]}→{m[2]}", line)
        if wrong == line:
            continue
        told = dataclasses.replace(result, text="\n".join([*lines[:i], wrong, *lines[i + 1 :]]))
        assert any(wrong in v for v in violations(form, told)), wrong
    told = dataclasses.replace(result, text=result.text + '\n+ [999] button "Nope"')
    assert any('"Nope"' in v for v in violations(form, told))


def test_a_relaunched_form_is_back_to_the_screen_with_what_the_new_instance_cleared() -> None:
    """The form typed into and ticked, left by back (the instance is gone), launched again:
    a new, empty instance. The delta names what differs from the form as last shown."""
    form, result = _come_back(["name", "news"], "back", "activity")
    assert result.text == (
        '» back to SignUpActivity "Sign up" (as after step 4)\n'  # the keyboard closed
        '~ focus: textbox "zr" → none\n'
        '~ [20] textbox "Name" (text: "zr"→"Name")\n'
        '~ [23] checkbox "Send me news" (checked: true→false)\n'
        '~ [24] button "Save" (enabled: true→false)'
    )
    assert violations(form, result) == []
