"""Deterministic synthetic Android screens and their "next step", for benchmarks.

One screen *model* (a toolbar, a few text fields, a long list of rows) is
rendered two ways: as element dicts (the shape both libraries take) and as a
``uiautomator dump`` XML string with the attributes real dumps carry (see
``fixtures/real``; nothing is copied from them, the layout below only
imitates a Settings list and a Contacts editor).

The next step applies three localized changes, so a diff has real work to do:

* **typing**: text typed into the first field (``value`` "" → "Ada Lovelace";
  in XML the hint text is replaced, as a real EditText does);
* **toggle**: the switch of the second row (always on the first screen) flips
  ``checked``;
* **insertion**: a row is inserted in the middle of the list, so every later
  row shifts down by its height (and, in XML, its sibling ``index`` grows).

Everything is a pure function of ``(size, seed)``:

    >>> prev, curr = element_pair(100, seed=1)
    >>> count_elements(prev), count_elements(curr)
    (100, 103)
    >>> element_pair(100, seed=1) == (prev, curr)
    True
    >>> before, after = dump_pair(20_000, seed=1)
    >>> len(before.encode()) >= 20_000, before.startswith("<?xml")
    (True, True)
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import quoteattr

Element = dict[str, Any]

SCREEN_WIDTH = 1080
SCREEN_HEIGHT = 2220
STATUS_BAR = 63
TOOLBAR_BOTTOM = 210
FIELD_HEIGHT = 147
TYPED_TEXT = "Ada Lovelace"
INSERTED_TITLE = "New shortcut"
INSERTED_SUMMARY = "Added just now"

_FIELD_LABELS = ("First name", "Last name", "Phone", "Email")
_TITLE_WORDS = (
    "Wi‑Fi", "Bluetooth", "Mobile network", "Hotspot & tethering", "Data saver", "VPN",
    "Private DNS", "Notifications", "Battery", "Storage", "Sound & vibration", "Display",
    "Wallpaper", "Accessibility", "Security", "Privacy", "Location", "Accounts",
    "Digital wellbeing", "Google", "System", "About phone", "Tips & support", "Apps",
    "Default apps", "Screen time", "Dark theme", "Font size", "Night Light", "Auto-rotate",
    "Café Wi‑Fi", "Contacts", "Backup", "Date & time", "Languages", "Gestures",
)  # fmt: skip
_SUMMARIES = (
    "On", "Off", "Connected", "Not connected", "Allowed", "Not allowed", "2 apps",
    "Automatic", "Use default", "Last synced 2 min ago", "0 B used Oct 15 – Nov 12",
    "Checking for internet access…", "Ask every time", "Volume, vibration, Do Not Disturb",
)  # fmt: skip


@dataclass
class Row:
    """One list row: a clickable container with a title, maybe a summary and a widget."""

    title: str
    summary: str | None = None
    widget: str | None = None  # "switch" | "checkbox" | None
    checked: bool = False
    enabled: bool = True

    @property
    def height(self) -> int:
        return 215 if self.summary else 162

    @property
    def element_count(self) -> int:
        return 2 + (self.summary is not None) + (self.widget is not None)


@dataclass
class TextField:
    label: str
    value: str = ""


@dataclass
class Screen:
    """The model both renderers draw: toolbar, fields, rows (top to bottom)."""

    title: str
    fields: list[TextField] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)

    @property
    def list_top(self) -> int:
        return TOOLBAR_BOTTOM + FIELD_HEIGHT * len(self.fields)

    def row_tops(self) -> list[int]:
        tops, y = [], self.list_top
        for row in self.rows:
            tops.append(y)
            y += row.height
        return tops

    @property
    def content_bottom(self) -> int:
        return max(SCREEN_HEIGHT, self.list_top + sum(r.height for r in self.rows))


# Elements outside the rows: root, toolbar (container + 4), form container, list container.
_FIXED_ELEMENTS = 1 + 5 + 1 + 1


def _row_stream(seed: int) -> Iterator[Row]:
    """An endless, seeded sequence of rows; row 1 is always a switch (the toggle target)."""
    rng = random.Random(seed)
    for i in itertools.count():
        word = rng.choice(_TITLE_WORDS)
        title = word if i < len(_TITLE_WORDS) and rng.random() < 0.5 else f"{word} {i}"
        summary = rng.choice(_SUMMARIES) if rng.random() < 0.6 else None
        roll = rng.random()
        widget = "switch" if roll < 0.3 else "checkbox" if roll < 0.45 else None
        if i == 1:
            widget = "switch"
        checked = widget is not None and rng.random() < 0.5
        if i == 1:
            checked = False
        enabled = rng.random() >= 0.05 or i == 1
        yield Row(title, summary, widget, checked, enabled)


def _base_screen() -> Screen:
    return Screen(title="Settings", fields=[TextField(label) for label in _FIELD_LABELS])


def screen_with_elements(n: int, seed: int = 0) -> Screen:
    """A screen whose element-dict rendering has exactly ``n`` elements (``n >= 20``)."""
    screen = _base_screen()
    fixed = _FIXED_ELEMENTS + len(screen.fields)
    if n < fixed + 8:
        raise ValueError(f"a synthetic screen needs at least {fixed + 8} elements, got {n}")
    remaining = n - fixed
    for row in _row_stream(seed):
        if remaining == 0:
            break
        count = row.element_count
        # Trim optional parts to fit, never leaving exactly 1 element (a row needs 2).
        if count > remaining or remaining - count == 1:
            target = remaining if remaining <= 4 else count - 1 if count > 2 else count + 1
            row = _resize(row, target)
        screen.rows.append(row)
        remaining -= row.element_count
    return screen


def _resize(row: Row, target: int) -> Row:
    row = copy.copy(row)
    if target >= 3 and row.summary is None:
        row.summary = _SUMMARIES[0]
    if target == 4 and row.widget is None:
        row.widget = "checkbox"
    if target <= 3 and row.widget is not None and row.summary is not None:
        row.widget, row.checked = None, False
    if target == 2:
        row.summary, row.widget, row.checked = None, None, False
    assert row.element_count == target, (row, target)
    return row


def next_step(screen: Screen) -> Screen:
    """The screen after one step: typed text, one switch toggled, one row inserted mid-list."""
    after = copy.deepcopy(screen)
    after.fields[0].value = TYPED_TEXT
    toggled = next(i for i, r in enumerate(after.rows) if r.widget == "switch")
    after.rows[toggled].checked = not after.rows[toggled].checked
    after.rows.insert(len(after.rows) // 2, Row(INSERTED_TITLE, INSERTED_SUMMARY))
    return after


# ---------------------------------------------------------------------------- element dicts


def _el(role: str, name: str, x: int, y: int, w: int, h: int, **extra: Any) -> Element:
    out: Element = {"role": role, "name": name, "x": x, "y": y, "width": w, "height": h}
    out.update(extra)
    return out


def screen_elements(screen: Screen) -> list[Element]:
    """The screen as nested element dicts (one root ``window`` holding everything)."""
    toolbar = _el("container", "", 0, STATUS_BAR, SCREEN_WIDTH, TOOLBAR_BOTTOM - STATUS_BAR)
    toolbar["children"] = [
        _el("button", "Navigate up", 0, STATUS_BAR, 147, 147, enabled=True),
        _el("text", screen.title, 190, 101, 397, 71, enabled=True),
        _el("button", "Search", 828, STATUS_BAR, 126, 147, enabled=True),
        _el("button", "More options", 954, STATUS_BAR, 126, 147, enabled=True),
    ]
    form = _el("container", "", 0, TOOLBAR_BOTTOM, SCREEN_WIDTH, screen.list_top - TOOLBAR_BOTTOM)
    form["children"] = [
        _el(
            "textbox",
            f.label,
            179,
            TOOLBAR_BOTTOM + i * FIELD_HEIGHT,
            775,
            FIELD_HEIGHT - 5,
            enabled=True,
            value=f.value,
        )
        for i, f in enumerate(screen.fields)
    ]
    rows = []
    for row, top in zip(screen.rows, screen.row_tops(), strict=True):
        item = _el("button", "", 0, top, SCREEN_WIDTH, row.height, enabled=row.enabled)
        text_x = 198 if row.widget else 66
        kids = [_el("text", row.title, text_x, top + 44, 520, 74, enabled=row.enabled)]
        if row.summary is not None:
            kids.append(_el("text", row.summary, text_x, top + 118, 560, 53, enabled=row.enabled))
        if row.widget is not None:
            kids.append(
                _el(
                    row.widget,
                    row.title,
                    882,
                    top + (row.height - 132) // 2,
                    154,
                    132,
                    enabled=row.enabled,
                    checked=row.checked,
                )
            )
        item["children"] = kids
        rows.append(item)
    height = screen.content_bottom - screen.list_top
    listing = _el("list", "", 0, screen.list_top, SCREEN_WIDTH, height, children=rows)
    root = _el("window", "", 0, 0, SCREEN_WIDTH, screen.content_bottom, enabled=True)
    root["children"] = [toolbar, form, listing]
    return [root]


def count_elements(elements: list[Element]) -> int:
    """Number of element dicts, children included."""
    return sum(1 + count_elements(e.get("children") or []) for e in elements)


def element_pair(n: int, seed: int = 0) -> tuple[list[Element], list[Element]]:
    """``(prev, curr)`` element dicts: ``n`` elements, then the next step (``n + 3``)."""
    screen = screen_with_elements(n, seed)
    return screen_elements(screen), screen_elements(next_step(screen))


# ------------------------------------------------------------------------- uiautomator XML

_PACKAGE = "com.android.settings"
_ATTR_ORDER = (
    "checkable", "checked", "clickable", "enabled", "focusable", "focused",
    "scrollable", "long-clickable", "password", "selected",
)  # fmt: skip


class _Node:
    __slots__ = ("attrs", "bounds", "children", "cls")

    def __init__(
        self,
        cls: str,
        bounds: tuple[int, int, int, int],
        children: list[_Node] | None = None,
        **attrs: Any,
    ) -> None:
        self.cls, self.bounds, self.children, self.attrs = cls, bounds, children or [], attrs

    def write(self, out: list[str], index: int) -> None:
        a = self.attrs
        flags = " ".join(
            f'{name}="{"true" if a.get(name.replace("-", "_"), name == "enabled") else "false"}"'
            for name in _ATTR_ORDER
        )
        left, top, right, bottom = self.bounds
        out.append(
            f'<node index="{index}" text={quoteattr(a.get("text", ""))} '
            f'resource-id="{a.get("rid", "")}" class="{self.cls}" package="{_PACKAGE}" '
            f"content-desc={quoteattr(a.get('desc', ''))} {flags} "
            f'bounds="[{left},{top}][{right},{bottom}]"'
        )
        if not self.children:
            out.append(" />")
            return
        out.append(">")
        for i, child in enumerate(self.children):
            child.write(out, i)
        out.append("</node>")


def _xml_row(row: Row, top: int) -> _Node:
    bottom, on = top + row.height, row.enabled
    text_x = 198 if row.widget else 66
    texts = [
        _Node(
            "android.widget.TextView",
            (text_x, top + 44, 720, top + 118),
            rid="android:id/title",
            text=row.title,
            enabled=on,
        )
    ]
    if row.summary is not None:
        texts.append(
            _Node(
                "android.widget.TextView",
                (text_x, top + 118, 760, top + 171),
                rid="android:id/summary",
                text=row.summary,
                enabled=on,
            )
        )
    kids = []
    if row.widget:
        icon = _Node(
            "android.widget.ImageView",
            (66, top + 48, 132, top + 114),
            rid="android:id/icon",
            enabled=on,
        )
        kids.append(
            _Node(
                "android.widget.LinearLayout",
                (66, top + 37, 198, top + 125),
                [icon],
                rid=f"{_PACKAGE}:id/icon_frame",
                enabled=on,
            )
        )
    kids.append(
        _Node("android.widget.RelativeLayout", (text_x, top, 838, bottom), texts, enabled=on)
    )
    if row.widget:
        cls = "android.widget.Switch" if row.widget == "switch" else "android.widget.CheckBox"
        rid = "android:id/switch_widget" if row.widget == "switch" else "android:id/checkbox"
        widget = _Node(
            cls,
            (882, top + 15, 1036, bottom - 15),
            rid=rid,
            enabled=on,
            checkable=True,
            checked=row.checked,
        )
        kids.append(
            _Node(
                "android.widget.LinearLayout",
                (838, top, 1036, bottom),
                [widget],
                rid="android:id/widget_frame",
                enabled=on,
            )
        )
    return _Node(
        "android.widget.LinearLayout",
        (0, top, SCREEN_WIDTH, bottom),
        kids,
        enabled=on,
        clickable=True,
        focusable=True,
    )


def _xml_field(f: TextField, top: int, focused: bool) -> _Node:
    bottom = top + FIELD_HEIGHT
    edit = _Node(
        "android.widget.EditText",
        (179, top, 954, bottom - 5),
        text=f.value or f.label,
        clickable=True,
        focusable=True,
        long_clickable=True,
        focused=focused,
    )
    editors = _Node(
        "android.widget.LinearLayout",
        (179, top, 954, bottom - 5),
        [edit],
        rid=f"{_PACKAGE}:id/editors",
    )
    icon = _Node(
        "android.widget.ImageView",
        (42, top + 37, 105, top + 100),
        rid=f"{_PACKAGE}:id/kind_icon",
        desc=f.label,
    )
    kinds = _Node(
        "android.widget.LinearLayout",
        (179, top, SCREEN_WIDTH, bottom),
        [editors],
        rid=f"{_PACKAGE}:id/kind_editors",
    )
    return _Node("android.widget.LinearLayout", (0, top, SCREEN_WIDTH, bottom), [icon, kinds])


def screen_xml(screen: Screen) -> str:
    """The screen as a ``uiautomator dump`` (single line, attributes in dump order)."""
    w, h, bottom = SCREEN_WIDTH, SCREEN_HEIGHT, screen.content_bottom
    actions = _Node(
        "android.widget.LinearLayout",
        (828, STATUS_BAR, w, TOOLBAR_BOTTOM),
        [
            _Node(
                "android.widget.Button",
                (828, STATUS_BAR + 10, 954, TOOLBAR_BOTTOM - 10),
                desc="Search",
                clickable=True,
                focusable=True,
            ),
            _Node(
                "android.widget.ImageView",
                (954, STATUS_BAR + 10, w, TOOLBAR_BOTTOM - 10),
                desc="More options",
                clickable=True,
                focusable=True,
                long_clickable=True,
            ),
        ],
    )
    action_bar = _Node(
        "android.view.ViewGroup",
        (0, STATUS_BAR, w, TOOLBAR_BOTTOM),
        [
            _Node(
                "android.widget.ImageButton",
                (0, STATUS_BAR, 147, TOOLBAR_BOTTOM),
                desc="Navigate up",
                clickable=True,
                focusable=True,
            ),
            _Node("android.widget.TextView", (190, 101, 587, 172), text=screen.title),
            actions,
        ],
        rid="android:id/action_bar",
    )
    fields = [
        _xml_field(f, TOOLBAR_BOTTOM + i * FIELD_HEIGHT, focused=i == 0)
        for i, f in enumerate(screen.fields)
    ]
    form = _Node(
        "android.widget.LinearLayout",
        (0, TOOLBAR_BOTTOM, w, screen.list_top),
        fields,
        rid=f"{_PACKAGE}:id/kind_section_views",
    )
    rows = [_xml_row(r, t) for r, t in zip(screen.rows, screen.row_tops(), strict=True)]
    recycler = _Node(
        "androidx.recyclerview.widget.RecyclerView",
        (0, screen.list_top, w, bottom),
        rows,
        rid=f"{_PACKAGE}:id/recycler_view",
        focusable=True,
        scrollable=True,
    )
    scroll = _Node(
        "android.widget.ScrollView",
        (0, TOOLBAR_BOTTOM, w, bottom),
        [form, recycler],
        rid=f"{_PACKAGE}:id/content_parent",
        scrollable=True,
    )
    content = _Node(
        "android.widget.FrameLayout",
        (0, 0, w, bottom),
        [action_bar, scroll],
        rid="android:id/content",
    )
    decor = _Node("android.widget.LinearLayout", (0, 0, w, bottom), [content])
    root = _Node(
        "android.widget.FrameLayout",
        (0, 0, w, max(h, bottom)),
        [
            decor,
            _Node("android.view.View", (0, 0, w, STATUS_BAR), rid="android:id/statusBarBackground"),
            _Node("android.view.View", (0, 0, 0, 0), rid="android:id/navigationBarBackground"),
        ],
    )
    out = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>", '<hierarchy rotation="0">']
    root.write(out, 0)
    out.append("</hierarchy>")
    return "".join(out)


def dump_pair(target_bytes: int = 1_000_000, seed: int = 0) -> tuple[str, str]:
    """``(before, after)`` XML dumps; ``before`` holds at least ``target_bytes`` (UTF-8)."""
    stream = _row_stream(seed)
    screen = _base_screen()
    screen.rows.extend(itertools.islice(stream, 8))
    xml = screen_xml(screen)
    while len(xml.encode()) < target_bytes:
        per_row = max(1, len(xml.encode()) // max(1, len(screen.rows)))
        missing = (target_bytes - len(xml.encode())) // per_row
        screen.rows.extend(itertools.islice(stream, max(1, missing)))
        xml = screen_xml(screen)
    return xml, screen_xml(next_step(screen))


__all__ = [
    "Row",
    "Screen",
    "TextField",
    "count_elements",
    "dump_pair",
    "element_pair",
    "next_step",
    "screen_elements",
    "screen_with_elements",
    "screen_xml",
]
