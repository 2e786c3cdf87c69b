"""Render a :class:`~deltarec.core.report.model.RunSummary` as one self-contained HTML page.

The page needs nothing else: CSS is inline, screenshots are ``data:`` URIs,
there is no script and no external resource (fonts, images, links off the
page). Every piece of text from the script, the device or the run goes
through :func:`html.escape` (quotes included), so a step named
``<script>alert(1)</script>`` shows as that text and runs nothing.

Layout: a summary (script, device, policy, start, total time, counts of
passed / failed / warnings / skipped), a table of steps linking to their
sections, then one ``<section class="step">`` per step: command, target,
badge, the screenshot taken after it (acted-on element outlined), parameters,
error and what was tried, warnings, the delta shown (lines coloured by kind),
the delta recorded for it, and its timing.

    >>> from deltarec.core.report.model import ReportStep, RunSummary
    >>> page = render_html(RunSummary("<b>x</b>.json", "virtual", "all", 0.5,
    ...                               (ReportStep(0, "AC_back", status="passed"),)))
    >>> "&lt;b&gt;x&lt;/b&gt;.json" in page, "<b>x</b>" in page
    (True, False)
    >>> page.count('<section class="card step passed"')
    1
"""

from __future__ import annotations

import html
import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from deltarec.core.bundle import write_atomic
from deltarec.core.report.model import ReportStep, RunSummary
from deltarec.core.report.shots import data_uri

MAX_PARAMS_CHARS = 4000
"""Parameters longer than this (inline dumps) are cut, with the cut said."""
TIMING_KEYS = ("queueMs", "toolMs", "observationMs", "totalMs")

_CSS = """
*{box-sizing:border-box}
body{margin:0;background:#f3f4f7;color:#1d2330;
 font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main,header.top,nav{max-width:1100px;margin:0 auto;padding:0 20px}
header.top{padding-top:28px}
h1{font-size:22px;margin:0 0 4px;word-break:break-all}
h2{font-size:17px;margin:0;display:flex;gap:10px;align-items:baseline;flex-wrap:wrap}
h3{font-size:12px;letter-spacing:.06em;text-transform:uppercase;color:#667085;margin:16px 0 6px}
.card{background:#fff;border:1px solid #e1e4ea;border-radius:10px;padding:18px 20px;margin:16px 0}
.meta{display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:8px 24px;
 margin:12px 0 0}
.meta div{min-width:0}.meta dt{font-size:12px;color:#667085}
.meta dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.counts{display:grid;grid-template-columns:repeat(4,1fr);gap:12px;margin-top:16px}
.count{border-radius:8px;padding:10px 14px;background:#f3f4f7}
.count b{display:block;font-size:26px;line-height:1.1}.count span{font-size:13px;color:#475467}
.count.passed b{color:#15803d}.count.failed b{color:#c0262d}
.count.warnings b{color:#b45309}.count.skipped b{color:#667085}
.badge{display:inline-block;border-radius:999px;padding:1px 10px;font-size:12px;font-weight:700;
 text-transform:uppercase;letter-spacing:.04em;color:#fff;vertical-align:middle}
.badge.passed{background:#16a34a}.badge.failed{background:#dc2626}
.badge.skipped{background:#98a2b3}.badge.warn{background:#d97706}
table{border-collapse:collapse;width:100%;font-size:14px}
td,th{text-align:left;padding:5px 8px;border-bottom:1px solid #eef0f3;vertical-align:top}
th{font-size:12px;color:#667085;font-weight:600}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
nav a{color:inherit;text-decoration:none}nav a:hover{text-decoration:underline}
.step{display:grid;grid-template-columns:minmax(0,292px) minmax(0,1fr);gap:22px;
 scroll-margin-top:10px}
.step.failed{border-color:#f3b4b4;box-shadow:inset 4px 0 0 #dc2626}
.step.skipped{opacity:.7}
.shot img{width:100%;max-width:292px;height:auto;border:1px solid #d0d5dd;border-radius:8px;
 display:block}
.shot .none{border:1px dashed #d0d5dd;border-radius:8px;padding:30px 12px;text-align:center;
 color:#98a2b3;font-size:13px}
.num-label{color:#98a2b3;font-weight:600}
.target{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace;
 font-size:14px;color:#344054;font-weight:500;word-break:break-all}
pre{margin:0;background:#f6f7f9;border:1px solid #eceef2;border-radius:6px;padding:8px 10px;
 font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace;
 white-space:pre-wrap;word-break:break-word;max-height:420px;overflow:auto}
.d-add{color:#15803d}.d-del{color:#b42318}.d-chg{color:#a15c07}.d-scr{color:#1d4ed8}
.d-new{color:#6d28d9;font-weight:600}.d-more{color:#98a2b3}
.alert{border-radius:6px;padding:8px 12px;margin:12px 0 0;font-size:14px;word-break:break-word}
.alert.error{background:#fef3f2;border:1px solid #fecdca;color:#912018}
.alert.warn{background:#fffaeb;border:1px solid #fedf89;color:#93370d}
.alert ul{margin:4px 0 0;padding-left:18px}
.note{color:#475467;font-style:italic;margin:6px 0 0}
.timing{width:auto;min-width:360px}.timing td{font-variant-numeric:tabular-nums}
.muted{color:#98a2b3}
footer{max-width:1100px;margin:0 auto;padding:8px 20px 40px;color:#98a2b3;font-size:12px}
@media (max-width:760px){.step{grid-template-columns:1fr}.counts{grid-template-columns:1fr 1fr}}
"""


