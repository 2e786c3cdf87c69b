"""The MCP benchmark's helpers (the benchmark itself runs a server process: not in the suite)."""

from __future__ import annotations

import mcp.types as types

from benchmarks.bench_mcp import (
    SESSION,
    StepCost,
    reply_costs,
    structured_tokens,
    summary,
    table,
    tool_list_tokens,
    tools_list_tokens,
)
from deltarec.core.mcp import tool_table
from deltarec.core.render.tokens import count_tokens


def _text(text: str) -> types.TextContent:
    return types.TextContent(type="text", text=text)


def test_a_session_of_twenty_steps_with_a_miss() -> None:
    assert len(SESSION) == 20
    assert SESSION[0][0] == "AC_describe_screen" and SESSION[-1][1]["timeout"] == 0


def test_reply_costs_split_the_observation_from_the_envelope() -> None:
    delta = '~ [12] textbox "zr" (text: "Name"→"zr")'
    ok = types.CallToolResult(content=[_text(delta), _text('[12] textbox "Name"')])
    read, main, texts = reply_costs(ok)
    assert (main, read) == (count_tokens(delta), count_tokens(delta) + count_tokens(texts[1]))
    failed = types.CallToolResult(
        content=[_text('no element matches {text="x"}'), _text("no change")],
        structuredContent={"ok": False, "step": 2, "ms": 5},
        isError=True,
    )
    read, main, _ = reply_costs(failed)
    assert main == count_tokens("no change") and read > main
    bare = types.CallToolResult(content=[_text('no element matches {text="x"}')], isError=True)
    assert reply_costs(bare)[1] == 0


def test_summary_and_table() -> None:
    costs = [
        StepCost(0, "ac_describe_screen", False, 100, 100, 100, ("x",)),
        StepCost(1, "ac_tap", False, 20, 15, 100, ("y", "z")),
    ]
    totals = summary(costs, 2000, 1000)
    assert totals["envelope_share"] == round(5 / 120, 4)
    assert totals["session_ratio"] == 0.6
    assert "ac_tap" in table(costs, show=True) and "| z" in table(costs, show=True)
    assert totals["structured_tokens"] == 0
    heavy = [StepCost(1, "ac_back", False, 2, 2, 100, ("no change",), structured=13)]
    assert summary(heavy, 0, 0)["structured_steps_over"] == 1
    assert table(heavy, show=False).endswith(" over")


def test_structured_and_tools_list_tokens() -> None:
    empty = types.CallToolResult(content=[_text("x")])
    assert structured_tokens(empty) == 0
    some = types.CallToolResult(content=[_text("x")], structuredContent={"ok": True})
    assert structured_tokens(some) == count_tokens('{"ok":true}')
    tools = [spec.tool for spec in tool_table().values()]
    sent, spaced = tools_list_tokens(tools)
    assert 0 < sent <= spaced


def test_tool_list_tokens_is_what_the_budget_test_counts() -> None:
    tools = [spec.tool for spec in tool_table(read_only=True).values()]
    assert 0 < tool_list_tokens(tools) <= 1500
