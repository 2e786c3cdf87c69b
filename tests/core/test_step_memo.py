"""A step that starts from what the steps before it left equals a step that starts cold.

What is kept between steps: the parser keeps the last dump's nodes by their tags
(``capture/dump_scan.py``: an unchanged tag gives back the very node object), and the
frames keep what they computed about nodes that come again (``observe/identity.py``: the
last frame's hashes by content). Generated: sequences of dumps from the real captures of
``fixtures/real``, each the one before it perturbed — a subtree moved under another parent,
a text changed inside a parent kept otherwise, flags toggled, siblings reordered, a
subtree's boxes shifted (a scroll), a subtree removed or doubled (twins). Each sequence is
stepped as a session steps it (everything kept) and cold (the parser and the memos cleared
before every dump and every frame, so no node object and no memo is shared): every step's
delta text and JSON, one-shot (``observe_delta``) and an ``Observer``'s, must be equal.
"""

from __future__ import annotations

import itertools
import json
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deltarec.core import Observer, observe_delta, parse_uiautomator
from deltarec.core.capture import dump_scan
from deltarec.core.observe import identity
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node, Observation

ROOT = Path(__file__).resolve().parents[2]
SMALL = sorted(p for p in (ROOT / "fixtures" / "real").rglob("*.xml") if p.stat().st_size < 30_000)
FLAGS = ("checked", "enabled", "focused", "selected", "clickable", "scrollable")
WORDS = st.sampled_from(["", "Wi-Fi", "Ada", "Ada Lovelace", "Search", "OK"])


def _nodes(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter("node")]


def _parent_map(root: ET.Element) -> dict[ET.Element, ET.Element]:
    return {child: parent for parent in root.iter() for child in parent}


def _shift(node: ET.Element, dy: int) -> None:
    for e in node.iter("node"):
        box = e.get("bounds", "")
        nums = [int(v) for v in box.replace("][", ",").strip("[]").split(",")]
        if len(nums) == 4:
            a, b, c, d = nums
            e.set("bounds", f"[{a},{b + dy}][{c},{d + dy}]")


@st.composite
def _perturbed(draw: st.DrawFn, data: str) -> str:
    """``data`` with one to three perturbations (module docstring)."""
    root = ET.fromstring(data)
    for _ in range(draw(st.integers(1, 3))):
        nodes = _nodes(root)
        if len(nodes) < 2:
            break
        parents = _parent_map(root)
        node = draw(st.sampled_from(nodes[1:]))
        parent = parents[node]
        kind = draw(st.sampled_from(["move", "text", "flag", "reorder", "shift", "drop", "twin"]))
        if kind == "move":
            inside = set(node.iter("node"))
            target = draw(st.sampled_from([n for n in nodes if n not in inside]))
            parent.remove(node)
            target.insert(draw(st.integers(0, len(target))), node)
        elif kind == "text":
            node.set("text", draw(WORDS))
        elif kind == "flag":
            flag = draw(st.sampled_from(FLAGS))
            node.set(flag, "false" if node.get(flag) == "true" else "true")
        elif kind == "reorder" and len(parent) > 1:
            order = draw(st.permutations(list(parent)))
            for child in list(parent):
                parent.remove(child)
            parent.extend(order)
        elif kind == "shift":
            _shift(node, draw(st.sampled_from([-300, -40, 40, 300])))
        elif kind == "drop":
            parent.remove(node)
        elif kind == "twin":
            parent.insert(list(parent).index(node), ET.fromstring(ET.tostring(node)))
    return ET.tostring(root, encoding="unicode")


@st.composite
def _sequences(draw: st.DrawFn) -> list[str]:
    """A real capture and two or three steps of perturbations after it."""
    dumps = [draw(st.sampled_from(SMALL)).read_text(encoding="utf-8")]
    for _ in range(draw(st.integers(2, 3))):
        dumps.append(draw(_perturbed(dumps[-1] if len(dumps) > 1 else _plain(dumps[0]))))
    return dumps


