"""The MCP server: the tools of :mod:`core.mcp.tools` over one executor session.

:func:`build_server` wraps a :class:`~core.executor.session.Session` (one
device) in a low-level ``mcp.server.Server`` of the official SDK;
:func:`serve_stdio` runs it over stdin/stdout.

Contract of a tool call:

- The SDK checks the arguments against the tool's ``inputSchema``; the
  executor then validates them again (messages name the JSON path, ``$.x``).
- Success: one text block, the executor's JSON envelope ``{ok, command, step,
  result, observation, timing: {queueMs, toolMs, observationMs, totalMs}}``
  (``observation`` per the session policy: after mutating commands);
  ``ac_screenshot`` adds the PNG as an image block first; ``ac_run_steps``
  returns the run report.
- Failure (bad arguments, a failed step, a device error, a bug): an MCP tool
  error (``isError``) whose first text block is the one-line message
  (``selector {role="textbox"} matches 3 elements: [12] textbox "Name"; …``),
  followed by the envelope when a step ran (it carries the observation of the
  failed step). The server itself never fails because a tool did.
- ``read_only``: only read-only tools exist; the others are neither listed nor
  callable (a call is refused before anything runs, whatever the client sends).
- Device I/O is blocking, so each call runs in a worker thread
  (``anyio.to_thread``) and the event loop stays free; calls are serialised by
  one lock (one device, one baseline), and the wait for it is added to
  ``queueMs`` / ``totalMs``. A cancelled call finishes its device work before
  the lock is released (worker threads are not abandoned).
"""

from __future__ import annotations

import base64
import dataclasses
import json
import logging
import tempfile
from collections.abc import Mapping
from functools import partial
from importlib import metadata
from pathlib import Path
from typing import Any, TypeVar

import anyio
import anyio.to_thread
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from core.errors import DeltarecError, InputError, ScriptValidationError
from core.executor.commands.base import Category
from core.executor.commands.readonly import Screenshot
from core.executor.runner import run_steps
from core.executor.script import parse_script
from core.executor.session import POLICIES, Effects, Policy, Session
from core.mcp.tools import OMITTED, ToolSpec, check_script, tool_table

log = logging.getLogger(__name__)

INSTRUCTIONS = (
    "deltarec drives one Android device. ac_describe_screen lists the screen's elements "
    'as [i] role "name" @(x,y). Act with ac_tap / ac_type_text / ac_swipe / … using a '
    'selector such as {"text": "Save"} or {"index": i}. Each action returns what changed '
    "on the screen since the last observation you were shown (+ added, ~ changed, "
    "- removed, ↕ scrolled); after ac_describe_screen or ac_launch_app, the whole screen. "
    "Selectors are strict: several matches is an error listing them."
)
EFFECTS: tuple[Effects, ...] = ("fail", "warn", "off")

C = TypeVar("C", bound=str)
Content = types.TextContent | types.ImageContent


def _text(text: str) -> types.TextContent:
    return types.TextContent(type="text", text=text)


def _json(data: Mapping[str, Any]) -> types.TextContent:
    return _text(json.dumps(data, ensure_ascii=False))


def _error(message: str, *details: Content) -> types.CallToolResult:
    """A tool error: the one-line message first, then any details."""
    line = " ".join(message.split())
    return types.CallToolResult(content=[_text(line), *details], isError=True)


def _version() -> str:
    try:
        return metadata.version("deltarec")
    except metadata.PackageNotFoundError:  # running from a checkout that is not installed
        return "0"


