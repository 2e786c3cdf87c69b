"""Tab bars whose labels change structure on selection (issue 18, "Smaller"), a dealt sample.

The whole sweep is ``python benchmarks/bench_tab_labels.py`` (every ordered pair of selections
of 3-5 tabs of every kind, both input paths: 4,408 deltas; 1,672 wrong on XML and 1,634 on
element dicts before :func:`deltarec.core.diff.tab_switch.pair_tabs`,
:func:`~deltarec.core.diff.tab_switch.moved_labels` and
:func:`~deltarec.core.diff.tab_switch.strip_reflowed`, 0 after). Here one pair of selections
of each kind, dealt by a fixed seed, on both paths.
"""

from __future__ import annotations

import random

import pytest

from benchmarks.bench_tab_labels import Kind, cases, delta_text, dump, kinds, wrong
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import labels


def _dealt() -> list[tuple[Kind, int, int, int]]:
    by_kind: dict[Kind, list[tuple[Kind, int, int, int]]] = {}
    for case in cases():
        by_kind.setdefault(case[0], []).append(case)
    rng = random.Random(18)
    return [rng.choice(by_kind[kind]) for kind in kinds()]


@pytest.mark.parametrize("path", ["xml", "dicts"])
def test_a_selection_moved_across_tabs_whose_labels_change_structure_reads_as_one_line(
    path: str,
) -> None:
    wrongs = [
        f"{kind} {tabs} tabs {a}→{b}:\n{text}"
        for kind, tabs, a, b in _dealt()
        if wrong(text := delta_text(kind, tabs, a, b, path), a, b)
    ]
    assert not wrongs, "\n".join(wrongs)


def test_the_clock_apps_bar_reads_its_selection_move_and_nothing_else() -> None:
    kind = Kind("below", icon_id=False, described=False, label_class="CheckedTextView")
    assert delta_text(kind, 4, 0, 2, "xml").splitlines() == [
        '~ selected: button "Alarm" → [3] button "Timer"',
        '~ [0] text "Page 0"→"Page 2"',
    ]


def test_a_tab_that_shows_no_label_is_never_called_by_the_selected_tabs() -> None:
    """The first text below a tab strip is the selected tab's label: an unselected tab with no
    label nor description of its own reads with no name (a Compose bar's item has no resource
    id), never "Alarm"; a Material item is called by its own resource id's last part."""
    kind = Kind("compose", icon_id=True, described=False, label_class="TextView")
    frame = Frame(parse_uiautomator(dump(kind, 3, 0)))
    tabs = [pos for pos, node in enumerate(frame.nodes) if node.clickable]
    assert [labels(frame)[pos] for pos in tabs] == ["Alarm", "", ""]
    material = dump(kind, 3, 0).replace(
        'clickable="true" selected="false"',
        'clickable="true" resource-id="com.android.deskclock:id/tab_timer" selected="false"',
    )
    frame = Frame(parse_uiautomator(material))
    assert [labels(frame)[pos] for pos in tabs] == ["Alarm", "tab_timer", "tab_timer"]
