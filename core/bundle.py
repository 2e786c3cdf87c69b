"""Session bundles: a recording on disk (script, observations, screenshots, manifest).

Layout of a bundle directory::

    manifest.json            {"format": "deltarec.bundle/1", "device": {...}, "steps": [...]}
    script.json              the exported script (written by the recorder)
    observations/0000.json   observation JSON, one per capture (0000 = before the first step)
    screenshots/0000.png     optional, same numbering

A manifest step is ``{"command", "params", "actions", "before", "after",
"delta", "timing", …}`` where ``before``/``after`` are observation numbers and
``actions`` what the device was asked to do, in order (``[{"kind": "tap",
"x":…, "y":…}]``; a single ``action`` is accepted too) — what a
:class:`~deltarec.core.devices.replay.ReplayDevice` checks replayed actions against.
Every file is written atomically (temp file, then rename), and the manifest
last, so a crash mid-step leaves the previous complete step readable.
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deltarec.core.capture.boundary import read_json
from deltarec.core.capture.jsonio import observation_from_json, observation_to_json
from deltarec.core.errors import CaptureParseError, InputError
from deltarec.core.observe.model import Observation

FORMAT = "deltarec.bundle/1"

_STEP_TYPES: dict[str, type | tuple[type, ...]] = {
    "command": str,
    "label": str,
    "delta": str,
    "params": dict,
    "timing": dict,
    "actions": list,
    "action": (dict, type(None)),
    "before": int,
    "after": int,
}
"""The manifest step fields readers use, and their JSON types (others are kept as they are)."""
_ACTION_NUMBERS = ("x", "y", "x1", "y1", "x2", "y2", "duration_ms")
_ACTION_TEXTS = ("kind", "text", "key", "package", "activity")


_UMASK_LOCK = threading.Lock()


def current_umask() -> int:
    """The process's umask, read without changing it where the system tells it
    (``/proc/self/status``); elsewhere set and restored under a lock."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    with _UMASK_LOCK:
        mask = os.umask(0o022)
        os.umask(mask)
    return mask


def new_file_mode() -> int:
    """The mode ``open()`` gives a new file: 0666 less the umask.

    A temp file from :func:`tempfile.mkstemp` is 0600 whatever the umask; the
    atomic writers set this mode on it before renaming it over the target, so an
    export, a screenshot or a report is readable by whom the user's umask says.
    """
    return 0o666 & ~current_umask()