def esc(value: object) -> str:
    """HTML-escape ``str(value)``, quotes included."""
    return html.escape(str(value), quote=True)


def duration(ms: float) -> str:
    """Milliseconds for people: ``"120 ms"``, ``"1.52 s"``.

    >>> duration(119.6), duration(1520)
    ('120 ms', '1.52 s')
    """
    return f"{ms:.0f} ms" if ms < 1000 else f"{ms / 1000:.2f} s"


def _badge(status: str) -> str:
    return f'<span class="badge {esc(status)}">{esc(status)}</span>'


def _warn_badge(count: int) -> str:
    if not count:
        return ""
    return f' <span class="badge warn">{count} warning{"s" if count != 1 else ""}</span>'


def _pre(text: str, cls: str = "") -> str:
    return f'<pre class="{cls}">{esc(text)}</pre>' if cls else f"<pre>{esc(text)}</pre>"


_KINDS = {"+": "d-add", "-": "d-del", "~": "d-chg", "↕": "d-scr", "»": "d-new", "…": "d-more"}


def delta_html(text: str) -> str:
    """A delta text as ``<pre>``, each line escaped and coloured by its kind (``+ ~ - ↕ »``)."""
    lines = []
    for line in text.splitlines() or [""]:
        cls = _KINDS.get(line[:1], "")
        body = esc(line)
        lines.append(f'<span class="{cls}">{body}</span>' if cls else body)
    return '<pre class="delta">' + "\n".join(lines) + "</pre>"


def _params(params: Mapping[str, object]) -> str:
    if not params:
        return '<p class="muted">none</p>'
    text = json.dumps(params, indent=2, ensure_ascii=False, default=str)
    if len(text) > MAX_PARAMS_CHARS:
        text = text[:MAX_PARAMS_CHARS] + f"\n… ({len(text) - MAX_PARAMS_CHARS} more characters)"
    return _pre(text)


def _result(result: Mapping[str, object]) -> str:
    """What the command returned; a frame or text it returned (``text``) shown as it reads."""
    text = result.get("text")
    rest = {k: v for k, v in result.items() if not (k == "text" and isinstance(text, str))}
    lines = [
        f"{k}: {v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, default=str)}"
        for k, v in rest.items()
    ]
    body = "\n".join(lines)
    if len(body) > MAX_PARAMS_CHARS:
        body = body[:MAX_PARAMS_CHARS] + f"\n… ({len(body) - MAX_PARAMS_CHARS} more characters)"
    out = "<h3>Result</h3>" + _pre(body) if rest else ""
    if isinstance(text, str):
        out += "<h3>Returned text</h3>" + delta_html(text)
    return out


def _summary(run: RunSummary) -> str:
    status = "passed" if run.ok else "failed"
    meta = [
        ("Device", run.device),
        ("Policy", run.policy),
        ("Steps", str(len(run.steps))),
        ("Total time", duration(run.seconds * 1000)),
    ]
    if run.started:
        meta.append(("Started", run.started))
    cells = "".join(f"<div><dt>{esc(k)}</dt><dd>{esc(v)}</dd></div>" for k, v in meta)
    counts = "".join(
        f'<div class="count {cls}"><b>{n}</b><span>{label}</span></div>'
        for cls, n, label in (
            ("passed", run.passed, "passed"),
            ("failed", run.failed, "failed"),
            ("warnings", run.warnings, "warnings"),
            ("skipped", run.skipped, "skipped"),
        )
    )
    return (
        '<header class="top"><div class="card summary">'
        f"<h1>{esc(run.script)} {_badge(status)}{_warn_badge(run.warnings)}</h1>"
        f'<dl class="meta">{cells}</dl><div class="counts">{counts}</div></div></header>'
    )


