"""A control that shows no text of its own never borrows a name another element is called by
(:mod:`deltarec.core.observe.borrowed`): an agent tapping ``name: "August"`` hits the month's
header, not one of the day cells beside it. The oracle, over every real capture, is
``python benchmarks/bench_names.py --borrowed`` (shared with another element: 101 on 2a949ea,
0 now)."""

from __future__ import annotations

from pathlib import Path

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observer import Observer
from tests.core.truth.names import not_own

REAL = Path(__file__).resolve().parents[3] / "fixtures" / "real"
CALENDAR = "corpus/calendar-tablet/tasks__task_Calendar_2025-08-14_14-15-55__task_Calendar_2025-08-14_14-15-55"


def _index(name: str) -> ElementIndex:
    return Observer().reset(parse_uiautomator((REAL / name).read_bytes()))


def _named(name: str, first: int, last: int) -> list[str]:
    index = _index(name)
    return [f"[{e.index}] {e.role} {index.names[e.pos]!r}" for e in index.elements[first:last]]


def test_no_real_capture_lends_a_name_another_element_is_called_by() -> None:
    # failed on 2a949ea: 101 elements (88 day cells and arrows "August", "Search Apps…", …)
    shared = []
    for path in sorted(REAL.rglob("*.xml")):
        try:
            obs = parse_uiautomator(path.read_bytes())
        except ValueError:
            continue  # not a whole dump
        for said, twice, around in not_own(Observer().reset(obs)):
            if twice and not around:
                shared.append(f"{path.relative_to(REAL)}: {said!r}")
    assert shared == []


def test_a_calendar_month_calls_its_header_alone_august() -> None:
    # failed on 2a949ea: the arrows and the 42 day cells each read 'August'; the month's
    # clickable header and its clickable 'August' text inside it are one element since
    # observe/wrapped.py (was [4] and [6], both 'August')
    assert _named(f"{CALENDAR}_2.xml", 4, 10) == [
        "[4] button 'August'",
        "[5] button 'top_left_arrow'",
        "[6] button 'top_right_arrow'",
        "[7] button 'month_view_background'",
        "[8] button 'month_view_background'",
        "[9] button 'month_view_background'",
    ]


def test_an_icon_beside_a_form_field_is_not_called_by_what_was_typed() -> None:
    # failed on 2a949ea: [6] read 'Group Meeting', the title field's text
    assert _named(f"{CALENDAR}_4.xml", 4, 7) == [
        "[4] textbox 'Group Meeting'",
        "[5] textbox 'Location'",
        "[6] button 'event_show_on_map'",
    ]


def test_a_settings_switch_keeps_its_rows_title() -> None:
    # by design: the row around it is the other element called so (tapping either toggles);
    # the row's icon, which borrows the title too, speaks through the row and is no element
    assert _named("settings-airplane/03.xml", 9, 11) == [
        "[9] button 'Airplane mode'",
        "[10] switch 'Airplane mode'",
    ]
    assert _named("settings-wifi/04.xml", 7, 9)[-1] == "[8] switch 'Wi-Fi'"
