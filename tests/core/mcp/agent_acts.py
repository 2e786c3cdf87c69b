"""What the seeded agent of :mod:`tests.core.mcp.agent_walk` does beyond taps by number and
name, and the checks of what each reply said of it: swipes by direction and distance (on the
screen or on an element) and by raw pixels, each checked for its clamp and for where it started
(``swipe``); and the wider mix (:data:`WIDE`, ``walk(wide=True)``): long presses, a fling and
at once a tap on a number its reply showed, keys, finding by a name shown.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any

from deltarec.core.observe.frame import Frame

if TYPE_CHECKING:
    from tests.core.mcp.agent_walk import Walk

DIRECTIONS = ("up", "down", "left", "right")
SCROLLING = ("ScrollView", "RecyclerView", "ListView", "ViewPager", "WebView", "GridView")
WIDE = ("long_press", "fling_tap", "key", "wait_for", "assert", "search")
"""What an agent also does (:func:`act_wide`, ``walk(wide=True)``): a long press on a
number shown, a fling and at once a tap on a number its reply showed, a key (enter, delete,
back, the keyboard's search), finding an element by the name shown (``ac_wait_for``,
``ac_assert``), typing into Contacts' search field, whose list filters as it types
(:func:`search`)."""
WIDE_SHARE = 0.25
"""How often a wide walk does one of :data:`WIDE` instead of the original mix."""
KEYS = ("enter", "del", "back", "search", "tab")


def scrollable_under(frame: Frame, x: int, y: int) -> bool:
    """Whether the node drawn on top at (x, y) (the last in document order holding it), or
    one of its ancestors, is marked scrollable or is of a class made to scroll."""
    top = next((p for p in range(len(frame.nodes) - 1, -1, -1)
                if frame.nodes[p].bounds.contains_point(x, y)), -1)  # fmt: skip
    while top >= 0:
        node = frame.nodes[top]
        if node.scrollable or node.class_name.endswith(SCROLLING):
            return True
        top = frame.parents[top]
    return False


def named(w: Walk) -> list[tuple[int, str, str]]:
    """``(number, role, name)`` of each element a reply printed with a name and that is on
    screen now under that number and name, in number order."""
    from tests.core.mcp.agent_walk import _holder

    seen = w.session.seen
    return sorted(
        (i, r, n)
        for i, (r, n) in w.shown.now.items()
        if n and seen is not None and _holder(seen, i) == (r, n)
    )


async def act_wide(w: Walk) -> bool:
    """One of :data:`WIDE`, drawn by its own generator; False: none could be made."""
    from tests.core.mcp.agent_walk import numbered

    kind = w.extra.choice(WIDE)
    if kind == "long_press":
        return await w.tap_index("ac_long_press", w.extra, among=list(w.shown.now))
    if kind == "fling_tap":  # a fling, then at once a number its reply showed
        direction = w.extra.choice(DIRECTIONS)
        distance = w.extra.randrange(300, 3000)
        args = {"direction": direction, "distance": distance,
                "duration_ms": w.extra.randrange(40, 120)}  # fmt: skip
        text = await w.call("ac_swipe", args)
        shown = [i for line, i, _, _, _ in numbered(text) if line[:2] in ("+ ", "~ ")]
        return await w.tap_index("ac_tap", w.extra, among=shown) or True
    if kind == "key":
        await w.call("ac_press_key", {"key": w.extra.choice(KEYS)})
        return True
    if kind == "search":
        await search(w)
        return True
    # find: wait for / assert an element by the name a reply printed for it, on screen now
    candidates = named(w)
    if not candidates:
        return False
    i, role, name = w.extra.choice(candidates)
    tool = "ac_wait_for" if kind == "wait_for" else "ac_assert"
    args = {"selector": {"name": name, "role": role}}
    args |= {"timeout": 0.5} if tool == "ac_wait_for" else {"exists": True}
    text = await w.call(tool, args)
    last = w.agent.last
    assert last is not None
    if last.isError and "matches" not in text:  # ambiguous names are a fair refusal
        w.flag("name", f"{tool} {args} ([{i}] on screen) → {text.splitlines()[0][:200]}")
    return True


QUERIES = ("a", "ad", "an", "Ada", "e", "li", "Ken", "x", " ", "ar", "Grace T", "o")
"""What an agent types into Contacts' search field: a letter, a name's start, a name no
contact holds, a space (rows that match stay, others leave or come back)."""


async def search(w: Walk) -> None:
    """Type into Contacts' search field (launched first when another screen shows): a query
    by the field's number (or into the focused field), or a key deleted."""
    from deltarec.core.devices.virtual.layout import APP_PACKAGE

    seen = w.session.seen
    if seen is None or not seen.frame.obs.activity.endswith("ContactsActivity"):
        await w.call("ac_launch_app", {"package": APP_PACKAGE, "activity": ".ContactsActivity"})
        return
    if w.extra.random() < 0.3:
        await w.call("ac_press_key", {"key": "del"})
        return
    text = w.extra.choice(QUERIES)
    boxes = sorted(i for i, (r, _) in w.shown.now.items() if r == "textbox")
    if boxes and w.extra.random() < 0.6:
        await w.call("ac_type_text", {"text": text, "selector": {"index": boxes[0]}})
    else:
        await w.call("ac_type_text", {"text": text})


