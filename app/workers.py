"""Run blocking device I/O off the GUI thread: one worker thread, jobs in FIFO order.

Every call into a :class:`~deltarec.core.recorder.session.RecordingSession` blocks on the
device (a capture can take seconds), so the window never makes one itself. It
hands a callable to :meth:`Runner.submit`; the callable runs on the runner's
single pool thread (one at a time, in submission order, which is also what the
session's lock would enforce) and its result, error or progress reports come
back as queued signals, delivered on the GUI thread.

Why one shared signal object rather than a ``QObject`` per job: the signals
must live on the GUI thread (a queued connection is chosen by the *receiver's*
thread), and slots bound to the runner itself are the one kind of receiver
PySide6 reliably queues. Callbacks are then plain Python callables, called on
the GUI thread by those slots.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

Report = Callable[[object], None]
"""What a job calls (on the worker thread) to send a progress value to the GUI thread."""


@dataclass
class Job:
    """One queued call: ``fn(report)`` and the GUI-thread callbacks for its outcome."""

    id: int
    label: str
    fn: Callable[[Report], Any]
    on_done: Callable[[Any], None] | None = None
    on_error: Callable[[BaseException], None] | None = None
    on_progress: Callable[[Any], None] | None = None
    result: Any = field(default=None, repr=False)


class _Signals(QObject):
    done = Signal(int, object)
    failed = Signal(int, object)
    progress = Signal(int, object)


class _Task(QRunnable):
    """The QRunnable for one job: calls it and emits the outcome (on the worker thread)."""

    def __init__(self, job: Job, signals: _Signals) -> None:
        super().__init__()
        self.job = job
        self.signals = signals
        self.setAutoDelete(True)

    def run(self) -> None:
        job_id = self.job.id

        def report(value: object) -> None:
            self.signals.progress.emit(job_id, value)

        try:
            result = self.job.fn(report)
        except BaseException as exc:  # every failure goes back to the GUI, none is lost
            self.signals.failed.emit(job_id, exc)
        else:
            self.signals.done.emit(job_id, result)


class Runner(QObject):
    """A FIFO of jobs on one worker thread; ``busy`` while any job is queued or running.

    Signals (GUI thread): ``busyChanged(bool)``; ``started(label)`` when a job is
    queued (the label says what the UI is waiting for); ``idle()`` when the
    queue drains; ``failed(label, exception)`` for every job error (after its
    own ``on_error``).
    """

    busyChanged = Signal(bool)
    started = Signal(str)
    idle = Signal()
    failed = Signal(str, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._pool.setExpiryTimeout(-1)  # keep the one thread: no start-up cost per job
        self._signals = _Signals(self)
        self._signals.done.connect(self._on_done)
        self._signals.failed.connect(self._on_failed)
        self._signals.progress.connect(self._on_progress)
        self._jobs: dict[int, Job] = {}
        self._quiet: dict[int, Job] = {}  # background jobs: never "busy", never announced
        self._ids = itertools.count(1)

    @property
    def busy(self) -> bool:
        return bool(self._jobs)

    @property
    def idle_now(self) -> bool:
        """Nothing at all queued or running, background jobs included."""
        return not self._jobs and not self._quiet

    @property
    def pending(self) -> list[str]:
        """Labels of the queued and running jobs, oldest first."""
        return [job.label for job in self._jobs.values()]

    def submit(
        self,
        label: str,
        fn: Callable[[Report], Any],
        *,
        on_done: Callable[[Any], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
        on_progress: Callable[[Any], None] | None = None,
        quiet: bool = False,
    ) -> Job:
        """Queue ``fn(report)`` for the worker thread; callbacks run on the GUI thread.

        A ``quiet`` job (a background refresh) runs in the same FIFO but does not
        make the runner busy, is not announced, and its errors only go to ``on_error``.
        """
        job = Job(next(self._ids), label, fn, on_done, on_error, on_progress)
        if quiet:
            self._quiet[job.id] = job
            self._pool.start(_Task(job, self._signals))
            return job
        was_busy = self.busy
        self._jobs[job.id] = job
        self._pool.start(_Task(job, self._signals))
        self.started.emit(label)
        if not was_busy:
            self.busyChanged.emit(True)
        return job

    def wait(self, msecs: int = -1) -> bool:
        """Block until the worker is idle (shutdown only; never while the UI is live)."""
        return bool(self._pool.waitForDone(msecs))

    @Slot(int, object)
    def _on_progress(self, job_id: int, value: object) -> None:
        job = self._jobs.get(job_id) or self._quiet.get(job_id)
        if job is not None and job.on_progress is not None:
            job.on_progress(value)

    @Slot(int, object)
    def _on_done(self, job_id: int, result: object) -> None:
        job = self._jobs.get(job_id) or self._quiet.get(job_id)
        if job is None:
            return
        job.result = result
        try:
            if job.on_done is not None:
                job.on_done(result)
        finally:
            self._finish(job_id)

    @Slot(int, object)
    def _on_failed(self, job_id: int, exc: object) -> None:
        job = self._jobs.get(job_id) or self._quiet.get(job_id)
        if job is None:
            return
        assert isinstance(exc, BaseException)
        try:
            if job.on_error is not None:
                job.on_error(exc)
            if job_id not in self._quiet:
                self.failed.emit(job.label, exc)
        finally:
            self._finish(job_id)

    def _finish(self, job_id: int) -> None:
        if self._quiet.pop(job_id, None) is not None:
            return
        self._jobs.pop(job_id, None)
        if not self._jobs:
            self.busyChanged.emit(False)
            self.idle.emit()
