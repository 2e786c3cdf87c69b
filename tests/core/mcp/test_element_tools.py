"""The element-dict tools (ac_observation_index, …): listed on request, read-only, the peer's shapes."""

from __future__ import annotations

from typing import Any

import pytest

from deltarec.core.executor import COMMANDS
from deltarec.core.mcp import tool_table
from deltarec.core.mcp.tools import ELEMENT_TOOLS, hint
from tests.core.mcp.conftest import Connect, envelope, texts
from tests.core.mcp.test_tools import tool_tokens

pytestmark = pytest.mark.anyio

FAMILY = ["ac_observation_index", "ac_serialize_observation", "ac_match_elements",
          "ac_assign_stable_ids"]  # fmt: skip


def _box(x: int, name: str = "", w: int = 40) -> dict[str, Any]:
    return {"role": "button", "name": name, "x": x, "y": 0, "width": w, "height": 20}


def test_listed_only_when_asked_read_only_and_small() -> None:
    plain, every = tool_table(), tool_table(element_tools=True)
    assert [name for name in every if name not in plain] == FAMILY
    assert {c.name.lower() for c in COMMANDS if c.name in ELEMENT_TOOLS} == set(FAMILY)
    assert list(tool_table(read_only=True, element_tools=True)) == [
        name for name in every if every[name].read_only
    ]
    for name in FAMILY:
        tool = every[name].tool
        assert every[name].read_only and hint(tool, "readOnlyHint")
        assert not hint(tool, "openWorldHint")  # they read nothing but their arguments
    assert sum(tool_tokens(every[name].tool) for name in FAMILY) <= 500


async def test_each_tool_answers_in_the_peers_shape(connect: Connect) -> None:
    before = [_box(0, "Save"), _box(100, "Delete")]
    after = [_box(2, "Save"), _box(300, "New")]
    async with connect(element_tools=True) as client:
        index = envelope(await client.call_tool("ac_observation_index", {"elements": after}))
        text = envelope(await client.call_tool("ac_serialize_observation", {"elements": after}))
        match = envelope(
            await client.call_tool("ac_match_elements", {"before": before, "after": after})
        )
        first = envelope(await client.call_tool("ac_assign_stable_ids", {"elements": before}))
        ids = envelope(
            await client.call_tool(
                "ac_assign_stable_ids",
                {"elements": after, "prior": first["result"]["elements"]},
            )
        )
    assert [(e["index"], e["name"]) for e in index["result"]["elements"]] == [
        (0, "Save"),
        (1, "New"),
    ]
    assert index["result"]["count"] == 2
    assert text["result"] == {
        "observation": '[0] button "Save" @(22,10)\n[1] button "New" @(320,10)',
        "count": 2,
    }
    result = match["result"]
    assert [(m["before"], m["after"]) for m in result["matched"]] == [(before[0], after[0])]
    assert (result["added"], result["removed"]) == ([after[1]], [before[1]])
    assert [e["id"] for e in ids["result"]["elements"]] == [0, 2]
    assert all(e["frame"] != "full" for e in (index, text, match, ids) if "frame" in e)


async def test_not_listed_is_refused_with_the_option_to_ask_for(connect: Connect) -> None:
    async with connect() as client:
        listed = {t.name for t in (await client.list_tools()).tools}
        refused = await client.call_tool("ac_match_elements", {"before": [], "after": []})
    assert not listed & set(FAMILY)
    assert refused.isError
    assert texts(refused) == [
        "ac_match_elements is not available: start the server with --element-tools"
    ]


async def test_a_bad_frame_names_its_path(connect: Connect) -> None:
    async with connect(element_tools=True) as client:
        bad = await client.call_tool(
            "ac_assign_stable_ids", {"elements": [_box(0)], "prior": [{"x": "ten"}]}
        )
    assert bad.isError
    assert texts(bad) == [
        "prior: not a usable capture: 'ten' is not a number (ASCII digits only) (at $[0].x)"
    ]