async def swipe(w: Walk) -> None:
    direction = w.rng.choice(DIRECTIONS)
    distance = int(math.exp(w.rng.uniform(math.log(50), math.log(20_000))))
    args: dict[str, Any] = {"direction": direction, "distance": distance}
    if w.shown.now and w.rng.random() < 0.3:
        i = w.rng.choice(sorted(w.shown.now))
        args["selector"] = {"index": i}
    seen = w.session.seen
    text = await w.call("ac_swipe", args)
    last = w.agent.last
    assert last is not None
    if last.isError or seen is None or not last.structuredContent:
        return
    result = last.structuredContent.get("result", {})
    (x1, y1), (x2, y2) = result.get("from", (0, 0)), result.get("to", (0, 0))
    each = abs(x2 - x1) + abs(y2 - y1)
    many = re.search(r"in (\d+) gestures", text)
    done = each * (int(many[1]) if many else 1)
    said = "clamped: asked" in text
    if done + (int(many[1]) if many else 1) < distance and not said:
        w.flag("swipe", f"{args}: finger moved {done}px, no clamped: {text[-160:]!r}")
    if said and done >= distance:
        w.flag("swipe", f"{args}: moved {done}px, yet clamped: {text[-160:]!r}")
    check_outside(w, seen.frame, x1, y1, text, args)


async def raw_swipe(w: Walk) -> None:
    seen = w.session.seen
    if seen is None:
        await w.call("ac_describe_screen")
        seen = w.session.seen
        assert seen is not None
    screen = seen.frame.obs.screen
    x1 = w.rng.randrange(screen.left, screen.right)
    y1 = w.rng.randrange(screen.top, screen.bottom)
    direction = w.rng.choice(DIRECTIONS)
    length = int(math.exp(w.rng.uniform(math.log(50), math.log(20_000))))
    dx = {"left": -length, "right": length}.get(direction, 0)
    dy = {"up": -length, "down": length}.get(direction, 0)
    args = {"x1": x1, "y1": y1, "x2": x1 + dx, "y2": y1 + dy}
    text = await w.call("ac_swipe", args)
    last = w.agent.last
    assert last is not None
    if last.isError:
        return
    check_outside(w, seen.frame, x1, y1, text, args)


def check_outside(w: Walk, frame: Frame, x: int, y: int, text: str, args: dict[str, Any]) -> None:
    outside = "started outside every scrollable" in text
    # a dialog is modal: a touch outside its box goes to it, wherever it started (the
    # navigation bar's strip too: a gesture bar passes what is no edge swipe on)
    took = any(frame.nodes[r].role == "dialog" for r in frame.roots) and bool(
        re.search(r"the swipe from \(\d+,\d+\) went to (?:\[\d+\] )?dialog ", text)
    )
    said = outside or took or "started on nothing that" in text
    if outside and re.search(r"the swipe from \(\d+,\d+\) on ", text):
        w.flag("swipe", f"{args}: the delta names a list the swipe was on, the facts "
                  f"say it started outside every scrollable: {text[-200:]!r}")  # fmt: skip
    under = scrollable_under(frame, x, y)
    if not under and not said and "moved nothing" not in text:
        w.flag("swipe", f"{args} from ({x},{y}) on nothing scrollable, not said")
    if under and said and not took:
        w.flag("swipe", f"{args} from ({x},{y}) in a scrollable, said outside")
