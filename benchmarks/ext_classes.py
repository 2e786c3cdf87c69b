"""Synthetic dumps shaped like the external captures whose derived pairs fail (issue 18).

``bench_real_any.py --dumps /tmp/ext-dumps`` (public dumps fetched as a probe, never
vendored) found classes that no capture of ``fixtures/real`` has. This writes dumps of the
same shapes with invented words, so the sweeps can be pointed at them without the external
files:

- ``repeated_rows.xml`` (after a trading app's history list): a RecyclerView of rows and
  date headers in which the same three instruments come back row after row ("Alder Corp"
  three times), so both edge rows show only labels that other rows show too; the labels
  one row alone shows sit in the middle rows, the bottom row cut by the list's edge.
- ``twin_rows.xml`` (after a Compose tablet app's review queue): a list with no ids whose
  rows 0 and 2 (1 and 3) are the very same product, each row with edit and delete buttons
  described alike, the last row holding a panel of three buttons.

    python benchmarks/ext_classes.py /tmp/ext-synth
    python benchmarks/bench_real_any.py --dumps /tmp/ext-synth --per 3 --show 2
"""

from __future__ import annotations

import argparse
from pathlib import Path
from xml.sax.saxutils import quoteattr

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
    while top < 1920:
        if k % 3 == 0:  # a date header before every third row
            out.append(_node("android.view.ViewGroup", (0, top, 1080, top + 77), pkg=pkg))
            when = f"2025/10/11 01:{stamp:02d}:27"
            out.append(_node(tv, (0, top, 1080, top + 53), pkg=pkg, text=when, rid=rid + "time"))
            out.append("</node></node>")
            stamp -= 9
            top += 77
        bottom = min(top + 175, 1920)
        name, code = names[k % 3]
        out.append(_node("android.view.ViewGroup", (0, top, 1080, bottom), pkg=pkg, clickable=True))
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the directory to write the dumps into")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, text in (("repeated_rows.xml", repeated_rows()), ("twin_rows.xml", twin_rows())):
        (args.out / name).write_text(text, encoding="utf-8")
    print(f"wrote 2 dumps into {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
