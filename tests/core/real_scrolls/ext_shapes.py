"""Synthetic dumps shaped like external captures whose derived pairs failed (issue 18).

``benchmarks/bench_real_any.py --dumps DIR`` over public dumps (a probe, never vendored)
found classes no capture of ``fixtures/real`` has; these dumps have the same shapes with
invented words, so CI holds those classes without the external files
(``benchmarks/ext_classes.py DIR`` writes them for the sweeps):

- :func:`repeated_rows` (after a trading app's history list): a RecyclerView of rows and
  date headers in which the same three instruments come back row after row ("Alder Corp"
  three times), so both edge rows show only labels other rows show too; the labels one row
  alone shows sit in the middle rows, the bottom row cut by the list's edge.
- :func:`twin_rows` (after a Compose tablet app's review queue): a list with no ids whose
  rows 0 and 2 (1 and 3) are the very same product, each row with edit and delete buttons
  described alike, the last row holding a panel of three buttons.
- :func:`nested_list` (after a settings home): a list not made to scroll below a card, both
  inside the one ScrollView, each row an icon frame and a text frame (title, summary)
  spanning it, spacers between rows.
- :func:`paged_list` (after a directory app's contacts tab): a tab strip above a ViewPager
  whose one page (two wrappers filling it) holds a list of folder rows (a chevron indented
  by depth, a name) then people (a name, a title), its box running well below its last row.
- :func:`compose_column` (after a finance app's model picker): a Compose ScrollView whose
  first child is a column of bare labels (three to an entry, a 32 px gap between entries,
  no row around them), then a card of labels and buttons cut by the ScrollView's bottom.
- :func:`padded_cards` (after a safety app's home): a ScrollView inside app layers (each
  the one child of the one above), its column padded 42 px above its first card, cards of
  three heights, the last cut by the ScrollView's bottom.
- :func:`compose_chat` (after a Compose chat with a local model): its sections plain views
  with no ids, its send button named by the icon inside it ("Send", "Stop").
- :func:`tile_strip` (after Chrome's new tab page): a strip of shortcut tiles made to scroll
  sideways inside a ScrollView's column, the tiles filling it, the last cut by its edge.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from xml.sax.saxutils import quoteattr

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe.model import Observation
from tests.core.real_scrolls import transforms

FLAGS = ("checkable", "checked", "clickable", "enabled", "focusable", "focused", "scrollable")


def _node(cls: str, box: tuple[int, int, int, int], *, pkg: str, **kw: str | bool) -> str:
    """One ``<node`` opening tag of a uiautomator dump (``kw``: text, rid, desc, flags)."""
    flags = {f: bool(kw.get(f, f == "enabled")) for f in FLAGS}
    attrs = {
        "text": str(kw.get("text", "")),
        "resource-id": str(kw.get("rid", "")),
        "class": cls,
        "package": pkg,
        "content-desc": str(kw.get("desc", "")),
    }
    left, top, right, bottom = box
    return (
        "<node "
        + " ".join(f"{k}={quoteattr(v)}" for k, v in attrs.items())
        + " "
        + " ".join(f'{k}="{str(v).lower()}"' for k, v in flags.items())
        + f' bounds="[{left},{top}][{right},{bottom}]">'
    )


LAYOUT = "HRRHRHRRRHR"
"""The history list's children top to bottom: date headers (H) and rows (R), the last cut."""