class DeltarecTools:
    """The handlers behind the server: the tool table, the session and its lock.

    ``policy`` decides when a single tool call returns an observation (see
    :mod:`core.executor.session`); ``ac_run_steps`` takes its own.
    """

    def __init__(self, session: Session, *, read_only: bool = False, policy: Policy = "all"):
        if policy not in POLICIES:
            raise InputError(f"unknown policy {policy!r} (use one of {', '.join(POLICIES)})")
        self.session = session
        self.read_only = read_only
        self.policy = policy
        self.tools = tool_table(read_only=read_only)
        self._lock = anyio.Lock()

    async def list_tools(self) -> list[types.Tool]:
        """Every tool this server offers (``read_only``: the read-only ones only)."""
        return [spec.tool for spec in self.tools.values()]

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> types.CallToolResult:
        """Run one tool (module docstring); never raises for a tool's own failure."""
        spec = self.tools.get(name)
        if spec is None:
            if self.read_only and name in tool_table():
                return _error(f"{name} is not available: this server is read-only")
            return _error(f"unknown tool {name!r}")
        entered = self.session.clock()
        async with self._lock:
            waited_ms = round(max(0.0, self.session.clock() - entered) * 1000, 3)
            work = partial(self._run, spec, dict(arguments or {}), waited_ms)
            return await anyio.to_thread.run_sync(work)

    # ------------------------------------------------------ worker thread
    def _run(
        self, spec: ToolSpec, arguments: dict[str, Any], waited_ms: float
    ) -> types.CallToolResult:
        """Run ``spec`` (in a worker thread, holding the lock); a CallToolResult always."""
        try:
            if spec.command is None:
                return self._run_steps(arguments, waited_ms)
            return self._run_command(spec, arguments, waited_ms)
        except DeltarecError as exc:
            return _error(str(exc))
        except Exception as exc:  # a bug must not take the server down: report and log it
            log.exception("tool %s failed", spec.name)
            return _error(f"internal error in {spec.name}: {type(exc).__name__}: {exc}")

    def _run_command(
        self, spec: ToolSpec, arguments: dict[str, Any], waited_ms: float
    ) -> types.CallToolResult:
        cls = spec.command
        assert cls is not None
        if self.read_only and cls.category is Category.MUTATING:  # tool_table already did
            return _error(f"{spec.name} is not available: this server is read-only")
        for hidden in OMITTED.get(cls.name, frozenset()) & set(arguments):
            raise ScriptValidationError(f"$.{hidden}", "not available over MCP")
        command = cls.parse(arguments, "$")
        if isinstance(command, Screenshot):
            return self._screenshot(command, waited_ms)
        outcome = self.session.execute(command, policy=self.policy)
        envelope = _queued(outcome.to_json(), waited_ms)
        if outcome.error is not None:
            return _error(str(outcome.error), _json(envelope))
        return types.CallToolResult(content=[_json(envelope)])

    def _screenshot(self, command: Screenshot, waited_ms: float) -> types.CallToolResult:
        """Run AC_screenshot into a private temporary file and return the PNG inline."""
        with tempfile.TemporaryDirectory(prefix="deltarec-mcp-") as tmp:
            target = Path(tmp) / "screen.png"
            outcome = self.session.execute(dataclasses.replace(command, path=str(target)))
            envelope = _queued(outcome.to_json(), waited_ms)
            envelope["result"].pop("path", None)  # the server's temp file means nothing to a client
            if outcome.error is not None:
                return _error(str(outcome.error), _json(envelope))
            data = base64.b64encode(target.read_bytes()).decode("ascii")
        image = types.ImageContent(type="image", data=data, mimeType="image/png")
        return types.CallToolResult(content=[image, _json(envelope)])

    def _run_steps(self, arguments: dict[str, Any], waited_ms: float) -> types.CallToolResult:
        if self.read_only:  # tool_table already left it out
            return _error("ac_run_steps is not available: this server is read-only")
        unknown = set(arguments) - {"script", "policy", "keep_going", "effects"}
        if unknown:
            raise ScriptValidationError(f"$.{sorted(unknown)[0]}", "unknown parameter")
        if arguments.get("script") is None:
            raise ScriptValidationError("$", "missing required parameter 'script'")
        policy = _pick(arguments, "policy", POLICIES, "all")
        effects = _pick(arguments, "effects", EFFECTS, "fail")
        keep_going = arguments.get("keep_going")
        if keep_going is not None and not isinstance(keep_going, bool):
            raise ScriptValidationError("$.keep_going", "expected a boolean")
        script = parse_script(arguments["script"])
        check_script(script)
        report = run_steps(
            script, self.session, policy=policy, keep_going=bool(keep_going), effects=effects
        )
        data = {**report.to_json(), "queueMs": waited_ms}
        if report.ok:
            return types.CallToolResult(content=[_json(data)])
        errors = [r.error for r in report.failures if r.error]
        return _error(errors[0] if errors else "the run did not pass", _json(data))


def _pick(arguments: Mapping[str, Any], name: str, choices: tuple[C, ...], default: C) -> C:
    """``arguments[name]`` when it is one of ``choices``, ``default`` when absent or null."""
    value = arguments.get(name)
    if value is None:
        return default
    for choice in choices:
        if value == choice:
            return choice
    raise ScriptValidationError(f"$.{name}", f"{value!r} is not one of {', '.join(choices)}")


def _queued(envelope: dict[str, Any], waited_ms: float) -> dict[str, Any]:
    """``envelope`` with the wait for the server's lock added to queueMs and totalMs."""
    timing = envelope["timing"]
    for key in ("queueMs", "totalMs"):
        timing[key] = round(timing[key] + waited_ms, 3)
    return envelope


def build_server(
    session: Session, *, read_only: bool = False, policy: Policy = "all"
) -> Server[Any, Any]:
    """An MCP server whose tools drive ``session``'s device (see the module docstring).

    Raises InputError for an unknown ``policy``. The server does not own the
    session: close it when the server is done (:func:`serve_stdio` does).
    """
    handlers = DeltarecTools(session, read_only=read_only, policy=policy)
    server: Server[Any, Any] = Server("deltarec", version=_version(), instructions=INSTRUCTIONS)
    server.list_tools()(handlers.list_tools)  # type: ignore[no-untyped-call]
    server.call_tool()(handlers.call_tool)
    return server


async def serve_stdio(server: Server[Any, Any]) -> None:
    """Serve ``server`` over this process's stdin/stdout until the client closes them."""
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())
