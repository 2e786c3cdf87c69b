"""Generated cases: rows pushed down by a header put in above them (pull to refresh) are
no scroll; rows a scroll moved across the same gap are one.

A list at its start, its first row ``pad`` px below its top edge, gets a refresh header
``h`` px high above that row (a bare spinner, or a wrapper with a spinner and a label): the
rows move down by ``h``, the list keeps its box and clips them. Read backwards the refresh
ends. Truth: the header ``+`` (``-``), no scroll line.

The guard is the case the first rule tried broke (``bench_truth`` seed 0 step 143): rows
``margin`` px apart scrolled by ``d_`` mid-list, so the gap above the first whole row is a
margin, not the list's start. A row comes in at the top edge, cut by it; no new node fills
the band the rows left. Truth: one scroll by ``d_``.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.diff.compute import compute_delta
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.trees import recycler_screen

TOP, BOTTOM, ROW = 300, 2200, 170


def _row(i: int, top: int, box: Bounds) -> Node | None:
    """Row ``i`` with its top at ``top``, clipped to ``box`` (None when wholly out)."""
    texts = ((f"Ken {i % 3}", top + 10, top + 80), (f"Invoice {i}", top + 80, top + 160))
    labels = tuple(
        Node(
            role="text",
            class_name="android.widget.TextView",
            resource_id="app:id/line",
            text=t,
            bounds=Bounds(20, max(y, box.top), 800, min(z, box.bottom)),
        )
        for t, y, z in texts
        if max(y, box.top) < min(z, box.bottom)
    )
    y, z = max(top, box.top), min(top + ROW, box.bottom)
    if y >= z:
        return None
    return Node(
        "button",
        "android.widget.LinearLayout",
        "app:id/row",
        clickable=True,
        bounds=Bounds(0, y, 1080, z),
        children=labels,
    )


def _header(top: int, h: int, labelled: bool) -> Node:
    box = Bounds(0, top, 1080, top + h)
    wheel = Node("progressbar", "android.widget.ProgressBar", "app:id/refresh", bounds=box)
    if not labelled:
        return wheel
    text = Node(
        "text", "android.widget.TextView", "app:id/refresh_label", text="Refreshing…", bounds=box
    )
    inner = Bounds(box.left, box.top, box.left + min(h, 96), box.bottom)
    return Node(
        "container",
        "android.widget.LinearLayout",
        "app:id/refresh_header",
        bounds=box,
        children=(Node("progressbar", "android.widget.ProgressBar", bounds=inner), text),
    )


def _screen(first: int, pitch: int, *, header: Node | None = None) -> Observation:
    """The list with row 0's top at ``first`` (rows ``pitch`` apart), and ``header``."""
    box = Bounds(0, TOP, 1080, BOTTOM)
    rows = [_row(i, first + pitch * i, box) for i in range(40)]
    kids = (() if header is None else (header,)) + tuple(r for r in rows if r is not None)
    return recycler_screen(kids, box, resource_id="app:id/inbox")


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    st.integers(4, 60),
    st.integers(40, 300),
    st.booleans(),
    st.booleans(),
    st.integers(0, 40),
)
def test_a_refresh_header_pushing_the_rows_down_is_no_scroll(
    pad: int, h: int, labelled: bool, done: bool, margin: int
) -> None:
    idle = _screen(TOP + pad, ROW + margin)
    busy = _screen(TOP + pad + h, ROW + margin, header=_header(TOP + pad, h, labelled))
    a, b = (busy, idle) if done else (idle, busy)
    d = compute_delta(Frame(a), Frame(b))
    assert d.scrolls == [], d.scrolls
    assert 2 in (d.removed if done else d.added)  # the header: root, list, header


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(8, 40), st.integers(10, 400), st.integers(1, 12), st.booleans())
def test_rows_a_margin_apart_scrolled_mid_list_are_a_scroll(
    margin: int, d_: int, row: int, up: bool
) -> None:
    """The first whole row sits a margin below the top edge in both frames."""
    pitch = ROW + margin
    start = TOP + margin - pitch * row  # row ``row`` a margin below the top edge
    a = _screen(start, pitch)
    b = _screen(start + (d_ if up else -d_), pitch)
    d = compute_delta(Frame(a), Frame(b))
    assert [(s.dx, s.dy, s.page) for s in d.scrolls] == [(0, d_ if up else -d_, False)]
