"""An agent's MCP session, saved with ``save_recording``, opens in the Script Builder (issue 20):
File → Recordings lists it, and its steps show with the deltas the agent saw."""

from __future__ import annotations

from pathlib import Path

import anyio
from pytestqt.qtbot import QtBot

from tests.app.conftest import WindowFactory
from tests.app.helpers import wait_idle
from tests.core.mcp.agent import agent


async def _session(folder: Path) -> None:
    async with agent(folder) as a:
        await a.call("ac_tap", {"selector": {"text": "Sign up"}})
        await a.call("ac_tap", {"selector": {"index": await a.number("Name", "textbox")}})
        await a.call("ac_type_text", {"text": "Ada"})
        await a.call("ac_back")
        await a.call("save_recording", {"name": "agent-sign-up"})


def test_a_saved_agent_session_opens_in_the_script_builder(
    qtbot: QtBot, open_window: WindowFactory, tmp_path: Path
) -> None:
    anyio.run(_session, tmp_path / "recordings")  # the window's recordings folder
    window = open_window()
    dialog = window.show_recordings()
    qtbot.waitUntil(lambda: any(r.name == "agent-sign-up" for r in dialog.rows))
    saved = next(r for r in dialog.rows if r.name == "agent-sign-up")
    assert saved.steps == 4 and saved.state == "closed"
    dialog.select(saved.path)
    with qtbot.waitSignal(window.studio.viewChanged):
        dialog.open_button.click()
    wait_idle(qtbot, window)
    shown = "; ".join(r.label for r in window.model.rows)
    assert shown == 'tap button "Sign up"; tap textbox "Name"; type "Ada"; back'
    window.steps_panel.select_row(2)
    assert '~ [12] textbox "Ada" (text: "Name"→"Ada")' in window.delta_panel.text
    window.steps_panel.select_row(0)
    assert "» new screen" in window.delta_panel.text
    assert window.studio.view is not None and window.studio.view.bundle == saved.path
