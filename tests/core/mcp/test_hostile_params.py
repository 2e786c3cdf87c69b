"""Issue 11 item 2/4 over MCP: hostile values in tool parameters are tool errors naming the
parameter, never "internal error"."""

from __future__ import annotations

import pytest

from tests.core.mcp.conftest import Connect, texts

pytestmark = pytest.mark.anyio

HUGE = [{"role": "button", "name": "OK", "x": "1e400", "y": 0, "width": 1, "height": 1}]


@pytest.mark.parametrize(
    ("tool", "arguments", "problem"),
    [
        ("ac_delta_observation", {"prev": HUGE}, "out of range"),
        ("ac_type_text", {"text": "a\ud800"}, "unpaired surrogate U+D800"),
        ("ac_run_steps", {"script": [["AC_type_text", {"text": "\udfff"}]]}, "unpaired surrogate"),
        ("ac_launch_app", {"package": "com.app\n"}, "not a package name"),
    ],
)
async def test_hostile_parameters_are_tool_errors(
    connect: Connect, tool: str, arguments: dict[str, object], problem: str
) -> None:
    async with connect() as client:
        result = await client.call_tool(tool, arguments)
    assert result.isError
    text = " ".join(texts(result))
    assert problem in text and "internal error" not in text.lower()
