"""Generated sessions on the virtual phone: one number per element for a whole session.

A seeded random walk (taps on what is on screen, back, home and relaunch, swipes of any
length and direction, typing) through an :class:`~deltarec.core.observer.Observer`, as the
executor uses it. After every step:

- a number once given is never given to another element (an element is its app screen
  and stable key: ``(package, activity, key)``), so a stale ``[i]`` can always be caught;
- the screen's title is never the status bar's clock.

Derandomized: a fixed set of seeds, a few hundred steps in all.
"""

from __future__ import annotations

import random
import re

import pytest

from deltarec.core.devices.virtual import Playground, VirtualDevice
from deltarec.core.devices.virtual.playground import ManualClock
from deltarec.core.diff.screens import screen_title
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observer import Observer

APP = "dev.deltarec.playground"
CLOCK = re.compile(r"^\d{1,2}:\d{2}")
Element = tuple[str, str, str]


def _elements(index: ElementIndex) -> dict[int, Element]:
    obs = index.frame.obs
    return {e.index: (obs.package, obs.activity, e.key) for e in index.elements}


def _act(rng: random.Random, device: VirtualDevice) -> str:
    w, h = device.window_size()
    roll = rng.random()
    if roll < 0.45:
        nodes = [n for n in device.capture().walk() if n.clickable and n.bounds.area]
        if nodes:
            node = rng.choice(nodes)
            device.tap(*node.bounds.center)
            return f"tap {node.name or node.resource_id}"
    if roll < 0.55:
        device.press_key("back")
        return "back"
    if roll < 0.6:
        device.press_key("home")
        device.launch_app(APP)
        return "relaunch"
    if roll < 0.65:
        device.type_text(rng.choice(("zr", "Ada", "hello world")))
        return "type"
    x1, y1 = rng.randrange(50, w - 50), rng.randrange(300, h - 300)
    dist = rng.choice((50, 200, 600, 1200, 2000, 4000))
    dx, dy = rng.choice(((0, 1), (0, -1), (1, 0), (-1, 0)))
    device.swipe(x1, y1, x1 + dx * dist, y1 + dy * dist)
    return f"swipe {dx * dist},{dy * dist}"


@pytest.mark.parametrize("seed", range(6))
def test_a_number_is_never_given_to_another_element_in_a_session(seed: int) -> None:
    rng = random.Random(seed)
    clock = ManualClock()
    device = VirtualDevice(Playground(clock))
    device.launch_app(APP)
    observer = Observer()
    observer.reset(device.capture())
    assert observer.index is not None
    owner: dict[int, set[Element]] = {}  # number -> the element it was given to (its keys)
    history: list[str] = []

    def check(
        index: ElementIndex,
        text: str,
        pairs: dict[int, int] | None = None,
        since: ElementIndex | None = None,
    ) -> None:
        now = _elements(index)
        by_pos = {e.pos: e.index for e in index.elements}
        for pos, number in by_pos.items():
            element = now[number]
            aliases = owner.setdefault(number, {element})
            if element not in aliases and pairs is not None and since is not None:
                # the element it was, changed in place (its text and so its key changed):
                # paired with the one that had the number in the frame diffed against
                p = pairs.get(pos)
                if p is not None and since.number_of.get(p) == number:
                    aliases.add(element)
            assert element in aliases, (
                f"[{number}] given to {element} ({index.names[pos]!r}) after {aliases}",
                history[-5:],
                text,
            )
        title = screen_title(index)
        assert not CLOCK.match(title), (title, history[-5:], text)

    check(observer.index, "")
    for _ in range(50):
        history.append(_act(rng, device))
        clock.advance(61)  # the status-bar clock ticks between steps
        result = observer.step(device.capture())
        check(result.index, result.text, result.delta.pairs, result.prev_index)


def test_the_launcher_is_remembered_after_many_scrolls_and_titled_by_no_clock() -> None:
    clock = ManualClock()
    device = VirtualDevice(Playground(clock))
    observer = Observer()
    observer.reset(device.capture())  # the launcher
    assert observer.index is not None
    launcher = {e.key: e.index for e in observer.index.elements}
    assert not CLOCK.match(screen_title(observer.index))
    device.launch_app(APP)
    observer.step(device.capture())
    device.tap(*next(n for n in device.capture().walk() if n.text == "Inbox").bounds.center)
    observer.step(device.capture())
    for i in range(12):  # more steps than the memory holds frames
        clock.advance(61)
        device.swipe(540, 1800 if i % 2 else 900, 540, 900 if i % 2 else 1800)
        observer.step(device.capture())
    device.press_key("home")
    back = observer.step(device.capture())
    assert back.text.startswith("» back to "), back.text
    assert {e.key: e.index for e in back.index.elements if e.key in launcher} == {
        k: n for k, n in launcher.items() if k in {e.key for e in back.index.elements}
    }
