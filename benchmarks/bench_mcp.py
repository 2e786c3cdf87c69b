"""What an agent pays over MCP: a 20-step session through the real server over stdio.

    python benchmarks/bench_mcp.py            # the table and totals
    python benchmarks/bench_mcp.py --show     # also every text block the agent read
    python benchmarks/bench_mcp.py --json F   # also write the figures to F

The agent is the official SDK client; the server is ``deltarec mcp --device
virtual`` in its own process, spoken to over stdio. The session
(:data:`SESSION`) looks at the launcher (``ac_describe_screen``), then runs the
first steps of ``bench_session``'s script (launch, Inbox, scrolls, a message,
back, Sign up, typing, a dialog, Settings, toggles) and one tap that matches
nothing (an error reply).

Per step:

- **read**: cl100k tokens of every text block of the reply (what a model reads);
- **main**: tokens of the delta or frame block (the observation);
- **envelope**: read − main (facts line, error line), and its share of read;
- **frame**: tokens of the full compact frame of the same screen, from an
  in-process twin session driven through the same steps on its own virtual
  phone (``render_frame(session.seen, tree=False)``: what a describe costs);
- **struct**: tokens of the reply's ``structuredContent`` as the SDK sends it
  (compact JSON), and **s/r** its ratio to read (target ≤ 2, per step; ``over`` marks a
  step past it).

Totals: the envelope's share of everything read (target ≤ 20 %), the session
ratio Σ read ÷ Σ frame (target ≤ 0.25), and the tool list as a client sends it
to a model (name + description + input schema, cl100k) for the full server and
``--read-only`` (targets ≤ 3,000 and ≤ 1,500); the whole ``tools/list`` result as sent
(compact JSON, as the SDK writes it) and as the issue counted it (``json.dumps``'
spaced separators; target ≤ 3,500); Σ structuredContent against Σ read.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))  # as a script, sys.path[0] is benchmarks/

import anyio  # noqa: E402
import mcp.types as types  # noqa: E402
from mcp import ClientSession, StdioServerParameters  # noqa: E402
from mcp.client.stdio import stdio_client  # noqa: E402

from benchmarks.bench_session import session_script  # noqa: E402
from deltarec.core.devices.virtual import make_virtual_device  # noqa: E402
from deltarec.core.executor import Session  # noqa: E402
from deltarec.core.render.frame_text import render_frame  # noqa: E402
from deltarec.core.render.tokens import count_tokens  # noqa: E402

TARGET_ENVELOPE = 0.20
TARGET_RATIO = 0.25
TARGET_TOOLS = 3000
TARGET_TOOLS_READ_ONLY = 1500
TARGET_TOOLS_LIST = 3500
TARGET_STRUCTURED = 2.0

Step = tuple[str, dict[str, Any]]
SESSION: list[Step] = [
    ("AC_describe_screen", {}),
    *session_script()[:18],
    ("AC_tap", {"selector": {"text": "Airplane mod"}, "timeout": 0}),  # matches nothing
]
"""Twenty steps: look, act through the phone's screens, and one miss."""


@dataclass(frozen=True, slots=True)
class StepCost:
    step: int
    tool: str
    error: bool
    read: int
    main: int
    frame: int
    texts: tuple[str, ...]
    structured: int = 0
    structured_json: str = ""

    @property
    def envelope(self) -> int:
        return self.read - self.main


def reply_costs(result: types.CallToolResult) -> tuple[int, int, tuple[str, ...]]:
    """``(read, main, texts)`` of a reply: tokens of all its text blocks, of its observation
    block (the first block of a success, the second of an error that carries one)."""
    texts = tuple(c.text for c in result.content if isinstance(c, types.TextContent))
    read = sum(count_tokens(t) for t in texts)
    if not result.isError:
        main = count_tokens(texts[0]) if texts else 0
    else:  # the failed step's observation, when one was shown, follows the message
        main = count_tokens(texts[1]) if len(texts) > 1 else 0
    return read, main, texts


def structured_tokens(result: types.CallToolResult) -> int:
    """Tokens of a reply's structuredContent as sent (compact JSON, unescaped); 0: none."""
    data = result.structuredContent
    if data is None:
        return 0
    return count_tokens(json.dumps(data, separators=(",", ":"), ensure_ascii=False))


def tools_list_tokens(tools: Sequence[types.Tool]) -> tuple[int, int]:
    """The whole ``tools/list`` result: ``(as sent, compact; spaced, as the issue counted)``."""
    data = types.ListToolsResult(tools=list(tools)).model_dump(
        by_alias=True, exclude_none=True, mode="json"
    )
    compact = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return count_tokens(compact), count_tokens(json.dumps(data))


def tool_list_tokens(tools: Sequence[types.Tool]) -> int:
    """A tool list as a client gives it to a model: name + description + input schema."""
    return sum(
        count_tokens(t.name)
        + count_tokens(t.description or "")
        + count_tokens(json.dumps(t.inputSchema))
        for t in tools
    )


