"""Rows that restructure when one is tapped, generated: the Settings list with any mix of
switches on and off, airplane mode either way, any history count, on the default and the
small phone (whose list scrolls, at any offset), and any row tapped. Airplane mode greys
the three radios and rewrites their summaries ("On"/"Off" ↔ "Airplane mode is on"), so a
summary that was unique in one frame ("On") is often the same text as another row's
summary in the next. Every delta is graded by the session oracle (the phone's own state,
never deltarec's diff), and every ``~`` pair must share evidence.

Was: the old Airplane summary "On" keyed to Wi-Fi's new "On", which then carried the whole
Wi-Fi row onto the Airplane row: ``+ button "Airplane mode · Off"``, ``- button "Wi-Fi ·
Airplane mode is on"`` and three missed changes; or ``+ text "Airplane mode is on"`` /
``- text "Off"`` for a summary read across rows.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.bench_session import Grader, snapshot
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.profile import DEFAULT_PROFILE, PRESETS
from deltarec.core.devices.virtual.screen_forms import SETTING_ROWS, settings_max_offset
from deltarec.core.observe.model import Observation
from deltarec.core.observer import observe_delta
from tests.core.truth.evidence import unexplained

TOGGLES = [key for key, _, widget in SETTING_ROWS if widget in ("switch", "checkbox")]


def _obs(pg: Playground) -> Observation:
    return parse_uiautomator(pg.dump_xml(), screen=pg.window_size())


@settings(max_examples=60, deadline=None)
@given(
    values=st.lists(st.booleans(), min_size=len(TOGGLES), max_size=len(TOGGLES)),
    history=st.sampled_from((0, 1, 42)),
    small=st.booleans(),
    offset=st.integers(0, 2000),
    pick=st.integers(0, 20),
)
def test_a_settings_row_tapped_in_any_state_states_only_what_changed(
    values: list[bool], history: int, small: bool, offset: int, pick: int
) -> None:
    pg = Playground(profile=PRESETS["small"] if small else DEFAULT_PROFILE)
    pg.launch_app(APP_PACKAGE, ".SettingsActivity")
    pg.state.settings.values.update(zip(TOGGLES, values, strict=True))
    pg.state.settings.history = history
    pg.state.settings.offset = min(
        offset, settings_max_offset(pg.screen.content_bottom(keyboard=False))
    )
    rows = [
        v
        for w in pg.windows()
        if w.kind == "app"
        for v in w.root.walk()
        if v.action and v.enabled and v.action.startswith(("toggle:", "ask:"))
    ]
    row = rows[pick % len(rows)]
    x, y = (row.bounds[0] + row.bounds[2]) // 2, (row.bounds[1] + row.bounds[3]) // 2
    a, before = _obs(pg), snapshot(pg)
    pg.tap(x, y)
    result = observe_delta(a, _obs(pg), max_lines=None)
    grade = Grader(before, snapshot(pg)).grade(result.text)
    assert (grade.false, grade.missed, unexplained(result.delta)) == ([], [], []), result.text
