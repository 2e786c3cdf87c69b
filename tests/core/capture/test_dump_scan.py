"""The scan's memory of the last dump: shared between threads, bounded, never a wrong node.

What it reads is checked against the reference parsers in ``test_parsers.py``; here, what
keeping nodes between calls may break: concurrent parses (each call takes the kept nodes
for itself), a dump too large to keep, and a node object given out twice.
"""

from __future__ import annotations

import random
import threading

import pytest

from benchmarks import synthetic
from deltarec.core import parse_uiautomator
from deltarec.core.capture import dump_scan, uiautomator
from deltarec.core.observe.model import Observation, own_fields
from tests.conftest import REAL_DUMPS


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
