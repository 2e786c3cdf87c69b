"""RecordingSession: record steps against a device, each with the delta it caused.

A recorded step goes: resolve what the person pointed at (the innermost
element under the point) → build a strict selector with alternates
(:mod:`deltarec.core.recorder.selector_gen`) → run the command through the executor
(:class:`~deltarec.core.executor.Session`, which settles the screen after it) → diff the
screen before and after (:func:`deltarec.core.observer.observe_delta`, numbers kept
stable) → append a :class:`RecordedStep` → autosave the bundle
(:mod:`deltarec.core.bundle`: observation, screenshot, manifest last, all atomic).

A step that fails (no element there, a selector that times out, a device that
disconnects) is not recorded and raises :class:`~deltarec.core.errors.StepFailedError`;
every step recorded before stays, on disk too. :meth:`replace_device` swaps in
a reconnected device without losing the recording. Methods are thread-safe
(one at a time): the Script Builder calls them from worker threads.
"""

from __future__ import annotations

import io
import logging
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from deltarec.core.bundle import Bundle, scan_recordings, write_atomic
from deltarec.core.capture.jsonio import observation_to_json
from deltarec.core.devices.base import Device
from deltarec.core.devices.logging_device import LoggingDevice
from deltarec.core.errors import DeltarecError, StepFailedError
from deltarec.core.executor import Script, Session, parse_script, run_steps
from deltarec.core.executor.registry import lookup
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex, IndexedElement, element_at
from deltarec.core.observe.model import Observation
from deltarec.core.observer import DeltaResult, IndexOptions, Observer, index_frame
from deltarec.core.recorder.checks import as_check, choose_checks, same_check
from deltarec.core.recorder.edit_labels import label_on, swipe_label
from deltarec.core.recorder.export import Kind, export, to_json
from deltarec.core.recorder.keyboard_tap import KeyboardTap, keyboard_tap
from deltarec.core.recorder.origin import started_in
from deltarec.core.recorder.step import RecordedStep, acts_the_same, step_label
from deltarec.core.recorder.suggest import Suggestion, holds, suggest_assertions
from deltarec.core.recorder.targets import swipe_params, swiped_list, tap_label, tap_params

_log = logging.getLogger(__name__)

DELTA_COMMAND = "AC_delta_observation"


def png_bytes(device: Device) -> bytes:
    buf = io.BytesIO()
    # Fast compression: the encoder holds the GIL, and a GUI waits on this thread.
    device.screenshot().save(buf, "PNG", compress_level=1)
    return buf.getvalue()


