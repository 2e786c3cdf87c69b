"""The last few frames built from element dicts or capture text, kept by their content.

A caller of the element-dict API (``delta_observation(prev, curr)``) passes each screen
twice: as ``curr`` on one step and as ``prev`` on the next. Turning the dicts into nodes
and the nodes into a keyed :class:`~deltarec.core.observe.frame.Frame` is pure and was
half of such a call's time, so :func:`frame_of` keeps the last :data:`KEPT` frames, keyed
by their content spelled out (the dicts in :mod:`marshal`'s format, which C code writes in
a fraction of the conversion's time, or the capture text itself). A frame is an immutable
value whose lazily computed facts are pure too, so sharing one between calls, or threads,
is safe.

Only plain data is kept: dicts, lists, strings, numbers, booleans and ``None`` of exactly
those types (:mod:`marshal` refuses a subclass, whose content it cannot tell), no larger
than :data:`MAX_KEY` bytes spelled out. Anything else is converted every time. Why
``marshal`` and not ``repr`` or ``json``: it tells a tuple from a list, 1 from "1" and
True, as ``repr`` does, refuses what is not plain data, as ``json`` does, and is several
times faster than either (the key was a sixth of a cold call's time).

    >>> a = frame_of([{"role": "button", "name": "OK", "x": 0, "y": 0, "width": 9, "height": 9}])
    >>> a is frame_of([{"role": "button", "name": "OK", "x": 0, "y": 0, "width": 9, "height": 9}])
    True
"""

from __future__ import annotations

import marshal
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from deltarec.core.capture.dict_frame import elements_frame
from deltarec.core.capture.element_dicts import forget_boxes, listed, reaches_at_most
from deltarec.core.capture.element_frames import frame_like
from deltarec.core.capture.jsonio import load_capture
from deltarec.core.observe import identity
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Observation

KEPT = 8
"""How many frames are kept (a step needs two; the next step's ``prev`` is one of them)."""

MAX_KEY = 4_000_000
"""Largest content, in bytes spelled out, whose frame is kept."""

_MARSHAL_VERSION = 2
"""Without the back-references of version 3+, which depend on reference counts: equal
content is spelled out alike whoever else holds it."""

_frames: OrderedDict[tuple[str, str, str | bytes], Frame] = OrderedDict()
_lock = threading.Lock()


def frame_of(
    data: Any, *, viewport: Sequence[int] | None = None, like: tuple[Any, Frame] | None = None
) -> Frame:
    """``data`` (element dicts, a dump or observation JSON, or an Observation) as a Frame.

    ``like``: the previous screen's element dicts and their frame (with this ``viewport``),
    from which the frame of element dicts is built when they have its shape
    (:func:`~deltarec.core.capture.element_frames.frame_like`)."""
    if isinstance(data, Observation):
        return Frame(data)
    key = _key(data, viewport)
    if key is not None:
        with _lock:
            frame = _frames.get(key)
            if frame is not None:
                _frames.move_to_end(key)
                return frame
    if isinstance(data, str | bytes):
        frame = Frame(load_capture(data))
    else:
        built = None if like is None else frame_like(data, *like, viewport=viewport)
        if built is None:
            built = elements_frame(listed(data), viewport=viewport)
        frame = built
    if key is not None:
        with _lock:
            _frames[key] = frame
            while len(_frames) > KEPT:
                _frames.popitem(last=False)
    return frame


def clear() -> None:
    """Forget every kept frame, and the hashes and boxes the last ones made (benchmarks measure
    the cold path with it)."""
    with _lock:
        _frames.clear()
    identity.clear()
    forget_boxes()


def _key(data: Any, viewport: Sequence[int] | None) -> tuple[str, str, str | bytes] | None:
    if isinstance(data, str | bytes):
        return ("text", "", data) if len(data) <= MAX_KEY else None
    if type(data) is not list or not reaches_at_most(data, MAX_KEY):
        return None
    try:  # plain data of exact types only (raises on anything else, or too deep)
        spelled = marshal.dumps(data, _MARSHAL_VERSION)
    except (TypeError, ValueError, RecursionError):
        return None
    if len(spelled) > MAX_KEY:
        return None
    return ("elements", repr(None if viewport is None else list(viewport)), spelled)
