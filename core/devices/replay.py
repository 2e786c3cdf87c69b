"""A device rebuilt from a recorded session bundle, so scripts replay with no phone.

:class:`ReplayDevice` starts on the bundle's first observation. Each mutating
action (tap, long press, swipe, text, key, launch, stop, clear) is checked against
the next recorded action; the last action of a recorded step moves the device
to that step's ``after`` observation. An action that does not match what was recorded (a tap
outside the element that was tapped, a swipe where a tap was recorded, text
that differs) raises :class:`~deltarec.core.errors.DeviceError` naming the step, what
was recorded and what was asked: replaying a script that diverged from its
recording cannot know what the phone would have shown. Read-only calls
(capture, screenshot, current_app, window_size) never advance.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deltarec.core.bundle import Bundle
from deltarec.core.capture.boundary import read_bounded
from deltarec.core.capture.images import open_image
from deltarec.core.devices.base import AppInfo
from deltarec.core.errors import DeviceError

if TYPE_CHECKING:
    from PIL.Image import Image

    from deltarec.core.observe.model import Observation

TAP_SLOP = 24
"""Pixels a replayed tap may land from the recorded point when no element box is known."""


class ReplayDevice:
    """The :class:`~deltarec.core.devices.base.Device` of a recorded bundle (see the module doc)."""

    def __init__(self, bundle: Bundle | str) -> None:
        self.bundle = bundle if isinstance(bundle, Bundle) else Bundle.open(bundle)
        self.serial = f"replay:{self.bundle.root}"
        self.position = 0
        """Index of the next recorded action to replay."""
        self._current = 0
        if self.bundle.observations == 0:
            raise DeviceError(f"bundle {self.bundle.root} holds no observation")
        self.bundle.observation(0)  # a corrupt start screen is bad input now, not a failed step

    # -- read-only -------------------------------------------------------------------

    def capture(self) -> Observation:
        return self.bundle.observation(self._current)

    def screenshot(self) -> Image:
        """The recorded screenshot (a wireframe when none was kept).

        Read through the input boundary: a screenshot that is not a regular file, over
        its byte limit, not an image, or over
        :data:`~deltarec.core.capture.images.MAX_IMAGE_PIXELS` (checked from its
        header, before decoding) is a CaptureParseError naming it.
        """
        path = self.bundle.screenshot_path(self._current)
        if path is not None:
            data = read_bounded(path, what="screenshot")
            with open_image(data, where=str(path), what="screenshot") as img:
                return img.convert("RGB")
        from deltarec.core.render.wireframe import wireframe

        return wireframe(self.capture())

    def current_app(self) -> AppInfo:
        obs = self.capture()
        return AppInfo(obs.package, obs.activity)

    def window_size(self) -> tuple[int, int]:
        obs = self.capture()
        return obs.width, obs.height

    # -- actions ---------------------------------------------------------------------

    def _queue(self) -> list[tuple[int, dict[str, Any], int | None]]:
        """(step number, recorded action, observation after it or None) in replay order."""
        out: list[tuple[int, dict[str, Any], int | None]] = []
        for number, step in enumerate(self.bundle.steps):
            actions = step.get("actions") or ([step["action"]] if step.get("action") else [])
            for i, action in enumerate(actions):
                last = i == len(actions) - 1
                out.append(
                    (number, action, int(step["after"]) if last and "after" in step else None)
                )
        return out

    def _advance(self, action: dict[str, Any]) -> None:
        queue = self._queue()
        if self.position >= len(queue):
            raise DeviceError(f"replay has no recorded action left for {_describe(action)}")
        number, recorded, after = queue[self.position]
        if not _same_action(recorded, action, self.capture()):
            raise DeviceError(
                f"replay diverged at step {number + 1}: recorded {_describe(recorded)}, "
                f"asked {_describe(action)}"
            )
        self.position += 1
        if after is not None:
            self._current = after

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

    def clear_app(self, package: str) -> None:
        self._advance({"kind": "clear_app", "package": package})


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
