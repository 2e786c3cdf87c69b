"""Settings > Clear history: a dialog that another dialog replaces, with no frame between."""

from __future__ import annotations

import pytest

from deltarec.core.devices.virtual import Playground
from deltarec.core.observe.model import Node, Observation
from tests.core.devices.vphone import launch, obs, one, tap, taps_hit_what_the_dump_shows


def history_row(o: Observation) -> Node:
    return next(
        n for n in o.walk() if n.clickable and any(c.text == "Clear history" for c in n.walk())
    )


def summary(o: Observation) -> str:
    row = history_row(o)
    return next(c.text for c in row.walk() if c.resource_id == "android:id/summary")


def dialogs(o: Observation) -> list[str]:
    return [one(w, rid="android:id/alertTitle").text for w in o.windows if w.role == "dialog"]


def ask() -> Playground:
    pg = launch("SettingsActivity")
    tap(pg, history_row(obs(pg)))
    return pg


def test_clear_history_asks_first() -> None:
    pg = launch("SettingsActivity")
    o = obs(pg)
    assert summary(o) == "42 items" and history_row(o).enabled
    tap(pg, history_row(o))
    o = obs(pg)
    assert dialogs(o) == ["Delete history?"]
    assert one(o, rid="android:id/message").text == "All 42 items will be removed."
    assert one(o, rid="android:id/button2").text == "Cancel"
    assert one(o, rid="android:id/button1").text == "Delete"
    assert len(o.windows) == 3  # status bar, Settings, the dialog


def test_delete_replaces_the_dialog_with_another() -> None:
    pg = ask()
    tap(pg, one(obs(pg), rid="android:id/button1"))
    o = obs(pg)
    assert dialogs(o) == ["History deleted"]  # one dialog window, a different dialog
    assert len(o.windows) == 3
    assert one(o, rid="android:id/message").text == "Your history is empty."
    assert [n.text for n in o.walk() if n.class_name == "android.widget.Button"] == ["OK"]
    assert summary(o) == "No history"  # the screen behind already changed
    tap(pg, one(o, rid="android:id/button1"))
    o = obs(pg)
    assert dialogs(o) == [] and len(o.windows) == 2
    assert summary(o) == "No history" and not history_row(o).enabled
    tap(pg, history_row(o))  # disabled: nothing opens
    assert dialogs(obs(pg)) == []


@pytest.mark.parametrize("how", ["cancel", "back", "outside"])
def test_cancel_back_and_a_tap_outside_close_without_deleting(how: str) -> None:
    pg = ask()
    if how == "cancel":
        tap(pg, one(obs(pg), rid="android:id/button2"))
    elif how == "back":
        pg.press_key("back")
    else:
        pg.tap(540, 400)
    o = obs(pg)
    assert dialogs(o) == [] and summary(o) == "42 items"
    assert pg.current_app()[1].endswith("SettingsActivity")


def test_second_dialog_closes_the_same_ways() -> None:
    pg = ask()
    pg.perform("history:delete")
    pg.press_key("back")
    assert dialogs(obs(pg)) == []


def test_dialog_only_dump_holds_just_the_current_dialog() -> None:
    pg = ask()
    pg.dialog_only_dump = True
    o = obs(pg)
    assert [w.role for w in o.windows] == ["dialog"] and dialogs(o) == ["Delete history?"]
    tap(pg, one(o, rid="android:id/button1"))
    o = obs(pg)
    assert [w.role for w in o.windows] == ["dialog"] and dialogs(o) == ["History deleted"]


def test_the_history_survives_an_app_restart() -> None:
    pg = ask()
    pg.perform("history:delete")
    pg.stop_app("dev.deltarec.playground")
    launch("SettingsActivity", pg)
    assert summary(obs(pg)) == "No history"


def test_taps_hit_what_the_dialog_dump_shows() -> None:
    pg = ask()
    assert taps_hit_what_the_dump_shows(pg) >= 2