def _plain(data: str) -> str:
    return ET.tostring(ET.fromstring(data.encode()), encoding="unicode")


def _cold(data: str) -> Observation:
    dump_scan.clear()  # and the last frame's hashes
    return parse_uiautomator(data)


def _cold_frame(obs: Observation) -> Frame:
    identity.clear()
    return Frame(obs)


def _shown(text: str, diff: object) -> tuple[str, str]:
    return text, json.dumps(diff, sort_keys=True)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_sequences())
def test_a_step_after_steps_equals_a_cold_step(dumps: list[str]) -> None:
    # Kept: one parser and one memo through the sequence, as a session has them.
    dump_scan.clear()
    kept = [parse_uiautomator(dumps[0])]
    warm, session = [], []
    observer = Observer()
    observer.reset(kept[0])
    for data in dumps[1:]:
        kept.append(parse_uiautomator(data))
        result = observe_delta(kept[-2], kept[-1])
        warm.append(_shown(result.text, result.diff))
        stepped = observer.step(kept[-1])
        session.append(_shown(stepped.text, stepped.diff))
    # Cold: every dump parsed and every frame keyed with nothing kept.
    cold, cold_session = [], []
    fresh = [_cold(data) for data in dumps]
    cold_observer = Observer()
    cold_observer.reset(_cold(dumps[0]))
    for before, after in itertools.pairwise(fresh):
        result = observe_delta(_cold_frame(before), _cold_frame(after))
        cold.append(_shown(result.text, result.diff))
        identity.clear()
        stepped = cold_observer.step(_cold(dumps[len(cold)]))
        cold_session.append(_shown(stepped.text, stepped.diff))
    assert warm == cold
    assert session == cold_session


def test_the_memo_holds_one_frame_and_no_more() -> None:
    # Bounded: what the last frame hashed, replaced (not grown) by the next frame.
    data = SMALL[0].read_text(encoding="utf-8")
    identity.clear()
    frame = Frame(_cold(data))
    memo = identity._last
    assert 0 < len(memo.subtree) <= len(frame) and len(memo.own) <= len(frame)
    assert len(memo.ids) == len(memo.nodes) == len(frame)
    assert len(memo.own_at) == len(memo.subtree_at) == len(frame) + 1
    assert len(memo.qualified) <= len(frame)
    Frame(parse_uiautomator('<hierarchy><node text="a" bounds="[0,0][5,5]"/></hierarchy>'))
    memo = identity._last
    assert len(memo.own) == 1 and len(memo.subtree) == 1 and len(memo.nodes) == 1
    assert len(memo.ids) == 1 and len(memo.own_at) == len(memo.subtree_at) == 2
    assert not memo.qualified


def test_a_node_object_keyed_again_wherever_it_sits() -> None:
    # The memo by object: the same node objects, moved under another parent, doubled (one
    # object twice in a tree) and reordered, key as a tree of fresh objects does.
    row = parse_uiautomator(
        '<hierarchy><node class="L" bounds="[0,0][9,9]"><node class="R" text="a"'
        ' bounds="[0,0][9,5]"><node class="I" bounds="[0,0][1,1]"/></node>'
        '<node class="R" bounds="[0,5][9,9]"><node class="I" bounds="[0,5][1,6]"/></node>'
        "</node></hierarchy>"
    ).windows[0]
    a, b = row.children
    shapes = [
        (replace(row, children=(b, a)),),
        (replace(row, children=(a, a, b)),),
        (replace(row, children=()), replace(row, children=(b,)), a),
    ]
    for windows in shapes:
        identity.clear()
        Frame(Observation(windows=(row,)))  # the memo holds row's objects
        warm = Frame(Observation(windows=windows))
        identity.clear()
        cold = Frame(Observation(windows=_copied(windows)))
        assert warm.keys == cold.keys and warm.subtree_hashes == cold.subtree_hashes


def _copied(windows: tuple[Node, ...]) -> tuple[Node, ...]:
    """Equal nodes, none of them an object of ``windows``."""
    return tuple(replace(n, children=_copied(n.children)) for n in windows)
