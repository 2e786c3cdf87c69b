"""UNSAFE commands: they run arbitrary code on the device.

Registered only when the session is created with ``allow_unsafe=True``; a
script using one is invalid otherwise (nothing runs).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deltarec.core.errors import DeviceError
from deltarec.core.executor.commands.base import Category, Command
from deltarec.core.executor.params import Str, param

if TYPE_CHECKING:
    from deltarec.core.executor.context import Context

MAX_OUTPUT = 100_000
"""Characters of stdout / stderr kept in the result."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Shell(Command):
    """UNSAFE: run an arbitrary shell command on the device; returns stdout, stderr, exit code.

    Only devices with a ``shell`` method (adb) support it. Timeout: the
    device's. Errors: DeviceError (no shell, or the command could not run).
    """

    name = "AC_shell"
    category = Category.MUTATING
    unsafe = True

    command: str = param(Str(nonblank=True, max_len=10_000), "the shell command line")

    def run(self, ctx: Context) -> dict[str, Any]:
        shell = getattr(ctx.device, "shell", None)
        if not callable(shell):
            raise DeviceError(f"device {ctx.device.serial} has no shell")
        result = shell(self.command)
        return {
            "stdout": _text(getattr(result, "stdout", b"")),
            "stderr": _text(getattr(result, "stderr", b"")),
            "exit_code": int(getattr(result, "exit_code", 0)),
        }


def _text(data: object) -> str:
    raw = data if isinstance(data, bytes) else str(data).encode()
    return raw.decode("utf-8", "replace")[:MAX_OUTPUT]
