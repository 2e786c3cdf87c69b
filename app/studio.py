"""The Script Builder's controller: one RecordingSession, driven only from the worker thread.

:class:`Studio` is the Qt adapter around :class:`~deltarec.core.recorder.session.RecordingSession`.
Every public method is called on the GUI thread and returns at once: it queues
a job on its :class:`~deltarec.app.workers.Runner`; the job calls the session on the
worker thread and ends by copying the session's state into a
:class:`~deltarec.app.snapshot.SessionView`, which :attr:`Studio.viewChanged` delivers
on the GUI thread. Only jobs touch ``self._session`` (they run one at a time),
so the GUI thread never waits on the session's lock or on the device.

Errors never escape a job: a failed step emits :attr:`Studio.error` (or
:attr:`Studio.disconnected` when the device went away; :meth:`reconnect` then
continues the same recording on a fresh connection).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QImage

from deltarec.app.launch import LaunchJobs
from deltarec.app.recordings import (
    Recording,
    Unfinished,
    delete,
    discard,
    new_bundle_dir,
    recordings,
    unfinished,
)
from deltarec.app.snapshot import SessionView, decode_png, read_screenshot
from deltarec.app.studio_config import StudioConfig, is_disconnect
from deltarec.app.studio_edits import StepEdits
from deltarec.app.studio_replay import ReplayJobs
from deltarec.app.undo import Change
from deltarec.app.workers import Report, Runner
from deltarec.core.errors import DeltarecError
from deltarec.core.executor import load_script
from deltarec.core.observe.index import ElementIndex
from deltarec.core.recorder.export import Kind
from deltarec.core.recorder.keyboard_tap import KeyboardTap
from deltarec.core.recorder.session import RecordedStep, RecordingSession, png_bytes
from deltarec.core.recorder.suggest import Suggestion

NOT_LIVE_RECORD = (
    "Nothing recorded: the picture is not live (where the recording left off). "
    "Refresh screen or Replay to here first."
)
"""Why a step is refused while a restored recording's last picture stands for the phone."""


