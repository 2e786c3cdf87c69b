"""Issue 21: Save As, rename, the unsaved marker; the replay report opened from the window;
a recording that starts by launching its app (cleared first), and its exports."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import yaml
from pytestqt.qtbot import QtBot

from deltarec.app.launch import installed_apps
from deltarec.app.studio_replay import REPORT_NAME
from deltarec.app.window import MainWindow
from deltarec.core.bundle import Bundle
from deltarec.core.devices.virtual import make_virtual_device
from deltarec.core.devices.virtual.playground import APP_PACKAGE
from deltarec.core.executor import load_script
from tests.app.conftest import WindowFactory
from tests.app.helpers import FakeAsk, click, wait_idle


def _save(qtbot: QtBot, window: MainWindow, trigger: object) -> str:
    with qtbot.waitSignal(window.studio.exported, timeout=10_000) as saved:
        trigger()  # type: ignore[operator]
    wait_idle(qtbot, window)
    return str(saved.args[0])


def test_save_as_then_save_writes_there_without_asking_and_the_title_marks_unsaved(
    qtbot: QtBot, window: MainWindow, ask: FakeAsk, tmp_path: Path
) -> None:
    assert not window.isWindowModified()
    click(qtbot, window, "Sign up")
    assert window.isWindowModified()  # "*" in the title
    assert "[*]" in window.windowTitle()
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    ask.paths += [str(first), str(second)]
    assert _save(qtbot, window, window.actions_.save.trigger) == str(first)
    assert not window.isWindowModified()
    click(qtbot, window, "Name", "textbox")
    assert window.isWindowModified()
    assert _save(qtbot, window, window.actions_.save_as.trigger) == str(second)
    asked = len(ask.asked)
    click(qtbot, window, "Email", "textbox")
    assert _save(qtbot, window, window.actions_.save.trigger) == str(second)
    assert len(ask.asked) == asked  # Save wrote to the last path without asking
    assert len(load_script(second).steps) == 3 and len(load_script(first).steps) == 1
    assert not window.isWindowModified()


def test_rename_names_the_title_the_exports_and_the_recording(
    qtbot: QtBot, window: MainWindow, ask: FakeAsk, tmp_path: Path
) -> None:
    click(qtbot, window, "Sign up")
    for bad in ("x" * 201, "two\nlines", "nul\x00"):  # refused, naming the rule
        ask.texts.append(bad)
        window.actions_.rename.trigger()
        assert window.last_error.startswith("Rename recording: a name is at most 200")
    assert window.studio.view is not None and window.studio.view.name != "sign up flow"
    ask.texts.append("sign up flow")
    window.actions_.rename.trigger()
    qtbot.waitUntil(lambda: "sign up flow" in window.windowTitle())
    wait_idle(qtbot, window)
    assert window.studio.view is not None and window.studio.view.name == "sign up flow"
    ask.paths.append(None)  # the suggested name is all the test wants
    window.actions_.export("pytest")
    assert ask.asked[-1].endswith("test_sign_up_flow.py")
    target = tmp_path / "test_mine.py"
    ask.paths.append(str(target))
    _save(qtbot, window, lambda: window.actions_.export("python"))
    assert target.read_text(encoding="utf-8").startswith("# sign up flow:")
    assert Bundle.open(window.studio.view.bundle).info["name"] == "sign up flow"


def test_replay_all_writes_the_report_and_the_window_opens_it(
    qtbot: QtBot, window: MainWindow, ask: FakeAsk
) -> None:
    click(qtbot, window, "Sign up")
    click(qtbot, window, "Name", "textbox")
    report = window.actions_.report
    assert not report.isEnabled()
    with qtbot.waitSignal(window.studio.replayFinished, timeout=20_000) as finished:
        window.actions_.replay.trigger()
    wait_idle(qtbot, window)
    ok, path = finished.args
    assert ok is True
    assert path == str(window.studio.view.bundle / REPORT_NAME)  # type: ignore[union-attr]
    page = Path(path).read_text(encoding="utf-8")
    assert "tap" in page and page.count("data:image/png;base64,") >= 2  # a picture a step
    assert report.isEnabled() and report.toolTip() == path
    assert window.status.report_button.defaultAction() is report
    assert not window.status.report_button.isHidden()
    run_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Run")
    assert report in run_menu.actions()
    window.status.report_button.click()
    assert ask.shown == [path]


def test_launch_app_records_a_clean_start_as_step_one_and_exports_carry_it(
    qtbot: QtBot, window: MainWindow, ask: FakeAsk, tmp_path: Path
) -> None:
    click(qtbot, window, "Sign up")  # some steps already: the launch goes first
    window.steps_panel.select_row(-1)
    ask.launches.append((APP_PACKAGE, True))
    busy: list[bool] = []
    answer = ask.launch_app

    def asked(packages: Sequence[str]) -> tuple[str, bool] | None:
        busy.append(window.studio.runner.busy)  # nothing runs behind the question
        return answer(packages)

    ask.launch_app = asked  # type: ignore[method-assign]
    window.actions_.launch.trigger()
    qtbot.waitUntil(lambda: window.model.rowCount() == 3)
    wait_idle(qtbot, window)
    assert ask.offered[-1][0] == APP_PACKAGE  # the app on screen first
    assert busy == [False]
    assert [r.command for r in window.model.rows] == ["AC_clear_app", "AC_launch_app", "AC_tap"]
    assert window.model.rows[1].params == {"package": APP_PACKAGE}
    assert window.last_error == ""
    flow_path, test_path = tmp_path / "flow.yaml", tmp_path / "test_start.py"
    ask.paths += [str(flow_path), str(test_path)]
    _save(qtbot, window, lambda: window.actions_.export("maestro"))
    _save(qtbot, window, lambda: window.actions_.export("pytest"))
    commands = list(yaml.safe_load_all(flow_path.read_text(encoding="utf-8")))[1]
    assert commands[0] == {"launchApp": {"appId": APP_PACKAGE, "clearState": True}}
    assert not any("stopApp" in str(c) for c in commands)
    code = test_path.read_text(encoding="utf-8")
    assert f"deltarec_app({APP_PACKAGE!r}, reset='clear')" in code
    window.undo_stack.undo()  # the launch was one action
    qtbot.waitUntil(lambda: window.model.rowCount() == 1)
    wait_idle(qtbot, window)


def test_a_new_recording_offers_launch_app_and_cancel_records_nothing(
    qtbot: QtBot, open_window: WindowFactory, ask: FakeAsk
) -> None:
    window = open_window()
    ask.launches += [None, (APP_PACKAGE, False)]
    window.actions_.new.trigger()
    qtbot.waitUntil(lambda: len(ask.offered) == 1)
    wait_idle(qtbot, window)
    assert window.model.rowCount() == 0
    window.actions_.new.trigger()
    qtbot.waitUntil(lambda: window.model.rowCount() == 1)
    wait_idle(qtbot, window)
    assert window.model.rows[0].command == "AC_launch_app"
    assert window.studio.view is not None and window.studio.view.package == APP_PACKAGE


def test_installed_apps_come_from_pm_list_packages_on_a_phone_with_a_shell() -> None:
    class Listed:
        serial = "s"

        def shell(self, command: str) -> object:
            assert command == "pm list packages"
            out = b"package:com.z\npackage:com.android.launcher3\npackage:com.a\n"
            return type("R", (), {"stdout": out})()

    assert installed_apps(Listed(), current="com.z") == ["com.z", "com.a"]  # type: ignore[arg-type]
    assert installed_apps(make_virtual_device()) == [APP_PACKAGE]
