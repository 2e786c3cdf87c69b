"""The MCP server through the SDK's own client, in memory, on the virtual phone (no sleeps)."""

from __future__ import annotations

import base64
import io
import threading
from typing import Any

import anyio
import anyio.to_thread
import mcp.types as types
import pytest
from mcp.shared.memory import create_connected_server_and_client_session
from PIL import Image

from deltarec.core.devices.virtual import ManualClock, Playground, VirtualDevice
from deltarec.core.executor import Session
from deltarec.core.mcp import build_server, tool_table
from deltarec.core.mcp.tools import hint
from tests.core.mcp.conftest import Connect, envelope, texts

pytestmark = pytest.mark.anyio

APP = "dev.deltarec.playground"
SIGN_UP = {"selector": {"text": "Sign up"}}
ELEMENTS_BEFORE = [
    {"role": "textbox", "name": "Name", "x": 0, "y": 0, "width": 300, "height": 60},
    {
        "role": "button",
        "name": "Save",
        "x": 0,
        "y": 100,
        "width": 300,
        "height": 60,
        "enabled": False,
    },
]
ELEMENTS_AFTER = [
    {"role": "textbox", "name": "Name", "value": "zr", "x": 0, "y": 0, "width": 300, "height": 60},
    {
        "role": "button",
        "name": "Save",
        "x": 0,
        "y": 100,
        "width": 300,
        "height": 60,
        "enabled": True,
    },
    {"role": "dialog", "name": "Saved", "x": 0, "y": 300, "width": 300, "height": 200},
]


async def test_lists_the_tool_table_with_annotations_and_schemas(connect: Connect) -> None:
    async with connect() as client:
        listed = (await client.list_tools()).tools
    expected = tool_table()
    assert [t.name for t in listed] == list(expected)
    for tool in listed:
        assert tool.inputSchema == expected[tool.name].tool.inputSchema
        assert tool.annotations == expected[tool.name].tool.annotations
        assert tool.description
    by_name = {t.name: t for t in listed}
    assert hint(by_name["ac_delta_observation"], "readOnlyHint") is True
    assert hint(by_name["ac_tap"], "readOnlyHint") is False
    assert by_name["ac_stop_app"].annotations.destructiveHint is True  # type: ignore[union-attr]


async def test_server_says_who_it_is(connect: Connect, session: Session) -> None:
    options = build_server(session).create_initialization_options()
    assert options.server_name == "deltarec"
    assert options.instructions is not None and "ac_describe_screen" in options.instructions
    async with connect() as client:
        await client.send_ping()


async def test_replies_are_the_delta_then_the_facts(connect: Connect) -> None:
    async with connect() as client:
        described = await client.call_tool("ac_describe_screen", {})
        tapped = await client.call_tool("ac_tap", SIGN_UP)
        typed = await client.call_tool(
            "ac_type_text", {"text": "zr", "selector": {"resource_id": "name"}}
        )
        back = await client.call_tool("ac_back", {})
    assert not described.isError
    (frame,) = texts(described)  # the frame, unescaped, and nothing else
    assert frame.splitlines()[0].startswith("screen dev.deltarec.launcher/")
    assert '[6] button "Sign up" @(405,1950)' in frame.splitlines()
    screen = envelope(described)
    assert screen == {"ok": True, "step": 1, "ms": screen["ms"]}  # the text says the rest

    # The agent saw the launcher: the tap's reply is the delta from it, not the whole screen.
    assert not tapped.isError
    delta, facts = texts(tapped)
    assert delta.splitlines()[0].startswith(
        '» new screen dev.deltarec.playground/SignUpActivity [10] "Sign up"'
    )
    assert '+ [11] text "Create your account", [12] textbox "Name", [13] "Email"' in delta
    assert facts == '[6] button "Sign up"'
    tap = envelope(tapped)
    assert (tap["ok"], tap["step"], tap["diff"]) == (True, 2, "deltarec://diff/2")
    assert "result" not in tap  # the element, its [i] and the point are in the facts line
    assert isinstance(tap["ms"], int)
    assert "result" not in envelope(typed)  # the text typed is the call's own

    assert texts(typed) == [
        "+ keyboard opened (covers y 1530–2400)\n"
        '~ focus: none → [12] textbox "zr"\n'
        '~ [12] textbox "zr" (text: "Name"→"zr")\n'
        '~ [16] button "Save" (enabled: false→true)',
        '[12] textbox "Name"',
    ]
    assert len(texts(back)) == 1  # nothing acted on, no warning: no facts line


