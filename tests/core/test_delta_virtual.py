"""Golden deltas of a session on the virtual phone (an Observer, as the executor uses it).

Each step acts on the phone and reads what changed since the step before, with the
status-bar clock ticking a minute between steps (it never appears). Expected texts
are inline so a reviewer sees the output: long swipes over recycled rows, nested
scrollables, a pager behind tabs, an unmarked WebView, new screens named by
activity and title, returns to remembered screens, a dialog replaced by another,
and a dialog-only dump closing back to the screen behind it.
"""

from __future__ import annotations

from typing import Any

from deltarec.core.devices.virtual import Playground, VirtualDevice
from deltarec.core.devices.virtual.playground import ManualClock
from deltarec.core.observer import Observer

APP = "dev.deltarec.playground"


class Phone:
    """A virtual phone and an Observer; ``tap``/``swipe``/``key`` return the delta text."""

    def __init__(self, **options: Any) -> None:
        self.clock = ManualClock()
        self.device = VirtualDevice(Playground(self.clock, **options))
        self.observer = Observer()
        self.observer.reset(self.device.capture())

    def step(self) -> str:
        self.clock.advance(61)  # the status-bar clock moves on between steps
        return self.observer.step(self.device.capture()).text

    def tap(self, **want: str) -> str:
        for node in self.device.capture().walk():
            if all(
                node.resource_id.endswith(f":id/{v}") if k == "rid" else getattr(node, k) == v
                for k, v in want.items()
            ):
                self.device.tap(*node.bounds.center)
                return self.step()
        raise AssertionError(f"nothing on screen has {want}")

    def swipe(self, x1: int, y1: int, x2: int, y2: int) -> str:
        self.device.swipe(x1, y1, x2, y2)
        return self.step()

    def key(self, key: str) -> str:
        self.device.press_key(key)
        return self.step()

    def launch(self, activity: str = "") -> str:
        self.device.launch_app(APP, activity)
        return self.step()


def lines(*expected: str) -> str:
    return "\n".join(expected)


def test_inbox_long_swipe_message_and_the_way_back() -> None:
    phone = Phone()
    assert phone.launch().splitlines()[0] == (
        '» new screen dev.deltarec.playground/MainActivity [9] "Playground": 14 elements'
        " (6 gone, was dev.deltarec.launcher)"
    )
    inbox = phone.tap(text="Inbox").splitlines()
    # the old screen's labels never pair with the new one's ("Sign up"→"Week 1")
    assert inbox[:8] == [
        '» new screen InboxActivity [24] "Inbox": 15 elements (14 gone)',  # the title's number
        '+ [23] button "Navigate up"',
        '+ [25] list "inbox_list"',
        '+ [26] text "Week 1"',
        '+ [27] button "Grace · Standup moved #1 · Mar 8"',
        '+ [31] button "Linus · Tom\'s <draft> #2 · Mar 7"',
        '+ [35] button "Ad · Sponsored: offer 3 · Mar 6"',
        '+ [38] button "Ken · Weekend hike #4 · Mar 5"',
    ]
    assert not any(line.startswith("~") for line in inbox)
    # 60 % of the list: rows that left never pair with rows that came in (senders repeat);
    # 1,253 px in 300 ms is a fling: the touch slop (21 px) is taken first, and momentum
    # carries the list 3 px further: 1,235 px
    assert phone.swipe(540, 1859, 540, 606) == lines(
        '↕ [25] list "inbox_list" scrolled down 1235px (+7 rows, -7 rows)',
        '+ [67] button "Ken · Standup moved #12 · Mar 25"',
        '+ [71] button "Barbara · Tom\'s <draft> #13 · Mar 24"',
        '+ [75] button "Dennis · Café menu #14 · Mar 23"',
        '+ [79] button "Frances · Weekend hike #15 · Mar 22"',
        '+ [83] button "Ada · \\"Launch\\" plan #16 · Mar 21"',
        '+ [87] button "Ad · Sponsored: offer 17 · Mar 20"',
        '+ [90] button "Linus · Re: build is green #18 · Mar 19"',
    )
    # a new screen inside the same app, named by its activity and title
    assert phone.tap(text="Tom's <draft> #13") == lines(
        '» new screen MessageActivity [95] "Barbara": 7 elements (45 gone)',
        # the message's parts are siblings: one line, each role said once
        '+ [96] image "Barbara avatar", [97] text "Barbara", [98] "Mar 24", [99] "to me",'
        ' [100] "Tom\'s <draft> #13",'
        ' [101] "Hi,\\nthis is message #13 about Tom\'s <draft> #13.\\nCheers & bye — Barbara"',
    )
    # back: the Inbox as it was after step 3, with its numbers
    assert phone.key("back") == '» back to InboxActivity "Inbox" (as after step 3)'
    assert phone.observer.index is not None
    numbers = {e.name: e.index for e in phone.observer.index.elements}
    assert numbers["Ken · Standup moved #12 · Mar 25"] == 67 and numbers["inbox_list"] == 25
    assert phone.key("back") == lines(
        '» back to MainActivity "Playground" (as after step 1)',
        '~ [22] text "Refreshed 2 times"→"Refreshed 9 times"',  # a dump counter (no settle here)
    )


