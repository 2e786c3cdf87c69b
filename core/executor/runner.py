"""Run a whole script against a session: validate all, run in order, report every step.

:func:`run_steps` validates the whole script first (a ScriptValidationError is
raised and nothing runs), then runs the steps in order through
:meth:`Session.execute <deltarec.core.executor.session.Session.execute>`, stopping at
the first failure unless ``keep_going``. Each step becomes a
:class:`StepResult`; ``on_progress`` is called with each one as it completes.

Batch policy (what observations are returned, see :mod:`deltarec.core.executor.session`):

- ``"all"``: every mutating step's observation (and a failed step's);
- ``"failures"``: only failed steps' observations;
- ``"none"``: no observations.

With ``"none"`` / ``"failures"`` the steps still settle and capture, but the
session's baseline only moves when an observation is returned: after the run,
the next observation the caller gets is the delta from the last screen the
caller actually saw, covering everything the run did.

Timing: the report's ``timing`` is ``{queueMs, toolMs, observationMs, totalMs}``
over the whole run: the steps' queue, tool and observation times summed, and
the run's wall time (validation included) by the session's clock.

Effect checks: a step with ``expect`` (its recorded delta) whose replay had no
effect or a clearly different one fails ("AC_tap on Save had no effect"), or
only warns with ``effects="warn"`` (``"off"`` skips the check).

Checks: a step's ``checks`` (:mod:`deltarec.core.executor.checks`) run after it passed,
each as ``AC_assert`` with its timeout; the first that fails fails the step
("check 1 of 2: assertion text='Ada' failed …"), with the step's observation kept.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from deltarec.core.errors import InputError, StepFailedError
from deltarec.core.executor.checks import check_command
from deltarec.core.executor.script import Script, Step, validate_script
from deltarec.core.executor.session import POLICIES, Effects, Policy, Session, StepOutcome


@dataclass(frozen=True, slots=True)
class StepResult:
    """One step's result: pass/fail, error text, observation, timing, warnings."""

    step: int
    command: str
    ok: bool
    error: str | None
    observation: str | None
    timing: Mapping[str, float]
    result: Mapping[str, Any] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    note: str | None = None
    exception: StepFailedError | None = field(default=None, compare=False, repr=False)

    @property
    def status(self) -> str:
        return "passed" if self.ok else "failed"

    @classmethod
    def from_outcome(cls, outcome: StepOutcome, note: str | None = None) -> StepResult:
        return cls(
            step=outcome.step,
            command=outcome.command,
            ok=outcome.ok,
            error=str(outcome.error) if outcome.error is not None else None,
            observation=outcome.observation,
            timing=outcome.timing,
            result=outcome.result,
            warnings=outcome.warnings,
            note=note,
            exception=outcome.error,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "command": self.command,
            "status": self.status,
            "error": self.error,
            "observation": self.observation,
            "timing": dict(self.timing),
            "result": dict(self.result),
            "warnings": list(self.warnings),
            **({"note": self.note} if self.note is not None else {}),
        }


@dataclass(frozen=True, slots=True)
class RunReport:
    """Every step that ran, in order; ``total`` steps were in the script."""

    results: tuple[StepResult, ...]
    total: int
    policy: Policy
    timing: Mapping[str, float] = field(default_factory=dict)
    """``{queueMs, toolMs, observationMs, totalMs}`` of the whole run (module docstring)."""

    @property
    def ok(self) -> bool:
        """True when every step ran and passed."""
        return len(self.results) == self.total and all(r.ok for r in self.results)

    @property
    def failures(self) -> tuple[StepResult, ...]:
        return tuple(r for r in self.results if not r.ok)

    @property
    def passed(self) -> int:
        return sum(1 for r in self.results if r.ok)

    @property
    def skipped(self) -> int:
        """Steps not run because the run stopped at a failure."""
        return self.total - len(self.results)

    def raise_for_failure(self) -> None:
        """Raise the first failed step's StepFailedError (for CI); do nothing when ok."""
        for r in self.results:
            if r.exception is not None:
                raise r.exception

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "policy": self.policy,
            "total": self.total,
            "passed": self.passed,
            "failed": len(self.failures),
            "skipped": self.skipped,
            "steps": [r.to_json() for r in self.results],
            "timing": dict(self.timing),
        }


def run_steps(
    script: Script,
    session: Session,
    *,
    policy: Policy = "all",
    keep_going: bool = False,
    effects: Effects = "fail",
    on_progress: Callable[[StepResult], None] | None = None,
) -> RunReport:
    """Validate ``script`` in full, then run it on ``session`` (see the module docstring).

    Raises ScriptValidationError before running anything when the script is
    invalid (commands are checked against the session's registry, so
    ``AC_shell`` needs a session with ``allow_unsafe``), and InputError for an
    unknown ``policy``. Step failures never raise: they are in the report
    (:meth:`RunReport.raise_for_failure` turns the first into an exception).
    """
    if policy not in POLICIES:
        raise InputError(f"unknown policy {policy!r} (use one of {', '.join(POLICIES)})")
    started = session.clock()
    commands = validate_script(script, allow_unsafe=session.allow_unsafe)
    results: list[StepResult] = []
    for number, (step, command) in enumerate(zip(script.steps, commands, strict=True)):
        outcome = session.execute(
            command, step=number, policy=policy, expect=step.expect, effects=effects
        )
        result = StepResult.from_outcome(outcome, step.note)
        if result.ok and step.checks:
            result = _run_checks(result, step, session, number)
        results.append(result)
        if on_progress is not None:
            on_progress(result)
        if not result.ok and not keep_going:
            break
    return RunReport(
        tuple(results), len(script.steps), policy, _run_timing(results, started, session)
    )


def _run_checks(result: StepResult, step: Step, session: Session, number: int) -> StepResult:
    """``result``, failed by the first of ``step.checks`` that does not hold."""
    for i, check in enumerate(step.checks):
        outcome = session.execute(check_command(check), step=number, policy="none")
        if outcome.error is not None:
            where = f"check {i + 1} of {len(step.checks)}"
            error = StepFailedError(number, step.command, f"{where}: {outcome.error.reason}",
                                    outcome.error.tried)  # fmt: skip
            error.__cause__ = outcome.error
            return replace(result, ok=False, error=str(error), exception=error)
    return result


def _run_timing(results: list[StepResult], started: float, session: Session) -> dict[str, float]:
    """The run's timing: step parts summed, ``totalMs`` the wall time since ``started``."""
    parts = ("queueMs", "toolMs", "observationMs")
    out = {key: round(sum(r.timing.get(key, 0.0) for r in results), 3) for key in parts}
    out["totalMs"] = round(max(0.0, session.clock() - started) * 1000, 3)
    return out
