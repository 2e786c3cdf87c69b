"""Issue 21 item 10: a quick burst of wheel notches is one swipe step; a typing step reads
``type "…"`` however it was recorded."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytestqt.qtbot import QtBot

from deltarec.app.wheel import WheelBurst
from deltarec.app.window import MainWindow
from deltarec.core.devices.virtual.keyboard import key_center
from deltarec.core.observe.model import Bounds, Node
from deltarec.core.recorder.keyboard_tap import typing_label
from deltarec.core.recorder.step import step_label
from tests.app.helpers import click, type_text, wait_idle
from tests.app.test_wheel_delete_undo import wheel

notches = st.lists(st.integers(-3, 3).filter(bool), min_size=1, max_size=12)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)  # qtbot: stateless
@given(notches)
def test_a_burst_is_each_run_of_notches_one_way_summed(qtbot: QtBot, turns: list[int]) -> None:
    gathered = WheelBurst(gap_ms=10)
    bursts: list[float] = []
    gathered.burst.connect(lambda _x, _y, n: bursts.append(n))
    for i, n in enumerate(turns):  # all at once: quicker than any gap
        gathered.add(100, 200 + i, n)
    expected = [float(sum(run)) for _, run in itertools.groupby(turns, key=lambda n: n > 0)]
    qtbot.waitUntil(lambda: len(bursts) == len(expected), timeout=2_000)
    assert bursts == expected and gathered.pending == 0


def test_five_quick_wheel_notches_record_one_swipe(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window, "Inbox")
    before = window.model.rowCount()
    at = window.screen_view.to_widget(540, 1400)
    for _ in range(5):  # each notch as soon as the phone has answered the one before
        wheel(window, at, -1)
        wait_idle(qtbot, window)
    qtbot.waitUntil(lambda: window.model.rowCount() > before, timeout=10_000)
    wait_idle(qtbot, window)
    assert window.screen_view.wheel.pending == 0  # no notch left over for a second step
    assert window.model.rowCount() == before + 1
    step = window.model.rows[-1]
    assert step.command == "AC_swipe" and step.params["direction"] == "up"


@given(st.text(max_size=40))
def test_typing_labels_agree_however_the_text_was_typed(text: str) -> None:
    field = Node("android.widget.EditText", Bounds(0, 0, 10, 10), text="Name")
    assert step_label("AC_type_text", {"text": text}) == typing_label(field, {"text": text})


def test_the_type_box_the_keyboard_and_the_palette_label_typing_alike(
    qtbot: QtBot, window: MainWindow
) -> None:
    click(qtbot, window, "Sign up")
    click(qtbot, window, "Name", "textbox")
    for letter in "ada":  # keys on the phone's keyboard join one typing step
        x, y = key_center(letter)
        with qtbot.waitSignal(window.studio.stepAdded, timeout=10_000):
            window.studio.keyboard_tap(x, y)
        wait_idle(qtbot, window)
    click(qtbot, window, "Email", "textbox")
    type_text(qtbot, window, "ada@example.org")
    with qtbot.waitSignal(window.studio.stepAdded, timeout=10_000):
        window.studio.record("AC_type_text", {"text": "!"})
    wait_idle(qtbot, window)
    labels = [r.label for r in window.model.rows if r.command == "AC_type_text"]
    assert labels == ['type "ada"', 'type "ada@example.org"', 'type "!"']
