"""The Clock: tabs whose ``selected`` flag moves, over a pager that swipes between pages."""

from __future__ import annotations

from deltarec.core.devices.virtual import ManualClock, Playground
from deltarec.core.observe.model import Node, Observation
from tests.core.devices.vphone import find, launch, obs, one, rid, tap, taps_hit_what_the_dump_shows

TABS = ["Alarm", "Clock", "Timer", "Stopwatch"]
PAGE_MARK = {
    "Alarm": "alarm_list",
    "Clock": "cities",
    "Timer": "timer_time",
    "Stopwatch": "stopwatch_time",
}


def clock(now: ManualClock | None = None) -> Playground:
    return launch("ClockActivity", Playground(now))


def tabs(o: Observation) -> list[Node]:
    return [n for n in o.walk() if n.class_name == "androidx.appcompat.app.ActionBar$Tab"]


def current(o: Observation) -> str:
    selected = [t.content_desc for t in tabs(o) if t.selected]
    assert len(selected) == 1, selected
    return selected[0]


def page(o: Observation) -> Node:
    pager = one(o, rid=rid("pager"))
    assert len(pager.children) == 1  # the pages beside it are off screen
    return pager.children[0]


def test_tabs_carry_their_labels_and_one_is_selected() -> None:
    o = obs(clock())
    row = tabs(o)
    assert [t.content_desc for t in row] == TABS
    assert [[c.text for c in t.walk() if c.text] for t in row] == [[t] for t in TABS]
    assert all(t.clickable and not t.resource_id for t in row)
    assert current(o) == "Alarm"
    label = next(c for c in row[0].walk() if c.text == "Alarm")
    assert label.selected  # Android marks the tab's children selected too
    pager = one(o, rid=rid("pager"))
    assert pager.class_name == "androidx.viewpager.widget.ViewPager" and pager.scrollable


def test_each_tab_shows_its_own_page() -> None:
    pg = clock()
    seen = []
    for name in TABS:
        tap(pg, one(obs(pg), desc=name))
        o = obs(pg)
        assert current(o) == name
        assert find(page(o), rid=rid(PAGE_MARK[name])), name
        assert all(not find(page(o), rid=rid(PAGE_MARK[other])) for other in TABS if other != name)
        seen.append(pg.dump_xml())
    assert len(set(seen)) == len(TABS)


def test_swiping_the_pager_moves_one_page_and_stops_at_the_ends() -> None:
    pg = clock()
    y = one(obs(pg), rid=rid("pager")).bounds.center[1]
    pg.swipe(540, y, 800, y)  # right: there is no page before Alarm
    assert current(obs(pg)) == "Alarm"
    order = []
    for _ in range(5):
        pg.swipe(900, y, 200, y)  # left: the next page
        order.append(current(obs(pg)))
    assert order == ["Clock", "Timer", "Stopwatch", "Stopwatch", "Stopwatch"]
    pg.swipe(200, y, 700, y)
    assert current(obs(pg)) == "Timer"


def test_vertical_swipes_and_swipes_on_the_tab_row_do_nothing() -> None:
    pg = clock()
    before = pg.dump_xml()
    tab_y = tabs(obs(pg))[0].bounds.center[1]
    pg.swipe(900, tab_y, 100, tab_y)
    pg.swipe(540, 1800, 540, 800)
    pg.state.dumps -= 2
    assert pg.dump_xml() == before


def test_alarm_switches_toggle() -> None:
    pg = clock()
    switches = find(obs(pg), rid=rid("onoff"))
    assert [s.checked for s in switches] == [True, False, False, True]
    tap(pg, switches[1])
    assert [s.checked for s in find(obs(pg), rid=rid("onoff"))] == [True, True, False, True]


def test_clock_page_follows_the_injected_clock() -> None:
    now = ManualClock()
    pg = clock(now)
    pg.perform("tab:1")
    assert one(obs(pg), rid=rid("digital_clock")).text == "9:41"
    assert [n.text for n in find(obs(pg), rid=rid("city_time"))] == [
        "9:41",
        "4:41",
        "18:41",
        "20:41",
    ]
    now.advance(60)
    assert one(obs(pg), rid=rid("digital_clock")).text == "9:42"


def test_timer_and_stopwatch_run_on_the_injected_clock() -> None:
    now = ManualClock()
    pg = clock(now)
    pg.perform("tab:2")
    o = obs(pg)
    assert one(o, rid=rid("timer_time")).text == "5:00"
    assert not one(o, rid=rid("timer_reset")).enabled
    tap(pg, one(o, rid=rid("timer_start")))
    now.advance(61.5)
    o = obs(pg)
    assert (one(o, rid=rid("timer_time")).text, one(o, rid=rid("timer_start")).text) == (
        "3:59",
        "Pause",
    )
    tap(pg, one(o, rid=rid("timer_start")))  # pause
    now.advance(100)
    assert one(obs(pg), rid=rid("timer_time")).text == "3:59"
    tap(pg, one(obs(pg), rid=rid("timer_reset")))
    assert one(obs(pg), rid=rid("timer_time")).text == "5:00"
    pg.perform("tab:3")
    tap(pg, one(obs(pg), rid=rid("stopwatch_start")))
    now.advance(61.25)
    assert one(obs(pg), rid=rid("stopwatch_time")).text == "1:01.25"


def test_a_new_clock_activity_starts_on_alarm_and_back_leaves_it() -> None:
    pg = launch("MainActivity")
    tap(pg, one(obs(pg), rid=rid("menu_clock")))
    pg.perform("tab:3")
    pg.press_key("back")
    assert pg.current_app()[1].endswith("MainActivity")
    tap(pg, one(obs(pg), rid=rid("menu_clock")))
    assert current(obs(pg)) == "Alarm"


def test_taps_hit_what_the_clock_dump_shows() -> None:
    pg = clock()
    for tab in range(4):
        pg.perform(f"tab:{tab}")
        assert taps_hit_what_the_dump_shows(pg) >= 5
