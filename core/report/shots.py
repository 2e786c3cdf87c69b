"""Report screenshots: where a step acted, drawn on a downscaled copy, as PNG data URIs.

:func:`marks_for` works out what to draw for one step: the acted-on element's
box and the points the device was asked to act on. :func:`snapshot` scales a
screenshot down to at most ``width`` pixels wide (and :data:`MAX_HEIGHT` tall)
and draws those marks on it. Marks are in screen coordinates (the
observation's); they are scaled to the picture, so a screenshot whose size
differs from the uiautomator screen (density-scaled captures) still lines up.

    >>> from PIL import Image
    >>> png = snapshot(Image.new("RGB", (1080, 2400), "white"), Marks(Bounds(0, 0, 540, 120)))
    >>> data_uri(png)[:22], png_size(png)
    ('data:image/png;base64,', (360, 800))
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Observation
from deltarec.core.report.trace import StepTrace

WIDTH = 360
"""Default width of a report screenshot, in pixels (keeps a 50-step report a few MB)."""
MAX_HEIGHT = 1600
"""No report screenshot is taller than this (a very tall capture is scaled down further)."""

OUTLINE = (232, 28, 99)
FILL = (232, 28, 99, 48)
LINE = 3


@dataclass(frozen=True, slots=True)
class Marks:
    """What to draw on one step's screenshot, in screen coordinates.

    ``box``: the acted-on element's bounds (None when unknown). ``points``: a
    tap or long press is one point (a ring), a swipe two (an arrow from the
    first to the second). ``screen``: the ``(width, height)`` of the coordinate
    space; None means the screenshot's own.
    """

    box: Bounds | None = None
    points: tuple[tuple[int, int], ...] = ()
    screen: tuple[int, int] | None = None

    def __bool__(self) -> bool:
        return self.box is not None or bool(self.points)


def _bounds_of(value: object) -> Bounds | None:
    if (
        isinstance(value, list | tuple)
        and len(value) == 4
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        left, top, right, bottom = value
        return Bounds(left, top, right, bottom) if right > left and bottom > top else None
    return None


def _find(obs: Observation | None, key: object) -> Bounds | None:
    if obs is None or not isinstance(key, str):
        return None
    frame = Frame(obs)
    pos = frame.pos_of.get(key)
    bounds = None if pos is None else frame.nodes[pos].bounds
    return bounds if bounds is not None and bounds.area > 0 else None


def marks_for(result: Mapping[str, Any], trace: StepTrace) -> Marks:
    """The marks of one step from its result and its device trace.

    The box is, first that applies: ``result["bounds"]`` (``[l, t, r, b]``, if
    the executor provides it); the element ``result["key"]`` on the screen the
    step acted on; that key on the screen after the step. Points are those of
    the step's first tap, long press or swipe. Cost: one Frame build per
    screen searched, O(nodes).
    """
    acted_on = trace.acted_on
    box = _bounds_of(result.get("bounds"))
    if box is None:
        key = result.get("key")
        box = _find(acted_on, key) or _find(trace.after, key)
    points = next((a.points for a in trace.actions if a.points), ())
    screen_obs = acted_on or trace.after
    screen = (
        (screen_obs.width, screen_obs.height)
        if screen_obs is not None and screen_obs.width > 0 and screen_obs.height > 0
        else None
    )
    return Marks(box, points, screen)


def _scaled(image: Image.Image, width: int) -> Image.Image:
    image = image.convert("RGB")
    factor = min(1.0, width / max(image.width, 1), MAX_HEIGHT / max(image.height, 1))
    if factor >= 1.0:
        return image.copy()
    size = (max(1, round(image.width * factor)), max(1, round(image.height * factor)))
    return image.resize(size, Image.Resampling.LANCZOS)


def _draw(image: Image.Image, marks: Marks, source: tuple[int, int]) -> Image.Image:
    sw, sh = marks.screen or source
    fx, fy = image.width / max(sw, 1), image.height / max(sh, 1)

    def at(x: float, y: float) -> tuple[float, float]:
        return (min(max(x * fx, 0), image.width - 1), min(max(y * fy, 0), image.height - 1))

    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    if marks.box is not None:
        b = marks.box
        draw.rectangle((*at(b.left, b.top), *at(b.right - 1, b.bottom - 1)), fill=FILL)
    out = Image.alpha_composite(image.convert("RGBA"), overlay).convert("RGB")
    draw = ImageDraw.Draw(out)
    if marks.box is not None:
        b = marks.box
        box = (*at(b.left, b.top), *at(b.right - 1, b.bottom - 1))
        draw.rectangle(box, outline=OUTLINE, width=LINE)
    if marks.points:
        x, y = at(*marks.points[0])
        r = 8
        draw.ellipse((x - r, y - r, x + r, y + r), outline=OUTLINE, width=LINE)
        draw.ellipse((x - 2, y - 2, x + 2, y + 2), fill=OUTLINE)
        if len(marks.points) > 1:  # a swipe: an arrow from the ring to where the finger went
            x2, y2 = at(*marks.points[1])
            length = math.hypot(x2 - x, y2 - y) or 1.0
            ux, uy = (x2 - x) / length, (y2 - y) / length
            head = min(12.0, length)
            bx, by = x2 - ux * head, y2 - uy * head
            draw.line((x, y, bx, by), fill=OUTLINE, width=LINE)
            wing = head * 0.6
            draw.polygon(
                [(x2, y2), (bx - uy * wing, by + ux * wing), (bx + uy * wing, by - ux * wing)],
                fill=OUTLINE,
            )
    return out


def snapshot(image: Image.Image, marks: Marks = Marks(), *, width: int = WIDTH) -> bytes:
    """``image`` scaled to at most ``width`` px wide, with ``marks`` drawn, as PNG bytes.

    Never enlarges. Marks outside the picture are clamped to its edge.
    """
    source = (image.width, image.height)
    small = _scaled(image, width)
    if marks:
        small = _draw(small, marks, source)
    buf = io.BytesIO()
    small.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def data_uri(png: bytes) -> str:
    """``data:image/png;base64,…`` for an ``<img src>``."""
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def png_size(png: bytes) -> tuple[int, int]:
    """``(width, height)`` of PNG bytes."""
    with Image.open(io.BytesIO(png)) as img:
        return img.size
