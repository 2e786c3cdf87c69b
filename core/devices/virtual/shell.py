"""``VirtualShell``: the Playground phone's ``/system/bin/sh``, for a fake adb server to serve.

It implements :class:`deltarec.core.devices.base.ShellTarget` and understands what
adbutils sends (see ``docs/adb.md``): ``uiautomator dump``, ``screencap -p``,
``input tap|swipe|draganddrop|text|keyevent``, ``wm size|density``,
``dumpsys display|window|activity|power``, ``am start -n|force-stop``,
``monkey -p … 1``, ``pm list packages|path|clear``, ``getprop``, ``echo``,
``rm``, ``cat``, ``grep``, ``sleep``, ``true``/``false``, joined by ``;``,
``&&``, ``||`` and ``|``, with ``>``/``>>``/``2>``/``2>&1`` redirections. Files
live in memory (``read_file``/``write_file`` are what ``sync:`` serves).

Contract: ``shell`` never raises for a bad command; it answers like Android
(unknown command: exit 127 and ``/system/bin/sh: X: inaccessible or not
found``). It raises :class:`~.faults.ShellDisconnected` (a ConnectionError)
once the ``disconnect_after`` fault fires: the server must then close the
connection without answering.

Android facts kept on purpose: ``uiautomator dump`` reports "could not get
idle state" on stderr **and exits 0** (so ``&& echo success`` still prints);
``input text`` turns ``%s`` into a space.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from deltarec.core.devices.base import ShellResult
from deltarec.core.devices.latency import command_kind
from deltarec.core.devices.virtual.dumpsys import dumpsys, getprop
from deltarec.core.devices.virtual.faults import (
    EMPTY_DUMP,
    IDLE_ERROR,
    FaultInjector,
    Faults,
    ShellDisconnected,
)
from deltarec.core.devices.virtual.keycodes import keycode
from deltarec.core.devices.virtual.playground import PACKAGES, Playground
from deltarec.core.devices.virtual.shell_parse import Command, ShellSyntaxError, parse

Out = tuple[bytes, bytes, int]
"""(stdout, stderr, exit code) of one command."""

_USAGE_INPUT = b"Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]\n"


def _num(text: str) -> int:
    """A number argument as ``input`` reads it; ValueError (never OverflowError) when unusable."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"not a finite number: {text[:40]!r}")
    return int(value)


def android_input_text(arg: str) -> str:
    """What Android's ``input text ARG`` types: each ``%s`` becomes a space (Input.java's loop).

    >>> android_input_text("a%sb%%sc")
    'a b% c'
    """
    buff = list(arg)
    escape = False
    i = 0
    while i < len(buff):
        if escape:
            escape = False
            if buff[i] == "s":
                buff[i] = " "
                i -= 1
                del buff[i]
        if buff[i] == "%":
            escape = True
        i += 1
    return "".join(buff)


