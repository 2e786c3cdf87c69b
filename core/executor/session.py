"""A session: one device, the diff baseline the caller has seen, and the observation policy.

Observation policy (as in the MetaMask daemon):

- **MUTATING** commands (tap, swipe, type, key, launch, …) are followed, while
  ``auto_observe`` is on, by :func:`~deltarec.core.devices.settle.settle` and an
  observation: the delta from the *baseline* (the last screen the caller was
  shown) to the settled screen, after which that screen is the baseline. With
  no baseline the observation is the full compact frame (``screen …`` header,
  then ``[i] role "name" @(x,y)`` lines).
- **READONLY** commands (observe, screenshot, delta, list devices, current app)
  take no capture unless they return a frame, and never observe.
- A frame shown **whole** (``AC_describe_screen``, ``AC_observe``, not cut by a
  budget) *becomes* the baseline: the caller has seen it, so the next
  mutating step's observation is the delta from it.
- **DISCOVERY** (describe screen) cut by a budget *resets* the baseline: the
  next mutating step's observation is a full frame again. :meth:`Session.close`
  (cleanup) resets it too. ``AC_launch_app`` does not: the caller saw the screen it
  leaves, so its observation is a delta like any other (``» new screen …``, or
  ``» back to …`` a screen seen before).
- **FLOW** commands (wait, assert, sleep) do not observe.

``policy`` decides whether the observation of a step is *returned*:
``"all"`` every mutating step's (and a failed mutating or flow step's),
``"failures"`` only a failed step's, ``"none"`` never. A step whose
observation is not returned still settles and captures (the next step must
not act on a stale screen, and effect checks need the capture), but the
baseline stays at what the caller last saw: the next returned observation
covers every change since then. ``[i]`` numbers always stay those of the last
frame the caller was shown (the session's ``seen`` index), carried over to new
captures by matching. ``numbers`` remembers what each number shown meant: an
``{"index": i}`` whose number now denotes another element fails the step with
a :class:`~deltarec.core.errors.StaleIndexError` instead of acting on it.

Every step returns a :class:`StepOutcome` whose :meth:`~StepOutcome.to_json` is
``{ok, command, step, result, observation, timing: {queueMs, toolMs,
observationMs, totalMs}}`` (plus ``error`` / ``warnings``), timed with the
injected clock. Acting on a disabled element is a warning
(``[16] button "Save" is disabled``). Steps are serialised by a lock;
``queueMs`` is the wait for it.
"""

from __future__ import annotations

import itertools
import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from deltarec.core.devices.base import Device
from deltarec.core.devices.settle import settle
from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.match import match_frames
from deltarec.core.diff.volatile import DEFAULT_VOLATILE, Volatile
from deltarec.core.errors import DeltarecError, InputError, StepFailedError
from deltarec.core.executor.commands.base import Category, Command
from deltarec.core.executor.context import Context, ShownNumbers
from deltarec.core.executor.effect import check_effect
from deltarec.core.executor.registry import command_table
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observe.model import Observation
from deltarec.core.observer import DeltaResult, IndexOptions, Observer, index_frame, observe_delta
from deltarec.core.render.frame_text import render_frame

Policy = Literal["all", "none", "failures"]
POLICIES: tuple[Policy, ...] = ("all", "none", "failures")
Effects = Literal["fail", "warn", "off"]


@dataclass(frozen=True, slots=True)
class StepOutcome:
    """What one step did. ``error`` is set when it failed (it never raises for that)."""

    ok: bool
    command: str
    step: int
    result: Mapping[str, Any]
    observation: str | None
    timing: Mapping[str, float]
    error: StepFailedError | None = None
    warnings: tuple[str, ...] = ()
    effect: str | None = None
    """The step's own delta (screen before → after) when an effect check ran."""
    tried: tuple[str, ...] = field(default=())
    delta: DeltaResult | None = field(default=None, compare=False, repr=False)
    """The delta ``observation`` was rendered from (None: no observation, or a full frame)."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ok": self.ok,
            "command": self.command,
            "step": self.step,
            "result": dict(self.result),
            "observation": self.observation,
            "timing": dict(self.timing),
        }
        if self.error is not None:
            out["error"] = str(self.error)
        if self.warnings:
            out["warnings"] = list(self.warnings)
        return out


def _ms(seconds: float) -> float:
    return round(max(0.0, seconds) * 1000, 3)


def _timing(
    entered: float, started: float, tool_done: float | None = None, done: float | None = None
) -> dict[str, float]:
    """``{queueMs, toolMs, observationMs, totalMs}`` from the injected clock's readings."""
    tool_done = started if tool_done is None else tool_done
    done = tool_done if done is None else done
    return {
        "queueMs": _ms(started - entered),
        "toolMs": _ms(tool_done - started),
        "observationMs": _ms(done - tool_done),
        "totalMs": _ms(done - entered),
    }


