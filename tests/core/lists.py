"""Recycled lists as real phones dump them, for scroll tests and properties.

A list of ``items`` rows of varied height, each row ``[avatar, sender, subject]``
with the same resource ids on every row and senders from a small pool (so a
label can be unique in one frame and belong to another row in the next).
Only rows that intersect the viewport are dumped, with bounds clipped to it,
and children entirely outside are left out, as ``uiautomator dump`` does.
Shapes: a plain RecyclerView (``scrollable``), the same inside an outer
scrollable wrapper of the same bounds (nested), or an unmarked
``android.view.View`` container (a WebView or Compose list).
"""

from __future__ import annotations

from deltarec.core.capture.uiautomator import build_observation
from deltarec.core.observe.model import Bounds, Node, Observation

VIEW_TOP, VIEW_BOTTOM, WIDTH = 300, 1800, 1080
SENDERS = ("Ada", "Ken", "Grace")


def row_height(i: int) -> int:
    return (150, 180, 240)[i % 3]


def tops(items: int) -> list[int]:
    out = [0]
    for i in range(items):
        out.append(out[-1] + row_height(i))
    return out


def _clip(b: Bounds) -> Bounds | None:
    top, bottom = max(b.top, VIEW_TOP), min(b.bottom, VIEW_BOTTOM)
    return Bounds(b.left, top, b.right, bottom) if bottom > top else None


def _row(i: int, top: int, subjects: int, app: str) -> Node | None:
    h = row_height(i)
    box = _clip(Bounds(0, top, WIDTH, top + h))
    if box is None:
        return None
    sender = SENDERS[i % len(SENDERS)]
    parts = (
        ("android.widget.ImageView", "", f"{sender} avatar", Bounds(30, top + 20, 130, top + 120)),
        ("android.widget.TextView", sender, "", Bounds(160, top + 20, 700, top + 70)),
        (
            "android.widget.TextView",
            f"Subject {i % subjects}",
            "",
            Bounds(160, top + 75, 1050, top + h - 10),
        ),
    )
    kids = []
    for cls, text, desc, b in parts:
        clipped = _clip(b)
        if clipped is not None:
            rid = f"{app}:id/{'avatar' if 'Image' in cls else 'sender' if text == sender else 'subject'}"
            kids.append(
                Node(
                    role="image" if "Image" in cls else "text",
                    class_name=cls,
                    resource_id=rid,
                    text=text,
                    content_desc=desc,
                    bounds=clipped,
                )
            )
    return Node(
        role="button",
        class_name="android.widget.LinearLayout",
        resource_id=f"{app}:id/row",
        clickable=True,
        bounds=box,
        children=tuple(kids),
    )


def list_frame(
    offset: int, *, items: int = 60, subjects: int = 1000, shape: str = "list"
) -> Observation:
    """The list scrolled by ``offset`` px (content moved up), in one of the shapes."""
    app = "app"
    ts = tops(items)
    rows = tuple(
        r
        for i in range(items)
        if (r := _row(i, VIEW_TOP + ts[i] - offset, subjects, app)) is not None
    )
    box = Bounds(0, VIEW_TOP, WIDTH, VIEW_BOTTOM)
    if shape == "unmarked":
        content = Node(role="container", class_name="android.view.View", bounds=box, children=rows)
    else:
        content = Node(
            role="list",
            class_name="androidx.recyclerview.widget.RecyclerView",
            resource_id=f"{app}:id/feed_content",
            scrollable=True,
            bounds=box,
            children=rows,
        )
    if shape == "nested":
        content = Node(
            role="list",
            class_name="android.widget.ScrollView",
            resource_id=f"{app}:id/outer",
            scrollable=True,
            bounds=box,
            children=(content,),
        )
    title = Node(
        role="text",
        class_name="android.widget.TextView",
        text="Feed",
        bounds=Bounds(40, 100, 600, 200),
    )
    root = Node(
        class_name="android.widget.FrameLayout",
        bounds=Bounds(0, 0, WIDTH, 2000),
        children=(title, content),
    )
    return build_observation((root,), screen=(WIDTH, 2000))
