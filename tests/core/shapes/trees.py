"""Synthetic ``uiautomator dump`` trees of the real shapes issue 18 cites (the captures themselves
are not public): a list, a product grid, web content, a list that grows.

Built on the virtual phone's own model and writer (``View``, ``clip``, ``render_dump``), each
builder returns the dump's XML for one scroll offset. Children outside the scrolled
container's viewport are left out and those cut by its edge are clipped, as a real dump does;
rows repeat one resource id (a RecyclerView recycles its views), and web content nests its
controls a few levels deep under ``android.view.View`` wrappers, as Chrome's does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from deltarec.core.devices.virtual.render_xml import render_dump
from deltarec.core.devices.virtual.views import View, Window, clip

WIDTH, HEIGHT = 1080, 2400
TOP = 220
"""Where the scrolled content starts (under the toolbar)."""
PACKAGE = "com.example.shop"
SCREEN = (0, 0, WIDTH, HEIGHT)

Box = tuple[int, int, int, int]


def node(
    cls: str,
    box: Box,
    *,
    kids: Sequence[View | None] = (),
    rid: str = "",
    clips: bool = False,
    **flags: Any,
) -> View:
    """A view of the virtual phone's model; a scrollable (or ``clips``: a WebView, flag or not)
    clips its children to its box, as a dump reports only what shows."""
    view = View(
        cls,
        box,
        rid=f"{PACKAGE}:id/{rid}" if rid else "",
        focusable=bool(flags.get("clickable")),
        children=tuple(k for k in kids if k is not None),
        **flags,
    )
    if clips or view.scrollable:
        shown = (clip(k, box) for k in view.children)
        view = replace(view, children=tuple(k for k in shown if k is not None))
    return view


def screen(content: View, title: str = "Shop") -> str:
    """A whole dump: a toolbar with ``title`` over ``content``."""
    bar = node(
        "android.view.ViewGroup",
        (0, 0, WIDTH, TOP),
        rid="toolbar",
        kids=(node("android.widget.TextView", (40, 60, 900, 160), text=title),),
    )
    root = node("android.widget.FrameLayout", SCREEN, kids=(bar, content), clips=True)
    return render_dump((Window(root, PACKAGE),))


def recycler(rows: Sequence[View], *, rid: str = "results") -> View:
    return node(
        "androidx.recyclerview.widget.RecyclerView",
        (0, TOP, WIDTH, HEIGHT),
        rid=rid,
        scrollable=True,
        kids=tuple(rows),
    )


def video_row(i: int, top: int, height: int) -> View:
    """A YouTube-like row: thumbnail, title, channel line; one id for every row."""
    return node(
        "android.view.ViewGroup",
        (0, top, WIDTH, top + height),
        rid="video_row",
        clickable=True,
        kids=(
            node("android.widget.ImageView", (24, top + 12, 400, top + height - 12), rid="thumb"),
            node(
                "android.widget.TextView",
                (420, top + 12, 1056, top + 70),
                text=f"Video {i}: how to",
                rid="title",
            ),
            node(
                "android.widget.TextView",
                (420, top + 70, 1056, top + 120),
                text=f"Channel {i % 4} · {i}K views",
                rid="meta",
            ),
        ),
    )


def video_list(offset: int, height: int, count: int = 40) -> str:
    rows = [video_row(i, TOP + i * height - offset, height) for i in range(count)]
    return screen(recycler(rows), "Results")


def tile(i: int, left: int, top: int, width: int, height: int, period: int = 0) -> View:
    """An Amazon-like product tile: image, title, price, an "Add to cart" button."""
    right, bottom = left + width, top + height
    return node(
        "android.widget.FrameLayout",
        (left, top, right, bottom),
        rid="product_tile",
        clickable=True,
        kids=(
            node(
                "android.widget.ImageView",
                (left + 20, top + 20, right - 20, top + height // 2),
                rid="image",
            ),
            node(
                "android.widget.TextView",
                (left + 20, top + height // 2 + 10, right - 20, top + height // 2 + 70),
                text=f"Cable tray {i % period if period else i}",
                rid="title",
            ),
            node(
                "android.widget.TextView",
                (left + 20, top + height // 2 + 80, right - 20, top + height // 2 + 130),
                text=f"${i + 10}.99",
                rid="price",
            ),
            node(
                "android.widget.Button",
                (left + 20, bottom - 110, right - 20, bottom - 20),
                text="Add to cart",
                rid="add",
                clickable=True,
            ),
        ),
    )


def product_grid(
    offset: int, height: int, columns: int = 2, count: int = 40, period: int = 0
) -> str:
    """Tiles in ``columns``; titles repeat every ``period`` tiles (0: never), prices never."""
    width = WIDTH // columns
    tiles = [
        tile(
            i, (i % columns) * width, TOP + (i // columns) * height - offset, width, height, period
        )
        for i in range(count)
    ]
    return screen(recycler(tiles, rid="grid"), "Results")


def _web(kids: Sequence[View], depth: int, flagged: bool = True) -> View:
    """A Chrome WebView: its content nested ``depth`` wrappers deep."""
    inner = node("android.view.View", (0, TOP, WIDTH, HEIGHT), kids=tuple(kids))
    for _ in range(depth):
        inner = node("android.view.View", (0, TOP, WIDTH, HEIGHT), kids=(inner,))
    return node(
        "android.webkit.WebView",
        (0, TOP, WIDTH, HEIGHT),
        text="Docs",
        scrollable=flagged,
        clips=True,
        kids=(inner,),
    )


WEB_LINKS = ("DOCUMENTATION", "BLOG", "COMMUNITY", "DOWNLOAD", "ABOUT", "CONTACT")


def web_page(offset: int, gap: int, depth: int, flagged: bool = True, sticky: bool = False) -> str:
    """A page of headings, paragraphs and link buttons ``gap`` px apart, scrolled by ``offset``
    (``sticky``: under a site header that stays put)."""
    kids = []
    if sticky:
        kids.append(
            node("android.widget.Button", (0, TOP, 300, TOP + 120), text="Menu", clickable=True)
        )
    for i in range(24):
        top = TOP + 40 + i * gap - offset
        if i % 4 == 0:
            name = WEB_LINKS[(i // 4) % len(WEB_LINKS)]
            kids.append(
                node("android.widget.Button", (60, top, 600, top + 110), text=name, clickable=True)
            )
        else:
            kids.append(
                node(
                    "android.widget.TextView",
                    (60, top, 1020, top + gap - 20),
                    text=f"Paragraph {i} of the guide.",
                )
            )
    return screen(_web(kids, depth, flagged), "Docs")


def web_filters(count: int, results: int, depth: int, flagged: bool = True) -> str:
    """A store's WebView: a filter bar ("Filters (n)", "Sort") over a panel of results."""
    bar = node(
        "android.view.View",
        (0, TOP, WIDTH, TOP + 140),
        kids=(
            node(
                "android.widget.Button",
                (20, TOP + 20, 400, TOP + 120),
                text=f"Filters ({count})",
                clickable=True,
            ),
            node(
                "android.widget.Button",
                (420, TOP + 20, 700, TOP + 120),
                text="Sort",
                clickable=True,
            ),
        ),
    )
    panel = node(
        "android.view.View",
        (0, TOP + 140, WIDTH, HEIGHT),
        kids=tuple(
            node(
                "android.widget.TextView",
                (40, TOP + 160 + i * 150, 1040, TOP + 290 + i * 150),
                text=f"Result {i}: desk lamp",
            )
            for i in range(results)
        ),
    )
    return screen(_web([bar, panel], depth, flagged), "Store")


