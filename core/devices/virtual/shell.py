"""``VirtualShell``: the Playground phone's ``/system/bin/sh``, for a fake adb server to serve.

It implements :class:`deltarec.core.devices.base.ShellTarget` and understands what
adbutils sends (see ``docs/adb.md``): ``uiautomator dump``, ``screencap -p``,
``input tap|swipe|draganddrop|text|keyevent``, ``wm size|density``,
``dumpsys display|window|activity|power``, ``am start -n|force-stop``,
``monkey -p … 1``, ``pm list packages|path|clear``, ``getprop``, ``echo``,
``rm``, ``cat``, ``grep``, ``sleep``, ``true``/``false``, joined by ``;``,
``&&``, ``||`` and ``|``, with ``>``/``>>``/``2>``/``2>&1`` redirections. Files
live in memory (``read_file``/``write_file`` are what ``sync:`` serves).

Bounds, so that one client cannot stall the phone: files in all hold at most the
:class:`~.storage.Storage` capacity (past it: ``No space left on device``), one call
prints or pipes at most ``max_output`` bytes, works at most ``budget`` seconds
(:mod:`.shell_budget`; then exit 124) and holds the phone's lock only while it reads
or changes the phone, never while it copies, greps or renders (:mod:`.shell_builtins`).

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
import threading
from collections import deque
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
from deltarec.core.devices.virtual.shell_budget import (
    DEFAULT_BUDGET,
    Budget,
    Interrupted,
    OverBudget,
)
from deltarec.core.devices.virtual.shell_builtins import (
    MAX_OUTPUT,
    Builtins,
    Out,
    Parts,
    over_output,
    size,
)
from deltarec.core.devices.virtual.shell_parse import Command, ShellSyntaxError, parse
from deltarec.core.devices.virtual.storage import NoSpace, Storage

Handler = Callable[[list[str], Parts, Budget], Out]
"""A command: its words, its stdin and its call's budget → (stdout, stderr, exit code)."""

HISTORY = 1000
"""Command lines the shell remembers (``history``, newest last)."""

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