class VirtualShell:
    """A shell on a :class:`Playground` (its own fresh one when none is given)."""

    def __init__(
        self,
        playground: Playground | None = None,
        *,
        serial: str = "virtual",
        faults: Faults | None = None,
    ) -> None:
        self.playground = playground or Playground()
        self.serial = serial
        self.files: dict[str, bytes] = {}
        self.injector = FaultInjector(faults)
        self.history: list[str] = []
        self._commands: dict[str, Callable[[list[str], bytes], Out]] = {
            "echo": self._echo,
            "true": lambda a, i: (b"", b"", 0),
            "false": lambda a, i: (b"", b"", 1),
            "rm": self._rm,
            "cat": self._cat,
            "grep": self._grep,
            "sleep": self._sleep,
            "uiautomator": self._uiautomator,
            "screencap": self._screencap,
            "input": self._input,
            "wm": self._wm,
            "dumpsys": self._dumpsys,
            "am": self._am,
            "monkey": self._monkey,
            "pm": self._pm,
            "getprop": lambda a, i: (getprop(self.serial, a[1] if len(a) > 1 else None), b"", 0),
        }

    # ------------------------------------------------------------ ShellTarget
    def shell(self, command: str) -> ShellResult:
        """Run ``command`` like ``sh -c``; stdout/stderr of all steps, exit code of the last.

        Thread-safe: after its latency (``Faults.latency``, slept outside any
        lock), each simple command takes the playground's lock on its own, and
        ``sleep`` takes none, so one client sleeping never blocks another.
        """
        self.injector.wait(command_kind(command))
        return self._shell(command)

    def _shell(self, command: str) -> ShellResult:
        with self.playground.lock:
            self._alive()
            self.history.append(command)
        try:
            steps = parse(command)
        except ShellSyntaxError as exc:
            return ShellResult(b"", f"/system/bin/sh: {exc}\n".encode(), 1)
        out, err, code = bytearray(), bytearray(), 0
        for step in steps:
            if (step.connector == "&&" and code != 0) or (step.connector == "||" and code == 0):
                continue
            data = b""
            for cmd in step.commands:
                data, step_err, code = self._run(cmd, data)
                err += step_err
            out += data
        return ShellResult(bytes(out), bytes(err), code)

    def read_file(self, path: str) -> bytes | None:
        """The file's bytes, or None when it does not exist."""
        with self.playground.lock:
            self._alive()
            return self.files.get(path)

    def write_file(self, path: str, data: bytes) -> None:
        with self.playground.lock:
            self._alive()
            self.files[path] = bytes(data)

    def _alive(self) -> None:
        if not self.injector.count_call():
            raise ShellDisconnected(f"virtual device {self.serial} disconnected")

    # -------------------------------------------------------------- execution
    def _run(self, cmd: Command, stdin: bytes) -> Out:
        name = cmd.argv[0]
        handler = self._commands.get(name)
        if handler is None:
            out, err, code = (
                b"",
                f"/system/bin/sh: {name}: inaccessible or not found\n".encode(),
                127,
            )
        elif handler == self._sleep:  # holds no lock while it waits
            out, err, code = handler(list(cmd.argv), stdin)
        else:
            with self.playground.lock:
                out, err, code = handler(list(cmd.argv), stdin)
        with self.playground.lock:
            return self._redirects(cmd, out, err, code)

    def _redirects(self, cmd: Command, out: bytes, err: bytes, code: int) -> Out:
        for op, target in cmd.redirects:
            if op == "2>&1":
                out, err = out + err, b""
            elif op in (">", ">>"):
                self._redirect(target, out, append=op == ">>")
                out = b""
            else:
                self._redirect(target, err, append=op == "2>>")
                err = b""
        return out, err, code

    def _redirect(self, path: str, data: bytes, *, append: bool) -> None:
        if path != "/dev/null":
            self.files[path] = (self.files.get(path, b"") if append else b"") + data

    # --------------------------------------------------------------- builtins
    def _echo(self, argv: list[str], stdin: bytes) -> Out:
        args = argv[1:]
        newline = not (args and args[0] == "-n")
        if not newline:
            args = args[1:]
        return (" ".join(args) + ("\n" if newline else "")).encode(), b"", 0

    def _rm(self, argv: list[str], stdin: bytes) -> Out:
        force = any(a.startswith("-") and "f" in a for a in argv[1:])
        err = b""
        for path in (a for a in argv[1:] if not a.startswith("-")):
            if self.files.pop(path, None) is None and not force:
                err += f"rm: {path}: No such file or directory\n".encode()
        return b"", err, 1 if err else 0

    def _cat(self, argv: list[str], stdin: bytes) -> Out:
        if len(argv) == 1:
            return stdin, b"", 0
        out, err = b"", b""
        for path in argv[1:]:
            data = self.files.get(path)
            if data is None:
                err += f"cat: {path}: No such file or directory\n".encode()
            else:
                out += data
        return out, err, 1 if err else 0

    def _grep(self, argv: list[str], stdin: bytes) -> Out:
        flags = {a for a in argv[1:] if a.startswith("-")}
        words = [a for a in argv[1:] if not a.startswith("-")]
        if not words:
            return b"", b"usage: grep [-iv] PATTERN\n", 2
        try:
            pattern = re.compile(words[0], re.IGNORECASE if "-i" in flags else 0)
        except re.error as exc:
            return b"", f"grep: bad regex '{words[0]}': {exc}\n".encode(), 2
        lines = stdin.decode("utf-8", "replace").splitlines(keepends=True)
        kept = [ln for ln in lines if bool(pattern.search(ln)) != ("-v" in flags)]
        return "".join(kept).encode(), b"", 0 if kept else 1

    def _sleep(self, argv: list[str], stdin: bytes) -> Out:
        text = argv[1] if len(argv) > 1 else "0"
        try:
            seconds = float(text)
        except ValueError:
            seconds = math.nan
        if not (text.isascii() and 0 <= seconds < math.inf):  # "abc", "-1", "inf", "nan"
            return b"", f"sleep: invalid number '{text}'\n".encode(), 1
        self.injector.faults.sleep(seconds)
        return b"", b"", 0

    # ---------------------------------------------------------------- android
    def _uiautomator(self, argv: list[str], stdin: bytes) -> Out:
        args = [a for a in argv[1:] if not a.startswith("--")]
        if not args or args[0] != "dump":
            return b"", b"Usage: uiautomator <subcommand> [options]\n", 1
        path = args[1] if len(args) > 1 else "/sdcard/window_dump.xml"
        outcome = self.injector.dump_outcome()
        if outcome == "idle":
            return b"", f"{IDLE_ERROR}\n".encode(), 0
        xml = EMPTY_DUMP if outcome == "null" else self.playground.dump_xml()
        self.files[path] = xml.encode("utf-8")
        return f"UI hierchary dumped to: {path}\n".encode(), b"", 0

    def _screencap(self, argv: list[str], stdin: bytes) -> Out:
        png = self.playground.screenshot_png()
        paths = [
            a for i, a in enumerate(argv[1:], 1) if not a.startswith("-") and argv[i - 1] != "-d"
        ]
        if paths:
            self.files[paths[0]] = png
            return b"", b"", 0
        return png, b"", 0

    def _input(self, argv: list[str], stdin: bytes) -> Out:
        args = argv[1:]
        if len(args) >= 2 and args[0] == "-d":
            args = args[2:]
        if args and args[0] in (
            "touchscreen",
            "touchpad",
            "keyboard",
            "mouse",
            "dpad",
            "trackball",
        ):
            args = args[1:]
        if not args:
            return b"", _USAGE_INPUT, 1
        sub, rest = args[0], args[1:]
        pg = self.playground
        try:
            if sub == "tap" and len(rest) == 2:
                pg.tap(_num(rest[0]), _num(rest[1]))
            elif sub in ("swipe", "draganddrop") and len(rest) in (4, 5):
                x1, y1, x2, y2 = (_num(v) for v in rest[:4])
                pg.swipe(x1, y1, x2, y2, _num(rest[4]) if len(rest) == 5 else 300)
            elif sub == "text" and rest:
                pg.type_text(android_input_text(" ".join(rest)))
            elif sub == "keyevent" and rest:
                for key in (k for k in rest if not k.startswith("--")):
                    pg.press_keycode(keycode(key))
            elif sub in ("press", "roll"):
                pass
            else:
                return (
                    b"",
                    f"Error: Invalid arguments for command: {sub}\n".encode() + _USAGE_INPUT,
                    1,
                )
        except ValueError:
            return b"", f"Error: Invalid arguments for command: {sub}\n".encode(), 1
        return b"", b"", 0

    def _wm(self, argv: list[str], stdin: bytes) -> Out:
        if argv[1:2] == ["size"]:
            width, height = self.playground.window_size()
            return f"Physical size: {width}x{height}\n".encode(), b"", 0
        if argv[1:2] == ["density"]:
            return f"Physical density: {self.playground.profile.dpi}\n".encode(), b"", 0
        return b"", b"Error: unknown command\n", 1

    def _dumpsys(self, argv: list[str], stdin: bytes) -> Out:
        pg = self.playground
        text = dumpsys(
            argv[1:],
            pg.current_app(),
            pg.keyboard_frame(),
            size=pg.window_size(),
            dpi=pg.profile.dpi,
        )
        if text is None:
            return f"Can't find service: {argv[1] if len(argv) > 1 else ''}\n".encode(), b"", 0
        return text.encode(), b"", 0

    def _am(self, argv: list[str], stdin: bytes) -> Out:
        sub = argv[1] if len(argv) > 1 else ""
        if sub == "force-stop" and len(argv) > 2:
            self.playground.stop_app(argv[2])
            return b"", b"", 0
        if sub in ("start", "start-activity") and "-n" in argv:
            i = argv.index("-n")
            component = argv[i + 1] if i + 1 < len(argv) else ""
            package, _, activity = component.partition("/")
            try:
                self.playground.launch_app(package, activity)
            except ValueError:
                msg = f"Error type 3\nError: Activity class {{{component}}} does not exist.\n"
                return f"Starting: Intent {{ cmp={component} }}\n".encode(), msg.encode(), 1
            return f"Starting: Intent {{ cmp={component} }}\n".encode(), b"", 0
        return b"", f"Error: unsupported am command: {' '.join(argv[1:])}\n".encode(), 1

    def _monkey(self, argv: list[str], stdin: bytes) -> Out:
        package = argv[argv.index("-p") + 1] if "-p" in argv[:-1] else ""
        try:
            self.playground.launch_app(package)
        except ValueError:
            return b"", b"** No activities found to run, monkey aborted.\n", 252
        return b"Events injected: 1\n## Network stats: elapsed time=12ms\n", b"", 0

    def _pm(self, argv: list[str], stdin: bytes) -> Out:
        sub = argv[1] if len(argv) > 1 else ""
        rest = [a for a in argv[2:] if not a.startswith("-")]
        if sub == "list" and rest[:1] == ["packages"]:
            names = [p for p in sorted(PACKAGES) if not rest[1:] or rest[1] in p]
            return "".join(f"package:{p}\n" for p in names).encode(), b"", 0
        if sub == "path" and rest and rest[0] in PACKAGES:
            return f"package:/data/app/{rest[0]}/base.apk\n".encode(), b"", 0
        if sub == "clear" and rest and rest[0] in PACKAGES:
            self.playground.stop_app(rest[0])
            return b"Success\n", b"", 0
        return b"", f"Error: unsupported pm command: {' '.join(argv[1:])}\n".encode(), 1
