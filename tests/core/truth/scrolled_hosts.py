"""A scroll is said of an element of both frames (issue 18, stop 57): the generator.

A real chat (``fixtures/ext2/nora-compose`` 04→05, Compose) read ``+ [5] container "View"``
and, of that same element, ``↕ [5] container "View" scrolled about a page or more (+0 rows,
-0 rows)``: its message list, a plain ``View`` that turned ``scrollable`` as its content
overflowed, all its bubbles replaced. The scroll measure paired the two lists (their boxes,
their wrappers), the delta did not: one element said to have come in *and* to have scrolled,
its old self gone, and none of the rows that came in or left counted under it.

:func:`cases` derives that shape from every real capture (``fixtures/real``, ``ext``,
``ext2``, and ``ext3``'s dumps): a container holding two or more children that show
something (a list's rows, a layout's sections), up to :data:`PER` a capture (seeded), shows
other content in all of them (every text and description inside replaced by words shared
with nothing) and its ``scrollable`` flag flipped (a Compose list turns scrollable once its
content overflows, a filtered one stops). The dumps are rewritten with ElementTree,
independent of the parser. What the delta may say is left open (a page turned, or rows
replaced); :func:`unpaired` lists what it may not: a scroll whose host it does not pair with
the scroll's old host.
"""

from __future__ import annotations

import copy
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass

from deltarec.core.capture import frame_cache
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.compute import Delta, compute_delta
from deltarec.core.observe.frame import Frame
from tests.core.dict_truth import dict_delta
from tests.core.fixture_dumps import xml_dumps

FOLDERS = ("real", "ext", "ext2", "ext3")
PER = 2
"""Containers drawn per capture."""


@dataclass(frozen=True, slots=True)
class Case:
    capture: str
    where: int
    """The container's place among the dump's ``node`` elements, in document order."""
    back: bool
    """The derived frame first (the list stopped scrolling, its rows came back)."""


def dumps() -> tuple[tuple[str, bytes], ...]:
    return xml_dumps(FOLDERS)


def _shows(node: ET.Element) -> bool:
    return any(n.get("text") or n.get("content-desc") for n in node.iter("node"))


def holders(root: ET.Element) -> list[int]:
    """Places of the containers with two or more children that show something."""
    return [
        i for i, n in enumerate(root.iter("node")) if sum(_shows(k) for k in n.findall("node")) >= 2
    ]


def cases(rng: random.Random, per: int = PER) -> list[Case]:
    out = []
    for name, raw in dumps():
        found = holders(ET.fromstring(raw))
        for where in sorted(rng.sample(found, min(per, len(found)))):
            out.append(Case(name, where, rng.random() < 0.5))
    return out


def replaced(raw: bytes, where: int) -> bytes:
    """The dump with every text and description inside container ``where`` replaced by words
    no other node shows, and its ``scrollable`` flag flipped."""
    root = copy.deepcopy(ET.fromstring(raw))
    host = list(root.iter("node"))[where]
    for k, n in enumerate(host.iter("node")):
        for attr in ("text", "content-desc"):
            if n.get(attr):
                n.set(attr, f"qz{k}x vw{k}y")
    flag = host.get("scrollable") == "true"
    host.set("scrollable", "false" if flag else "true")
    return ET.tostring(root, encoding="utf-8")


def frames(case: Case) -> tuple[Frame, Frame]:
    raw = dict(dumps())[case.capture]
    a = Frame(parse_uiautomator(raw))
    b = Frame(parse_uiautomator(replaced(raw, case.where)))
    return (b, a) if case.back else (a, b)


def unpaired(d: Delta) -> list[str]:
    """Scroll entries whose host the delta does not pair with the scroll's old host: an
    element said to have come in (or another's pair) and to have scrolled."""
    out = []
    for s in d.scrolls:
        if d.pairs.get(s.curr) != s.prev:
            n = d.curr.nodes[s.curr]
            how = "added" if s.curr not in d.pairs else "paired with another"
            out.append(f"scroll of {n.class_name.rsplit('.', 1)[-1]} {n.bounds.as_list()} {how}")
    return out


def graded(path: str, all_cases: list[Case]) -> Iterator[tuple[Case, str]]:
    for case in all_cases:
        prev, curr = frames(case)
        frame_cache.clear()
        d = compute_delta(prev, curr) if path == "xml" else dict_delta(prev, curr)
        for v in unpaired(d):
            yield case, v
