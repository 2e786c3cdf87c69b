"""The HTML run report: one self-contained page per script run.

::

    trace.py   TracingDevice: a pass-through device that remembers what each step acted on
    shots.py   screenshots scaled down, the acted-on element outlined, as PNG data URIs
    model.py   ReportStep / RunSummary (plain data) and the Collector fed by run_steps
    page.py    render_html / write_report: the page (inline CSS, no script, all escaped)

Use::

    tracer = TracingDevice(device)
    session = Session(tracer)
    collector = Collector(tracer)
    collector.begin()
    report = run_steps(script, session, on_progress=collector.step_done)
    run = RunSummary("login.json", device.serial, "all", seconds,
                     collector.steps(script, report.results))
    write_report(run, "out.html")

``deltarec run SCRIPT --report out.html`` (:mod:`deltarec.core.cli.run_command`) does this.
"""

from __future__ import annotations

from deltarec.core.report.model import Collector, ReportStep, RunSummary, Status
from deltarec.core.report.page import render_html, write_report
from deltarec.core.report.shots import WIDTH, Marks, marks_for, snapshot
from deltarec.core.report.trace import Action, StepTrace, TracingDevice

__all__ = [
    "WIDTH",
    "Action",
    "Collector",
    "Marks",
    "ReportStep",
    "RunSummary",
    "Status",
    "StepTrace",
    "TracingDevice",
    "marks_for",
    "render_html",
    "snapshot",
    "write_report",
]