def repeated_rows() -> str:
    """A history list whose instruments repeat, unique labels only in its middle rows."""
    pkg = "com.example.ledger"
    rid = f"{pkg}:id/"
    tv = "android.widget.TextView"
    out = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"]
    out.append(_node("android.widget.FrameLayout", (0, 0, 1080, 1920), pkg=pkg))
    out.append(_node("android.view.ViewGroup", (0, 72, 1080, 240), pkg=pkg, rid=rid + "toolbar"))
    out.append(_node(tv, (156, 121, 372, 194), pkg=pkg, text="History", rid=rid + "title"))
    out.append("</node></node>")
    out.append(
        _node(
            "androidx.recyclerview.widget.RecyclerView",
            (0, 240, 1080, 1920),
            pkg=pkg,
            rid=rid + "history_rv",
            scrollable=True,
            focusable=True,
        )
    )
    names = [("Alder Corp", "AC"), ("Birch Short 3x", "BS"), ("Cedar Index 3x", "CI")]
    changes = iter(
        (
            *("0.00%->20.00%", "49.57%->40.00%", "50.01%->0.00%", "19.65%->0.00%"),
            *("40.21%->50.00%", "40.14%->50.00%", "0.00%->20.00%"),
        )
    )
    prices = iter(["83.060", "4.630", "15.615", "81.910", "4.635", "15.375", "83.529"])
    top, k, stamp = 240, 0, 34
    for kind in LAYOUT:
        if kind == "H":  # a date header, after a blank gap but at the list's top
            top += 72 if top > 240 else 0
            out.append(_node("android.view.ViewGroup", (0, top, 1080, top + 77), pkg=pkg))
            when = f"2025/10/11 01:{stamp:02d}:27"
            out.append(_node(tv, (0, top, 1080, top + 53), pkg=pkg, text=when, rid=rid + "time"))
            out.append("</node></node>")
            stamp -= 9
            top += 77
            continue
        bottom = min(top + 175, 1920)
        name, code = names[k % 3]
        row = (0, top, 1080, bottom)
        out.append(_node("android.view.ViewGroup", row, pkg=pkg, clickable=True, focusable=True))
        for text, box, key in (
            (name, (36, top + 24, 669, top + 92), "name"),
            (next(changes, "1.00%->2.00%"), (675, top + 24, 1044, top + 92), "change"),
            (code, (36, top + 98, 713, top + 151), "code"),
            (f"price {next(prices, '1.000')}", (719, top + 98, 1044, top + 151), "price"),
        ):
            if box[1] < 1920:
                cut = (box[0], box[1], box[2], min(box[3], 1920))
                out.append(_node(tv, cut, pkg=pkg, text=text, rid=rid + key) + "</node>")
        out.append("</node>")
        top, k = bottom + 1, k + 1
    out.append("</node></node></hierarchy>")
    return "".join(out)


def twin_rows() -> str:
    """A Compose list with no ids whose rows repeat the same products, twin for twin."""
    pkg = "com.example.queue"
    view, tv, btn = "android.view.View", "android.widget.TextView", "android.widget.Button"
    out = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"]
    out.append(_node("android.widget.FrameLayout", (0, 0, 1600, 2560), pkg=pkg))
    out.append(_node("androidx.compose.ui.platform.ComposeView", (0, 0, 1600, 2560), pkg=pkg))
    out.append(_node(tv, (128, 90, 1423, 131), pkg=pkg, text="Review queue") + "</node>")
    out.append(_node(view, (38, 225, 1562, 1927), pkg=pkg))
    rows = [(225, 372, "Walnut Headset"), (395, 542, "Amber Lamp")]
    rows += [(565, 712, "Walnut Headset"), (735, 1130, "Amber Lamp")]
    for top, bottom, name in rows:
        out.append(_node(view, (38, top, 1562, bottom), pkg=pkg))
        out.append(_node(view, (61, top + 23, 162, top + 124), pkg=pkg) + "</node>")
        out.append(_node(tv, (181, top + 29, 405, top + 70), pkg=pkg, text=name) + "</node>")
        out.append(_node(tv, (206, top + 78, 246, top + 119), pkg=pkg, text="0.00") + "</node>")
        for x, desc in ((1360, "Edit item"), (1450, "Delete item")):
            out.append(_node(view, (x, top + 30, x + 90, top + 120), pkg=pkg, clickable=True))
            out.append(_node(view, (x + 28, top + 58, x + 62, top + 92), pkg=pkg, desc=desc))
            out.append("</node>" + _node(btn, (x + 7, top + 37, x + 82, top + 112), pkg=pkg))
            out.append("</node></node>")
        if bottom - top > 200:  # the last row's panel of three buttons
            out.append(_node(view, (80, top + 158, 1520, top + 353), pkg=pkg))
            for left, word in ((80, "Merge"), (204, "Keep both"), (349, "Remove")):
                box = (left, top + 264, left + 110, top + 354)
                out.append(_node(view, box, pkg=pkg, clickable=True))
                out.append(_node(tv, box, pkg=pkg, text=word) + "</node></node>")
            out.append("</node>")
        out.append("</node>")
    out.append("</node>")
    out.append(_node(view, (38, 2073, 1562, 2174), pkg=pkg, clickable=True))
    out.append(_node(tv, (644, 2103, 1005, 2144), pkg=pkg, text="Confirm") + "</node></node>")
    out.append("</node></node></hierarchy>")
    return "".join(out)


