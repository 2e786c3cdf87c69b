"""Drawing primitives for the Playground's screenshot: the palette, the font, text in a box.

The font is Pillow's built-in one (no files, no Qt); :func:`drawable` reduces
text to what it can draw. :func:`text_line` fits one line in a box (cut with
"..."); :func:`text_wrapped` wraps by words, as many lines as the box holds.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from PIL import ImageDraw, ImageFont

from deltarec.core.devices.virtual.views import Rect

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
DIVIDER: Color = (224, 224, 224)
WEB_HEADER: Color = (38, 50, 56)
WEB_FOOTER: Color = (236, 239, 241)

AVATAR_COLORS: tuple[Color, ...] = (
    (239, 83, 80),
    (171, 71, 188),
    (66, 165, 245),
    (38, 166, 154),
    (255, 167, 38),
    (141, 110, 99),
)


@lru_cache(maxsize=16)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's built-in font at ``size`` px (cached)."""
    return ImageFont.load_default(size=size)


_PLAIN = str.maketrans(
    {"—": "-", "–": "-", "…": "...", "•": "*", "’": "'", "“": '"', "”": '"', "·": "-", "©": "(c)"}
)


@lru_cache(maxsize=4096)
def drawable(text: str) -> str:
    """``text`` reduced to what the built-in font can draw (accents dropped, others "?")."""
    plain = unicodedata.normalize("NFKD", text.translate(_PLAIN))
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return "".join(c if " " <= c <= "~" or c == "\n" else "?" for c in plain)


def text_line(
    draw: ImageDraw.ImageDraw,
    box: Rect,
    text: str,
    size: int,
    color: Color,
    *,
    center: bool = False,
) -> None:
    """The first line of ``text`` in ``box``, vertically centred, cut with "..." to fit;
    nothing when the box is much lower than the font."""
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


def _wrap(text: str, width: float, f: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> list[str]:
    lines: list[str] = []
    for word in drawable(text).split():
        if lines and f.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def text_wrapped(
    draw: ImageDraw.ImageDraw,
    box: Rect,
    text: str,
    size: int,
    color: Color,
    *,
    underline: bool = False,
) -> None:
    """``text`` wrapped by words into ``box``, lines of ``1.4 * size`` px, as many as fit."""
    left, top, right, bottom = box
    f = font(size)
    line_h = int(size * 1.4)
    y = top + (line_h - size) // 2
    for line in _wrap(text, right - left, f):
        if y + size > bottom + 4:
            break
        draw.text((left, y), line, fill=color, font=f)
        if underline:
            width = f.getlength(line)
            draw.line((left, y + size + 4, left + width, y + size + 4), fill=color, width=2)
        y += line_h
