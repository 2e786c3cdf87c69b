"""Every tall row moved by one or two px (issue 18): :mod:`.small_moves` widened from the
cards whose labelled node spans its list to every row :func:`.tall_rows.cases` stretches.

A fling's last frames and a collapsing bar's settling move content by a px or two. Two
dumps show every edge in view moved by that much; a box moved within rounding is what a
relayout shows too (:mod:`.jitter`: a web page rounds each box on its own), so the house
reads a whole node's move of 1 px as none (``edge_pieces._whole_move``) and the delta said
``~ layout: … moved or resized`` with no scroll line (YouTube's cards, the contact editor
on element dicts, Settings' bars). :func:`cases`: every real scroller's rows as
:func:`.tall_rows.cases` picks them (its wide offsets), on every capture of
``fixtures/real``, ``ext``, ``ext2``, ``ext3`` and ``appium``, labels their own or merged
onto the row, moved by each of :data:`MOVES` where the move is told and stays within the
content. Graded as :func:`.tall_rows.check` grades a scroll.

    python benchmarks/bench_real_tall_rows.py --px
"""

from __future__ import annotations

from tests.core.real_scrolls import tall_rows
from tests.core.real_scrolls.ext_shapes import captures_as
from tests.core.real_scrolls.grading import Violation
from tests.core.real_scrolls.small_moves import captures
from tests.core.real_scrolls.tall_rows import Tall, _placed, _told, _within

MOVES = (1, -1, 2, -2)
"""The moves in px, each way."""


def cases(*, every: int = 1) -> list[Tall]:
    """Every place and move of the module docstring. ``every``: every ``every``-th case."""
    out: list[Tall] = []
    with captures_as(captures):
        for at, obs, _, h, ends in _placed(3, True):
            for merged in (False, True):
                for d in MOVES:
                    if not _within(ends, at.offset + d, h):
                        continue
                    case = Tall(
                        at.capture, at.host, at.row, at.span, at.offset, d, "scroll", merged
                    )
                    if _told(case, obs):
                        out.append(case)
    return list(dict.fromkeys(out))[::every]


def check(case: Tall) -> list[Violation]:
    """:func:`.tall_rows.check` of the case, on this module's captures."""
    with captures_as(captures):
        return tall_rows.check(case)
