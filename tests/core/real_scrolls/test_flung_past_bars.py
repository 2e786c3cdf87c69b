"""A list flung past all it showed as the bars around it slid out (or in), on dumps that name
no view by id: element dicts, and the XML path without ids (issue 18, ext round 3).

Chrome's new tab page (``fixtures/ext/chrome-ntp``) holds its ScrollView three wrappers
below the layout around it, and beside the first of them an empty layer (a FrameLayout
around one empty View, the compositor's). A fling past the whole page as the toolbar slid
out read, on element dicts, ``» new screen ?: 20 elements (14 gone)``, no scroll line: with
no id, nothing inside the page stayed to pair the wrappers by, and the empty layer beside
them, which holds a node, was counted as content beside the list
(:func:`deltarec.core.diff.viewport.holds_scroller`), so the wrappers read as rows of
other content (:func:`deltarec.core.diff.row_content.other_row`). ``bench_real_any.py
--dumps fixtures/ext --per 3``: the chrome sweep's 4 dict cases, and their mirrored 5.

The generator: every scroller a bar can sit beside (:func:`.chrome._hosts`) of every
capture of ``fixtures/ext``, each way of the bars (:data:`KINDS`, and back), flung just
past its box and :data:`FAR`, on the XML path as dumped and without ids and on element
dicts; on ``fixtures/real`` both bars (the most a screen's rule counts gone), just past
the box, on the two paths without ids. Graded by :func:`.chrome.check` (one scroll line,
``about a page`` allowed when nothing stays; no ``» new screen``; nothing that stayed
``+`` / ``-``)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from contextlib import nullcontext

from deltarec.core.capture import frame_cache
from tests.core.dict_truth import graded_by_dicts
from tests.core.real_scrolls import chrome
from tests.core.real_scrolls.chrome import BACK, Chrome, check
from tests.core.real_scrolls.ext_shapes import captures_as, ext_captures
from tests.core.real_scrolls.transforms import _at

KINDS = ("hide-bar", "hide-nav", "hide-both", "immersive")
FAR = 3000
"""Past every row a real capture's list shows (its longest is under 2,500 px)."""
PATHS = ("xml", "xml-no-ids", "dicts")


def cases(kinds: tuple[str, ...], far: bool) -> list[Chrome]:
    """Each kind of ``kinds`` and its way back on every host of every capture, flung 340 px
    past the host's box (the chrome sweep's longest draw), and :data:`FAR` if ``far``."""
    out = []
    for name, obs in chrome.captures():
        for host in chrome._hosts(obs):
            past = _at(obs, host).bounds.height + 340
            for d in (past, FAR) if far else (past,):
                out += [Chrome(name, k, host, d) for f in kinds for k in (f, BACK[f])]
    return out


def _failing(sample: list[Chrome], paths: tuple[str, ...]) -> Counter[str]:
    got: Counter[str] = Counter()
    for path in paths:
        for case in sample:
            frame_cache.clear()
            with graded_by_dicts() if path == "dicts" else nullcontext():
                if check(dataclasses.replace(case, ids=path != "xml-no-ids")):
                    got[path] += 1
    return got


def test_ext_lists_flung_past_their_box_as_bars_went_are_one_scroll() -> None:
    """32 cases a path (both captures of Chrome's new tab page). On 7c5a435: XML 0, XML
    without ids 24, dicts 24 (``» new screen``, no scroll line)."""
    with captures_as(ext_captures):
        sample = cases(KINDS, far=True)
        assert len(sample) == 32
        assert _failing(sample, PATHS) == Counter()


def test_real_lists_flung_past_their_box_as_both_bars_went_are_one_scroll() -> None:
    sample = cases(("hide-both",), far=False)
    assert len(sample) >= 40
    assert _failing(sample, PATHS[1:]) == Counter()
