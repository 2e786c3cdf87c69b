"""MCP fixtures: a Playground phone on a fake clock, and the SDK's own client connected in memory."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import jsonschema
import mcp.types as types
import pytest
from mcp.client.session import ClientSession
from mcp.shared.memory import create_connected_server_and_client_session

from deltarec.core.devices.virtual import ManualClock, VirtualDevice, make_virtual_device
from deltarec.core.executor import Session
from deltarec.core.mcp import build_server
from deltarec.core.mcp.schema import RUN_OUTPUT, STEP_OUTPUT

Connect = Callable[..., AbstractAsyncContextManager[ClientSession]]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def device() -> VirtualDevice:
    """A Playground phone on the launcher, with a frozen clock (the status bar stays 9:41)."""
    return make_virtual_device(clock=ManualClock())


@pytest.fixture
def session(device: VirtualDevice) -> Session:
    clock = ManualClock(0)
    return Session(device, clock=clock, sleep=clock.advance)


@pytest.fixture
def connect(session: Session) -> Connect:
    """``async with connect(read_only=…) as client``: an initialised SDK client on ``session``
    whose every reply's structuredContent is validated against the tool's outputSchema."""

    @asynccontextmanager
    async def open_client(
        target: Session | None = None, **options: Any
    ) -> AsyncIterator[ClientSession]:
        server = build_server(target or session, **options)
        async with create_connected_server_and_client_session(server) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            real = client.call_tool

            async def call_tool(
                name: str, arguments: dict[str, Any] | None = None, **kw: Any
            ) -> types.CallToolResult:
                result = await real(name, arguments, **kw)
                if name in tools:  # every structuredContent is checked against its schema
                    return checked(result, tools[name])
                assert result.isError and result.structuredContent is None
                return result

            client.call_tool = call_tool  # type: ignore[method-assign]
            yield client

    return open_client


def texts(result: types.CallToolResult) -> list[str]:
    """The text blocks of a tool result, in order."""
    return [c.text for c in result.content if isinstance(c, types.TextContent)]


def envelope(result: types.CallToolResult) -> dict[str, Any]:
    """The structured content of a tool result, checked against the tool's outputSchema."""
    assert result.structuredContent is not None
    data: dict[str, Any] = result.structuredContent
    return data


def checked(result: types.CallToolResult, tool: types.Tool) -> types.CallToolResult:
    """``result``, after validating its structuredContent against ``tool``'s outputSchema
    and the whole contract (STEP_OUTPUT, or RUN_OUTPUT for ac_run_steps)."""
    assert tool.outputSchema is not None
    if result.structuredContent is not None:
        jsonschema.validate(result.structuredContent, tool.outputSchema)
        contract = RUN_OUTPUT if tool.name == "ac_run_steps" else STEP_OUTPUT
        jsonschema.validate(result.structuredContent, contract)
    else:
        assert result.isError  # only an error with no step behind it has none
    return result
