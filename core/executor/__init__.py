"""The script executor: typed ``AC_*`` commands, strict selectors, sessions and runs.

::

    script.py     Script / Step, JSON load, atomic save, whole-script validation
    params.py     typed parameter specs (what validation enforces)
    selectors.py  Selector, strict resolution, fallbacks, waits with an injected clock
    commands/     the commands by category (readonly, mutating, flow, unsafe)
    registry.py   the one explicit list of commands (COMMANDS)
    context.py    what a running command sees
    session.py    device + baseline + observation policy; one step at a time
    effect.py     did a replayed step do what it did when recorded?
    checks.py     a step's chosen assertions (``checks``), run after it on replay
    runner.py     run_steps: a whole script, policy all | none | failures

    >>> from deltarec.core.devices.virtual import ManualClock, make_virtual_device
    >>> clock = ManualClock(0)
    >>> session = Session(make_virtual_device(), clock=clock, sleep=clock.advance)
    >>> script = load_script('[["AC_tap", {"selector": {"text": "Sign up"}}]]')
    >>> report = run_steps(script, session)
    >>> report.ok, report.results[0].observation.splitlines()[0]
    (True, 'screen dev.deltarec.playground/dev.deltarec.playground.SignUpActivity 1080x2400')
"""

from __future__ import annotations

from deltarec.core.executor.commands.base import Category, Command
from deltarec.core.executor.registry import COMMANDS, UNSAFE_COMMANDS, catalog, command_table
from deltarec.core.executor.runner import RunReport, StepResult, run_steps
from deltarec.core.executor.script import (
    MAX_BYTES,
    MAX_STEPS,
    Script,
    Step,
    load_script,
    parse_script,
    save_script,
    validate_script,
)
from deltarec.core.executor.selectors import Resolution, Selector, resolve, wait_for
from deltarec.core.executor.session import Policy, Session, StepOutcome

__all__ = [
    "COMMANDS",
    "MAX_BYTES",
    "MAX_STEPS",
    "UNSAFE_COMMANDS",
    "Category",
    "Command",
    "Policy",
    "Resolution",
    "RunReport",
    "Script",
    "Selector",
    "Session",
    "Step",
    "StepOutcome",
    "StepResult",
    "catalog",
    "command_table",
    "load_script",
    "parse_script",
    "resolve",
    "run_steps",
    "save_script",
    "validate_script",
    "wait_for",
]
