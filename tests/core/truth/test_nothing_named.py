"""No element is ever called ``""`` (issue 18 item 5, "never an empty name"), generated:

- **a row an edge cut to show nothing** (the Inbox's ad rows have no resource id): the list
  at every :data:`EVERY`-th offset where its top or bottom edge cuts a row to a sliver of
  1-40 px (:func:`tests.core.truth.slivers.offsets`), on every preset. Each numbered element
  has a name, the frame prints it, and ``name=`` finds it (alone, or among the elements an
  ambiguity lists). Found by ``bench_agent`` phone seed 18002 step 80 (``+ [275] button ""``,
  a sliver put in below Grace's row by an archive); on c245569 the ad row's sliver read
  ``button ""`` at 119 offsets of 7 lu on each preset;
- **real captures**: every element of every capture under ``fixtures/`` (an unlabelled
  icon button, a list with no id, a row of undescribed images; 14 on c245569).

What such an element is called (:func:`deltarec.core.observe.labels.labels`): what the dump
says of it, as a row's resource id does — its class's short name (``"LinearLayout"``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.layout import APP_PACKAGE
from deltarec.core.devices.virtual.profile import PRESETS
from deltarec.core.errors import AmbiguousSelectorError
from deltarec.core.executor.selectors import Selector, resolve_one
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex, build_index
from deltarec.core.render.frame_text import frame_lines
from deltarec.core.render.lines import quote
from tests.core.truth.slivers import offsets

EVERY = 13
"""Each N-th sliver offset (prime to the lu steps the presets round to)."""
ROOT = Path(__file__).resolve().parents[3]


def unnamed(index: ElementIndex) -> list[str]:
    """The elements of ``index`` with no name, or whose name the frame does not print, or
    that ``name=`` does not find."""
    wrong = []
    lines = frame_lines(index)
    for e in index.elements:
        node = index.frame.nodes[e.pos]
        where = f"[{e.index}] {e.role} {node.class_name} {node.bounds}"
        if not index.names[e.pos]:
            wrong.append(f"{where}: no name")
            continue
        quoted = f"[{e.index}] {e.role} {quote(index.names[e.pos])}"
        if not any(quoted in line for line in lines):
            wrong.append(f"{where}: the frame prints no {quoted}")
        try:
            found = resolve_one(Selector(name=index.names[e.pos]), index)
            if found.index != e.index:
                wrong.append(f"{where}: name= finds [{found.index}]")
        except AmbiguousSelectorError:
            pass  # the name is another element's too: the error lists both
    return wrong


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_row_an_edge_cut_to_show_nothing_has_a_name(preset: str) -> None:
    pg = Playground(profile=PRESETS[preset])
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    wrong = []
    for edge, px, offset in offsets(preset)[::EVERY]:
        pg.state.inbox.offset = offset
        index = build_index(Frame(parse_uiautomator(pg.dump_xml())))
        wrong += [f"{edge} {px}px at {offset}: {w}" for w in unnamed(index)]
    assert wrong == [], (len(wrong), wrong[:4])


def test_every_element_of_every_real_capture_has_a_name() -> None:
    wrong = []
    paths = [p for d in ("real", "ext") for p in (ROOT / "fixtures" / d).rglob("*.xml")]
    for path in sorted(paths):
        try:
            obs = parse_uiautomator(path.read_bytes())
        except ValueError:
            continue  # not a whole dump
        wrong += [f"{path.relative_to(ROOT)}: {w}" for w in unnamed(build_index(Frame(obs)))]
    assert wrong == [], (len(wrong), wrong[:4])
