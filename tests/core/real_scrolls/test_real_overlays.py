"""An overlay shown over a real capture or taken away (:mod:`.overlays`), graded: ``+``
(``-``) of the overlay's nodes only, the screen below unchanged, no scroll.

A cheap, seeded sample runs here (two derived pairs per real capture);
``benchmarks/bench_real_transforms.py`` runs more. :data:`BUDGET` is a ratchet: the
violations each class still has in this sample. Lower it when a class closes, never
raise it.
"""

from __future__ import annotations

import random
import re

from deltarec.core.observe.frame import Frame
from deltarec.core.observer import Observer
from tests.core.real_scrolls.overlays import (
    SHAPES,
    WINDOWED,
    Overlay,
    cases,
    check,
    derive,
    kind,
    sweep,
)
from tests.core.real_scrolls.transforms import captures, over_budget

BUDGET: dict[tuple[str, str], int] = {}
"""Violations per (kind, class) in the seeded sample: none (0 of 1,100 in the benchmark's
sample when the kind was written: the diff read every overlay right).

Closed (200 of 200 in :func:`test_a_scrim_is_said_once_by_no_other_name`'s sweep, when
the scrim shapes and the rendered names were graded): the diff listed a dialog over a
scrim right, but the scrim, a clickable control with no text, borrowed the first text of
an ancestor as its name: ``+ button "Contacts"`` (the screen's title, through the app's
window) for the app's scrim, ``+ button "Share link"`` twice (the sheet's first option,
through ``coordinator``) for a bottom sheet dialog's ``touch_outside``. A control that
covers its whole window borrows no label from its ancestors
(:func:`deltarec.core.observe.labels.labels`): it is called by its id, or by nothing."""


def test_the_derived_frames_add_the_overlay_and_nothing_else() -> None:
    """The generator itself: the covered frame is the capture plus the overlay's nodes (a
    window of its own for a dialog or a toast), and reads backwards as its removal."""
    name, obs = captures()[0]
    for shape in SHAPES:
        prev, curr = derive(Overlay(name, shape))
        assert prev == obs
        added = len(Frame(curr).nodes) - len(Frame(prev).nodes)
        assert added >= 2
        assert len(curr.windows) == len(obs.windows) + (shape in WINDOWED)
        assert derive(Overlay(name, shape, removal=True)) == (curr, prev)


def test_overlays_over_real_captures_state_the_truth_within_the_budget() -> None:
    sample = cases(random.Random(0), 2)
    assert len(sample) >= 100
    over, found = over_budget(((kind(case), check(case)) for case in sample), BUDGET)
    assert over == {}, found


def test_a_scrim_is_said_once_by_no_other_name() -> None:
    """Both scrims over every real capture they fit, shown and taken away."""
    sample = sweep(("scrim", "modal"))
    assert len(sample) >= 150
    assert [case for case in sample if check(case)] == []


NAMELESS = re.compile(r'^[+-] (?:\[\d+\] )?\S+ ""', re.MULTILINE)


def test_a_scrim_is_never_a_nameless_button() -> None:
    """Both scrims over every real capture they fit, shown and taken away: no line lists an
    element with an empty name (``+ [15] button ""``: an agent cannot tell what it is; the
    dialog above it says what a tap outside does). 90 of 200 before
    (:func:`deltarec.core.observe.labels.element_positions` leaves a nameless scrim out)."""
    sample = sweep(("scrim", "modal"))
    assert len(sample) == 200
    assert [case for case in sample if NAMELESS.search(_said(case))] == []


def _said(case: Overlay) -> str:
    prev, curr = derive(case)
    observer = Observer()
    observer.reset(prev)
    return observer.step(curr).text


def test_scrims_read_as_the_dialog_they_dim_for() -> None:
    assert _said(Overlay("contacts-agent/03.xml", "scrim")) == "\n".join(
        [
            '+ [15] text "Discard draft?"',
            '+ [16] text "Your changes will be lost."',
            '+ [17] button "CANCEL"',
            '+ [18] button "DISCARD"',
        ]
    )
    assert _said(Overlay("contacts-agent/03.xml", "modal", removal=True)) == "\n".join(
        [
            '- button "touch_outside"',
            '- button "Share link"',
            '- button "Copy to folder"',
            '- button "Report a problem"',
        ]
    )
