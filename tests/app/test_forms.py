"""Parameter forms and the selector editor: nothing typed into them freezes or crashes a dialog."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from deltarec.app.param_form import CommandDialog, human_help
from deltarec.app.selector_editor import SelectorEditor, match_text
from deltarec.app.window import MainWindow
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.executor.registry import COMMANDS
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex, build_index
from tests.app.helpers import click, field_line, wait_idle

SIGNUP = Path(__file__).parents[2] / "fixtures" / "virtual" / "MainActivity.xml"


def screen() -> ElementIndex:
    return build_index(Frame(parse_uiautomator(SIGNUP.read_text(encoding="utf-8"))))


TEXTS = st.one_of(
    st.text(max_size=40),
    st.integers().map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.sampled_from(["99999999999999999999", "-5", "1e400", "{}", '{"text": 1}', "[1,2]", "null"]),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_any_text_in_any_field_gives_a_message_or_valid_params(qtbot: QtBot, data: Any) -> None:
    command = data.draw(st.sampled_from([c for c in COMMANDS if c.spec()]))
    dialog = CommandDialog(command, command.name)
    qtbot.addWidget(dialog)
    sent: list[dict[str, Any]] = []
    dialog.submitted.connect(sent.append)
    for name, field in dialog.fields.items():
        if field.line is not None:
            field.line.setText(data.draw(TEXTS, label=name))
    dialog.submit()
    if sent:  # every field held a value of its kind
        assert not dialog.buttons.isEnabled()  # waiting for core's verdict
        for name, value in sent[0].items():
            dialog.specs[name].kind.parse(value, name)
        dialog.show_error("core said no")
    else:
        assert dialog.error.text() and not dialog.error.isHidden()
    assert dialog.buttons.isEnabled()


def test_help_texts_are_words() -> None:
    for command in COMMANDS:
        for spec in command.spec().values():
            assert "``" not in human_help(spec.help)


def test_selector_editor_counts_matches_live(qtbot: QtBot) -> None:
    index = screen()
    editor = SelectorEditor({"text": "Sign up", "alternates": [{"role": "button"}]}, index)
    qtbot.addWidget(editor)
    assert editor.count.text() == "matches 1 ✓"
    editor.lines["text"].setText("")
    editor.lines["role"].setText("button")
    assert editor.count.text().endswith("— ambiguous")
    editor.lines["role"].setText("nothing")
    assert editor.count.text() == "matches 0 — not found"
    editor.alternates.setPlainText("{bad")
    assert editor.count.text().startswith("alternates: not valid JSON")
    editor.alternates.setPlainText("")
    editor.lines["role"].setText("")
    editor.lines["resource_id"].setText("")
    assert editor.count.text().startswith("not a selector")
    assert match_text({"text": "Sign up"}, None) == "no screen to match against"


def test_assert_dialog_edits_its_selector_by_form(qtbot: QtBot, window: MainWindow) -> None:
    """Bug 10: the Assert dialog wanted the selector as typed JSON."""
    click(qtbot, window, "Sign up")
    window.actions_.palette.trigger("Assert")
    dialog = window.dialog
    assert isinstance(dialog, CommandDialog)
    dialog.fields["selector"].widget.findChild(QPushButton, "selectorEdit").click()
    editor = dialog.fields["selector"].widget.property("editor")
    assert isinstance(editor, SelectorEditor)
    editor.lines["text"].setText("Create your account")
    assert editor.count.text() == "matches 1 ✓"  # against the screen the phone shows
    editor.lines["role"].setText("textbox")
    assert editor.count.text() == "matches 0 — not found"
    editor.lines["role"].setText("")
    editor.buttons.button(editor.buttons.StandardButton.Ok).click()
    assert json.loads(field_line(dialog, "selector").text()) == {"text": "Create your account"}
    dialog.fields["exists"].widget.setCurrentText("true")  # type: ignore[attr-defined]
    with qtbot.waitSignal(dialog.finished):
        dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    wait_idle(qtbot, window)
    assert window.model.rows[-1].params == {"selector": {"text": "Create your account"},
                                            "exists": True}  # fmt: skip
