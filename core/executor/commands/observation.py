"""The element-dict commands under the peer's names: pure functions of the frames given.

``AC_observation_index``, ``AC_serialize_observation``, ``AC_match_elements`` and
``AC_assign_stable_ids`` run :mod:`deltarec.core.elements` on what the caller passes
(element dicts, a uiautomator dump or Appium page source, or observation JSON, as
``AC_delta_observation`` takes them) and return its result as JSON, in the peer's shapes
(``{count, elements}``,
``{observation, count}``, ``{matched, added, removed}``). They never touch the device,
the session's baseline or its ``[i]`` numbers: an ``index`` here numbers the frame
given, not the screen (``AC_observe`` and ``AC_describe_screen`` show the session's).

Bad input fails validation with its JSON path (``$.elements[2].x``); every value has
passed the input boundary's size and nesting limits before it runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deltarec.core.elements import (
    assign_stable_ids,
    match_elements,
    observation_index,
    serialize_observation,
)
from deltarec.core.executor.commands.base import Category, Command
from deltarec.core.executor.commands.readonly import CaptureKind, as_observation
from deltarec.core.executor.params import BOOL, Int, IntList, Number, param

if TYPE_CHECKING:
    from deltarec.core.executor.context import Context

IOU = Number(minimum=0.0, maximum=1.0)
CAP = Int(minimum=1, maximum=100_000)


class ElementsKind(CaptureKind):
    """A list of element dicts (ids are written on dicts, so nothing else will do)."""

    label = "an array of element objects"

    def parse(self, value: object, path: str) -> Any:
        if not isinstance(value, list):
            raise self.fail(value, path)
        return super().parse(value, path)


@dataclass(frozen=True, slots=True, kw_only=True)
class _OneFrame(Command):
    """The parameters of the commands that index one frame."""

    elements: Any = param(CaptureKind(), "element dicts, a dump or observation JSON")
    viewport: tuple[int, ...] | None = param(IntList(4), "[x, y, w, h] to keep", default=None)
    max_elements: int = param(CAP, "index cap", default=80)
    interactive_only: bool = param(BOOL, "interactive elements only", default=True)

    def indexed(self) -> list[dict[str, Any]]:
        return observation_index(
            as_observation(self.elements),
            viewport=self.viewport,
            max_elements=self.max_elements,
            interactive_only=self.interactive_only,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ObservationIndex(_OneFrame):
    """The frame's on-screen elements in reading order, capped: ``{count, elements}``.

    Each element dict carries its ``index`` (0, 1, 2 … in reading order) and its name as
    deltarec labels it. Read-only: the device is not used. Timeout: none (pure).
    Errors: ScriptValidationError for a frame that is not one.
    """

    name = "AC_observation_index"
    category = Category.READONLY

    def run(self, ctx: Context) -> dict[str, Any]:
        indexed = self.indexed()
        return {"count": len(indexed), "elements": indexed}


@dataclass(frozen=True, slots=True, kw_only=True)
class SerializeObservation(_OneFrame):
    """The frame as ``[i] role "name" @(cx,cy)`` lines: ``{observation, count}``.

    The lines of :func:`~deltarec.core.elements.serialize_observation`, and how many.
    Read-only: the device is not used. Timeout: none (pure). Errors: ScriptValidationError.
    """

    name = "AC_serialize_observation"
    category = Category.READONLY

    def run(self, ctx: Context) -> dict[str, Any]:
        text = serialize_observation(
            as_observation(self.elements),
            viewport=self.viewport,
            max_elements=self.max_elements,
            interactive_only=self.interactive_only,
        )
        return {"observation": text, "count": len(text.splitlines())}


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchElements(Command):
    """Pair two frames' elements: ``{matched: [{before, after, iou}], added, removed}``.

    By evidence (content, resource id, children), then overlap; overlap alone never pairs
    two boxes whose IoU is under ``iou_threshold`` (:func:`~deltarec.core.elements.
    match_elements`). Read-only: the device is not used. Timeout: none (pure).
    Errors: ScriptValidationError.
    """

    name = "AC_match_elements"
    category = Category.READONLY

    before: Any = param(CaptureKind(), "the earlier frame")
    after: Any = param(CaptureKind(), "the later frame")
    iou_threshold: float = param(IOU, "least overlap that pairs by geometry", default=0.5)

    def run(self, ctx: Context) -> dict[str, Any]:
        return match_elements(
            as_observation(self.before),
            as_observation(self.after),
            iou_threshold=self.iou_threshold,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class AssignStableIds(Command):
    """Give each element dict an ``id``, carried from ``prior``'s: ``{count, elements}``.

    Without ``prior``: 0, 1, 2 …; with it, an element keeps the id of the prior element it
    is (:func:`~deltarec.core.elements.assign_stable_ids`), others take new ids beyond the
    highest. Read-only: the device is not used. Timeout: none (pure).
    Errors: ScriptValidationError.
    """

    name = "AC_assign_stable_ids"
    category = Category.READONLY

    elements: Any = param(ElementsKind(), "element dicts")
    prior: Any = param(ElementsKind(), "the previous frame's, with their ids", default=None)
    iou_threshold: float = param(IOU, "least overlap that pairs by geometry", default=0.5)

    def run(self, ctx: Context) -> dict[str, Any]:
        tagged = assign_stable_ids(self.elements, self.prior, iou_threshold=self.iou_threshold)
        return {"count": len(tagged), "elements": tagged}


__all__ = [
    "AssignStableIds",
    "ElementsKind",
    "MatchElements",
    "ObservationIndex",
    "SerializeObservation",
]
