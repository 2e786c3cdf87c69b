"""A device rebuilt from a recorded session bundle, so scripts replay with no phone.

:class:`ReplayDevice` starts on the bundle's first observation. Each mutating
action (tap, long press, swipe, text, key, launch, stop) is checked against
the next recorded action and moves the device to that step's recorded
``after`` observation. An action that does not match what was recorded (a tap
outside the element that was tapped, a swipe where a tap was recorded, text
that differs) raises :class:`~core.errors.DeviceError` naming the step, what
was recorded and what was asked: replaying a script that diverged from its
recording cannot know what the phone would have shown. Read-only calls
(capture, screenshot, current_app, window_size) never advance.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.bundle import Bundle
from core.devices.base import AppInfo
from core.errors import DeviceError

if TYPE_CHECKING:
    from PIL.Image import Image

    from core.model import Observation

TAP_SLOP = 24
"""Pixels a replayed tap may land from the recorded point when no element box is known."""


class ReplayDevice:
    """The :class:`~core.devices.base.Device` of a recorded bundle (see the module docstring)."""

    def __init__(self, bundle: Bundle | str) -> None:
        self.bundle = bundle if isinstance(bundle, Bundle) else Bundle.open(bundle)
        self.serial = f"replay:{self.bundle.root}"
        self.position = 0
        """Index of the next recorded step to replay."""
        self._current = 0
        if self.bundle.observations == 0:
            raise DeviceError(f"bundle {self.bundle.root} holds no observation")

    # -- read-only -------------------------------------------------------------------

    def capture(self) -> Observation:
        return self.bundle.observation(self._current)

    def screenshot(self) -> Image:
        from PIL import Image as PILImage

        path = self.bundle.screenshot_path(self._current)
        if path is not None:
            with PILImage.open(path) as img:
                return img.convert("RGB")
        from core.render.wireframe import wireframe

        return wireframe(self.capture())

    def current_app(self) -> AppInfo:
        obs = self.capture()
        return AppInfo(obs.package, obs.activity)

    def window_size(self) -> tuple[int, int]:
        obs = self.capture()
        return obs.width, obs.height

    # -- actions ---------------------------------------------------------------------

    def _advance(self, action: dict[str, Any]) -> None:
        steps = self.bundle.steps
        while self.position < len(steps) and not steps[self.position].get("action"):
            self.position += 1  # steps that did not act (observe, assert) are skipped
        if self.position >= len(steps):
            raise DeviceError(f"replay has no recorded step left for {_describe(action)}")
        step = steps[self.position]
        recorded = step["action"]
        if not _same_action(recorded, action, self.capture()):
            raise DeviceError(
                f"replay diverged at step {self.position}: recorded {_describe(recorded)}, "
                f"asked {_describe(action)}"
            )
        self.position += 1
        self._current = int(step.get("after", self._current))

    def tap(self, x: int, y: int) -> None:
        self._advance({"kind": "tap", "x": x, "y": y})

    def long_press(self, x: int, y: int, duration_ms: int = 800) -> None:
        self._advance({"kind": "long_press", "x": x, "y": y})

    def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None:
        self._advance({"kind": "swipe", "x1": x1, "y1": y1, "x2": x2, "y2": y2})

    def type_text(self, text: str) -> None:
        self._advance({"kind": "type_text", "text": text})

    def press_key(self, key: str) -> None:
        self._advance({"kind": "press_key", "key": key})

    def launch_app(self, package: str, activity: str = "") -> None:
        self._advance({"kind": "launch_app", "package": package, "activity": activity})

    def stop_app(self, package: str) -> None:
        self._advance({"kind": "stop_app", "package": package})


def _describe(action: dict[str, Any]) -> str:
    args = ", ".join(f"{k}={v!r}" for k, v in action.items() if k != "kind")
    return f"{action.get('kind', '?')}({args})"


def _same_action(recorded: dict[str, Any], asked: dict[str, Any], before: Observation) -> bool:
    kind = recorded.get("kind")
    if kind != asked["kind"]:
        return False
    if kind in ("tap", "long_press"):
        return _near(recorded, asked, before)
    if kind == "swipe":
        return all(
            abs(int(recorded[k]) - int(asked[k])) <= TAP_SLOP for k in ("x1", "y1", "x2", "y2")
        )
    keys = [k for k in recorded if k != "kind"]
    return all(recorded.get(k) == asked.get(k) for k in keys)


def _near(recorded: dict[str, Any], asked: dict[str, Any], before: Observation) -> bool:
    """Same point within the slop, or inside the same innermost clickable element."""
    rx, ry, ax, ay = int(recorded["x"]), int(recorded["y"]), int(asked["x"]), int(asked["y"])
    if abs(rx - ax) <= TAP_SLOP and abs(ry - ay) <= TAP_SLOP:
        return True
    target = None
    for node in before.walk():
        if (node.clickable or node.long_clickable) and node.bounds.contains_point(rx, ry):
            target = node  # document order: the last hit is the innermost
    return target is not None and target.bounds.contains_point(ax, ay)
