"""Generated cases: a list that grew (rows added below rows that did not move) is an
insertion, never a scroll — the issue's suggestion list growing from 2 to 10 rows, read
as "scrolled about a page" with its unmoved first row removed and added again.

Lists of every shape the generator knows: marked scrollable or not, rows with or without
a resource id, a list box that grows with its rows (wrap_content) or stays, rows of
several heights.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.diff.observation_diff import diff_observations
from deltarec.core.observe.model import Bounds, Node, Observation
from deltarec.core.observer import observe_delta
from tests.core.trees import recycler_screen

TOP = 300


def _row(i: int, top: int, height: int, rid: str) -> Node:
    half = height // 2
    texts = ((f"Video {i}", top + 10, top + half), (f"{i}K views", top + half, top + height - 10))
    labels = tuple(
        Node(
            role="text", class_name="android.widget.TextView", text=t, bounds=Bounds(20, y, 800, z)
        )
        for t, y, z in texts
    )
    box = Bounds(0, top, 1080, top + height)
    kind = "android.widget.LinearLayout"
    return Node("button", kind, rid, clickable=True, bounds=box, children=labels)


def _screen(rows: int, *, scrollable: bool, height: int, rid: str, wrap: bool) -> Observation:
    kids = tuple(_row(i, TOP + height * i, height, rid) for i in range(rows))
    bottom = TOP + height * rows if wrap else 2200
    return recycler_screen(kids, Bounds(0, TOP, 1080, bottom), scrollable=scrollable)


@settings(max_examples=80, deadline=None, derandomize=True)
@given(
    st.integers(1, 3),
    st.integers(1, 9),
    st.booleans(),
    st.sampled_from((100, 150, 210)),
    st.sampled_from(("", "app:id/row")),
    st.booleans(),
)
def test_a_list_that_grew_lists_its_new_rows_and_scrolls_nothing(
    rows: int, more: int, scrollable: bool, height: int, rid: str, wrap: bool
) -> None:
    shape = {"scrollable": scrollable, "height": height, "rid": rid, "wrap": wrap}
    a, b = _screen(rows, **shape), _screen(rows + more, **shape)  # type: ignore[arg-type]
    diff = diff_observations(a, b)
    assert diff["scrolls"] == [] and diff["removed"] == []
    text = observe_delta(a, b, max_lines=None).text
    shown = [i for i in range(rows + more) if TOP + height * (i + 1) <= 2400]
    came = [f'"Video {i}' for i in shown if i >= rows]  # named alone or with its views
    assert all(line.startswith("+") for line in text.splitlines()), text
    assert all(name in text for name in came), text
