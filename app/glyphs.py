"""Glyphs the window can draw: a character no installed font has shows as a box.

Qt falls back from the widget's font to any installed font that has a character;
when none has it, it draws the missing-glyph box (``⏳`` on a machine with only
DejaVu fonts). :func:`drawable` asks the same question Qt's fallback does, and
:func:`first_drawable` picks a mark that will show.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PySide6.QtGui import QFont, QFontDatabase, QFontMetrics


@cache
def _in_some_font(code: int) -> bool:
    return any(QFontMetrics(QFont(family)).inFontUcs4(code) for family in QFontDatabase.families())


def drawable(text: str, font: QFont) -> bool:
    """Whether every character of ``text`` has a glyph in ``font`` or an installed fallback."""
    metrics = QFontMetrics(font)
    return all(ch.isspace() or metrics.inFontUcs4(ord(ch)) or _in_some_font(ord(ch)) for ch in text)


def first_drawable(candidates: Sequence[str], font: QFont) -> str:
    """The first of ``candidates`` that ``font`` (with fallbacks) draws; the last one else."""
    return next((c for c in candidates if drawable(c, font)), candidates[-1])
