"""Containers with a description of their own, edited (issue 18, ext round 6).

Flutter's accessibility bridge gives a group of widgets one node whose description merges
their texts, over the nodes of its buttons (a card, a status block): the group has no
number of its own when it is not tappable. Its description edited is a fact an agent acts
on ("Shipped" → "Delivered"), and the delta said it only as ``~ layout: container "…"
changed``. The generator edits each such container of every real capture, as dumped and
as Flutter shows it (:mod:`.merged`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import build_index
from deltarec.core.observe.model import Node, Observation
from deltarec.core.observer import observe_delta
from tests.core.real_scrolls import merged


def _described_containers() -> Iterator[tuple[str, Observation, int]]:
    """(capture, observation, position): every container with a description of its own that
    holds nodes and has no number (a Flutter semantics group: a card's merged label over
    its buttons), in every real capture, as dumped and merged."""
    for name, obs in (*merged._REAL(), *merged.captures()):
        frame = Frame(obs)
        numbered = build_index(frame).number_of
        for c, node in enumerate(frame.nodes):
            if node.content_desc and frame.children[c] and not node.text and c not in numbered:
                yield name, obs, c


def _desc_edited(obs: Observation, target: int) -> Observation:
    """``obs`` with the description of the node at pre-order position ``target`` edited."""
    seen = iter(range(1 << 30))

    def walk(node: Node) -> Node:
        desc = node.content_desc + " (edited)" if next(seen) == target else node.content_desc
        return dataclasses.replace(
            node, content_desc=desc, children=tuple(map(walk, node.children))
        )

    return dataclasses.replace(obs, windows=tuple(map(walk, obs.windows)))


def test_a_container_whose_description_changed_says_so() -> None:
    """A container's own description edited (nothing else changed) is a fact an agent acts
    on: one ``~`` line says it, old → new. On 1cdaa2a every one of them read only
    ``~ layout: container "Saving to\\nPhone-only, unsynced contact (edited)" changed``
    (58 of 58 in the merged captures)."""
    unsaid = []
    for name, obs, c in _described_containers():
        lines = observe_delta(obs, _desc_edited(obs, c)).text.splitlines()
        if not any("→" in line and "(edited)" in line for line in lines):
            unsaid.append((name, c, lines))
    assert unsaid == []