def share(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def _params(read_only: bool, home: str) -> StdioServerParameters:
    args = ["-m", "deltarec.core.cli.main", "mcp", "--device", "virtual"]
    env = {**os.environ, "DELTAREC_HOME": home, "PYTHONPATH": str(ROOT)}
    return StdioServerParameters(
        command=sys.executable,
        args=[*args, "--read-only"] if read_only else args,
        cwd=ROOT,
        env=env,
    )


async def list_tools(read_only: bool, home: str) -> list[types.Tool]:
    async with (
        stdio_client(_params(read_only, home), errlog=sys.stderr) as (read, write),
        ClientSession(read, write) as client,
    ):
        await client.initialize()
        return list((await client.list_tools()).tools)


async def run_session(home: str) -> tuple[list[StepCost], list[types.Tool]]:
    """Drive the stdio server and the in-process twin through :data:`SESSION`."""
    twin = Session(make_virtual_device())
    costs: list[StepCost] = []
    async with (
        stdio_client(_params(False, home), errlog=sys.stderr) as (read, write),
        ClientSession(read, write) as client,
    ):
        await client.initialize()
        tools = list((await client.list_tools()).tools)
        for number, (command, params) in enumerate(SESSION):
            tool = command.lower()
            result = await client.call_tool(tool, params)
            twin.call(command, params)
            frame = render_frame(twin.seen, tree=False) if twin.seen is not None else ""
            read, main, texts = reply_costs(result)
            costs.append(
                StepCost(
                    number + 1,
                    tool,
                    bool(result.isError),
                    read,
                    main,
                    count_tokens(frame),
                    texts,
                    structured_tokens(result),
                    json.dumps(result.structuredContent, ensure_ascii=False),
                )
            )
    return costs, tools


def summary(
    costs: Sequence[StepCost], full: int, read_only: int, listed: tuple[int, int] = (0, 0)
) -> dict[str, Any]:
    read = sum(c.read for c in costs)
    envelope = sum(c.envelope for c in costs)
    frame = sum(c.frame for c in costs)
    structured = sum(c.structured for c in costs)
    return {
        "steps": len(costs),
        "read_tokens": read,
        "envelope_tokens": envelope,
        "envelope_share": round(share(envelope, read), 4),
        "frame_tokens": frame,
        "session_ratio": round(share(read, frame), 4),
        "tool_list_tokens": full,
        "tool_list_tokens_read_only": read_only,
        "tools_list_sent_tokens": listed[0],
        "tools_list_spaced_tokens": listed[1],
        "structured_tokens": structured,
        "structured_ratio": round(share(structured, read), 4),
        "structured_max_step_ratio": round(
            max((share(c.structured, c.read) for c in costs), default=0.0), 4
        ),
        "structured_steps_over": sum(c.structured > TARGET_STRUCTURED * c.read for c in costs),
    }


def table(costs: Sequence[StepCost], show: bool) -> str:
    lines = [
        f"{'#':>2} {'tool':<20} {'read':>5} {'main':>5} {'env':>4} {'env%':>5} {'frame':>5} "
        f"{'struct':>6} {'s/r':>5}"
    ]
    for c in costs:
        flag = " error" if c.error else ""
        over = " over" if c.structured > TARGET_STRUCTURED * c.read else ""
        lines.append(
            f"{c.step:>2} {c.tool:<20} {c.read:>5} {c.main:>5} {c.envelope:>4} "
            f"{share(c.envelope, c.read):>5.0%} {c.frame:>5} {c.structured:>6} "
            f"{share(c.structured, c.read):>5.1f}{flag}{over}"
        )
        if show:
            lines.extend("     | " + line for t in c.texts for line in t.splitlines())
            lines.append("     { " + c.structured_json)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--show", action="store_true", help="print every text block read")
    parser.add_argument("--json", help="write the figures and every step here")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="deltarec-bench-mcp-") as home:
        costs, tools = anyio.run(run_session, home)
        read_only_tools = anyio.run(list_tools, True, home)
    totals = summary(
        costs,
        tool_list_tokens(tools),
        tool_list_tokens(read_only_tools),
        tools_list_tokens(tools),
    )
    print(table(costs, args.show))
    print()
    print(
        f"envelope share {totals['envelope_share']:.1%} (target ≤ {TARGET_ENVELOPE:.0%}); "
        f"session ratio {totals['session_ratio']:.3f} (target ≤ {TARGET_RATIO}): "
        f"{totals['read_tokens']} read vs {totals['frame_tokens']} full-frame tokens"
    )
    print(
        f"tool list {totals['tool_list_tokens']} tokens (target ≤ {TARGET_TOOLS}), "
        f"read-only {totals['tool_list_tokens_read_only']} (target ≤ {TARGET_TOOLS_READ_ONLY})"
    )
    print(
        f"tools/list result {totals['tools_list_sent_tokens']} tokens as sent, "
        f"{totals['tools_list_spaced_tokens']} spaced (target ≤ {TARGET_TOOLS_LIST})"
    )
    print(
        f"structuredContent {totals['structured_tokens']} tokens vs {totals['read_tokens']} "
        f"read: ×{totals['structured_ratio']:.2f} (target ≤ {TARGET_STRUCTURED:g} per step; "
        f"worst step ×{totals['structured_max_step_ratio']:.2f}, "
        f"{totals['structured_steps_over']} steps over)"
    )
    print(f"{time.perf_counter() - started:.1f}s")
    if args.json:
        data = {**totals, "per_step": [{**asdict(c), "texts": list(c.texts)} for c in costs]}
        Path(args.json).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
