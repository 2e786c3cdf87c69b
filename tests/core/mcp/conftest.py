"""MCP fixtures: a Playground phone on a fake clock, and the SDK's own client connected in memory."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import mcp.types as types
import pytest
from mcp.client.session import ClientSession
from mcp.shared.memory import create_connected_server_and_client_session

from core.devices.virtual import ManualClock, VirtualDevice, make_virtual_device
from core.executor import Session
from core.mcp import build_server

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
    """``async with connect(read_only=…) as client``: an initialised SDK client on ``session``."""

    @asynccontextmanager
    async def open_client(
        target: Session | None = None, **options: Any
    ) -> AsyncIterator[ClientSession]:
        server = build_server(target or session, **options)
        async with create_connected_server_and_client_session(server) as client:
            yield client

    return open_client


def texts(result: types.CallToolResult) -> list[str]:
    """The text blocks of a tool result, in order."""
    return [c.text for c in result.content if isinstance(c, types.TextContent)]


def envelope(result: types.CallToolResult) -> dict[str, Any]:
    """The JSON block of a tool result (the last text block)."""
    data: dict[str, Any] = json.loads(texts(result)[-1])
    return data
