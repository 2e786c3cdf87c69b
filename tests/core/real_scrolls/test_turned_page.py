"""A pager turned by a whole page, the next page of one label in the old one's very box:
the ``~`` hedged with the page, in the text and in the JSON (``orTurned``), on both paths
(issue 18; :mod:`deltarec.core.diff.turned_page`)."""

from __future__ import annotations

from deltarec.core.capture.element_dicts import observation_to_elements
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.apply import apply_diff
from deltarec.core.elements import delta_observation
from deltarec.core.observe.model import Observation
from deltarec.core.observer import observe_delta
from tests.core.real_scrolls import pager_slivers, pagers
from tests.core.real_scrolls.ext_shapes import captures_as

SMARTSPACE = (0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0)
"""The launchers' smartspace card's pager (its one page shows the date alone)."""


def _turned(capture: str, d: int) -> tuple[Observation, Observation]:
    with captures_as(pager_slivers.every_capture):
        return pagers.derive(pagers.Swipe(capture, SMARTSPACE, d))


def test_a_page_turned_reads_as_its_label_edited_or_the_page_turned() -> None:
    before, after = _turned("ext/gmail-welcome/01.xml", 918)
    got = observe_delta(before, after)
    assert got.text.splitlines() == [
        '~ [3] button "Tue, May 14"→"Vwg, Oca 36 #1", or its pager turned a page or more'
    ]
    [entry] = got.diff["changed"]
    assert entry["orTurned"] != entry["key"]  # the pager's key, not the label's
    assert not got.diff["scrolls"]
    assert apply_diff(before, got.diff) == after


def test_on_element_dicts_too() -> None:
    before, after = _turned("ext/gmail-welcome/01.xml", -1836)
    got = delta_observation(observation_to_elements(before), observation_to_elements(after))
    assert got.splitlines() == [
        '~ [1] button "Tue, May 14"→"Rsc, Kyw 92 #-2", or its pager turned a page or more'
    ]


def _pager(*labels: str) -> Observation:
    texts = "".join(
        f'<node class="android.widget.TextView" resource-id="t{i}" text="{t}"'
        f' bounds="[9,{9 + 60 * i}][600,{60 + 60 * i}]"/>'
        for i, t in enumerate(labels)
    )
    return parse_uiautomator(
        '<hierarchy><node class="androidx.viewpager.widget.ViewPager" scrollable="true"'
        ' bounds="[0,0][900,300]"><node class="android.widget.FrameLayout"'
        f' bounds="[0,0][900,300]">{texts}</node></node></hierarchy>'
    )


def test_a_page_that_kept_a_label_is_that_page_edited() -> None:
    got = observe_delta(_pager("Alarm", "7:00"), _pager("Alarm", "7:05"))
    assert got.text.splitlines() == ['~ [2] text "7:00"→"7:05"']
    assert not any("orTurned" in e for e in got.diff["changed"])
    turned = observe_delta(_pager("Alarm", "7:00"), _pager("Timer", "0:00"))  # none kept
    assert turned.text.splitlines() == [
        '~ [1] text "Alarm"→"Timer", or its pager turned a page or more',
        '~ [2] text "7:00"→"0:00", or its pager turned a page or more',
    ]
