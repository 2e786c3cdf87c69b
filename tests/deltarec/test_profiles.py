"""A recording made on one profile replays on the others (issue 22).

The suite's recordings, made on the default phone (1080x2400 at 420 dpi), exported to pytest
as a person exports them, run on a small phone, a large one and a landscape tablet. Layouts
reflow there (rows move, lists show more or fewer of them), so a replay that depended on
pixels would tap the wrong thing: swipes are relative to the list, taps are by selector
(scrolled into view), and each test starts from a known state.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deltarec.core.devices.virtual import ManualClock, make_virtual_device, parse_profile
from deltarec.core.executor import Session, parse_script, run_steps
from tests.core.recorder.recordings import record
from tests.deltarec.suite import SUITE_SIZE, write_suite

pytest_plugins = ["pytester"]

PROFILES = ("small", "large", "tablet")


@pytest.mark.parametrize("profile", PROFILES)
def test_the_exported_suite_passes_on_another_profile(
    pytester: pytest.Pytester, tmp_path: Path, profile: str
) -> None:
    write_suite(pytester.path, tmp_path)
    result = pytester.runpytest("--device", f"virtual:{profile}", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=SUITE_SIZE)


RAW_INBOX = [["AC_tap", {"selector": {"text": "Inbox"}}],
             ["AC_swipe", {"x1": 540, "y1": 1800, "x2": 540, "y2": 900}],
             ["AC_tap", {"x": 612, "y": 1215}]]  # fmt: skip
"""The Inbox flow as pixels recorded on the default phone (the old form): open the row
that a 900 px drag brought under (612, 1215) there."""


def _ends_on(profile: str, steps: list[object]) -> list[str]:
    clock = ManualClock()
    device = make_virtual_device(clock=clock, profile=parse_profile(profile))
    session = Session(device, clock=clock, sleep=clock.advance)
    run_steps(parse_script(steps), session, policy="none", effects="off")
    return [n.text for n in session.settle().walk() if n.resource_id.endswith("message_subject")]


@pytest.mark.parametrize("profile", ("phone", *PROFILES))
def test_a_relative_recording_opens_the_same_row_where_pixels_open_another(
    tmp_path: Path, profile: str
) -> None:
    rec = record("inbox", tmp_path)  # recorded on the default phone
    assert rec.screen is not None
    (wanted,) = [n.text for n in rec.screen.walk() if n.resource_id.endswith("message_subject")]
    assert _ends_on(profile, rec.script().to_json()) == [wanted]
    raw = _ends_on(profile, RAW_INBOX)
    assert (raw == _ends_on("phone", RAW_INBOX)) == (profile == "phone")
