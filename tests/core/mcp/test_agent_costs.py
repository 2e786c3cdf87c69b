"""What an agent pays for and trips on over a session (issue 20): small structured replies,
a small tool list, errors that name what the screen has, marked full frames, one numbering."""

from __future__ import annotations

import json

import mcp.types as types
import pytest

from deltarec.core.executor import Session
from deltarec.core.mcp import tool_table
from deltarec.core.render.tokens import count_tokens
from tests.core.mcp.conftest import Connect, envelope, texts

pytestmark = pytest.mark.anyio

APP = "dev.deltarec.playground"
SIGN_UP = {"selector": {"text": "Sign up"}}
STATUS_BAR = ("9:41", "Wifi signal", "Battery")


def text_tokens(result: types.CallToolResult) -> int:
    return sum(count_tokens(t) for t in texts(result))


def structured_tokens(result: types.CallToolResult) -> int:
    """Tokens of structuredContent as the SDK sends it (compact JSON, unescaped)."""
    data = result.structuredContent
    return count_tokens(json.dumps(data, separators=(",", ":"), ensure_ascii=False))


# ------------------------------------------------------------ structuredContent small
async def test_structured_content_is_at_most_twice_the_text(connect: Connect) -> None:
    async with connect() as client:
        replies = [
            await client.call_tool("ac_describe_screen", {}),
            await client.call_tool("ac_tap", SIGN_UP),
            await client.call_tool("ac_type_text", {"text": "zr", "selector": {"index": 12}}),
            await client.call_tool("ac_launch_app", {"package": APP, "activity": ".InboxActivity"}),
            await client.call_tool("ac_swipe", {"direction": "up"}),
        ]
    for reply in replies:
        assert not reply.isError, texts(reply)
        assert structured_tokens(reply) <= 2 * text_tokens(reply), reply.structuredContent
    tap = envelope(replies[1])
    assert set(tap) == {"ok", "step", "ms", "diff"}  # what changed: the text, and the diff
    scrolled = envelope(replies[4])
    assert set(scrolled["result"]) == {"from", "to"}  # where the finger went: no text says


async def test_the_full_diff_is_a_resource_when_asked_for(connect: Connect) -> None:
    async with connect() as client:
        await client.call_tool("ac_describe_screen", {})
        tapped = await client.call_tool("ac_tap", SIGN_UP)
        uri = envelope(tapped)["diff"]
        assert isinstance(uri, str) and uri.startswith("deltarec://diff/")
        listed = (await client.list_resource_templates()).resourceTemplates
        assert [t.uriTemplate for t in listed] == ["deltarec://diff/{step}"]
        read = await client.read_resource(uri)  # type: ignore[arg-type]
        missing = await client.call_tool("ac_back", {})
    (content,) = read.contents
    assert isinstance(content, types.TextResourceContents)
    diff = json.loads(content.text)
    assert diff["isDiff"] is True and diff["added"]
    assert not missing.isError


# ------------------------------------------------------------ tools/list small
def test_the_tool_list_as_sent_is_at_most_3500_tokens() -> None:
    tools = [spec.tool for spec in tool_table().values()]
    listed = types.ListToolsResult(tools=tools).model_dump(
        by_alias=True, exclude_none=True, mode="json"
    )
    assert count_tokens(json.dumps(listed)) <= 3500  # spaced, as the issue counted it
    assert count_tokens(json.dumps(listed, separators=(",", ":"))) <= 3000  # as sent


# ------------------------------------------------------------ errors
async def test_not_found_lists_the_closest_never_the_status_bar(connect: Connect) -> None:
    async with connect() as client:
        await client.call_tool("ac_describe_screen", {})
        missed = await client.call_tool("ac_tap", {"selector": {"text": "Zebra"}, "timeout": 0})
    assert missed.isError
    message = texts(missed)[0]
    assert message.startswith('no element matches {text="Zebra"}')
    assert not any(s in message for s in STATUS_BAR), message
    assert '[5] button "Playground"' in message  # what the screen has to act on
    assert count_tokens(message) <= 50


async def test_an_index_not_on_screen_fails_at_once_naming_it(
    connect: Connect, session: Session
) -> None:
    async with connect() as client:
        await client.call_tool("ac_describe_screen", {})
        await client.call_tool("ac_tap", SIGN_UP)
        before = session.clock()
        gone = await client.call_tool("ac_tap", {"selector": {"index": 8}})
    assert gone.isError
    assert session.clock() - before < 1.0  # no 2 s wait for a number that left
    message = texts(gone)[0]
    assert '[8] button "Inbox"' in message and "not on screen" in message, message


async def test_ambiguous_candidates_name_their_row(connect: Connect) -> None:
    async with connect() as client:
        await client.call_tool("ac_launch_app", {"package": APP, "activity": ".FeedActivity"})
        liked = await client.call_tool("ac_tap", {"selector": {"text": "Like"}})
    assert liked.isError
    message = texts(liked)[0]
    assert '[19] button "Like" in row "Maya Chen' in message, message
    assert '[26] button "Like" in row "Deskly' in message, message


async def test_a_failed_assert_says_what_the_screen_had(connect: Connect) -> None:
    async with connect() as client:
        await client.call_tool("ac_describe_screen", {})
        failed = await client.call_tool(
            "ac_assert", {"selector": {"text": "Setings"}, "exists": True}
        )
        unchecked = await client.call_tool(
            "ac_assert", {"selector": {"text": "Settings"}, "checked": True}
        )
    assert failed.isError and unchecked.isError
    message = texts(failed)[0]
    assert "tried: checked" not in message, message
    assert '[7] button "Settings"' in message, message
    assert "tried: checked" not in texts(unchecked)[0]


# ------------------------------------------------------------ full frames, numbers
async def test_a_full_frame_after_a_cut_look_is_marked_with_why(connect: Connect) -> None:
    async with connect() as client:
        look = await client.call_tool("ac_describe_screen", {"max_lines": 5})
        tapped = await client.call_tool("ac_tap", SIGN_UP)
    assert envelope(look)["result"] == {"cut": True}
    first = texts(tapped)[0].splitlines()
    assert first[0].startswith("» full frame"), first[0]
    assert "cut" in first[0] and "step 1" in first[0]
    assert first[1].startswith("screen ")
    assert "diff" not in envelope(tapped)  # a full frame has no delta to read


async def test_steps_are_numbered_from_1_everywhere(connect: Connect) -> None:
    async with connect() as client:
        launched = await client.call_tool(
            "ac_launch_app", {"package": APP, "activity": ".MainActivity"}
        )
        await client.call_tool("ac_tap", SIGN_UP)
        back = await client.call_tool("ac_back", {})
    assert envelope(launched)["step"] == 1
    assert texts(back)[0] == '» back to MainActivity "Playground" (as after step 1)'
    assert envelope(back)["step"] == 3


async def test_a_tap_by_coordinates_names_the_element_it_hit(connect: Connect) -> None:
    async with connect() as client:
        await client.call_tool("ac_describe_screen", {})
        tapped = await client.call_tool("ac_tap", {"x": 405, "y": 1950})
    assert not tapped.isError
    assert texts(tapped)[-1] == '[6] button "Sign up"'
    assert "result" not in envelope(tapped)  # the facts line names it
