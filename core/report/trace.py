"""A pass-through device that remembers what each step acted on, for the report's outlines.

:class:`TracingDevice` wraps any :class:`~deltarec.core.devices.base.Device` and
forwards every call unchanged. On the side it keeps, per step, the screens
captured and the actions asked (tap, swipe, …) with the screen they were asked
on, so the report can outline the element a step touched *where it was when
touched*, even when the step moved it (a keyboard came up, a dialog opened).

Why a wrapper: a :class:`~deltarec.core.executor.runner.StepResult` names the element
it resolved (``result["key"]``) and the point it acted on, but not the
element's bounds, and the session only keeps the latest (after-the-step)
capture. Reading the key back from the screen the action was taken on gives
the bounds without touching the executor.

    >>> from deltarec.core.devices.virtual import make_virtual_device
    >>> dev = TracingDevice(make_virtual_device())
    >>> _ = dev.capture()
    >>> dev.tap(10, 20)
    >>> trace = dev.take()
    >>> [(a.kind, a.points) for a in trace.actions], trace.acted_on is not None
    ([('tap', ((10, 20),))], True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deltarec.core.devices.logging_device import LoggingDevice

if TYPE_CHECKING:
    from deltarec.core.devices.base import Device
    from deltarec.core.observe.model import Observation


@dataclass(frozen=True, slots=True)
class Action:
    """One action asked of the device: its kind, its points, the screen it was asked on.

    ``points`` is ``((x, y),)`` for a tap or long press, ``((x1, y1), (x2, y2))``
    for a swipe, ``()`` for text, keys and app control. ``before`` is the last
    capture taken before the action (None when nothing had been captured yet).
    """

    kind: str
    points: tuple[tuple[int, int], ...]
    before: Observation | None


@dataclass(frozen=True, slots=True)
class StepTrace:
    """What the device saw during one step: its actions, and the screens around them.

    ``start`` is the last capture known when the step began; ``captures`` the
    captures taken during the step, in order.
    """

    start: Observation | None
    actions: tuple[Action, ...] = ()
    captures: tuple[Observation, ...] = field(default=(), repr=False)

    @property
    def acted_on(self) -> Observation | None:
        """The screen the step acted (or looked) on.

        The screen before its first action; with no action, its last capture;
        with neither, the screen when it began.
        """
        if self.actions:
            return self.actions[0].before
        if self.captures:
            return self.captures[-1]
        return self.start

    @property
    def after(self) -> Observation | None:
        """The last screen known at the end of the step."""
        return self.captures[-1] if self.captures else self.start


class TracingDevice(LoggingDevice):
    """Forwards to ``inner``; records captures and actions until :meth:`take`.

    Errors: whatever ``inner`` raises, unchanged (an action that raised is
    still recorded: it was asked). Not thread-safe on its own; the session's
    lock already serialises steps.
    """

    def __init__(self, inner: Device) -> None:
        super().__init__(inner)
        self.last: Observation | None = None
        """The latest capture, across steps."""
        self._start: Observation | None = None
        self._traced: list[Action] = []
        self._captures: list[Observation] = []

    def take(self) -> StepTrace:
        """The trace since the previous :meth:`take` (or since creation), and start a new one."""
        trace = StepTrace(self._start, tuple(self._traced), tuple(self._captures))
        self._start, self._traced, self._captures = self.last, [], []
        self.take_actions()
        return trace

    def __getattr__(self, name: str) -> Any:
        # Optional device features (an adb device's ``shell``) stay visible through the wrapper.
        return getattr(self.inner, name)

    def logged(self, action: dict[str, Any]) -> None:
        super().logged(action)
        self._traced.append(Action(action["kind"], _points(action), self.last))

    def capture(self) -> Observation:
        obs = self.inner.capture()
        self.last = obs
        self._captures.append(obs)
        return obs


def _points(action: dict[str, Any]) -> tuple[tuple[int, int], ...]:
    if action["kind"] in ("tap", "long_press"):
        return ((action["x"], action["y"]),)
    if action["kind"] == "swipe":
        return ((action["x1"], action["y1"]), (action["x2"], action["y2"]))
    return ()
