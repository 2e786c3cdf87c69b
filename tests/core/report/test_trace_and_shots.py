"""The traced device and the report screenshots: what a step acted on, drawn where it was."""

from __future__ import annotations

import io

from PIL import Image

from deltarec.core.devices.virtual import ManualClock, make_virtual_device
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Observation
from deltarec.core.report.shots import OUTLINE, Marks, data_uri, marks_for, png_size, snapshot
from deltarec.core.report.trace import TracingDevice

APP = "dev.deltarec.playground"


def _node(obs: Observation, rid: str) -> tuple[str, Bounds]:
    frame = Frame(obs)
    pos = next(i for i, n in enumerate(frame.nodes) if n.resource_id.endswith(f":id/{rid}"))
    return frame.keys[pos], frame.nodes[pos].bounds


def _open(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_trace_keeps_the_screen_each_action_was_asked_on() -> None:
    dev = TracingDevice(make_virtual_device(clock=ManualClock()))
    dev.launch_app(APP, ".SignUpActivity")
    dev.take()
    screen = dev.capture()
    _, bounds = _node(screen, "name")
    dev.tap(*bounds.center)
    after = dev.capture()
    trace = dev.take()
    assert [a.kind for a in trace.actions] == ["tap"]
    assert trace.acted_on is screen and trace.after is after
    assert trace.start is None  # nothing had been captured when the step began
    nxt = dev.take()
    assert nxt.start is after and nxt.acted_on is after and not nxt.actions


def test_trace_forwards_everything_and_exposes_optional_features() -> None:
    inner = make_virtual_device(clock=ManualClock())
    dev = TracingDevice(inner)
    assert dev.serial == inner.serial
    assert dev.window_size() == inner.window_size()
    assert dev.current_app() == inner.current_app()
    assert dev.screenshot().size == (1080, 2400)
    assert dev.playground is inner.playground  # via __getattr__


def test_marks_find_the_element_by_key_on_the_screen_acted_on() -> None:
    dev = TracingDevice(make_virtual_device(clock=ManualClock()))
    dev.launch_app(APP, ".SignUpActivity")
    dev.take()
    key, bounds = _node(dev.capture(), "name")
    dev.tap(*bounds.center)
    marks = marks_for({"key": key, "x": bounds.center[0]}, dev.take())
    assert marks.box == bounds
    assert marks.points == (bounds.center,)
    assert marks.screen == (1080, 2400)


def test_marks_prefer_bounds_from_the_result_and_survive_unknown_keys() -> None:
    dev = TracingDevice(make_virtual_device(clock=ManualClock()))
    dev.capture()
    dev.swipe(500, 1500, 500, 500)
    trace = dev.take()
    assert marks_for({"bounds": [1, 2, 30, 40]}, trace).box == Bounds(1, 2, 30, 40)
    marks = marks_for({"key": "nope", "bounds": [5, 5, 5, 9]}, trace)  # empty box: ignored
    assert marks.box is None and marks.points == ((500, 1500), (500, 500))
    assert not marks_for({}, dev.take())  # nothing acted, nothing known


def test_snapshot_downscales_and_outlines_the_box() -> None:
    image = Image.new("RGB", (1080, 2400), "white")
    png = snapshot(image, Marks(Bounds(108, 240, 540, 480), ((324, 360),)))
    assert png_size(png) == (360, 800)
    small = _open(png)
    assert small.getpixel((36, 100)) == OUTLINE  # left edge of the box (108/3, 240..480 / 3)
    inside = small.getpixel((60, 100))
    assert inside != (255, 255, 255) and inside != OUTLINE  # translucent fill
    assert small.getpixel((300, 700)) == (255, 255, 255)  # far away: untouched


def test_snapshot_scales_marks_from_the_screen_size_and_never_enlarges() -> None:
    image = Image.new("RGB", (540, 1200), "white")  # a screenshot at half the screen's size
    png = snapshot(image, Marks(Bounds(0, 0, 1080, 2400), screen=(1080, 2400)), width=360)
    small = _open(png)
    assert small.size == (360, 800)
    assert small.getpixel((0, 400)) == OUTLINE and small.getpixel((359, 400)) == OUTLINE
    tiny = snapshot(Image.new("RGB", (100, 50), "white"))
    assert png_size(tiny) == (100, 50)


def test_snapshot_caps_very_tall_pictures_and_clamps_marks_off_the_picture() -> None:
    png = snapshot(Image.new("RGB", (1000, 20000)), Marks(Bounds(-50, -50, 99999, 99999)))
    assert png_size(png)[1] <= 1600
    assert data_uri(b"\x89PNG").startswith("data:image/png;base64,iVBO")
