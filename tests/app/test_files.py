"""File menu: save and open a JSON script, export JSON / Python, cancelled dialogs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from pytestqt.qtbot import QtBot

from deltarec.app.window import MainWindow
from tests.app.helpers import FakeAsk, click, type_text, wait_idle

ROOT = Path(__file__).resolve().parents[2]


def test_save_then_open_script_records_it_again(
    qtbot: QtBot, window: MainWindow, ask: FakeAsk, tmp_path: Path
) -> None:
    click(qtbot, window, "Sign up")
    click(qtbot, window, "Name", "textbox")
    type_text(qtbot, window, "Ada")
    saved = tmp_path / "flow.json"
    ask.paths.append(str(saved))
    with qtbot.waitSignal(window.studio.exported):
        window.actions_.save.trigger()
    script = json.loads(saved.read_text())
    assert [s[0] for s in script] == ["AC_tap", "AC_tap", "AC_type_text"]
    # Saving again goes to the same file without asking.
    with qtbot.waitSignal(window.studio.exported):
        window.actions_.save.trigger()
    assert sum(q.startswith("save:") for q in ask.asked) == 1

    with qtbot.waitSignal(window.studio.viewChanged):
        window.actions_.new.trigger()
    wait_idle(qtbot, window)
    assert window.model.rowCount() == 0
    ask.paths.append(str(saved))
    window.actions_.open.trigger()
    qtbot.waitUntil(lambda: window.model.rowCount() == 3)
    wait_idle(qtbot, window)
    assert [r.command for r in window.model.rows] == ["AC_tap", "AC_tap", "AC_type_text"]
    step = window.model.step(2)
    assert step is not None and '(text: "Name"→"Ada")' in step.delta  # it ran again, with deltas
    assert window.studio.view is not None and window.studio.view.bundle.name.startswith("2")


def test_opening_a_bad_script_shows_the_error(
    qtbot: QtBot, window: MainWindow, ask: FakeAsk, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('[["AC_tapp", {}]]')
    ask.paths.append(str(bad))
    with qtbot.waitSignal(window.errorShown) as shown:
        window.actions_.open.trigger()
    assert "did you mean AC_tap" in shown.args[0]


def test_export_python_runs_and_cancel_does_nothing(
    qtbot: QtBot, window: MainWindow, ask: FakeAsk, tmp_path: Path
) -> None:
    click(qtbot, window, "Settings")
    click(qtbot, window, "Airplane mode", "switch")
    window.actions_.exports["python"].trigger()  # no path queued: the dialog was cancelled
    assert not window.studio.runner.busy
    target = tmp_path / "airplane.py"
    ask.paths.append(str(target))
    with qtbot.waitSignal(window.studio.exported):
        window.actions_.exports["python"].trigger()
    env = dict(os.environ, DELTAREC_DEVICE="virtual", PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, str(target)], env=env, capture_output=True, text=True,
                         timeout=120)  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    numbers = [line.split()[0] for line in run.stdout.splitlines() if line.strip()]
    assert numbers == ["1", "2"]  # steps are printed as people count them
    ask.paths.append(str(tmp_path / "airplane.json"))
    with qtbot.waitSignal(window.studio.exported):
        window.actions_.exports["json"].trigger()
    assert json.loads((tmp_path / "airplane.json").read_text())[1][0] == "AC_tap"
    assert window.settings.last_dir == str(tmp_path)


def test_the_export_menu_lists_every_format_and_writes_a_maestro_flow(
    qtbot: QtBot, window: MainWindow, ask: FakeAsk, tmp_path: Path
) -> None:
    titles = [a.text() for a in window.actions_.exports.values()]
    assert titles == ["JSON script…", "Python script…", "pytest file…", "Maestro flow…"]
    click(qtbot, window, "Settings")
    target = tmp_path / "flow.yaml"
    ask.paths.append(str(target))
    with qtbot.waitSignal(window.studio.exported):
        window.actions_.exports["maestro"].trigger()
    assert any(q.startswith("save: Export Maestro flow") and "*.yaml" in q for q in ask.asked)
    flow = target.read_text(encoding="utf-8")
    assert (
        "\n---\n- pressKey: Home\n- tapOn:\n" in flow  # it started on the launcher
        and "» new screen dev.deltarec.playground/SettingsActivity" in flow
    )
