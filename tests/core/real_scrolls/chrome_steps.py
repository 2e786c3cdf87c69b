"""The steps of :mod:`.chrome`, derived from a real capture's scroller: the app's chrome
around a list that changes as the list scrolls. A top app bar or a bottom navigation
hidden on scroll (:func:`barred`: the bars, the scroller's box short by their heights), a
large title collapsing into its toolbar (:func:`headed`), an extended FAB shrunk to its icon
(:func:`with_fab`), a chat's typing indicator (:func:`typing`), a row lifted as an elevated
copy over its emptied slot (:func:`ghosted`). Each returns frames built from the capture;
:mod:`.chrome` reads the pair both ways and grades it.
"""

from __future__ import annotations

import dataclasses

from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls.daily_steps import _clipped, bottom_laid
from tests.core.real_scrolls.rearranged import _shifted
from tests.core.real_scrolls.transforms import Path_, _at, _moved_clipped, _replace

TOOLBAR = 147
"""A toolbar's height (56 dp at 2.625×)."""
LARGE = 320
"""A large top app bar's height, title row included (112 dp at 2.625×, and its insets)."""
NAV = 210
"""A bottom navigation's height (80 dp at 2.625×)."""
FAB = 168
"""A FAB's side (56 dp + its margins rounded)."""
TITLE = "Saved items"
COMPOSE = "Compose"
TYPING = "Ada is typing…"
NAV_ITEMS = ("Home", "Explore", "Saved")


def _text(package: str, text: str, box: Bounds) -> Node:
    return Node("text", "android.widget.TextView", "", text=text, package=package, bounds=box)


def _nav_button(package: str, left: int, top: int, desc: str) -> Node:
    """A toolbar's navigation button at its start, described ``desc``."""
    return Node(
        "button",
        "android.widget.ImageButton",
        "",
        content_desc=desc,
        package=package,
        bounds=Bounds(left + 11, top + 11, left + 136, top + 136),
        clickable=True,
    )


def top_bar(package: str, left: int, right: int, top: int) -> Node:
    """A toolbar ``TOOLBAR`` px high at ``top``: its navigation button and its title."""
    nav = _nav_button(package, left, top, "Open navigation drawer")
    title = _text(package, TITLE, Bounds(left + 189, top + 40, right - 200, top + 107))
    return Node(
        "container",
        "androidx.appcompat.widget.Toolbar",
        f"{package}:id/top_app_bar" if package else "",
        package=package,
        bounds=Bounds(left, top, right, top + TOOLBAR),
        children=(nav, title),
    )


def slid_up(bar: Node, k: int) -> Node:
    """``bar`` slid ``k`` px up out of its box, cut by its old top edge (a toolbar hidden on
    scroll, caught part of the way: its parts cut by the window's top)."""
    b = bar.bounds
    moved = _moved_clipped(bar, -k, b)
    assert moved is not None
    return moved


def bottom_nav(package: str, left: int, right: int, top: int) -> Node:
    """A bottom navigation ``NAV`` px high at ``top``: three items, the first selected."""
    step = (right - left) // len(NAV_ITEMS)
    items = []
    for k, name in enumerate(NAV_ITEMS):
        x = left + k * step
        label = _text(package, name, Bounds(x + 40, top + 130, x + step - 40, top + 180))
        items.append(
            Node(
                "button",
                "android.widget.FrameLayout",
                f"{package}:id/navigation_bar_item" if package else "",
                content_desc=name,
                package=package,
                bounds=Bounds(x, top, x + step, top + NAV),
                clickable=True,
                selected=k == 0,
                children=(label,),
            )
        )
    return Node(
        "container",
        "com.google.android.material.bottomnavigation.BottomNavigationView",
        f"{package}:id/bottom_navigation" if package else "",
        package=package,
        bounds=Bounds(left, top, right, top + NAV),
        children=tuple(items),
    )


def header(package: str, left: int, right: int, top: int, expanded: bool) -> Node:
    """A collapsing app bar at ``top``: ``LARGE`` px high with its title large below the
    toolbar's row (``expanded``), or ``TOOLBAR`` px with the title moved into that row, smaller."""
    nav = _nav_button(package, left, top, "Navigate up")
    if expanded:
        box = Bounds(left + 42, top + TOOLBAR + 40, right - 42, top + LARGE - 40)
    else:
        box = Bounds(left + 189, top + 40, right - 200, top + 107)
    title = dataclasses.replace(
        _text(package, TITLE, box), resource_id=f"{package}:id/top_app_bar_title" if package else ""
    )
    return Node(
        "container",
        "com.google.android.material.appbar.AppBarLayout",
        f"{package}:id/large_top_app_bar" if package else "",
        package=package,
        bounds=Bounds(left, top, right, top + (LARGE if expanded else TOOLBAR)),
        children=(nav, title),
    )


