"""The pipeline in one call: two observations in, a budgeted delta (text and JSON) out.

:class:`Observer` keeps the last frame and its index, so element numbers stay
stable across a session of steps; :func:`observe_delta` is the one-shot form.

    >>> from core.capture.uiautomator import parse_uiautomator
    >>> a = parse_uiautomator('<hierarchy><node class="android.widget.Switch" text="Wi-Fi"'
    ...     ' checkable="true" bounds="[0,0][100,40]"/></hierarchy>')
    >>> b = parse_uiautomator('<hierarchy><node class="android.widget.Switch" text="Wi-Fi"'
    ...     ' checkable="true" checked="true" bounds="[0,0][100,40]"/></hierarchy>')
    >>> print(observe_delta(a, b).text)
    ~ [0] switch "Wi-Fi" (checked: false→true)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.diff.compute import Delta, compute_delta, to_json
from core.diff.types import ObservationDiff
from core.diff.volatile import DEFAULT_VOLATILE, Volatile
from core.frame import Frame
from core.index import ElementIndex, build_index
from core.model import Observation
from core.render.budget import fit
from core.render.delta_text import Line, delta_entries
from core.render.frame_text import render_frame


@dataclass(frozen=True, slots=True)
class IndexOptions:
    """How a frame is indexed: viewport ``[x, y, w, h]``, cap, interactive filter."""

    viewport: Sequence[int] | None = None
    max_elements: int | None = None
    interactive_only: bool = False


@dataclass(frozen=True, slots=True)
class DeltaResult:
    """A rendered delta: the text, the structured diff, and the new frame's index."""

    text: str
    delta: Delta
    prev_index: ElementIndex
    index: ElementIndex
    entries: list[Line]
    """Every line with its kind, before the budget cut ``text``."""

    @property
    def diff(self) -> ObservationDiff:
        return to_json(self.delta)

    @property
    def empty(self) -> bool:
        return self.delta.empty


def index_frame(
    frame: Frame,
    options: IndexOptions = IndexOptions(),
    *,
    previous: ElementIndex | None = None,
    pairs: dict[int, int] | None = None,
) -> ElementIndex:
    return build_index(
        frame,
        viewport=options.viewport,
        max_elements=options.max_elements,
        interactive_only=options.interactive_only,
        previous=previous,
        pairs=pairs,
    )


def observe_delta(
    prev: Observation | Frame,
    curr: Observation | Frame,
    *,
    volatile: Volatile = DEFAULT_VOLATILE,
    options: IndexOptions = IndexOptions(),
    prev_index: ElementIndex | None = None,
    max_lines: int | None = 40,
    max_tokens: int | None = None,
) -> DeltaResult:
    """Diff ``prev`` → ``curr`` and render it. ``prev_index`` keeps numbers from earlier steps."""
    delta = compute_delta(prev, curr, volatile=volatile)
    if prev_index is None or prev_index.frame is not delta.prev:
        prev_index = index_frame(delta.prev, options, previous=prev_index)
    index = index_frame(delta.curr, options, previous=prev_index, pairs=delta.pairs)
    entries = delta_entries(delta, prev_index, index)
    lines = [e.text for e in entries] or ["no change"]
    text = fit(lines, max_lines=max_lines, max_tokens=max_tokens)
    return DeltaResult(text, delta, prev_index, index, entries)


def observe_frame(
    obs: Observation,
    *,
    options: IndexOptions = IndexOptions(),
    tree: bool = True,
    max_lines: int | None = None,
    max_tokens: int | None = None,
) -> str:
    """The full frame as text (what a delta saves an agent from re-reading)."""
    return render_frame(
        index_frame(Frame(obs), options), tree=tree, max_lines=max_lines, max_tokens=max_tokens
    )


class Observer:
    """Keeps the baseline frame between steps so ``[i]`` numbers stay stable.

    ``step(curr)`` returns the delta from the baseline and makes ``curr`` the new
    baseline; ``reset(curr)`` sets a baseline without a delta (a full snapshot).
    """

    def __init__(
        self, options: IndexOptions = IndexOptions(), volatile: Volatile = DEFAULT_VOLATILE
    ):
        self.options = options
        self.volatile = volatile
        self.index: ElementIndex | None = None

    @property
    def baseline(self) -> Observation | None:
        return self.index.frame.obs if self.index is not None else None

    def reset(self, obs: Observation) -> ElementIndex:
        self.index = index_frame(Frame(obs), self.options)
        return self.index

    def step(
        self, curr: Observation, *, max_lines: int | None = 40, max_tokens: int | None = None
    ) -> DeltaResult:
        if self.index is None:
            self.reset(curr)
        assert self.index is not None
        result = observe_delta(
            self.index.frame,
            curr,
            volatile=self.volatile,
            options=self.options,
            prev_index=self.index,
            max_lines=max_lines,
            max_tokens=max_tokens,
        )
        self.index = result.index
        return result
