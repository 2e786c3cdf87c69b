"""Suggested assertions are verified: they hold after the step, fail before it, and persist."""

from __future__ import annotations

import itertools
from pathlib import Path

from deltarec.core import observe_delta, parse_uiautomator
from deltarec.core.devices.virtual import ManualClock, make_virtual_device
from deltarec.core.diff.volatile import Volatile
from deltarec.core.recorder.session import RecordingSession
from deltarec.core.recorder.suggest import holds, suggest_assertions

FIXTURES = Path(__file__).parents[3] / "fixtures" / "virtual"
SCREENS = sorted(FIXTURES.glob("*.xml"))


def _screen(name: str) -> object:
    return parse_uiautomator((FIXTURES / name).read_text(encoding="utf-8"))


def test_every_suggestion_holds_after_and_fails_before_on_every_fixture_pair() -> None:
    offered = 0
    for before, after in itertools.permutations(SCREENS, 2):
        result = observe_delta(
            parse_uiautomator(before.read_text(encoding="utf-8")),
            parse_uiautomator(after.read_text(encoding="utf-8")),
        )
        for s in suggest_assertions(result):
            offered += 1
            assert holds(s.params, result.index), (before.name, after.name, s)
            assert not holds(s.params, result.prev_index), (before.name, after.name, s)
    assert offered > 20  # the rule leaves plenty to offer


def test_gone_is_not_offered_when_the_new_screen_shows_the_same_thing() -> None:
    """Bug 3: after Home, '"Sign up" disappeared' while the launcher shows a "Sign up" button.
    Issue 21: a new screen's delta counts what went ("(6 gone)") and names none of it, so no
    "disappeared" is suggested at all (a suggestion comes from a fact the delta states)."""
    result = observe_delta(_screen("MainActivity.xml"), _screen("launcher.xml"))
    assert result.text.startswith("» new screen") and " gone, was " in result.text
    labels = [s.label for s in suggest_assertions(result)]
    assert [label for label in labels if label.endswith("disappeared")] == []
    assert '"9:41" appeared' not in labels  # the launcher's clock widget
    assert '"Mon, Jan 1" appeared' not in labels


def test_volatile_text_never_yields_a_suggestion() -> None:
    result = observe_delta(_screen("SignUpActivity.xml"), _screen("SignUpActivity-keyboard.xml"))
    all_text = Volatile(names=frozenset({"text"}))
    assert not any("text" in s.params for s in suggest_assertions(result, volatile=all_text))


def test_suggestions_persist_and_adding_one_keeps_the_others(tmp_path: Path) -> None:
    clock = ManualClock()
    rec = RecordingSession(make_virtual_device(clock=clock), tmp_path / "rec",
                           clock=clock, sleep=clock.advance)  # fmt: skip
    index = rec.start()
    settings = next(e for e in index.elements if e.name == "Settings")
    rec.record_tap(*settings.bounds.center)
    assert rec.index is not None
    switch = next(e for e in rec.index.elements if e.name == "Airplane mode")
    toggle = rec.record_tap(*switch.bounds.center)
    offered = list(toggle.suggestions)
    assert len(offered) >= 2
    kept = list(toggle.checks)
    extra = next(s for s in offered if s.params not in kept)
    rec.add_suggestion(extra, source=1)  # kept as a check of step 2 (issue 21)
    assert rec.steps[1].suggestions == offered
    assert len(rec.steps) == 2 and rec.steps[1].checks == [*kept, extra.params]
    again = RecordingSession.restore(tmp_path / "rec", make_virtual_device(clock=clock),
                                     clock=clock, sleep=clock.advance)  # fmt: skip
    assert again.steps[1].suggestions == offered
    assert again.steps[1].checks == [*kept, extra.params]
