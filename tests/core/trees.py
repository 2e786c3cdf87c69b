"""Small builders of synthetic screens for core tests."""

from __future__ import annotations

from deltarec.core.capture.uiautomator import build_observation
from deltarec.core.observe.model import Bounds, Node, Observation

ROW_H = 100


def row(title: str, top: int, *, checked: bool = False) -> Node:
    return Node(
        role="button",
        class_name="android.widget.LinearLayout",
        clickable=True,
        bounds=Bounds(0, top, 1000, top + ROW_H),
        children=(
            Node(
                role="text",
                class_name="android.widget.TextView",
                resource_id="app:id/title",
                text=title,
                bounds=Bounds(10, top, 800, top + ROW_H),
            ),
            Node(
                role="switch",
                class_name="android.widget.Switch",
                resource_id="app:id/toggle",
                checkable=True,
                clickable=True,
                checked=checked,
                bounds=Bounds(800, top, 1000, top + ROW_H),
            ),
        ),
    )


def list_screen(first: int, count: int, offset: int = 0) -> Observation:
    """Rows ``first..first+count-1`` of an endless list, scrolled up by ``offset`` px."""
    rows = tuple(
        row(f"Row {i}", 200 + (i - first) * ROW_H - offset) for i in range(first, first + count)
    )
    lst = Node(
        role="list",
        class_name="androidx.recyclerview.widget.RecyclerView",
        resource_id="app:id/inbox",
        scrollable=True,
        bounds=Bounds(0, 200, 1000, 1200),
        children=rows,
    )
    bar = Node(
        role="text",
        class_name="android.widget.TextView",
        resource_id="app:id/title_bar",
        text="Inbox",
        bounds=Bounds(0, 0, 1000, 200),
    )
    root = Node(
        class_name="android.widget.FrameLayout",
        bounds=Bounds(0, 0, 1000, 1200),
        children=(bar, lst),
    )
    return build_observation((root,), screen=(1000, 1200))


def recycler_screen(
    rows: tuple[Node, ...], box: Bounds, *, resource_id: str = "", scrollable: bool = True
) -> Observation:
    """A full-screen FrameLayout holding one RecyclerView at ``box`` with ``rows``."""
    listing = Node(
        role="list",
        class_name="androidx.recyclerview.widget.RecyclerView",
        resource_id=resource_id,
        scrollable=scrollable,
        bounds=box,
        children=rows,
    )
    root = Node(
        role="container",
        class_name="android.widget.FrameLayout",
        bounds=Bounds(0, 0, 1080, 2400),
        children=(listing,),
    )
    return build_observation((root,), screen=(1080, 2400))
