"""A pane is called by its pane title (issue 18 item 5, one name an agent can trust; stop 60).

Found on AutoMobile's launcher overview (``fixtures/ext4/launcher/01.json``): the task list, a
``ListView`` whose accessibility node carries ``pane-title: "Recent apps"`` (what TalkBack
announces as the pane appears), read ``[0] list "overview_panel"``, its resource id's last
part, a word the screen never shows.

Two checks over every capture the repository holds:

- the oracle: every element of every capture (``fixtures/real``, ``ext`` … ``ext4``,
  ``appium``, ``automobile``, ``virtual``) that shows no text or description of its own and
  carries a pane title is called by it;
- the generator: every container made to scroll of every uiautomator dump that shows no label
  of its own, given a pane title (as an observation of the same screen carries it), is called
  by that title.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from deltarec.core.capture import frame_cache
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import build_index
from tests.core.fixture_dumps import xml_dumps
from tests.core.real_scrolls.harvests import harvested
from tests.core.truth.labelled import _nodes

FOLDERS = ("real", "ext", "ext2", "ext3", "ext4", "appium", "automobile", "virtual")
TITLE = "Pane {}"


def test_every_element_that_carries_a_pane_title_is_called_by_it() -> None:
    wrong, seen = [], 0
    for folder in FOLDERS:
        for name, obs in harvested(folder):
            frame = Frame(obs)
            index = build_index(frame)
            for e in index.elements:
                node = frame.nodes[e.pos]
                pane = node.extra("pane-title").strip()
                if not pane or node.text.strip() or node.content_desc.strip():
                    continue
                seen += 1
                if index.names[e.pos] != pane:
                    wrong.append(f"{folder}/{name}: [{e.index}] {index.names[e.pos]!r} ≠ {pane!r}")
    assert seen >= 1  # the launcher's overview
    assert wrong == []


def _lists(root: ET.Element) -> list[int]:
    """Places (among the dump's nodes with bounds) of the containers made to scroll (by flag
    or class) that show no label of their own."""
    out = []
    for where, el in enumerate(_nodes(root)):
        cls = (el.get("class") or "").rsplit(".", 1)[-1]
        scrolls = el.get("scrollable") == "true" or cls.endswith(SCROLL_CLASSES)
        if scrolls and not (el.get("text") or "").strip() and not (el.get("content-desc") or ""):
            out.append(where)
    return out


SCROLL_CLASSES = ("ScrollView", "RecyclerView", "ListView", "GridView", "ViewPager", "WebView")


CONTROLS = ("button", "switch", "checkbox", "radio", "textbox", "dropdown", "image", "slider")
"""Roles a control reads its content's label under (a clickable pager is called by the month
it shows, as TalkBack reads it): no pane's."""


def test_a_list_given_a_pane_title_is_called_by_it() -> None:
    """(Appium's page sources leave their own attributes out, ``pane-title`` among them:
    ``capture/appium.APPIUM_ONLY``.)"""
    wrong, drawn = [], 0
    for name, raw in xml_dumps(("real", "ext", "ext2", "ext3")):
        for k, where in enumerate(_lists(ET.fromstring(raw))):
            root = ET.fromstring(raw)
            title = TITLE.format(k)
            _nodes(root)[where].set("pane-title", title)
            frame_cache.clear()
            curr = Frame(parse_uiautomator(ET.tostring(root)))
            index = build_index(curr)
            at = [e for e in index.elements if curr.nodes[e.pos].extra("pane-title") == title]
            if not at or curr.nodes[at[0].pos].role in CONTROLS:
                continue  # no element (out of view, no area), or a control
            drawn += 1
            if index.names[at[0].pos] != title:
                wrong.append(f"{name}@{where}: {index.names[at[0].pos]!r} ≠ {title!r}")
    assert drawn >= 20
    assert wrong == [], f"{len(wrong)} of {drawn}: " + "\n".join(wrong[:20])
