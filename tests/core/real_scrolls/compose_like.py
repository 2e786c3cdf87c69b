"""Real captures as a Compose app's dump shows them: every container a plain view, no ids
(issue 18: a Compose screen's sections read as a list's rows).

Compose lays a screen out in ``android.view.View`` nodes with no resource id: a chat's top
bar, message list and input bar are three of them side by side in one column, as a list's
rows are (``fixtures/ext2/nora-compose``). ``fixtures/real``, ``ext``, ``ext3``, ``ext4``
and ``appium`` hold View-based apps whose sections are told apart by class and id;
:func:`compose_like` takes both away, on the raw XML (ElementTree, independent of the
parser): every node that holds children becomes a plain view (a text box stays a text
box, its class is its role), every resource id is dropped, leaves keep their class (a
Compose text is a ``TextView``), ``scrollable`` stays (a ``LazyColumn`` is made to scroll).
:func:`captures` is every capture of those folders and ``ext2`` so made, named by folder
and path, for the derived sweeps (:func:`.ext_shapes.captures_as`).

    >>> raw = (b'<hierarchy><node class="android.widget.LinearLayout" resource-id="app:id/bar"'
    ...        b' bounds="[0,0][9,9]"><node class="android.widget.TextView" resource-id="app:id/t"'
    ...        b' text="Hi" bounds="[0,0][9,9]"/></node></hierarchy>')
    >>> compose_like(raw).decode()  # doctest: +NORMALIZE_WHITESPACE
    '<hierarchy><node class="android.view.View" resource-id="" bounds="[0,0][9,9]"><node
    class="android.widget.TextView" resource-id="" text="Hi" bounds="[0,0][9,9]" /></node></hierarchy>'
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import lru_cache

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe.model import Observation
from tests.core.fixture_dumps import xml_dumps

FOLDERS = ("real", "ext", "ext2", "ext3", "ext4", "appium")
VIEW = "android.view.View"


def compose_like(raw: bytes) -> bytes:
    """``raw`` as Compose would dump it (the module docstring)."""
    root = ET.fromstring(raw)
    for el in root.iter("node"):
        el.set("resource-id", "")
        if len(el) and not el.get("class", "").endswith("EditText"):
            el.set("class", VIEW)
    return ET.tostring(root)


@lru_cache(maxsize=1)
def captures() -> tuple[tuple[str, Observation], ...]:
    """Every capture of :data:`FOLDERS` made :func:`compose_like`, by folder and path."""
    return tuple((name, parse_uiautomator(compose_like(raw))) for name, raw in xml_dumps(FOLDERS))
