"""Tab bars whose labels change structure on selection (issue 18, "Smaller"): generated.

    python benchmarks/bench_tab_labels.py           # counts per kind of tab bar and input path
    python benchmarks/bench_tab_labels.py --show 3  # and the first deltas of each kind found wrong

A real Clock app's bottom bar shows its selected tab's label alone: selecting another tab takes
the label node out of one tab and puts one into another. So do Material bottom navigation bars
with ``labelVisibilityMode="selected"`` (an unselected item's labels are ``INVISIBLE``: not in
the dump; its icon moves to the item's middle), navigation rails, top ``TabLayout`` tabs that
show their text only when selected, and Compose ``NavigationBar`` items with
``alwaysShowLabel=false`` (one merged node a tab: the selected one's text, an unselected one's
icon description if it has one, else nothing). Every ordered pair of selections of 3-5 tabs of
every kind (:func:`kinds`: where the label sits, a bottom bar, a rail, a top tab strip, a Compose
bar, a bar inside a scrolled page; the icon with and without a resource id; the tabs with and
without a description; the label a ``TextView`` or a ``CheckedTextView``, which a real phone
reports checkable), on both input paths (uiautomator XML; element dicts through
``delta_observation``): the delta is right (:func:`wrong`) when one ``~ selected:`` line says
the selection moved from the old tab to the new one, each named by the label it showed when
selected, and no other line names a tab label (none added, removed, renamed or checked).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # as a script, sys.path[0] is benchmarks/

from deltarec.core import elements  # noqa: E402
from deltarec.core.capture.element_dicts import observation_to_elements  # noqa: E402
from deltarec.core.capture.uiautomator import parse_uiautomator  # noqa: E402
from deltarec.core.observer import observe_delta  # noqa: E402

LABELS = ("Alarm", "Clock", "Timer", "Stopwatch", "Bedtime")
APP = "com.android.deskclock"
LAYOUTS = ("below", "above", "beside", "rail", "top", "compose", "scrolled", "shifting")
"""Where the label sits and what holds the bar: below / above / beside the icon in a bottom
bar, a navigation rail (vertical, label below), a top ``TabLayout`` (label beside), a Compose
bar (one node a tab), a bottom-style bar inside a page scrolled by 500 px, a Material bar in
shifting mode (the selected item half as wide again as the others: every tab's box moves)."""
PATHS = ("xml", "dicts")


@dataclass(frozen=True)
class Kind:
    """One kind of tab bar (module docstring)."""

    layout: str
    icon_id: bool
    described: bool
    label_class: str  # "TextView" or "CheckedTextView" (no label node in a Compose bar)

    def __str__(self) -> str:
        return (
            f"{self.layout:<8} {'icon id' if self.icon_id else 'no id':<7}"
            f" {'described' if self.described else 'no desc':<9} {self.label_class:<15}"
        )


def kinds() -> Iterator[Kind]:
    """Every kind (a Compose bar has no label node nor icon node: one kind a description)."""
    for layout, icon_id, described, cls in itertools.product(
        LAYOUTS, (True, False), (True, False), ("TextView", "CheckedTextView")
    ):
        if layout != "compose" or (icon_id and cls == "TextView"):
            yield Kind(layout, icon_id, described, cls)


def _node(cls: str, box: tuple[int, int, int, int], **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<node class="{cls}"{extra} bounds="[{box[0]},{box[1]}][{box[2]},{box[3]}]"'


def _tab(kind: Kind, i: int, selected: bool, box: tuple[int, int, int, int]) -> str:
    """One tab: its icon, and its label when ``selected``, placed as ``kind.layout`` does."""
    left, top, right, bottom = box
    label = LABELS[i]
    sel = str(selected).lower()
    if kind.layout == "compose":  # one merged node: the label's text, else the icon's description
        said = {"text": label} if selected else {"content_desc": label} if kind.described else {}
        return _node("android.view.View", box, clickable="true", selected=sel, **said) + "/>"
    cx, cy = (left + right) // 2, (top + bottom) // 2
    icon = (cx - 30, cy - 30, cx + 30, cy + 30)  # alone: in the tab's middle
    text: tuple[int, int, int, int] = (0, 0, 0, 0)
    if selected and kind.layout in ("below", "rail", "scrolled", "shifting"):
        icon, text = (cx - 30, cy - 55, cx + 30, cy + 5), (left + 10, cy + 12, right - 10, cy + 50)
    elif selected and kind.layout == "above":
        text, icon = (left + 10, cy - 50, right - 10, cy - 12), (cx - 30, cy - 5, cx + 30, cy + 55)
    elif selected:  # beside: a tablet's bottom bar, a top TabLayout's inline label
        icon, text = (
            (left + 10, cy - 30, left + 70, cy + 30),
            (left + 80, cy - 20, right - 5, cy + 20),
        )
    # View.setSelected turns the tab's children with it: the icon and label read selected too
    ids = {"resource_id": f"{APP}:id/icon"} if kind.icon_id else {}
    inner = _node("android.widget.ImageView", icon, selected=sel, **ids) + "/>"
    if selected:
        flags = {"checkable": "true", "checked": "true"} if kind.label_class != "TextView" else {}
        inner += (
            _node(f"android.widget.{kind.label_class}", text, text=label, selected=sel, **flags)
            + f' resource-id="{APP}:id/label"/>'
        )
    cls = (
        "androidx.appcompat.app.ActionBar$Tab"
        if kind.layout == "top"
        else "android.widget.FrameLayout"
    )
    desc = {"content_desc": label} if kind.described else {}
    return _node(cls, box, clickable="true", selected=sel, **desc) + f">{inner}</node>"


def dump(kind: Kind, tabs: int, selected: int) -> str:
    """A screen whose bar of ``tabs`` tabs of ``kind`` has tab ``selected`` selected."""
    if kind.layout == "rail":
        h = 1800 // tabs
        boxes = [(0, 300 + i * h, 200, 300 + (i + 1) * h) for i in range(tabs)]
        strip = (0, 300, 200, 300 + tabs * h)
    elif kind.layout == "shifting":
        wide = 1080 * 3 // (2 * tabs + 1)
        w = (1080 - wide) // (tabs - 1)
        lefts = [i * w + (wide - w if i > selected else 0) for i in range(tabs)]
        boxes = [(x, 2180, x + (wide if i == selected else w), 2320) for i, x in enumerate(lefts)]
        strip = (0, 2180, boxes[-1][2], 2320)
    else:
        top = {"top": 240, "scrolled": 900}.get(kind.layout, 2180)
        w = 1080 // tabs
        boxes = [(i * w, top, (i + 1) * w, top + 140) for i in range(tabs)]
        strip = (0, top, tabs * w, top + 140)
    bar = "".join(_tab(kind, i, i == selected, boxes[i]) for i in range(tabs))
    strip_cls = "android.view.View" if kind.layout == "compose" else "android.widget.LinearLayout"
    held = _node(strip_cls, strip, resource_id=f"{APP}:id/tabs") + f">{bar}</node>"
    if kind.layout == "top":  # TabLayout: a HorizontalScrollView around its tabs' strip
        held = _node("android.widget.HorizontalScrollView", strip) + f">{held}</node>"
    page = _node("android.widget.TextView", (300, 1500, 1080, 1600), text=f"Page {selected}")
    page += "/>"
    if kind.layout == "scrolled":  # a profile's tabs inside its page, scrolled 500 px
        held = (
            _node("android.widget.ScrollView", (0, 100, 1080, 2400), scrollable="true")
            + ">"
            + _node("android.widget.LinearLayout", (0, 100, 1080, 2400))
            + ">"
            + _node("android.widget.TextView", (0, 100, 1080, 300), text="Ada Lovelace")
            + f"/>{held}{page}</node></node>"
        )
        page = ""
    return (
        f'<hierarchy rotation="0">{_node("android.widget.FrameLayout", (0, 0, 1080, 2400))}'
        f' package="{APP}">{page}{held}</node></hierarchy>'
    )


def delta_text(kind: Kind, tabs: int, a: int, b: int, path: str) -> str:
    """The delta of selecting tab ``b`` where tab ``a`` was selected, on ``path``."""
    before = parse_uiautomator(dump(kind, tabs, a))
    after = parse_uiautomator(dump(kind, tabs, b))
    if path == "dicts":
        ep, ec = observation_to_elements(before), observation_to_elements(after)
        return elements.delta_observation(ep, ec)
    return observe_delta(before, after).text


def wrong(text: str, a: int, b: int) -> bool:
    """Whether the delta says anything of the tabs but one ``~ selected:`` line from the
    label of tab ``a`` to that of tab ``b`` (module docstring)."""
    said = [ln for ln in text.splitlines() if any(f'"{t}"' in ln for t in LABELS)]
    return len(said) != 1 or not (
        said[0].startswith("~ selected:")
        and said[0].index(f'"{LABELS[a]}"') < said[0].index("→")
        and f'"{LABELS[b]}"' in said[0].split("→", 1)[1]
    )


def cases(tabs_range: tuple[int, ...] = (3, 4, 5)) -> Iterator[tuple[Kind, int, int, int]]:
    """Every (kind, tabs, old selection, new selection)."""
    for kind in kinds():
        for tabs in tabs_range:
            for a, b in itertools.permutations(range(tabs), 2):
                yield kind, tabs, a, b


def sweep(
    dealt: list[tuple[Kind, int, int, int]] | None = None, paths: tuple[str, ...] = PATHS
) -> tuple[Counter[tuple[str, Kind]], Counter[tuple[str, Kind]], dict[tuple[str, Kind], list[str]]]:
    """Cases and wrong cases per (path, kind), and the wrong deltas, over ``dealt`` (all)."""
    total: Counter[tuple[str, Kind]] = Counter()
    found: Counter[tuple[str, Kind]] = Counter()
    shown: dict[tuple[str, Kind], list[str]] = {}
    for kind, tabs, a, b in dealt if dealt is not None else cases():
        for path in paths:
            text = delta_text(kind, tabs, a, b, path)
            total[path, kind] += 1
            if wrong(text, a, b):
                found[path, kind] += 1
                shown.setdefault((path, kind), []).append(f"{tabs} tabs, {a} → {b}:\n{text}")
    return total, found, shown


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--show", type=int, default=0, help="wrong deltas shown per kind")
    args = parser.parse_args(argv)
    total, found, shown = sweep()
    for path in PATHS:
        for kind in kinds():
            print(f"  {path:<5} {kind} {found[path, kind]:>3} of {total[path, kind]} wrong")
            for text in shown.get((path, kind), [])[: args.show]:
                print("    " + text.replace("\n", "\n    "))
    for path in PATHS:
        n = sum(v for (p, _), v in found.items() if p == path)
        print(f"{path}: {n} of {sum(v for (p, _), v in total.items() if p == path)} wrong")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
