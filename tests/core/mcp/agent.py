"""An agent's session over MCP, for the recording tests: the SDK's own client, in memory, on
a Playground phone on a fake clock, with the session recorded (:mod:`deltarec.core.mcp.recording`)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import mcp.types as types
from mcp.client.session import ClientSession
from mcp.shared.memory import create_connected_server_and_client_session

from deltarec.core.devices.virtual import ManualClock, make_virtual_device, parse_profile
from deltarec.core.executor import Session
from deltarec.core.mcp import build_server
from deltarec.core.mcp.recording import AgentRecording

NUMBERED = re.compile(r"^\[(\d+)\] (\S+) \"((?:[^\"\\]|\\.)*)\"", re.MULTILINE)


@dataclass
class Agent:
    """A connected client and what it called; ``call`` returns the reply's text."""

    client: ClientSession
    session: Session
    recording: AgentRecording
    calls: list[tuple[str, dict[str, Any], bool]] = field(default_factory=list)
    last: types.CallToolResult | None = None

    async def call(self, name: str, arguments: dict[str, Any] | None = None) -> str:
        self.last = await self.client.call_tool(name, arguments or {})
        self.calls.append((name, arguments or {}, self.last.isError))
        return "\n".join(c.text for c in self.last.content if isinstance(c, types.TextContent))

    async def number(self, name: str, role: str | None = None) -> int:
        """The ``[i]`` of the element called ``name`` (of ``role``) as describe lists it."""
        for i, shown_role, shown in NUMBERED.findall(await self.call("ac_describe_screen")):
            if shown == name and role in (None, shown_role):
                return int(i)
        raise AssertionError(f"{name!r} not on screen")

    async def numbers(self) -> list[int]:
        """Every ``[i]`` describe lists now, in its order."""
        return [int(i) for i, _, _ in NUMBERED.findall(await self.call("ac_describe_screen"))]


def new_session(profile: str = "phone") -> Session:
    clock = ManualClock()
    device = make_virtual_device(clock=ManualClock(), profile=parse_profile(profile))
    return Session(device, clock=clock, sleep=clock.advance)


@asynccontextmanager
async def agent(
    folder: Path, *, live: bool = False, session: Session | None = None
) -> AsyncIterator[Agent]:
    """An agent on a fresh phone whose session is recorded (bundles go to ``folder``)."""
    session = session or new_session()
    recording = AgentRecording(session, folder, live=live, screenshots=live)
    server = build_server(session, recording=recording)
    try:
        async with create_connected_server_and_client_session(server) as client:
            yield Agent(client, session, recording)
    finally:
        recording.close()