def nested_list() -> str:
    """A settings home: a list not made to scroll (its rows' icon, title and summary) below a
    card, both inside the one ScrollView, rows of two heights and two spacers between them."""
    pkg = "com.example.panel"
    rid = f"{pkg}:id/"
    lin, frame = "android.widget.LinearLayout", "android.widget.FrameLayout"
    tv, img = "android.widget.TextView", "android.widget.ImageView"
    out = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"]
    out.append(_node(frame, (0, 0, 1080, 2400), pkg=pkg))
    out.append(_node(lin, (0, 88, 1080, 512), pkg=pkg, rid=rid + "app_bar"))
    out.append(_node(tv, (71, 160, 885, 260), pkg=pkg, text="Control panel") + "</node></node>")
    out.append(_node("android.widget.ScrollView", (0, 512, 1080, 2284), pkg=pkg, scrollable=True))
    out.append(_node(lin, (0, 512, 1080, 2284), pkg=pkg, rid=rid + "home"))
    out.append(_node(frame, (30, 542, 1050, 808), pkg=pkg, rid=rid + "cards", clickable=True))
    out.append(_node(tv, (85, 625, 945, 669), pkg=pkg, text="Try the quiet hours:") + "</node>")
    out.append("</node>")
    box = (0, 863, 1080, 2284)
    out.append(_node("androidx.recyclerview.widget.RecyclerView", box, pkg=pkg, focusable=True))
    rows = [(891, 1158, "Orchard account", "Keys, devices, help & notes")]
    rows += [(1186, 1241, "", ""), (1269, 1524, "Lanes & links", "Relays, beacons & tethers")]
    rows += [(1524, 1750, "Lamps & pairings", "Mirrors, dashboards")]
    rows += [(1750, 1861, "", ""), (1861, 2087, "Glow & tint", "Night shade, bar tones")]
    rows += [(2087, 2284, "Locks & backdrops", "Always on, themes, homes")]
    for top, bottom, title, summary in rows:
        out.append(_node(lin, (0, top, 1080, bottom), pkg=pkg, clickable=bool(title)))
        if title:
            mid = (top + bottom) // 2
            out.append(_node(lin, (63, mid - 55, 195, mid + 55), pkg=pkg, rid=rid + "icon_frame"))
            box = (63, mid - 44, 151, mid + 44)
            out.append(_node(img, box, pkg=pkg, rid="android:id/icon") + "</node></node>")
            box = (198, top + 9, 1036, bottom - 10)
            out.append(_node("android.widget.RelativeLayout", box, pkg=pkg, rid=rid + "text_frame"))
            box = (198, top + 53, 640, top + 116)
            out.append(_node(tv, box, pkg=pkg, rid="android:id/title", text=title) + "</node>")
            box = (198, top + 116, 1036, min(top + 220, bottom - 10))
            out.append(_node(tv, box, pkg=pkg, rid="android:id/summary", text=summary))
            out.append("</node></node>")
        out.append("</node>")
    out.append("</node></node></node></node></hierarchy>")
    return "".join(out)


