"""A recorded step's screen, read back from the recording for the device panel's "Step N" view.

Every recorded step names two observations of its bundle (``before``: the screen it
started on; ``after``: the one it left), each stored with its screenshot
(:class:`~deltarec.core.bundle.Bundle`). :func:`read_step_screen` reads one of them on
the worker thread: the observation, numbered afresh (:func:`~deltarec.core.observer.index_frame`),
the screenshot decoded for display, and the element the step acted on when its
selector names exactly one element of that screen (outlined on the picture).

Only the bundle's files are read, through the input boundary, never the session:
the recording's files are written once and never change, so no lock is needed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtGui import QImage

from deltarec.app.snapshot import decode_png, read_screenshot
from deltarec.core.bundle import Bundle
from deltarec.core.errors import DeltarecError
from deltarec.core.executor.selectors import Selector, find_all
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex, IndexedElement
from deltarec.core.observer import index_frame


@dataclass(frozen=True, slots=True)
class StepScreen:
    """One step's screen as the device panel shows it."""

    row: int
    before: bool
    index: ElementIndex
    image: QImage | None
    size: tuple[int, int]
    target: IndexedElement | None
    """What the step acted on (its selector's one match on this screen), else None."""

    @property
    def caption(self) -> str:
        return f"step {self.row + 1} · {'before' if self.before else 'after'}"


def _target(index: ElementIndex, params: Mapping[str, Any]) -> IndexedElement | None:
    raw = params.get("selector")
    if raw is None:
        return None
    try:
        matches = find_all(Selector.from_json(raw), index)
    except DeltarecError:
        return None
    if len(matches) != 1:
        return None
    m = matches[0]
    number = m.index if m.index is not None else -1
    return IndexedElement(number, m.pos, m.key, m.role, m.name, m.bounds)


def read_step_screen(root: Path, row: int, number: int, *, before: bool,
                     params: Mapping[str, Any]) -> StepScreen:  # fmt: skip
    """Observation ``number`` of the bundle at ``root`` as step ``row``'s screen (call on
    the worker: it reads and decodes files). A missing or damaged observation raises
    the input boundary's typed error, naming the file."""
    bundle = Bundle(root)
    obs = bundle.observation(number)
    index = index_frame(Frame(obs))
    shot = bundle.screenshot_path(number)
    image = decode_png(read_screenshot(shot)) if shot is not None else None
    size = (obs.width, obs.height)
    return StepScreen(row, before, index, image, size, _target(index, params))
