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
:class:`~core.devices.replay.ReplayDevice` checks replayed actions against.
Every file is written atomically (temp file, then rename), and the manifest
last, so a crash mid-step leaves the previous complete step readable.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.capture.jsonio import observation_from_json, observation_to_json
from core.errors import CaptureParseError
from core.model import Observation

FORMAT = "deltarec.bundle/1"


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so readers see the old file or the new one, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
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
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise CaptureParseError(f"cannot read bundle: {exc.strerror}", where=str(path)) from exc
        except json.JSONDecodeError as exc:
            raise CaptureParseError(f"malformed manifest: {exc}", where=str(path)) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CaptureParseError(f"not a {FORMAT} manifest", where=str(path))
        steps = data.get("steps", [])
        if not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
            raise CaptureParseError("steps must be a list of objects", where=f"{path}:$.steps")
        info = data.get("info", {})
        return cls(
            Path(root),
            dict(data.get("device", {})),
            steps,
            int(data.get("observations", 0)),
            dict(info) if isinstance(info, dict) else {},
        )

    def save_manifest(self) -> None:
        manifest = {
            "format": FORMAT,
            "device": self.device,
            "observations": self.observations,
            "info": self.info,
            "steps": self.steps,
        }
        write_atomic(self.root / "manifest.json", json.dumps(manifest, indent=1).encode())

    def add_observation(self, obs: Observation, screenshot_png: bytes | None = None) -> int:
        """Store one capture; returns its number. The manifest is not rewritten."""
        number = self.observations
        name = f"{number:04d}"
        data = json.dumps(observation_to_json(obs), ensure_ascii=False).encode("utf-8")
        write_atomic(self.root / "observations" / f"{name}.json", data)
        if screenshot_png is not None:
            write_atomic(self.root / "screenshots" / f"{name}.png", screenshot_png)
        self.observations += 1
        return number

    def add_step(self, step: dict[str, Any]) -> None:
        """Append a step and rewrite the manifest (the commit point of a recorded step)."""
        self.steps.append(step)
        self.save_manifest()

    def observation(self, number: int) -> Observation:
        path = self.root / "observations" / f"{number:04d}.json"
        try:
            return observation_from_json(json.loads(path.read_text(encoding="utf-8")))
        except OSError as exc:
            raise CaptureParseError(
                f"missing observation: {exc.strerror}", where=str(path)
            ) from exc
        except json.JSONDecodeError as exc:
            raise CaptureParseError(f"malformed observation: {exc}", where=str(path)) from None

    def screenshot_path(self, number: int) -> Path | None:
        path = self.root / "screenshots" / f"{number:04d}.png"
        return path if path.exists() else None
