"""``reading_order`` (one pass, rows closed as they end) against the form it replaced (rows
gathered, then flattened): every real frame, elements and all nodes, and generated boxes —
rows of alike heights, tall boxes spanning rows, empty and inverted boxes, negative
coordinates, ties on every coordinate. And the interactive elements' positions, read inline,
against ``Node.interactive`` and ``Bounds.area``."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.element_dicts import list_observation
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import reading_order
from deltarec.core.observe.labels import element_positions, labels
from deltarec.core.observe.model import Bounds, Node
from tests.core.test_big_step_walks import _unwrapped_long

REAL = Path(__file__).resolve().parents[2] / "fixtures" / "real"


def long_way(frame: Frame, positions: Sequence[int]) -> list[int]:
    """``reading_order`` as it was (rows gathered, then each sorted and flattened)."""
    nodes = frame.nodes
    by_top = sorted([(b.top, b.left, p, b.bottom) for p in positions for b in (nodes[p].bounds,)])
    rows: list[list[tuple[int, int, int]]] = []
    band_top = band_bottom = band_center = 0
    for top, left, pos, bottom in by_top:
        center = (top + bottom) // 2
        if (
            rows
            and band_top <= center < max(band_bottom, band_top + 1)
            and (top <= band_center < max(bottom, top + 1))
        ):
            rows[-1].append((left, top, pos))
            continue
        rows.append([(left, top, pos)])
        band_top, band_bottom, band_center = top, bottom, center
    out: list[int] = []
    for row in rows:
        out.extend(pos for _, _, pos in (sorted(row) if len(row) > 1 else row))
    return out


@pytest.mark.parametrize("dump", sorted(REAL.rglob("*.xml")), ids=lambda p: p.stem)
def test_the_same_order_on_every_real_frame(dump: Path) -> None:
    frame = Frame(parse_uiautomator(dump.read_bytes()))
    names = labels(frame)
    for positions in (
        element_positions(frame, names, interactive_only=True),
        element_positions(frame, names, interactive_only=False),
        list(range(len(frame))),
    ):
        assert reading_order(frame, positions) == long_way(frame, positions)


COORD = st.sampled_from([-40, -1, 0, 1, 9, 10, 11, 19, 20, 21, 40, 100])
BOX = st.tuples(COORD, COORD, st.integers(-5, 60), st.integers(-5, 60))


@settings(max_examples=300, deadline=None)
@given(st.lists(BOX, max_size=40), st.randoms(use_true_random=False))
def test_the_same_order_on_any_boxes(boxes: list[tuple[int, int, int, int]], rnd: object) -> None:
    kids = tuple(Node(role="button", bounds=Bounds(x, y, x + w, y + h)) for x, y, w, h in boxes)
    frame = Frame(list_observation(kids, viewport=None))
    positions = list(range(1, len(frame)))
    rnd.shuffle(positions)  # type: ignore[attr-defined]
    assert reading_order(frame, positions) == long_way(frame, positions)


def _positions_long_way(frame: Frame) -> list[int]:
    """``element_positions(..., interactive_only=True)`` through the properties, less each
    plain button inside a button of its name (:mod:`deltarec.core.observe.wrapped`), told
    with a stack of the elements open around each one."""
    names = labels(frame)
    positions = [
        pos
        for pos, node in enumerate(frame.nodes)
        if (node.interactive and node.bounds.area) or node.role == "dialog"
    ]
    return _unwrapped_long(frame, names, positions)


@pytest.mark.parametrize("dump", sorted(REAL.rglob("*.xml")), ids=lambda p: p.stem)
def test_interactive_positions_inline_are_the_properties_on_real_frames(dump: Path) -> None:
    frame = Frame(parse_uiautomator(dump.read_bytes()))
    got = element_positions(frame, labels(frame), interactive_only=True)
    assert got == _positions_long_way(frame)


ROLES = st.sampled_from(["button", "text", "image", "dialog", "container", "switch", "textbox"])
FLAG = st.booleans()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(ROLES, FLAG, FLAG, FLAG, FLAG, BOX), max_size=30))
def test_interactive_positions_inline_are_the_properties_on_any_nodes(
    specs: list[tuple[str, bool, bool, bool, bool, tuple[int, int, int, int]]],
) -> None:
    kids = tuple(
        Node(
            role=role,
            clickable=c,
            long_clickable=lc,
            checkable=ck,
            scrollable=sc,
            bounds=Bounds(x, y, x + w, y + h),
        )
        for role, c, lc, ck, sc, (x, y, w, h) in specs
    )
    frame = Frame(list_observation(kids, viewport=None))
    got = element_positions(frame, labels(frame), interactive_only=True)
    assert got == _positions_long_way(frame)
