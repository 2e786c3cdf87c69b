"""Launch app…: a recording that starts from a known state.

The person picks one of the phone's installed apps (:func:`installed_apps`) and
whether to clear its state first; :class:`LaunchJobs` records it with the
executor's own commands — ``AC_clear_app`` (when clearing: ``pm clear``, the app's
data and state are gone) then ``AC_launch_app`` — as step 1, or at the selected
row, one undo entry. A replay (the Studio's, ``deltarec run``) runs both, so it
starts from the cleared state too. Exports of a script that starts with that pair
(:func:`deltarec.core.recorder.origin.clean_start`) clear it their way: the pytest
module's ``deltarec_app`` marker with ``reset='clear'`` (and ``phone.clear``), the
Maestro flow's ``launchApp`` with ``clearState: true``; the JSON export keeps
``AC_clear_app``.

A part of :class:`~deltarec.app.studio.Studio` (it inherits these methods).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import SignalInstance

from deltarec.app.job_host import JobHost
from deltarec.app.snapshot import SessionView
from deltarec.app.undo_batch import Batch
from deltarec.app.workers import Report, Runner
from deltarec.core.devices.base import Device
from deltarec.core.devices.virtual.device import VirtualDevice
from deltarec.core.devices.virtual.playground import PACKAGES
from deltarec.core.recorder.origin import is_home
from deltarec.core.recorder.session import RecordedStep, RecordingSession

MAX_PACKAGES = 2000
"""The most packages listed (a phone has a few hundred; the list stays bounded)."""


def _listed(output: str) -> list[str]:
    """``pm list packages`` output → package names.

    >>> _listed("package:com.a\\npackage:org.b\\n\\nnoise")
    ['com.a', 'org.b']
    """
    lines = (line.strip() for line in output.splitlines())
    return [line.removeprefix("package:") for line in lines if line.startswith("package:")]


def installed_apps(device: Device, current: str = "") -> list[str]:
    """The apps a recording can start with: ``pm list packages`` on a phone with a shell,
    the built-in phone's own apps on it; home screens and keyboards left out, sorted,
    the app on screen (``current``) first."""
    inner = getattr(device, "inner", device)  # the recorder's LoggingDevice wraps it
    shell = getattr(inner, "shell", None)
    if isinstance(inner, VirtualDevice):
        found = list(PACKAGES)
    elif callable(shell):
        result = shell("pm list packages")
        found = _listed(bytes(getattr(result, "stdout", b"")).decode("utf-8", "replace"))
    else:
        found = []
    apps = sorted({p for p in found[:MAX_PACKAGES] if not is_home(p) and "keyboard" not in p})
    if current in apps:
        apps.remove(current)
        apps.insert(0, current)
    return apps


def launch_steps(session: RecordingSession, package: str, clear: bool) -> list[RecordedStep]:
    """Record (clear, when ``clear``, then) launch ``package``; the steps, appended."""
    steps = []
    if clear:  # exports clear it their way too (Maestro clearState, pytest reset='clear')
        label = f"clear {package} (its data and state: it starts fresh)"
        steps.append(session.record("AC_clear_app", {"package": package}, label))
    steps.append(session.record("AC_launch_app", {"package": package}, f"launch {package}"))
    return steps


class _Host(JobHost, Protocol):
    """What the launch jobs use of the Studio."""

    runner: Runner
    undoable: SignalInstance
    stepAdded: SignalInstance


class LaunchJobs:
    """Launch-app methods of :class:`~deltarec.app.studio.Studio`."""

    def list_apps(self: _Host, then: Callable[[list[str]], None]) -> None:
        """``then(packages)``: the installed apps, the one on screen first."""

        def run(session: RecordingSession, _: Report) -> list[str]:
            screen = session.screen
            return installed_apps(session.device, screen.package if screen is not None else "")

        self._job("Listing the phone's apps", run, on_done=then)

    def launch_app(self: _Host, package: str, *, clear: bool = False, row: int | None = None,
                   on_done: Callable[[Any], None] | None = None) -> None:  # fmt: skip
        """Record launching ``package`` (its data cleared first when ``clear``) at ``row`` (the end
        when None); it runs on the phone now. One undo entry for the step(s)."""
        batch: list[Batch] = []

        def run(session: RecordingSession, _: Report) -> SessionView:
            steps = launch_steps(session, package, clear)
            at = len(session.steps) - len(steps) if row is None else row
            for k in range(len(steps)):  # recorded at the end: moved to their row
                session.move_step(len(session.steps) - len(steps) + k, at + k)
            batch.append(Batch("insert", tuple((at + k, copy.deepcopy(s))
                                               for k, s in enumerate(steps))))  # fmt: skip
            return self._view(session)

        def done(view: object) -> None:
            self.undoable.emit(batch[0])
            self.stepAdded.emit(batch[0].items[-1][0])
            if on_done is not None:
                on_done(view)

        self._job(f"Launching {package}", run, on_done=done)
