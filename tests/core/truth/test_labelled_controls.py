"""A control is called by the label beside it, never by its class (issue 18 item 5, stop 58):
the generator of :mod:`tests.core.truth.labelled` over every real capture (``fixtures/real``,
``ext``, ``ext2``, ``appium``): every text box, checkbox, switch and radio button named by
what it shows, its label moved to a plain text node before it (above it or to its left),
its own text, description and hint emptied, graded by the frame, the ``+`` line of the step
it came in and a ``name=`` selector.

Found on a harvested Flutter sign-in (``fixtures/ext2/yarnshop-flutter``): ``textbox
"EditText"`` under its label ``"Email"``, ``checkbox "CheckBox"`` before ``"I give my"``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observer import Observer
from tests.core.truth.labelled import Case, cases, graded

EXT2 = Path(__file__).resolve().parents[3] / "fixtures" / "ext2"
SEED = 58
FAILING = 1
"""A ratchet: lower it, never raise it (68 at bff6056)."""


@pytest.fixture(scope="module")
def drawn() -> list[Case]:
    got = cases(random.Random(SEED))
    assert len(got) >= 60  # 68 cases
    return got


def test_a_control_is_called_by_the_label_before_it(drawn: list[Case]) -> None:
    found: dict[Case, list[str]] = {}
    for case, why in graded(drawn):
        found.setdefault(case, []).append(why)
    said = [f"{c.capture}@{c.where} {c.label!r}: {'; '.join(w)}" for c, w in found.items()]
    # failed 68 of 68 at bff6056: 49 read their class or resource id in the frame and the +
    # line (textbox "EditText", textbox "event_title"), and no name= reached any of them (the
    # label an element of its own beside it, or a form's icon borrowing it). Left: vivo's
    # Airplane-mode switch, its "关闭" moved to its left, keeps its row's title "飞行模式" (a
    # label borrowed from its row wins over one beside it: the virtual Clock's alarm switches
    # keep their times, "6:30", over the label on their line, tests/core/test_delta_virtual.py)
    assert len(said) <= FAILING, said


def _frame(name: str) -> list[str]:
    index = Observer().reset(parse_uiautomator((EXT2 / name).read_bytes()))
    return [f"[{e.index}] {e.role} {index.names[e.pos]!r}" for e in index.elements]


def test_a_flutter_sign_in_names_its_field_and_its_checkbox_by_their_labels() -> None:
    # was [2] textbox 'EditText' beside [1] container 'Email', and [6] checkbox 'CheckBox'
    # beside [7] container 'I give my'
    assert _frame("yarnshop-flutter/02.xml") == [
        "[0] container 'Welcome to Yarn Shop'",
        "[1] textbox 'Email'",
        "[2] button 'Send code'",
    ]
    assert _frame("yarnshop-flutter/01.xml")[5:] == [
        "[5] button 'Sign in with Email'",
        "[6] checkbox 'I give my'",
        "[7] button 'Privacy Policy'",
    ]


def test_the_sign_in_step_reads_the_field_by_its_label() -> None:
    # was + [10] container "Email" and + [11] textbox "EditText" (focused)
    before, after = (
        parse_uiautomator((EXT2 / f"yarnshop-flutter/{n}.xml").read_bytes()) for n in ("01", "02")
    )
    observer = Observer()
    observer.reset(before)
    assert observer.step(after).text.splitlines() == [
        "» new screen com.example.yarnshop: 3 elements (7 gone)",
        '+ [8] container "Welcome to Yarn Shop"',
        '+ [9] textbox "Email" (focused), [10] button "Send code"',
    ]