def paged_list() -> str:
    """A directory app's tab: a ViewPager's page (two wrappers) filled by a list of folders
    (a chevron indented by depth, a name) and people (a name, a title), no ids but theirs."""
    pkg = "com.example.roster"
    rid = f"{pkg}:id/"
    lin, frame = "android.widget.LinearLayout", "android.widget.FrameLayout"
    tv, rv = "android.widget.TextView", "androidx.recyclerview.widget.RecyclerView"
    out = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"]
    out.append(_node(frame, (0, 0, 1440, 2476), pkg=pkg) + _node(lin, (0, 84, 1440, 2476), pkg=pkg))
    out.append(_node("android.widget.HorizontalScrollView", (0, 84, 1440, 252), pkg=pkg))
    out.append(_node(lin, (0, 84, 1440, 252), pkg=pkg))
    for left, right, word in ((0, 252, "NORTH"), (252, 504, "WEST"), (504, 756, "HUB")):
        out.append(_node(lin, (left, 84, right, 252), pkg=pkg, desc=word.title(), clickable=True))
        box = (left + 60, 135, right - 60, 201)
        out.append(_node(tv, box, pkg=pkg, text=word) + "</node></node>")
    out.append("</node></node>")
    box = (0, 252, 1440, 2476)
    out.append(_node("androidx.viewpager.widget.ViewPager", box, pkg=pkg, scrollable=True))
    out.append(_node(rv, box, pkg=pkg, scrollable=True) + _node(frame, box, pkg=pkg))
    out.append(_node(frame, box, pkg=pkg))
    out.append(_node(rv, box, pkg=pkg, rid=rid + "roster", scrollable=True, focusable=True))
    top = 252
    for depth, name in (
        (0, "Upland rangers and keepers"),
        (1, "Fernwood station"),
        (2, "Mossy Ford"),
    ):
        out.append(_node(lin, (0, top, 1440, top + 155), pkg=pkg, clickable=True))
        x = 56 * (depth + 1)
        box = (x, top + 42, x + 70, top + 112)
        out.append(_node("android.widget.ImageView", box, pkg=pkg, rid=rid + "chevron") + "</node>")
        box = (x + 105, top + 42, 1384, top + 113)
        out.append(_node(tv, box, pkg=pkg, text=name, rid=rid + "name"))
        out.append("</node></node>")
        top += 155
    people = [("Orla Vant", "Head keeper"), ("Bram Tuller", "Trail warden")]
    people += [("Ines Corrow", "Night watch"), ("Teo Marsh", "Game tracker")]
    people += [("Pia Lund", "Radio clerk")]
    for name, title in people:
        out.append(_node(lin, (0, top, 1440, top + 200), pkg=pkg, clickable=True))
        box = (350, top + 35, 350 + 26 * len(name), top + 101)
        out.append(_node(tv, box, pkg=pkg, text=name, rid=rid + "name") + "</node>")
        box = (350, top + 108, 350 + 18 * len(title), top + 165)
        out.append(_node(tv, box, pkg=pkg, text=title, rid=rid + "title") + "</node></node>")
        top += 200
    out.append("</node></node></node></node></node></node></node></hierarchy>")
    return "".join(out)


