"""The MCP server: the tools of :mod:`deltarec.core.mcp.tools` over one executor session.

:func:`build_server` wraps a :class:`~deltarec.core.executor.session.Session` (one
device) in a low-level ``mcp.server.Server`` of the official SDK;
:func:`serve_stdio` runs it over stdin/stdout.

Contract of a tool call (replies: :mod:`deltarec.core.mcp.replies`):

- Arguments are validated by the executor's own validator (the SDK's schema
  check is off), so a bad one is named with its expected type
  (``x: expected an integer, got a string``, ``missing required parameter
  'text' (a non-empty string)``). An unknown tool suggests the nearest names.
- Success: the main text (the delta, unescaped), then a facts line when there
  are facts; a small ``structuredContent`` (``{ok, step, ms, result?, diff?}``, at
  most twice the text: :mod:`deltarec.core.mcp.replies`). The full ObservationDiff of
  each of the last :data:`DIFFS_KEPT` steps is the resource ``deltarec://diff/{step}``
  (the reply's ``diff`` names it), read only by a client that asks.
  ``ac_screenshot`` adds the PNG as an image block (images only when asked for).
- Failure (a failed step, a device error, a bug): an MCP tool error whose
  first text block is the one-line message, once (a selector that matches
  nothing lists the closest on-screen matches), then the failed step's
  observation when one was shown. The server itself never fails because a
  tool did.
- An acting tool waits :data:`~deltarec.core.mcp.tools.MCP_WAIT` (2 s) for a missing
  element unless told otherwise; not for an ``[i]`` alone (the agent saw that element:
  when it left, the call fails at once naming what ``[i]`` was).
- ``read_only``: only read-only tools exist; the others are neither listed nor
  callable (a call is refused before anything runs, whatever the client sends).
- ``element_tools``: the tools over element dicts the caller passes
  (:data:`~deltarec.core.mcp.tools.ELEMENT_TOOLS`) are listed too; without it a
  call to one is refused with the option's name.
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
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from functools import partial
from importlib import metadata
from pathlib import Path
from typing import Any, TypeVar

import anyio
import anyio.to_thread
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.lowlevel.helper_types import ReadResourceContents
from pydantic import AnyUrl

from deltarec.core.errors import DeltarecError, InputError, ScriptValidationError
from deltarec.core.executor.commands.base import Category, Command
from deltarec.core.executor.commands.readonly import Screenshot
from deltarec.core.executor.runner import run_steps
from deltarec.core.executor.script import parse_script
from deltarec.core.executor.selectors import Selector, match
from deltarec.core.executor.session import POLICIES, Effects, Policy, Session, StepOutcome
from deltarec.core.mcp.hints import argument_message, check_required, step_message, unknown_tool
from deltarec.core.mcp.recording import SAVE_RECORDING, AgentRecording, save_tool
from deltarec.core.mcp.replies import DIFF_URI, error_reply, run_reply, step_reply
from deltarec.core.mcp.schema import SELECTOR_HELP
from deltarec.core.mcp.stdio import StdioTransport, serve
from deltarec.core.mcp.tools import (
    ELEMENT_TOOLS,
    MCP_DEFAULTS,
    OMITTED,
    ToolSpec,
    check_script,
    tool_table,
)
from deltarec.core.observe.index import ElementIndex

log = logging.getLogger(__name__)

INSTRUCTIONS = (
    "deltarec drives one Android device. ac_describe_screen lists the screen's elements "
    'as [i] role "name" @(x,y). Act with ac_tap / ac_type_text / ac_swipe / … using a '
    'selector such as {"text": "Save"} or {"index": i}. Each action replies with what changed '
    "since the screen you last saw (+ added, ~ changed, - removed, ↕ scrolled, » new screen), "
    "then the element acted on and any warning. Selectors are strict: several matches is an "
    "error listing them. " + SELECTOR_HELP
)
EFFECTS: tuple[Effects, ...] = ("fail", "warn", "off")
DIFFS_KEPT = 16
"""How many steps' full ObservationDiffs the server keeps as resources."""
DIFF_TEMPLATE = types.ResourceTemplate(
    uriTemplate=DIFF_URI,
    name="diff",
    description="The full ObservationDiff of a step (its structuredContent's diff)",
    mimeType="application/json",
)

C = TypeVar("C", bound=str)


