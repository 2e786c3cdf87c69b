"""The virtual shell's own file and text commands: ``echo``, ``rm``, ``cat``, ``grep``, ``sleep``.

None of them takes the phone's lock: files are in :class:`~.storage.Storage` (its own
lock), text is the command's own. Data flows between commands as :data:`Parts` — a
list of byte strings joined only where a whole is needed (the reply, a ``grep``) — so
``cat`` of a file 2,000 times costs 2,000 references, and a redirect writes them to
storage in one copy after the capacity check. Output over ``max_output`` bytes, a
``grep`` over its time budget and a ``sleep`` interrupted by a stopping server end
the command instead of running on.
"""

from __future__ import annotations

import math

import regex

from deltarec.core.devices.virtual.faults import FaultInjector
from deltarec.core.devices.virtual.shell_budget import Budget, OverBudget
from deltarec.core.devices.virtual.storage import Storage

Parts = list[bytes]
"""A stream's bytes as chunks, in order."""

Out = tuple[bytes | Parts, bytes, int]
"""(stdout, stderr, exit code) of one command."""

MAX_OUTPUT = 64 * 1024 * 1024
"""Bytes one shell call may print or pipe (``screencap -p`` prints ~80 KB)."""

_GREP_CHECK = 1024
"""Lines of a ``grep`` between budget checks (each line's regex has its own timeout)."""


def _regex_timeout(budget: Budget) -> float:
    """What a regex may take: what is left of the budget. regex counts it in the process's
    CPU time, so on a machine busy with other processes a match runs longer by the clock
    (a 0.5 s timeout ended after 2.2 s at a load of 12 on 2 cores), never unbounded."""
    return max(budget.remaining(), 0.001)


def size(parts: Parts) -> int:
    """Total bytes of ``parts``."""
    return sum(len(p) for p in parts)


def over_output(name: str, limit: int) -> bytes:
    """The stderr line of a command whose output passed ``limit``."""
    return f"{name}: output over the {limit}-byte limit of the virtual shell\n".encode()


class Builtins:
    """Mixin of :class:`~.shell.VirtualShell`: the commands that need no phone."""

    storage: Storage
    max_output: int
    injector: FaultInjector

    def _echo(self, argv: list[str], stdin: Parts, budget: Budget) -> Out:
        args = argv[1:]
        newline = not (args and args[0] == "-n")
        if not newline:
            args = args[1:]
        return (" ".join(args) + ("\n" if newline else "")).encode(), b"", 0

    def _rm(self, argv: list[str], stdin: Parts, budget: Budget) -> Out:
        force = any(a.startswith("-") and "f" in a for a in argv[1:])
        err: Parts = []
        for path in (a for a in argv[1:] if not a.startswith("-")):
            if not self.storage.remove(path) and not force:
                err.append(f"rm: {path}: No such file or directory\n".encode())
        return b"", b"".join(err), 1 if err else 0

    def _cat(self, argv: list[str], stdin: Parts, budget: Budget) -> Out:
        if len(argv) == 1:
            return stdin, b"", 0
        out: Parts = []
        err: Parts = []
        total = 0
        for path in argv[1:]:
            budget.check()
            data = self.storage.read(path)
            if data is None:
                err.append(f"cat: {path}: No such file or directory\n".encode())
                continue
            total += len(data)
            if total > self.max_output:
                return out, b"".join([*err, over_output("cat", self.max_output)]), 1
            out.append(data)
        return out, b"".join(err), 1 if err else 0

    def _grep(self, argv: list[str], stdin: Parts, budget: Budget) -> Out:
        flags = {a for a in argv[1:] if a.startswith("-")}
        words = [a for a in argv[1:] if not a.startswith("-")]
        if not words:
            return b"", b"usage: grep [-iv] PATTERN\n", 2
        try:
            pattern = regex.compile(words[0], regex.IGNORECASE if "-i" in flags else 0)
        except regex.error as exc:
            return b"", f"grep: bad regex '{words[0]}': {exc}\n".encode(), 2
        invert = "-v" in flags
        kept: list[str] = []
        lines = b"".join(stdin).decode("utf-8", "replace").splitlines(keepends=True)
        for number, line in enumerate(lines):
            if number % _GREP_CHECK == 0:
                budget.check()
            try:
                found = pattern.search(line, timeout=_regex_timeout(budget), concurrent=True)
            except TimeoutError:
                raise OverBudget from None
            if (found is not None) != invert:
                kept.append(line)
        return "".join(kept).encode(), b"", 0 if kept else 1

    def _sleep(self, argv: list[str], stdin: Parts, budget: Budget) -> Out:
        text = argv[1] if len(argv) > 1 else "0"
        try:
            seconds = float(text)
        except ValueError:
            seconds = math.nan
        if not (text.isascii() and 0 <= seconds < math.inf):  # "abc", "-1", "inf", "nan"
            return b"", f"sleep: invalid number '{text}'\n".encode(), 1
        budget.sleep(seconds, self.injector.faults.sleep)
        return b"", b"", 0
