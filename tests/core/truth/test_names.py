"""One name per element for a whole session (issue 18 item 5): dealt slices of
``benchmarks/bench_names.py`` and the Clock bar's session shown.

The whole sweep: ``python benchmarks/bench_names.py`` (on de44706, before
:mod:`deltarec.core.observe.kept_names`: tabs lost 348 of 2,900 tabs shown again, the virtual
phone's 1,000 steps lost 13; after: 0 and 0; real captures 0 both).
"""

from __future__ import annotations

import random

from benchmarks.bench_names import real_session, tab_session
from benchmarks.bench_screens_said import captures
from benchmarks.bench_tab_labels import Kind, dump, kinds
from benchmarks.bench_truth import STARTS
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.executor.selectors import Selector, resolve_one
from deltarec.core.observer import Observer
from deltarec.core.recorder.targets import tap_params
from deltarec.core.render.frame_text import frame_lines
from tests.core.truth.names import NameLog
from tests.core.truth.numbers import NumbersWalk


def test_every_kind_of_tab_bar_keeps_its_tabs_names_for_the_session() -> None:
    """One session a kind of bar, its number of tabs dealt (failed on de44706: every kind
    whose unselected tabs show no label nor description of their own, 'lost'; on dd93f37 the
    recorder's index alternates, :func:`benchmarks.bench_names.recorded`)."""
    rng = random.Random(5)
    found = []
    for kind in kinds():
        log, misnamed = tab_session(kind, rng.choice((3, 4, 5)))
        found += [f"{kind}: {f}" for f in log.found + misnamed]
    assert found == []


def test_the_clock_bars_tab_keeps_its_name_once_another_is_selected() -> None:
    """Alarm's tab shows its label only while selected: once Timer is, it still reads
    "Alarm" in the frame and ``name="Alarm"`` finds it (on de44706 it read ``button ""`` and
    the selector found nothing)."""
    kind = Kind("below", icon_id=False, described=False, label_class="CheckedTextView")
    observer = Observer()
    observer.reset(parse_uiautomator(dump(kind, 4, 0)))
    result = observer.step(parse_uiautomator(dump(kind, 4, 2)))
    assert result.text.splitlines() == [
        '~ selected: button "Alarm" → [3] button "Timer"',
        '~ [0] text "Page 0"→"Page 2"',
    ]
    tabs = [ln.strip() for ln in frame_lines(result.index) if "] button" in ln]
    assert tabs == [
        '[1] button "Alarm" [0,2180,270,2320] (clickable)',
        '[2] button "FrameLayout" [270,2180,540,2320] (clickable)',
        '[3] button "Timer" [540,2180,810,2320] (clickable, selected)',
        '[4] button "FrameLayout" [810,2180,1080,2320] (clickable)',
    ]
    assert resolve_one(Selector(name="Alarm"), result.index).index == 1


def test_a_recorded_tap_on_a_tab_writes_the_name_the_frame_shows() -> None:
    """The recorder's ``[i]`` alternate carries the name the frame showed, which a replay
    matches (on dd93f37, names kept but the recorder reading the frame's own labels, it
    wrote ``"name": ""`` for the Alarm tab the frame called "Alarm")."""
    kind = Kind("below", icon_id=False, described=False, label_class="CheckedTextView")
    observer = Observer()
    observer.reset(parse_uiautomator(dump(kind, 4, 0)))
    index = observer.step(parse_uiautomator(dump(kind, 4, 2))).index
    selector = tap_params(index, 135, 2250)["selector"]
    assert selector["alternates"] == [{"index": 1, "name": "Alarm", "role": "button"}]


def test_a_virtual_session_keeps_every_elements_name() -> None:
    """Seed 3's walk (on de44706 the Inbox row [111] 'Barbara · Mar 24', cut at step 12 to a
    sliver that shows none of its texts, read 'message_row', lost)."""
    walk = NumbersWalk(3, STARTS[3 % len(STARTS)])
    log = NameLog()
    for _ in walk.run(13):
        last = walk.last
        if last is not None and last.step == walk.steps:
            log.step(last.step, last.index, last.idents)
    assert log.found == []
    assert log.elements > 100


def test_a_session_over_real_captures_keeps_every_elements_name() -> None:
    """Settings' captures in turn, each way (a node by its content, unique in its capture)."""
    shots = [obs for name, obs in captures() if name.startswith("settings-airplane/")]
    for way in (shots, shots[::-1]):
        log = real_session(way)
        assert log.found == []
        assert log.elements > 20
