"""Helpers for the virtual phone's screen tests: observe through the real parser, find, tap."""

from __future__ import annotations

from collections.abc import Callable

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.views import hit_windows
from deltarec.core.observe.model import Node, Observation

APP = "dev.deltarec.playground"


def rid(name: str) -> str:
    return f"{APP}:id/{name}"


def launch(activity: str, pg: Playground | None = None) -> Playground:
    pg = pg or Playground()
    pg.launch_app(APP, "." + activity)
    return pg


def obs(pg: Playground) -> Observation:
    return parse_uiautomator(pg.dump_xml(), screen=pg.window_size())


def find(o: Observation | Node, *, rid: str = "", text: str = "", desc: str = "") -> list[Node]:
    return [
        n
        for n in o.walk()
        if (not rid or n.resource_id == rid)
        and (not text or n.text == text)
        and (not desc or n.content_desc == desc)
    ]


def one(o: Observation | Node, *, rid: str = "", text: str = "", desc: str = "") -> Node:
    found = find(o, rid=rid, text=text, desc=desc)
    assert len(found) == 1, (rid, text, desc, found)
    return found[0]


def tap(pg: Playground, n: Node) -> None:
    pg.tap(*n.bounds.center)


def box(n: Node) -> tuple[int, int, int, int]:
    b = n.bounds
    return (b.left, b.top, b.right, b.bottom)


def inside(n: Node, outer: Node) -> bool:
    a, b = n.bounds, outer.bounds
    return b.left <= a.left and b.top <= a.top and a.right <= b.right and a.bottom <= b.bottom


def offsets_at_both_ends(
    pg: Playground, offset: Callable[[], int], *, swipes: int
) -> tuple[int, int]:
    """Swipe the content down once from the top, then up ``swipes`` times: ``offset()`` after each.

    A scroller clamped at both ends gives ``(0, its max offset)`` when ``swipes`` is enough.
    """
    pg.swipe(540, 600, 540, 2000)
    top = offset()
    for _ in range(swipes):
        pg.swipe(540, 2200, 540, 300)
    return top, offset()


def taps_hit_what_the_dump_shows(pg: Playground, *, skip_under: Node | None = None) -> int:
    """Every clickable node in the dump is what a tap at its centre hits; returns how many.

    ``skip_under``: an opaque node (a fixed web header) covering content that a tap
    there does not reach. With a dialog open only the dialog is checked (it is modal).
    """
    o = obs(pg)
    windows = pg.windows()
    checked = 0
    top = o.windows[-1]
    for node in top.walk() if top.role == "dialog" else o.walk():
        if not node.clickable:
            continue
        x, y = node.bounds.center
        covered = skip_under is not None and skip_under.bounds.contains_point(x, y)
        if covered and skip_under is not None and not inside(node, skip_under):
            continue
        hit = hit_windows(windows, x, y)
        assert hit is not None and hit.bounds == box(node), (node, hit)
        checked += 1
    return checked
