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
from deltarec.core.devices.virtual.profile import DEFAULT_PROFILE, PRESETS, Profile
from deltarec.core.devices.virtual.screen_forms import SETTING_ROWS, settings_max_offset
from deltarec.core.observe.model import Observation
from deltarec.core.observer import observe_delta
from tests.core.devices.test_virtual_reflow import DENSITIES
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
    _tap_a_row_and_grade(pg, pick)


@st.composite
def short_phones(draw: st.DrawFn) -> Profile:
    """A phone short enough that the Settings list scrolls: 320-420 dp wide, 660-800 dp high,
    at any density (the px sizes rounded up so the dp size holds), not a preset."""
    dpi = draw(st.sampled_from(DENSITIES) | st.integers(120, 800))
    width_dp, height_dp = draw(st.integers(320, 420)), draw(st.integers(660, 800))
    return Profile(*(-(-dp * dpi // 160) for dp in (width_dp, height_dp)), dpi)


@settings(max_examples=80, deadline=None)
@given(
    profile=short_phones(),
    values=st.lists(st.booleans(), min_size=len(TOGGLES), max_size=len(TOGGLES)),
    row=st.integers(0, len(SETTING_ROWS) - 1),
    cut=st.integers(0, 179),
    pick=st.integers(0, 20),
)
def test_a_settings_row_cut_by_the_edge_and_tapped_on_any_phone_is_one_change(
    profile: Profile, values: list[bool], row: int, cut: int, pick: int
) -> None:
    """Any short phone, the list scrolled so that row ``row`` is cut by the top edge by
    ``cut`` lu (its title gone, its summary "Off" and switch left), any row tapped.

    Was (``240x495@120``, Airplane mode cut to its summary, tapped): ``+ switch "On"``,
    ``- switch "Off"``: the summary, the row's only text, read "On" in another row before
    (Wi-Fi's) and "Off" in another after, so it was not taken for one label edited in
    place, though those rows were already paired by their titles."""
    pg = Playground(profile=profile)
    pg.launch_app(APP_PACKAGE, ".SettingsActivity")
    pg.state.settings.values.update(zip(TOGGLES, values, strict=True))
    top = sum(120 if widget == "section" else 180 for _, _, widget in SETTING_ROWS[:row])
    pg.state.settings.offset = min(
        top + cut, settings_max_offset(pg.screen.content_bottom(keyboard=False))
    )
    _tap_a_row_and_grade(pg, pick)


def _tap_a_row_and_grade(pg: Playground, pick: int) -> None:
    """Tap the ``pick``-th enabled toggle or dialog row on screen and grade the delta by the
    phone's state: nothing false, nothing missed, every change explained."""
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