def test_nested_scrollables_tabs_pager_and_web_content() -> None:
    phone = Phone()
    phone.launch()
    feed = phone.tap(rid="menu_feed").splitlines()
    assert feed[0] == '» new screen FeedActivity [24] "Feed": 30 elements (14 gone)'
    # one scroll, on the inner list whose rows moved (the outer ScrollView holds it)
    assert phone.swipe(540, 1800, 540, 1379) == lines(  # 421 px less the 21 px touch slop
        '↕ [26] list "feed_content" scrolled down 400px (+2 rows, -2 rows)',  # two cards' parts
        '+ [53] button "Like", [54] "Comment", [55] "Share"',
        '+ [56] text "Lena Vogel", [57] "2h", [58] "Music: the numbers behind the hype"',
    )
    phone.key("back")
    assert phone.tap(rid="menu_clock").splitlines()[:7] == [
        '» new screen ClockActivity [61] "Clock": 19 elements (13 gone)',
        '+ [60] button "Navigate up"',
        '+ [62] button "Alarm" (selected)',
        '+ [63] button "Clock"',
        '+ [64] button "Timer"',
        '+ [65] button "Stopwatch"',
        '+ [66] list "pager"',
    ]
    # a page of a pager: the selection moves (one line) and gives the direction
    pager = phone.swipe(900, 1200, 200, 1200).splitlines()
    assert pager[:3] == [
        '~ selected: button "Alarm" → [63] button "Clock"',
        '↕ [66] list "pager" scrolled right about a page or more (+1 rows, -1 rows)',
        '+ [79] text "9:47", [80] "Mon, Jan 1"',
    ]
    assert phone.tap(content_desc="Stopwatch") == lines(
        '~ selected: button "Clock" → [65] button "Stopwatch"',
        '↕ [66] list "pager" scrolled right about a page or more (+1 rows, -1 rows)',
        '+ [93] text "0:00.00"',
        '+ [94] button "Reset" (disabled), [95] "Start"',  # states end their part
    )
    phone.key("back")
    phone.tap(rid="menu_article")
    # a WebView is not marked scrollable: the shift is seen in the content that moved
    web = phone.swipe(540, 1800, 540, 1100).splitlines()
    assert web[0] == (
        '↕ web "The best desk gadgets of 2024 | Deskly" scrolled down 700px (+1 rows, -1 rows)'
    )
    assert web[1:4] == [
        '+ [116] button "Add to cart"',
        '+ [117] button "Add to cart"',
        '+ [118] container "Cable tray", [120] button',  # a tile's picture and its link
    ]


def test_a_dialog_replaced_by_another_is_one_line() -> None:
    phone = Phone()
    phone.launch(".SettingsActivity")
    assert phone.tap(text="Clear history") == lines(
        '+ [36] dialog "Delete history?"',
        '+ [37] text "All 42 items will be removed."',
        '+ [38] button "Cancel"',
        '+ [39] button "Delete"',
    )
    assert phone.tap(text="Delete") == lines(  # another dialog: another number
        '» dialog "Delete history?" → [40] dialog "History deleted"',
        '+ [41] text "Your history is empty."',
        '+ [42] button "OK"',
        # its summary "42 items"→"No history": said by the row's name
        '~ [34] button "Clear history · No history" (was "…42 items", enabled: true→false)',
    )
    assert phone.tap(text="OK") == '- dialog "History deleted" closed'


def test_a_dialog_only_dump_closing_returns_to_the_remembered_screen() -> None:
    phone = Phone(dialog_only_dump=True)
    phone.launch(".SignUpActivity")
    phone.tap(rid="name")
    phone.device.type_text("Ada")
    phone.step()
    phone.key("back")
    assert phone.tap(text="Save") == lines(
        '+ [17] dialog "Save account?"',
        '+ [18] text "Create an account for Ada?"',
        '+ [19] button "Cancel"',
        '+ [20] button "OK"',
        '~ focus: textbox "Ada" → none',
        "- (8 elements behind the dialog)",
    )
    assert phone.tap(text="Cancel") == lines(
        '- dialog "Save account?" closed',
        '» back to SignUpActivity "Sign up" (as after step 4)',
    )


