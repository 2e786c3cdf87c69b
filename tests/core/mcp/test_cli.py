"""``deltarec mcp``: the subcommand's arguments, and a real server process spoken to over stdio."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from deltarec.core.cli import mcp_command
from deltarec.core.mcp import tool_table

ROOT = Path(__file__).resolve().parents[3]


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="deltarec")
    mcp_command.register(parser.add_subparsers(dest="command", required=True))
    return parser.parse_args(argv)


def test_arguments() -> None:
    args = parse(["mcp"])
    assert (args.device, args.read_only, args.policy) == ("virtual", False, "all")
    args = parse(["mcp", "--device", "replay:/tmp/bundle", "--read-only", "--policy", "failures"])
    assert (args.device, args.read_only, args.policy) == ("replay:/tmp/bundle", True, "failures")
    assert args.run is mcp_command._cmd_mcp
    with pytest.raises(SystemExit):
        parse(["mcp", "--policy", "some"])


@pytest.mark.anyio
async def test_stdio_server_process(tmp_path: Path) -> None:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "deltarec.core.cli.main", "mcp", "--device", "virtual", "--read-only"],
        cwd=ROOT,
        env={"DELTAREC_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)},
    )
    with (tmp_path / "stderr.txt").open("w") as errlog, anyio.fail_after(60):
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write) as client,
        ):
            init = await client.initialize()
            listed = await client.list_tools()
            described = await client.call_tool("ac_describe_screen", {})
            tapped = await client.call_tool("ac_tap", {"selector": {"text": "Sign up"}})
    assert init.serverInfo.name == "deltarec"
    assert [t.name for t in listed.tools] == list(tool_table(read_only=True))
    assert not described.isError
    text = described.content[0].text  # type: ignore[union-attr]
    assert text.startswith("screen dev.deltarec.launcher/")
    assert described.structuredContent is not None
    assert described.structuredContent["step"] == 1
    assert tapped.isError
