"""Bare texts of one container ticking at once (issue 18 item 3, stop 58): the generator.

A Compose settings screen (``fixtures/ext2/pocketfin-settings/01``) lays a card out as bare
texts, one after another in one ``ScrollView``, no row around any of them. When each of them
ticked at once (a time or a count at its end, one on), deltarec read every one ``-`` and
``+``, or a scroll of 174 px: the rows' sweeps (``tests/core/real_scrolls/ticks.py``) find
that only where a capture has such a list.

:func:`cases` derives the shape from every real capture (``fixtures/real``, ``ext``,
``ext2``, ``appium``): every container (up to :data:`PER` a capture, seeded) with three or
more leaf children that show a text, each of those texts stamped with a count in one of
:data:`FORMATS` ("Wi-Fi · 5 min ago"), then each count one on, nothing else touched (the
dumps rewritten with ElementTree, independent of the parser). The truth (:func:`graded`):
every stamped text is one ``~`` of its node, nothing added, removed or scrolled.
"""

from __future__ import annotations

import copy
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass

from deltarec.core.capture import frame_cache
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.compute import compute_delta
from deltarec.core.observe.frame import Frame
from tests.core.dict_truth import dict_delta
from tests.core.truth.labelled import _bounds, _nodes, dumps

PER = 2
"""Containers drawn per capture."""
FORMATS = ("{} min ago", "9:{:02d}", "{}m", "({})", "{} new")


@dataclass(frozen=True, slots=True)
class Case:
    capture: str
    where: int
    """The container's place among the dump's nodes (elements with ``bounds``)."""
    start: int
    style: int


def _texts(host: ET.Element) -> list[ET.Element]:
    """The leaf children of ``host`` that show a text, with an area."""
    out = []
    for k in host:
        left, top, right, bottom = _bounds(k) if k.get("bounds") else (0, 0, 0, 0)
        if not len(k) and (k.get("text") or "").strip() and right > left and bottom > top:
            out.append(k)
    return out


def cases(rng: random.Random, per: int = PER) -> list[Case]:
    out = []
    for name, raw in dumps():
        found = [w for w, n in enumerate(_nodes(ET.fromstring(raw))) if len(_texts(n)) >= 3]
        for where in sorted(rng.sample(found, min(per, len(found)))):
            out.append(Case(name, where, rng.randint(1, 30), rng.randrange(len(FORMATS))))
    return out


def stamped(raw: bytes, case: Case, later: int) -> bytes:
    root = copy.deepcopy(ET.fromstring(raw))
    for k, leaf in enumerate(_texts(_nodes(root)[case.where])):
        count = FORMATS[case.style].format(case.start + 2 * k + later)
        leaf.set("text", f"{leaf.get('text')} · {count}")
    return ET.tostring(root, encoding="utf-8")


def _stamped_positions(frame: Frame, raw: bytes, case: Case) -> list[int]:
    """Frame positions of the stamped leaves (by class, box and text: one alone each)."""
    out = []
    for leaf in _texts(_nodes(ET.fromstring(raw))[case.where]):
        box = list(_bounds(leaf))
        found = [
            p
            for p, n in enumerate(frame.nodes)
            if n.text == leaf.get("text") and n.bounds.as_list() == box
        ]
        out.extend(found[:1])
    return out


def graded(path: str, all_cases: list[Case]) -> Iterator[tuple[Case, str]]:
    raws = dict(dumps())
    for case in all_cases:
        a, b = stamped(raws[case.capture], case, 0), stamped(raws[case.capture], case, 1)
        prev, curr = Frame(parse_uiautomator(a)), Frame(parse_uiautomator(b))
        frame_cache.clear()
        d = compute_delta(prev, curr) if path == "xml" else dict_delta(prev, curr)
        if d.scrolls:
            yield case, f"{len(d.scrolls)} scroll(s) for a tick"
        stamped_at = _stamped_positions(d.curr, b, case)
        if path == "dicts":  # a text beside a description is not in the dicts (in_input)
            stamped_at = [p for p in stamped_at if not d.curr.nodes[p].content_desc]
        missed = [p for p in stamped_at if "text" not in d.changed.get(p, {})]
        if missed:
            yield case, f"{len(missed)} of {len(stamped_at)} ticks not ~"
        if d.added or d.removed:
            yield case, f"+{len(d.added)} -{len(d.removed)}"
