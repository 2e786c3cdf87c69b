"""Hold the cyclic garbage collector while one call builds a large acyclic structure.

A frame of 50,000 elements is some 400,000 new objects (nodes, boxes, child tuples, keys)
that all survive the call's first phases. CPython starts a full collection whenever the
objects that survived into the oldest generation grew by a quarter, and a full collection
visits every tracked object: building one frame ran about six of them, and the cost per
element at 50,000 was 2–3× the cost at 1,000, with the collector off 1.8×. Nothing the
pipeline builds is a reference cycle (trees of frozen values, lists of positions), so the
collector has nothing of ours to find; :func:`gc_paused` holds it for the call and gives it
back as it was.

Threads: the collector is one switch for the whole interpreter, so the sections are counted
under a lock: the first to enter turns it off (when it was on), the last to leave turns it
back on. Another thread's cycles wait until then, a call's length at most (input sizes are
bounded at :mod:`deltarec.core.capture.boundary`); memory that is not a cycle is freed by
reference counting as ever.

    >>> import gc
    >>> was = gc.isenabled()
    >>> with gc_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled() == was
    True
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from functools import wraps
from types import TracebackType
from typing import ParamSpec, TypeVar

_P = ParamSpec("_P")
_R = TypeVar("_R")

_lock = threading.Lock()
_depth = 0
_turned_off = False


class gc_paused:  # named as the function it was: ``with gc_paused():``
    """The collector off inside the block (nested and concurrent blocks share one pause).

    A block (``with gc_paused():``) or a decorator (``@gc_paused()``). A plain class, not
    :func:`contextlib.contextmanager`: a call pauses twice, and a generator made and driven
    per block was a few microseconds of a small delta's fixed cost (issue 19)."""

    __slots__ = ()

    def __enter__(self) -> None:
        global _depth, _turned_off
        with _lock:
            if _depth == 0:
                _turned_off = gc.isenabled()
                if _turned_off:
                    gc.disable()
            _depth += 1

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        global _depth, _turned_off
        with _lock:
            _depth -= 1
            if _depth == 0 and _turned_off:
                _turned_off = False
                gc.enable()

    def __call__(self, func: Callable[_P, _R]) -> Callable[_P, _R]:
        @wraps(func)
        def paused(*args: _P.args, **kwargs: _P.kwargs) -> _R:
            with self:
                return func(*args, **kwargs)

        return paused
