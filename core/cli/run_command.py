"""``deltarec run SCRIPT``: replay a script on a device, with progress, effect checks and a report.

::

    deltarec run SCRIPT [--device SERIAL|virtual|replay:BUNDLE] [--report OUT.html]
                        [--policy all|none|failures] [--keep-going] [--effects fail|warn|off]

Order of work: the whole script is validated first (an invalid script exits 2
with one line on stderr naming the JSON path; no device is even opened), then
the device is opened and the steps run through
:func:`~deltarec.core.executor.run_steps`. Progress goes to stderr: on a terminal a bar
redrawn after each step (failed and warned steps stay printed above it);
otherwise one line per step, ``[3/12] AC_tap {text="Save"} … ok 120 ms``, with
any warning (a fallback selector, an effect check under ``--effects warn``)
on the next line. Then stdout gets one summary line and stderr one
``deltarec: failed: step N (COMMAND) failed: …; tried: …`` line per failed step.

Files a script writes (``AC_screenshot {"path": …}``) go under ``--output-dir``
(default: the current folder); a path leading out of it fails its step unless
``--write-anywhere`` is given.

Exit codes: 0 every step passed; 1 a step failed (or the device or the report
file failed); 2 bad input (invalid script, unusable bundle, unknown policy).

With ``--report`` a screenshot is taken after every step (scaled to 360 px
wide, the acted-on element outlined) and the page is rewritten atomically
after every step and at the end, also when a step failed (:mod:`deltarec.core.report`),
so a killed run still leaves the steps it finished.

SIGINT (Ctrl-C) and SIGTERM stop the run between two instructions: the
report is finished with the steps done so far (the rest shown skipped), one
``deltarec: interrupted by SIGINT after N of M steps`` line goes to stderr,
no traceback, and the exit code is 128 + the signal number (130 for Ctrl-C,
143 for SIGTERM), as shells report a process killed by that signal.

Register it with ``EXTENSIONS.append(run_command.register)`` in
:func:`deltarec.core.cli.main._load_extensions`.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from datetime import datetime
from pathlib import Path
from typing import TextIO

from deltarec.core.cli.out_path import checked_output
from deltarec.core.devices.base import Device
from deltarec.core.errors import DeltarecError, InputError
from deltarec.core.executor import (
    RunReport,
    Script,
    Session,
    StepResult,
    load_script,
    run_steps,
    validate_script,
)
from deltarec.core.executor.session import POLICIES, Effects, Policy
from deltarec.core.report import Collector, RunSummary, TracingDevice, write_report

EXIT_OK, EXIT_FAILURE, EXIT_BAD_INPUT = 0, 1, 2
EFFECTS: tuple[Effects, ...] = ("fail", "warn", "off")
BAR_WIDTH = 24
TARGET_CHARS = 60

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Interrupted(BaseException):
    """SIGINT or SIGTERM arrived during a run (a BaseException: no step may swallow it)."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        super().__init__(signal.Signals(signum).name)


def _raise_interrupted(signum: int, _frame: object) -> None:
    raise Interrupted(signum)


