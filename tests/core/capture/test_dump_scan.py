"""The scan's memory of the last dump: shared between threads, bounded, never a wrong node.

What it reads is checked against the reference parsers in ``test_parsers.py``; here, what
keeping nodes between calls may break: concurrent parses (each call takes the kept nodes
for itself), a dump too large to keep, and a node object given out twice; and the frame
flattened on the scan's way, which must be the one a walk of the tree gives.
"""

from __future__ import annotations

import random
import threading

import pytest
from hypothesis import HealthCheck, given, settings

from benchmarks import synthetic
from deltarec.core import parse_uiautomator
from deltarec.core.capture import dump_scan, uiautomator
from deltarec.core.errors import CaptureParseError
from deltarec.core.observe import frame as frame_module
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.identity import flatten_tree
from deltarec.core.observe.model import Observation, own_fields
from tests.conftest import REAL_DUMPS
from tests.core.capture.test_parsers import _dumps


def _flat(obs: Observation) -> list[object]:
    return [(own_fields(n), len(n.children)) for n in obs.walk()]


def _reference(data: bytes) -> list[object]:
    return _flat(uiautomator._parse(data, source="", screen=None, use_lxml=False))


def test_threads_parsing_at_once_each_get_their_own_dump() -> None:
    dumps = [p.read_bytes() for p in sorted(REAL_DUMPS.glob("settings-*/*.xml"))[:6]]
    dumps += [d.encode() for d in synthetic.dump_pair(30_000, seed=3)]
    expected = [_reference(d) for d in dumps]
    start = threading.Barrier(4)
    wrong: list[str] = []

    def work(seed: int) -> None:
        order = random.Random(seed).choices(range(len(dumps)), k=40)
        start.wait(timeout=30)
        for i in order:
            obs = parse_uiautomator(dumps[i])
            nodes = list(obs.walk())
            if _flat(obs) != expected[i] or len({id(n) for n in nodes}) != len(nodes):
                wrong.append(f"thread {seed}, dump {i}")

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
        assert not t.is_alive()
    assert wrong == []


def test_a_dump_over_the_kept_size_is_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    before = synthetic.dump_pair(20_000)[0].encode()
    dump_scan.clear()
    monkeypatch.setattr(dump_scan, "KEPT_BYTES", len(before) - 1)
    first = dump_scan.scan(before)
    second = dump_scan.scan(before)
    assert first is not None and second is not None
    assert first.windows[0] is not second.windows[0]
    monkeypatch.setattr(dump_scan, "KEPT_BYTES", len(before))
    third = dump_scan.scan(before)
    fourth = dump_scan.scan(before)
    assert third is not None and fourth is not None
    assert third.windows[0] is fourth.windows[0]


def test_identical_rows_in_one_dump_are_distinct_objects() -> None:
    row = (
        '<node index="0" text="same" resource-id="" class="android.widget.TextView"'
        ' package="p" content-desc="" checkable="false" checked="false" clickable="false"'
        ' enabled="true" focusable="false" focused="false" scrollable="false"'
        ' long-clickable="false" password="false" selected="false" bounds="[0,0][9,9]" />'
    )
    data = f'<hierarchy rotation="0"><node>{row * 50}</node></hierarchy>'.encode()
    dump_scan.clear()
    for _ in range(3):  # cold, then with the same rows kept
        scanned = dump_scan.scan(data)
        assert scanned is not None
        kids = scanned.windows[0].children
        assert len({id(k) for k in kids}) == 50
        assert {k.text for k in kids} == {"same"}


def _walked(obs: Observation) -> tuple[list[int], list[list[int]], list[int], list[int]]:
    """What ``Frame(obs)`` works out without the scan's flattening: parents, children,
    roots and subtree ends."""
    nodes, parents, children, roots = flatten_tree(obs.windows)
    ends = list(range(1, len(nodes) + 1))
    for pos in range(len(ends) - 1, -1, -1):
        if children[pos]:
            ends[pos] = ends[children[pos][-1]]
    return parents, children, roots, ends


def _frame_is_the_walked_one(obs: Observation) -> bool:
    """Whether ``Frame(obs)`` equals the frame flattened by walking ``obs.windows``, and
    whether it took the scan's flattening (:func:`deltarec.core.observe.frame.flattened`)."""
    took = id(obs) in frame_module._flattened
    frame = Frame(obs)
    nodes = flatten_tree(obs.windows)[0]
    assert len(frame.nodes) == len(nodes)
    assert all(a is b for a, b in zip(frame.nodes, nodes, strict=True))
    parents, children, roots, ends = _walked(obs)
    assert (frame.parents, frame.children, frame.roots) == (parents, children, roots)
    assert frame.subtree_ends == ends
    assert frame.keys == Frame.flat(obs, nodes, parents, children, roots).keys
    assert id(obs) not in frame_module._flattened  # taken by the frame: a second one walks
    assert Frame(obs).keys == frame.keys
    return took


def test_a_parsed_frame_is_flattened_by_the_scan_as_a_walk_flattens_it() -> None:
    """Every real capture and synthetic dump (cold, and after the other one: nodes reused),
    dialogs marked on their roots included: the scan's flattening is the walk's."""
    dumps = [p.read_bytes() for p in sorted(REAL_DUMPS.glob("*/*.xml"))]
    for size, seed in ((20_000, 0), (200_000, 1)):
        dumps += [d.encode() for d in synthetic.dump_pair(size, seed=seed)]
    took = 0
    for i, data in enumerate(dumps):
        dump_scan.clear() if i % 3 == 0 else None
        took += _frame_is_the_walked_one(parse_uiautomator(data))
    assert took == len(dumps)  # every one went through the scan
    floating = (
        '<hierarchy rotation="0"><node class="F" bounds="[0,0][100,200]"/>'
        '<node class="D" bounds="[10,50][90,150]"><node class="T" text="OK"'
        ' bounds="[20,60][80,90]"/></node></hierarchy>'
    )
    obs = parse_uiautomator(floating)
    assert obs.windows[1].role == "dialog"  # another root node than the scan built
    assert _frame_is_the_walked_one(obs)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_dumps())
def test_a_generated_dump_is_flattened_by_the_scan_as_a_walk_flattens_it(text: str) -> None:
    try:
        obs = parse_uiautomator(text)
    except CaptureParseError:
        return
    _frame_is_the_walked_one(obs)
