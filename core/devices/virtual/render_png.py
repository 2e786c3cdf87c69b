"""Draw the Playground's windows as a phone screenshot (Pillow, no Qt, works offline).

The picture is drawn from the same :class:`~.views.View` values as the dump:
every label at its bounds, switches and checkboxes in their state, the focused
field outlined, disabled rows greyed, the keyboard in its window, a dialog over
a dimmed screen. Draw order: the app (or launcher), the status bar over it,
then the dialog (after dimming everything below) and the keyboard.

Cost: one pass over the views; about 10-30 ms for a full screen.
"""

from __future__ import annotations

import io
import unicodedata
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from core.devices.virtual.layout import HEIGHT, WIDTH
from core.devices.virtual.views import Rect, View, Window

Color = tuple[int, int, int]

ACCENT: Color = (63, 81, 181)
ACCENT_DARK: Color = (48, 63, 159)
ACCENT_LIGHT: Color = (197, 202, 233)
INK: Color = (33, 33, 33)
MUTED: Color = (117, 117, 117)
DISABLED: Color = (189, 189, 189)
WHITE: Color = (255, 255, 255)
SURFACE: Color = (250, 250, 250)
WALLPAPER: Color = (38, 70, 83)
KEYBOARD: Color = (232, 234, 237)
TRACK_OFF: Color = (176, 176, 176)

_AVATAR_COLORS: tuple[Color, ...] = (
    (239, 83, 80),
    (171, 71, 188),
    (66, 165, 245),
    (38, 166, 154),
    (255, 167, 38),
    (141, 110, 99),
)
_LAYER = {"app": 0, "status": 1, "dialog": 2, "ime": 3}


@lru_cache(maxsize=16)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's built-in font at ``size`` px (cached)."""
    return ImageFont.load_default(size=size)


def render_image(windows: tuple[Window, ...]) -> Image.Image:
    """An RGB image of the whole screen."""
    image = Image.new("RGB", (WIDTH, HEIGHT), SURFACE)
    draw = ImageDraw.Draw(image)
    for window in sorted(windows, key=lambda w: _LAYER.get(w.kind, 0)):
        if window.kind == "dialog":
            dim = Image.new("RGB", image.size, (0, 0, 0))
            image = Image.blend(image, dim, 0.5)
            draw = ImageDraw.Draw(image)
        _draw(draw, window.root, on_dark=False)
    return image


def render_png(windows: tuple[Window, ...]) -> bytes:
    """The screenshot as PNG bytes (fast compression: this is a screencap, not an archive)."""
    buf = io.BytesIO()
    render_image(windows).save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


_PLAIN = str.maketrans({"—": "-", "–": "-", "…": "...", "•": "*", "’": "'", "“": '"', "”": '"'})


@lru_cache(maxsize=4096)
def drawable(text: str) -> str:
    """``text`` reduced to what the built-in font can draw (accents dropped, others "?")."""
    plain = unicodedata.normalize("NFKD", text.translate(_PLAIN))
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return "".join(c if " " <= c <= "~" or c == "\n" else "?" for c in plain)


def _text(
    draw: ImageDraw.ImageDraw,
    box: Rect,
    text: str,
    size: int,
    color: Color,
    *,
    center: bool = False,
) -> None:
    left, top, right, bottom = box
    if not text or bottom - top < size * 0.6:
        return
    f = font(size)
    line = drawable(text.split("\n", 1)[0])
    while len(line) > 3 and f.getlength(line) > right - left:
        line = line[:-4] + "..."
    width = f.getlength(line)
    x = (left + right - width) / 2 if center else left
    y = (top + bottom - size) / 2
    draw.text((x, y), line, fill=color, font=f)


