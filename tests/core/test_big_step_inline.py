"""The 1 MB step's fourth round (issue 19): calls taken out of per-node loops say what the
calls said.

Most of the round's inlines are held against their long ways elsewhere: the labels
(``test_label_walks.py``), the elements (``test_big_step_walks._element_positions_long``),
the crossed labels (``test_big_step_walks._crossings_long``), the reading order
(``test_reading_order.py``), a node built again from a kept head (``test_tag_heads.py``,
``model.boxed_node_of``'s doctest), an index's elements (``index._elements``' doctest).
Here, the two that have no long way kept: an attribute value read again only when it holds
a reference or raw white space (:func:`~deltarec.core.capture.dump_scan._attributes`), and a
row's shape read inline by :func:`~deltarec.core.diff.row_content.holds_rows`, on every
position of every real capture. ``benchmarks/same_output.py`` holds the whole step against
``main``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deltarec.core.capture import dump_scan
from deltarec.core.capture.element_dicts import (
    ROOT_CLASS,
    elements_to_observation,
    observation_to_elements,
)
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.row_content import ROW_REPEATS, holds_rows, row_shape
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import scrolls_by_nature

REAL_DUMPS = Path(__file__).resolve().parents[2] / "fixtures" / "real"
CAPTURES = sorted(REAL_DUMPS.rglob("*.xml"))

VALUES = ["", "plain", "a &amp; b", "tab\there", "two\nlines", "crlf\r\nend", "&#65;&#x42;", " "]


@pytest.mark.parametrize("value", VALUES)
def test_an_attribute_value_is_read_again_only_where_xml_reads_it_otherwise(value: str) -> None:
    attrs = f' text="{value}" class="C&amp;D" bounds="[0,0][1,1]"'
    got = dump_scan._attributes(attrs)
    long_way = {name: dump_scan._value(raw) for name, raw in dump_scan._PAIR.findall(attrs)}
    assert got == long_way


def _holds_rows_long(frame: Frame, pos: int) -> bool:
    if scrolls_by_nature(frame.nodes[pos]):
        return True
    shapes: dict[tuple[str, ...], int] = {}
    dicts = frame.nodes[0].class_name == ROOT_CLASS
    for k in frame.children[pos]:
        if frame.children[k]:
            shape = row_shape(frame, k, dicts)
            shapes[shape] = shapes.get(shape, 0) + 1
            if shapes[shape] >= ROW_REPEATS:
                return True
    return False


@pytest.mark.parametrize("path", CAPTURES[::4], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_rows_shape_read_inline_holds_rows_as_before(path: Path) -> None:
    obs = parse_uiautomator(path.read_bytes())
    for frame in (Frame(obs), Frame(elements_to_observation(observation_to_elements(obs)))):
        got = [holds_rows(frame, pos) for pos in range(len(frame))]
        assert got == [_holds_rows_long(frame, pos) for pos in range(len(frame))]