async def test_acting_on_a_disabled_element_warns_once(connect: Connect) -> None:
    async with connect() as client:
        await client.call_tool("ac_tap", SIGN_UP)
        saved = await client.call_tool("ac_tap", {"selector": {"text": "Save"}})
    assert not saved.isError
    _, facts = texts(saved)
    assert facts == 'warning: [10] button "Save" is disabled'  # said once, not as the element
    assert envelope(saved)["warnings"] == ['[10] button "Save" is disabled']


async def test_delta_of_element_dicts(connect: Connect) -> None:
    async with connect() as client:
        result = await client.call_tool(
            "ac_delta_observation", {"prev": ELEMENTS_BEFORE, "curr": ELEMENTS_AFTER}
        )
    assert not result.isError
    data = envelope(result)
    assert "frame" not in data
    delta = data["result"]
    (summary,) = texts(result)
    assert delta == {"added": 1, "changed": 2}  # a zero count is left out
    assert '+ [2] dialog "Saved"' in summary.splitlines()


async def test_delta_without_frames_is_baseline_versus_device(
    connect: Connect, device: VirtualDevice
) -> None:
    async with connect() as client:
        first = await client.call_tool("ac_delta_observation", {})
        await client.call_tool("ac_home", {})  # a mutating step: its screen is the baseline
        unchanged = await client.call_tool("ac_delta_observation", {})
        device.launch_app(APP, ".SignUpActivity")  # behind the session's back
        moved = await client.call_tool("ac_delta_observation", {})
        again = await client.call_tool("ac_delta_observation", {})
    assert texts(first)[0].startswith("screen dev.deltarec.launcher")  # no baseline yet
    assert texts(unchanged) == ["no change"]
    assert "result" not in envelope(unchanged)  # zero counts say nothing the text does not
    assert envelope(moved)["result"]["added"] > 0 and texts(moved) != ["no change"]
    assert texts(again) == texts(moved)  # read-only: the baseline did not move


async def test_ambiguous_selector_is_a_tool_error_listing_candidates(connect: Connect) -> None:
    async with connect() as client:
        await client.call_tool("ac_tap", SIGN_UP)
        result = await client.call_tool("ac_tap", {"selector": {"role": "textbox"}})
        after = await client.call_tool("ac_current_app", {})
    assert result.isError
    message, observation = texts(result)  # the message once, then the failed step's delta
    assert message == (
        'selector {role="textbox"} matches 3 elements: [6] textbox "Name"; '
        '[7] textbox "Email"; [8] textbox "Password"'
    )
    assert observation == "no change"
    data = envelope(result)
    assert data["ok"] is False and "error" not in data  # the text says it, once
    assert not after.isError  # the server keeps serving


async def test_errors_an_agent_can_act_on(connect: Connect) -> None:
    async with connect() as client:
        await client.call_tool("ac_tap", SIGN_UP)
        missing = await client.call_tool("ac_tap", {"selector": {"text": "Sgin up"}})
        nothing_close = await client.call_tool("ac_tap", {"selector": {"text": "Zebra"}})
        half = await client.call_tool("ac_tap", {"x": 10})
        wrong = await client.call_tool("ac_tap", {"x": "10", "y": 3})
        absent = await client.call_tool("ac_type_text", {})
        bad_choice = await client.call_tool("ac_swipe", {"direction": "sideways"})
        unknown = await client.call_tool("ac_tapp", {})
        click = await client.call_tool("ac_click", {})
        nowhere = await client.call_tool("ac_fly", {})
    assert missing.isError
    assert texts(missing)[0] == (
        'no element matches {text="Sgin up"} within 2s; closest: [4] text "Sign up"'
    )
    assert envelope(missing)["ms"] >= 2000  # the MCP default wait: 2 s
    assert texts(nothing_close)[0].startswith(
        'no element matches {text="Zebra"} within 2s; on screen: [3] button "Navigate up"'
    )
    assert texts(half) == ["give both x and y"]
    assert texts(wrong) == ["x: expected an integer, got a string"]
    assert texts(absent) == ["missing required parameter 'text' (a string)"]
    assert texts(bad_choice) == [
        "direction: 'sideways' is not one of 'up', 'down', 'left', 'right'"
    ]
    assert texts(unknown) == ["unknown tool 'ac_tapp'; did you mean ac_tap?"]
    assert texts(click) == ["unknown tool 'ac_click'; did you mean ac_tap?"]
    assert texts(nowhere) == ["unknown tool 'ac_fly'"]


async def test_an_explicit_timeout_overrides_the_mcp_default(connect: Connect) -> None:
    async with connect() as client:
        result = await client.call_tool("ac_tap", {"selector": {"text": "Nope"}, "timeout": 0})
    assert result.isError and "within 0s" in texts(result)[0]
    assert envelope(result)["ms"] < 1000


