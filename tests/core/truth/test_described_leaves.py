"""A described leaf outside any control is announced as its text (issue 18, Compose / Flutter
round 3, item 3): Flutter's bridge dumps a ``Text`` as a childless ``android.view.View``
whose description is the text (``fixtures/ext2/yarnshop-flutter``: "Welcome to Yarn Shop",
``fixtures/ext3/homee-flutter``), and TalkBack reads it as that text; the frame called it
``container "Welcome to Yarn Shop"``, the role of a layout.

The generator: every capture of ``fixtures/real``, ``ext`` … ``ext4`` and ``appium`` as
dumped, and ``fixtures/real`` as Flutter's bridge shows it (:func:`.merged.merged`: every
label a plain view's description); every numbered leaf of the shape, a plain view with a
description, no text, no children, not clickable, under no clickable node, no taller than
:data:`TEXT_HIGH` (a text's lines; a launcher's workspace described "Home", 2,088 px, and a
contact photo's overlay, 1,080 px, are panes, left out). Truth: its role is no layout's,
``container``: it is announced as its text (``text``), or an icon as its label (``image``).

A ratchet (:data:`OPEN`): the role is made bottom-up from the class alone
(``core/capture/roles.py``), so the leaf's ancestors and size are not known where it is
made; see ``benchmarks/README.md``, Round 5 (stop 60), for the measured change.
"""

from __future__ import annotations

from collections.abc import Iterator

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import build_index
from deltarec.core.observe.model import Observation
from tests.core.fixture_dumps import parsed_dumps
from tests.core.real_scrolls import merged

FOLDERS = ("real", "ext", "ext2", "ext3", "ext4", "appium")
VIEW = "android.view.View"
TEXT_HIGH = 240
"""px: the tallest described leaf read as a text (four lines at 60 px; Flutter's are 30-137)."""

OPEN = 104
"""Leaves of the shape read as ``container`` at ``i-compose3`` (a ratchet: lower it as the class
closes, never raise it), of 195: the 11 of the harvested Flutter captures (termux-ide 2,
yarnshop-flutter 4, homee-flutter 5) and 93 of ``fixtures/real`` merged."""


def _captures() -> Iterator[tuple[str, Observation]]:
    yield from parsed_dumps(FOLDERS)
    yield from ((f"merged/{n}", merged.merged(o)) for n, o in merged._REAL())


def _under_control(frame: Frame, pos: int) -> bool:
    up = frame.parents[pos]
    while up >= 0:
        if frame.nodes[up].clickable:
            return True
        up = frame.parents[up]
    return False


def described_leaves() -> Iterator[tuple[str, str, str]]:
    """(capture, description, role) of every numbered leaf of the shape (module docstring)."""
    for name, obs in _captures():
        frame = Frame(obs)
        for e in build_index(frame).elements:
            node = frame.nodes[e.pos]
            if (
                node.class_name == VIEW
                and node.content_desc.strip()
                and not node.text
                and not frame.children[e.pos]
                and not node.clickable
                and node.bounds.height <= TEXT_HIGH
                and not _under_control(frame, e.pos)
            ):
                yield name, node.content_desc, e.role


def test_a_described_leaf_outside_a_control_reads_as_text() -> None:
    found = list(described_leaves())
    wrong = [f for f in found if f[2] == "container"]
    assert len(found) >= 190  # the harvested Flutter leaves and fixtures/real merged
    assert len(wrong) <= OPEN, wrong[:5]
