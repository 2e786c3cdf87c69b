"""The speed pass's shortcuts (issue 19, small pairs) say what the long way says.

- :func:`~deltarec.core.diff.volatile.system_bars` answers "no bar" at C speed when no node
  has a resource id and no window is System UI's (element dicts have neither); the walk it
  skips is written out here as it was, and both are asked of every real capture (as parsed
  and as element dicts) and of generated windows (System UI or an app's, of any height,
  holding nodes with or without ids, bar ids among them).
- :func:`~deltarec.core.diff.motions.clustered` finds the offsets that may share a centre
  pair by pair when there are a few (:func:`~deltarec.core.diff.motions._crowded`), and
  :func:`~deltarec.core.diff.vote_rank.by_votes` returns one offset unsorted: both against the
  long way (every neighbourhood looked up; the sort) on generated votes, offsets packed
  close so that neighbours are common, from none to past the pair-by-pair limit.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.element_dicts import elements_to_observation, observation_to_elements
from deltarec.core.capture.roles import SYSTEM_UI
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff import motions, volatile, vote_rank
from deltarec.core.diff.volatile import BAR_SHARE, system_bars
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures, scrolls_by_nature
from deltarec.core.observe.model import Bounds, Node, Observation

REAL = Path(__file__).resolve().parents[2] / "fixtures" / "real"


def _bars_the_long_way(frame: Frame) -> frozenset[int]:
    """``system_bars`` as it was before its shortcut: the walk over every node."""
    limit = frame.obs.height * BAR_SHARE if frame.obs.height else 300
    out: set[int] = set()
    for pos, node in enumerate(frame.nodes):
        parent = frame.parents[pos]
        if parent >= 0:
            ids = volatile._SYSTEM_UI_BAR_IDS if node.package == SYSTEM_UI else volatile._BAR_IDS
            bar = parent in out or node.resource_id.endswith(ids)
        else:
            bar = node.package == SYSTEM_UI and node.bounds.height <= limit
        if bar:
            out.add(pos)
    return frozenset(out)


@pytest.mark.parametrize("dump", sorted(REAL.rglob("*.xml")), ids=lambda p: p.stem)
def test_bars_are_the_walks_on_every_real_capture(dump: Path) -> None:
    obs = parse_uiautomator(dump.read_bytes())
    for frame in (Frame(obs), Frame(elements_to_observation(observation_to_elements(obs)))):
        assert system_bars(frame) == _bars_the_long_way(frame)


_IDS = st.sampled_from(["", "", "app:id/title", "android:id/status_bar", "x:id/clock", "a:id/b"])
_LEAF = st.builds(
    lambda rid, package, top: Node(
        class_name="V", resource_id=rid, package=package, bounds=Bounds(0, top, 10, top + 10)
    ),
    _IDS,
    st.sampled_from(["", "app", SYSTEM_UI]),
    st.integers(0, 500),
)
_WINDOW = st.builds(
    lambda package, height, rid, kids: Node(
        class_name="W",
        package=package,
        resource_id=rid,
        bounds=Bounds(0, 0, 100, height),
        children=(Node(class_name="G", package=package, children=tuple(kids)),),
    ),
    st.sampled_from(["app", SYSTEM_UI, ""]),
    st.integers(0, 2400),
    _IDS,
    st.lists(_LEAF, max_size=4),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_WINDOW, min_size=1, max_size=3), st.sampled_from([0, 2400]))
def test_bars_are_the_walks_on_generated_windows(windows: list[Node], height: int) -> None:
    frame = Frame(Observation(windows=tuple(windows), width=100, height=height))
    assert system_bars(frame) == _bars_the_long_way(frame)


def _crowded_the_long_way(left: dict[tuple[int, int], float]) -> set[tuple[int, int]]:
    reach = range(-2 * motions.SPREAD, 2 * motions.SPREAD + 1)
    return {
        (x, y)
        for x, y in left
        if any((x + i, y + j) in left for i in reach for j in reach if i or j)
    }


def _ranked_the_long_way(
    votes: dict[tuple[int, int], float],
) -> list[tuple[tuple[int, int], float]]:
    order = {offset: i for i, offset in enumerate(votes)}

    def key(kv: tuple[tuple[int, int], float]) -> tuple[float, int]:
        (dx, dy), v = kv
        return (-round(v, 9), abs(dx) + abs(dy) if v >= vote_rank.PERIODIC else order[(dx, dy)])

    return sorted(votes.items(), key=key)


_VOTES = st.dictionaries(
    st.tuples(st.integers(-6, 6), st.integers(-8, 8)),
    st.sampled_from([0.5, 1.0, 1.0, 2.0, 3.0, 0.25]),
    max_size=2 * motions._FEW,
)


@settings(max_examples=300, deadline=None)
@given(_VOTES)
def test_crowded_and_ranked_are_the_long_way_on_generated_votes(
    votes: dict[tuple[int, int], float],
) -> None:
    assert motions._crowded(votes) == _crowded_the_long_way(votes)
    assert vote_rank.by_votes(votes) == _ranked_the_long_way(votes)


def test_natures_are_each_nodes_own_on_every_real_capture() -> None:
    """:func:`~deltarec.core.observe.labels.natures` (kept per frame, read by the pages, the
    scroll estimate, the labels and the numbering) is ``scrolls_by_nature`` node by node."""
    for dump in sorted(REAL.rglob("*.xml")):
        obs = parse_uiautomator(dump.read_bytes())
        for frame in (Frame(obs), Frame(elements_to_observation(observation_to_elements(obs)))):
            assert natures(frame) == [scrolls_by_nature(n) for n in frame.nodes]
            assert natures(frame) is natures(frame)