async def test_describe_and_observe_set_the_baseline_to_what_they_showed(
    connect: Connect, device: VirtualDevice
) -> None:
    async with connect() as client:
        await client.call_tool("ac_tap", SIGN_UP)
        device.tap(540, 977)  # behind the server's back: tick "Send me news"
        observed = texts(await client.call_tool("ac_observe", {}))[0]
        first = texts(await client.call_tool("ac_tap", {"selector": {"text": "Name"}}))[0]
        device.tap(540, 977)  # untick it
        described = texts(await client.call_tool("ac_describe_screen", {}))[0]
        second = texts(await client.call_tool("ac_back", {}))[0]
        cut = await client.call_tool("ac_observe", {"max_lines": 2})
        third = texts(await client.call_tool("ac_back", {}))[0]
    assert '[9] checkbox "Send me news" @(540,977) (checked)' in observed
    assert "Send me news" not in first  # seen in the frame: not news
    assert first == '+ keyboard opened (covers y 1530–2400)\n~ focus: none → [6] textbox "Name"'
    assert "(unchecked)" in described and "Send me news" not in second
    assert envelope(cut)["result"]["cut"] is True  # a cut frame is not a baseline
    assert third.startswith("» back to") or third.startswith("» new screen")


async def test_run_steps_without_observations_keeps_the_baseline_where_the_agent_looked(
    connect: Connect,
) -> None:
    async with connect() as client:
        await client.call_tool("ac_describe_screen", {})
        run = await client.call_tool(
            "ac_run_steps", {"script": [["AC_tap", SIGN_UP], ["AC_back"]], "policy": "none"}
        )
        tapped = await client.call_tool("ac_tap", SIGN_UP)
    assert texts(run) == ["2 passed"]
    report = envelope(run)
    assert set(report["timing"]) == {"queueMs", "toolMs", "observationMs", "totalMs"}
    assert report["timing"]["observationMs"] == sum(
        s["timing"]["observationMs"] for s in report["steps"]
    )
    # The agent last saw the launcher: the tap is a delta from it, as if the run never moved.
    assert texts(tapped)[0].startswith("» new screen dev.deltarec.playground/SignUpActivity")


async def test_screenshot_returns_an_image_only_when_asked(connect: Connect) -> None:
    async with connect() as client:
        result = await client.call_tool("ac_screenshot", {})
        refused = await client.call_tool("ac_screenshot", {"path": "/tmp/deltarec-mcp.png"})
        tapped = await client.call_tool("ac_tap", SIGN_UP)
    assert not result.isError
    image, text = result.content
    assert isinstance(image, types.ImageContent) and image.mimeType == "image/png"
    with Image.open(io.BytesIO(base64.b64decode(image.data))) as png:
        assert (png.format, png.size) == ("PNG", (1080, 2400))
    assert isinstance(text, types.TextContent) and text.text == "screenshot 1080x2400"
    assert "result" not in envelope(result)  # the text says its size
    assert refused.isError and texts(refused) == ["path: not available over MCP"]
    assert all(isinstance(c, types.TextContent) for c in tapped.content)


async def test_read_only_hides_and_blocks_mutating_tools(
    connect: Connect, device: VirtualDevice
) -> None:
    async with connect(read_only=True) as client:
        names = [t.name for t in (await client.list_tools()).tools]
        tap = await client.call_tool("ac_tap", SIGN_UP)
        run = await client.call_tool("ac_run_steps", {"script": [["AC_tap", SIGN_UP]]})
        described = await client.call_tool("ac_describe_screen", {})
    assert names == list(tool_table(read_only=True))
    assert all(s.tool.annotations.readOnlyHint for s in tool_table(read_only=True).values())  # type: ignore[union-attr]
    assert tap.isError and texts(tap) == ["ac_tap is not available: this server is read-only"]
    assert run.isError and "read-only" in texts(run)[0]
    assert not described.isError
    assert device.current_app().package == "dev.deltarec.launcher"  # nothing was tapped


async def test_unsafe_commands_are_never_exposed(device: VirtualDevice, connect: Connect) -> None:
    clock = ManualClock(0)
    unsafe = Session(device, clock=clock, sleep=clock.advance, allow_unsafe=True)
    async with connect(unsafe) as client:
        names = [t.name for t in (await client.list_tools()).tools]
        shell = await client.call_tool("ac_shell", {"command": "echo hi"})
        run = await client.call_tool("ac_run_steps", {"script": [["AC_shell", {"command": "id"}]]})
    assert "ac_shell" not in names
    assert shell.isError and texts(shell)[0].startswith("unknown tool 'ac_shell'")
    assert run.isError and texts(run)[0].startswith(
        "script[0][0]: AC_shell is not available (UNSAFE"
    )


