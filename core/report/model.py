"""What a run report holds, and the collector that fills it while a script runs.

A :class:`RunSummary` is plain data: the script's name, the device, the
policy, the total time and one :class:`ReportStep` per step of the script
(steps the run never reached are ``"skipped"``). :class:`Collector` is the
``on_progress`` side of :func:`~deltarec.core.executor.run_steps`: after each step it
takes the step's device trace and (when asked) a screenshot with the acted-on
element outlined, so the HTML renderer (:mod:`deltarec.core.report.page`) needs no
device.

    >>> from deltarec.core.executor import load_script
    >>> script = load_script('[["AC_back"], ["AC_home"]]')
    >>> steps = Collector().steps(script, ())
    >>> [(s.number, s.command, s.status) for s in steps]
    [(0, 'AC_back', 'skipped'), (1, 'AC_home', 'skipped')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from PIL import UnidentifiedImageError

from deltarec.core.errors import DeltarecError
from deltarec.core.executor import Command, Script, StepResult
from deltarec.core.report.shots import WIDTH, marks_for, snapshot
from deltarec.core.report.trace import TracingDevice

Status = Literal["passed", "failed", "skipped"]


@dataclass(frozen=True, slots=True)
class ReportStep:
    """One step as the report shows it.

    ``number`` is zero-based, as in JSON paths (``$[3]``); :attr:`shown` is the
    number a person reads (1-based, as in error messages).
    ``target`` is what the step acted on (``[6] textbox "Name"`` when a
    selector resolved, else the command's own target, "" for none).
    ``category`` is the command's (``mutating``, ``readonly``, …; "" unknown)
    and ``result`` what it returned (JSON).
    ``observation`` is the delta the run returned (None under policy
    ``none``/``failures``); ``expect`` the delta recorded for the step.
    ``error`` is the failure reason, ``tried`` what was attempted.
    ``screenshot`` is PNG bytes taken after the step (None when none was
    taken; ``screenshot_error`` says why when taking it failed).
    """

    number: int
    command: str
    params: Mapping[str, Any] = field(default_factory=dict)
    status: Status = "skipped"
    target: str = ""
    category: str = ""
    note: str | None = None
    expect: str | None = None
    observation: str | None = None
    timing: Mapping[str, float] = field(default_factory=dict)
    result: Mapping[str, Any] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    error: str | None = None
    tried: tuple[str, ...] = ()
    screenshot: bytes | None = field(default=None, repr=False)
    screenshot_error: str | None = None

    @property
    def shown(self) -> int:
        """The step's number as a person reads it (1-based)."""
        return self.number + 1


@dataclass(frozen=True, slots=True)
class RunSummary:
    """A whole run: where, how, how long, and every step of the script in order.

    ``started`` is free text (the CLI puts the local start time there).
    """

    script: str
    device: str
    policy: str
    seconds: float
    steps: tuple[ReportStep, ...]
    started: str = ""

    def count(self, status: Status) -> int:
        return sum(1 for s in self.steps if s.status == status)

    @property
    def passed(self) -> int:
        return self.count("passed")

    @property
    def failed(self) -> int:
        return self.count("failed")

    @property
    def skipped(self) -> int:
        return self.count("skipped")

    @property
    def warnings(self) -> int:
        """Warnings in all (a step can have several: a fallback selector and an effect)."""
        return sum(len(s.warnings) for s in self.steps)

    @property
    def ok(self) -> bool:
        return self.failed == 0 and self.skipped == 0


@dataclass(frozen=True, slots=True)
class _Shot:
    png: bytes | None
    error: str | None


class Collector:
    """Collects each step's screenshot as it completes (call :meth:`step_done` per step).

    With ``device`` None, no screenshots are taken (the report then has none).
    ``width`` caps the screenshots' width. A screenshot that fails is noted on
    its step, never fails the run. Call :meth:`begin` just before the run so
    the first step's trace starts at the run.
    """

    def __init__(self, device: TracingDevice | None = None, *, width: int = WIDTH) -> None:
        self.device = device
        self.width = width
        self._shots: dict[int, _Shot] = {}

    def begin(self) -> None:
        """Start the first step's trace (drops anything traced before)."""
        if self.device is not None:
            self.device.take()

    def step_done(self, result: StepResult) -> None:
        """Record ``result``'s trace and its after-the-step screenshot (when a device is set)."""
        if self.device is None:
            return
        trace = self.device.take()
        try:
            image = self.device.screenshot()
            png = snapshot(image, marks_for(result.result, trace), width=self.width)
            self._shots[result.step] = _Shot(png, None)
        except (DeltarecError, OSError, ValueError, UnidentifiedImageError) as exc:
            self._shots[result.step] = _Shot(None, f"no screenshot: {exc}")

    def steps(
        self,
        script: Script,
        results: Sequence[StepResult],
        commands: Sequence[Command] = (),
    ) -> tuple[ReportStep, ...]:
        """One :class:`ReportStep` per step of ``script``; those without a result are skipped.

        ``commands`` are the validated commands by step (``validate_script``):
        they give each step's category, and its target when the result names
        no element.
        """
        by_step = {r.step: r for r in results}
        out = []
        for number, step in enumerate(script.steps):
            command = commands[number] if number < len(commands) else None
            base = ReportStep(
                number,
                step.command,
                step.params,
                target=command.target() if command is not None else "",
                category=command.category.value if command is not None else "",
                note=step.note,
                expect=step.expect,
            )
            result = by_step.get(number)
            out.append(base if result is None else self._from_result(base, result))
        return tuple(out)

    def _from_result(self, base: ReportStep, result: StepResult) -> ReportStep:
        exc = result.exception
        element = result.result.get("element")
        shot = self._shots.get(result.step, _Shot(None, None))
        return ReportStep(
            number=base.number,
            command=base.command,
            params=base.params,
            status="passed" if result.ok else "failed",
            target=element if isinstance(element, str) and element else base.target,
            category=base.category,
            note=base.note,
            expect=base.expect,
            observation=result.observation,
            timing=dict(result.timing),
            result=dict(result.result),
            warnings=tuple(result.warnings),
            error=(exc.reason if exc is not None else result.error),
            tried=exc.tried if exc is not None else (),
            screenshot=shot.png,
            screenshot_error=shot.error,
        )
