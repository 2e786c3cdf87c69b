"""A scriptable :class:`~deltarec.core.devices.base.ShellTarget` for tests and demos.

It records every command, answers from handlers registered with :meth:`on`
(the most recently registered matching pattern wins) and keeps files in a dict
for the sync service. An unmatched command answers like Android's shell:
``<name>: not found`` on stderr with exit code 127. A handler may raise
``ConnectionError`` to simulate a phone that vanishes mid-call.

    >>> target = ScriptedTarget("emulator-5554")
    >>> target.on(r"^echo ", lambda cmd: cmd[5:] + "\\n")
    >>> target.shell("echo hi").stdout, target.commands
    (b'hi\\n', ['echo hi'])
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Mapping

from deltarec.core.devices.base import ShellResult

Reply = ShellResult | bytes | str
Handler = Callable[[str], Reply]


class ScriptedTarget:
    """A ShellTarget whose answers are scripted; thread-safe."""

    def __init__(
        self, serial: str = "emulator-5554", files: Mapping[str, bytes] | None = None
    ) -> None:
        self.serial = serial
        self.commands: list[str] = []
        self.files: dict[str, bytes] = dict(files or {})
        self._handlers: list[tuple[re.Pattern[str], Handler]] = []
        self._lock = threading.Lock()

    def on(self, pattern: str, reply: Handler | Reply) -> None:
        """Answer commands matching the regex ``pattern`` (``re.search``) with ``reply``.

        ``reply`` is a fixed ShellResult / bytes / str (stdout, exit 0) or a
        function of the command returning one.
        """
        handler: Handler = reply if callable(reply) else (lambda _cmd: reply)
        with self._lock:
            self._handlers.insert(0, (re.compile(pattern), handler))

    def shell(self, command: str) -> ShellResult:
        with self._lock:
            self.commands.append(command)
            handler = next((h for p, h in self._handlers if p.search(command)), None)
        if handler is None:
            name = command.split(maxsplit=1)[0] if command.strip() else command
            return ShellResult(b"", f"/system/bin/sh: {name}: not found\n".encode(), 127)
        reply = handler(command)
        if isinstance(reply, ShellResult):
            return reply
        return ShellResult(reply.encode("utf-8") if isinstance(reply, str) else reply)

    def read_file(self, path: str) -> bytes | None:
        with self._lock:
            return self.files.get(path)

    def write_file(self, path: str, data: bytes) -> None:
        with self._lock:
            self.files[path] = data