def _version() -> str:
    try:
        return metadata.version("deltarec")
    except metadata.PackageNotFoundError:  # running from a checkout that is not installed
        return "0"


class DeltarecTools:
    """The handlers behind the server: the tool table, the session and its lock.

    ``policy`` decides when a single tool call returns an observation (see
    :mod:`deltarec.core.executor.session`); ``ac_run_steps`` takes its own.
    """

    def __init__(
        self,
        session: Session,
        *,
        read_only: bool = False,
        policy: Policy = "all",
        element_tools: bool = False,
        recording: AgentRecording | None = None,
    ):
        if policy not in POLICIES:
            raise InputError(f"unknown policy {policy!r} (use one of {', '.join(POLICIES)})")
        self.session = session
        self.read_only = read_only
        self.policy = policy
        self.tools = tool_table(read_only=read_only, element_tools=element_tools)
        self.recording = None if read_only else recording
        """Keeps the acting calls (:mod:`deltarec.core.mcp.recording`); ``save_recording``."""
        if self.recording is not None:
            self.tools[SAVE_RECORDING] = save_tool()
        self._lock = anyio.Lock()
        self._diffs: OrderedDict[int, str] = OrderedDict()
        """Step number (from 1) → its ObservationDiff as JSON, the last DIFFS_KEPT."""
        self._cut_look: int | None = None
        """The step (from 1) of the agent's last look when a budget cut it: the next full
        frame says that is why it is whole."""

    async def list_tools(self) -> list[types.Tool]:
        """Every tool this server offers (``read_only``: the read-only ones only)."""
        return [spec.tool for spec in self.tools.values()]

    async def list_resource_templates(self) -> list[types.ResourceTemplate]:
        return [DIFF_TEMPLATE]

    async def read_resource(self, uri: AnyUrl) -> Iterable[ReadResourceContents]:
        """``deltarec://diff/{step}``: a kept step's full ObservationDiff (JSON)."""
        prefix = DIFF_URI.removesuffix("{step}")
        text = str(uri)
        number = text.removeprefix(prefix)
        diff = self._diffs.get(int(number)) if number.isdigit() and text != number else None
        if diff is None:
            kept = f"steps {min(self._diffs)}–{max(self._diffs)}" if self._diffs else "none yet"
            raise ValueError(f"no diff at {text[:80]} (kept: {kept})")
        return [ReadResourceContents(content=diff, mime_type="application/json")]

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> types.CallToolResult:
        """Run one tool (module docstring); never raises for a tool's own failure."""
        spec = self.tools.get(name)
        if spec is None:
            if self.read_only and name in tool_table():
                return error_reply(f"{name} is not available: this server is read-only")
            if name in {n.lower() for n in ELEMENT_TOOLS}:
                return error_reply(
                    f"{name} is not available: start the server with --element-tools"
                )
            return error_reply(unknown_tool(name, list(self.tools)))
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
            if spec.name == SAVE_RECORDING and self.recording is not None:
                return self.recording.save_reply(arguments)
            if spec.command is None:
                return self._run_steps(arguments, waited_ms)
            return self._run_command(spec, arguments, waited_ms)
        except ScriptValidationError as exc:
            return error_reply(argument_message(exc))
        except DeltarecError as exc:
            return error_reply(str(exc))
        except Exception as exc:  # a bug must not take the server down: report and log it
            log.exception("tool %s failed", spec.name)
            return error_reply(f"internal error in {spec.name}: {type(exc).__name__}: {exc}")

    def _run_command(
        self, spec: ToolSpec, arguments: dict[str, Any], waited_ms: float
    ) -> types.CallToolResult:
        cls = spec.command
        assert cls is not None
        if self.read_only and cls.category is Category.MUTATING:  # tool_table already did
            return error_reply(f"{spec.name} is not available: this server is read-only")
        for hidden in OMITTED.get(cls.name, frozenset()) & set(arguments):
            raise ScriptValidationError(f"$.{hidden}", "not available over MCP")
        check_required(cls, arguments)
        for key, value in MCP_DEFAULTS.get(cls.name, {}).items():
            if arguments.get(key) is None:
                arguments[key] = 0.0 if key == "timeout" and _number_only(arguments) else value
        command = cls.parse(arguments, "$")
        if isinstance(command, Screenshot):
            return self._screenshot(command, waited_ms)
        hit = _point_hit(command, self.session.seen)
        outcome = self.session.execute(command, policy=self.policy)
        if self.recording is not None:
            outcome = self.recording.keep_outcome(command, arguments, outcome)
        if hit is not None and outcome.ok and "element" not in outcome.result:
            outcome = dataclasses.replace(outcome, result={**outcome.result, **hit})
        outcome = self._mark_full_frame(cls, outcome)
        uri = self._keep_diff(outcome)
        message = self._message(outcome, command)
        return step_reply(outcome, waited_ms, message=message, diff_uri=uri)

    def _mark_full_frame(self, cls: type[Command], outcome: StepOutcome) -> StepOutcome:
        """Head a full frame sent in place of a delta with ``» full frame (why)``, and
        remember a look a budget cut (the reason of the next full frame)."""
        observation = outcome.observation
        if observation is not None and outcome.delta is None:
            if self._cut_look is not None:
                why = f"step {self._cut_look}'s look was cut: no whole screen to diff from"
            elif cls.resets_baseline:
                why = "launched"
            else:
                why = "no earlier look to diff from"
            outcome = dataclasses.replace(
                outcome, observation=f"» full frame ({why})\n{observation}"
            )
        if observation is not None:
            self._cut_look = None
        elif outcome.ok and cls.category is Category.DISCOVERY:
            self._cut_look = outcome.step + 1 if outcome.result.get("cut") else None
        return outcome

    def _keep_diff(self, outcome: StepOutcome) -> str | None:
        """Keep the step's ObservationDiff as a resource; its URI (None: no delta)."""
        if outcome.delta is None:
            return None
        number = outcome.step + 1
        self._diffs[number] = json.dumps(outcome.delta.diff, ensure_ascii=False)
        while len(self._diffs) > DIFFS_KEPT:
            self._diffs.popitem(last=False)
        return DIFF_URI.format(step=number)

    def _message(self, outcome: StepOutcome, command: Command) -> str | None:
        """The one-line message of a failed step (None when it passed)."""
        if outcome.error is None:
            return None
        return step_message(
            outcome.error,
            _selector(command),
            self._last_screen(outcome),
            self.session.numbers.meaning,
        )

    def _last_screen(self, outcome: StepOutcome) -> ElementIndex | None:
        """The screen a failed step last saw, numbered as the agent knows it; no capture."""
        if outcome.observation is not None:
            return self.session.seen  # the failed step's observation was just shown
        latest = self.session.latest
        return self.session.number(latest) if latest is not None else None

    def _screenshot(self, command: Screenshot, waited_ms: float) -> types.CallToolResult:
        """Run AC_screenshot into a private temporary file and return the PNG inline."""
        with (
            tempfile.TemporaryDirectory(prefix="deltarec-mcp-") as tmp,
            self.session.scratch_folder(Path(tmp)),
        ):
            target = Path(tmp) / "screen.png"
            outcome = self.session.execute(dataclasses.replace(command, path=str(target)))
            result = dict(outcome.result)
            result.pop("path", None)  # the server's temp file means nothing to a client
            outcome = dataclasses.replace(outcome, result=result)
            if outcome.error is not None:
                return step_reply(outcome, waited_ms)
            data = base64.b64encode(target.read_bytes()).decode("ascii")
        image = types.ImageContent(type="image", data=data, mimeType="image/png")
        return step_reply(outcome, waited_ms, image=image)

    def _run_steps(self, arguments: dict[str, Any], waited_ms: float) -> types.CallToolResult:
        if self.read_only:  # tool_table already left it out
            return error_reply("ac_run_steps is not available: this server is read-only")
        unknown = set(arguments) - {"script", "policy", "keep_going", "effects"}
        if unknown:
            raise ScriptValidationError(f"$.{sorted(unknown)[0]}", "unknown parameter")
        if arguments.get("script") is None:
            raise ScriptValidationError(
                "$", "missing required parameter 'script' (an array of steps)"
            )
        policy = _pick(arguments, "policy", POLICIES, "all")
        effects = _pick(arguments, "effects", EFFECTS, "fail")
        keep_going = arguments.get("keep_going")
        if keep_going is not None and not isinstance(keep_going, bool):
            raise ScriptValidationError("$.keep_going", "expected a boolean")
        try:
            script = parse_script(arguments["script"])
            check_script(script)
            report = run_steps(
                script,
                self.session,
                policy=policy,
                keep_going=bool(keep_going),
                effects=effects,
                on_progress=self.recording.keep_run(script) if self.recording else None,
            )
        except ScriptValidationError as exc:  # a script's path names the step: keep it whole
            return error_reply(f"script{exc.path.removeprefix('$')}: {exc.problem}")
        message = None
        first = report.failures[0] if report.failures else None
        if first is not None and first.exception is not None:
            step = script.steps[first.step]
            try:
                selector = _selector(self.session.commands[step.command].parse(step.params, "$"))
            except (KeyError, DeltarecError):
                selector = None
            screen = self.session.seen if first.observation is not None else None
            reason = step_message(first.exception, selector, screen, self.session.numbers.meaning)
            message = f"step {first.step + 1} ({first.command}) failed: {reason}"
        return run_reply(report, waited_ms, message)


