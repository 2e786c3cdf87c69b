"""The Script Builder's replay jobs: run steps from a row, replay all on a fresh device.

Replay all also writes the HTML run report (:mod:`deltarec.core.report`: every step,
its delta and a screenshot after it) into the recording's folder as
:data:`REPORT_NAME`; ``replayFinished`` carries its path for "Open replay report".

A part of :class:`~deltarec.app.studio.Studio` (it inherits these methods); kept apart
because replaying is its own flow: live ✓/✗ marks per step and the phone
picture following the replay, reported from the worker thread.
"""

from __future__ import annotations

import time
from datetime import datetime
from typing import Protocol

from PySide6.QtCore import SignalInstance
from PySide6.QtGui import QImage

from deltarec.app.job_host import JobHost
from deltarec.app.snapshot import SessionView, decode_png
from deltarec.app.studio_config import StudioConfig
from deltarec.app.workers import Report
from deltarec.core.executor import parse_script
from deltarec.core.executor.runner import StepResult
from deltarec.core.recorder.session import RecordedStep, RecordingSession, png_bytes
from deltarec.core.report import Collector, RunSummary, TracingDevice, write_report

REPORT_NAME = "replay-report.html"
"""The last Replay all's report, in the recording's folder."""


class _Host(JobHost, Protocol):
    """What the replay jobs use of the Studio."""

    config: StudioConfig
    spec: str
    view: SessionView | None
    stepStatus: SignalInstance
    replayStarted: SignalInstance
    replayFinished: SignalInstance
    picture: SignalInstance

    def _step_status(self, value: object) -> None: ...


class ReplayJobs:
    """Replay methods of :class:`~deltarec.app.studio.Studio`."""

    def run_from(self: _Host, row: int, *, only: bool = False) -> None:
        """Run step ``row`` (``only``) or every step from ``row`` on, stopping at a failure."""

        def run(session: RecordingSession, report: Report) -> SessionView:
            last = row + 1 if only else len(session.steps)
            for i in range(row, last):
                report((i, "running", None))
                step = session.run_step(i)
                report((i, step.status, step.error))
                if step.status == "failed":
                    for j in range(i + 1, last):  # a failure stops the run: the rest never ran
                        session.steps[j].status, session.steps[j].error = "skipped", None
                        report((j, "skipped", None))
                    break
            return self._view(session)

        self._job("Running steps", run, on_progress=self._step_status)

    def _step_status(self: _Host, value: object) -> None:
        if isinstance(value, tuple):
            self.stepStatus.emit(*value)

    def replay_all(self: _Host) -> None:
        """Replay the script on a fresh device of the current kind; live marks per step."""
        total = len(self.view.steps) if self.view is not None else 0
        self.replayStarted.emit(total)

        def run(session: RecordingSession, report: Report) -> tuple[bool, SessionView, str]:
            fresh = self.config.open_device(self.spec)
            tracer = TracingDevice(fresh)
            collector = Collector(tracer)
            results: list[StepResult] = []
            script = parse_script(session.script().to_json())
            started, began = datetime.now().astimezone(), time.monotonic()

            def result(value: StepResult) -> None:
                collector.step_done(value)
                results.append(value)

            def progress(i: int, step: RecordedStep) -> None:
                report((i, step.status, step.error))
                picture = decode_png(png_bytes(fresh)) if session.screenshots else None
                if picture is not None:
                    report(picture)  # the phone picture follows the replay
                if i + 1 < len(session.steps):
                    report((i + 1, "running", None))

            if session.steps:
                report((0, "running", None))
            collector.begin()
            ok = session.replay(tracer, on_progress=progress, on_result=result)
            path = session.bundle.root / REPORT_NAME
            steps = collector.steps(script, results)
            when = started.strftime("%Y-%m-%d %H:%M:%S %Z")
            run = RunSummary(session.name, fresh.serial, "all", time.monotonic() - began,
                             steps, when)  # fmt: skip
            write_report(run, path)
            # The recording goes on from where the replay left the phone (the picture too).
            session.replace_device(fresh)
            session.refresh()
            return ok, self._view(session), str(path)

        def done(result: tuple[bool, SessionView, str]) -> None:
            self._show(result[1])
            self.replayFinished.emit(result[0], result[2])

        def failed(exc: BaseException) -> None:
            self.replayFinished.emit(False, "")
            self._fail(exc)

        def progress(value: object) -> None:
            if isinstance(value, QImage):
                self.picture.emit(value)
            else:
                self._step_status(value)

        self._job("Replaying", run, on_done=done, on_error=failed, on_progress=progress)
