"""Every error deltarec raises on purpose, in one tree.

::

    DeltarecError                  base; the CLI maps it to exit code 1
    ├── InputError                 the caller gave something unusable; CLI exit code 2
    │   ├── CaptureParseError      a dump, element/observation JSON, bundle or baseline is bad
    │   ├── ScriptValidationError  a script is malformed; names the JSON path ("$[3][1].selector")
    │   └── SelectorError          a selector cannot pick exactly one element
    │       ├── AmbiguousSelectorError   more than one element matches (never "the first match")
    │       ├── ElementNotFoundError     nothing matched before the timeout
    │       └── StaleIndexError          an [i] number now denotes another element than it meant
    ├── DeviceError                a device refused or failed an operation (wraps adbutils errors)
    │   ├── DeviceTimeout          the device did not answer in time
    │   └── DeviceDisconnected     the device went away
    └── StepFailedError            a script step failed; names step, command and what was tried
        └── ExpectationError       an ``expect(...)`` did not hold in time (also an AssertionError)

Errors raised because of another error keep it as ``__cause__`` (``raise ... from``).
Every class here prints as ``deltarec.<Name>`` (its ``__module__`` is the package people
import, as httpx does), and ``deltarec`` and ``deltarec.core`` export them all.
Every file is read through :mod:`deltarec.core.capture.boundary`, which maps bad bytes,
numbers, nesting and size onto this tree.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any


class DeltarecError(Exception):
    """Base of every deliberate deltarec error.

    Errors pickle with their fields (an xdist worker or a process pool can send one back),
    although their constructors take other arguments than ``args``.
    """

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.args, dict(self.__dict__)))


def _rebuild(cls: type[DeltarecError], args: tuple[Any, ...], fields: dict[str, Any]) -> Any:
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(fields)
    return error


class InputError(DeltarecError):
    """The input (a file, an argument, a script) cannot be used as given."""


class CaptureParseError(InputError):
    """A UI dump, element dict or observation JSON is malformed or hostile.

    ``where`` names the place (a line/column, an element path or a JSON path), a long JSON
    path folded (:func:`short_where`).
    """

    def __init__(self, problem: str, *, where: str = "") -> None:
        self.problem = problem
        self.where = where = short_where(where)
        super().__init__(f"{problem} (at {where})" if where else problem)


WHERE_LIMIT = 160
"""Longest JSON path an error spells in full."""

_REPEATED_STEP = re.compile(r"(\.[A-Za-z_][A-Za-z0-9_]*(?:\[[0-9]+\])?|\[[0-9]+\])\1{3,}")


def short_where(where: str) -> str:
    """``where`` with its JSON path (the part from ``$``, first or after ``", "``) short.

    A tree refused for its depth is refused where a path runs hundreds of levels long
    (``$[0].children[0].children[0]…``: 2,400 characters). A step repeated four times or
    more is written once with its count; a path still over :data:`WHERE_LIMIT` characters
    keeps its first and last steps around the number of steps left out.

    >>> short_where("a.json, $[0]" + ".children[0]" * 198 + ".x")
    'a.json, $[0](.children[0])×198.x'
    >>> folded = short_where("$" + "".join(f".node[{i % 7}]" for i in range(60)))
    >>> folded[:19], "…(41 steps)…" in folded, folded[-16:]
    ('$.node[0].node[1].n', True, '.node[2].node[3]')
    >>> short_where("d.xml line 3")
    'd.xml line 3'
    """
    at = 0 if where.startswith("$") else where.find(", $") + 2
    if at == 1 or len(where) - at <= WHERE_LIMIT:  # no JSON path (find gave -1), or short
        return where
    path = _REPEATED_STEP.sub(
        lambda run: f"({run.group(1)})×{len(run.group(0)) // len(run.group(1))}", where[at:]
    )
    if len(path) > WHERE_LIMIT:
        steps = re.findall(r"\$|\.[^.\[]*(?:\[[^\]]*\])*|\[[^\]]*\]|[^.\[]+", path)
        head: list[str] = []
        tail: list[str] = []
        used = 0
        while steps and used + len(steps[0]) <= WHERE_LIMIT // 2:
            used += len(steps[0])
            head.append(steps.pop(0))
        used = 0
        while steps and used + len(steps[-1]) <= WHERE_LIMIT // 2:
            used += len(steps[-1])
            tail.insert(0, steps.pop())
        path = f"{''.join(head)}…({len(steps)} steps)…{''.join(tail)}"
    return where[:at] + path


class ScriptValidationError(InputError):
    """A script is malformed; ``path`` is the JSON path of the offending value."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}")


