"""A test-side converter: a ``uiautomator dump`` rewritten the way Appium's UiAutomator2
server writes a page source (``driver.page_source``).

The shape, from the server's ``AccessibilityNodeInfoDumper`` and ``Attribute`` (Apache-2.0,
appium/appium-uiautomator2-server) and page sources people published: the prolog
``<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>``, a root
``<hierarchy index="0" class="hierarchy" rotation= width= height=>``, then one element per
node whose *tag* is its class (``$ @ # &`` made dots, a blank class ``android.view.View``),
indented two spaces a level. Attributes in the server's order: ``index package class text
resource-id content-desc`` (the last two left out when the view has none), the ten flags,
``bounds``, then what Appium adds: ``displayed``, ``a11y-important``, ``drawing-order``,
``hint``, ``selection-start``/``selection-end`` on a text box, ``screen-reader-focusable``,
``heading``, ``live-region``, ``window-id``… (as ``fixtures/appium/settings-home/01.xml``, a
real one, has them) Some server versions write no ``class`` attribute (``with_class=False``); the
class is then the tag, so a class the tag rule rewrites reads rewritten (:func:`tag_class`).

Independent of the parser under test: the original is read with the standard library's
ElementTree.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

FLAGS = (
    "checkable",
    "checked",
    "clickable",
    "enabled",
    "focusable",
    "focused",
    "long-clickable",
    "password",
    "scrollable",
    "selected",
)
KNOWN = frozenset({"index", "package", "class", "text", "resource-id", "content-desc", "bounds"})
PROLOG = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"


def tag_class(class_name: str) -> str:
    """The tag Appium names an element of ``class_name`` by (``toXmlNodeName``)."""
    fixed = re.sub(r"[$@#&]", ".", class_name)
    fixed = re.sub(r"\.+", ".", fixed).strip(".")
    fixed = re.sub(r"[^A-Za-z0-9\-._]", "_", fixed)
    if not fixed or not re.match(r"[A-Za-z_]", fixed):
        return "android.view.View"
    return fixed


def _quote(value: str) -> str:
    out = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    out = out.replace('"', "&quot;").replace("\n", "&#10;").replace("\r", "&#13;")
    return out.replace("\t", "&#9;")


@dataclass(frozen=True)
class Shape:
    """How a page source is written: with or without the ``class`` attribute, Appium's own
    attributes, indentation, and invisible views (``displayed="false"``, which the server
    writes when ``allowInvisibleElements`` is on and ``uiautomator dump`` leaves out)."""

    with_class: bool = True
    added: bool = True
    indent: bool = True
    invisible: bool = False


def _attributes(attrs: dict[str, str], shape: Shape, depth: int) -> list[tuple[str, str]]:
    out = [("index", attrs.get("index", "0")), ("package", attrs.get("package", ""))]
    if shape.with_class:
        out.append(("class", attrs.get("class", "")))
    out.append(("text", attrs.get("text", "")))
    for name in ("resource-id", "content-desc"):
        if attrs.get(name):
            out.append((name, attrs[name]))
    out += [(flag, attrs[flag]) for flag in FLAGS if flag in attrs]
    if "bounds" in attrs:
        out.append(("bounds", attrs["bounds"]))
    out += [(k, v) for k, v in attrs.items() if k not in KNOWN and k not in FLAGS]
    if shape.added:
        out += [("displayed", "true"), ("a11y-important", "true"), ("drawing-order", str(depth))]
        if attrs.get("class", "").endswith("EditText"):
            size = str(len(attrs.get("text", "")))
            out += [("hint", ""), ("selection-start", size), ("selection-end", size)]
        out += [("screen-reader-focusable", "false"), ("text-entry-key", "false")]
        out += [("a11y-focused", "false"), ("heading", "false"), ("live-region", "0")]
        out += [("context-clickable", "false"), ("content-invalid", "false")]
        out += [("window-id", "780")]
    return out


_HIDDEN = (
    '<android.widget.TextView index="9" package="x" class="android.widget.TextView" '
    'text="hidden" checkable="false" checked="false" clickable="true" enabled="true" '
    'focusable="false" focused="false" long-clickable="false" password="false" '
    'scrollable="false" selected="false" bounds="[0,0][9,9]" displayed="false">'
    '<android.widget.Button index="0" class="android.widget.Button" text="inside" '
    'bounds="[0,0][5,5]" displayed="true"/></android.widget.TextView>'
)
"""An invisible view (and a child the server marks displayed): ``uiautomator dump``
writes neither."""


def to_appium(xml: str | bytes, shape: Shape = Shape()) -> str:
    """``xml`` (a uiautomator dump) as Appium's UiAutomator2 server writes a page source."""
    root = ET.fromstring(xml)
    rotation = root.get("rotation", "0")
    parts = [PROLOG, "\n"]
    width, height = _size(root)
    parts.append(
        f'<hierarchy index="0" class="hierarchy" rotation="{rotation}" '
        f'width="{width}" height="{height}">'
    )

    def write(element: ET.Element, depth: int) -> None:
        attrs = dict(element.attrib)
        tag = tag_class(attrs.get("class", ""))
        pad = "\n" + "  " * depth if shape.indent else ""
        body = " ".join(f'{k}="{_quote(v)}"' for k, v in _attributes(attrs, shape, depth))
        kids = list(element)
        if not kids and not (shape.invisible and depth == 2):
            parts.append(f"{pad}<{tag} {body} />")
            return
        parts.append(f"{pad}<{tag} {body}>")
        if shape.invisible and depth == 2:
            parts.append(_HIDDEN)
        for kid in kids:
            write(kid, depth + 1)
        parts.append(f"{pad}</{tag}>")

    for window in root:
        write(window, 1)
    parts.append("\n</hierarchy>" if shape.indent else "</hierarchy>")
    return "".join(parts)


def _size(root: ET.Element) -> tuple[int, int]:
    """The display's size as the server reports it: the first window's box (good enough:
    the reader infers the screen from the windows, as for a dump)."""
    for window in root:
        box = re.findall(r"-?\d+", window.get("bounds", ""))
        if len(box) == 4:
            return int(box[2]), int(box[3])
    return 0, 0


def classes_as_tags(xml: str | bytes) -> str:
    """``xml`` (a uiautomator dump) with every class as an Appium page source without the
    ``class`` attribute can tell it: what such a source must read as."""
    root = ET.fromstring(xml)
    for element in root.iter("node"):
        element.set("class", tag_class(element.get("class", "")))
    return ET.tostring(root, encoding="unicode")