def test_the_status_bar_never_appears() -> None:
    phone = Phone()
    phone.launch(".SettingsActivity")
    # airplane mode swaps the status bar's wifi icon and the clock ticks: neither is news
    text = phone.tap(text="Airplane mode")
    assert "Wifi" not in text and "Airplane mode." not in text and "9:4" not in text
    assert phone.step() in ("no change", "(only the status bar changed)")


def test_a_status_bar_clock_inside_a_screen_sized_system_ui_window_is_quiet() -> None:
    from deltarec.core import observe_delta, parse_uiautomator

    def dump(clock: str, desc: str, title: str) -> str:
        bar = (
            '<node class="android.widget.FrameLayout" package="com.android.systemui"'
            ' bounds="[0,0][1080,2400]"><node class="android.view.ViewGroup"'
            ' package="com.android.systemui" resource-id="com.android.systemui:id/status_bar"'
            ' bounds="[0,0][1080,84]"><node class="com.android.systemui.statusbar.policy.Clock"'
            f' package="com.android.systemui" resource-id="com.android.systemui:id/clock"'
            f' text="{clock}" content-desc="{desc}" bounds="[40,10][200,74]"/></node></node>'
        )
        app = (
            '<node class="android.widget.FrameLayout" package="app" bounds="[0,84][1080,2400]">'
            f'<node class="android.widget.TextView" package="app" text="{title}"'
            ' bounds="[40,100][1000,200]"/></node>'
        )
        return f"<hierarchy rotation='0'>{app}{bar}</hierarchy>"

    before = parse_uiautomator(dump("9:02", "9:02 PM", "Inbox"))
    after = parse_uiautomator(dump("9:03", "9:03 PM", "Inbox (2)"))
    assert observe_delta(before, after).text == '~ [1] text "Inbox"→"Inbox (2)"'
    same = parse_uiautomator(dump("9:03", "9:03 PM", "Inbox"))
    assert observe_delta(before, same).text == "(only the status bar changed)"


def test_the_cli_reports_the_status_bar_only_when_asked(tmp_path: Any, capsys: Any) -> None:
    from deltarec.core.cli.main import main

    bar = (
        '<node class="android.widget.FrameLayout" package="com.android.systemui"'
        ' bounds="[0,0][1080,84]"><node class="android.widget.TextView"'
        ' package="com.android.systemui" resource-id="com.android.systemui:id/clock"'
        ' text="{}" bounds="[40,10][200,74]"/></node>'
    )
    app = (
        '<node class="android.widget.FrameLayout" package="app" bounds="[0,84][1080,2400]">'
        '<node class="android.widget.TextView" package="app" text="Inbox"'
        ' bounds="[40,100][1000,200]"/></node>'
    )
    for name, clock in (("a.xml", "9:02"), ("b.xml", "9:03")):
        (tmp_path / name).write_text(
            f"<hierarchy rotation='0'>{bar.format(clock)}{app}</hierarchy>"
        )
    a, b = str(tmp_path / "a.xml"), str(tmp_path / "b.xml")
    assert main(["delta", a, b]) == 0
    assert capsys.readouterr().out == "(only the status bar changed)\n"
    assert main(["delta", a, b, "--status-bar"]) == 0
    assert capsys.readouterr().out == '~ [0] text "9:02"→"9:03"\n'


def test_a_space_typed_into_a_field_keeps_it_apart_from_the_form_s_title() -> None:
    # was ~ [12] textbox "Create your account" (text: "Name"→" "): the box, showing nothing,
    # took the title above it as its label (bench_truth --seed 59000 --wide --no-gesture)
    phone = Phone()
    phone.launch(".SignUpActivity")
    assert phone.tap(rid="name") == lines(
        "+ keyboard opened (covers y 1530–2400)", '~ focus: none → [12] textbox "Name"'
    )
    # the box shows nothing but a space: called by its resource id, the title stays [11]
    assert phone.key("space") == lines(
        '~ [12] textbox "name" (text: "Name"→" ")', '~ [16] button "Save" (enabled: false→true)'
    )
    assert phone.observer.index is not None
    assert [f"[{e.index}] {e.name}" for e in phone.observer.index.elements][4:8] == [
        "[10] Sign up",
        "[11] Create your account",
        "[12] name",
        "[13] Email",
    ]