def waits(
    device: Device,
    clock: Callable[[], float] | None = None,
    sleep: Callable[[float], None] | None = None,
) -> tuple[Callable[[], float], Callable[[float], None]]:
    """The clock a session times its steps by and how it waits: those given, else the
    device's own time when it keeps one (the virtual phone's :class:`ManualClock`: waiting
    moves the phone's time, not the host's), else the host's (``time.monotonic``,
    ``time.sleep``)."""
    if clock is None and sleep is None:
        own_time = getattr(device, "own_time", None)
        own = own_time() if callable(own_time) else None
        if own is not None:
            own_clock, own_sleep = own
            return own_clock, own_sleep
    return clock or time.monotonic, sleep or time.sleep


class Session:
    """A device plus the caller's baseline; runs commands one at a time (thread-safe).

    ``clock``/``sleep`` are injected (tests pass a fake clock whose ``sleep``
    advances it). ``settle_timeout`` bounds the wait after each mutating step;
    ``options`` index frames (viewport, cap, interactive-only); ``max_lines`` /
    ``max_tokens`` budget deltas (full frames get ``max_tokens`` only).
    ``allow_unsafe`` registers commands that run arbitrary code (``AC_shell``).
    ``variables`` are the values a typed ``${NAME}`` stands for (``deltarec run`` passes the
    environment; :mod:`~deltarec.core.executor.variables`); without them text is typed as
    given, so an agent's typing never reads the server's environment.
    """

    def __init__(
        self,
        device: Device,
        *,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], None] | None = None,
        settle_timeout: float = 3.0,
        settle_interval: float = 0.25,
        poll_interval: float = 0.25,
        options: IndexOptions | None = None,
        volatile: Volatile = DEFAULT_VOLATILE,
        max_lines: int | None = 40,
        max_tokens: int | None = None,
        auto_observe: bool = True,
        allow_unsafe: bool = False,
        output_dir: str | os.PathLike[str] | None = None,
        write_anywhere: bool = False,
        variables: Mapping[str, str] | None = None,
    ) -> None:
        self.device = device
        self.variables = variables
        self.output_dir = Path(output_dir if output_dir is not None else Path.cwd())
        """Where a script's files go: a relative path is under it, and nothing goes elsewhere."""
        self.write_anywhere = write_anywhere
        """Let a script write any path it names (the caller opted in)."""
        self._scratch: list[Path] = []
        self.clock, self.sleep = waits(device, clock, sleep)
        self.settle_timeout = settle_timeout
        self.settle_interval = settle_interval
        self.poll_interval = poll_interval
        self.options = options = options or IndexOptions()
        self.volatile = volatile
        self.max_lines = max_lines
        self.max_tokens = max_tokens
        self.auto_observe = auto_observe
        self.allow_unsafe = allow_unsafe
        self.commands: Mapping[str, type[Command]] = command_table(allow_unsafe=allow_unsafe)
        self.observer = Observer(options, volatile)
        self.numbers = ShownNumbers()
        self._numbered: tuple[ElementIndex | None, ElementIndex | None, dict[int, int] | None]
        self._numbered = (None, None, None)
        """What each ``[i]`` shown meant (stale numbers fail), and the last frame shown."""
        self._step: int | None = None
        self._delta: DeltaResult | None = None
        self.gesture: Gesture | None = None
        """The touch the running step made (a swipe sets it): evidence for its delta."""
        self.launched = False
        """An activity was started since the caller last saw the screen (evidence: a
        remembered screen comes back only as it was, :meth:`Observer.step`)."""
        self.latest: Observation | None = None
        """The latest capture, shown or not."""
        self._lock = threading.Lock()
        self._counter = itertools.count()

    def output_path(self, path: str) -> Path:
        """Where a script may write ``path``: under :attr:`output_dir` (relative paths are
        taken from it), symlinks and ``..`` resolved first; anywhere with ``write_anywhere``.

        Raises InputError naming the path when it leads outside the folder.
        """
        if "\0" in path:  # Path.resolve and open() would raise ValueError
            raise InputError(f"{path!r} contains a NUL character (U+0000)")
        root = self.output_dir
        target = root / path
        if self.write_anywhere:
            return target
        try:
            inside = target.resolve()
        except (OSError, RuntimeError) as exc:  # a symlink loop (RuntimeError before 3.13)
            raise InputError(f"{path}: cannot resolve it: {exc}") from None
        roots = (root, *self._scratch)
        if not any(inside.is_relative_to(r.resolve()) for r in roots):
            raise InputError(
                f"{path} is outside the output folder {root}"
                " (allow it with --write-anywhere / write_anywhere=True)"
            )
        return inside

    @contextmanager
    def scratch_folder(self, folder: Path) -> Iterator[None]:
        """Inside the block the caller's own private ``folder`` is writable too (the MCP
        server's temporary screenshot); a script's paths never choose it."""
        self._scratch.append(folder)
        try:
            yield
        finally:
            self._scratch.remove(folder)

    # ------------------------------------------------------------- baseline
    @property
    def seen(self) -> ElementIndex | None:
        """The last frame the caller was shown: its ``[i]`` numbers are the session's."""
        return self.numbers.seen

    @seen.setter
    def seen(self, index: ElementIndex | None) -> None:
        """Set from outside (the recorder shares its frame): every number counts as shown."""
        self.numbers.show(index, None, step=self._step)

    @property
    def baseline(self) -> ElementIndex | None:
        """The frame deltas are taken from (None: the next observation is a full frame)."""
        return self.observer.index

    def reset_baseline(self) -> None:
        """Forget the baseline: the next mutating step's observation is the full frame."""
        self.observer.index = None

    def close(self) -> None:
        """Cleanup: forget the baseline, the numbers shown and the latest capture."""
        with self._lock:
            self.observer.index = None
            self.seen = None
            self.latest = None

    # -------------------------------------------------------------- screens
    def capture(self) -> Observation:
        """One capture; it becomes :attr:`latest`. Errors: DeviceError."""
        self.latest = self.device.capture()
        return self.latest

    def number(self, obs: Observation) -> ElementIndex:
        """Index ``obs`` keeping the numbers of the frame the caller was last shown."""
        frame = Frame(obs)
        seen = self.seen
        pairs = match_frames(seen.frame, frame) if seen is not None else None
        index = index_frame(frame, self.options, previous=seen, pairs=pairs)
        self._numbered = (seen, index, pairs)  # the match, for the baseline it may become
        return index

    def _pairs_of(self, index: ElementIndex) -> dict[int, int] | None:
        """The pairs :meth:`number` matched ``index`` with, when it matched it against the
        baseline (the frame the books were noted on): never matched twice."""
        seen, numbered, pairs = self._numbered
        return pairs if numbered is index and seen is self.observer.index else None

    def screen(self) -> ElementIndex:
        """Capture and :meth:`number` the live screen (never moves the baseline)."""
        return self.number(self.capture())

    def settle(self) -> Observation:
        """Capture until the screen stops changing (or ``settle_timeout``); learn what churns."""
        settled = settle(
            self.device,
            timeout=self.settle_timeout,
            interval=self.settle_interval,
            volatile=self.volatile,
            clock=self.clock,
            sleep=self.sleep,
            since=self.latest,  # one capture when the window probe agrees (settle's docstring)
        )
        self.volatile = self.observer.volatile = settled.volatile
        self.latest = settled.observation
        return settled.observation

    def _show(self, obs: Observation) -> str:
        """The caller-facing observation of ``obs``: a delta from the baseline, or the full
        frame when there is none. ``obs`` becomes the baseline and the numbers shown."""
        label = None if self._step is None else self._step + 1  # people count steps from 1
        if self.observer.index is None:
            index = self.number(obs)
            self.observer.remember(index, step=label)
            text = render_frame(index, tree=False, max_tokens=self.max_tokens)
            self._delta = None
        else:
            self._delta = self.observer.step(
                obs,
                max_lines=self.max_lines,
                max_tokens=self.max_tokens,
                step=label,
                gesture=self.gesture,
                launched=self.launched,
            )
            text = self._delta.text
        self.launched = False
        d = self._delta
        since = () if d is None else (*d.followed, d.prev_index)  # a recalled entry: its latest
        self.numbers.show(self.observer.index, text, step=self._step, since=since)
        return text

    # ------------------------------------------------------------ execution
    def call(
        self, name: str, params: Mapping[str, Any] | None = None, *, policy: Policy = "all"
    ) -> dict[str, Any]:
        """Validate and run one command by name; the JSON envelope of its outcome.

        Raises ScriptValidationError for an unknown command or bad parameters
        (nothing runs); a failing step is an envelope with ``ok: false``.
        """
        from deltarec.core.executor.registry import lookup

        cls = lookup(self.commands, name, "$[0]")
        command = cls.parse({} if params is None else params, "$[1]")
        return self.execute(command, policy=policy).to_json()

    def execute(
        self,
        command: Command,
        *,
        step: int | None = None,
        policy: Policy = "all",
        expect: str | None = None,
        effects: Effects = "fail",
    ) -> StepOutcome:
        """Run one validated command under the observation policy (module docstring).

        ``expect`` (a recorded delta) turns on the effect check of a mutating
        step (:mod:`deltarec.core.executor.effect`); ``effects`` says whether a mismatch
        fails the step, only warns, or is not checked. Never raises a
        DeltarecError: failures are in the outcome's ``error``.
        """
        entered = self.clock()
        with self._lock:
            started = self.clock()
            number = next(self._counter) if step is None else step
            outcome = self._execute(command, number, policy, expect, effects, entered, started)
        return outcome

    def _execute(
        self,
        command: Command,
        step: int,
        policy: Policy,
        expect: str | None,
        effects: Effects,
        entered: float,
        started: float,
    ) -> StepOutcome:
        ctx = Context(self, step, command.name)
        self._step = step
        self._delta = None
        self.gesture = None
        if command.unsafe and not self.allow_unsafe:  # built in code, bypassing validation
            refused = StepFailedError(step, command.name, "UNSAFE command; needs allow_unsafe=True")
            return StepOutcome(
                False, command.name, step, {}, None, _timing(entered, started), refused
            )
        mutating = command.category is Category.MUTATING
        checking = mutating and expect is not None and effects != "off" and self.auto_observe
        error: StepFailedError | None = None
        result: dict[str, Any] = {}
        effect: str | None = None
        try:
            before = (self.latest or self.capture()) if checking else None
            result = command.run(ctx)
        except StepFailedError as exc:
            error = exc
        except DeltarecError as exc:
            error = StepFailedError(step, command.name, str(exc), ctx.tried)
            error.__cause__ = exc
        tool_done = self.clock()
        found = ctx.resolution
        if mutating and error is None and found is not None and not found.element.node.enabled:
            ctx.warnings.append(f"{found.element} is disabled")
        if ctx.shown is not None:
            self.numbers.show(ctx.shown, result.get("text"), step=step)
        elif ctx.screened is not None and command.category is Category.READONLY:
            read = result.get("text")  # AC_observe: the caller read these numbers
            if isinstance(read, str):
                self.numbers.learn(ctx.screened, read, step=step)
        if ctx.shown is not None and error is None and not result.get("cut"):
            label = step + 1  # people count steps from 1
            # shown whole: the caller saw it (its match with the baseline kept, when made)
            self.observer.remember(ctx.shown, step=label, pairs=self._pairs_of(ctx.shown))
        elif command.resets_baseline and error is None:
            self.reset_baseline()
        observation: str | None = None
        try:
            if mutating and self.auto_observe and error is None:
                after = self.settle()
                if checking and before is not None and expect is not None:
                    effect = observe_delta(
                        before, after, volatile=self.volatile, options=self.options, max_lines=None
                    ).text
                    verdict = check_effect(expect, effect, command.name, self._target(ctx, command))
                    if verdict.failure and effects == "fail":
                        error = StepFailedError(step, command.name, verdict.failure, ctx.tried)
                    elif verdict.failure or verdict.warning:
                        ctx.warnings.append(verdict.failure or verdict.warning or "")
                if policy == "all" or (policy == "failures" and error is not None):
                    observation = self._show(after)
            elif (
                error is not None
                and policy != "none"
                and self.auto_observe
                and command.category in (Category.MUTATING, Category.FLOW)
            ):
                observation = self._show(self.settle())
        except DeltarecError as exc:
            if error is None:  # the step acted but the device cannot be read any more
                error = StepFailedError(step, command.name, f"observing failed: {exc}", ctx.tried)
                error.__cause__ = exc
            else:
                ctx.warnings.append(f"no observation: {exc}")
        timing = _timing(entered, started, tool_done, self.clock())
        return StepOutcome(
            ok=error is None,
            command=command.name,
            step=step,
            result=result,
            observation=observation,
            timing=timing,
            error=error,
            warnings=tuple(ctx.warnings),
            effect=effect,
            tried=tuple(ctx.tried),
            delta=self._delta if observation is not None else None,
        )

    @staticmethod
    def _target(ctx: Context, command: Command) -> str:
        if ctx.resolution is not None:
            return ctx.resolution.element.name or str(ctx.resolution.element)
        return command.target()
