"""The files the CLI writes (``export -o``, ``run --report``), checked once before any work.

An output path is written atomically (a temporary file renamed over it), so whatever is at
the path is replaced: a FIFO another program reads, a device, a folder's symlink. Before
round 3 of hostile inputs (stop 60) ``export -o`` renamed its file over a FIFO (exit 0, the
pipe gone) and a folder, a parent that is a file or a name longer than the system takes
ended in a traceback. :func:`checked_output` refuses such a path in one line naming the
option and the path (exit 2); :func:`writing` turns an ``OSError`` of the write itself
(a full disk, a read-only folder) into the same kind of line.

    >>> checked_output("-o", "/dev/null")
    Traceback (most recent call last):
    ...
    deltarec.InputError: -o /dev/null: is a character device, not a regular file
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from deltarec.core.capture.boundary import file_kind
from deltarec.core.errors import InputError

SHOWN = 160
"""Longest path an error spells in full (a longer one keeps its ends around ``…``)."""


def shown(path: str) -> str:
    """``path`` as an error line shows it: at most :data:`SHOWN` characters, NUL escaped.

    >>> shown("x" * 300)[:5], len(shown("x" * 300))
    ('xxxxx', 160)
    """
    text = path.replace("\0", "\\0")
    if len(text) <= SHOWN:
        return text
    half = (SHOWN - 1) // 2
    return f"{text[:half]}…{text[-(SHOWN - 1 - half) :]}"


def checked_output(option: str, path: str, *, probe: bool = False) -> Path:
    """``path`` unless it cannot take a file written atomically: ``option`` and the path
    named in an :class:`~deltarec.core.errors.InputError`.

    Refused: a NUL character, a folder, anything but a regular file (a FIFO, a device, a
    socket; a symlink is judged by what it points to, a dangling one is replaced), a path
    the system cannot even look up (a name over its limit, a symlink loop, a parent that is
    a file). With ``probe`` a temporary file is made in the parent folder and removed (the
    folder must exist and take files); without it, a missing parent is left to the writer,
    which makes it.
    """
    where = f"{option} {shown(path)}"
    if "\0" in path:
        raise InputError(f"{where}: contains a NUL character")
    target = Path(path)
    try:
        mode: int | None = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:  # ENAMETOOLONG, ELOOP, ENOTDIR: the path itself is unusable
        raise InputError(f"{where}: {exc.strerror or exc}") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise InputError(f"{where}: is a directory")
    if mode is not None and not stat.S_ISREG(mode):
        raise InputError(f"{where}: is {file_kind(mode)}, not a regular file")
    if probe:
        with writing(option, path):
            fd, name = _probe(target)
        os.close(fd)
        os.unlink(name)
    return target


def _probe(target: Path) -> tuple[int, str]:
    import tempfile

    return tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")


@contextmanager
def writing(option: str, path: str | Path) -> Iterator[None]:
    """An ``OSError`` inside the block as one line naming ``option`` and ``path``."""
    try:
        yield
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise InputError(f"{option} {shown(str(path))}: cannot write there: {reason}") from None
