"""Issue 21: the on-screen keyboard's shift, symbols page and long-press digits type into the
same step as its letters.

The keyboard is :class:`~tests.app.gboard.GboardDevice`'s (shift, ``?123``, digits held on
the top row), as a real phone's would be; the generator presses random key sequences and
the oracle is the field itself: one typing step that types exactly what the field holds.
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from deltarec.app.studio import StudioConfig
from deltarec.core.devices.virtual.keyboard import key_center
from deltarec.core.devices.virtual.playground import Playground
from deltarec.core.recorder.session import RecordingSession
from tests.app.conftest import WindowFactory
from tests.app.gboard import PAGE, ROWS, SHIFT, GboardDevice
from tests.app.helpers import Phones, click, wait_idle

KEYS = [*"".join(ROWS), SHIFT, PAGE]
presses = st.lists(st.tuples(st.sampled_from(KEYS), st.booleans()), min_size=1, max_size=10)


def _name_field(rec: RecordingSession) -> None:
    for name, role in (("Sign up", None), ("Name", "textbox")):
        index = rec.index
        assert index is not None
        hit = next(e for e in index.elements if e.name == name and role in (None, e.role))
        rec.record_tap(*hit.bounds.center)


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(presses)
def test_any_key_sequence_is_one_typing_step_that_types_what_the_field_holds(
    tmp_path: Path, keys: list[tuple[str, bool]]
) -> None:
    phones = Phones()
    device = GboardDevice(Playground(phones.clock))
    rec = RecordingSession(device, tmp_path / f"r{id(keys)}", clock=phones.clock,
                           sleep=phones.clock.advance, screenshots=False)  # fmt: skip
    rec.start()
    _name_field(rec)
    for key, held in keys:
        rec.record_keyboard_tap(*key_center(key), long=held)
    typed = "".join(device.typed)
    steps = rec.steps[2:]
    if not typed:
        assert steps == []
        return
    assert [s.command for s in steps] == ["AC_type_text"]
    assert steps[0].params["text"] == typed
    assert steps[0].label == f"type {json.dumps(typed, ensure_ascii=False)}"


def test_shift_digits_and_at_in_the_window(
    qtbot: QtBot, open_window: WindowFactory, tmp_path: Path, phones: Phones
) -> None:
    config = StudioConfig(
        tmp_path / "recordings",
        open_device=lambda spec: GboardDevice(Playground(phones.clock), serial=spec),
        list_devices=phones.list,
        session_options={"clock": phones.clock, "sleep": phones.clock.advance},
        idle_poll_ms=0,
    )
    window = open_window(config=config)
    click(qtbot, window, "Sign up")
    click(qtbot, window, "Email", "textbox")
    view = window.screen_view

    def press(key: str, button: Qt.MouseButton = Qt.MouseButton.LeftButton) -> None:
        qtbot.mouseClick(view, button, pos=view.to_widget(*key_center(key)))
        wait_idle(qtbot, window)

    for key in [SHIFT, "a", "d", "a", PAGE, "a", PAGE, "e", "x"]:
        press(key)
    press("w", Qt.MouseButton.RightButton)  # held: the digit over it
    press("q", Qt.MouseButton.RightButton)
    assert window.last_error == ""
    assert [r.label for r in window.model.rows][2:] == ['type "Ada@ex21"']
    assert window.model.rows[2].params == {"text": "Ada@ex21"}
