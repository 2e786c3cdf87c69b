"""A tall row whose labelled node spans its list in both frames, on real captures (issue 18).

:func:`spanning_cases`: every real scroller's rows as :func:`.tall_rows.cases` picks them
(its wide offsets, labels the row's own or merged onto it), stretched taller than the list,
moved so that a node of the row showing a text or a description spans the list in both
frames (cut by both edges, its size the list's: the Wi-Fi screen's collapsing bar and its
"Settings" image, YouTube's merged card), by a few px (:data:`SMALL`) and by every 5 % of the
list (:data:`.tall_rows.WIDE_PCTS`), each way, where the move is told (an edge of the
content in view in both frames) and stays within the content. Graded as
:func:`.tall_rows.check` grades a scroll.

The class: such a node is "the element" by the real-capture oracle's rule (unique, one
size), so a delta that lists it ``-`` and ``+`` is false; and it shows nothing of where
the content is, so the move must come from the row's other pieces (their uncut edges) or be
hedged.

    python benchmarks/bench_real_tall_rows.py --spanning
"""

from __future__ import annotations

from deltarec.core.observe.model import Bounds, Observation
from tests.core.real_scrolls.tall_rows import (
    WIDE_PCTS,
    Tall,
    _placed,
    _told,
    _within,
    laid_out,
)
from tests.core.real_scrolls.transforms import _walk_node

SMALL = (1, 6, 24, 43)
"""Moves in px (each way) besides the percentages: a fling's last frames, the Wi-Fi bar's
collapse (43 px)."""


def spanning_labels(key: Tall, obs: Observation, h: int) -> list[Bounds]:
    """The boxes of the labelled nodes of ``key``'s tall row, laid out, that span its list
    (``h`` px tall, the row placed at ``key.offset``)."""
    _, _, laid = laid_out(key, obs)
    return [
        n.bounds
        for _, n in _walk_node(laid[key.row])
        if (n.text or n.content_desc)
        and n.bounds.top <= key.offset
        and key.offset + h <= n.bounds.bottom
    ]


def spanning_cases(*, every: int = 1) -> list[Tall]:
    """Every place and move described above. ``every``: every ``every``-th case."""
    out: list[Tall] = []
    for at, obs, _, h, ends in _placed(3, True):
        moves = {s * m for m in SMALL for s in (-1, 1)}
        moves |= {s * h * p // 100 for p in WIDE_PCTS for s in (-1, 1)}
        for merged in (False, True):
            key = Tall(at.capture, at.host, at.row, at.span, at.offset, 0, "scroll", merged)
            spans = spanning_labels(key, obs, h)
            for d in sorted(moves, key=lambda m: (abs(m), m)):
                if not any(b.top <= at.offset + d and at.offset + d + h <= b.bottom for b in spans):
                    continue
                if not _within(ends, at.offset + d, h):
                    continue
                case = Tall(at.capture, at.host, at.row, at.span, at.offset, d, "scroll", merged)
                if _told(case, obs):
                    out.append(case)
    return list(dict.fromkeys(out))[::every]