class SelectorError(InputError):
    """A selector cannot be resolved to exactly one element.

    ``reasons`` says, in order, why the selector and each of its alternates
    failed ("not found", "3 matches", …) when resolution set it; empty otherwise.
    """

    reasons: tuple[str, ...] = ()


class AmbiguousSelectorError(SelectorError):
    """More than one element matches a selector; ``candidates`` lists them."""

    def __init__(self, selector: str, candidates: Sequence[str]) -> None:
        self.selector = selector
        self.candidates = tuple(candidates)
        shown = "; ".join(self.candidates[:5])
        more = f" (+{len(self.candidates) - 5} more)" if len(self.candidates) > 5 else ""
        super().__init__(
            f"selector {selector} matches {len(self.candidates)} elements: {shown}{more}"
        )


class ElementNotFoundError(SelectorError):
    """No element matches a selector; ``seen`` summarises what was on screen."""

    def __init__(self, selector: str, seen: str = "") -> None:
        self.selector = selector
        self.seen = seen
        super().__init__(f"no element matches {selector}" + (f"; saw {seen}" if seen else ""))


class StaleIndexError(SelectorError):
    """An ``[i]`` number now denotes another element than the one it meant when shown.

    ``number`` is the ``[i]``, ``meant`` the element it denoted (``switch "Airplane
    mode"``), ``when`` where the caller saw it (``shown after step 3``), ``now``
    what carries the number now, ``moved`` the number the meant element has now
    (None when it is not numbered on screen). Nothing was acted on.
    """

    def __init__(
        self, number: int, meant: str, when: str, now: str, moved: int | None = None
    ) -> None:
        self.number = number
        self.meant = meant
        self.when = when
        self.now = now
        self.moved = moved
        elsewhere = f"; it is [{moved}] now" if moved is not None else ""
        super().__init__(f"[{number}] meant {meant} ({when}); now [{number}] is {now}{elsewhere}")


class DeviceError(DeltarecError):
    """A device refused or failed an operation."""


class DeviceTimeout(DeviceError):
    """A device did not answer within the allowed time."""


class DeviceDisconnected(DeviceError):
    """A device is gone (unplugged, killed, network lost)."""


class StepFailedError(DeltarecError):
    """A script step failed.

    ``step`` is the zero-based step index, ``command`` its name, ``tried`` what the
    executor attempted (selector fallbacks, retries). The message counts steps
    from 1, as every number a person reads does (the first step is "step 1").
    """

    def __init__(self, step: int, command: str, reason: str, tried: Sequence[str] = ()) -> None:
        self.step = step
        self.command = command
        self.reason = reason
        self.tried = tuple(tried)
        detail = f"; tried: {', '.join(self.tried)}" if self.tried else ""
        super().__init__(f"step {step + 1} ({command}) failed: {reason}{detail}")


class ExpectationError(StepFailedError, AssertionError):
    """An ``expect(...)`` assertion did not hold within its timeout.

    A StepFailedError of the ``AC_assert`` step (in the error tree) and an
    AssertionError (for test runners). ``delta`` is the last delta seen.
    """

    delta: str = ""


ERRORS = (
    DeltarecError,
    InputError,
    CaptureParseError,
    ScriptValidationError,
    SelectorError,
    AmbiguousSelectorError,
    ElementNotFoundError,
    StaleIndexError,
    DeviceError,
    DeviceTimeout,
    DeviceDisconnected,
    StepFailedError,
    ExpectationError,
)
"""The whole tree, base first."""

for _error in ERRORS:
    _error.__module__ = "deltarec"