def compose_column() -> str:
    """A Compose model picker: bare labels in a column (a name, a size, a note per entry,
    32 px between entries), then a status card of labels and buttons the edge cuts."""
    pkg = "com.example.ledgerbot"
    view, tv, btn = "android.view.View", "android.widget.TextView", "android.widget.Button"
    out = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"]
    out.append(_node("android.widget.FrameLayout", (0, 0, 1080, 2424), pkg=pkg))
    out.append(_node("androidx.compose.ui.platform.ComposeView", (0, 0, 1080, 2424), pkg=pkg))
    out.append(_node("android.widget.ScrollView", (0, 142, 1080, 2151), pkg=pkg, scrollable=True))
    column = len(out)  # its box once the entries are laid out
    entries = [("Otter-2B Q8", "~1.9 GB · 8-bit · Sharpest", "Needs a newer chip to run")]
    entries += [("Otter-2B Q4  ← PICKED", "~1.1 GB · 4-bit · Balanced", "Picked: size and wit")]
    entries += [("Heron 5 Q8", "~5.0 GB · 8-bit · Largest", "Needs a newer chip as well")]
    entries += [("Heron 5 Q4", "~3.1 GB · 4-bit · Spare", "Runs, but ranks below")]
    entries += [("Otter-1B Q8", "~0.7 GB · 8-bit · Lightest", "Runs, but ranks lower")]
    top = 142
    for name, size, note in entries:
        out.append(_node(tv, (136, top, 560, top + 27 + 26), pkg=pkg, text=name) + "</node>")
        out.append(_node(tv, (136, top + 53, 800, top + 95), pkg=pkg, text=size) + "</node>")
        out.append(_node(tv, (137, top + 100, 996, top + 142), pkg=pkg, text=note) + "</node>")
        top += 142 + 32
    out.insert(column, _node(view, (42, 142, 1038, top + 10), pkg=pkg))
    out.append("</node>" + _node(view, (42, top + 52, 1038, 2151), pkg=pkg))
    y = top + 94
    for left, word in (("ENGINE", ""), ("State", "READY"), ("File  ", "otter.bin")):
        out.append(_node(tv, (84, y, 312, y + 42), pkg=pkg, text=left) + "</node>")
        if word:
            out.append(_node(tv, (858, y, 996, y + 42), pkg=pkg, text=word) + "</node>")
        y += 85
    for x0, x1, word in ((84, 412, "LOAD"), (433, 687, "UNLOAD")):
        out.append(_node(view, (x0, 1742, x1, 1868), pkg=pkg, clickable=True))
        out.append(_node(tv, (x0 + 63, 1784, x1 - 63, 1826), pkg=pkg, text=word) + "</node>")
        out.append(_node(btn, (x0, 1752, x1, 1857), pkg=pkg) + "</node></node>")
    out.append(_node(view, (84, 1889, 996, 2015), pkg=pkg, clickable=True))
    out.append(_node(tv, (423, 1931, 657, 1973), pkg=pkg, text="RUN A TEST") + "</node>")
    out.append(_node(btn, (84, 1899, 996, 2004), pkg=pkg) + "</node></node>")
    out.append("</node></node></node></node></hierarchy>")
    return "".join(out)


def padded_cards() -> str:
    """A safety app's home: app layers, each the one child of the one above, around a
    ScrollView whose column keeps a 42 px padding above its first card; cards of three
    heights (a title, a figure, a note), the last cut by the ScrollView's bottom."""
    pkg = "com.example.guard"
    rid = f"{pkg}:id/"
    ll, tv = "android.widget.LinearLayout", "android.widget.TextView"
    out = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"]
    out.append(_node("android.widget.FrameLayout", (0, 0, 1440, 3120), pkg=pkg))
    out.append(_node(ll, (0, 0, 1440, 3120), pkg=pkg))
    out.append(
        _node("android.widget.FrameLayout", (0, 0, 1440, 3120), pkg=pkg, rid="android:id/content")
    )
    out.append(_node(tv, (48, 170, 900, 260), pkg=pkg, text="Guard home", rid=rid + "title"))
    out.append("</node>")
    out.append(_node("android.widget.ScrollView", (0, 426, 1440, 2948), pkg=pkg, scrollable=True))
    out.append(_node(ll, (0, 426, 1440, 2948), pkg=pkg, rid=rid + "scrollContent"))
    cards = [(468, 1004, "Weekly summary", "12 calls checked", "Quiet week so far")]
    cards += [(1039, 1504, "Blocked numbers", "3 numbers held", "Review them any time")]
    cards += [(1539, 2948, "Tips for today", "Spot a fake parcel text", "Never share a code")]
    for top, bottom, title, figure, note in cards:
        out.append(_node(ll, (42, top, 1398, bottom), pkg=pkg, rid=rid + "card"))
        out.append(_node(tv, (84, top + 42, 1356, top + 112), pkg=pkg, text=title) + "</node>")
        out.append(_node(tv, (84, top + 130, 1356, top + 230), pkg=pkg, text=figure) + "</node>")
        out.append(_node(tv, (84, top + 250, 1356, top + 310), pkg=pkg, text=note) + "</node>")
        out.append("</node>")
    out.append("</node></node></node></node></node></hierarchy>")
    return "".join(out)


TILES = (
    ("Navigate: Ember News: ember.example", "Ember News", 550, 66),
    ("Navigate: Fjord Mail: fjord.example", "Fjord Mail", 545, 72),
    ("Navigate: Gable Video: gable.example", "Gable Video", 545, 66),
    ("Navigate: Heron Wiki: heron.example", "Heron Wiki", 550, 66),
    ("Navigate: Ivy Daily: ivy.example", "Ivy Daily", 550, 60),
)
"""The shortcut tiles of :func:`tile_strip`: a description, the label under the icon, the
tile's bottom (a label in another script is taller) and the icon's size (a site's own)."""


