"""Golden deltas of the round-4 harvest's pair (``fixtures/ext4/README.md`` lists what a good
delta says): the Pixel launcher's recent-apps overview left for home, and back, one session
of AutoMobile's (62 s apart), read as the CLI reads AutoMobile observations and as the flat
element dicts ``observe --elements --format json`` prints."""

from __future__ import annotations

from pathlib import Path

from deltarec.core import elements, observe_delta
from deltarec.core.capture.jsonio import read_capture
from deltarec.core.elements import observation_index
from deltarec.core.observe.model import Observation

EXT4 = Path(__file__).resolve().parents[2] / "fixtures" / "ext4"


def capture(name: str) -> Observation:
    return read_capture(EXT4 / name)


def on_dicts(a: str, b: str) -> str:
    prev, curr = (
        observation_index(capture(n), max_elements=None, interactive_only=False) for n in (a, b)
    )
    return elements.delta_observation(prev, curr, interactive_only=False)


def test_the_overview_left_for_home_is_a_new_screen() -> None:
    """Home pressed on the overview: the workspace, its card and icons, the hotseat and the
    search bar come; the overview list and its two tasks go (``3 gone``); the launcher's
    full-screen "Home" view (same id and box) stays, unlisted; the status bar's clock
    (10:46 → 10:47) is no change of the app's."""
    assert observe_delta(capture("launcher/01.json"), capture("launcher/02.json")).text == (
        "» new screen NexusLauncherActivity: 14 elements (3 gone)\n"
        '+ [8] container "workspace"\n'
        '+ [10] list "At a glance"\n'
        '+ [11] button "Mon, Oct 5"\n'
        '+ [12] button "Gmail", [13] "Photos", [14] "YouTube"\n'
        '+ [15] button "Phone", [16] "Messages", [17] "Chrome", [18] "Photos"\n'
        '+ [19] button "Google search"\n'
        '+ [20] button "Google app"\n'
        '+ [21] button "Voice search", [22] "Google Lens"'
    )


def test_home_left_for_the_overview_is_a_new_screen() -> None:
    """The mirror: the overview's list (called by its pane title, "Recent apps", what
    TalkBack announces, since stop 60: by its id, ``"overview_panel"``, before) and its two
    task cards, "Settings" cut by the screen's top."""
    assert observe_delta(capture("launcher/02.json"), capture("launcher/01.json")).text == (
        "» new screen NexusLauncherActivity: 3 elements (14 gone)\n"
        '+ [19] list "Recent apps"\n'
        '+ [20] button "Settings"\n'
        '+ [22] button "AutoMobile Playground"'
    )


def test_on_element_dicts_each_icon_is_named_in_its_row() -> None:
    """On the flat element dicts every element has one parent, so until stop 59 the hotseat's
    "Photos", 343 px below the workspace's, joined the workspace icons' line nameless
    (``… [16] "Gmail", [17] "Photos", [22] button``). The dicts carry no resource id: the
    status bar's clock is an element like any other there (``[9] text "10:47"``)."""
    assert on_dicts("launcher/01.json", "launcher/02.json") == (
        "» new screen ?: 15 elements (3 gone)\n"
        '+ [8] container "workspace", [9] text "10:47", [14] list "At a glance", [15] button'
        ' "Mon, Oct 5", [16] "Gmail", [17] "Photos"\n'
        '+ [18] button "YouTube", [19] "Phone", [20] "Messages", [21] "Chrome", [22] "Photos",'
        ' [23] "Google search"\n'
        '+ [24] button "Google app", [25] "Voice search", [26] "Google Lens"'
    )


def test_the_pair_satisfies_the_oracles_both_ways_on_both_paths() -> None:
    """The no-expectation oracle (a node unique in both frames persisted) and the false-scroll
    oracle on the real pair, XML and element dicts, both ways: nothing found at the harvest."""
    from deltarec.core.capture import frame_cache
    from deltarec.core.diff.compute import compute_delta
    from deltarec.core.observe.frame import Frame
    from tests.core.dict_truth import dict_delta, false_scrolls
    from tests.core.truth.real_oracle import violations

    found = []
    for a, b in (("01", "02"), ("02", "01")):
        fp, fc = (Frame(capture(f"launcher/{n}.json")) for n in (a, b))
        for path in ("xml", "dicts"):
            frame_cache.clear()
            d = compute_delta(fp, fc) if path == "xml" else dict_delta(fp, fc)
            found += [(a, b, path, v) for v in violations(fp, fc, d) + false_scrolls(d)]
    assert found == []
