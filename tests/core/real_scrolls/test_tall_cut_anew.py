"""A tall row's bare piece cut anew by its list's edge, on real captures, both paths (issue 18).

:func:`.tall_rows.anew_cases`: every real scroller's rows stretched taller than the list
(:mod:`.tall_rows`), scrolled so that a piece of the row that shows nothing (YouTube's
channel card's corner button, the contact editor's photo overlay and icon) is whole in one
frame and cut by the list's edge to a few px in the other, or the reverse. Nothing else
whole in view votes, the piece's key is made of no content and its boxes lie apart: read
as nothing scrolled, the piece ``-`` and ``+`` (``bench_real_tall_rows.py --wide``:
YouTube's merged card scrolled 410 px up, both paths; the contact editor's photo scrolled
64 px on element dicts). Its uncut edge places it
(:mod:`~deltarec.core.diff.cut_anew`, read by
:func:`~deltarec.core.diff.edge_pieces.edge_offset`).

Graded as :mod:`.tall_rows` grades a scroll. :data:`OPEN` is a ratchet (remove a case when
it closes, never add one)."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from deltarec.core.capture import frame_cache
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls.tall_rows import Tall, anew_cases, check

EVERY = 11
"""The test runs every ``EVERY``-th case; ``bench_real_tall_rows.py --anew`` runs them all."""
CASES = 330

_AIRPLANE = Tall("settings-airplane/05.xml", (0, 0, 0, 0), 1, 4738, 646, 140, "scroll", True)
OPEN: dict[str, list[Tall]] = {
    "xml": [
        _AIRPLANE,
        Tall("settings-wifi/05.xml", (0, 0, 0, 0, 1, 0, 0, 0, 1, 0), 0, 2002, 0, 43, "scroll"),
    ],
    "dicts": [_AIRPLANE],
}
"""The sample's cases still failing, per path (on ``c245569`` XML 3, dicts 3; with
:mod:`~deltarec.core.diff.cut_anew` and :mod:`~deltarec.core.diff.edge_across`, brought back
from ``cc21bbc`` with the guard that keeps a window laid out again from reading along x,
XML 2, dicts 1). Open: Settings' Airplane row stretched, its
switch cut anew to 6 px by the top edge as its title left (both paths: the row's empty
title frame, spanning the list, votes that nothing moved); the Wi-Fi screen's bar
stretched, its "Settings" image read as removed and added (XML: the oracle)."""


@pytest.mark.parametrize("path", ["xml", "dicts"])
def test_a_bare_piece_cut_anew_places_the_tall_row_s_scroll(path: str) -> None:
    """On ``c245569``, of all 3,630 cases (``bench_real_tall_rows.py --anew``): XML 26,
    dicts 34; with ``cc21bbc``'s fix XML 22, dicts 12 (:data:`OPEN`)."""
    sample = anew_cases(every=EVERY)
    assert len(sample) == CASES
    failing = []
    for case in sample:
        frame_cache.clear()
        with graded_by_dicts() if path == "dicts" else nullcontext():
            if check(case):
                failing.append(case)
    assert failing == OPEN[path]