def _point_hit(command: Command, screen: ElementIndex | None) -> dict[str, Any] | None:
    """``{"element": "[6] button \"Sign up\"", "index": 6}`` for the element a tap or a
    long press by ``x``/``y`` lands on, on the screen the agent last saw (the smallest
    numbered one holding the point, an interactive one first); None otherwise."""
    x, y = getattr(command, "x", None), getattr(command, "y", None)
    if screen is None or _selector(command) is not None or x is None or y is None:
        return None
    if command.name not in ("AC_tap", "AC_long_press"):
        return None
    nodes = screen.frame.nodes
    under = [e for e in screen.elements if nodes[e.pos].bounds.contains_point(x, y)]
    if not under:
        return None
    best = min(under, key=lambda e: (not nodes[e.pos].interactive, nodes[e.pos].bounds.area))
    found = match(screen, best.pos)
    return {"element": str(found), "index": found.index}


def _number_only(arguments: Mapping[str, Any]) -> bool:
    """The call selects by an ``[i]`` alone: it names an element the agent saw, which
    waiting will not bring back, so it fails at once (naming what ``[i]`` was)."""
    selector = arguments.get("selector")
    return isinstance(selector, Mapping) and list(selector) == ["index"]


def _selector(command: Command) -> Selector | None:
    """The selector a command acts on, if it has one."""
    value = getattr(command, "selector", None)
    return value if isinstance(value, Selector) else None