def _draw(draw: ImageDraw.ImageDraw, view: View, *, on_dark: bool) -> None:
    look = view.look
    box = view.bounds
    left, top, right, bottom = box
    ink = (WHITE if on_dark else INK) if view.enabled else DISABLED
    if look == "wallpaper":
        draw.rectangle(box, fill=WALLPAPER)
    elif look == "window":
        draw.rectangle(box, fill=SURFACE)
    elif look in ("toolbar", "status_bar"):
        draw.rectangle(box, fill=ACCENT if look == "toolbar" else ACCENT_DARK)
        on_dark = True
    elif look == "dialog":
        draw.rounded_rectangle(box, radius=36, fill=WHITE)
    elif look == "keyboard":
        draw.rectangle(box, fill=KEYBOARD)
    elif view.rid == "android:id/navigationBarBackground":
        draw.rectangle(box, fill=SURFACE)
        mid = (left + right) // 2
        draw.rounded_rectangle((mid - 140, top + 56, mid + 140, top + 68), radius=6, fill=MUTED)
    elif look == "row" and view.selected:
        draw.rectangle(box, fill=ACCENT_LIGHT)
    elif look == "row":
        draw.line((left + 40, bottom - 1, right - 40, bottom - 1), fill=(224, 224, 224), width=2)
    _draw_widget(draw, view, ink, on_dark)
    for child in view.children:
        _draw(draw, child, on_dark=on_dark)


def _draw_widget(draw: ImageDraw.ImageDraw, view: View, ink: Color, on_dark: bool) -> None:
    look = view.look
    box = view.bounds
    left, top, _, bottom = box
    if look in ("label", "status_text"):
        _text(draw, box, view.text, 36 if look == "status_text" else 40, ink)
    elif look == "title":
        _text(draw, box, view.text, 48, ink)
    elif look == "summary":
        _text(draw, box, view.text, 34, MUTED if view.enabled else DISABLED)
    elif look == "section":
        _text(draw, box, view.text, 34, ACCENT)
    elif look == "body":
        f = font(38)
        draw.multiline_text((left, top), drawable(view.text), fill=ink, font=f, spacing=14)
    elif look == "big_clock":
        _text(draw, box, view.text, 200, WHITE, center=True)
    elif look == "center":
        _text(draw, box, view.text, 48, WHITE, center=True)
    elif look == "edit":
        _draw_edit(draw, view)
    elif look == "checkbox":
        _draw_checkbox(draw, view, ink)
    elif look == "switch":
        _draw_switch(draw, view)
    elif look == "button":
        fill = ACCENT if view.enabled else (224, 224, 224)
        draw.rounded_rectangle(box, radius=24, fill=fill)
        _text(draw, box, view.text, 44, WHITE if view.enabled else DISABLED, center=True)
    elif look == "text_button":
        _text(draw, box, view.text, 44, ACCENT, center=True)
    elif look == "dialog_title":
        _text(draw, box, view.text, 52, INK)
    elif look == "up":
        mid = (top + bottom) // 2
        draw.line((50, mid, 100, mid), fill=WHITE, width=8)
        draw.line((50, mid, 74, mid - 24), fill=WHITE, width=8)
        draw.line((50, mid, 74, mid + 24), fill=WHITE, width=8)
    elif look == "icon":
        _draw_icon(draw, view)
    elif look == "avatar":
        _draw_avatar(draw, view)
    elif look in ("key", "fnkey", "enter"):
        fill = {"key": WHITE, "fnkey": (200, 204, 210), "enter": ACCENT}[look]
        draw.rounded_rectangle(box, radius=16, fill=fill)
        _text(draw, box, view.text, 48, WHITE if look == "enter" else INK, center=True)
    elif look in ("wifi_icon", "airplane_icon", "battery"):
        _draw_status_icon(draw, view)
    del on_dark


