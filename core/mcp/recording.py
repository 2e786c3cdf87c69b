"""An agent's session kept as a recording: its acting calls, as the Script Builder records them.

An agent that found a path through an app keeps it: every acting call of the session
(tap, long press, swipe, type, key, back, home, launch, stop) becomes a recorded step of a
:mod:`deltarec.core.bundle` — the format the Script Builder records, opens (File →
Recordings) and exports, and ``deltarec export BUNDLE --format pytest`` turns into a test.

How a call becomes a step — the recorder's own code, fed what the executor did:

1. :class:`Watch` wraps the session's device. It remembers the last screen captured, and
   the one the *first action* of a call acted on (the screen its selector was resolved on;
   a call that acts without looking, ``ac_back``, acted on the last screen captured).
2. After the call, :meth:`AgentRecording.keep` turns the pixels the executor touched into
   what the Script Builder writes for the same pixels (:mod:`deltarec.core.recorder.targets`):
   a tap or a long press by the element under the point, a strict selector with alternates
   (``{"index": 6}`` or ``{"text": "Name"}`` from the agent becomes ``{"resource_id":
   "…:id/name", "alternates": […]}``; a tap by ``x``/``y`` on an element, too); a swipe as
   a direction and a percentage of the list it scrolled; ``ac_type_text``'s field by the
   element its tap hit. Raw pixels are never written (screen fractions where nothing is
   under the finger).
3. The step's screens (the one acted on, the settled one after), its delta (from the
   screen before it to the screen after: what the agent read after the call when its
   last look was the step before; the ``[i]`` numbers are the recording's), its
   suggestions and checks are the recorder's (:class:`RecordingSession`). The bundle is
   rewritten after every step (atomic files, manifest last): a crash loses nothing, and a
   live bundle still marked ``recording`` is offered for restore by the Script Builder.

What is not a step: read-only calls (describe, observe, delta, screenshot, current app,
wait_for), failed calls (nothing recorded, as the Builder records nothing for a failed
step; the screen a failed call left is the next step's starting screen), a call that
acted on nothing (a tap under the keyboard is refused before it taps). A passed
``ac_assert`` becomes a check of the last step (an ``AC_assert`` step before any), its
selector resolved the same way; an assertion that only an ``[i]`` or a stable key can
say is left out (it means nothing on another screen). ``ac_run_steps`` keeps each of
its acting steps the same way.

Bounds: at most :data:`MAX_STEPS` steps (then the reply says the recording is full);
at most two observations per step (the screen acted on only when it is not the last
one kept); a bundle name is one folder name (:func:`check_name`). A folder that cannot
be written is one warning on the reply (``recording: cannot save …``); the session
goes on.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import tempfile
from collections.abc import Mapping
from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import mcp.types as types

from deltarec.core.bundle import Bundle
from deltarec.core.devices.base import Device
from deltarec.core.devices.logging_device import LoggingDevice
from deltarec.core.errors import DeltarecError, InputError
from deltarec.core.executor.commands.base import Category, Command
from deltarec.core.executor.runner import StepResult
from deltarec.core.executor.script import Script
from deltarec.core.executor.selectors import Selector, find_all
from deltarec.core.executor.session import Session, StepOutcome
from deltarec.core.mcp.tools import ToolSpec, tool_hints
from deltarec.core.observe.model import Observation
from deltarec.core.recorder.checks import as_check, check_label, same_check
from deltarec.core.recorder.selector_gen import selector_for
from deltarec.core.recorder.session import RecordedStep, RecordingSession
from deltarec.core.recorder.step import step_label
from deltarec.core.recorder.targets import swipe_params, swiped_list, tap_label, tap_params

SAVE_RECORDING = "save_recording"
MAX_STEPS = 1000
"""Steps one recording keeps (each holds up to two observations and a screenshot)."""
NAME_CHARS = 80
_NAME = re.compile(r"\w[\w.-]*")
_OPAQUE = ("index", "key")
_POINTED = {"AC_tap": "tap", "AC_long_press": "long_press"}
_DROPPED = frozenset({"selector", "x", "y", "timeout"})
"""Parameters of the agent's call a recorded step never copies: where it acted is
re-derived from what the executor touched, and waits are the script's own default."""


