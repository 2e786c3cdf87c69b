"""Read-only and discovery commands: look at the device without acting on it.

Read-only commands take no capture unless they return a frame. A frame shown
whole (``AC_observe``, ``AC_describe_screen`` with no cut) becomes the session's
baseline: the caller has seen it, so the next delta is taken from it. A frame
cut by ``max_lines`` / ``max_tokens`` is not a baseline: ``AC_observe`` then
leaves the baseline where it was and ``AC_describe_screen`` (discovery) resets
it (the next observation is the full frame).
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deltarec.core.bundle import new_file_mode
from deltarec.core.capture.jsonio import load_capture
from deltarec.core.elements import delta_counts, delta_observation_result, to_observation
from deltarec.core.errors import CaptureParseError, DeviceError, InputError, ScriptValidationError
from deltarec.core.executor.commands.base import Category, Command
from deltarec.core.executor.params import BOOL, Int, IntList, Kind, Str, json_type, param
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observer import IndexOptions, index_frame, observe_delta
from deltarec.core.render.budget import fit
from deltarec.core.render.frame_text import frame_lines, render_frame

if TYPE_CHECKING:
    from PIL.Image import Image

    from deltarec.core.executor.context import Context

LINES = Int(minimum=1, maximum=100_000)
TOKENS = Int(minimum=1, maximum=10_000_000)


def _show_frame(
    ctx: Context,
    screen: ElementIndex,
    *,
    tree: bool,
    max_lines: int | None,
    max_tokens: int | None,
) -> dict[str, Any]:
    """``{"text"}`` of ``screen`` within the budgets, plus ``"cut": true`` when they cut it.

    A whole frame is marked shown (:meth:`Context.show`): the session makes it
    the baseline and its numbers the caller's.
    """
    lines = frame_lines(screen, tree=tree)
    text = fit(lines, max_lines=max_lines, max_tokens=max_tokens)
    if text == fit(lines):
        ctx.show(screen)
        return {"text": text}
    return {"text": text, "cut": True}


@dataclass(frozen=True, slots=True, kw_only=True)
class Observe(Command):
    """Show the whole screen as text (the full frame); shown whole, it becomes the baseline.

    Default: the numbered elements ``[i] role "name" @(x,y) (states)``; ``tree``
    lists every node. Numbers are the session's. The caller has seen the
    frame, so the next delta is taken from it; a frame cut by ``max_lines`` /
    ``max_tokens`` (``"cut": true``) leaves the baseline where it was.
    Timeout: one capture. Errors: DeviceError.
    """

    name = "AC_observe"
    category = Category.READONLY

    tree: bool = param(
        BOOL, "every node, indented, instead of the numbered elements", default=False
    )
    max_lines: int | None = param(LINES, "cut the text after this many lines", default=None)
    max_tokens: int | None = param(TOKENS, "cut the text to this many tokens", default=None)

    def run(self, ctx: Context) -> dict[str, Any]:
        return _show_frame(
            ctx, ctx.screen(), tree=self.tree, max_lines=self.max_lines, max_tokens=self.max_tokens
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class DescribeScreen(Command):
    """Describe the whole screen (full compact observation); it becomes the diff baseline.

    The caller has seen the frame, so the next mutating step's observation is
    the delta from it. Cut by ``max_lines`` / ``max_tokens`` (``"cut": true``),
    it resets the baseline instead: the next observation is a full frame.
    Numbers shown here are the ones ``{"index": i}`` selectors use. Timeout:
    one capture. Errors: DeviceError.
    """

    name = "AC_describe_screen"
    category = Category.DISCOVERY
    resets_baseline = True

    tree: bool = param(
        BOOL, "every node, indented, instead of the numbered elements", default=False
    )
    max_lines: int | None = param(LINES, "cut the text after this many lines", default=None)
    max_tokens: int | None = param(TOKENS, "cut the text to this many tokens", default=None)

    def run(self, ctx: Context) -> dict[str, Any]:
        screen = ctx.screen()
        out = _show_frame(
            ctx, screen, tree=self.tree, max_lines=self.max_lines, max_tokens=self.max_tokens
        )
        ctx.show(screen)  # cut or not, its numbers are the caller's
        return {**out, "elements": len(screen.elements)}


@dataclass(frozen=True, slots=True, kw_only=True)
class Screenshot(Command):
    """Take a screenshot; save it as PNG at ``path`` (atomically), or only report its size.

    ``path`` is taken from the session's output folder and may not lead out of
    it (``..``, an absolute path, a symlink) unless the caller allowed writing
    anywhere (:meth:`~deltarec.core.executor.session.Session.output_path`).
    Timeout: the device's. Errors: DeviceError (a failed screenshot is never a
    silent black image), StepFailedError when the file cannot or may not be written.
    """

    name = "AC_screenshot"
    category = Category.READONLY

    path: str | None = param(
        Str(nonempty=True, max_len=4096, name=True), "PNG file to write", default=None
    )

    def run(self, ctx: Context) -> dict[str, Any]:
        target = None
        if self.path is not None:
            try:
                target = ctx.session.output_path(self.path)
            except InputError as exc:
                ctx.fail(str(exc))
        image = ctx.device.screenshot()
        out: dict[str, Any] = {"width": image.width, "height": image.height}
        if target is not None:
            try:
                _write_atomically(target, image)
            except OSError as exc:
                ctx.fail(f"cannot write {self.path}: {exc.strerror or exc}")
            out["path"] = self.path
        return out


def _write_atomically(target: Path, image: Image) -> None:
    """Write a PNG next to ``target`` and rename it over (never half a file)."""
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".", suffix=".png.tmp")
    try:
        os.fchmod(fd, new_file_mode())  # as open() would: mkstemp's 0600 ignores the umask
        with os.fdopen(fd, "wb") as handle:
            image.save(handle, format="PNG")
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class CaptureKind(Kind[Any]):
    """Element dicts, a uiautomator dump or Appium page source, or observation JSON (text or
    object).

    Checked by parsing it (a bad capture fails validation with its path); the
    raw value is kept and parsed again when the command runs.
    """

    label = "an element list, a dump or Appium page source, or observation JSON"

    def parse(self, value: object, path: str) -> Any:
        if isinstance(value, dict):
            from deltarec.core.capture.jsonio import observation_from_json

            convert: Any = observation_from_json
        elif isinstance(value, str):
            convert = load_capture
        elif isinstance(value, list):
            convert = to_observation
        else:
            raise ScriptValidationError(path, f"expected {self.label}, got {json_type(value)}")
        try:
            convert(value)
        except CaptureParseError as exc:
            raise ScriptValidationError(path, f"not a usable capture: {exc}") from exc
        except (
            RecursionError,
            ValueError,
            TypeError,
            KeyError,
            AttributeError,
            OverflowError,
        ) as exc:
            raise ScriptValidationError(path, f"not a usable capture: {exc!r}") from exc
        return value


def as_observation(value: Any) -> Any:
    if isinstance(value, dict):
        from deltarec.core.capture.jsonio import observation_from_json

        return observation_from_json(value)
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class DeltaObservation(Command):
    """What changed between two frames: ``{summary, added, removed, changed}``. Read-only.

    ``prev`` / ``curr`` are element dicts, dumps or observation JSON. Omitted:
    ``prev`` is the session baseline (the last screen the caller was shown),
    ``curr`` the device now; index options not given are then the session's,
    so ``[i]`` numbers match what the caller was shown. Never moves the
    baseline. With no baseline and no ``prev`` the summary is the full frame
    (``added`` counts its elements). Timeout: one capture at most.
    Errors: DeviceError, CaptureParseError.
    """

    name = "AC_delta_observation"
    category = Category.READONLY

    prev: Any = param(CaptureKind(), "the earlier frame (default: session baseline)", default=None)
    curr: Any = param(CaptureKind(), "the later frame (default: the device now)", default=None)
    viewport: tuple[int, ...] | None = param(IntList(4), "[x, y, w, h] to index", default=None)
    max_elements: int | None = param(
        Int(minimum=1, maximum=100_000), "index cap (frames: 80; session: its own)", default=None
    )
    max_lines: int = param(LINES, "line budget of the summary", default=40)
    interactive_only: bool | None = param(
        BOOL, "index interactive elements only (frames: true; session: its own)", default=None
    )
    max_tokens: int | None = param(TOKENS, "token budget of the summary", default=None)

    def _options(self, session: IndexOptions) -> IndexOptions:
        """The session's index options, overridden by those given (numbers match the caller's)."""
        return IndexOptions(
            self.viewport if self.viewport is not None else session.viewport,
            self.max_elements if self.max_elements is not None else session.max_elements,
            self.interactive_only
            if self.interactive_only is not None
            else session.interactive_only,
        )

    def run(self, ctx: Context) -> dict[str, Any]:
        if self.prev is not None and self.curr is not None:
            return delta_observation_result(
                as_observation(self.prev),
                as_observation(self.curr),
                viewport=self.viewport,
                max_elements=80 if self.max_elements is None else self.max_elements,
                interactive_only=self.interactive_only is not False,
                max_lines=self.max_lines,
                max_tokens=self.max_tokens,
            )
        session = ctx.session
        options = self._options(session.options)
        if self.curr is not None:
            curr = to_observation(as_observation(self.curr), viewport=self.viewport)
        else:
            curr = ctx.capture()
        if self.prev is not None:
            before: Any = to_observation(as_observation(self.prev), viewport=self.viewport)
            prev_index = None
        elif session.baseline is not None:
            before = session.baseline.frame
            prev_index = session.baseline if options == session.options else None
        else:
            same = options == session.options
            index = session.number(curr) if same else index_frame(Frame(curr), options)
            text = render_frame(
                index, tree=False, max_lines=self.max_lines, max_tokens=self.max_tokens
            )
            return {"summary": text, "added": len(index.elements), "removed": 0, "changed": 0}
        result = observe_delta(
            before,
            curr,
            volatile=session.volatile,
            options=options,
            prev_index=prev_index,
            max_lines=self.max_lines,
            max_tokens=self.max_tokens,
        )
        return {"summary": result.text, **delta_counts(result.entries)}


@dataclass(frozen=True, slots=True, kw_only=True)
class ListDevices(Command):
    """List devices: the session's, the built-in virtual phone, and (``adb``) the adb server's.

    An unreachable adb server is reported in ``adb_error``, not raised.
    Timeout: the adb client's. Errors: none.
    """

    name = "AC_list_devices"
    category = Category.READONLY

    adb: bool = param(BOOL, "also ask the adb server", default=True)
    host: str = param(
        Str(nonempty=True, max_len=255, name=True), "adb server host", default="127.0.0.1"
    )
    port: int = param(Int(minimum=1, maximum=65535), "adb server port", default=5037)

    def run(self, ctx: Context) -> dict[str, Any]:
        serial = ctx.device.serial
        devices: list[dict[str, Any]] = [{"serial": serial, "state": "device", "session": True}]
        if serial != "virtual":
            devices.append({"serial": "virtual", "state": "device", "session": False})
        out: dict[str, Any] = {"devices": devices}
        if self.adb:
            from deltarec.core.devices.adb import list_devices

            try:
                for entry in list_devices(self.host, self.port):
                    if entry.serial != serial:
                        devices.append({"serial": entry.serial, "state": entry.state})
            except DeviceError as exc:
                out["adb_error"] = str(exc)
            except (OSError, ValueError) as exc:  # a host name the resolver refuses
                out["adb_error"] = f"adb server {self.host}:{self.port}: {exc}"
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class CurrentApp(Command):
    """The foreground app: ``{package, activity}``. Timeout: the device's. Errors: DeviceError."""

    name = "AC_current_app"
    category = Category.READONLY

    def run(self, ctx: Context) -> dict[str, Any]:
        app = ctx.device.current_app()
        return {"package": app.package, "activity": app.activity}
