"""A dealt sample of the seeded agent sessions (:mod:`tests.core.mcp.agent_walk`): the SDK's
client drives the MCP server on the virtual phone as an agent does, and every reply holds to
its names, numbers, swipe facts, titles, returns and budgets.

The whole sweep is ``python benchmarks/bench_agent.py``; the walks here are the ones that
found a class, each of which failed before its fix (the tablet and the other profiles run in
the benchmark).
"""

from __future__ import annotations

import anyio
import pytest

from tests.core.mcp.agent_walk import walk

WALKS = [
    pytest.param(305, 6, "phone", id="budget-keyboard-closed"),  # structuredContent's diff URI
    pytest.param(0, 28, "phone", id="swipe-on-a-snackbar"),  # "on [14] list" vs "outside"
]


@pytest.mark.parametrize(("seed", "steps", "profile"), WALKS)
def test_an_agent_session_holds_to_what_its_replies_said(
    seed: int, steps: int, profile: str
) -> None:
    result = anyio.run(walk, seed, steps, profile)
    assert result.violations == (), "\n".join(map(str, result.violations))
