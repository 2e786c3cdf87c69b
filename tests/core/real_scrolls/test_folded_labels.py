"""A label a control's name holds (no number of its own), edited while the control stayed,
in every real capture and ``fixtures/ext``, on both paths: the delta says the edit, old and
new label on one line (issue 18).

Element dicts carry a node's label as its name (its description, else its text), so a
label folded into its row's name arrives as a description: on 1da1a38 the dict path read
``~ layout: text "SIMs" changed`` where the XML path read ``~ text "SIMs"→"SIMs (edited)"``
(:func:`deltarec.core.render.folded.folded_edits` asked a folded label's text only). A
Compose icon that names the button around it by its description is that shape on both
paths (a send button's "Send" → "Stop": ``~ layout: container "Stop" changed``)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from contextlib import nullcontext

from deltarec.core import elements
from deltarec.core.capture import frame_cache
from deltarec.core.capture.element_dicts import observation_to_elements
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import build_index
from deltarec.core.observe.labels import NAME_SEPARATOR
from deltarec.core.observe.model import Observation
from deltarec.core.observer import observe_delta
from tests.core.real_scrolls.ext_shapes import captures_as, ext_captures
from tests.core.real_scrolls.transforms import Path_, _at, _replace, _walk, captures


def folded(obs: Observation) -> list[tuple[Path_, str]]:
    """The labels (paths, attribute) of ``obs`` that no number names and that the nearest
    numbered control around them is called by: a text, or a leaf's description."""
    frame = Frame(obs)
    index = build_index(frame)
    paths = [p for p, _ in _walk(obs)]
    out = []
    for pos, node in enumerate(frame.nodes):
        label = node.text or (node.content_desc if not frame.children[pos] else "")
        if not label or pos in index.number_of or node.role == "textbox":
            continue
        host = next((a for a in frame.ancestors(pos) if a in index.number_of), None)
        if host is None or not frame.nodes[host].clickable:
            continue
        if label in index.names[host].split(NAME_SEPARATOR):
            out.append((paths[pos], "text" if node.text else "content-desc"))
    return out


def _said(text: str, old: str, new: str) -> bool:
    return any(f'"{old}"' in line and f'"{new}"' in line for line in text.splitlines())


def _failing() -> Counter[tuple[str, str, str]]:
    got: Counter[tuple[str, str, str]] = Counter()
    for where, source in (("real", nullcontext), ("ext", lambda: captures_as(ext_captures))):
        with source():
            for _, obs in captures():
                for path, what in folded(obs):
                    node = _at(obs, path)
                    old = node.text if what == "text" else node.content_desc
                    new = old + " (edited)"
                    curr = _replace(obs, path, dataclasses.replace(node, **{_FIELD[what]: new}))
                    if not _said(observe_delta(obs, curr).text, old, new):
                        got[("xml", where, what)] += 1
                    frame_cache.clear()
                    said = elements.delta_observation(
                        observation_to_elements(obs), observation_to_elements(curr)
                    )
                    if not _said(said, old, new):
                        got[("dicts", where, what)] += 1
    return got


_FIELD = {"text": "text", "content-desc": "content_desc"}

BUDGET: dict[tuple[str, str, str], int] = {
    ("xml", "real", "text"): 11,
    ("dicts", "real", "text"): 16,
}
"""Labels whose edit went unsaid per (path, captures, attribute), of 79 (real) and 3 (ext)
a path, a ratchet. 1da1a38: dicts 79 / 3, XML 9 / 0. Left: labels whose control's own
line shows its new name only (it changed in another way too) or whose row's name another
label leads. Stop 56 (9 / 11 → 11 / 16): not a regression but new cases, the clickable
labels inside a clickable wrapper of their name (:mod:`deltarec.core.observe.wrapped`),
numbered before and so not asked here; they read as they read when numbered (a launcher's
three "梦幻西游" icons: the edited one ``+``/``-`` on both paths; Contacts' "Gmail" under
its described wrapper: "no change" on element dicts), an open class of their own."""


def test_a_folded_label_edited_is_said_on_both_paths() -> None:
    got = _failing()
    assert not +(got - Counter(BUDGET)), got
