"""Two rows' words kept per frame and position (``row_content.label_words``, issue 19): pass 3
weighs a row against every candidate of its slot, and runs twice where a final estimate
turns a page, so the words of the same labels were found again by a regular expression
for every question (a sixth of YouTube 01→02's matching). ``shows_other`` with the kept
words answers as the rule written out with the words found each time (``_the_long_way``),
on every pair of containers of every consecutive pair of real captures, dumps and element
dicts, both ways.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from deltarec.core.capture.element_dicts import elements_to_observation, observation_to_elements
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.row_content import (
    RELATED_LIMIT,
    label_words,
    labels,
    shows_other,
    words,
)
from deltarec.core.observe.frame import Frame
from tests.core.truth.real_oracle import sequences

REAL_DUMPS = Path(__file__).resolve().parents[2] / "fixtures" / "real"
SEQUENCES = sequences(REAL_DUMPS)


def _the_long_way(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """``shows_other`` as it was: the words of both label sets found on every call."""
    a, b = labels(prev, p), labels(curr, c)
    if not (a and b):
        return False
    related = (
        bool(a & b)
        or len(a) * len(b) > RELATED_LIMIT
        or bool(words(" ".join(a)) & words(" ".join(b)))
        or any(x in y or y in x for x in a for y in b)
    )
    return not related


def _frames(path: Path) -> tuple[Frame, Frame]:
    obs = parse_uiautomator(path.read_bytes())
    return Frame(obs), Frame(elements_to_observation(observation_to_elements(obs)))


@pytest.mark.parametrize("name,seq", SEQUENCES, ids=lambda v: str(v)[-40:])
def test_shows_other_with_kept_words_as_the_long_way(name: str, seq: list[Path]) -> None:
    asked = 0
    for a, b in pairwise(seq):
        for prev, curr in zip(_frames(a), _frames(b), strict=True):
            for one, other in ((prev, curr), (curr, prev)):
                boxes = [k for k in range(len(one)) if one.children[k]][:40]
                rows = [k for k in range(len(other)) if other.children[k]][:40]
                for p in boxes:
                    for c in rows:
                        assert shows_other(one, p, other, c) == _the_long_way(one, p, other, c)
                        asked += 1
    assert asked or len(seq) < 2


def test_label_words_are_the_words_of_the_labels() -> None:
    frame = _frames(sorted(REAL_DUMPS.rglob("*.xml"))[0])[0]
    for pos in range(len(frame)):
        assert label_words(frame, pos) == words(" ".join(labels(frame, pos)))
        assert label_words(frame, pos) is label_words(frame, pos)  # kept
