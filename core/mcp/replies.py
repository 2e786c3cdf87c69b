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

``structuredContent`` is for clients, and some hand it to the model: it is the
smallest a client can act on, never repeating the text, at most twice the text's
tokens on every step (:data:`~deltarec.core.mcp.schema.STEP_OUTPUT`):
``{ok, step (from 1, as every step a person reads), ms (the call's whole time, the
wait for the server included), result? (what the text does not say: a swipe's from/to,
a look's ``cut``, a delta's counts, how many characters were cleared; none of
:data:`SAID`; left out when empty), diff? (the URI of the step's full ObservationDiff,
when its delta is not empty and naming it keeps the budget: :func:`within_budget`),
warnings? (as the facts line says them: a client acts on them, a recording that could not
be saved)}``. The element-dict tools are the exception: their data
is their result. What changed — counts, keys,
fields, windows — is in that resource (``deltarec://diff/{step}``); the command is the
tool called, warnings and the element acted on are in the facts line.
``ac_run_steps`` returns the run's counts and, per step, its number, command, status
and timing (:data:`~deltarec.core.mcp.schema.RUN_OUTPUT`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import mcp.types as types

from deltarec.core.executor.runner import RunReport
from deltarec.core.executor.session import StepOutcome
from deltarec.core.mcp.tools import ELEMENT_TOOLS
from deltarec.core.render.tokens import count_tokens

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
    note = swipe_note(result)
    if note:
        parts.insert(0, note)
    if isinstance(element, str) and element and not any(w.startswith(element) for w in warnings):
        parts.insert(0, element)
    return "; ".join(parts)


def swipe_note(result: Mapping[str, Any]) -> str:
    """What a direction swipe's result says beyond the delta, in one short part ("" when
    nothing): cut to its scrollable (asked vs done), honoured in several gestures, or started
    outside every scrollable (the ones there are).

    >>> swipe_note({"clamped": [20000, 19210], "swipes": 10})
    'clamped: asked 20000px, swiped 19210px in 10 gestures'
    >>> swipe_note({"swipes": 3})
    'swiped in 3 gestures'
    >>> swipe_note({"outside": ['[50] list "feed_chips"']})
    'started outside every scrollable (there: [50] list "feed_chips")'
    """
    parts = []
    outside = result.get("outside")
    if isinstance(outside, list):
        there = f"there: {', '.join(map(str, outside))}" if outside else "none on screen"
        parts.append(f"started outside every scrollable ({there})")
    clamped, swipes = result.get("clamped"), result.get("swipes")
    many = f"in {swipes} gestures" if isinstance(swipes, int) else ""
    if isinstance(clamped, list) and len(clamped) == 2:
        parts.append(f"clamped: asked {clamped[0]}px, swiped {clamped[1]}px {many}".strip())
    elif many:
        parts.append(f"swiped {many}")
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


DIFF_URI = "deltarec://diff/{step}"
"""Where the full ObservationDiff of a step is (a resource template)."""

SAID = frozenset(
    {
        *("element", "index", "alternate", "x", "y", "clamped", "swipes", "outside"),
        *("package", "activity", "width", "height", "state", "waited", "assertion"),
        *("elements", "typed"),
        *("selector", "key", "bounds"),
    }
)
"""Result fields ``structuredContent`` leaves out. The text says them: the element acted on
and its ``[i]`` (a tap's x/y is its centre, or the caller's own), a swipe's clamp, the app
(``pkg/.Activity``), a screenshot's size, a wait's state and time, an assertion. The call
sent them: the selector, a key's name, the text typed. Only the full diff means them: stable
keys, bounds. The element-dict tools (:data:`~deltarec.core.mcp.tools.ELEMENT_TOOLS`) keep
their whole result: it is their answer."""


def _given(value: Any) -> bool:
    """Whether a result value says something: zero counts, false flags and empties do not."""
    return value is not None and value is not False and value != 0 and value not in ("", [], {})


def brief_result(outcome: StepOutcome) -> dict[str, Any]:
    """The step's result without what the text blocks already carry (a frame, a summary, the
    facts), what the call itself said (:data:`SAID`), and zeros, false flags and empties."""
    if outcome.command in ELEMENT_TOOLS:
        return dict(outcome.result)
    result = {k: v for k, v in outcome.result.items() if k not in SAID and _given(v)}
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
    timing = queued(outcome.timing, waited_ms)
    data: dict[str, Any] = {"ok": outcome.ok, "step": outcome.step + 1, "ms": timing["totalMs"]}
    result = brief_result(outcome)
    if result:
        data["result"] = result
    if diff_uri is not None and outcome.delta is not None and not outcome.delta.empty:
        data["diff"] = diff_uri
    if outcome.warnings:  # the facts line says them too; a client acts on them
        data["warnings"] = list(outcome.warnings)
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
    if "diff" in data:
        data = within_budget(data, [b.text for b in blocks if isinstance(b, types.TextContent)])
    return types.CallToolResult(content=blocks, structuredContent=data, isError=not outcome.ok)


def within_budget(data: dict[str, Any], texts: Sequence[str]) -> dict[str, Any]:
    """``data`` without its ``diff`` URI when naming it would take ``data`` past its budget:
    twice the text's cl100k tokens, or the bare ``{ok, step, ms}`` when the text is shorter
    (``- keyboard closed``, 3 tokens, against ``"diff":"deltarec://diff/24"``'s 11). Such a
    delta is its whole change in words; its resource is still kept under the step's number.

    >>> bare = {"ok": True, "step": 24, "ms": 0}
    >>> within_budget({**bare, "diff": "deltarec://diff/24"}, ["- keyboard closed"]) == bare
    True
    >>> long = ["~ [6] switch 'Wi-Fi' (checked: true→false)", "[6] switch 'Wi-Fi'"]
    >>> "diff" in within_budget({**bare, "diff": "deltarec://diff/24"}, long)
    True
    """
    text = sum(count_tokens(t) for t in texts)
    floor = count_tokens(_compact({k: data[k] for k in ("ok", "step", "ms")}))
    if count_tokens(_compact(data)) <= max(2 * text, floor):
        return data
    return {k: v for k, v in data.items() if k != "diff"}


def _compact(data: Mapping[str, Any]) -> str:
    """``data`` as the SDK sends it: compact JSON, unescaped."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


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
