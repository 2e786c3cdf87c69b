"""Tags read again but for their box (``dump_scan``'s kept heads) read as expat reads them.

A row pushed down by an insertion, or scrolled, is the tag it was with another box: the scan
builds it from the values its head had and the box alone. Generated: dumps in uiautomator's
own spelling, then the same dump with boxes moved and one tag's box and end drawn again — in
and out of the accepted shape, ends the full check refuses — read after the first: the
outcome is expat's, cold and after it (``test_parsers`` perturbs the heads themselves).
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks import synthetic
from deltarec.core import parse_uiautomator
from deltarec.core.capture import dump_scan
from tests.core.capture.test_parsers import (
    _BOUNDS_VALUES,
    _STANDARD_NAMES,
    assert_scan_agrees,
)

_MOVED = st.builds("[{},{}][{},{}]".format, *[st.integers(-99, 3000)] * 4)
_BOXES = st.one_of(_BOUNDS_VALUES, _MOVED)
_LEAF_ENDS = st.sampled_from(["/>", " />", "  />", "\t/>", "x/>", " x />", '"/>', "/>x", "x/>"])
_OPEN_ENDS = st.sampled_from([">", " >", "  >", "\t>", "x>", "/x>", '">', ">\r\n", "x>"])
_BOX_AND_END = re.compile(r'bounds="([^"]*)"([^<]*)')
_WORDS = st.sampled_from(["", "", "a", "Wi-Fi", "android:id/button1", "é"])


@st.composite
def _plain_nodes(draw: st.DrawFn, depth: int = 0) -> str:
    """A node tag exactly as uiautomator writes it (every attribute, in its order)."""
    values = {name: draw(st.sampled_from(["true", "false"])) for name in _STANDARD_NAMES}
    values["index"] = draw(st.sampled_from(["0", "1"]))
    for name in ("text", "resource-id", "class", "package", "content-desc"):
        values[name] = draw(_WORDS)
    values["bounds"] = "[0,0][10,10]"
    text = " ".join(f'{name}="{values[name]}"' for name in _STANDARD_NAMES)
    kids = draw(st.lists(_plain_nodes(depth + 1), max_size=0 if depth >= 2 else 3))
    if not kids:
        return f"<node {text}/>"
    return f"<node {text}>{''.join(kids)}</node>"


@st.composite
def _plain_dumps(draw: st.DrawFn) -> str:
    windows = draw(st.lists(_plain_nodes(), min_size=1, max_size=2))
    return f'<hierarchy rotation="0">{"".join(windows)}</hierarchy>'


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_plain_dumps(), st.data())
def test_tags_that_differ_only_in_their_box_read_as_expat_reads_them(
    before: str, data: st.DataObject
) -> None:
    # Every box may move (as rows do); one tag, drawn, takes any box and any end.
    odd = data.draw(st.integers(0, max(0, before.count("bounds=") - 1)))
    seen = iter(range(before.count("bounds=")))

    def redraw(m: re.Match[str]) -> str:
        if next(seen) != odd:
            return f'bounds="{data.draw(_MOVED)}"{m[2]}' if data.draw(st.booleans()) else m[0]
        leaf = m[2].rstrip(" \t\r\n").endswith("/>")
        end = data.draw(_LEAF_ENDS if leaf else _OPEN_ENDS)
        return f'bounds="{data.draw(_BOXES)}"{end}'

    after = _BOX_AND_END.sub(redraw, before)
    assert_scan_agrees(after, before=before)


def test_a_row_pushed_down_is_built_from_its_kept_head() -> None:
    before, after = synthetic.dump_pair(50_000)
    dump_scan.clear()
    parse_uiautomator(before)
    kept = len(dump_scan._heads)
    built = []
    real = dump_scan.boxed_node_of  # the scan builds a node so only from a kept head's tag

    def counting(*args: object) -> object:
        built.append(args)
        return real(*args)  # type: ignore[arg-type]

    dump_scan.boxed_node_of = counting  # type: ignore[assignment]
    try:
        fast = parse_uiautomator(after)
    finally:
        dump_scan.boxed_node_of = real
    dump_scan.clear()
    assert parse_uiautomator(after) == fast  # cold: every tag read in full
    assert kept > 0
    assert built
