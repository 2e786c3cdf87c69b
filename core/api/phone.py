"""The phone: one device under test, driven a step at a time through the executor.

:func:`connect` opens a :class:`Phone` by name (``"virtual"``, an adb serial,
``SERIAL@HOST:PORT`` for a device behind another adb server such as a device
farm's, or ``"replay:DIR"``). Every action is one ``AC_*`` command run by the
executor's :class:`~deltarec.core.executor.Session` — the same validation, strict
selectors with alternates, waits, settle and typed errors as a JSON script —
with the batch policy ``deltarec run`` uses (``"all"``). What ran is kept in
:attr:`Phone.steps` as script steps, so a program and a JSON script can be
compared step for step.

    >>> from deltarec.core.api import connect
    >>> phone = connect("virtual")
    >>> phone.get(text="Sign up").tap()
    >>> print(phone.delta().splitlines()[0])
    screen dev.deltarec.playground/dev.deltarec.playground.SignUpActivity 1080x2400
    >>> phone.get(resource_id="name").fill("Ada")
    >>> print(phone.delta())
    + keyboard opened (covers y 1530–2400)
    ~ focus: none → [6] textbox "Ada"
    ~ [6] textbox "Ada" (text: "Name"→"Ada")
    ~ [10] button "Save" (enabled: false→true)
    >>> [step.command for step in phone.steps]
    ['AC_tap', 'AC_type_text']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import TracebackType
from typing import TYPE_CHECKING, Any

from deltarec.core.devices.base import Device
from deltarec.core.devices.open import open_device
from deltarec.core.executor import Category, Selector, Session, Step, StepOutcome
from deltarec.core.executor.registry import lookup

if TYPE_CHECKING:
    from PIL.Image import Image

    from deltarec.core.api.locator import Locator


def _ms(seconds: float) -> int:
    return round(seconds * 1000)


class Phone:
    """A device under test (see the module docstring).

    ``clock``/``sleep`` are injected into the executor (tests pass a fake clock); neither
    given, the device's own time where it keeps one (the virtual phone's clock: waiting moves
    it, :func:`~deltarec.core.executor.session.waits`), else the host's;
    ``settle_timeout`` bounds the wait for the screen to settle after each action.
    """

    def __init__(
        self,
        device: Device,
        *,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], None] | None = None,
        settle_timeout: float = 3.0,
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.session = Session(device, clock=clock, sleep=sleep, settle_timeout=settle_timeout)
        self.log = log
        """Told one line per step: ``3 AC_tap passed`` (steps counted from 1, as the
        export's comments count them; ``expect`` lines belong to the step before)."""
        self.actions = 0
        """Steps run so far, ``expect`` assertions aside."""
        self.steps: list[Step] = []
        """Every step run so far, as script steps (expectations as ``AC_assert``)."""
        self.last: StepOutcome | None = None
        """The outcome of the last step (passed or failed)."""
        self._observation: str | None = None

    # ------------------------------------------------------------------ basics
    @property
    def device(self) -> Device:
        return self.session.device

    @property
    def serial(self) -> str:
        """The device's serial (``virtual`` for the built-in phone)."""
        return self.device.serial

    def __repr__(self) -> str:
        return f"Phone({self.serial!r})"

    def __enter__(self) -> Phone:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        """Forget the session's baseline and numbers (the device stays as it is)."""
        self.session.close()

    def run(
        self, command: str, params: Mapping[str, Any] | None = None, *, check: bool = False
    ) -> dict[str, Any]:
        """Run one ``AC_*`` command with JSON ``params``; its result.

        The escape hatch for commands with no verb here (``AC_observe``,
        ``AC_sleep``, …) and what every verb calls. ``check`` marks an
        assertion about the step before (``expect`` sets it): it is not a step
        of its own, and its errors name that step. Raises ScriptValidationError
        for a bad command or parameters (nothing runs) and StepFailedError when
        the step fails on the device.
        """
        given = dict(params or {})
        cls = lookup(self.session.commands, command, "$[0]")
        parsed = cls.parse(given, "$[1]")
        number = max(self.actions - 1, 0) if check else self.actions
        outcome = self.session.execute(parsed, step=number)
        self.steps.append(Step(command, given))
        self.last = outcome
        if not check:
            self.actions += 1
        if outcome.observation is not None and cls.category is Category.MUTATING:
            self._observation = outcome.observation
        if self.log is not None and not (check and outcome.ok):
            status = "passed" if outcome.ok else f"failed: {outcome.error}"
            self.log(f"{number + 1} {command} {status}")
        if outcome.error is not None:
            raise outcome.error
        return dict(outcome.result)

    # ----------------------------------------------------------------- finding
    def get(
        self,
        *,
        text: str | None = None,
        resource_id: str | None = None,
        content_desc: str | None = None,
        name: str | None = None,
        role: str | None = None,
        class_name: str | None = None,
        key: str | None = None,
        index: int | None = None,
    ) -> Locator:
        """A strict locator: the one element with all the given fields, found when acted on.

        ``resource_id`` may omit the package (``"name"`` matches ``app:id/name``);
        ``name`` is the label deltas show; ``key`` the stable content key;
        ``index`` an ``[i]`` number as last shown. Nothing is looked up now.
        """
        from deltarec.core.api.locator import Locator

        fields = {"text": text, "resource_id": resource_id, "content_desc": content_desc,
                  "name": name, "role": role, "class_name": class_name, "key": key,
                  "index": index}  # fmt: skip
        return Locator(self, Selector.from_json({k: v for k, v in fields.items() if v is not None}))

    # ----------------------------------------------------------------- actions
    def tap_at(self, x: int, y: int) -> None:
        """Tap the point ``(x, y)`` in screen pixels (unchecked)."""
        self.run("AC_tap", {"x": x, "y": y})

    def long_press_at(self, x: int, y: int, *, duration: float | None = None) -> None:
        """Press and hold the point ``(x, y)`` for ``duration`` seconds (default 0.8)."""
        params: dict[str, Any] = {"x": x, "y": y}
        if duration is not None:
            params["duration_ms"] = _ms(duration)
        self.run("AC_long_press", params)

    def tap_at_fraction(self, rx: float, ry: float) -> None:
        """Tap the point at fractions ``(rx, ry)`` of the screen's width and height (0–1):
        the same spot on a phone of any size. What a recording writes for a tap on nothing."""
        self.run("AC_tap", {"rel_x": rx, "rel_y": ry})

    def long_press_at_fraction(
        self, rx: float, ry: float, *, duration: float | None = None
    ) -> None:
        """Press and hold the point at fractions ``(rx, ry)`` of the screen (0–1)."""
        params: dict[str, Any] = {"rel_x": rx, "rel_y": ry}
        if duration is not None:
            params["duration_ms"] = _ms(duration)
        self.run("AC_long_press", params)

    def swipe(
        self,
        direction: str,
        *,
        percent: float | None = None,
        distance: int | None = None,
        duration: float | None = None,
    ) -> None:
        """Swipe the screen: the finger moves ``direction`` ("up" shows later rows).

        ``percent`` of the screen's extent (the same on any screen size) or ``distance``
        in pixels (default 60% of the screen), ``duration`` seconds (0.3).
        """
        params: dict[str, Any] = {"direction": direction}
        if percent is not None:
            params["percent"] = percent
        if distance is not None:
            params["distance"] = distance
        if duration is not None:
            params["duration_ms"] = _ms(duration)
        self.run("AC_swipe", params)

    def drag(self, x1: int, y1: int, x2: int, y2: int, *, duration: float | None = None) -> None:
        """Swipe from ``(x1, y1)`` to ``(x2, y2)`` in ``duration`` seconds (default 0.3)."""
        params: dict[str, Any] = {"x1": x1, "y1": y1, "x2": x2, "y2": y2}
        if duration is not None:
            params["duration_ms"] = _ms(duration)
        self.run("AC_swipe", params)

    def drag_fraction(
        self, rx1: float, ry1: float, rx2: float, ry2: float, *, duration: float | None = None
    ) -> None:
        """Swipe between two points given as fractions of the screen (0–1): the same path
        on a phone of any size. What a recording writes for a drag on nothing that scrolls."""
        params: dict[str, Any] = {"start": [rx1, ry1], "end": [rx2, ry2]}
        if duration is not None:
            params["duration_ms"] = _ms(duration)
        self.run("AC_swipe", params)

    def type(self, text: str) -> None:
        """Type ``text`` into the focused field (appended to what it holds)."""
        self.run("AC_type_text", {"text": text})

    def press(self, key: str) -> None:
        """Press a key by name: ``enter``, ``del``, ``back``, … (``devices.base.KEYS``)."""
        self.run("AC_press_key", {"key": key})

    def back(self) -> None:
        """Press Back."""
        self.run("AC_back")

    def home(self) -> None:
        """Press Home."""
        self.run("AC_home")

    def launch(self, package: str, activity: str = "") -> None:
        """Start or resume an app (optionally one activity); the next delta is its full screen."""
        self.run(
            "AC_launch_app", {"package": package, **({"activity": activity} if activity else {})}
        )

    def stop(self, package: str) -> None:
        """Force-stop an app."""
        self.run("AC_stop_app", {"package": package})

    def clear(self, package: str) -> None:
        """Clear an app's data (``pm clear``): it is stopped and starts fresh next launch."""
        self.run("AC_clear_app", {"package": package})

    # ------------------------------------------------------------------ seeing
    def delta(self) -> str:
        """What the last action changed on the screen, as delta text.

        The observation of the last acting step: the delta from the screen the
        step before it left (the whole screen for the first step, or after a
        launch). Before any action, the whole screen now. Never acts.
        """
        if self._observation is None:
            return self.observe()
        return self._observation

    def observe(self) -> str:
        """The whole screen now as numbered elements (it becomes the delta baseline).

        Raises StepFailedError when the device cannot be read (its cause says why).
        """
        cls = lookup(self.session.commands, "AC_observe", "$[0]")
        outcome = self.session.execute(cls.parse({}, "$[1]"))
        if outcome.error is not None:  # the device could not be read: say why
            raise outcome.error
        return str(outcome.result["text"])

    def screenshot(self) -> Image:
        """A screenshot of the device now (a PIL image). Errors: DeviceError."""
        return self.device.screenshot()


def connect(
    device: str | Device = "virtual",
    *,
    clock: Callable[[], float] | None = None,
    sleep: Callable[[float], None] | None = None,
    settle_timeout: float = 3.0,
    log: Callable[[str], None] | None = None,
) -> Phone:
    """Open a :class:`Phone`: ``"virtual"`` (a fresh built-in phone; ``"virtual:720x1600@320"``
    or ``"virtual:tablet"`` one with another screen, see :func:`open_device`), an adb serial,
    ``SERIAL@HOST:PORT`` (a device behind the adb server at HOST:PORT), ``"replay:DIR"``
    (a recorded bundle), or a :class:`~deltarec.core.devices.base.Device` object.

    Constructing does no I/O for adb (errors come with the first action).
    ``log`` (``print``, say) is told one line per step (:attr:`Phone.log`).

    >>> connect("virtual").serial, connect("virtual:720x1600@320").serial
    ('virtual', 'virtual:720x1600@320')
    """
    opened = open_device(device) if isinstance(device, str) else device
    return Phone(opened, clock=clock, sleep=sleep, settle_timeout=settle_timeout, log=log)


__all__ = ["Phone", "connect"]