def check_name(name: object) -> str:
    """``name`` when it is one folder name (letters, digits, ``_ . -``, not starting with a
    dot, at most :data:`NAME_CHARS`), else InputError naming it.

    >>> check_name("sign-up_2")
    'sign-up_2'
    >>> check_name("../etc")
    Traceback (most recent call last):
    deltarec.InputError: save_recording: name '../etc' is not a folder name (letters, digits, _ . -)
    """
    if not isinstance(name, str) or len(name) > NAME_CHARS or not _NAME.fullmatch(name):
        shown = repr(name)[: NAME_CHARS + 2]
        raise InputError(
            f"save_recording: name {shown} is not a folder name (letters, digits, _ . -)"
        )
    return name


def default_name(now: datetime | None = None) -> str:
    """``agent-YYYYmmdd-HHMMSS`` (UTC)."""
    return (now or datetime.now(UTC)).strftime("agent-%Y%m%d-%H%M%S")


class Watch(LoggingDevice):
    """The session's device, watched (module docstring): every other call is forwarded."""

    def __init__(self, inner: Device) -> None:
        super().__init__(inner)
        self.last: Observation | None = None
        """The last screen captured."""
        self.acted_on: Observation | None = None
        """The screen the first action since :meth:`take` acted on."""

    def __getattr__(self, name: str) -> Any:
        # The backend's extras (``window_state``: one capture settles instead of two) stay
        # visible through the wrapper, so watching changes nothing the agent sees.
        if name == "inner":  # not set yet (a copy being built): no recursion
            raise AttributeError(name)
        return getattr(self.inner, name)

    def capture(self) -> Observation:
        self.last = self.inner.capture()
        return self.last

    def logged(self, action: dict[str, Any]) -> None:
        if not self.actions:
            if self.last is None:  # nothing looked at the screen yet: look once, first
                self.capture()
            self.acted_on = self.last
        super().logged(action)

    def take(self) -> tuple[Observation | None, list[dict[str, Any]]]:
        """The screen acted on and the actions since the last call."""
        acted_on, self.acted_on = self.acted_on, None
        return acted_on, self.take_actions()


