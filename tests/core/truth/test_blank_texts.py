"""A text that is only whitespace names nothing (issue 18 item 5, stop 58): the generator of
:mod:`tests.core.truth.blank_texts` over every real capture (``fixtures/real``, ``ext``,
``ext2``, ``appium``): up to three labelled leaves a capture blanked to whitespace, graded by
whether the blank leaf is numbered and whether a delta line either way prints a blank name.

Found on a harvested Compose chat (``fixtures/ext2/nora-compose/03``): the answer's bubble
streaming in, ``[3] text " "``, then ``- text " "`` beside the answer's ``+``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observer import Observer
from tests.core.truth.blank_texts import Case, cases, graded

EXT2 = Path(__file__).resolve().parents[3] / "fixtures" / "ext2"
SEED = 58


@pytest.fixture(scope="module")
def drawn() -> list[Case]:
    got = cases(random.Random(SEED))
    assert len(got) >= 190  # three leaves a capture, 90 captures
    return got


def test_a_blank_text_is_no_element_and_no_name(drawn: list[Case]) -> None:
    # failed 199 of 199 at bff6056: every blank leaf numbered ([7] text "\n"), 65 stepping
    # to it read a blank name (~ layout: image " " changed; a row's icon named " ")
    found = [f"{c.capture}@{c.where} {c.blank!r}: {why}" for c, why in graded(drawn)]
    assert found == []


def test_a_streaming_answer_s_blank_bubble_is_no_element() -> None:
    # was [3] text " " in the frame, and - text " " in the step the answer came
    before, after = (
        parse_uiautomator((EXT2 / f"nora-compose/{n}.xml").read_bytes()) for n in ("03", "04")
    )
    observer = Observer()
    index = observer.reset(before)
    assert [f"[{e.index}] {e.role} {index.names[e.pos]!r}" for e in index.elements] == [
        "[0] text 'Local Agent'",
        "[1] text 'Generating...'",
        "[2] text 'hello'",
        "[3] textbox 'Type a message...'",
        "[4] button 'Stop'",
    ]
    # the user's bubble grown in place is one ~ since i-compose3 (diff/sections.py: its list,
    # the chat's section, paired; was + [5] text "hello there" and - text "hello")
    assert observer.step(after).text.splitlines() == [
        '+ [5] text "\\n\\nHello!"',
        '~ [2] text "hello"→"hello there"',
        '~ [4] button "Send" (was "Stop", enabled: true→false, focusable: true→false)',
        '- text "Generating..."',
    ]
