"""A text that is only whitespace names nothing (issue 18 item 5, stop 58): the generator.

A Compose chat streams its answer into a bubble that first holds ``" "``
(``fixtures/ext2/nora-compose/03``): deltarec numbered it ``[3] text " "``, and the next step
read ``- text " "`` beside the answer's ``+``. A space is no label: nobody can point at it by
what it says, and a ``name=" "`` selector means nothing.

:func:`cases` derives that shape from every real capture (``fixtures/real``, ``ext``,
``ext2``, ``appium``): up to :data:`PER` leaves a capture (seeded) that are elements named by
their own text or description have it replaced by whitespace (a space, a newline, both, a
thin space, the other emptied; the dumps rewritten with ElementTree, independent of the parser). :func:`graded`
lists what may not happen: the blank leaf numbered as an element, or any delta line, of the
step that blanked it or the step back, printing a name that is only whitespace.
"""

from __future__ import annotations

import copy
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observer import Observer
from tests.core.truth.labelled import _nodes, _position, dumps

PER = 3
"""Leaves blanked per capture."""
BLANKS = (" ", "\n", " \n ", "\u2009")
BLANK = re.compile(r'"(?:\s|\\[nrt]|\\u2009)+"')
"""A quoted string that is only whitespace, as a delta line prints it."""


def blank_names(line: str) -> list[str]:
    """The names ``line`` prints that are only whitespace: a quoted blank that is not one side
    of a ``"A"→"B"`` change (a text edited to or from whitespace is a fact of the step)."""
    return [
        m[0]
        for m in BLANK.finditer(line)
        if line[m.start() - 1 : m.start()] != "→" and line[m.end() : m.end() + 1] != "→"
    ]


@dataclass(frozen=True, slots=True)
class Case:
    capture: str
    where: int
    """The leaf's place among the dump's nodes (elements with ``bounds``), in document order."""
    blank: str
    """What its text (or description, whichever it shows) reads now: the other is emptied."""


def cases(rng: random.Random, per: int = PER) -> list[Case]:
    out = []
    for name, raw in dumps():
        try:
            index = Observer().reset(parse_uiautomator(raw))
        except ValueError:
            continue  # not a whole dump
        nodes = _nodes(ET.fromstring(raw))
        found = []
        for where, el in enumerate(nodes):
            if len(el) or not (el.get("text") or el.get("content-desc")):
                continue
            pos = _position(index, el)
            if pos >= 0 and pos in index.number_of and not index.frame.nodes[pos].interactive:
                found.append(where)
        for where in sorted(rng.sample(found, min(per, len(found)))):
            out.append(Case(name, where, rng.choice(BLANKS)))
    return out


def blanked(raw: bytes, case: Case) -> bytes:
    root = copy.deepcopy(ET.fromstring(raw))
    leaf = _nodes(root)[case.where]
    attr = "text" if leaf.get("text") else "content-desc"
    leaf.set("text", "")
    leaf.set("content-desc", "")
    leaf.set(attr, case.blank)
    return ET.tostring(root, encoding="utf-8")


def graded(all_cases: list[Case]) -> Iterator[tuple[Case, str]]:
    """The cases where the blank leaf is an element, or a delta line prints a blank name."""
    raws = dict(dumps())
    for case in all_cases:
        raw = raws[case.capture]
        blank = blanked(raw, case)
        index = Observer().reset(parse_uiautomator(blank))
        pos = _position(index, _nodes(ET.fromstring(blank))[case.where])
        if pos in index.number_of:
            yield case, f"numbered [{index.number_of[pos]}] {index.names[pos]!r}"
        for a, b, way in ((raw, blank, "blanked"), (blank, raw, "back")):
            observer = Observer()
            observer.reset(parse_uiautomator(a))
            text = observer.step(parse_uiautomator(b), max_lines=None).text
            said = [ln for ln in text.splitlines() if blank_names(ln)]
            if said:
                yield case, f"{way}: {said[0]}"