def barred(obs: Observation, host: Path_, over: Node | None, under: Node | None) -> Observation:
    """``obs`` with ``over`` laid above the scroller at ``host`` and ``under`` below it, in
    its parent: the scroller's box short by their heights, its content moved down with its
    top edge (a bar above), clipped by its new box (the app's chrome shown: every list under
    a ``CoordinatorLayout``'s app bar, above a bottom navigation)."""
    node = _at(obs, host)
    b = node.bounds
    top = b.top + (over.bounds.height if over else 0)
    bottom = b.bottom - (under.bounds.height if under else 0)
    short = Bounds(b.left, top, b.right, bottom)
    moved = top - b.top
    inner = tuple(c for k in node.children if (c := _moved_clipped(k, moved, short)) is not None)
    parent = _at(obs, host[:-1])
    kids = list(parent.children)
    kids[host[-1]] = dataclasses.replace(node, bounds=short, children=inner)
    if under is not None:
        kids.insert(host[-1] + 1, under)
    if over is not None:
        kids.insert(host[-1], over)
    return _replace(obs, host[:-1], dataclasses.replace(parent, children=tuple(kids)))


def fab(package: str, box: Bounds, expanded: bool) -> Node:
    """An extended FAB at ``box``'s bottom right: its icon and "Compose" (``expanded``), or
    its icon alone, the button shrunk to a square at the same right edge (Compose's
    ``ExtendedFloatingActionButton(expanded = false)``: the text leaves the tree)."""
    right, bottom = box.right - 42, box.bottom - 42
    left = right - (430 if expanded else FAB)
    icon = Node(
        "image",
        "android.view.View",
        "",
        package=package,
        bounds=Bounds(left + 53, bottom - FAB + 53, left + 116, bottom - 53),
    )
    kids = (icon,)
    if expanded:
        kids += (
            _text(package, COMPOSE, Bounds(left + 137, bottom - 115, right - 53, bottom - 53)),
        )
    return Node(
        "button",
        "android.widget.Button",
        "",
        package=package,
        bounds=Bounds(left, bottom - FAB, right, bottom),
        clickable=True,
        children=kids,
    )


def with_fab(
    obs: Observation, host: Path_, expanded: bool, above: int | None = None
) -> Observation:
    """``obs`` with :func:`fab` over the scroller at ``host``: its parent's last child;
    moved up to end 42 px above ``above`` where it reached lower (a snackbar's top: the FAB
    dodges it, ``CoordinatorLayout``'s ``FloatingActionButton.Behavior``)."""
    node = _at(obs, host)
    parent = _at(obs, host[:-1])
    button = fab(node.package, node.bounds, expanded)
    if above is not None and button.bounds.bottom > above - 42:
        button = _shifted(button, above - 42 - button.bounds.bottom)
    kids = (*parent.children, button)
    return _replace(obs, host[:-1], dataclasses.replace(parent, children=kids))


def typing(obs: Observation, where: Path_, j: int) -> tuple[Observation, Observation, int]:
    """A chat laid out from its bottom before and after "Ada is typing…" showed below its
    last message: (before, after, the indicator's pitch). As
    :func:`.daily_steps.chatted` lays the chat out, the indicator is a row of its own layout
    (a bubble holding the text and three dots that show nothing), every row above moved up
    by its pitch, both frames clipped to what shows of the list."""
    parent, box, gap, laid = bottom_laid(obs, where, j)
    last = laid[-1].bounds
    height = 126
    y = last.bottom + gap
    pkg = parent.package
    dots = tuple(
        Node(
            "image",
            "android.widget.ImageView",
            "",
            package=pkg,
            bounds=Bounds(last.left + 420 + 40 * i, y + 50, last.left + 450 + 40 * i, y + 80),
        )
        for i in range(3)
    )
    text = _text(pkg, TYPING, Bounds(last.left + 42, y + 32, last.left + 400, y + 94))
    bubble = Node(
        "container",
        "android.widget.LinearLayout",
        f"{pkg}:id/typing_indicator" if pkg else "",
        package=pkg,
        bounds=Bounds(last.left, y, min(last.right, last.left + 600), y + height),
        children=(text, *dots),
    )
    pitch = height + gap
    after = [_shifted(r, -pitch) for r in (*laid, bubble)]
    return _clipped(obs, where, laid, box), _clipped(obs, where, after, box), pitch


def ghosted(obs: Observation, where: Path_, j: int, dy: int) -> Observation:
    """``obs`` with row ``j`` of the list at ``where`` lifted as an elevated copy: its slot
    holds an empty view of its box (its class and id, nothing inside: the ghost a drag
    leaves), and the row, dragged ``dy`` px, is drawn over the list as its last child (a
    drag's floating copy: two nodes for one row)."""
    parent = _at(obs, where)
    kids = list(parent.children)
    row = kids[j]
    kids[j] = Node(
        row.role, row.class_name, row.resource_id, package=row.package, bounds=row.bounds
    )
    kids.append(_shifted(row, dy))
    return _replace(obs, where, dataclasses.replace(parent, children=tuple(kids)))
