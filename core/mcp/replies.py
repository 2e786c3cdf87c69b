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

``structuredContent`` is for clients, and some hand it to the model: it stays
small, never repeating the text (:data:`~deltarec.core.mcp.schema.STEP_OUTPUT`):
``{ok, command, step (from 1, as every step a person reads), result? (without the
frame or summary the text already carries, nor the selector sent; none when empty),
frame ("delta" | "full", when an observation was shown), changes (counts of the
numbered elements added, removed, changed, scrolled, windows opened/closed), keys
(theirs, the first :data:`KEYS_SHOWN`), fields (screen fields that changed: package,
activity…), diff (the URI of the full ObservationDiff resource, when there is a
delta), timing: {queueMs, toolMs, observationMs, totalMs} in whole ms, warnings?}``.
``ac_run_steps`` returns the run's counts and, per step, its number, command, status
and timing (:data:`~deltarec.core.mcp.schema.RUN_OUTPUT`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import mcp.types as types

from deltarec.core.executor.runner import RunReport
from deltarec.core.executor.session import StepOutcome
from deltarec.core.observer import DeltaResult

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


KEYS_SHOWN = 4
"""How many keys of changed elements ``structuredContent`` lists (the counts are whole)."""

DIFF_URI = "deltarec://diff/{step}"
"""Where the full ObservationDiff of a step is (a resource template)."""


def changes(delta: DeltaResult) -> dict[str, Any]:
    """``{changes, keys?, fields?}``: counts and keys of the numbered elements a delta
    reports (what its lines name), and the screen fields that changed."""
    diff = delta.diff
    prev_frame, curr_frame = delta.prev_index.frame, delta.index.frame
    numbered = {curr_frame.keys[p] for p in delta.index.number_of}
    were = {prev_frame.keys[p] for p in delta.prev_index.number_of}
    groups = {
        "added": [a["key"] for a in diff["added"] if a["key"] in numbered],
        "removed": [r["key"] for r in diff["removed"] if r["key"] in were],
        "changed": [c["key"] for c in diff["changed"] if c["key"] in numbered],
        "scrolled": [s["key"] for s in diff["scrolls"]],
        "opened": list(diff["windows"]["opened"]),
        "closed": list(diff["windows"]["closed"]),
    }
    out: dict[str, Any] = {"changes": {kind: len(keys) for kind, keys in groups.items() if keys}}
    keys: dict[str, list[str]] = {}
    left = KEYS_SHOWN
    for kind, found in groups.items():
        if found and left > 0:
            keys[kind] = found[:left]
            left -= len(keys[kind])
    if keys:
        out["keys"] = keys
    if diff["fields"]:
        out["fields"] = sorted(diff["fields"])
    return out


ECHOED = ("selector", "bounds")
"""Result fields left out: the selector the caller sent, the bounds around ``x``/``y``."""


def brief_result(outcome: StepOutcome) -> dict[str, Any]:
    """The step's result without what the text block already carries (a frame, a summary)
    and what the call itself said (:data:`ECHOED`)."""
    result = {k: v for k, v in outcome.result.items() if k not in ECHOED}
    if outcome.observation is None:
        for key in ("text", "summary"):
            if isinstance(result.get(key), str):
                del result[key]
                break
    return result


def structured(
    outcome: StepOutcome, waited_ms: float, *, diff_uri: str | None = None
) -> dict[str, Any]:
    """The step's ``structuredContent`` (module docstring)."""
    data: dict[str, Any] = {
        "ok": outcome.ok,
        "command": outcome.command,
        "step": outcome.step + 1,
    }
    result = brief_result(outcome)
    if result:
        data["result"] = result
    if outcome.observation is not None:
        full = outcome.delta is None or outcome.delta.full_frame
        data["frame"] = "full" if full else "delta"
    if outcome.delta is not None:
        data.update(changes(outcome.delta))
        if diff_uri is not None and not outcome.delta.empty:
            data["diff"] = diff_uri
    if outcome.warnings:
        data["warnings"] = list(outcome.warnings)
    data["timing"] = queued(outcome.timing, waited_ms)
    return data


def queued(timing: Mapping[str, float], waited_ms: float) -> dict[str, float]:
    """``timing`` with the wait for the server's lock added to queueMs and totalMs, in
    whole ms."""
    out = dict(timing)
    for key in ("queueMs", "totalMs"):
        out[key] = out.get(key, 0.0) + waited_ms
    return {key: round(value) for key, value in out.items()}


def step_reply(
    outcome: StepOutcome,
    waited_ms: float,
    *,
    message: str | None = None,
    image: types.ImageContent | None = None,
    diff_uri: str | None = None,
) -> types.CallToolResult:
    """The reply to one command's tool: a tool error with ``message`` when it failed."""
    data = structured(outcome, waited_ms, diff_uri=diff_uri)
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


def run_structured(report: RunReport, waited_ms: float) -> dict[str, Any]:
    """``ac_run_steps``' ``structuredContent``: counts, and per step (from 1) its command,
    status, timing and whether an observation was shown (the text carries it)."""
    steps = []
    for r in report.results:
        step: dict[str, Any] = {"step": r.step + 1, "command": r.command, "status": r.status}
        if r.observation is not None:
            step["shown"] = True
        if r.warnings:
            step["warnings"] = list(r.warnings)
        step["timing"] = queued(r.timing, 0.0)
        steps.append(step)
    return {
        "ok": report.ok,
        "policy": report.policy,
        "total": report.total,
        "passed": report.passed,
        "failed": len(report.failures),
        "skipped": report.skipped,
        "steps": steps,
        "timing": queued(report.timing, waited_ms),
    }


def run_reply(report: RunReport, waited_ms: float, message: str | None) -> types.CallToolResult:
    """The reply to ``ac_run_steps``: error line (when it failed), what it showed, facts."""
    data = run_structured(report, waited_ms)
    blocks: list[Content] = []
    if not report.ok:
        blocks.append(text_block(" ".join((message or "the run did not pass").split())))
    shown = run_text(report)
    if shown:
        blocks.append(text_block(shown))
    blocks.append(text_block(run_facts(report)))
    return types.CallToolResult(content=blocks, structuredContent=data, isError=not report.ok)
