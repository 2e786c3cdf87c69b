"""``row_content.labels`` and ``viewport.holds_scroller`` kept per frame are the long way's
answers, asked in any order.

The long way (the frozenset of a subtree's naming texts, as it was computed on every ask;
the chain of wrappers walked on every ask) against the kept one, on every position of every
real capture, as a dump and as element dicts, asked in a shuffled order and each asked
twice.
"""

from __future__ import annotations

import random

import pytest

from deltarec.core.capture.element_dicts import elements_to_observation, observation_to_elements
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.row_content import labels
from deltarec.core.diff.viewport import holds_scroller
from deltarec.core.observe.frame import Frame
from tests.conftest import REAL_DUMPS

CAPTURES = sorted(p.relative_to(REAL_DUMPS).as_posix() for p in REAL_DUMPS.rglob("*.xml"))


def _long(frame: Frame, pos: int) -> frozenset[str]:
    return frozenset(
        n.text if n.text and not (n.role == "textbox" or n.password) else n.content_desc
        for n in frame.nodes[pos : frame.subtree_end(pos)]
        if n.content_desc or (n.text and not (n.role == "textbox" or n.password))
    )


@pytest.mark.parametrize("name", CAPTURES)
def test_kept_labels_are_the_long_way(name: str) -> None:
    obs = parse_uiautomator((REAL_DUMPS / name).read_bytes())
    rng = random.Random(name)
    for frame in (Frame(obs), Frame(elements_to_observation(observation_to_elements(obs)))):
        order = list(range(len(frame))) * 2
        rng.shuffle(order)
        for pos in order:
            assert labels(frame, pos) == _long(frame, pos), pos
            assert holds_scroller(frame, pos) == holds_scroller.__wrapped__(frame, pos), pos