def _pick(arguments: Mapping[str, Any], name: str, choices: tuple[C, ...], default: C) -> C:
    """``arguments[name]`` when it is one of ``choices``, ``default`` when absent or null."""
    value = arguments.get(name)
    if value is None:
        return default
    for choice in choices:
        if value == choice:
            return choice
    raise ScriptValidationError(f"$.{name}", f"{value!r} is not one of {', '.join(choices)}")


def build_server(
    session: Session,
    *,
    read_only: bool = False,
    policy: Policy = "all",
    element_tools: bool = False,
    recording: AgentRecording | None = None,
) -> Server[Any, Any]:
    """An MCP server whose tools drive ``session``'s device (see the module docstring).

    Raises InputError for an unknown ``policy``. The server does not own the
    session: close it when the server is done (:func:`serve_stdio` does).
    ``recording`` keeps the session's acting calls and adds ``save_recording``
    (:mod:`deltarec.core.mcp.recording`; not on a read-only server).
    """
    handlers = DeltarecTools(
        session,
        read_only=read_only,
        policy=policy,
        element_tools=element_tools,
        recording=recording,
    )
    server: Server[Any, Any] = Server("deltarec", version=_version(), instructions=INSTRUCTIONS)
    server.list_tools()(handlers.list_tools)  # type: ignore[no-untyped-call]
    # The executor validates arguments itself: its messages name the parameter and type.
    server.call_tool(validate_input=False)(handlers.call_tool)
    server.list_resource_templates()(handlers.list_resource_templates)  # type: ignore[no-untyped-call]
    server.read_resource()(handlers.read_resource)  # type: ignore[no-untyped-call]
    return server


async def serve_stdio(server: Server[Any, Any], transport: StdioTransport | None = None) -> None:
    """Serve ``server`` over this process's stdin/stdout (:mod:`deltarec.core.mcp.stdio`)
    until the client closes stdin (the requests read are answered first) or SIGINT /
    SIGTERM arrives."""

    async def run(read_stream: Any, write_stream: Any) -> None:
        await server.run(read_stream, write_stream, server.create_initialization_options())

    await serve(run, transport)
