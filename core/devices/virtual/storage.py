"""The virtual phone's files: kept in memory, bounded in total like a disk that can fill.

:class:`Storage` maps paths to bytes behind its own lock (never the phone's), so a
copy of a large file blocks no tap or dump. Every write is checked against
``capacity`` *before* a byte is copied: a write that would take the total past it
raises :class:`NoSpace` (``OSError`` with ``ENOSPC``: "No space left on device", what a
full ``/sdcard`` answers) and changes nothing. A write takes its data as chunks and
joins them once, so ``cat a a a … > b`` costs the size of ``b``, never the square of it.

    >>> disk = Storage(capacity=8)
    >>> disk.write("/sdcard/a", [b"abc", b"def"])
    >>> disk.write("/sdcard/a", [b"gh"], append=True)
    >>> disk["/sdcard/a"], disk.used
    (b'abcdefgh', 8)
    >>> disk.write("/sdcard/b", [b"x"])
    Traceback (most recent call last):
    ...
    deltarec.core.devices.virtual.storage.NoSpace: [Errno 28] No space left on device: '/sdcard/b'
"""

from __future__ import annotations

import errno
import os
import threading
from collections.abc import Iterable, Iterator, Mapping

DEFAULT_CAPACITY = 128 * 1024 * 1024
"""Bytes all files together may hold (a screenshot is ~80 KB, uiautomator2's jar ~1 MB)."""


class NoSpace(OSError):
    """A write would take the storage past its capacity; nothing was written."""

    def __init__(self, path: str) -> None:
        super().__init__(errno.ENOSPC, os.strerror(errno.ENOSPC), path)


class Storage(Mapping[str, bytes]):
    """Files by path, at most ``capacity`` bytes in all; thread-safe, read-only as a Mapping."""

    def __init__(self, capacity: int = DEFAULT_CAPACITY) -> None:
        self.capacity = capacity
        self._files: dict[str, bytes] = {}
        self._used = 0
        self._lock = threading.Lock()

    @property
    def used(self) -> int:
        """Bytes held by all files now."""
        return self._used

    def __getitem__(self, path: str) -> bytes:
        with self._lock:
            return self._files[path]

    def __iter__(self) -> Iterator[str]:
        with self._lock:
            return iter(list(self._files))

    def __len__(self) -> int:
        return len(self._files)

    def read(self, path: str) -> bytes | None:
        """The file's bytes, or None when it does not exist."""
        with self._lock:
            return self._files.get(path)

    def write(self, path: str, chunks: Iterable[bytes], *, append: bool = False) -> None:
        """Make ``path`` hold ``chunks`` joined (after its old bytes with ``append``).

        Raises :class:`NoSpace`, changing nothing, when the total would pass the capacity.
        """
        parts = list(chunks)
        size = sum(len(p) for p in parts)
        with self._lock:
            old = self._files.get(path, b"")
            if append:
                size += len(old)
            if self._used - len(old) + size > self.capacity:
                raise NoSpace(path)
            data = b"".join([old, *parts] if append else parts)
            self._files[path] = data
            self._used += len(data) - len(old)

    def remove(self, path: str) -> bool:
        """Delete ``path``; False when it did not exist."""
        with self._lock:
            data = self._files.pop(path, None)
            if data is None:
                return False
            self._used -= len(data)
            return True