class AgentRecording(RecordingSession):
    """The recording of an MCP session on ``session`` (module docstring).

    ``folder`` is where saved bundles go. ``live``: the recording itself is a bundle in
    ``folder`` (``deltarec mcp --record DIR``), else it lives in a private temporary folder
    until :meth:`save`. Creating it can raise DeltarecError (the folder is not writable).
    """

    def __init__(
        self, session: Session, folder: str | Path, *, live: bool = False, screenshots: bool = True
    ) -> None:
        self.folder = Path(folder)
        self.session = session
        self.watch = session.device if isinstance(session.device, Watch) else Watch(session.device)
        session.device = self.watch
        self._scratch = None if live else tempfile.TemporaryDirectory(prefix="deltarec-agent-")
        root = self.folder / default_name() if live else Path(self._scratch.name)  # type: ignore[union-attr]
        if live:
            root = _fresh(root)
        super().__init__(self.watch.inner, root, name=root.name, clock=session.clock,
                         sleep=session.sleep, screenshots=screenshots)  # fmt: skip
        self.bundle.info["agent"] = True
        self.bundle.durable = live  # a scratch bundle dies with the process: no fsync per step
        with self._saving():  # "recording" on disk from the start: a crash leaves it restorable
            self.bundle.save_manifest()
        self._saved: set[Path] = set()
        self._trouble: str | None = None
        """The last save problem the agent was told of (said once until a save works)."""

    # ----------------------------------------------------------------- keeping
    def keep(
        self,
        command: Command,
        arguments: Mapping[str, Any],
        ok: bool,
        timing: Mapping[str, float],
    ) -> str | None:
        """Keep the call that just ran (module docstring); a warning for the reply, or None."""
        acted_on, actions = self.watch.take()
        if not ok:
            return None
        try:
            with self._lock:
                if command.name == "AC_assert":
                    return self._keep_check(dict(arguments))
                if command.category is not Category.MUTATING or not actions:
                    return None
                if len(self.steps) >= MAX_STEPS:
                    return self._tell(f"the recording is full ({MAX_STEPS} steps); not kept")
                self._keep_step(command.name, dict(arguments), acted_on, actions, timing)
        except DeltarecError as exc:
            return self._tell(f"{exc}; this step is not kept")
        self._trouble = None
        return None

    def keep_outcome(
        self, command: Command, arguments: Mapping[str, Any], outcome: StepOutcome
    ) -> StepOutcome:
        """:meth:`keep` for one tool call: ``outcome`` with the warning, if any."""
        warning = self.keep(command, arguments, outcome.ok, outcome.timing)
        if warning is None:
            return outcome
        return dataclasses.replace(outcome, warnings=(*outcome.warnings, warning))

    def keep_run(self, script: Script) -> Any:
        """The ``on_progress`` of ``ac_run_steps``: each of its steps kept as it ends."""
        commands = self.session.commands

        def progress(result: StepResult) -> None:
            step = script.steps[result.step]
            command = commands[step.command].parse(step.params, "$")
            self.keep(command, step.params, result.ok, result.timing)

        return progress

    def _tell(self, problem: str) -> str | None:
        said, self._trouble = self._trouble, problem
        return None if said == problem else f"recording: {problem}"

    def _look(self, obs: Observation) -> None:
        """``obs`` is the screen now (no step; no screenshot: it is no longer on screen)."""
        if self.screen is not None and obs == self.screen:
            return
        self.screen, self.screenshot = obs, None
        with self._saving():
            self.screen_number = self.bundle.add_observation(obs)
        if self.observer.index is None:
            self.observer.reset(obs)
        else:
            self.observer.step(obs)

    def _keep_step(self, name: str, arguments: dict[str, Any], acted_on: Observation | None,
                   actions: list[dict[str, Any]], timing: Mapping[str, float]) -> None:  # fmt: skip
        """One acting call as a recorded step: its screens, parameters, delta, checks."""
        self._look(acted_on or self.watch.last or self.session.settle())
        before = self.screen_number
        params, label = self._recorded(name, arguments, actions)
        step = RecordedStep(name, params, label or step_label(name, params),
                            timing=dict(timing), actions=actions)  # fmt: skip
        after = self.session.latest or self.session.settle()
        self._take_screen(after)
        self._describe(step, self.observer.step(after, gesture=self.session.gesture))
        step.before, step.after = before, self.screen_number
        self.steps.append(step)
        self._autosave(step)

    def _recorded(
        self, name: str, arguments: dict[str, Any], actions: list[dict[str, Any]]
    ) -> tuple[dict[str, Any], str | None]:
        """The step's parameters as the Script Builder writes them, and its label."""
        screen = self.index
        assert screen is not None
        first = actions[0]
        if name in _POINTED and first.get("kind") == _POINTED[name]:
            x, y, long = first["x"], first["y"], name == "AC_long_press"
            params = tap_params(screen, x, y, long=long, directions=self._directions)
            if long and "duration_ms" in arguments:
                params["duration_ms"] = arguments["duration_ms"]
            return params, tap_label(screen, x, y, long=long)
        if name == "AC_swipe" and first.get("kind") == "swipe":
            x1, y1, x2, y2 = (first[k] for k in ("x1", "y1", "x2", "y2"))
            params = swipe_params(screen, x1, y1, x2, y2)
            container = swiped_list(screen, x1, y1)
            if container is not None and "direction" in params:
                self._directions[screen.frame.keys[container]] = str(params["direction"])
            return params, None
        params = {k: v for k, v in arguments.items() if k not in _DROPPED and v is not None}
        if arguments.get("selector") is not None and first.get("kind") == "tap":
            field = tap_params(screen, first["x"], first["y"]).get("selector")
            if field is not None:  # the field its tap hit, as the Builder would name it
                params = {"selector": field, **params}
            else:
                params.pop("clear", None)  # no field to clear: type where the focus is
        return params, None

    def _keep_check(self, arguments: dict[str, Any]) -> str | None:
        """A passed ``ac_assert``: a check of the last step (an AC_assert step before any)."""
        selector = self._check_selector(arguments.get("selector"))
        if selector is None:
            return None
        check = as_check({**arguments, "selector": selector})
        if not self.steps:
            screen = self.watch.last
            if screen is not None:
                self._look(screen)
            step = RecordedStep("AC_assert", check, f"assert {check_label(check)}",
                                before=self.screen_number, after=self.screen_number)  # fmt: skip
            self.steps.append(step)
        elif not any(same_check(c, check) for c in self.steps[-1].checks):
            self.steps[-1].checks.append(check)
        self._autosave(None)
        return None

    def _check_selector(self, given: object) -> dict[str, Any] | None:
        """The assert's selector for a replay: the element it found, by a readable selector;
        as given when it found none and says nothing opaque; else None (not kept)."""
        screen = self.watch.last
        try:
            index = self.session.number(screen) if screen is not None else None
            found = find_all(Selector.from_json(given), index) if index is not None else []
        except DeltarecError:
            return None
        if len(found) == 1 and index is not None:
            made = selector_for(index.frame, found[0].pos)
            made.pop("alternates", None)  # a check reads as one fact, as suggested checks do
            return None if any(k in made for k in _OPAQUE) else made
        if isinstance(given, dict) and not any(k in given for k in _OPAQUE):
            return dict(given)
        return None

    # ------------------------------------------------------------------ saving
    def save(self, name: str | None = None) -> tuple[Path, int]:
        """Write the recording so far as the bundle ``folder/name`` (a name not given: the
        time); its path and step count. InputError for a bad name or a folder of
        another recording; DeltarecError when the folder cannot be written."""
        chosen = default_name() if name is None else check_name(name)
        target = self.folder / chosen
        with self._lock:
            if target.resolve() == self.bundle.root.resolve():
                self._autosave(None)
                return target, len(self.steps)
            if target.exists() and target.resolve() not in self._saved:
                raise InputError(
                    f"save_recording: {chosen!r} already exists in {self.folder}"
                    " (choose another name)"
                )
            try:
                self._copy(target, chosen)
            except OSError as exc:
                raise DeltarecError(
                    f"cannot save the recording in {self.folder}: {exc.strerror or exc};"
                    " the session goes on"
                ) from exc
            self._saved.add(target.resolve())
            return target, len(self.steps)

    def _copy(self, target: Path, name: str) -> None:
        """The live bundle, copied next to ``target`` and renamed into place, named and
        closed (a half-written copy is never at ``target``)."""
        self._autosave(None)
        self.folder.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(dir=self.folder, prefix=f".{name}."))
        try:
            shutil.copytree(self.bundle.root, staging, dirs_exist_ok=True)
            copy = Bundle.open(staging)
            copy.info.update({"name": name, "state": "closed"})
            copy.save_manifest()
            if target.exists():
                shutil.rmtree(target)
            staging.rename(target)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise

    def save_reply(self, arguments: Mapping[str, Any]) -> types.CallToolResult:
        """The ``save_recording`` tool: ``saved N steps to PATH`` (small), or an error."""
        unknown = sorted(set(arguments) - {"name"})
        if unknown:
            raise InputError(f"save_recording: unknown parameter {unknown[0]!r}")
        path, steps = self.save(arguments.get("name"))
        text = f"saved {steps} step{'s' * (steps != 1)} to {path}"
        data = {"ok": True, "path": str(path), "steps": steps}
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=text)], structuredContent=data
        )

    def close(self) -> None:
        """Mark the live recording finished; a temporary one is removed."""
        with suppress(DeltarecError):  # nothing more can be saved; what was saved stays
            super().close()
        if self._scratch is not None:
            self._scratch.cleanup()


def _fresh(root: Path) -> Path:
    """``root``, or ``root-2``, ``root-3`` … : a folder name not yet taken."""
    candidate, n = root, 1
    try:
        while candidate.exists():
            n += 1
            candidate = root.with_name(f"{root.name}-{n}")
    except OSError as exc:  # a name over the system's limit, a symlink loop on the way
        raise InputError(f"{candidate}: {exc.strerror or exc}") from None
    return candidate


def save_tool() -> ToolSpec:
    """The ``save_recording`` tool (no executor command behind it)."""
    name = {"type": "string", "description": "folder name"}
    schema = {"type": "object", "properties": {"name": name}, "additionalProperties": False}
    hints = tool_hints(read_only=False, destructive=False, idempotent=True, open_world=False)
    output = {"type": "object", "required": ["ok", "path", "steps"]}
    tool = types.Tool(name=SAVE_RECORDING, title="Save recording",
                      description="Save this session's actions as a replayable recording.",
                      inputSchema=schema, outputSchema=output, annotations=hints)  # fmt: skip
    return ToolSpec(tool, None)


__all__ = [
    "MAX_STEPS",
    "SAVE_RECORDING",
    "AgentRecording",
    "Watch",
    "check_name",
    "default_name",
    "save_tool",
]