class VirtualShell(Builtins):
    """A shell on a :class:`Playground` (its own fresh one when none is given).

    ``storage`` holds its files (a fresh :class:`~.storage.Storage` when none is
    given), ``budget`` is each call's seconds of work, ``max_output`` the bytes one
    call may print or pipe.
    """

    def __init__(
        self,
        playground: Playground | None = None,
        *,
        serial: str = "virtual",
        faults: Faults | None = None,
        storage: Storage | None = None,
        budget: float = DEFAULT_BUDGET,
        max_output: int = MAX_OUTPUT,
    ) -> None:
        self.playground = playground or Playground()
        self.serial = serial
        self.storage = storage if storage is not None else Storage()
        self.budget = budget
        self.max_output = max_output
        self.injector = FaultInjector(faults)
        self.history: deque[str] = deque(maxlen=HISTORY)
        self._calls: dict[int, threading.Event] = {}
        """The cancel event of the call each thread runs now, by thread id."""
        self._commands: dict[str, Handler] = {
            "echo": self._echo,
            "true": lambda a, i, b: (b"", b"", 0),
            "false": lambda a, i, b: (b"", b"", 1),
            "rm": self._rm,
            "cat": self._cat,
            "grep": self._grep,
            "sleep": self._sleep,
        }
        self._phone_commands: dict[str, Handler] = {
            "uiautomator": self._uiautomator,
            "input": self._input,
            "wm": self._wm,
            "dumpsys": self._dumpsys,
            "am": self._am,
            "monkey": self._monkey,
            "pm": self._pm,
            "getprop": lambda a, i, b: (
                getprop(self.serial, a[1] if len(a) > 1 else None),
                b"",
                0,
            ),
        }

    @property
    def files(self) -> Storage:
        """The phone's files (read-only; write with :meth:`write_file` or the shell)."""
        return self.storage

    def interrupt(self, thread: int | None = None) -> None:
        """End the call running now on ``thread`` (a ``threading.get_ident()``; None: every
        call, as when a server stops): its sleep wakes, its work stops. Later calls run."""
        with self.playground.lock:
            events = list(self._calls.values()) if thread is None else [self._calls.get(thread)]
        for event in events:
            if event is not None:
                event.set()

    # ------------------------------------------------------------ ShellTarget
    def shell(self, command: str) -> ShellResult:
        """Run ``command`` like ``sh -c``; stdout/stderr of all steps, exit code of the last.

        Thread-safe: after its latency (``Faults.latency``, slept outside any
        lock), only the commands that read or change the phone take its lock, one
        command at a time and never to build a reply (files have their own lock,
        ``sleep`` takes none), so one client never blocks another for long. Work
        past :attr:`budget` seconds ends the call: exit 124 and "over the N s time
        budget" on stderr.
        """
        self.injector.wait(command_kind(command))
        with self.playground.lock:
            self._alive()
            self.history.append(command)
            budget = Budget(self.budget)
            self._calls[threading.get_ident()] = budget.cancel
        try:
            return self._shell(command, budget)
        finally:
            with self.playground.lock:
                self._calls.pop(threading.get_ident(), None)

    def _shell(self, command: str, budget: Budget) -> ShellResult:
        try:
            steps = parse(command)
        except ShellSyntaxError as exc:
            return ShellResult(b"", f"/system/bin/sh: {exc}\n".encode(), 1)
        out: Parts = []
        err = bytearray()
        name, code = "sh", 0
        try:
            for step in steps:
                if (step.connector == "&&" and code != 0) or (step.connector == "||" and code == 0):
                    continue
                data: Parts = []
                for cmd in step.commands:
                    name = cmd.argv[0]
                    budget.check()
                    data, step_err, code = self._run(cmd, data, budget)
                    err += step_err
                out.extend(data)
                if size(out) > self.max_output:
                    return ShellResult(b"", bytes(err) + over_output(name, self.max_output), 1)
        except OverBudget:
            late = f"/system/bin/sh: {name}: over the {self.budget:g} s time budget of the shell\n"
            return ShellResult(b"".join(out), bytes(err) + late.encode(), 124)
        except Interrupted:
            return ShellResult(b"".join(out), bytes(err) + b"/system/bin/sh: interrupted\n", 130)
        return ShellResult(b"".join(out), bytes(err), code)

    def read_file(self, path: str) -> bytes | None:
        """The file's bytes, or None when it does not exist."""
        with self.playground.lock:
            self._alive()
        return self.storage.read(path)

    def write_file(self, path: str, data: bytes) -> None:
        """Store ``data`` at ``path``; :class:`~.storage.NoSpace` (an ``OSError``) when full."""
        with self.playground.lock:
            self._alive()
        self.storage.write(path, [bytes(data)])

    def _alive(self) -> None:
        if not self.injector.count_call():
            raise ShellDisconnected(f"virtual device {self.serial} disconnected")

    # -------------------------------------------------------------- execution
    def _run(self, cmd: Command, stdin: Parts, budget: Budget) -> tuple[Parts, bytes, int]:
        name = cmd.argv[0]
        builtin = self._commands.get(name)
        if builtin is not None:
            out, err, code = builtin(list(cmd.argv), stdin, budget)
        elif name in self._phone_commands:
            with self.playground.lock:  # the phone's own state: quick, never a reply's bulk
                out, err, code = self._phone_commands[name](list(cmd.argv), stdin, budget)
        elif name == "screencap":  # renders outside the lock
            out, err, code = self._screencap(list(cmd.argv), stdin, budget)
        else:
            message = f"/system/bin/sh: {name}: inaccessible or not found\n"
            out, err, code = b"", message.encode(), 127
        parts = out if isinstance(out, list) else [out]
        if size(parts) > self.max_output:
            return [], err + over_output(name, self.max_output), 1
        return self._redirects(cmd, parts, err, code)

    def _redirects(
        self, cmd: Command, out: Parts, err: bytes, code: int
    ) -> tuple[Parts, bytes, int]:
        for op, target in cmd.redirects:
            if op == "2>&1":
                out, err = [*out, err], b""
                continue
            data = out if op in (">", ">>") else [err]
            try:
                if target != "/dev/null":
                    self.storage.write(target, data, append=op in (">>", "2>>"))
            except NoSpace:
                return [], err + f"/system/bin/sh: {target}: No space left on device\n".encode(), 1
            if op in (">", ">>"):
                out = []
            else:
                err = b""
        return out, err, code

    # ---------------------------------------------------------------- android
    def _uiautomator(self, argv: list[str], stdin: Parts, budget: Budget) -> Out:
        args = [a for a in argv[1:] if not a.startswith("--")]
        if not args or args[0] != "dump":
            return b"", b"Usage: uiautomator <subcommand> [options]\n", 1
        path = args[1] if len(args) > 1 else "/sdcard/window_dump.xml"
        outcome = self.injector.dump_outcome()
        if outcome == "idle":
            return b"", f"{IDLE_ERROR}\n".encode(), 0
        xml = EMPTY_DUMP if outcome == "null" else self.playground.dump_xml()
        try:
            self.storage.write(path, [xml.encode("utf-8")])
        except NoSpace:
            return b"", f"ERROR: could not write {path}: No space left on device\n".encode(), 1
        return f"UI hierchary dumped to: {path}\n".encode(), b"", 0

    def _screencap(self, argv: list[str], stdin: Parts, budget: Budget) -> Out:
        with self.playground.lock:
            windows = self.playground.layout_windows()
        png = self.playground.screenshot_png(windows)  # the slow part, with no lock held
        paths = [
            a for i, a in enumerate(argv[1:], 1) if not a.startswith("-") and argv[i - 1] != "-d"
        ]
        if paths:
            try:
                self.storage.write(paths[0], [png])
            except NoSpace:
                return (
                    b"",
                    f"Error opening file: {paths[0]} (No space left on device)\n".encode(),
                    1,
                )
            return b"", b"", 0
        return png, b"", 0

    def _input(self, argv: list[str], stdin: Parts, budget: Budget) -> Out:
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
                    budget.check()
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

    def _wm(self, argv: list[str], stdin: Parts, budget: Budget) -> Out:
        # Read from the phone, not from constants, so a screen-size profile shows here.
        if argv[1:2] == ["size"]:
            width, height = self.playground.window_size()
            return f"Physical size: {width}x{height}\n".encode(), b"", 0
        if argv[1:2] == ["density"]:
            return f"Physical density: {self.playground.profile.dpi}\n".encode(), b"", 0
        return b"", b"Error: unknown command\n", 1

    def _dumpsys(self, argv: list[str], stdin: Parts, budget: Budget) -> Out:
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

    def _am(self, argv: list[str], stdin: Parts, budget: Budget) -> Out:
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

    def _monkey(self, argv: list[str], stdin: Parts, budget: Budget) -> Out:
        package = argv[argv.index("-p") + 1] if "-p" in argv[:-1] else ""
        try:
            self.playground.launch_app(package)
        except ValueError:
            return b"", b"** No activities found to run, monkey aborted.\n", 252
        return b"Events injected: 1\n## Network stats: elapsed time=12ms\n", b"", 0

    def _pm(self, argv: list[str], stdin: Parts, budget: Budget) -> Out:
        sub = argv[1] if len(argv) > 1 else ""
        rest = [a for a in argv[2:] if not a.startswith("-")]
        if sub == "list" and rest[:1] == ["packages"]:
            names = [p for p in sorted(PACKAGES) if not rest[1:] or rest[1] in p]
            return "".join(f"package:{p}\n" for p in names).encode(), b"", 0
        if sub == "path" and rest and rest[0] in PACKAGES:
            return f"package:/data/app/{rest[0]}/base.apk\n".encode(), b"", 0
        if sub == "clear" and rest and rest[0] in PACKAGES:
            self.playground.clear_app(rest[0])
            owned = (f"/data/data/{rest[0]}/", f"/sdcard/Android/data/{rest[0]}/")
            for path in [p for p in self.storage if p.startswith(owned)]:
                self.storage.remove(path)
            return b"Success\n", b"", 0
        if sub == "clear":
            return b"Failed\n", b"", 1
        return b"", f"Error: unsupported pm command: {' '.join(argv[1:])}\n".encode(), 1