@contextmanager
def stop_signals(handler: Callable[[int, object], None] | int) -> Iterator[None]:
    """SIGINT and SIGTERM go to ``handler`` inside the block (main thread only; else a no-op)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {s: signal.signal(s, handler) for s in STOP_SIGNALS}
    try:
        yield
    finally:
        for s, old in previous.items():
            signal.signal(s, old)


SessionFactory = Callable[[Device], Session]
"""Builds the session for a (traced) device; tests pass one with a fake clock."""


def clean(text: str, limit: int = TARGET_CHARS) -> str:
    """``text`` on one line, safe for a terminal: control characters shown as ``\\xNN``, cut.

    >>> clean('a\\nb\\x1b[31m', 80)
    'a\\\\x0ab\\\\x1b[31m'
    >>> clean("x" * 10, 4)
    'xxx…'
    """
    out = "".join(
        f"\\x{ord(c):02x}" if unicodedata.category(c) in ("Cc", "Cf") else c for c in text
    )
    return out if len(out) <= limit else out[: limit - 1] + "…"


def _one_line(text: str) -> str:
    return " ".join(text.split())


class Progress:
    """Per-step progress on ``stream``: a bar on a terminal (``tty``), else one line per step.

    ``targets[n]`` describes step ``n`` (what it acts on). Call :meth:`step`
    with each result as it completes and :meth:`finish` at the end.
    """

    def __init__(self, stream: TextIO, total: int, targets: Sequence[str], *, tty: bool) -> None:
        self.stream = stream
        self.total = total
        self.targets = targets
        self.tty = tty
        self.done = 0

    def line(self, result: StepResult) -> str:
        """``[3/12] AC_tap {text="Save"} … ok 120 ms`` for one result."""
        target = self.targets[result.step] if result.step < len(self.targets) else ""
        what = f"{result.command} {clean(target)}" if target else result.command
        verdict = "ok" if result.ok else "FAILED"
        total = result.timing.get("totalMs", 0.0)
        return f"[{self.done}/{self.total}] {what} … {verdict} {total:.0f} ms"

    def _bar(self, last: str) -> str:
        filled = BAR_WIDTH * self.done // max(self.total, 1)
        return f"[{'#' * filled}{'-' * (BAR_WIDTH - filled)}] {last}"

    def step(self, result: StepResult) -> None:
        self.done += 1
        line = self.line(result)
        extra = [f"    warning: {clean(_one_line(w), 400)}" for w in result.warnings]
        if self.tty:
            self.stream.write("\r\x1b[2K")
            if extra or not result.ok:
                self.stream.write("\n".join([line, *extra]) + "\n")
            self.stream.write(self._bar(line))
        else:
            self.stream.write("\n".join([line, *extra]) + "\n")
        self.stream.flush()

    def finish(self) -> None:
        if self.tty and self.done:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()


def summary_line(report: RunReport, seconds: float, report_path: Path | None) -> str:
    """``3 passed, 1 failed, 0 warnings, 8 skipped in 1.52 s`` (+ where the report went)."""
    warnings = sum(len(r.warnings) for r in report.results)
    text = (
        f"{report.passed} passed, {len(report.failures)} failed,"
        f" {warnings} warning{'' if warnings == 1 else 's'},"
        f" {report.skipped} skipped in {seconds:.2f} s"
    )
    return text + (f"; report: {report_path}" if report_path is not None else "")


def _open_session(spec: str, make_session: SessionFactory) -> tuple[TracingDevice, Session]:
    from deltarec.core.cli.device_commands import open_device

    tracer = TracingDevice(open_device(spec))
    return tracer, make_session(tracer)


def run_script(
    args: argparse.Namespace,
    *,
    make_session: SessionFactory = Session,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    tty: bool | None = None,
) -> int:
    """Do ``deltarec run`` for parsed ``args`` (see the module docstring); the exit code.

    Never raises a DeltarecError: bad input prints ``deltarec: error: …`` and
    returns 2, other failures print ``deltarec: failed: …`` and return 1.
    ``make_session`` builds the session around the (traced) device; ``tty``
    overrides whether stderr is a terminal.
    """
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    try:
        return _run(args, make_session, out, err, err.isatty() if tty is None else tty)
    except InputError as exc:
        print(f"deltarec: error: {_one_line(str(exc))}", file=err)
        return EXIT_BAD_INPUT
    except DeltarecError as exc:
        print(f"deltarec: failed: {_one_line(str(exc))}", file=err)
        return EXIT_FAILURE


def _check_report_path(path: str | None) -> Path | None:
    """``--report``'s file, checked before any step runs: a regular file or none yet, in a
    folder a file can be created in (a temporary file is made there and removed):
    :func:`~deltarec.core.cli.out_path.checked_output`."""
    return None if path is None else checked_output("--report", path, probe=True)


def _run(
    args: argparse.Namespace, make_session: SessionFactory, out: TextIO, err: TextIO, tty: bool
) -> int:
    if args.policy not in POLICIES:
        raise InputError(f"unknown policy {args.policy!r}")
    script: Script = load_script(Path(args.script))  # validates it all; nothing runs on error
    report_path = _check_report_path(args.report)
    tracer, session = _open_session(args.device, make_session)
    if session.variables is None:  # a script's ${PASSWORD} is the environment's PASSWORD
        session.variables = os.environ
    session.output_dir = Path(getattr(args, "output_dir", None) or Path.cwd())
    session.write_anywhere = bool(getattr(args, "write_anywhere", False))
    commands = validate_script(script, allow_unsafe=session.allow_unsafe)
    targets = [c.target() for c in commands]
    progress = Progress(err, len(script.steps), targets, tty=tty)
    collector = Collector(tracer if report_path is not None else None)
    started_at = datetime.now().astimezone().strftime("%Y-%m-%d %H:%M:%S %Z")
    started = session.clock()
    results: list[StepResult] = []

    def save(seconds: float) -> None:
        """Write the report of the steps done so far (the others show as skipped)."""
        if report_path is None:
            return
        steps = collector.steps(script, results, commands)
        write_report(
            RunSummary(Path(args.script).name, tracer.serial, policy, seconds, steps, started_at),
            report_path,
        )

    def on_progress(result: StepResult) -> None:
        collector.step_done(result)
        results.append(result)
        with suppress(OSError):  # the final write reports it (exit 1); the run goes on
            save(max(0.0, session.clock() - started))
        progress.step(result)  # after the save: a step shown done is in the report

    collector.begin()
    policy: Policy = args.policy
    interrupted: Interrupted | None = None
    try:
        with stop_signals(_raise_interrupted):
            report = run_steps(
                script,
                session,
                policy=policy,
                keep_going=args.keep_going,
                effects=args.effects,
                on_progress=on_progress,
            )
    except Interrupted as exc:
        interrupted = exc
    finally:
        progress.finish()
    seconds = max(0.0, session.clock() - started)
    try:
        with stop_signals(signal.SIG_IGN):  # a second Ctrl-C must not cut the report short
            save(seconds)
    except OSError as exc:
        print(f"deltarec: failed: cannot write report {report_path}: {exc}", file=err)
        return EXIT_FAILURE
    if interrupted is not None:
        where = f"; report: {report_path}" if report_path is not None else ""
        print(
            f"deltarec: interrupted by {interrupted} after {len(results)} of"
            f" {len(script.steps)} steps{where}",
            file=err,
        )
        return 128 + interrupted.signum
    print(summary_line(report, seconds, report_path), file=out)
    for failed in report.failures:
        print(f"deltarec: failed: {_one_line(failed.error or 'failed')}", file=err)
    return EXIT_OK if report.ok else EXIT_FAILURE


def _cmd_run(args: argparse.Namespace) -> int:
    return run_script(args)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``run`` subcommand to a ``deltarec`` subparser set."""
    run = sub.add_parser(
        "run",
        help="replay a script on a device",
        description="Validate SCRIPT in full, then run it on a device with per-step progress "
        "on stderr. Exit 0 when every step passed, 1 when a step failed, 2 for bad input.",
    )
    run.add_argument("script", metavar="SCRIPT", help="script JSON ([[command, params], …])")
    run.add_argument(
        "--device",
        default="virtual",
        metavar="SERIAL|virtual[:WxH@DPI]|replay:BUNDLE",
        help="where to run: an adb serial, the built-in virtual phone (default), "
        "or a recorded bundle directory",
    )
    run.add_argument(
        "--report",
        metavar="OUT.html",
        help="write a self-contained HTML report (a screenshot after every step)",
    )
    run.add_argument(
        "--policy",
        choices=POLICIES,
        default="all",
        help="which steps' deltas to keep: all (default), none, failures",
    )
    run.add_argument(
        "--output-dir",
        metavar="DIR",
        help="where the script's files (AC_screenshot paths) go; default: the current folder",
    )
    run.add_argument(
        "--write-anywhere",
        action="store_true",
        help="let the script write files outside the output folder",
    )
    run.add_argument(
        "--keep-going", action="store_true", help="run the remaining steps after a failure"
    )
    run.add_argument(
        "--effects",
        choices=EFFECTS,
        default="fail",
        help="a step whose replay did not change the screen as recorded: fail (default), warn, off",
    )
    run.set_defaults(run=_cmd_run)


def build_parser() -> argparse.ArgumentParser:
    """A parser with only ``run`` (for tests and embedding; ``deltarec`` adds it via main)."""
    parser = argparse.ArgumentParser(prog="deltarec")
    register(parser.add_subparsers(dest="command", required=True, metavar="COMMAND"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:  # pragma: no cover - thin shim
    """``python -m deltarec.core.cli.run_command SCRIPT …`` before main.py registers ``run``."""
    return run_script(build_parser().parse_args(["run", *(sys.argv[1:] if argv is None else argv)]))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
