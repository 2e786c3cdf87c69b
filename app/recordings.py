"""Autosaved recordings on disk: where they go, which were never closed, setting one aside.

Every recording is a :mod:`deltarec.core.bundle` directory ``<root>/<timestamp>`` that
the :class:`~deltarec.core.recorder.session.RecordingSession` rewrites after each step.
``root`` is :func:`recordings_root`: ``$DELTAREC_HOME/recordings`` when that
variable is set, else the ``recordings`` folder of Qt's AppDataLocation. A
bundle still marked "recording" was not closed (a crash, a kill): the window
offers to restore the newest; the others, or a declined one, are marked
"discarded" (kept on disk, no longer offered).

These functions do file I/O: the Studio runs them on its worker thread.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from deltarec.core.bundle import Bundle, scan_recordings
from deltarec.core.errors import DeltarecError
from deltarec.core.recorder.session import find_unfinished


@dataclass(frozen=True, slots=True)
class Unfinished:
    """An autosaved recording that was never closed."""

    path: Path
    steps: int


def recordings_root() -> Path:
    """Where recordings are autosaved (see the module docstring)."""
    home = os.environ.get("DELTAREC_HOME")
    if home:
        return Path(home) / "recordings"
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".deltarec") / "recordings"


def new_bundle_dir(root: Path, now: datetime | None = None) -> Path:
    """A fresh ``root/<timestamp>`` folder name (not created); never an existing one."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    candidate = root / stamp
    n = 1
    while candidate.exists():
        n += 1
        candidate = root / f"{stamp}-{n}"
    return candidate


def unfinished(root: Path) -> list[Unfinished]:
    """Recordings under ``root`` never closed, oldest first (unreadable ones are skipped)."""
    found = []
    for path in find_unfinished(root):
        try:
            found.append(Unfinished(path, len(Bundle.open(path).steps)))
        except DeltarecError:
            continue
    return sorted(found, key=lambda u: (u.path / "manifest.json").stat().st_mtime)


def discard(items: Sequence[Unfinished]) -> None:
    """Stop offering these recordings for restore (they stay on disk)."""
    for item in items:
        bundle = Bundle.open(item.path)
        bundle.info["state"] = "discarded"
        bundle.save_manifest()


@dataclass(frozen=True, slots=True)
class Recording:
    """One autosaved recording on disk, as File → Recordings lists it."""

    path: Path
    name: str
    steps: int
    state: str  # recording (never closed) | closed | discarded
    modified: datetime


def recordings(root: Path) -> list[Recording]:
    """Every readable recording under ``root``, newest first (unreadable ones are skipped)."""
    found = []
    for bundle in scan_recordings(root)[0]:  # corrupt ones are left out (core warns of them)
        try:
            when = datetime.fromtimestamp((bundle.root / "manifest.json").stat().st_mtime)
        except OSError:
            continue
        name = str(bundle.info.get("name") or bundle.root.name)
        state = str(bundle.info.get("state", "closed"))
        found.append(Recording(bundle.root, name, len(bundle.steps), state, when))
    return sorted(found, key=lambda r: r.modified, reverse=True)


def delete(path: Path, root: Path) -> None:
    """Remove the recording folder ``path`` (only a folder directly under ``root``)."""
    path = Path(path).resolve()
    if path.parent != Path(root).resolve() or not (path / "manifest.json").is_file():
        raise DeltarecError(f"{path} is not a recording under {root}")
    shutil.rmtree(path)