class RecordingSession:
    """Records steps on ``device`` into the bundle directory ``bundle_dir``.

    ``clock``/``sleep`` are injected into the executor (tests pass a fake
    clock); ``screenshots`` turns per-step screenshots off for speed.
    """

    def __init__(
        self,
        device: Device,
        bundle_dir: str | Path,
        *,
        name: str = "recording",
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        settle_timeout: float = 3.0,
        screenshots: bool = True,
        _bundle: Bundle | None = None,
    ) -> None:
        self.name = name
        self.screenshots = screenshots
        self._lock = threading.RLock()
        self._clock, self._sleep, self._settle_timeout = clock, sleep, settle_timeout
        self.device = LoggingDevice(device)
        self.executor = self._executor()
        try:
            self.bundle = _bundle or Bundle.create(bundle_dir, {"serial": device.serial})
        except OSError as exc:
            raise DeltarecError(
                f"cannot create the recording in {bundle_dir}: {exc.strerror or exc}"
            ) from exc
        self.bundle.info.update({"name": name, "state": "recording"})
        self.steps: list[RecordedStep] = [RecordedStep.from_manifest(s) for s in self.bundle.steps]
        self._saved_steps = len(self.steps)
        self.observer = Observer(IndexOptions())
        self.screen: Observation | None = None
        self.screen_number = 0
        self.screenshot: bytes | None = None
        self._directions: dict[str, str] = {}
        """A list's stable key → the direction this recording last swiped it."""

    def _executor(self) -> Session:
        return Session(self.device, clock=self._clock, sleep=self._sleep,
                       settle_timeout=self._settle_timeout)  # fmt: skip

    # ----------------------------------------------------------------- lifecycle
    @classmethod
    def restore(cls, bundle_dir: str | Path, device: Device, **kwargs: Any) -> RecordingSession:
        """Reopen an autosaved recording (every completed step) and look at the device now."""
        bundle = Bundle.open(bundle_dir)
        bundle.require("command")
        session = cls(device, bundle_dir, name=str(bundle.info.get("name", "recording")),
                      _bundle=bundle, **kwargs)  # fmt: skip
        if bundle.observations:
            session.observer.reset(bundle.observation(bundle.observations - 1))
        session.refresh()
        return session

    def start(self) -> ElementIndex:
        """Settle and capture the starting screen (observation 0 of a new bundle)."""
        with self._lock:
            return self.refresh()

    def refresh(self) -> ElementIndex:
        """Capture the device as it is now (no step recorded); returns the numbered screen."""
        with self._lock:
            obs = self.executor.settle()
            self._take_screen(obs)
            if self.observer.index is None:
                self.observer.reset(obs)
            else:
                self.observer.step(obs)
            self._share_baseline()
            assert self.observer.index is not None
            return self.observer.index

    def _share_baseline(self) -> None:
        """The executor's baseline and numbers are the recorder's: an "Observation: Delta"
        step shows what changed since the last step, with the numbers the person saw."""
        self.executor.observer.index = self.observer.index
        self.executor.seen = self.observer.index

    def _take_screen(self, obs: Observation) -> None:
        self.screenshot = png_bytes(self.device) if self.screenshots else None
        self.screen = obs
        with self._saving():
            self.screen_number = self.bundle.add_observation(obs, self.screenshot)
            self.bundle.save_manifest()

    @contextmanager
    def _saving(self) -> Iterator[None]:
        """Writes to the bundle: an OSError (disk full, read-only, removed folder) becomes one
        DeltarecError line saying what was not saved and that every saved step is kept."""
        try:
            yield
        except OSError as exc:
            saved = self._saved_steps
            raise DeltarecError(
                f"cannot save the recording in {self.bundle.root}: {exc.strerror or exc};"
                f" the {saved} step{'s' * (saved != 1)} saved before are kept there"
            ) from exc

    def close(self) -> None:
        """Mark the recording finished (it is no longer offered for restore)."""
        with self._lock, self._saving():
            self.bundle.info["state"] = "closed"
            self.bundle.save_manifest()

    def replace_device(self, device: Device) -> None:
        """Continue on another (reconnected) device; recorded steps are kept."""
        with self._lock:
            self.device = LoggingDevice(device)
            self.executor = self._executor()
            self.bundle.device["serial"] = device.serial

    # ------------------------------------------------------------------ queries
    @property
    def index(self) -> ElementIndex | None:
        return self.observer.index

    def element_at(self, x: int, y: int) -> IndexedElement | None:
        """The innermost (smallest) numbered element whose box holds the point."""
        return element_at(self.index, x, y)

    def script(self) -> Script:
        return Script(tuple(step.to_step() for step in self.steps))

    # ---------------------------------------------------------------- recording
    def record(self, command: str, params: Mapping[str, Any] | None = None,
               label: str | None = None) -> RecordedStep:  # fmt: skip
        """Run ``command`` now and record it (see the module docstring).

        Raises ScriptValidationError for a bad command or parameters and
        StepFailedError when it fails on the device; nothing is recorded then.
        """
        with self._lock:
            if self.screen is None:
                self.start()
            params = dict(params or {})
            cls = lookup(self.executor.commands, command, "$[0]")
            parsed = cls.parse(params, "$[1]")
            before_obs, before_number = self.screen, self.screen_number
            assert before_obs is not None
            self.device.take_actions()
            outcome = self.executor.execute(parsed, step=len(self.steps), policy="none")
            actions = self.device.take_actions()
            if not outcome.ok:
                assert outcome.error is not None
                raise outcome.error
            if outcome.result.get("underKeyboard"):  # nothing happened: record nothing
                raise StepFailedError(len(self.steps), command, "; ".join(outcome.warnings))
            step = RecordedStep(command, params, label or step_label(command, params),
                                timing=dict(outcome.timing), actions=actions)  # fmt: skip
            if command == DELTA_COMMAND:
                step.delta = str(outcome.result.get("summary", ""))
                if "… (+" in step.delta and self.executor.latest is not None:
                    # Cut to its budget: every line for the GUI too, from the same capture.
                    unbounded = {k: v for k, v in params.items() if k != "max_tokens"}
                    again = self.executor.execute(
                        cls.parse(
                            {
                                **unbounded,
                                "max_lines": 100_000,
                                "curr": observation_to_json(self.executor.latest),
                            },
                            "$[1]",
                        ),
                        policy="none",
                    )
                    step.delta_all = str(again.result.get("summary", "")) if again.ok else ""
            if actions:
                after = self.executor.latest or self.executor.settle()
                self._take_screen(after)
                # The swipe's gesture (if the step made one) is evidence for its scroll.
                self._describe(step, self.observer.step(after, gesture=self.executor.gesture))
                self._share_baseline()
            step.before, step.after = before_number, self.screen_number
            self.steps.append(step)
            self._autosave(step)
            return step

    def _describe(self, step: RecordedStep, result: DeltaResult) -> None:
        """A step's delta (cut and whole), its suggestions and the checks chosen from them."""
        step.keep_secret(result, self.steps)
        step.delta = result.text
        every = "\n".join(e.text for e in result.entries)
        step.delta_all = every if every.count("\n") > step.delta.count("\n") else ""
        step.suggestions = suggest_assertions(result, volatile=self.observer.volatile)
        step.checks = choose_checks(step.suggestions, result)

    def record_keyboard_tap(self, x: int, y: int, *, long: bool = False) -> KeyboardTap:
        """A tap (``long``: a press held, a key's alternate) on the on-screen keyboard: typing,
        never ``tap x=104, y=1813`` (:mod:`deltarec.core.recorder.keyboard_tap`)."""
        with self._lock:
            if self.screen is None:
                self.start()
            return keyboard_tap(self, x, y, long=long)

    def record_tap(self, x: int, y: int, *, long: bool = False) -> RecordedStep:
        """Tap (or long-press) what is under the point: by selector when there is an element
        (scrolled into view on replay when it is in a list), else by screen fractions
        (:mod:`deltarec.core.recorder.targets`)."""
        command = "AC_long_press" if long else "AC_tap"
        with self._lock:
            if self.screen is None:
                self.start()
            screen = self.index
            assert screen is not None
            params = tap_params(screen, x, y, long=long, directions=self._directions)
            return self.record(command, params, tap_label(screen, x, y, long=long))

    def record_swipe(self, x1: int, y1: int, x2: int, y2: int) -> RecordedStep:
        """A drag from (x1, y1) to (x2, y2), recorded on the list it scrolled as a direction
        and a percentage of its extent (of the screen when no list is under the finger)."""
        with self._lock:
            if self.screen is None:
                self.start()
            screen = self.index
            assert screen is not None
            params = swipe_params(screen, x1, y1, x2, y2)
            step = self.record("AC_swipe", params, swipe_label(screen, params))
            container = swiped_list(screen, x1, y1)
            if container is not None and "direction" in params:
                self._directions[screen.frame.keys[container]] = str(params["direction"])
            return step

    def record_type(self, text: str) -> RecordedStep:
        return self.record("AC_type_text", {"text": text})

    def record_key(self, key: str) -> RecordedStep:
        named = {"back": "AC_back", "home": "AC_home"}
        if key in named:
            return self.record(named[key])
        return self.record("AC_press_key", {"key": key})

    def record_delta(self, *, max_lines: int = 40, max_tokens: int | None = None,
                     interactive_only: bool = False) -> RecordedStep:  # fmt: skip
        """An "Observation: Delta (what changed)" step: the delta since the last step."""
        params: dict[str, Any] = {"max_lines": max_lines, "interactive_only": interactive_only}
        if max_tokens is not None:
            params["max_tokens"] = max_tokens
        return self.record(DELTA_COMMAND, params, "Observation: Delta (what changed)")

    def add_suggestion(self, suggestion: Suggestion, source: int | None = None) -> RecordedStep:
        """Keep ``suggestion`` as a check of step ``source`` (replayed and exported right after
        it, with the checks' one default wait); returns that step.

        It is verified on step ``source``'s own screen (the one after it, from the bundle),
        never on the phone now: an assertion about step 3 holds on step 3's screen. A
        suggestion that does not hold there raises StepFailedError; one already kept is not
        kept twice. Without ``source`` it is recorded as an ``AC_assert`` step on the phone
        as it is now (the old behaviour, for callers that have no step).
        """
        with self._lock:
            if source is None or not 0 <= source < len(self.steps):
                return self.record("AC_assert", suggestion.params, f"assert {suggestion.label}")
            step = self.steps[source]
            if not holds(suggestion.params, self.step_screen(source)):
                raise StepFailedError(source, "AC_assert",
                                      f"{suggestion.label}: does not hold on the screen after "
                                      f"step {source + 1}")  # fmt: skip
            if not any(same_check(c, suggestion.params) for c in step.checks):
                step.checks.append(as_check(suggestion.params))
            if suggestion not in step.suggestions:
                step.suggestions.append(suggestion)  # so the check keeps its label
            self._clear_marks()
            self._autosave(None)
            return step

    def remove_check(self, i: int, check: int) -> None:
        """Step ``i`` no longer checks (nor exports) its check number ``check``."""
        with self._lock:
            del self.steps[i].checks[check]
            self._clear_marks()
            self._autosave(None)

    def step_screen(self, i: int, *, before: bool = False) -> ElementIndex:
        """The numbered screen step ``i`` left (``before``: the one it started on), from the
        bundle: what an assertion or selector about that step is checked against."""
        with self._lock:
            step = self.steps[i]
            return index_frame(Frame(self.bundle.observation(step.before if before
                                                             else step.after)))  # fmt: skip

    # ------------------------------------------------------------------ editing
    def delete_step(self, i: int) -> None:
        with self._lock:
            del self.steps[i]
            self._clear_marks()
            self._autosave(None)

    def move_step(self, i: int, j: int) -> None:
        with self._lock:
            self.steps.insert(j, self.steps.pop(i))
            self._clear_marks()
            self._autosave(None)

    def insert_step(self, i: int, step: RecordedStep) -> None:
        """Put ``step`` at ``i`` as it was (undo, redo); nothing runs on the device."""
        with self._lock:
            self.steps.insert(i, step)
            self._clear_marks()
            self._autosave(None)

    def update_params(self, i: int, params: Mapping[str, Any]) -> None:
        """Replace step ``i``'s parameters after validating them (ScriptValidationError).

        An edit that only changes how long the step waits (:func:`acts_the_same`) keeps
        its delta and checks; any other edit voids them until the step runs."""
        with self._lock:
            step = self.steps[i]
            lookup(self.executor.commands, step.command, f"$[{i}][0]").parse(
                dict(params), f"$[{i}][1]"
            )
            same = acts_the_same(step.params, params)
            step.params = dict(params)
            if same:  # the same action, waited for longer or shorter: its delta holds
                self._clear_marks()
                self._autosave(None)
                return
            step.label = step.secret_label() or self._label(step.command, step.params, step.before)
            step.delta, step.delta_all, step.suggestions = "", "", []  # the old delta is void
            step.checks = []  # and so are the checks chosen from it
            step.edited = True
            self._clear_marks()
            self._autosave(None)

    def _label(self, command: str, params: Mapping[str, Any], before: int) -> str:
        """An edited step's label, read on the screen it was recorded on."""
        try:
            screen: ElementIndex | None = index_frame(Frame(self.bundle.observation(before)))
        except DeltarecError:
            screen = None
        return label_on(screen, command, params)

    def _clear_marks(self) -> None:
        """An edited script is another script: the ✓/✗ of the last run no longer apply."""
        for step in self.steps:
            step.status, step.error = "recorded", None

    # ------------------------------------------------------------------- replay
    def run_step(self, i: int) -> RecordedStep:
        """Run step ``i`` on the device now (not recorded again); sets its status.

        An edited step (its old delta void) or one not run yet (pasted, duplicated) that
        passes gets the delta of this run, its suggestions and its checks (a pasted step
        keeps the checks it came with), as if recorded now.
        """
        with self._lock:
            step = self.steps[i]
            if self.screen is None:
                self.start()
            before = self.screen_number
            command = lookup(self.executor.commands, step.command, f"$[{i}][0]")
            self.device.take_actions()
            outcome = self.executor.execute(command.parse(step.params, f"$[{i}][1]"), step=i)
            actions = self.device.take_actions()
            error = None if outcome.ok else str(outcome.error)  # "step i+1": the table's row
            step.status, step.error = ("passed", None) if outcome.ok else ("failed", error)
            obs = self.executor.settle()
            self._take_screen(obs)
            result = self.observer.step(obs)
            self._share_baseline()
            if (step.edited or step.unrun) and outcome.ok and step.command != DELTA_COMMAND:
                step.actions, step.timing = actions, dict(outcome.timing)
                step.before, step.after = before, self.screen_number
                kept = step.checks if step.unrun else []  # a pasted step's own assertions
                self._describe(step, result)
                step.checks = kept or step.checks
                step.edited = step.unrun = False  # what it shows is what it does now
                self._autosave(None)
            return step

    def replay(self, device: Device, *, on_progress: Callable[[int, RecordedStep], None]
               | None = None, on_result: Callable[[Any], None] | None = None) -> bool:  # fmt: skip
        """Replay the whole script on ``device`` (a fresh session); marks every step.
        ``on_result`` gets each step's StepResult first (a run report is made of them)."""
        session = Session(device, clock=self._clock, sleep=self._sleep,
                          settle_timeout=self._settle_timeout)  # fmt: skip
        for step in self.steps:
            step.status, step.error = "recorded", None

        def progress(result: Any) -> None:
            if on_result is not None:
                on_result(result)
            step = self.steps[result.step]
            step.status = "passed" if result.ok else "failed"
            step.error = None if result.ok else str(result.error)
            if on_progress is not None:
                on_progress(result.step, step)

        script = Script(tuple(step.to_step(reveal=True) for step in self.steps))
        report = run_steps(parse_script(script.to_json()), session, on_progress=progress)
        self._skip_after(len(report.results))
        return report.ok

    def _skip_after(self, ran: int) -> None:
        """Steps from ``ran`` on did not run (a failure stopped the run): marked skipped."""
        for step in self.steps[ran:]:
            step.status, step.error = "skipped", None

    # ------------------------------------------------------------------- output
    def export(self, path: str | Path, kind: Kind) -> Path:
        """Write the script as ``kind``. A pytest module's test is named after its file
        (``test_sign_up.py`` → ``test_sign_up``); a Maestro flow and a pytest module start
        where the recording did (:meth:`started_in`: the app reset, launched unless the
        recording began on the home screen)."""
        target = Path(path)
        app, from_home = self.started_in()
        test = (target.stem.removeprefix("test_") or None) if kind == "pytest" else None
        return export(self.script(), target, kind, name=self.name, app=app, from_home=from_home,
                      test=test, clear=bool(self.bundle.info.get("clear_start")))  # fmt: skip

    def started_in(self) -> tuple[str | None, bool]:
        """The app the recording was made in and whether it started on the home screen:
        the package of the first step's screen, or when that is a launcher, the first other
        app a step showed (None when no step showed one)."""
        with self._lock:
            return started_in(self.bundle, [n for s in self.steps for n in (s.before, s.after)])

    def _autosave(self, step: RecordedStep | None) -> None:
        self.bundle.steps = [s.to_manifest() for s in self.steps]
        with self._saving():
            script = to_json(self.script()).encode("utf-8")
            write_atomic(self.bundle.root / "script.json", script, durable=self.bundle.durable)
            self.bundle.save_manifest()
        self._saved_steps = len(self.steps)


def find_unfinished(root: str | Path) -> list[Path]:
    """Bundles under ``root`` still marked "recording" (a crash or kill left them open)."""
    readable, unreadable = scan_recordings(root)
    for path, problem in unreadable:  # never blocks the healthy ones
        _log.warning("skipping unreadable recording %s: %s", path, problem)
    return [b.root for b in readable if b.info.get("state") == "recording"]


__all__ = ["RecordedStep", "RecordingSession", "StepFailedError", "find_unfinished"]