def suggestions(rows: int, height: int, wrap: bool = False) -> str:
    """A search box over a list of ``rows`` suggestions (the list grows as results arrive;
    ``wrap``: the list is as tall as its rows, so its own box grows too)."""
    box = node(
        "android.widget.EditText",
        (0, TOP, WIDTH, TOP + 140),
        text="desk",
        rid="search",
        clickable=True,
    )
    items = [
        node(
            "android.view.ViewGroup",
            (0, TOP + 140 + i * height, WIDTH, TOP + 140 + (i + 1) * height),
            rid="suggestion",
            clickable=True,
            kids=(
                node(
                    "android.widget.TextView",
                    (40, TOP + 150 + i * height, 1040, TOP + 130 + (i + 1) * height),
                    text=f"desk {w}",
                    rid="text",
                ),
            ),
        )
        for i, w in enumerate(
            (
                "lamp",
                "chair",
                "mat",
                "organizer",
                "shelf",
                "riser",
                "fan",
                "clock",
                "plant",
                "tray",
                "hook",
                "stand",
            )[:rows]
        )
    ]
    bottom = min(HEIGHT, TOP + 140 + rows * height) if wrap else HEIGHT
    lst = node(
        "androidx.recyclerview.widget.RecyclerView",
        (0, TOP + 140, WIDTH, bottom),
        rid="suggestions",
        scrollable=True,
        kids=tuple(items),
    )
    column = node("android.widget.LinearLayout", (0, TOP, WIDTH, HEIGHT), kids=(box, lst))
    return screen(column, "Search")
