"""What a tool call returns: the text an agent reads, and the structured form for its client.

A reply's text blocks are what a model pays for on every call, so they hold
only what it needs:

1. the **main text**, unescaped: the step's observation (the delta since the
   screen the agent last saw, or a full frame), else the frame or delta a
   read-only tool returns, else a one-line result (``dev.app/.Main``);
2. one short **facts** line when there are facts: the element acted on as
   ``[i] role "name"`` and warnings (``warning: [16] button "Save" is
   disabled``, the element then not repeated). No line when there is nothing
   to say (a Back press).

A failed call is an MCP tool error whose first text block is the one-line
message (once), then the observation of the failed step when one was shown
(the agent's baseline moved to it), then the facts.

``structuredContent`` carries the rest, for clients: ``{ok, command, step,
result, observation, diff (the ObservationDiff, null for a full frame or no
observation), timing: {queueMs, toolMs, observationMs, totalMs}, warnings?,
error?}`` (:data:`~deltarec.core.mcp.schema.STEP_OUTPUT`); ``ac_run_steps`` returns the
run report with the run's timing (:data:`~deltarec.core.mcp.schema.RUN_OUTPUT`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import mcp.types as types

from deltarec.core.executor.runner import RunReport
from deltarec.core.executor.session import StepOutcome

Content = types.ContentBlock


def text_block(text: str) -> types.TextContent:
    return types.TextContent(type="text", text=text)


def error_reply(message: str, *details: Content) -> types.CallToolResult:
    """A tool error with no step behind it (bad arguments, unknown tool): one line."""
    line = " ".join(message.split())
    return types.CallToolResult(content=[text_block(line), *details], isError=True)


def facts_line(result: Mapping[str, Any], warnings: Sequence[str]) -> str:
    """``[6] button "Sign up"`` and ``warning: …`` parts, ``; ``-joined; "" when none.

    The element is left out when a warning already names it first.
    """
    element = result.get("element")
    parts = [f"warning: {w}" for w in warnings]
    if isinstance(element, str) and element and not any(w.startswith(element) for w in warnings):
        parts.insert(0, element)
    return "; ".join(parts)


def main_text(outcome: StepOutcome) -> str:
    """The text an agent reads first (module docstring, item 1)."""
    if outcome.observation is not None:
        return outcome.observation
    result = outcome.result
    for key in ("text", "summary"):
        value = result.get(key)
        if isinstance(value, str):
            return value
    if "package" in result and "activity" in result and outcome.command == "AC_current_app":
        return f"{result['package']}/{result['activity']}"
    if "assertion" in result:
        return f"ok: {result['assertion']}"
    if "state" in result:
        return f"{result['state']} after {result.get('waited', 0):g}s"
    if "width" in result and "height" in result:
        return f"screenshot {result['width']}x{result['height']}"
    return "done"


def structured(outcome: StepOutcome, waited_ms: float) -> dict[str, Any]:
    """The step's ``structuredContent`` (:data:`~deltarec.core.mcp.schema.STEP_OUTPUT`)."""
    data = outcome.to_json()
    data["diff"] = dict(outcome.delta.diff) if outcome.delta is not None else None
    data["timing"] = queued(data["timing"], waited_ms)
    return data


def queued(timing: Mapping[str, float], waited_ms: float) -> dict[str, float]:
    """``timing`` with the wait for the server's lock added to queueMs and totalMs."""
    out = dict(timing)
    for key in ("queueMs", "totalMs"):
        out[key] = round(out.get(key, 0.0) + waited_ms, 3)
    return out


def step_reply(
    outcome: StepOutcome,
    waited_ms: float,
    *,
    message: str | None = None,
    image: types.ImageContent | None = None,
) -> types.CallToolResult:
    """The reply to one command's tool: a tool error with ``message`` when it failed."""
    data = structured(outcome, waited_ms)
    facts = facts_line(outcome.result, outcome.warnings)
    blocks: list[Content] = [] if image is None else [image]
    if outcome.ok:
        blocks.append(text_block(main_text(outcome)))
    else:
        blocks.append(text_block(" ".join((message or str(outcome.error)).split())))
        if outcome.observation is not None:
            blocks.append(text_block(outcome.observation))
    if facts:
        blocks.append(text_block(facts))
    return types.CallToolResult(content=blocks, structuredContent=data, isError=not outcome.ok)


def run_text(report: RunReport) -> str:
    """What a run showed: each step's observation (or the frame it described), headed by
    ``# step N AC_x`` when more than one step showed something; "" when none did."""
    shown: list[tuple[int, str, str]] = []
    for r in report.results:
        text = r.observation
        if text is None and r.ok and isinstance(r.result.get("text"), str):
            text = r.result["text"]  # a frame the run looked at (describe, observe)
        if text is not None:
            shown.append((r.step + 1, r.command, text))
    if len(shown) == 1:
        return shown[0][2]
    return "\n".join(f"# step {step} {command}\n{text}" for step, command, text in shown)


def run_facts(report: RunReport) -> str:
    """``3 passed`` / ``1 passed, 1 failed, 1 skipped``, then warnings by step."""
    counts = [f"{report.passed} passed"]
    if report.failures:
        counts.append(f"{len(report.failures)} failed")
    if report.skipped:
        counts.append(f"{report.skipped} skipped")
    parts = [", ".join(counts)]
    for r in report.results:
        parts.extend(f"warning: step {r.step + 1}: {w}" for w in r.warnings)
    return "; ".join(parts)


def run_reply(report: RunReport, waited_ms: float, message: str | None) -> types.CallToolResult:
    """The reply to ``ac_run_steps``: error line (when it failed), what it showed, facts."""
    data = report.to_json()
    data["timing"] = queued(data["timing"], waited_ms)
    blocks: list[Content] = []
    if not report.ok:
        blocks.append(text_block(" ".join((message or "the run did not pass").split())))
    shown = run_text(report)
    if shown:
        blocks.append(text_block(shown))
    blocks.append(text_block(run_facts(report)))
    return types.CallToolResult(content=blocks, structuredContent=data, isError=not report.ok)