def write_atomic(path: Path, data: bytes, *, durable: bool = True) -> None:
    """Write ``data`` to ``path`` so readers see the old file or the new one, never half.

    The file gets the mode a plain ``open()`` would give it (:func:`new_file_mode`).
    ``durable``: on disk before the rename (fsync); without it a power cut may lose the
    write (a scratch bundle that dies with the process anyway: the MCP server's own).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, new_file_mode())
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@dataclass
class Bundle:
    """An open bundle directory (see the module docstring)."""

    root: Path
    device: dict[str, Any] = field(default_factory=dict)
    steps: list[dict[str, Any]] = field(default_factory=list)
    observations: int = 0
    info: dict[str, Any] = field(default_factory=dict)
    """Free-form facts about the recording (name, state: "recording" | "closed")."""
    durable: bool = True
    """Every write is fsynced (:func:`write_atomic`); off for a scratch bundle."""

    @classmethod
    def create(cls, root: str | Path, device: dict[str, Any]) -> Bundle:
        bundle = cls(Path(root), dict(device))
        bundle.root.mkdir(parents=True, exist_ok=True)
        bundle.save_manifest()
        return bundle

    @classmethod
    def open(cls, root: str | Path) -> Bundle:
        """Read a bundle; a missing or malformed manifest is a CaptureParseError."""
        path = Path(root) / "manifest.json"
        data = read_json(path, what="bundle manifest")
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CaptureParseError(f"not a {FORMAT} manifest", where=str(path))
        steps = data.get("steps", [])
        if not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
            raise CaptureParseError("steps must be a list of objects", where=f"{path}:$.steps")
        for i, step in enumerate(steps):
            _check_step(step, f"{path}:$.steps[{i}]")
        device, info = data.get("device", {}), data.get("info", {})
        observations = data.get("observations", 0)
        if not isinstance(device, dict):
            raise CaptureParseError("device must be an object", where=f"{path}:$.device")
        if not isinstance(info, dict):
            raise CaptureParseError("info must be an object", where=f"{path}:$.info")
        if type(observations) is not int or observations < 0:
            raise CaptureParseError("observations must be a count", where=f"{path}:$.observations")
        return cls(Path(root), device, steps, observations, info)

    def require(self, key: str) -> None:
        """Refuse the bundle (CaptureParseError) when a step lacks ``key``."""
        for i, step in enumerate(self.steps):
            if key not in step:
                where = f"{self.root / 'manifest.json'}:$.steps[{i}]"
                raise CaptureParseError(f"a recorded step needs {key!r}", where=where)

    def save_manifest(self) -> None:
        manifest = {
            "format": FORMAT,
            "device": self.device,
            "observations": self.observations,
            "info": self.info,
            "steps": self.steps,
        }
        data = json.dumps(manifest, indent=1).encode()
        write_atomic(self.root / "manifest.json", data, durable=self.durable)

    def add_observation(self, obs: Observation, screenshot_png: bytes | None = None) -> int:
        """Store one capture; returns its number. The manifest is not rewritten."""
        number = self.observations
        name = f"{number:04d}"
        data = json.dumps(observation_to_json(obs), ensure_ascii=False).encode("utf-8")
        write_atomic(self.root / "observations" / f"{name}.json", data, durable=self.durable)
        if screenshot_png is not None:
            shot = self.root / "screenshots" / f"{name}.png"
            write_atomic(shot, screenshot_png, durable=self.durable)
        self.observations += 1
        return number

    def add_step(self, step: dict[str, Any]) -> None:
        """Append a step and rewrite the manifest (the commit point of a recorded step)."""
        self.steps.append(step)
        self.save_manifest()

    def observation(self, number: int) -> Observation:
        path = self.root / "observations" / f"{number:04d}.json"
        data = read_json(path, what="observation")
        try:
            return observation_from_json(data)
        except CaptureParseError as exc:
            raise CaptureParseError(exc.problem, where=f"{path}:{exc.where}") from None

    def screenshot_path(self, number: int) -> Path | None:
        path = self.root / "screenshots" / f"{number:04d}.png"
        return path if path.exists() else None


def _check_step(step: dict[str, Any], where: str) -> None:
    """Refuse a manifest step whose fields have the wrong JSON types (CaptureParseError)."""
    for key, kind in _STEP_TYPES.items():
        if key in step and (
            not isinstance(step[key], kind) or isinstance(step[key], bool)  # bool is an int
        ):
            raise CaptureParseError(f"{key} has the wrong type", where=f"{where}.{key}")
    for key in ("before", "after"):
        if step.get(key, 0) < 0:
            raise CaptureParseError(f"{key} must be an observation number", where=f"{where}.{key}")
    actions = list(step.get("actions") or ()) + ([step["action"]] if step.get("action") else [])
    for i, action in enumerate(actions):
        at = f"{where}.actions[{i}]"
        if not isinstance(action, dict):
            raise CaptureParseError("an action must be an object", where=at)
        for key in _ACTION_NUMBERS:
            if key in action and type(action[key]) is not int:
                raise CaptureParseError(f"{key} must be an integer", where=f"{at}.{key}")
        for key in _ACTION_TEXTS:
            if key in action and not isinstance(action[key], str):
                raise CaptureParseError(f"{key} must be a string", where=f"{at}.{key}")


def scan_recordings(folder: str | Path) -> tuple[list[Bundle], list[tuple[Path, InputError]]]:
    """Every bundle directly under ``folder``: (readable, unreadable with the reason).

    A corrupt bundle (bad UTF-8, wrong types, a truncated manifest) never stops
    a scan: it is listed as unreadable, and the healthy ones are still returned.
    Both lists are in path order.
    """
    readable: list[Bundle] = []
    unreadable: list[tuple[Path, InputError]] = []
    for manifest in sorted(Path(folder).glob("*/manifest.json")):
        try:
            readable.append(Bundle.open(manifest.parent))
        except InputError as exc:
            unreadable.append((manifest.parent, exc))
    return readable, unreadable
