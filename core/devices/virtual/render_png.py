"""Draw the Playground's windows as a phone screenshot (Pillow, no Qt, works offline).

The picture is drawn from the same :class:`~.views.View` values as the dump:
every label at its bounds, switches and checkboxes in their state, the focused
field outlined, disabled rows greyed, the keyboard in its window, a dialog over
a dimmed screen. Draw order: the app (or launcher), the status bar over it,
then the dialog (after dimming everything below) and the keyboard. A view that
scrolling cut at a viewport edge is painted at its full, unclipped rectangle
(``View.drawn``) and only its visible part, its dumped bounds, is kept, so a row
half out of a list looks cut, not squeezed. Wrapping looks ("paragraph",
"heading", …) wrap by words within their bounds.

Cost: one pass over the views; about 10-40 ms for a full screen.
"""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image, ImageDraw

from deltarec.core.devices.virtual.layout import HEIGHT, WIDTH
from deltarec.core.devices.virtual.paint import (
    ACCENT,
    ACCENT_DARK,
    ACCENT_LIGHT,
    AVATAR_COLORS,
    DISABLED,
    DIVIDER,
    INK,
    KEYBOARD,
    LINE_SIZES,
    MUTED,
    SURFACE,
    TRACK_OFF,
    WALLPAPER,
    WEB_FOOTER,
    WEB_HEADER,
    WHITE,
    WRAP_SIZES,
    Color,
    drawable,
    font,
    text_line,
    text_wrapped,
    wrap_paragraphs,
)
from deltarec.core.devices.virtual.views import View, Window

__all__ = ["ACCENT", "DISABLED", "KEYBOARD", "WHITE", "render_image", "render_png"]

_LAYER = {"app": 0, "status": 1, "dialog": 2, "ime": 3}


def render_image(
    windows: tuple[Window, ...], size: tuple[int, int] = (WIDTH, HEIGHT)
) -> Image.Image:
    """An RGB image of the whole screen, ``size`` px (the windows' screen)."""
    image = Image.new("RGB", size, SURFACE)
    draw = ImageDraw.Draw(image)
    for window in sorted(windows, key=lambda w: _LAYER.get(w.kind, 0)):
        if window.kind == "dialog":
            dim = Image.new("RGB", image.size, (0, 0, 0))
            image = Image.blend(image, dim, 0.5)
            draw = ImageDraw.Draw(image)
        _draw(image, draw, window.root, on_dark=False)
    return image


def render_png(windows: tuple[Window, ...]) -> bytes:
    """The screenshot as PNG bytes (fast compression: this is a screencap, not an archive)."""
    buf = io.BytesIO()
    render_image(windows).save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


def _draw(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, *, on_dark: bool) -> None:
    """Paint ``view`` (cut to its visible bounds when it was clipped), then its children.
    A view with no visible layout unit (kept near a scroller's edge for the px map,
    :func:`~.views.clip_near`) paints nothing."""
    left, top, right, bottom = view.bounds
    if view.drawn is not None and (right <= left or bottom <= top):
        return
    if view.look and view.drawn is not None and view.drawn != view.bounds:
        left, top, right, bottom = view.drawn
        scratch = image.crop(view.drawn)
        whole = replace(view, bounds=(0, 0, right - left, bottom - top), children=(), drawn=None)
        kids_dark = _paint(ImageDraw.Draw(scratch), whole, on_dark=on_dark)
        vl, vt, vr, vb = view.bounds
        image.paste(scratch.crop((vl - left, vt - top, vr - left, vb - top)), (vl, vt))
    else:
        kids_dark = _paint(draw, view, on_dark=on_dark)
    for child in view.children:
        _draw(image, draw, child, on_dark=kids_dark)


