"""A screen's title is its app bar's title whether or not the app made that title tappable.

vivo's and MIUI's Settings lay their app bar's title out as a clickable ``TextView`` (role
``button``), often inside a clickable wrapper (``fixtures/ext``: vivo "设置", MIUI
"Display" and "Settings"); :func:`~deltarec.core.diff.screens.screen_title` asked texts
alone, so a row's summary or a section header below named the new screen instead
("vivo账号、云服务、查找设备等", "COLOR SCHEME", "Manage accounts, …"), and the title also
decides :func:`~deltarec.core.diff.screens.is_new_screen` and the screens an observer
remembers.

The generator: every real capture (``fixtures/real``, ``fixtures/ext``,
``fixtures/appium``) whose title is an app bar's text, that text made clickable as those
phones make it — the text alone, and the text inside a clickable wrapper of its own box —
must keep its title. Before the fix (``a355f8b``) all 50 variants of the 25 captures named
another text (or none): a text further right in the toolbar ("ME" for "Contacts"), a
row's first text, nothing. A title that holds no letter (a time picker's ":") is no
app bar's title and is left out.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from deltarec.core import parse_uiautomator
from deltarec.core.capture.roles import role_for_class
from deltarec.core.diff.screens import _TITLE_HOSTS, screen_title
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import layout, order_of
from deltarec.core.observe.model import Node, Observation
from tests.core.real_scrolls.transforms import Path_, _replace, _walk

ROOT = Path(__file__).resolve().parents[2] / "fixtures"
DUMPS = ("real", "ext", "appium")


@lru_cache(maxsize=1)
def _captures() -> tuple[tuple[str, Observation], ...]:
    return tuple(
        (str(p.relative_to(ROOT)), parse_uiautomator(p.read_bytes()))
        for d in DUMPS
        for p in sorted((ROOT / d).rglob("*.xml"))
    )


def _paths(obs: Observation) -> dict[int, Path_]:
    """Per document position (a :class:`Frame`'s), the node's path of child indexes."""
    return {pos: path for pos, (path, _) in enumerate(_walk(obs))}


def _clickable(node: Node) -> Node:
    role = role_for_class(node.class_name, clickable=True, checkable=node.checkable)
    return dataclasses.replace(node, clickable=True, role=role)


def _bar_title(frame: Frame) -> int | None:
    """The position of the text the frame's title is read from when it is an app bar's (a
    text under a toolbar, an action bar, a title or header host), else None."""
    index = layout(frame)
    title = screen_title(index)
    for p in order_of(index):
        node = frame.nodes[p]
        if node.role != "text" or index.names[p] != title or node.children:
            continue
        for a in frame.ancestors(p)[:3]:
            host = frame.nodes[a]
            rid = host.resource_id.rpartition("/")[2].lower()
            simple = host.class_name.rsplit(".", 1)[-1].lower()
            if rid.endswith(_TITLE_HOSTS) or "toolbar" in simple or "actionbar" in simple:
                return p
        return None
    return None


def titles_made_clickable() -> Iterator[tuple[str, str, str, Observation]]:
    """(capture, variant, title, the capture with its app bar's title made clickable)."""
    for name, obs in _captures():
        frame = Frame(obs)
        p = _bar_title(frame)
        title = screen_title(layout(frame))
        if p is None or not any(map(str.isalpha, title)):
            continue  # a time picker's ":" is a value its header shows, not a title
        path = _paths(obs)[p]
        text = frame.nodes[p]
        yield name, "text", title, _replace(obs, path, _clickable(text))
        wrapper = Node(
            role="button",
            class_name="android.widget.LinearLayout",
            clickable=True,
            bounds=text.bounds,
            children=(_clickable(text),),
        )
        yield name, "wrapped", title, _replace(obs, path, wrapper)


def test_a_title_made_clickable_is_still_the_title() -> None:
    cases = list(titles_made_clickable())
    assert len(cases) == 50  # 25 captures titled by an app bar's text, two variants each
    wrong = [
        (name, variant, title, got)
        for name, variant, title, obs in cases
        if (got := screen_title(layout(Frame(obs)))) != title
    ]
    assert wrong == []
