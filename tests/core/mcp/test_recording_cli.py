"""``deltarec mcp --record DIR``: a real server process over stdio keeps the session in DIR."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from deltarec.core.bundle import Bundle
from tests.core.mcp.test_cli import ROOT, parse

pytestmark = pytest.mark.anyio


def test_record_is_an_option() -> None:
    assert parse(["mcp"]).record is None
    assert parse(["mcp", "--record", "/tmp/r"]).record == "/tmp/r"


def _server(tmp_path: Path, record: Path) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "deltarec.core.cli.main", "mcp", "--record", str(record)],
        cwd=ROOT,
        env={"DELTAREC_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)},
    )


async def test_every_step_is_on_disk_while_the_server_runs(tmp_path: Path) -> None:
    record = tmp_path / "recordings"
    with (tmp_path / "stderr.txt").open("w") as errlog, anyio.fail_after(120):
        async with (
            stdio_client(_server(tmp_path, record), errlog=errlog) as (read, write),
            ClientSession(read, write) as client,
        ):
            await client.initialize()
            await client.call_tool("ac_tap", {"selector": {"text": "Sign up"}})
            (live,) = record.iterdir()
            on_disk = Bundle.open(live)  # the server still runs: what a kill would leave
            saved = await client.call_tool("save_recording", {"name": "kept"})
    assert [s["label"] for s in on_disk.steps] == ['tap button "Sign up"']
    assert on_disk.info["state"] == "recording"  # the Script Builder offers to restore it
    assert not saved.isError and saved.structuredContent == {
        "ok": True, "path": str(record / "kept"), "steps": 1}  # fmt: skip
    assert json.loads((live / "manifest.json").read_text())["info"]["state"] == "closed"
    assert sorted(p.name for p in record.iterdir()) == sorted([live.name, "kept"])


async def test_a_record_folder_that_cannot_be_written_is_one_line_and_the_server_runs(
    tmp_path: Path,
) -> None:
    record = tmp_path / "a-file"
    record.write_text("not a folder")
    with (tmp_path / "stderr.txt").open("w") as errlog, anyio.fail_after(120):
        async with (
            stdio_client(_server(tmp_path, record), errlog=errlog) as (read, write),
            ClientSession(read, write) as client,
        ):
            await client.initialize()
            tapped = await client.call_tool("ac_tap", {"selector": {"text": "Sign up"}})
            saved = await client.call_tool("save_recording", {})
    said = (tmp_path / "stderr.txt").read_text().strip().splitlines()
    assert len(said) == 1 and said[0].startswith("deltarec mcp: --record: cannot create the")
    assert not tapped.isError
    assert saved.isError
    message = saved.content[0].text  # type: ignore[union-attr]
    assert message.startswith(f"cannot save the recording in {record}") and "\n" not in message