def tile_strip() -> str:
    """A browser's new tab page (after Chrome's, ``fixtures/ext/chrome-ntp``): a ScrollView
    whose column holds a search box, a strip of shortcut tiles made to scroll sideways (each
    tile a clickable frame described "Navigate: …", its icon's two frames, the icon and its
    label inside, the tiles filling the strip, the last cut by its right edge) and a feed's
    header."""
    pkg = "com.example.browser"
    rid = f"{pkg}:id/"
    fl, ll, v = "android.widget.FrameLayout", "android.widget.LinearLayout", "android.view.View"
    out = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"]
    out.append(_node(fl, (0, 0, 1080, 2220), pkg=pkg))
    out.append(_node("android.widget.ScrollView", (0, 66, 1080, 1398), pkg=pkg, scrollable=True))
    out.append(_node(ll, (0, 66, 1080, 1398), pkg=pkg))
    out.append(_node(ll, (0, 66, 1080, 286), pkg=pkg, rid=rid + "search_box"))
    edit = "android.widget.EditText"
    out.append(_node(edit, (154, 140, 893, 212), pkg=pkg, text="Search or type") + "</node>")
    out.append("</node>")
    out.append(_node(fl, (0, 333, 1080, 550), pkg=pkg, rid=rid + "tiles_container"))
    hsv = "android.widget.HorizontalScrollView"
    out.append(_node(hsv, (0, 333, 1080, 550), pkg=pkg, scrollable=True))
    out.append(_node(ll, (0, 333, 1080, 550), pkg=pkg, rid=rid + "tiles_layout"))
    for i, (desc, label, bottom, size) in enumerate(TILES):
        left = 33 + 234 * i
        tile = _node(fl, (left, 333, min(left + 220, 1080), bottom), pkg=pkg, desc=desc)
        frame = (left + 44, 352, min(left + 176, 1080), 484)
        lo, hi = left + 110 - size // 2, 418 - size // 2
        icon = (lo, hi, min(lo + size, 1080), hi + size)
        title = (left + 11, 501, min(left + 209, 1080), bottom)
        out.append(tile.replace('clickable="false"', 'clickable="true"'))
        out.append(_node(v, frame, pkg=pkg, rid=rid + "tile_icon_background") + "</node>")
        out.append(_node(v, frame, pkg=pkg) + "</node>")
        out.append(_node("android.widget.ImageView", icon, pkg=pkg, rid=rid + "tile_icon"))
        out.append("</node>")
        out.append(_node("android.widget.TextView", title, pkg=pkg, text=label, rid=rid + "title"))
        out.append("</node></node>")
    out.append("</node></node></node>")
    out.append(_node(fl, (0, 835, 1080, 967), pkg=pkg, rid=rid + "feed_header"))
    out.append(_node("android.widget.TextView", (44, 876, 402, 926), pkg=pkg, text="Discover"))
    out.append("</node>")
    button = _node("android.widget.ImageButton", (981, 835, 1036, 967), pkg=pkg, desc="Options")
    out.append(button + "</node></node>")
    out.append("</node></node></node></hierarchy>")
    return "".join(out)


CHAT = (("me", "hello there", 110), ("bot", "Hi! How can I help you today?", 300))
"""The chat's messages: who sent it (right or left), its text, its bubble's height."""


