"""Appium page sources (``driver.page_source``, UiAutomator2) read as their uiautomator dumps.

The generator: every real capture of ``fixtures/real`` and ``fixtures/ext`` rewritten to the
Appium shape by a converter of the tests' own (:mod:`tests.core.capture.appium_shape`), with
and without the ``class`` attribute, with Appium's own attributes, and with invisible views
the server writes and ``uiautomator dump`` leaves out; each must read as its dump does: the
same frame (the observation and ``observe``'s text), and for every consecutive real pair the
same delta text and JSON, also for a pair of one dump and one page source.
"""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

import pytest

from benchmarks.realpairs import every_pair
from deltarec.core.capture.jsonio import load_capture
from deltarec.core.cli.main import main
from deltarec.core.errors import CaptureParseError
from deltarec.core.observe.model import Observation
from deltarec.core.observer import observe_delta, observe_frame
from deltarec.core.render.diff_json import diff_json
from tests.conftest import REAL_DUMPS
from tests.core.capture.appium_shape import Shape, classes_as_tags, to_appium
from tests.core.truth.real_oracle import sequences

EXT = REAL_DUMPS.parent / "ext"
CAPTURES = sorted([*REAL_DUMPS.rglob("*.xml"), *EXT.rglob("*.xml")])
PAIRS = [(p.before_path, p.after_path) for p in every_pair(REAL_DUMPS)] + [
    pair for _, run in sequences(EXT) for pair in pairwise(run)
]
SHAPES = {
    "with-class": Shape(),
    "without-class": Shape(with_class=False),
    "plain": Shape(added=False, indent=False),
    "invisible-views": Shape(invisible=True),
}


def _read(text: str | bytes, path: Path) -> Observation:
    return load_capture(text, source=path.name)


def _original(path: Path, shape: Shape) -> Observation:
    data = path.read_bytes()
    return _read(data if shape.with_class else classes_as_tags(data), path)


def _appium(path: Path, shape: Shape) -> Observation | None:
    try:
        return _read(to_appium(path.read_bytes(), shape), path)
    except CaptureParseError:
        return None


def _delta(a: Observation | None, b: Observation | None) -> tuple[str, str]:
    if a is None or b is None:
        return "refused", ""
    result = observe_delta(a, b)
    return result.text, json.dumps(diff_json(result.delta, result.index), sort_keys=True)


def test_the_generator_covers_every_real_capture_and_pair() -> None:
    assert (len(CAPTURES), len(PAIRS)) == (77, 55)


@pytest.mark.parametrize("shape", SHAPES.values(), ids=SHAPES.keys())
def test_every_real_capture_as_a_page_source_reads_as_its_dump(shape: Shape) -> None:
    differ = []
    for path in CAPTURES:
        want, got = _original(path, shape), _appium(path, shape)
        if got is None or got != want or observe_frame(got) != observe_frame(want):
            differ.append(path.name)
    assert differ == [], f"{len(differ)} of {len(CAPTURES)} read otherwise"


@pytest.mark.parametrize("shape", [Shape(), Shape(with_class=False)], ids=["class", "no-class"])
def test_every_real_pair_as_page_sources_deltas_as_its_dumps(shape: Shape) -> None:
    differ = []
    for before, after in PAIRS:
        want = _delta(_original(before, shape), _original(after, shape))
        if _delta(_appium(before, shape), _appium(after, shape)) != want:
            differ.append(f"{before.parent.name}/{before.name}")
    assert differ == [], f"{len(differ)} of {len(PAIRS)} pairs read otherwise"


def test_a_dump_then_a_page_source_deltas_as_two_dumps() -> None:
    """The mixed pair: a uiautomator dump before, Appium's page source after (and the
    reverse), as a recorder that changed its capture tool mid-run would give them."""
    differ = []
    for before, after in PAIRS:
        want = _delta(_original(before, Shape()), _original(after, Shape()))
        mixed = _delta(_original(before, Shape()), _appium(after, Shape()))
        reverse = _delta(_appium(before, Shape()), _original(after, Shape()))
        if mixed != want or reverse != want:
            differ.append(f"{before.parent.name}/{before.name}")
    assert differ == [], f"{len(differ)} of {len(PAIRS)} pairs read otherwise"


APPIUM = REAL_DUMPS.parent / "appium"

SETTINGS_HOME = """\
screen com.android.settings 1080x1920
[0] list "settings_homepage_container" @(540,928)
[1] text "Settings" @(235,399)
[2] button "Search settings" @(540,594)
[3] list "main_content_scrollable_container" @(540,1249)
[4] button "Network & internet · Mobile, Wi\u2011Fi, hotspot" @(540,820)
[5] text "Mobile, Wi\u2011Fi, hotspot" @(364,855)
[6] button "Connected devices · Bluetooth, pairing" @(540,1051)
[7] text "Bluetooth, pairing" @(332,1086)
[8] button "Apps · Recent apps, default apps" @(540,1282)
[9] text "Recent apps, default apps" @(401,1317)
[10] button "Notifications · Notification history, conversations" @(540,1513)
[11] text "Notification history, conversations" @(467,1548)
[12] button "Battery · 100%" @(540,1711)
[13] text "100%" @(234,1774)
"""


def test_a_real_page_source_reads_as_the_screen_it_shows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Android Settings' home page as Appium's UiAutomator2 server wrote it
    (``fixtures/appium/settings-home/01.xml``, MIT), through ``deltarec observe --elements``
    (above). Its root's ``width``/``height`` are the display less the navigation bar
    (1080x1794); the screen is the windows' (1080x1920), as a dump of it says. The search
    bar is one element (its clickable ``ViewGroup``; the ``ImageButton`` inside it that
    borrows its label was listed too, as ``[3] button "Search settings"``, before
    :mod:`deltarec.core.observe.wrapped`). Every Appium
    attribute is left out; ``index`` is kept, as a dump's is."""
    path = APPIUM / "settings-home" / "01.xml"
    assert main(["observe", "--elements", str(path)]) == 0
    assert capsys.readouterr().out == SETTINGS_HOME
    obs = load_capture(path.read_bytes(), source="01.xml")
    assert {name for node in obs.windows[0].walk() for name, _ in node.extras} == {"index"}
    assert (obs.width, obs.height, obs.package) == (1080, 1920, "com.android.settings")
