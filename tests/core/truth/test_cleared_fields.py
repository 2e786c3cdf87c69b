"""A text box cleared, blanked or typed into is that box's change alone, and a box that
shows nothing is never called by its form's title (issue 18 item 5, stop 59): the generator
of :mod:`tests.core.truth.cleared_fields` over every real capture and every virtual screen."""

from __future__ import annotations

from tests.core.truth.cleared_fields import cases, graded


def test_a_field_cleared_or_typed_into_changes_that_field_alone() -> None:
    drawn = [c for c in cases() if not c.kind.startswith("titled")]
    assert len(drawn) >= 900
    found = [f"{c.capture}@{c.where} {c.text!r} {c.forward}: {why}" for c, why in graded(drawn)]
    assert found == []


def test_a_field_that_shows_nothing_is_not_called_by_its_form_s_title() -> None:
    drawn = [c for c in cases() if c.kind.startswith("titled")]
    assert len(drawn) >= 80  # 10 runs: a calendar's event editor, the virtual sign-up form
    found = [f"{c.capture}@{c.where} {c.text!r} {c.forward}: {why}" for c, why in graded(drawn)]
    assert found == []
