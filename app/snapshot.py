"""Immutable copies of a recording's state, made on the worker thread for the GUI thread.

The GUI thread never reads a :class:`~deltarec.core.recorder.session.RecordingSession`
(its methods block on the device, and a worker may be mid-step). Each job ends
by taking a :class:`SessionView` — copies of the steps, the numbered screen
and the decoded screenshot — which the signal carries to the GUI thread. The
index and observation inside are core's immutable values, so sharing them is
safe; the mutable :class:`~deltarec.core.recorder.session.RecordedStep` fields are copied.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtGui import QImage

from deltarec.core.capture.boundary import read_bounded
from deltarec.core.capture.images import open_image
from deltarec.core.errors import InputError
from deltarec.core.observe.index import ElementIndex
from deltarec.core.recorder.checks import check_label
from deltarec.core.recorder.session import RecordedStep, RecordingSession
from deltarec.core.recorder.suggest import Suggestion

NOT_RUN = "not run yet"
"""What a pasted or duplicated step's delta says until it runs (Run step, Run from here)."""

STATUS_MARKS = {"passed": "✓", "failed": "✗", "recorded": "•", "running": "…", "skipped": "–"}


@dataclass(frozen=True, slots=True)
class StepRow:
    """One recorded step as the GUI shows it."""

    command: str
    params: dict[str, Any]
    label: str
    delta: str = ""
    status: str = "recorded"
    error: str | None = None
    suggestions: tuple[Suggestion, ...] = ()
    timing: dict[str, float] = field(default_factory=dict)
    edited: bool = False
    unrun: bool = False
    """Pasted or duplicated and not run since: no delta yet."""
    delta_all: str = ""
    checks: tuple[tuple[str, dict[str, Any]], ...] = ()
    """The assertions replayed and exported after the step: (label, AC_assert parameters)."""
    before: int = 0
    after: int = 0

    @classmethod
    def of(cls, step: RecordedStep) -> StepRow:
        return cls(
            command=step.command,
            params=copy.deepcopy(step.params),
            label=step.label,
            delta=step.delta,
            status=step.status,
            error=step.error,
            suggestions=tuple(step.suggestions),
            timing=dict(step.timing),
            edited=step.edited,
            unrun=step.unrun,
            delta_all=step.delta_all,
            checks=tuple((check_label(c, step.suggestions), copy.deepcopy(c)) for c in step.checks),
            before=step.before,
            after=step.after,
        )

    @property
    def mark(self) -> str:
        return STATUS_MARKS.get(self.status, "•")

    def as_json(self) -> dict[str, Any]:
        """What the delta panel's JSON tab shows."""
        out: dict[str, Any] = {"command": self.command, "params": self.params}
        out["label"] = self.label
        out["status"] = self.status
        if self.error:
            out["error"] = self.error
        out["delta"] = NOT_RUN if self.unrun and not self.delta else self.delta.splitlines()
        if self.checks:
            out["checks"] = [params for _, params in self.checks]
        if self.timing:
            out["timing"] = self.timing
        return out


@dataclass(frozen=True, slots=True)
class SessionView:
    """The recording as of the end of one job."""

    serial: str
    bundle: Path
    steps: tuple[StepRow, ...]
    index: ElementIndex | None
    image: QImage | None
    screen_size: tuple[int, int]
    package: str = ""
    activity: str = ""
    recorded_picture: bool = False
    """``image`` is the last recorded screen (a restore), not the phone now: no boxes."""
    name: str = ""
    """The recording's name (File → Rename recording): exports and the title use it."""

    @classmethod
    def of(cls, session: RecordingSession, *, image: QImage | None = None) -> SessionView:
        """Copy ``session`` (call on the worker thread, between two session calls)."""
        screen = session.screen
        size = (screen.width, screen.height) if screen is not None else (0, 0)
        return cls(
            serial=session.device.serial,
            bundle=session.bundle.root,
            steps=tuple(StepRow.of(s) for s in session.steps),
            index=session.index,
            image=image,
            screen_size=size,
            package=screen.package if screen is not None else "",
            activity=screen.activity if screen is not None else "",
            name=session.name,
        )


DISPLAY_REDUCE = 2
"""The screenshot is shown at most this many times smaller than the device's pixels."""


def read_screenshot(path: Path) -> bytes | None:
    """A recorded screenshot's bytes through the input boundary; None when unusable
    (not a regular file, unreadable, too large): the view then shows no picture."""
    try:
        return read_bounded(path, what="screenshot")
    except InputError:
        return None


def decode_png(data: bytes | None) -> QImage | None:
    """The screenshot to display: PNG bytes → a half-size RGB QImage (on the worker thread).

    Decoded with Pillow rather than ``QImage.fromData``: PySide6 holds the GIL
    through ``fromData`` (~20 ms for a 1080x2400 PNG), which stalls the GUI
    thread just as much as decoding on it would; Pillow releases it. Halving
    the size (the phone is shown ~400 px wide) halves the copy and later scaling.
    """
    if not data:
        return None
    try:
        with open_image(data, where="screenshot") as png:  # its size checked before decoding
            picture = png.convert("RGB")
    except (InputError, OSError, ValueError):
        return None
    if picture.width >= 2 * DISPLAY_REDUCE and picture.height >= 2 * DISPLAY_REDUCE:
        picture = picture.reduce(DISPLAY_REDUCE)
    raw = picture.tobytes()
    image = QImage(raw, picture.width, picture.height, 3 * picture.width,
                   QImage.Format.Format_RGB888)  # fmt: skip
    return image.copy()  # owns its pixels (``raw`` goes away)
