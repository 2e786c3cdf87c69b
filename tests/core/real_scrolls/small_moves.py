"""A tall card whose labelled node spans its list in both frames, moved by every small
offset (issue 18): :mod:`.spanning`'s shape over every capture of ``fixtures/real``,
``ext``, ``ext2``, ``ext3`` and ``appium``, moved by each of 1-60 px, each way.

:mod:`.spanning` moves such a row by 1, 6, 24 and 43 px only; a class found at one small
offset is a class at those around it (YouTube's cards moved a few px, read as a text
resized; the contact editor's twin periods on element dicts). :func:`cases`: every real
scroller's rows as :func:`.tall_rows.cases` picks them (its wide offsets, labels the row's
own or merged onto it), stretched taller than the list, moved by every ``d`` of
:data:`MOVES` where a node of the row showing a label spans the list in both frames, the
move is told (an edge of the content in view in both frames) and stays within the
content. Graded as :func:`.tall_rows.check` grades a scroll, the captures read through
:func:`.ext_shapes.captures_as`.

    python benchmarks/bench_real_tall_rows.py --small
"""

from __future__ import annotations

from deltarec.core.observe.model import Observation
from tests.core.fixture_dumps import parsed_dumps
from tests.core.real_scrolls import tall_rows
from tests.core.real_scrolls.ext_shapes import captures_as
from tests.core.real_scrolls.grading import Violation
from tests.core.real_scrolls.spanning import spanning_labels
from tests.core.real_scrolls.tall_rows import Tall, _placed, _told, _within

DUMPS = ("real", "ext", "ext2", "ext3", "appium")
MOVES = tuple(s * m for m in range(1, 61) for s in (1, -1))
"""Every small move in px, each way: a fling's last frames, a collapsing bar's few px."""


def captures() -> tuple[tuple[str, Observation], ...]:
    """Every capture of :data:`DUMPS`, parsed once."""
    return parsed_dumps(DUMPS)


def cases(*, every: int = 1) -> list[Tall]:
    """Every place and move of the module docstring. ``every``: every ``every``-th case."""
    out: list[Tall] = []
    with captures_as(captures):
        for at, obs, _, h, ends in _placed(3, True):
            for merged in (False, True):
                key = Tall(at.capture, at.host, at.row, at.span, at.offset, 0, "scroll", merged)
                spans = spanning_labels(key, obs, h)
                if not spans:
                    continue
                for d in MOVES:
                    top, bottom = at.offset + d, at.offset + d + h
                    if not any(b.top <= top and bottom <= b.bottom for b in spans):
                        continue
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
