"""What the Studio's flows (edits, replays, launching) use of it: its job queue.

:class:`~deltarec.app.studio.Studio` is put together from mixins, one per flow
(:mod:`~deltarec.app.studio_edits`, :mod:`~deltarec.app.studio_replay`,
:mod:`~deltarec.app.launch`); each types ``self`` as a protocol built on this one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from deltarec.app.snapshot import SessionView
from deltarec.app.workers import Report
from deltarec.core.recorder.session import RecordingSession

Done = Callable[[Any], None] | None
"""Called with a job's result on the GUI thread."""
Failed = Callable[[BaseException], None] | None
"""Called with a job's error on the GUI thread (else the Studio's ``error`` signal)."""


class JobHost(Protocol):
    """The Studio's job queue, as its flows see it."""

    def _job(self, label: str, fn: Callable[[RecordingSession, Report], object], *,
             on_done: Done = None, on_error: Failed = None,
             on_progress: Done = None) -> None: ...  # fmt: skip
    def _view(self, session: RecordingSession) -> SessionView: ...
    def _show(self, view: object) -> None: ...
    def _fail(self, exc: BaseException) -> None: ...