def compose_chat(
    messages: tuple[tuple[str, str, int], ...] = CHAT,
    *,
    typed: str = "",
    button: str = "Send",
    enabled: bool = True,
) -> str:
    """A Compose chat with a local model (after HarnessTeam/Nora's dump, probed, not
    vendored): every container an ``android.view.View`` with no id, the screen's column
    holding a message list made to scroll, a top bar and an input bar; the input bar a text
    field (its hint a label inside it, shown while nothing is typed) and a send button,
    a clickable view around an icon whose description names it ("Send", "Stop" while the
    model answers) and an unlabelled ``Button``."""
    pkg = "com.example.chat"
    v, tv = "android.view.View", "android.widget.TextView"
    out = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"]
    out.append(_node("android.widget.FrameLayout", (0, 0, 1080, 2400), pkg=pkg))
    out.append(_node("androidx.compose.ui.platform.ComposeView", (0, 0, 1080, 2400), pkg=pkg))
    out.append(_node(v, (0, 0, 1080, 2400), pkg=pkg))
    out.append(_node(v, (42, 231, 1038, 2190), pkg=pkg, scrollable=True))
    top = 231
    for who, text, height in messages:
        left = 787 if who == "me" else 42
        out.append(_node(v, (left, top, 1038, top + height), pkg=pkg))
        box = (left + 37, top + 26, 1001, top + height - 26)
        out.append(_node(tv, box, pkg=pkg, text=text) + "</node></node>")
        top += height + 21
    out.append("</node>")
    out.append(_node(v, (0, 0, 1080, 231), pkg=pkg) + _node(v, (0, 63, 1080, 231), pkg=pkg))
    out.append(_node(v, (43, 84, 349, 210), pkg=pkg))
    out.append(_node(tv, (43, 113, 349, 181), pkg=pkg, text="Local Agent") + "</node>")
    out.append("</node></node></node>")
    out.append(_node(v, (0, 2190, 1080, 2400), pkg=pkg))
    field = (32, 2211, 901, 2358)
    out.append(_node("android.widget.EditText", field, pkg=pkg, text=typed, clickable=True))
    out.append(_node(v, field, pkg=pkg) + "</node>")
    if not typed:
        out.append(_node(v, (74, 2222, 412, 2348), pkg=pkg))
        hint = _node(tv, (74, 2253, 412, 2316), pkg=pkg, text="Type a message...")
        out.append(hint + "</node></node>")
    out.append("</node>")
    send = _node(v, (923, 2223, 1049, 2349), pkg=pkg, clickable=True)
    out.append(send if enabled else send.replace('enabled="true"', 'enabled="false"'))
    out.append(_node(v, (954, 2254, 1017, 2317), pkg=pkg, desc=button) + "</node>")
    out.append(_node("android.widget.Button", (933, 2233, 1038, 2338), pkg=pkg) + "</node>")
    out.append("</node></node></node></node></node></hierarchy>")
    return "".join(out)


EXT = Path(__file__).resolve().parents[3] / "fixtures" / "ext"
"""The external captures (``fixtures/ext``: Chrome, Flutter, Compose apps)."""

SWEPT = ("chrome-ntp/03.xml", "chrome-ntp/04.xml", "termux-ide/01.xml", "termux-ide/02.xml")
"""The captures the derived sweeps run on: the four they were written and budgeted against.
The harvested sequences beside them (stop 55) are graded by the no-expectation oracle on
their real pairs (``tests/core/truth/test_harvested_pairs.py``) and measured by
``benchmarks/bench_real_any.py --dumps fixtures/ext``; a sweep's budget per capture stays
as it was."""


@lru_cache(maxsize=1)
def ext_captures() -> tuple[tuple[str, Observation], ...]:
    """The :data:`SWEPT` captures of :data:`EXT`, parsed once, named by their path there:
    what :func:`captures_as` gives the sweeps to run them on ``fixtures/ext``."""
    return tuple((name, parse_uiautomator((EXT / name).read_bytes())) for name in SWEPT)


@contextmanager
def captures_as(ours: Callable[[], tuple[tuple[str, Observation], ...]]) -> Iterator[None]:
    """Within it, every sweep module that reads :func:`transforms.captures` (imported by
    name) reads ``ours`` instead; modules with their own list of captures are left alone."""
    theirs = transforms.captures
    patched = [
        m
        for m in list(sys.modules.values())
        if m is not None
        and m.__name__.startswith("tests.core.real_scrolls")
        and getattr(m, "captures", None) is theirs
    ]
    for m in patched:
        m.captures = ours  # type: ignore[attr-defined]
    try:
        yield
    finally:
        for m in patched:
            m.captures = theirs  # type: ignore[attr-defined]
