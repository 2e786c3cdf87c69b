"""Stable keys: unique, short, printable, and stable across scrolls and insertions."""

from __future__ import annotations

import re
from dataclasses import replace

from deltarec.core import compute_keys, parse_uiautomator
from deltarec.core.observe.model import Bounds, Node
from tests.conftest import REAL_DUMPS


def _row(text: str, top: int) -> Node:
    return Node(
        class_name="android.widget.LinearLayout",
        clickable=True,
        bounds=Bounds(0, top, 100, top + 10),
        children=(
            Node(
                class_name="android.widget.ImageView",
                resource_id="app:id/icon",
                bounds=Bounds(0, top, 10, top + 10),
            ),
            Node(
                class_name="android.widget.TextView",
                resource_id="app:id/title",
                text=text,
                bounds=Bounds(10, top, 100, top + 10),
            ),
        ),
    )


def _list(rows: list[Node]) -> Node:
    return Node(
        class_name="androidx.recyclerview.widget.RecyclerView",
        resource_id="app:id/list",
        scrollable=True,
        bounds=Bounds(0, 0, 100, 100),
        children=tuple(rows),
    )


def _keys_by_title(root: Node) -> dict[str, list[str]]:
    keys = compute_keys([root])
    nodes = list(root.walk())
    out: dict[str, list[str]] = {}
    for i, n in enumerate(nodes):
        if n.class_name.endswith("LinearLayout"):
            title = n.children[1].text
            out[title] = [keys[i], keys[i + 1], keys[i + 2]]
    return out


def test_real_dump_keys_are_unique_short_printable() -> None:
    for path in REAL_DUMPS.glob("*/*.xml"):
        obs = parse_uiautomator(path.read_bytes())
        keys = compute_keys(obs.windows)
        assert len(set(keys)) == len(keys), path
        assert all(re.fullmatch(r"[0-9a-f]{10}(-\d+)?", k) for k in keys), path


def test_keys_survive_a_scroll() -> None:
    before = _list([_row(t, i * 10) for i, t in enumerate("abcdef")])
    after = _list([*[_row(t, i * 10 - 25) for i, t in enumerate("abcdef")][2:], _row("g", 60)])
    kb, ka = _keys_by_title(before), _keys_by_title(after)
    for title in "cdef":
        assert kb[title] == ka[title]
    assert compute_keys([before])[0] == compute_keys([after])[0]  # the list itself


def test_keys_survive_an_insertion_above() -> None:
    before = _list([_row(t, i * 10) for i, t in enumerate("abc")])
    after = _list([_row("new", 0)] + [_row(t, (i + 1) * 10) for i, t in enumerate("abc")])
    kb, ka = _keys_by_title(before), _keys_by_title(after)
    assert all(kb[t] == ka[t] for t in "abc")


def test_typing_and_toggling_do_not_rename() -> None:
    field = Node(role="textbox", class_name="android.widget.EditText", resource_id="f", text="Name")
    switch = Node(
        role="switch", class_name="android.widget.Switch", resource_id="s", checkable=True
    )
    before = compute_keys([field, switch])
    after = compute_keys([replace(field, text="zr", focused=True), replace(switch, checked=True)])
    assert before == after


def test_identical_twins_get_ordinals() -> None:
    star = Node(class_name="android.widget.ImageView", resource_id="star")
    keys = compute_keys([Node(class_name="L", resource_id="stars", children=(star, star, star))])
    assert keys[2] == keys[1] + "-2" and keys[3] == keys[1] + "-3"