def _toc(steps: Iterable[ReportStep]) -> str:
    rows = []
    for s in steps:
        total = s.timing.get("totalMs")
        rows.append(
            f'<tr><td class="num"><a href="#step-{s.shown}">{s.shown}</a></td>'
            f'<td><a href="#step-{s.shown}">{esc(s.command)}</a></td>'
            f'<td class="target">{esc(s.target)}</td>'
            f"<td>{_badge(s.status)}{_warn_badge(len(s.warnings))}</td>"
            f'<td class="num">{duration(total) if total is not None else ""}</td></tr>'
        )
    head = (
        '<tr><th class="num">#</th><th>Command</th><th>Target</th><th>Result</th>'
        '<th class="num">Time</th></tr>'
    )
    return f'<nav><div class="card"><table class="toc">{head}{"".join(rows)}</table></div></nav>'


def _shot(s: ReportStep) -> str:
    if s.screenshot is not None:
        alt = f"screen after step {s.shown} ({s.command})"
        return f'<div class="shot"><img src="{data_uri(s.screenshot)}" alt="{esc(alt)}"></div>'
    why = s.screenshot_error or ("not run" if s.status == "skipped" else "no screenshot")
    return f'<div class="shot"><div class="none">{esc(why)}</div></div>'


def _timing(timing: Mapping[str, float]) -> str:
    if not timing:
        return ""
    head = "".join(f'<th class="num">{esc(k)}</th>' for k in TIMING_KEYS)
    cells = "".join(
        f'<td class="num">{esc(f"{timing[k]:.1f}") if k in timing else ""}</td>'
        for k in TIMING_KEYS
    )
    return f'<h3>Timing (ms)</h3><table class="timing"><tr>{head}</tr><tr>{cells}</tr></table>'


def _step(s: ReportStep) -> str:
    parts = [
        f'<h2><span class="num-label">#{s.shown}</span> {esc(s.command)}'
        f' <span class="target">{esc(s.target)}</span>'
        f" {_badge(s.status)}{_warn_badge(len(s.warnings))}</h2>"
    ]
    if s.note:
        parts.append(f'<p class="note">{esc(s.note)}</p>')
    if s.error:
        tried = "".join(f"<li>{esc(t)}</li>" for t in s.tried)
        parts.append(
            f'<div class="alert error"><strong>Error:</strong> {esc(s.error)}'
            + (f"<div>Tried:</div><ul>{tried}</ul>" if tried else "")
            + "</div>"
        )
    for warning in s.warnings:
        parts.append(f'<div class="alert warn"><strong>Warning:</strong> {esc(warning)}</div>')
    parts.append("<h3>Parameters</h3>" + _params(s.params))
    if s.observation is not None:
        parts.append("<h3>Delta (what changed)</h3>" + delta_html(s.observation))
    elif s.status != "skipped":
        why = (
            f"none: {s.category} commands do not observe"
            if s.category and s.category != "mutating"
            else "not returned (policy)"
        )
        parts.append(f'<h3>Delta (what changed)</h3><p class="muted">{esc(why)}</p>')
    if s.expect is not None:
        parts.append("<h3>Recorded delta (expected)</h3>" + delta_html(s.expect))
    parts.append(_result(s.result))
    parts.append(_timing(s.timing))
    return (
        f'<section class="card step {esc(s.status)}" id="step-{s.shown}">'
        f'{_shot(s)}<div class="body">{"".join(parts)}</div></section>'
    )


def render_html(run: RunSummary) -> str:
    """The whole report page (see the module docstring). Pure; O(size of the run)."""
    title = f"deltarec run · {run.script}"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{esc(title)}</title><style>{_CSS}</style></head><body>"
        + _summary(run)
        + _toc(run.steps)
        + "<main>"
        + "".join(_step(s) for s in run.steps)
        + "</main><footer>Generated by deltarec run. Steps are numbered from 1, as in"
        " error messages; a script path $[n] is step n+1.</footer></body></html>\n"
    )


def write_report(run: RunSummary, path: str | os.PathLike[str]) -> Path:
    """Write :func:`render_html` of ``run`` to ``path`` atomically; the path written.

    Errors: OSError when the file cannot be written (no partial file is left).
    """
    target = Path(path)
    write_atomic(target, render_html(run).encode("utf-8"))
    return target
