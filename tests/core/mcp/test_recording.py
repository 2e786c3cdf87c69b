"""An agent's session kept as a recording (issue 20): the SDK's client over the real server on
the virtual phone, saved with ``save_recording``, exported, and run on fresh phones."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deltarec.core.bundle import Bundle
from deltarec.core.errors import InputError
from deltarec.core.executor import load_script, parse_script, run_steps
from deltarec.core.mcp.recording import MAX_STEPS, check_name
from tests.core.mcp.agent import Agent, agent, new_session

pytestmark = pytest.mark.anyio

RAW = {"x", "y", "x1", "y1", "x2", "y2"}


async def sign_up_and_inbox(a: Agent) -> None:
    """Taps by selector and by [i], typing, a failed call, read-only calls, an assertion,
    Back, a swipe on a list."""
    await a.call("ac_describe_screen")
    await a.call("ac_tap", {"selector": {"text": "Sign up"}})
    await a.call("ac_tap", {"selector": {"index": await a.number("Name", "textbox")}})
    await a.call("ac_type_text", {"text": "Ada"})
    await a.call("ac_tap", {"selector": {"text": "Nope"}, "timeout": 0})  # fails: no step
    await a.call("ac_assert", {"selector": {"index": await a.number("Ada")}, "text": "Ada"})
    await a.call("ac_type_text", {"selector": {"text": "Email"}, "text": "a@x.org"})
    await a.call("ac_back")
    await a.call("ac_back")
    await a.call("ac_tap", {"selector": {"text": "Inbox"}})
    await a.call("ac_swipe", {"direction": "up", "percent": 50})
    await a.call("ac_delta_observation")


async def test_an_agent_session_saved_is_a_recording_with_the_deltas_it_saw(
    tmp_path: Path,
) -> None:
    async with agent(tmp_path) as a:
        await sign_up_and_inbox(a)
        saved = await a.call("save_recording", {"name": "sign-up"})
        reply = a.last
    assert reply is not None and not reply.isError
    path = tmp_path / "sign-up"
    assert saved == f"saved 8 steps to {path}"
    assert reply.structuredContent == {"ok": True, "path": str(path), "steps": 8}
    bundle = Bundle.open(path)
    assert bundle.info["name"] == "sign-up" and bundle.info["state"] == "closed"
    steps = bundle.steps
    assert [s["command"] for s in steps] == ["AC_tap", "AC_tap", "AC_type_text", "AC_type_text",
                                             "AC_back", "AC_back", "AC_tap", "AC_swipe"]  # fmt: skip
    assert [s["label"] for s in steps[:2]] == ['tap button "Sign up"', 'tap textbox "Name"']
    # Selectors as the Builder records them: never the agent's [i] alone, never pixels.
    name_id = "dev.deltarec.playground:id/name"
    assert steps[1]["params"]["selector"]["resource_id"] == name_id
    assert steps[3]["params"]["selector"]["resource_id"] == "dev.deltarec.playground:id/email"
    swipe = steps[7]["params"]
    assert (swipe["direction"], swipe["selector"]["resource_id"]) == (
        "up", "dev.deltarec.playground:id/inbox_list")  # fmt: skip
    for step in steps:
        assert not RAW & set(step["params"]), step
        assert step["delta"] and step["before"] < step["after"]
    # The deltas the agent read, under each step.
    assert steps[0]["delta"].startswith("» new screen dev.deltarec.playground/SignUpActivity")
    assert '~ [12] textbox "Ada" (text: "Name"→"Ada")' in steps[2]["delta"]
    assert steps[7]["delta"].startswith('↕ [33] list "inbox_list" scrolled down')
    # The agent's assertion is a check of the step before it, by a readable selector.
    assert {"selector": {"resource_id": name_id}, "text": "Ada"} in steps[2]["checks"]
    script = load_script(path / "script.json")
    assert len(script.steps) == 8 and script.steps[2].checks


async def test_the_recording_replays_on_a_fresh_phone_to_the_screen_the_agent_left(
    tmp_path: Path,
) -> None:
    async with agent(tmp_path) as a:
        await sign_up_and_inbox(a)
        await a.call("save_recording", {"name": "agent"})
        left = [n.text for n in a.session.settle().walk() if n.text]
    fresh = new_session()
    report = run_steps(load_script(tmp_path / "agent" / "script.json"), fresh, policy="none")
    assert report.ok, [str(r.error) for r in report.results if not r.ok]
    assert [n.text for n in fresh.settle().walk() if n.text] == left


@pytest.mark.parametrize("profile", ["phone", "small"])
async def test_the_exported_pytest_passes_on_a_fresh_virtual_phone(
    tmp_path: Path, profile: str
) -> None:
    async with agent(tmp_path) as a:
        await sign_up_and_inbox(a)
        await a.call("save_recording", {"name": "agent"})
    out = tmp_path / "test_agent.py"
    exported = subprocess.run(
        [sys.executable, "-m", "deltarec.core.cli.main", "export", str(tmp_path / "agent"),
         "--format", "pytest", "-o", str(out)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert exported.returncode == 0, exported.stderr
    code = out.read_text(encoding="utf-8")
    assert "phone.type('a@x.org')" not in code  # typed into the field it named, not anywhere
    assert '# 3: ~ [12] textbox "Ada" (text: "Name"→"Ada")' in code  # the delta under its step
    env = dict(os.environ, DELTAREC_DEVICE=f"virtual:{profile}", ADBUTILS_ADB_PATH="/bin/false")
    ran = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(out)],
                         capture_output=True, text=True, env=env, timeout=300, cwd=tmp_path)  # fmt: skip
    assert ran.returncode == 0, ran.stdout + ran.stderr


async def test_read_only_and_failed_calls_are_not_steps_and_a_session_with_none_saves_empty(
    tmp_path: Path,
) -> None:
    async with agent(tmp_path) as a:
        await a.call("ac_describe_screen")
        await a.call("ac_observe")
        await a.call("ac_current_app")
        await a.call("ac_tap", {"selector": {"text": "Nope"}, "timeout": 0})
        await a.call("ac_wait_for", {"selector": {"text": "Sign up"}})
        assert await a.call("save_recording") == f"saved 0 steps to {tmp_path / _only(tmp_path)}"
    assert Bundle.open(tmp_path / _only(tmp_path)).steps == []


def _only(folder: Path) -> str:
    (child,) = [p.name for p in folder.iterdir() if not p.name.startswith(".")]
    return child


async def test_live_recording_is_on_disk_after_every_step(tmp_path: Path) -> None:
    async with agent(tmp_path, live=True) as a:
        live = a.recording.bundle.root
        assert live.parent == tmp_path and Bundle.open(live).info["state"] == "recording"
        await a.call("ac_tap", {"selector": {"text": "Sign up"}})
        assert len(Bundle.open(live).steps) == 1  # autosaved: a crash now loses nothing
        assert (live / "screenshots" / "0001.png").is_file()
        await a.call("ac_back")
        assert [s["command"] for s in Bundle.open(live).steps] == ["AC_tap", "AC_back"]
        assert len(load_script(live / "script.json").steps) == 2
        await a.call("save_recording", {"name": live.name})  # its own name: saved in place
    assert Bundle.open(live).info["state"] == "closed"
    assert [p.name for p in tmp_path.iterdir()] == [live.name]


async def test_a_folder_that_cannot_be_written_is_one_warning_and_the_session_goes_on(
    tmp_path: Path,
) -> None:
    async with agent(tmp_path, live=True) as a:
        live = a.recording.bundle.root
        await a.call("ac_tap", {"selector": {"text": "Sign up"}})
        shutil.rmtree(live)
        live.write_text("in the way")  # the folder is gone, a file stands there
        await a.call("ac_back")
        first = a.last
        await a.call("ac_tap", {"selector": {"text": "Settings"}})
        second = a.last
        live.unlink()
        await a.call("ac_back")
        third = a.last
    assert first is not None and second is not None and third is not None
    assert not (first.isError or second.isError or third.isError)
    warnings = [
        [w for w in (r.structuredContent or {}).get("warnings", []) if "recording" in w]
        for r in (first, second, third)
    ]
    assert len(warnings[0]) == 1 and "cannot save the recording in" in warnings[0][0]
    assert warnings[1] == [] and warnings[2] == []  # said once; saved again once it can


async def test_save_names_are_folder_names_and_a_taken_one_is_refused(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    async with agent(tmp_path) as a:
        await a.call("ac_tap", {"selector": {"text": "Sign up"}})
        bad = await a.call("save_recording", {"name": "../escape"})
        assert a.last is not None and a.last.isError
        taken = await a.call("save_recording", {"name": "mine"})
        assert a.last.isError
        unknown = await a.call("save_recording", {"path": "/tmp"})
        assert a.last.isError
        await a.call("save_recording", {"name": "again"})
        await a.call("ac_back")
        assert await a.call("save_recording", {"name": "again"}) == (
            f"saved 2 steps to {tmp_path / 'again'}"  # its own earlier save is updated
        )
    assert "name '../escape' is not a folder name" in bad
    assert "'mine' already exists" in taken and "unknown parameter 'path'" in unknown
    assert sorted(p.name for p in tmp_path.iterdir()) == ["again", "mine"]


async def test_a_read_only_server_offers_no_save(tmp_path: Path) -> None:
    from mcp.shared.memory import create_connected_server_and_client_session

    from deltarec.core.mcp import build_server
    from deltarec.core.mcp.recording import AgentRecording

    session = new_session()
    recording = AgentRecording(session, tmp_path)
    server = build_server(session, read_only=True, recording=recording)
    async with create_connected_server_and_client_session(server) as client:
        names = [t.name for t in (await client.list_tools()).tools]
    recording.close()
    assert "save_recording" not in names


async def test_run_steps_keeps_each_acting_step(tmp_path: Path) -> None:
    async with agent(tmp_path) as a:
        script: list[Any] = [["AC_tap", {"selector": {"text": "Settings"}}],
                             ["AC_describe_screen"], ["AC_back"]]  # fmt: skip
        await a.call("ac_run_steps", {"script": script, "policy": "none"})
        await a.call("save_recording", {"name": "run"})
    steps = Bundle.open(tmp_path / "run").steps
    assert [(s["command"], s["label"]) for s in steps] == [
        ("AC_tap", 'tap button "Settings"'), ("AC_back", "back")]  # fmt: skip


@given(st.text(max_size=90))
def test_a_name_is_one_folder_under_the_folder_or_an_input_error(name: str) -> None:
    folder = Path("/recordings")
    try:
        chosen = check_name(name)
    except InputError as exc:
        assert "save_recording: name" in str(exc)
        return
    assert (folder / chosen).parent == folder and chosen not in (".", "..")
    assert not chosen.startswith(".") and "/" not in chosen and "\\" not in chosen


async def test_the_recording_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deltarec.core.mcp.recording.MAX_STEPS", 2)
    async with agent(tmp_path) as a:
        await a.call("ac_tap", {"selector": {"text": "Sign up"}})
        await a.call("ac_back")
        await a.call("ac_tap", {"selector": {"text": "Sign up"}})
        full = a.last
        await a.call("ac_back")
        quiet = a.last
        await a.call("save_recording", {"name": "b"})
    assert full is not None and quiet is not None and MAX_STEPS == 1000
    said = [w for w in (full.structuredContent or {}).get("warnings", []) if "full" in w]
    assert said == ["recording: the recording is full (2 steps); not kept"]
    assert "warnings" not in (quiet.structuredContent or {})
    assert len(json.loads((tmp_path / "b" / "manifest.json").read_text())["steps"]) == 2
    assert parse_script(json.loads((tmp_path / "b" / "script.json").read_text()))