async def test_run_steps(connect: Connect, device: VirtualDevice) -> None:
    script = [
        ["AC_launch_app", {"package": APP, "activity": ".SignUpActivity"}],
        ["AC_type_text", {"text": "zr", "selector": {"resource_id": "name"}}],
        ["AC_assert", {"selector": {"text": "Save"}, "enabled": True}],
    ]
    async with connect() as client:
        passed = await client.call_tool("ac_run_steps", {"script": script, "policy": "none"})
        failed = await client.call_tool(
            "ac_run_steps",
            {
                "script": {
                    "auto_control": [["AC_tap", {"selector": {"role": "textbox"}}], ["AC_back"]]
                }
            },
        )
        invalid = await client.call_tool("ac_run_steps", {"script": [["AC_back"], ["AC_tap", {}]]})
    report = envelope(passed)
    assert not passed.isError and texts(passed) == ["3 passed"]
    assert (report["ok"], report["passed"], report["policy"]) == (True, 3, "none")
    assert [s.get("shown") for s in report["steps"]] == [None, None, None]
    assert [s["step"] for s in report["steps"]] == [1, 2, 3]
    assert "queueMs" in report["timing"]

    assert failed.isError
    message, observation, facts = texts(failed)
    assert message.startswith('step 1 (AC_tap) failed: selector {role="textbox"} matches 3')
    assert observation.startswith("screen ")  # no baseline yet: the full frame
    assert facts == "0 passed, 1 failed, 1 skipped"
    assert (envelope(failed)["skipped"], envelope(failed)["failed"]) == (1, 1)

    assert invalid.isError
    assert texts(invalid) == [
        "script[1][1]: where to act: give exactly one of selector or x/y or rel_x/rel_y"
    ]
    assert device.current_app().activity.endswith("SignUpActivity")  # the invalid run did nothing


class _Broken(VirtualDevice):
    """A phone whose screenshot hits a bug (not a DeltarecError)."""

    def screenshot(self) -> Any:
        raise RuntimeError("boom")


async def test_a_bug_is_a_tool_error_and_the_server_survives(connect: Connect) -> None:
    clock = ManualClock(0)
    broken = Session(_Broken(Playground(ManualClock())), clock=clock, sleep=clock.advance)
    async with connect(broken) as client:
        result = await client.call_tool("ac_screenshot", {})
        after = await client.call_tool("ac_current_app", {})
    assert result.isError
    assert texts(result) == ["internal error in ac_screenshot: RuntimeError: boom"]
    assert not after.isError


class _Gate:
    """Holds the device's first tap until released (threads, no sleeps)."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()
        self.taps: list[tuple[int, int]] = []
        self.active = 0
        self.most = 0


async def test_calls_run_off_the_loop_one_at_a_time(session: Session) -> None:
    gate = _Gate()
    real_tap = session.device.tap

    def slow_tap(x: int, y: int) -> None:
        gate.active += 1
        gate.most = max(gate.most, gate.active)
        gate.taps.append((x, y))
        if len(gate.taps) == 1:
            gate.entered.set()
            assert gate.release.wait(10)
        real_tap(x, y)
        gate.active -= 1

    session.device.tap = slow_tap  # type: ignore[method-assign]
    results: dict[str, types.CallToolResult] = {}
    server = build_server(session)
    async with create_connected_server_and_client_session(server) as client:

        async def call(key: str, name: str, args: dict[str, Any]) -> None:
            results[key] = await client.call_tool(name, args)

        with anyio.fail_after(20):
            async with anyio.create_task_group() as tasks:
                tasks.start_soon(call, "first", "ac_tap", {"x": 405, "y": 1950})
                await anyio.to_thread.run_sync(gate.entered.wait)
                tasks.start_soon(call, "second", "ac_tap", {"x": 10, "y": 10})
                await anyio.wait_all_tasks_blocked()
                await client.send_ping()  # the loop answers while the device is busy
                listed = await client.list_tools()
                assert gate.taps == [(405, 1950)]  # the second call waits for the lock
                gate.release.set()
    assert listed.tools
    assert gate.taps == [(405, 1950), (10, 10)] and gate.most == 1
    assert results["first"].structuredContent is not None
    assert results["second"].structuredContent is not None
    assert results["first"].structuredContent["step"] == 1
    assert results["second"].structuredContent["step"] == 2
