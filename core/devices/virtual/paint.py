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


LINE_SIZES: dict[str, int] = {
    "label": 40,
    "status_text": 36,
    "title": 48,
    "summary": 34,
    "section": 34,
    "big_clock": 200,
    "center": 48,
    "button": 44,
    "text_button": 44,
    "dialog_title": 52,
    "link_title": 40,
    "price": 38,
    "action_button": 36,
    "chip": 34,
    "tab_label": 34,
    "clock_time": 96,
    "big_time": 180,
    "center_summary": 40,
    "web_button": 36,
    "web_brand": 52,
    "web_header_link": 38,
}
"""Text size (lu) of each look drawn as one line (:func:`text_line`: cut with "..." to fit)."""

WRAP_SIZES: dict[str, int] = {
    "headline": 44,
    "paragraph": 36,
    "heading": 56,
    "subheading": 46,
    "link": 36,
    "message": 40,
}
"""Text size (lu) of each look wrapped by words (:func:`text_wrapped`)."""


@lru_cache(maxsize=16)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's built-in font at ``size`` px (cached)."""
    return ImageFont.load_default(size=size)


_PLAIN = str.maketrans(
    {"—": "-", "–": "-", "…": "...", "•": "*", "’": "'", "“": '"', "”": '"', "·": "-", "©": "(c)"}
)


def drawable(text: str) -> str:
    """``text`` reduced to what the built-in font can draw (accents dropped, others "?").

    Short texts (labels) are cached; a long one (a field holding 100,000 typed
    characters) is converted each time, so the cache never holds megabytes."""
    return _drawable(text) if len(text) <= 256 else _drawable.__wrapped__(text)


@lru_cache(maxsize=4096)
def _drawable(text: str) -> str:
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
    line = fit_line(text.split("\n", 1)[0], right - left, size)
    width = f.getlength(line)
    x = (left + right - width) / 2 if center else left
    y = (top + bottom - size) / 2
    draw.text((x, y), line, fill=color, font=f)


@lru_cache(maxsize=16)
def _narrowest(size: int) -> float:
    """Width of the narrowest glyph :func:`drawable` text can hold, at ``size`` px."""
    f = font(size)
    return max(0.5, min(f.getlength(chr(c)) for c in range(32, 127)))


def fit_line(text: str, width: float, size: int) -> str:
    """``text`` (one line) as drawn in ``width`` px: whole, or cut to ``prefix + "..."``.

    The longest prefix that fits with its "..." is found by bisection over a prefix no
    longer than ``width`` / the narrowest glyph, so a field holding 100,000 characters
    costs a few measurements of at most a box's width, not one a character.

    >>> fit_line("Ada", 500, 40), fit_line("x" * 100_000, 200, 40)
    ('Ada', 'xxxxxxxxx...')
    """
    f = font(size)
    cap = int(width / _narrowest(size)) + 2  # no prefix longer than this can fit
    line = drawable(text)
    if len(line) <= cap and f.getlength(line) <= width:
        return line
    low, high = 0, min(len(line) - 4, cap)  # the longest prefix that fits lies in [low, high]
    if high < 0:
        return line[:-4] + "..." if len(line) > 3 else line
    while low < high:
        middle = (low + high + 1) // 2
        if f.getlength(line[:middle] + "...") <= width:
            low = middle
        else:
            high = middle - 1
    return line[:low] + "..."


def _wrap(text: str, width: float, f: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> list[str]:
    lines: list[str] = []
    for word in drawable(text).split():
        if lines and f.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def wrap_paragraphs(text: str, width: float, size: int) -> str:
    """``text`` as :func:`drawable` draws it, each of its lines wrapped by words to ``width``
    (unchanged where every line fits, as a TextView lays it out).

    >>> wrap_paragraphs("Hi,\\nthis is it", 80, 40)
    'Hi,\\nthis\\nis it'
    """
    f = font(size)
    return "\n".join(
        "\n".join(_wrap(line, width, f) or [""]) for line in drawable(text).split("\n")
    )


def wrapped_lines(text: str, width: float, size: int) -> int:
    """How many lines :func:`text_wrapped` draws ``text`` on in ``width`` (at least 1).

    >>> wrapped_lines("one two three", 1000, 40), wrapped_lines("one two three", 80, 40)
    (1, 3)
    """
    return max(1, len(_wrap(text, width, font(size))))


def wrapped_height(text: str, width: float, size: int) -> int:
    """The height :func:`text_wrapped` needs to draw every line of ``text`` in ``width``
    (its last line may end 4 px below the box, as it allows).

    >>> wrapped_height("one", 500, 40), wrapped_height("one two three", 80, 40)
    (44, 156)
    """
    line_h = int(size * 1.4)
    lines = wrapped_lines(text, width, size)
    return (line_h - size) // 2 + (lines - 1) * line_h + size - 4


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