def _paint(draw: ImageDraw.ImageDraw, view: View, *, on_dark: bool) -> bool:
    """Paint ``view`` itself; returns whether its children sit on a dark background."""
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
        draw.line((left + 40, bottom - 1, right - 40, bottom - 1), fill=DIVIDER, width=2)
    elif look in ("card", "web"):
        draw.rounded_rectangle(box, radius=24 if look == "card" else 0, fill=WHITE)
        if look == "card":
            draw.rounded_rectangle(box, radius=24, outline=DIVIDER, width=2)
    elif look == "web_header":
        draw.rectangle(box, fill=WEB_HEADER)
        on_dark = True
    elif look == "web_footer":
        draw.rectangle(box, fill=WEB_FOOTER)
    elif look == "tabs":
        draw.rectangle(box, fill=WHITE)
        draw.line((left, bottom - 2, right, bottom - 2), fill=DIVIDER, width=2)
    _draw_widget(draw, view, ink, on_dark)
    return on_dark


def _draw_widget(draw: ImageDraw.ImageDraw, view: View, ink: Color, on_dark: bool) -> None:
    look = view.look
    box = view.bounds
    left, top, _, bottom = box
    if look in ("label", "status_text", "title"):
        text_line(draw, box, view.text, LINE_SIZES[look], ink)
    elif look == "summary":
        text_line(draw, box, view.text, LINE_SIZES[look], MUTED if view.enabled else DISABLED)
    elif look == "section":
        text_line(draw, box, view.text, LINE_SIZES[look], ACCENT)
    elif look == "body":
        lines = wrap_paragraphs(view.text, box[2] - left, 38)
        draw.multiline_text((left, top), lines, fill=ink, font=font(38), spacing=14)
    elif look == "big_clock":
        text_line(draw, box, view.text, 200, WHITE, center=True)
    elif look == "center":
        text_line(draw, box, view.text, 48, WHITE, center=True)
    elif look == "edit":
        _draw_edit(draw, view)
    elif look == "checkbox":
        _draw_checkbox(draw, view, ink)
    elif look == "switch":
        _draw_switch(draw, view)
    elif look == "button":
        fill = ACCENT if view.enabled else (224, 224, 224)
        draw.rounded_rectangle(box, radius=24, fill=fill)
        text_line(draw, box, view.text, 44, WHITE if view.enabled else DISABLED, center=True)
    elif look == "text_button":
        text_line(draw, box, view.text, 44, ACCENT, center=True)
    elif look == "dialog_title":
        text_line(draw, box, view.text, 52, INK)
    elif look == "up":
        mid = (top + bottom) // 2
        draw.line((50, mid, 100, mid), fill=WHITE, width=8)
        draw.line((50, mid, 74, mid - 24), fill=WHITE, width=8)
        draw.line((50, mid, 74, mid + 24), fill=WHITE, width=8)
    elif look == "icon":
        _draw_icon(draw, view)
    elif look == "avatar":
        _draw_avatar(draw, view)
    elif look == "spinner":  # a refresh circle, a progress wheel: a ring three-quarters drawn
        draw.ellipse(box, fill=WHITE)
        inset = (box[2] - box[0]) // 4
        ring = (box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset)
        draw.arc(ring, 0, 270, fill=ACCENT, width=max(2, inset // 3))
    elif look in ("key", "fnkey", "enter"):
        fill = {"key": WHITE, "fnkey": (200, 204, 210), "enter": ACCENT}[look]
        draw.rounded_rectangle(box, radius=16, fill=fill)
        text_line(draw, box, view.text, 48, WHITE if look == "enter" else INK, center=True)
    elif look in ("wifi_icon", "airplane_icon", "battery"):
        _draw_status_icon(draw, view)
    else:
        _draw_content(draw, view, ink)
    del on_dark


def _draw_content(draw: ImageDraw.ImageDraw, view: View, ink: Color) -> None:
    """The looks of the Feed, Clock and Article screens."""
    look = view.look
    box = view.bounds
    left, top, right, bottom = box
    accent_or_muted = ACCENT if view.selected else MUTED
    if look in ("headline", "paragraph", "heading", "subheading", "message"):
        text_wrapped(draw, box, view.text, WRAP_SIZES[look], ink)
    elif look == "link":
        text_wrapped(draw, box, view.text, 36, ACCENT, underline=True)
    elif look == "link_title":
        text_line(draw, box, view.text, 40, ACCENT)
    elif look == "price":
        text_line(draw, box, view.text, 38, INK)
    elif look == "photo":
        _draw_photo(draw, view)
    elif look == "action_button":
        text_line(draw, box, view.text, 36, accent_or_muted, center=True)
    elif look == "chip":
        fill = ACCENT_LIGHT if view.checked else WHITE
        draw.rounded_rectangle(
            box, radius=(bottom - top) // 2, fill=fill, outline=TRACK_OFF, width=2
        )
        text_line(draw, box, view.text, 34, INK, center=True)
    elif look == "tab" and view.selected:
        draw.rectangle((left + 30, bottom - 8, right - 30, bottom), fill=ACCENT)
    elif look == "tab_icon":
        draw.ellipse(box, outline=accent_or_muted, width=5)
        draw.ellipse((left + 16, top + 16, right - 16, bottom - 16), fill=accent_or_muted)
    elif look == "tab_label":
        text_line(draw, box, view.text, 34, accent_or_muted, center=True)
    elif look == "clock_time":
        text_line(draw, box, view.text, 96, ink)
    elif look == "big_time":
        text_line(draw, box, view.text, 180, ink, center=True)
    elif look == "center_summary":
        text_line(draw, box, view.text, 40, MUTED, center=True)
    elif look == "web_button":
        if view.selected:
            draw.rounded_rectangle(box, radius=16, fill=ACCENT)
        else:
            draw.rounded_rectangle(box, radius=16, outline=ACCENT, width=3)
        text_line(draw, box, view.text, 36, WHITE if view.selected else ACCENT, center=True)
    elif look in ("web_brand", "web_header_link"):
        text_line(draw, box, view.text, 52 if look == "web_brand" else 38, WHITE)


def _draw_photo(draw: ImageDraw.ImageDraw, view: View) -> None:
    """A placeholder picture: sky in a colour picked by its description, a sun, two hills."""
    left, top, right, bottom = view.bounds
    sky = AVATAR_COLORS[sum(map(ord, view.desc or "?")) % len(AVATAR_COLORS)]
    draw.rectangle(view.bounds, fill=tuple(255 - (255 - c) // 3 for c in sky))
    w, h = right - left, bottom - top
    draw.ellipse(
        (left + w * 0.7, top + h * 0.15, left + w * 0.85, top + h * 0.15 + w * 0.15), fill=WHITE
    )
    draw.polygon(
        ((left, bottom), (left + w * 0.35, top + h * 0.4), (left + w * 0.7, bottom)), fill=sky
    )
    draw.polygon(
        ((left + w * 0.4, bottom), (left + w * 0.7, top + h * 0.55), (right, bottom)), fill=sky
    )


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
        text_line(draw, (x, top, right - 32, bottom), view.text, 44, MUTED if view.hint else INK)
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
        text_line(draw, (x + size + 30, top, right, bottom), view.text, 40, ink)


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
    color = AVATAR_COLORS[sum(map(ord, view.text)) % len(AVATAR_COLORS)]
    draw.ellipse((cx - 80, top + 20, cx + 80, top + 180), fill=color)
    text_line(draw, (cx - 80, top + 20, cx + 80, top + 180), view.text[:1], 80, WHITE, center=True)
    text_line(draw, (left, top + 200, right, top + 280), view.text, 38, WHITE, center=True)


def _draw_avatar(draw: ImageDraw.ImageDraw, view: View) -> None:
    top, bottom = view.bounds[1], view.bounds[3]
    if bottom - top < 20:
        return
    color = AVATAR_COLORS[sum(map(ord, view.desc or "?")) % len(AVATAR_COLORS)]
    draw.ellipse(view.bounds, fill=color)
    text_line(draw, view.bounds, (view.desc or "$")[:1], 56, WHITE, center=True)


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