def _draw_edit(draw: ImageDraw.ImageDraw, view: View) -> None:
    left, top, right, bottom = view.bounds
    if view.focused:
        draw.rounded_rectangle(view.bounds, radius=16, outline=ACCENT, width=6)
    else:
        draw.rounded_rectangle(view.bounds, radius=16, outline=TRACK_OFF, width=2)
    x = left + 32
    if view.password and not view.hint:
        cy = (top + bottom) // 2
        for _ in view.text:
            draw.ellipse((x + 4, cy - 10, x + 24, cy + 10), fill=INK)
            x += 30
    else:
        _text(draw, (x, top, right - 32, bottom), view.text, 44, MUTED if view.hint else INK)
        if not view.hint:
            x += int(font(44).getlength(drawable(view.text)))
    if view.focused:
        draw.line((x + 4, top + 36, x + 4, bottom - 36), fill=ACCENT, width=4)


def _draw_checkbox(draw: ImageDraw.ImageDraw, view: View, ink: Color) -> None:
    left, top, right, bottom = view.bounds
    size = 60
    x = left + 10 if view.text else (left + right - size) // 2
    y = (top + bottom - size) // 2
    color = ACCENT if view.enabled else DISABLED
    if view.checked:
        draw.rounded_rectangle((x, y, x + size, y + size), radius=8, fill=color)
        draw.line((x + 12, y + 32, x + 26, y + 46, x + 48, y + 16), fill=WHITE, width=7)
    else:
        draw.rounded_rectangle((x, y, x + size, y + size), radius=8, outline=MUTED, width=5)
    if view.text:
        _text(draw, (x + size + 30, top, right, bottom), view.text, 40, ink)


def _draw_switch(draw: ImageDraw.ImageDraw, view: View) -> None:
    left, top, right, bottom = view.bounds
    cx, cy = (left + right) // 2, (top + bottom) // 2
    track = (cx - 60, cy - 26, cx + 60, cy + 26)
    if view.checked:
        fill = ACCENT_LIGHT if view.enabled else (225, 225, 225)
        knob: Color = ACCENT if view.enabled else DISABLED
        kx = cx + 32
    else:
        fill = TRACK_OFF if view.enabled else (225, 225, 225)
        knob = WHITE if view.enabled else (240, 240, 240)
        kx = cx - 32
    draw.rounded_rectangle(track, radius=26, fill=fill)
    draw.ellipse((kx - 34, cy - 34, kx + 34, cy + 34), fill=knob, outline=(150, 150, 150), width=2)


def _draw_icon(draw: ImageDraw.ImageDraw, view: View) -> None:
    left, top, right, _ = view.bounds
    cx = (left + right) // 2
    color = _AVATAR_COLORS[sum(map(ord, view.text)) % len(_AVATAR_COLORS)]
    draw.ellipse((cx - 80, top + 20, cx + 80, top + 180), fill=color)
    _text(draw, (cx - 80, top + 20, cx + 80, top + 180), view.text[:1], 80, WHITE, center=True)
    _text(draw, (left, top + 200, right, top + 280), view.text, 38, WHITE, center=True)


def _draw_avatar(draw: ImageDraw.ImageDraw, view: View) -> None:
    top, bottom = view.bounds[1], view.bounds[3]
    if bottom - top < 20:
        return
    color = _AVATAR_COLORS[sum(map(ord, view.desc or "?")) % len(_AVATAR_COLORS)]
    draw.ellipse(view.bounds, fill=color)
    _text(draw, view.bounds, (view.desc or "$")[:1], 56, WHITE, center=True)


def _draw_status_icon(draw: ImageDraw.ImageDraw, view: View) -> None:
    left, top, right, bottom = view.bounds
    if view.look == "battery":
        draw.rectangle((left, top + 8, right - 10, bottom - 8), outline=WHITE, width=4)
        draw.rectangle((left + 8, top + 16, right - 18, bottom - 16), fill=WHITE)
        draw.rectangle((right - 10, top + 16, right - 4, bottom - 16), fill=WHITE)
    elif view.look == "wifi_icon":
        draw.polygon(((left, top), (right, top), ((left + right) // 2, bottom)), fill=WHITE)
    else:
        mid = (left + right) // 2
        draw.line((mid, top, mid, bottom), fill=WHITE, width=6)
        draw.line((left, top + 22, right, top + 22), fill=WHITE, width=6)