class Studio(QObject, ReplayJobs, StepEdits, LaunchJobs):
    """Adapts one recording to Qt (see the module docstring)."""

    viewChanged = Signal(object)  # SessionView
    stepAdded = Signal(int)  # row of the step just recorded
    stepStatus = Signal(int, str, object)  # row, status, error: a live mark during a run
    replayStarted = Signal(int)  # number of steps
    replayFinished = Signal(bool, str)  # ok, the run report's path ("" when none)
    devicesListed = Signal(list)  # [(name, state)]
    exported = Signal(str)
    error = Signal(str)
    disconnected = Signal(str)
    picture = Signal(object)  # QImage: the phone as it is now (replay, idle look)
    bundleMoved = Signal(object, object)  # old, new folder of the recording (a rename)
    undoable = Signal(object)  # deltarec.app.undo.Change: what an edit did, for the undo stack

    def __init__(self, config: StudioConfig, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.config = config
        self.runner = Runner(self)
        self.spec = "virtual"
        self.view: SessionView | None = None
        # Worker-thread state (only jobs read or write these).
        self._session: RecordingSession | None = None
        self._png: bytes | None = None
        self._image: QImage | None = None
        self._peeked: bytes | None = None

    # ---------------------------------------------------------------- plumbing
    def _session_now(self) -> RecordingSession:
        if self._session is None:
            raise DeltarecError("no recording is open")
        return self._session

    def _view(self, session: RecordingSession) -> SessionView:
        if session.screenshot is not self._png:  # decode each new screenshot once
            self._png, self._image = session.screenshot, decode_png(session.screenshot)
        return SessionView.of(session, image=self._image)

    def _show(self, view: object) -> None:
        if isinstance(view, SessionView):
            self.view = view
            self.viewChanged.emit(view)

    def _fail(self, exc: BaseException) -> None:
        text = str(exc) or type(exc).__name__
        if is_disconnect(exc):
            self.disconnected.emit(text)
        else:
            self.error.emit(text)

    def _job(
        self,
        label: str,
        fn: Callable[[RecordingSession, Report], object],
        *,
        on_done: Callable[[Any], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
        on_progress: Callable[[Any], None] | None = None,
    ) -> None:
        """Queue ``fn(session, report)``; a SessionView it returns or reports is shown."""

        def run(report: Report) -> object:
            return fn(self._session_now(), report)

        def done(result: object) -> None:
            self._show(result)
            if on_done is not None:
                on_done(result)

        def failed(exc: BaseException) -> None:
            if on_error is not None:
                on_error(exc)
            else:
                self._fail(exc)

        def progress(value: object) -> None:
            self._show(value)
            if on_progress is not None:
                on_progress(value)

        self.runner.submit(label, run, on_done=done, on_error=failed, on_progress=progress)

    # ---------------------------------------------------------------- lifecycle
    def find_unfinished(self, then: Callable[[list[Unfinished]], None]) -> None:
        """Autosaved recordings never closed, newest last (for the restore question)."""

        self.runner.submit("Looking for unfinished recordings",
                           lambda _: unfinished(self.config.root), on_done=then,
                           on_error=self._fail)  # fmt: skip

    def discard(self, bundles: Sequence[Unfinished]) -> None:
        """Stop offering these recordings for restore (they stay on disk)."""

        self.runner.submit("Discarding", lambda _: discard(bundles), on_error=self._fail)

    def list_recordings(self, then: Callable[[list[Recording]], None]) -> None:
        """Every autosaved recording, newest first (File → Recordings)."""
        self.runner.submit("Listing recordings", lambda _: recordings(self.config.root),
                           on_done=then, on_error=self._fail)  # fmt: skip

    def delete_recording(self, path: Path, then: Callable[[Any], None]) -> None:
        """Delete an autosaved recording from disk (never the open one)."""

        def run(_: Report) -> None:
            if self._session is not None and self._session.bundle.root.resolve() == path.resolve():
                raise DeltarecError("the open recording cannot be discarded")
            delete(path, self.config.root)

        self.runner.submit("Discarding a recording", run, on_done=then, on_error=self._fail)

    def open_recording(self, spec: str, restore: Path | None = None, *,
                       on_done: Callable[[Any], None] | None = None) -> None:  # fmt: skip
        """Close the current recording; start a new one (or restore ``restore``) on ``spec``."""
        self.spec = spec

        def start(_: Report) -> SessionView:
            self._close_session()
            device = self.config.open_device(spec)
            options = self.config.session_options
            if restore is not None:
                session = RecordingSession.restore(restore, device, **options)
                self._session = session
                last = session.steps[-1].after if session.steps else None
                shot = session.bundle.screenshot_path(last) if last is not None else None
                if shot is not None:  # show where the recording left off
                    view = self._view(session)
                    return replace(view, image=decode_png(read_screenshot(shot)), index=None,
                                   recorded_picture=True)  # fmt: skip
            else:
                bundle = new_bundle_dir(self.config.root)
                session = RecordingSession(device, bundle, name=bundle.name, **options)
                session.start()
            self._session = session
            return self._view(session)

        def done(view: object) -> None:
            self._show(view)
            if on_done is not None:
                on_done(view)

        self.runner.submit("Connecting to " + spec, start, on_done=done, on_error=self._fail)

    def _close_session(self) -> None:
        if self._session is not None:
            self._session.close()
            self._session = None

    def close(self) -> None:
        """Mark the recording finished and wait for the worker (window shutdown)."""
        self.runner.submit("Closing", lambda _: self._close_session())
        self.runner.wait()

    def switch_device(self, spec: str) -> None:
        """Continue the same recording on another device (steps are kept)."""
        self.spec = spec

        def switch(session: RecordingSession, _: Report) -> SessionView:
            session.replace_device(self.config.open_device(spec))
            session.refresh()
            return self._view(session)

        self._job("Switching to " + spec, switch)

    def reconnect(self) -> None:
        """Open the current device again after a disconnect; the recording continues."""
        self.switch_device(self.spec)

    def peek(self, then: Callable[[QImage], None]) -> None:
        """A background look at the phone: ``then(picture)`` when it changed since the last.

        Only the picture: the recording's screen, numbers and delta baseline stay
        as the last step left them (the next step's delta still starts there).
        """

        def look(_: Report) -> QImage | None:
            session = self._session
            if session is None:
                return None
            png = png_bytes(session.device)
            if png == self._peeked:
                return None
            self._peeked = png
            return decode_png(png)

        def done(image: object) -> None:
            if isinstance(image, QImage):
                then(image)

        self.runner.submit("Looking at the phone", look, on_done=done,
                           on_error=lambda _: None, quiet=True)  # fmt: skip

    def refresh(self) -> None:
        def capture(session: RecordingSession, _: Report) -> SessionView:
            session.refresh()
            return self._view(session)

        self._job("Capturing", capture)

    def list_devices(self, then: Callable[[list[tuple[str, str]]], None] | None = None) -> None:
        """Ask for the devices (``devicesListed``); ``then`` gets them ([] when listing failed)."""

        def done(found: list[tuple[str, str]]) -> None:
            self.devicesListed.emit(found)
            if then is not None:
                then(found)

        def failed(exc: BaseException) -> None:
            self._fail(exc)
            if then is not None:
                then([])

        self.runner.submit("Listing devices", lambda _: self.config.list_devices(),
                           on_done=done, on_error=failed)  # fmt: skip

    # ---------------------------------------------------------------- recording
    def _record(
        self,
        label: str,
        act: Callable[[RecordingSession], RecordedStep],
        on_done: Callable[[Any], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:
        if self._refused(on_error):
            return
        recorded: list[RecordedStep] = []

        def run(session: RecordingSession, _: Report) -> SessionView:
            recorded.append(copy.deepcopy(act(session)))
            return self._view(session)

        def done(view: SessionView) -> None:
            self.undoable.emit(Change("record", len(view.steps) - 1, recorded[0]))
            self.stepAdded.emit(len(view.steps) - 1)
            if on_done is not None:
                on_done(view)

        self._job(label, run, on_done=done, on_error=on_error)

    def _refused(self, on_error: Callable[[BaseException], None] | None = None) -> bool:
        """True (and says why) while the picture is a restored recording's, not the phone:
        whatever is recorded then (a tap, a key, typing, a command) acts on a phone that may
        be elsewhere, and the rest of the recording starts from the wrong screen."""
        if self.view is None or not self.view.recorded_picture:
            return False
        (on_error or self._fail)(DeltarecError(NOT_LIVE_RECORD))
        return True

    def tap(self, x: int, y: int, *, long: bool = False) -> None:
        verb = "Long-pressing" if long else "Tapping"
        self._record(f"{verb} ({x}, {y})", lambda s: s.record_tap(x, y, long=long))

    def keyboard_tap(self, x: int, y: int, *, long: bool = False) -> None:
        """A key of the phone's keyboard (``long``: held, for its alternate, a digit say):
        pressed, and kept as the typing it did
        (:mod:`deltarec.core.recorder.keyboard_tap`); the step it added, changed or removed
        goes to the undo stack."""
        if self._refused():
            return
        taps: list[KeyboardTap] = []

        def run(session: RecordingSession, _: Report) -> SessionView:
            tap = session.record_keyboard_tap(x, y, long=long)
            taps.append(replace(tap, step=copy.deepcopy(tap.step)))
            return self._view(session)

        def done(_: object) -> None:
            tap = taps[0]
            change = {
                "added": Change("record", tap.row, tap.step),
                "merged": Change("edit", tap.row, tap.before, tap.step),
                "removed": Change("delete", tap.row, tap.before),
            }.get(tap.kind)
            if change is not None:
                self.undoable.emit(change)
            if tap.kind in ("added", "merged"):
                self.stepAdded.emit(tap.row)

        self._job(f"Pressing a key ({x}, {y})", run, on_done=done)

    def swipe(self, x1: int, y1: int, x2: int, y2: int) -> None:
        self._record("Swiping", lambda s: s.record_swipe(x1, y1, x2, y2))

    def type_text(self, text: str) -> None:
        self._record("Typing", lambda s: s.record_type(text))

    def key(self, key: str) -> None:
        self._record(f"Pressing {key}", lambda s: s.record_key(key))

    def record(
        self,
        command: str,
        params: dict[str, Any],
        label: str | None = None,
        *,
        on_done: Callable[[Any], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:
        """Record any command; ``on_error`` gets a validation or step error (else: ``error``)."""
        self._record(f"Running {command}", lambda s: s.record(command, params, label),
                     on_done, on_error)  # fmt: skip

    def record_delta(
        self,
        *,
        max_lines: int = 40,
        max_tokens: int | None = None,
        interactive_only: bool = False,
        on_done: Callable[[Any], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:
        """An "Observation: Delta (what changed)" step."""
        self._record(
            "Observing the delta",
            lambda s: s.record_delta(
                max_lines=max_lines, max_tokens=max_tokens, interactive_only=interactive_only
            ),
            on_done,
            on_error,
        )

    def add_suggestion(self, suggestion: Suggestion, source: int | None = None) -> None:
        """Keep ``suggestion`` as a check of step ``source``, verified on that step's own
        screen (undoable); without a step, record it as an assertion step."""
        if source is None:
            recorded: list[RecordedStep] = []

            def run(session: RecordingSession, _: Report) -> SessionView:
                recorded.append(copy.deepcopy(session.add_suggestion(suggestion)))
                return self._view(session)

            def done(view: SessionView) -> None:
                self.undoable.emit(Change("record", len(view.steps) - 1, recorded[0]))

            self._job("Adding an assertion", run, on_done=done)
            return
        row = source

        def add(session: RecordingSession) -> Change:
            old = copy.deepcopy(session.steps[row])
            session.add_suggestion(suggestion, row)
            return Change("edit", row, old, copy.deepcopy(session.steps[row]))

        self._tracked("Adding an assertion", add)

    def step_screen(self, row: int, then: Callable[[ElementIndex], None], *,
                    before: bool = False) -> None:  # fmt: skip
        """``then(screen)``: the numbered screen step ``row`` left (``before``: started on),
        read from the bundle on the worker (what an edit of that step is matched against)."""
        self.runner.submit("Reading the step's screen",
                           lambda _: self._session_now().step_screen(row, before=before),
                           on_done=then, on_error=self._fail)  # fmt: skip

    def remove_check(self, row: int, check: int) -> None:
        """Step ``row`` stops checking and exporting its check number ``check`` (undoable)."""

        def remove(session: RecordingSession) -> Change:
            old = copy.deepcopy(session.steps[row])
            session.remove_check(row, check)
            return Change("edit", row, old, copy.deepcopy(session.steps[row]))

        self._tracked("Removing an assertion", remove)

    # ------------------------------------------------------------------- files
    def export(self, path: str, kind: Kind) -> None:
        self._job(f"Exporting {kind}", lambda s, _: str(s.export(path, kind)),
                  on_done=lambda path: self.exported.emit(path))  # fmt: skip

    def open_script(self, path: str, on_done: Callable[[Any], None] | None = None) -> None:
        """Start a new recording and record each step of a JSON script (they run on the device)."""
        spec = self.spec

        def run(report: Report) -> SessionView:
            script = load_script(Path(path))  # validate in full before touching anything
            self._close_session()
            bundle = new_bundle_dir(self.config.root)
            device = self.config.open_device(spec)
            options = self.config.session_options
            session = RecordingSession(device, bundle, name=Path(path).stem, **options)
            self._session = session
            session.start()
            report(self._view(session))
            for step in script.steps:
                session.record(step.command, dict(step.params), step.note)
                report(self._view(session))
            return self._view(session)

        def done(view: object) -> None:
            self._show(view)
            if on_done is not None:
                on_done(view)

        self.runner.submit("Opening " + Path(path).name, run, on_done=done,
                           on_error=self._fail, on_progress=self._show)  # fmt: skip


__all__ = ["Studio", "StudioConfig", "is_disconnect"]
