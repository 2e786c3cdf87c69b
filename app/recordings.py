"""Autosaved recordings on disk: where they go, which were never closed, setting one aside.

Every recording is a :mod:`deltarec.core.bundle` directory ``<root>/<timestamp>`` that
the :class:`~deltarec.core.recorder.session.RecordingSession` rewrites after each step.
``root`` is :func:`recordings_root`: ``$DELTAREC_HOME/recordings`` when that
variable is set, else the ``recordings`` folder of Qt's AppDataLocation. A
bundle still marked "recording" was not closed (a crash, a kill): the window
offers to restore the newest; the others, or a declined one, are marked
"discarded" (kept on disk, no longer offered). Renaming a recording renames its folder
(:func:`move_bundle`: atomic, never over another folder); any bundle folder elsewhere
opens too (:func:`check_bundle`: File ▸ Open recording folder…).

These functions do file I/O: the Studio runs them on its worker thread.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from deltarec.core.bundle import Bundle, scan_recordings
from deltarec.core.errors import CaptureParseError, DeltarecError, InputError
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


FOLDER_BYTES = 240
"""Longest folder name written (UTF-8 bytes; file systems allow 255)."""

_NOT_IN_FOLDER_NAMES = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]+')


def folder_name(name: str) -> str:
    """The folder a recording called ``name`` lives in: path separators, control and
    Windows-reserved characters become ``_``, no leading dot or trailing dot or space, at
    most :data:`FOLDER_BYTES`; InputError when nothing is left.

    >>> folder_name("sign up: 2/3"), folder_name("Anmeldung ä")
    ('sign up_ 2_3', 'Anmeldung ä')
    >>> folder_name("..")
    Traceback (most recent call last):
    deltarec.InputError: Rename recording: '..' gives no folder name (use letters or digits)
    """
    folder = _NOT_IN_FOLDER_NAMES.sub("_", name).lstrip(". ").rstrip(". ")
    folder = folder.encode("utf-8")[:FOLDER_BYTES].decode("utf-8", "ignore").rstrip(". ")
    if not folder:
        raise InputError(f"Rename recording: {name!r} gives no folder name (use letters or digits)")
    return folder


def move_bundle(old: Path, folder: str) -> Path:
    """Rename the recording folder ``old`` to ``folder`` beside it; the new path.

    Never over another folder or file: the name is claimed first with ``mkdir`` (which
    fails when anything has it), then the bundle is renamed onto that empty folder in one
    atomic ``rename``. On any failure the claim is dropped and ``old`` is as it was:
    InputError when the name is taken, DeltarecError naming the OS's reason otherwise.
    """
    new = old.parent / folder
    if new == old:
        return old
    try:
        new.mkdir()
    except FileExistsError:
        raise InputError(
            f'Rename recording: "{folder}" already exists in {old.parent}; choose another name'
        ) from None
    except OSError as exc:
        problem = exc.strerror or exc
        raise DeltarecError(f"Rename recording: cannot create {new}: {problem}") from exc
    try:
        os.replace(old, new)  # POSIX: atomically replaces the empty folder just made
    except OSError as exc:
        new.rmdir()
        raise DeltarecError(
            f"Rename recording: cannot rename {old} to {new}: {exc.strerror or exc}"
        ) from exc
    return new


def check_bundle(path: Path) -> Path:
    """``path`` when it is a recording folder (a bundle with steps that replay), else
    CaptureParseError naming the folder and what is wrong."""
    if not path.is_dir():
        raise CaptureParseError("not a folder", where=str(path))
    if not (path / "manifest.json").is_file():
        raise CaptureParseError(
            "not a recording folder (no manifest.json: a recording, or an MCP --record "
            "folder, holds one)",
            where=str(path),
        )
    Bundle.open(path).require("command")
    return path
