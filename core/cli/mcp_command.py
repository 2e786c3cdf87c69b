"""``deltarec mcp``: serve one device to AI agents as an MCP server over stdio.

stdout carries the MCP protocol, so nothing else is ever printed there;
diagnostics go to stderr. The server's tools are those of :mod:`deltarec.core.mcp.tools`
(never an UNSAFE command); ``--read-only`` leaves only the read-only ones.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from deltarec.core.errors import DeltarecError

if TYPE_CHECKING:
    from deltarec.core.executor import Session
    from deltarec.core.mcp.recording import AgentRecording

POLICIES = ("all", "failures", "none")


def _cmd_mcp(args: argparse.Namespace) -> int:
    """Open the device, serve it until the client closes stdin; 0 then (and on Ctrl-C).

    Once served and the session closed, the process ends at once (``os._exit``):
    the interpreter's own teardown of the MCP SDK's modules alone takes 0.5-1 s,
    and a client stopping the server waits for it."""
    try:
        import anyio

        from deltarec.core.mcp import build_server, serve_stdio
    except ImportError as exc:  # the optional extra is missing
        raise DeltarecError(
            f"the MCP server needs the 'mcp' extra (pip install 'deltarec[mcp]'): {exc}"
        ) from exc
    from deltarec.core.cli.device_commands import open_device
    from deltarec.core.executor import Session

    output_dir = Path(args.output_dir) if args.output_dir else Path.cwd()
    session = Session(
        open_device(args.device), output_dir=output_dir, write_anywhere=args.write_anywhere
    )
    recording = None if args.read_only else _recording(session, args.record, output_dir)
    server = build_server(
        session,
        read_only=args.read_only,
        policy=args.policy,
        element_tools=args.element_tools,
        recording=recording,
    )
    try:
        anyio.run(serve_stdio, server)
    except KeyboardInterrupt:
        pass
    finally:
        if recording is not None:
            recording.close()
        session.close()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def _recording(session: Session, record: str | None, output_dir: Path) -> AgentRecording:
    """The session's recording: live in ``record`` (``--record DIR``), else kept in a
    temporary folder until ``save_recording`` writes it under ``OUTPUT_DIR/recordings``.
    A ``--record`` folder that cannot be written is one line on stderr; the server runs
    on, recording to a temporary folder (saves into ``DIR`` fail with the reason)."""
    from deltarec.core.mcp.recording import AgentRecording

    if record is not None:
        try:
            return AgentRecording(session, record, live=True)
        except DeltarecError as exc:
            print(f"deltarec mcp: --record: {exc}; the session is not autosaved", file=sys.stderr)
    return AgentRecording(session, record or output_dir / "recordings")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``mcp`` subcommand to the ``deltarec`` parser."""
    mcp = sub.add_parser(
        "mcp",
        help="serve a device to AI agents over MCP (stdio)",
        description="Run an MCP server over stdin/stdout whose tools (ac_describe_screen, "
        "ac_tap, ac_delta_observation, …) drive one device; every action returns what "
        "changed on the screen. UNSAFE commands (shell) are never offered.",
    )
    mcp.add_argument(
        "--device",
        default="virtual",
        metavar="SERIAL|virtual[:WxH@DPI]|replay:DIR",
        help="the device to drive (default: the built-in virtual phone)",
    )
    mcp.add_argument(
        "--read-only",
        action="store_true",
        help="offer only tools that do not act on the device (observe, delta, describe, "
        "screenshot, wait, assert); the others are not listed and cannot be called",
    )
    mcp.add_argument(
        "--element-tools",
        action="store_true",
        help="also offer the tools over element lists the agent passes (ac_observation_index, "
        "ac_serialize_observation, ac_match_elements, ac_assign_stable_ids)",
    )
    mcp.add_argument(
        "--policy",
        choices=POLICIES,
        default="all",
        help="when a single action returns its observation: after every mutating "
        "command (all, default), only when it failed, or never",
    )
    mcp.add_argument(
        "--output-dir",
        metavar="DIR",
        help="where files the agent asks for (ac_screenshot paths) go; default: the current folder",
    )
    mcp.add_argument(
        "--record",
        metavar="DIR",
        help="keep every acting call as a recording bundle in DIR (autosaved after each "
        "step; the Script Builder opens it, `deltarec export` makes it a test); "
        "save_recording also saves there (default: OUTPUT_DIR/recordings)",
    )
    mcp.add_argument(
        "--write-anywhere",
        action="store_true",
        help="let the agent write files outside the output folder",
    )
    mcp.set_defaults(run=_cmd_mcp)
