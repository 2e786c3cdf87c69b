"""Golden deltas of the real pairs (fixtures/real/README.md lists what a good delta says)."""

from __future__ import annotations

import itertools
import json

import pytest

from deltarec.core import (
    apply_diff,
    diff_observations,
    observe_delta,
    parse_uiautomator,
    without_volatile,
)
from deltarec.core.observe.model import Observation
from deltarec.core.observer import FULL_FRAME_MARK
from deltarec.core.render.frame_text import render_frame
from deltarec.core.render.tokens import count_tokens
from tests.conftest import REAL_DUMPS, real_dump


def obs(name: str) -> Observation:
    return parse_uiautomator(real_dump(name), source=name)


def delta(a: str, b: str) -> str:
    return observe_delta(obs(a), obs(b)).text


def test_typing_is_a_text_change_on_the_field() -> None:
    assert delta("contacts-agent/06.xml", "contacts-agent/07.xml") == (
        '~ [7] textbox "zr" (text: "Name"→"zr")'
    )


def test_identical_pair_says_no_change_and_has_an_empty_diff() -> None:
    d = diff_observations(obs("contacts-agent/04.xml"), obs("contacts-agent/05.xml"))
    assert not (d["added"] or d["removed"] or d["changed"] or d["scrolls"] or d["fields"])
    assert delta("contacts-agent/04.xml", "contacts-agent/05.xml") == "no change"


def test_focus_moves_and_rows_appear() -> None:
    assert delta("contacts-agent/07.xml", "contacts-agent/08.xml") == "\n".join(
        [
            '+ [13] dropdown "Email"',
            '+ [14] text "Home"',
            '~ focus: textbox "zr" → [9] textbox "Phone"',
        ]
    )


def test_focus_gained_and_rows_vanish() -> None:
    assert delta("contacts-agent/05.xml", "contacts-agent/06.xml") == "\n".join(
        [
            '~ focus: none → [7] textbox "Name"',
            '~ [18] list "compact_contact_editor_fragment" (scrollable: false→true)',
            '- dropdown "Email"',
            '- text "Home"',
            '- button "More fields"',
        ]
    )


def test_airplane_toggle() -> None:
    assert delta("settings-airplane/03.xml", "settings-airplane/04.xml") == "\n".join(
        [
            '~ [4] text "AndroidWifi"→"Airplane mode is on"',
            '~ [6] text "T-Mobile"→"T-Mobile (Temporarily unavailable)"',
            '~ [7] button "SIMs · T-Mobile" (enabled: true→false)',
            '~ [10] switch "Airplane mode" (checked: false→true)',
        ]
    )


def test_wifi_toggle_inserts_a_list_without_false_changes() -> None:
    assert delta("settings-wifi/04.xml", "settings-wifi/05.xml") == "\n".join(
        [
            '+ [17] button "AndroidWifi,Checking for internet access...,Wifi signal full.,Open network"',
            '+ [18] text "AndroidWifi"',
            '+ [19] text "Checking for internet access..."',
            '+ [20] text "Searching for networks…"',
            '+ [21] button "Add network"',
            '~ [8] switch "Wi-Fi" (checked: false→true)',
            '- text "To improve device experience, apps and services can still scan for Wi‑Fi networ…"',
            '- text "Change"',
        ]
    )


def test_dialog_opening_is_named_and_the_window_behind_is_one_line() -> None:
    d = diff_observations(obs("contacts-manual/06.xml"), obs("contacts-manual/07.xml"))
    assert len(d["windows"]["opened"]) == 1 and len(d["windows"]["closed"]) == 1
    assert delta("contacts-manual/06.xml", "contacts-manual/07.xml") == "\n".join(
        [
            '+ [13] dialog "Switch to editing the selected contact? Information you entered so far will be …"',
            '+ [14] button "CANCEL"',
            '+ [15] button "OK"',
            '~ focus: textbox "zjy" → none',
            "- (13 elements behind the dialog)",
        ]
    )


def test_dialog_closing_then_new_screen_named_by_its_title() -> None:
    lines = delta("contacts-manual/07.xml", "contacts-manual/08.xml").splitlines()
    assert lines[0].startswith('- dialog "Switch to editing') and lines[0].endswith(" closed")
    # the title is numbered in the header; siblings share a line (the toolbar's buttons)
    assert lines[1] == '» new screen com.android.contacts [4] "Edit contact": 23 elements (3 gone)'
    assert lines[2:6] == [
        '+ [3] button "Navigate up"',
        '+ [5] button "Save", [6] "More options"',
        '+ [7] button "Change photo"',
        '+ [8] text "Saving to", [9] "Phone-only, unsynced contact"',
    ]
    assert len(lines) == 22  # every element of the screen, within the 40-line budget


def test_navigation_reads_as_a_new_screen_named_and_listed_in_reading_order() -> None:
    assert delta("contacts-agent/02.xml", "contacts-agent/03.xml") == "\n".join(
        [
            '» new screen com.android.contacts [33] "Contacts": 15 elements (33 gone,'
            " was com.android.launcher3)",
            '+ [34] button "Search", [35] "More options"',
            '+ [36] button "FAVORITES"',
            '+ [37] button "ALL" (selected)',
            '+ [38] list "tab_pager"',
            '+ [39] list "list" (focused)',
            '+ [40] text "ME", [41] button "Set up my profile"',
            '+ [42] text "D", [43] "didi"',
            '+ [44] text "didi"',
            '+ [45] text "Z", [46] "zjy"',
            '+ [47] button "add new contact"',
        ]
    )


def test_a_new_screen_never_costs_more_than_its_full_frame() -> None:
    for a, b in PAIRS:
        result = observe_delta(obs(a), obs(b))
        full = render_frame(result.index, tree=False)
        assert count_tokens(result.text) <= count_tokens(f"{FULL_FRAME_MARK}\n{full}"), (a, b)


PAIRS = [
    (a.relative_to(REAL_DUMPS).as_posix(), b.relative_to(REAL_DUMPS).as_posix())
    for folder in sorted(REAL_DUMPS.iterdir())
    if folder.is_dir()
    for a, b in itertools.pairwise(sorted(folder.glob("*.xml")))
]


@pytest.mark.parametrize(("a", "b"), PAIRS, ids=lambda p: p)
def test_apply_diff_rebuilds_every_real_pair(a: str, b: str) -> None:
    before, after = obs(a), obs(b)
    diff = json.loads(json.dumps(diff_observations(before, after)))  # survives JSON
    assert without_volatile(apply_diff(before, diff)) == without_volatile(after)


def test_apply_diff_across_unrelated_screens() -> None:
    files = sorted(p.relative_to(REAL_DUMPS).as_posix() for p in REAL_DUMPS.glob("*/*.xml"))
    for a, b in itertools.combinations(files[::3], 2):
        before, after = obs(a), obs(b)
        assert without_volatile(apply_diff(before, diff_observations(before, after))) == (
            without_volatile(after)
        ), (a, b)
