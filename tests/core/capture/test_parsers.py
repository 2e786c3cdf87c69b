"""The scan, lxml and expat parsers against the parser they replaced (``old_parser``).

Every input gives the same outcome five ways — the pre-lxml parser, the lxml
path, the expat path, and :mod:`~deltarec.core.capture.dump_scan` cold and with the nodes
of another dump kept: the same Observation, or a CaptureParseError with the
same message (line and column included). Since issue 23 the parser refuses what
the old one took: a declared encoding other than UTF-8 (``_old`` adds that refusal),
a rotation other than 0-3 (tested in ``tests/core/test_hostile_input_2.py``).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks import synthetic
from deltarec.core import CaptureParseError, parse_uiautomator
from deltarec.core.capture import dump_scan, uiautomator
from deltarec.core.capture.boundary import MAX_DEPTH
from deltarec.core.observe.model import Observation, own_fields
from tests.conftest import REAL_DUMPS
from tests.core.capture import old_parser

ALL_DUMPS = sorted(REAL_DUMPS.glob("*/*.xml"))
Outcome = tuple[str, Any]


def _flat(obs: Observation) -> tuple[object, ...]:
    """Everything an Observation holds, without recursion (``==`` on deep trees recurses)."""
    nodes = tuple((own_fields(n), len(n.children)) for n in obs.walk())
    return (replace(obs, windows=()), len(obs.windows), nodes)


def _outcome(parse: Callable[[str | bytes], Observation], data: str | bytes) -> Outcome:
    try:
        return ("ok", _flat(parse(data)))
    except CaptureParseError as exc:
        return ("error", str(exc))


_OTHER_ENCODING = re.compile(rb"<\?xml version='1\.0' encoding='(ISO-8859-1|UTF-16)'")


def _old(data: str | bytes) -> Observation:
    """The old parser, plus issue 23's refusal of a declared encoding other than UTF-8."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    declared = _OTHER_ENCODING.match(raw)
    if declared is not None:
        name = declared.group(1).decode()
        raise CaptureParseError(
            f"the XML declaration names encoding {name!r}; a dump is UTF-8 (strict)",
            where="d.xml line 1",
        )
    return old_parser.parse(data, source="d.xml")


def _lxml(data: str | bytes) -> Observation:
    return uiautomator._parse(data, source="d.xml", screen=None, use_lxml=True)


def _expat(data: str | bytes) -> Observation:
    return uiautomator._parse(data, source="d.xml", screen=None, use_lxml=False)


def _scan_cold(data: str | bytes) -> Observation:
    dump_scan.clear()
    return uiautomator._parse(data, source="d.xml", screen=None, use_lxml=True, use_scan=True)


def _scan_after(before: str | bytes) -> Callable[[str | bytes], Observation]:
    """The scan path with the nodes of ``before`` kept (parsed just before, whatever path)."""

    def parse(data: str | bytes) -> Observation:
        dump_scan.clear()
        with contextlib.suppress(CaptureParseError):
            parse_uiautomator(before)
        obs = uiautomator._parse(data, source="d.xml", screen=None, use_lxml=True, use_scan=True)
        nodes = list(obs.walk())
        assert len({id(n) for n in nodes}) == len(nodes), "a node object twice in one tree"
        return obs

    return parse


def _scan_accepts(data: str | bytes) -> bool:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return dump_scan.scan(raw) is not None


def _lxml_accepts(data: str | bytes) -> bool:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return uiautomator._build_with_lxml(raw) is not None


def assert_same_outcome(data: str | bytes, *, before: str | bytes | None = None) -> Outcome:
    old = _outcome(_old, data)
    assert _outcome(_lxml, data) == old
    assert _outcome(_expat, data) == old
    assert _outcome(_scan_cold, data) == old
    assert _outcome(_scan_after(data), data) == old  # every tag seen before
    if before is not None:
        assert _outcome(_scan_after(before), data) == old
    return old


def test_lxml_is_available_and_used() -> None:
    assert uiautomator._etree is not None, "lxml is a dependency (pyproject.toml)"
    assert _lxml_accepts('<hierarchy><node text="a" bounds="[0,0][5,5]"/></hierarchy>')


@pytest.mark.parametrize("path", ALL_DUMPS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_real_dump_parses_as_before_through_lxml(path: Path) -> None:
    data = path.read_bytes()
    assert _lxml_accepts(data)
    assert _scan_accepts(data)
    earlier = sorted(path.parent.glob("*.xml"))
    before = earlier[max(0, earlier.index(path) - 1)].read_bytes()  # the step before
    kind, _ = assert_same_outcome(data, before=before)
    assert kind == "ok"


@pytest.mark.parametrize("size,seed", [(20_000, 0), (300_000, 1), (1_000_000, 0)])
def test_synthetic_dumps_parse_as_before_through_lxml(size: int, seed: int) -> None:
    before, after = synthetic.dump_pair(size, seed=seed)
    for dump in (before, after):
        assert _lxml_accepts(dump)
        assert _scan_accepts(dump)
        kind, _ = assert_same_outcome(dump, before=before)
        assert kind == "ok"


_NODE = '<node class="android.widget.TextView" bounds="[0,0][10,10]" {}/>'
EDGE_CASES = {
    "predefined entities": _NODE.format('text="a &amp; b &lt; &gt; &quot; &apos;"'),
    "character references": _NODE.format('text="&#38;&#x26;&#60;&#10;&#13;&#9;&#x1F600;"'),
    "literal &#38; text": _NODE.format('text="&amp;#38;"'),
    "raw tab, newline, CRLF in a value": _NODE.format('text="a\tb\nc\r\nd"'),
    "single quotes": _NODE.format("text='say \"hi\"'"),
    "non-BMP and combining": _NODE.format('text="😀 é" content-desc="第 1 屏"'),
    "C1 control": _NODE.format('text="\x85\x9f"'),
    "unusual attribute names": _NODE.format('a\u0300="1" _x.y-z="2" NAF="true"'),
    "xml:lang": _NODE.format('xml:lang="en"'),
    "undeclared prefix": _NODE.format('a:b="1"'),
    "declared namespace": _NODE.format('xmlns:a="urn:x" a:b="1"'),
    "default namespace": _NODE.format('xmlns="urn:x"'),
    "odd flag spellings": _NODE.format('clickable="YES" checkable=" 1 " enabled=""'),
    "bad flag": _NODE.format('focused="maybe"'),
    "bounds with spaces": '<node bounds=" [1,2][3,4] "/>',
    "bad bounds": '<node bounds="[1,2][3]"/>',
    "no attributes": "<node/>",
    "undefined entity": _NODE.format('text="&nbsp;"'),
    "invalid character reference": _NODE.format('text="&#1;"'),
    "raw control character": _NODE.format('text="\x01"'),
    "U+FFFE reference": _NODE.format('text="&#xFFFE;"'),
    "raw <": _NODE.format('text="<"'),
    "raw &": _NODE.format('text="&"'),
    "duplicate attribute": _NODE.format('text="a" text="b"'),
    "unquoted attribute": "<node text=a/>",
    "CDATA": "<node><![CDATA[x]]></node>",
    "whitespace CDATA": "<node><![CDATA[ ]]></node>",
    "comment and PI": "<!-- c --><node><?pi x?></node>",
    "text in a node": "<node>hello</node>",
    "unknown element": "<node><script/></node>",
    "second window": "<node/><node/>",
}
PROLOGS = {
    "none": "",
    "uiautomator": "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>",
    "plain": '<?xml version="1.0"?>',
    "lower-case utf-8": '<?xml version="1.0" encoding="utf-8"?>',
    "XML 1.1": '<?xml version="1.1"?>',
    "latin-1": "<?xml version='1.0' encoding='ISO-8859-1'?>",
    "UTF-16 declared": "<?xml version='1.0' encoding='UTF-16'?>",
    "byte-order mark": "\ufeff",
    "leading space": " ",
    "comment first": "<!-- dump -->",
    "empty DOCTYPE": "<!DOCTYPE hierarchy>",
}


@pytest.mark.parametrize("name", sorted(EDGE_CASES))
@pytest.mark.parametrize("prolog", sorted(PROLOGS))
def test_edge_case_has_the_old_outcome(name: str, prolog: str) -> None:
    text = PROLOGS[prolog] + '<hierarchy rotation="1">' + EDGE_CASES[name] + "</hierarchy>"
    assert_same_outcome(text)
    assert_same_outcome(text.encode("utf-8"))
    if prolog == "latin-1":
        assert_same_outcome(text.encode("latin-1", "replace"))


def test_malformed_xml_error_names_line_and_column() -> None:
    text = '<hierarchy>\n<node text="a"\n  bounds="[0,0][1,1]">\n</hierarchy>'
    assert assert_same_outcome(text) == (
        "error",
        "malformed XML: mismatched tag (at d.xml line 4 column 2)",
    )


def test_refusal_names_the_line() -> None:
    text = '<hierarchy>\n<node>\n<node bounds="[0,0]"/>\n</node>\n</hierarchy>'
    assert assert_same_outcome(text) == (
        "error",
        "bounds '[0,0]' is not of the form [l,t][r,b] (at d.xml line 3)",
    )


def test_rotation_that_is_not_an_ascii_number_is_a_parse_error() -> None:
    # The old parser let int("²") raise a ValueError out of parse_uiautomator.
    for parse in (_lxml, _expat):
        with pytest.raises(CaptureParseError, match="rotation '²' is not an integer"):
            parse('<hierarchy rotation="²"><node/></hierarchy>')


def _deep(levels: int) -> str:
    lines = ["<hierarchy>", *(["<node>"] * levels), *(["</node>"] * levels), "</hierarchy>"]
    return "\n".join(lines)


def test_max_depth_is_accepted_through_lxml() -> None:
    text = _deep(MAX_DEPTH)
    assert _lxml_accepts(text)
    kind, (_, _, nodes) = assert_same_outcome(text)
    assert kind == "ok"
    assert len(nodes) == MAX_DEPTH


def test_one_level_deeper_is_refused_with_the_depth_and_line() -> None:
    text = _deep(MAX_DEPTH + 1)
    assert not _lxml_accepts(text)
    assert assert_same_outcome(text) == (
        "error",
        f"nesting deeper than {MAX_DEPTH} levels (at d.xml line {MAX_DEPTH + 2})",
    )


# -------------------------------------------------------------------------- hostile input

_LAUGHS = "".join(
    f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10 if i > 1 else "lol"}">' for i in range(1, 10)
)
HOSTILE = {
    "billion laughs": f'<?xml version="1.0"?><!DOCTYPE h [{_LAUGHS}]>'
    '<hierarchy><node text="&lol9;"/></hierarchy>',
    "external entity (XXE)": '<?xml version="1.0"?>'
    '<!DOCTYPE h [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
    '<hierarchy><node text="&xxe;"/></hierarchy>',
    "parameter entity over the network": '<!DOCTYPE h [<!ENTITY % p SYSTEM "http://127.0.0.1:9/x.dtd">'
    " %p; <!garbage>]><hierarchy/>",
    "external DTD": '<!DOCTYPE hierarchy SYSTEM "http://127.0.0.1:9/x.dtd"><hierarchy/>',
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_doctype_is_refused_before_any_declaration_is_read(name: str) -> None:
    data = HOSTILE[name].encode()
    assert not _lxml_accepts(data)
    kind, message = assert_same_outcome(data)
    # "<!garbage>" would be a syntax error had the internal subset been read.
    assert kind == "error"
    assert message.startswith("DOCTYPE declarations are not allowed in a UI dump")
    assert "line 1" in message


def test_xinclude_is_an_unknown_element_not_an_inclusion() -> None:
    text = (
        '<hierarchy xmlns:xi="http://www.w3.org/2001/XInclude">'
        '<xi:include href="/etc/passwd" parse="text"/></hierarchy>'
    )
    assert not _lxml_accepts(text)
    assert assert_same_outcome(text) == (
        "error",
        "unexpected element <xi:include> (only <node> may nest) (at d.xml line 1)",
    )


def test_attribute_over_libxml2_limit_is_still_read_by_expat() -> None:
    # libxml2 refuses a value over 10 MB without huge_tree; expat reads it, as before.
    text = '<hierarchy><node text="' + "x" * 10_000_001 + '"/></hierarchy>'
    assert not _lxml_accepts(text)
    obs = parse_uiautomator(text)
    assert len(obs.windows[0].text) == 10_000_001


def test_input_over_the_size_limit_is_refused_before_parsing() -> None:
    with pytest.raises(CaptureParseError, match="over the 67108864 limit"):
        parse_uiautomator(b" " * (uiautomator.MAX_BYTES + 1))


# ------------------------------------------------------------------------ generated dumps

_NAMES = st.sampled_from(
    [
        "class",
        "text",
        "resource-id",
        "content-desc",
        "package",
        "bounds",
        "checkable",
        "checked",
        "clickable",
        "enabled",
        "focusable",
        "focused",
        "scrollable",
        "long-clickable",
        "password",
        "selected",
        "index",
        "NAF",
        "hint",
        "drawing-order",
        "xml:lang",
        "a:b",
        "xmlns:a",
    ]
)
_PIECES = st.one_of(
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=4),
    st.sampled_from(["&amp;", "&lt;", "&quot;", "&apos;", "&#10;", "&#38;", "&nbsp;", "&", "<"]),
    st.integers(0, 0x10FFFF).map(lambda n: f"&#{n};"),
    st.sampled_from(["true", "false", "1", "YES", " off ", "[0,0][10,20]", " [1,2][3,4]", "[a]"]),
)
_VALUES = st.lists(_PIECES, max_size=4).map("".join)


def _escape(value: str) -> str:
    # Leave markup the pieces carry ("&amp;", a raw "<") as it is; escape only what
    # would end the attribute.
    return value.replace('"', "&quot;")


@st.composite
def _nodes(draw: st.DrawFn, depth: int = 0) -> str:
    attrs = draw(st.dictionaries(_NAMES, _VALUES, max_size=6))
    text = " ".join(f'{name}="{_escape(value)}"' for name, value in attrs.items())
    kids = draw(st.lists(_nodes(depth + 1), max_size=0 if depth >= 3 else 3))
    gap = draw(st.sampled_from(["", " ", "\n  ", "\r\n", "x"]))
    if not kids:
        return f"<node {text}/>"
    return f"<node {text}>{gap}{gap.join(kids)}</node>"


@st.composite
def _dumps(draw: st.DrawFn) -> str:
    prolog = draw(st.sampled_from(sorted(PROLOGS.values())))
    rotation = draw(st.sampled_from(["0", "1", "3", "x", ""]))  # "-1": refused since issue 23
    windows = draw(st.lists(_nodes(), min_size=0, max_size=3))
    return f'{prolog}<hierarchy rotation="{rotation}">{"".join(windows)}</hierarchy>'


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_dumps())
def test_generated_dump_has_the_old_outcome(text: str) -> None:
    assert_same_outcome(text)
    assert_same_outcome(text.encode("utf-8", "surrogatepass"))


def assert_scan_agrees(data: str | bytes, *, before: str | bytes) -> None:
    """The scan path, cold and after ``before``, gives what expat (the reference) gives."""
    expected = _outcome(_expat, data)
    assert _outcome(_scan_cold, data) == expected
    assert _outcome(_scan_after(before), data) == expected


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_dumps(), _dumps())
def test_generated_dump_after_another_reads_as_expat_reads_it(before: str, text: str) -> None:
    # The small vocabulary makes the two share tags: reused nodes meet new ones.
    assert_scan_agrees(text, before=before)


# ----------------------------------------------------- uiautomator's own spelling, perturbed

_STANDARD_NAMES = [n.strip().removeprefix("node ").removesuffix("=") for n in dump_scan._STANDARD]
_FLAG_VALUES = st.sampled_from(["true", "false", "true", "false", "TRUE", "1", "", " false"])
_BOUNDS_VALUES = st.sampled_from(
    [
        "[0,0][1080,210]",
        "[-5,3][7,9]",
        "[9,9][1,1]",
        " [1,2][3,4]",
        "[0,0][3]",
        "[1,2][3,99999999999]",
    ]
)
_TAG_ENDS = st.sampled_from(["/>", " />", "  />", "/ >", "/>x"])
_GAPS = st.sampled_from(["", "", "\n", " \t\r\n", "\x0b", "\u00a0", "x"])


@st.composite
def _standard_nodes(draw: st.DrawFn, depth: int = 0) -> str:
    """A node tag as uiautomator spells it (every attribute, its order), sometimes perturbed:
    a value with references, raw white space or forbidden characters, a flag or box in
    another spelling, an attribute dropped, repeated or moved, another tag end."""
    values = {}
    for name in _STANDARD_NAMES:
        if name in ("index",):
            values[name] = draw(st.sampled_from(["0", "1", "12"]))
        elif name == "bounds":
            values[name] = draw(_BOUNDS_VALUES)
        elif name in ("text", "resource-id", "class", "package", "content-desc"):
            values[name] = draw(
                st.one_of(st.sampled_from(["", "a", "android:id/button1"]), _VALUES)
            )
        else:
            values[name] = draw(_FLAG_VALUES)
    names = list(_STANDARD_NAMES)
    change = draw(st.sampled_from(["none", "none", "none", "drop", "repeat", "move", "extra"]))
    if change == "drop":
        names.remove(draw(st.sampled_from(_STANDARD_NAMES)))
    elif change == "repeat":
        names.append(draw(st.sampled_from(_STANDARD_NAMES)))
    elif change == "move":
        names.insert(0, names.pop())
    elif change == "extra":
        names.append("NAF")
        values["NAF"] = "true"
    text = " ".join(f'{name}="{_escape(values[name])}"' for name in names)
    kids = draw(st.lists(_standard_nodes(depth + 1), max_size=0 if depth >= 2 else 3))
    gap = draw(_GAPS)
    if not kids and draw(st.booleans()):
        return f"<node {text}{draw(_TAG_ENDS)}{gap}"
    close = draw(st.sampled_from([">", " >"]))
    return f"<node {text}{close}{gap}{''.join(kids)}</node{draw(st.sampled_from(['', ' ']))}>{gap}"


@st.composite
def _standard_dumps(draw: st.DrawFn) -> str:
    prolog = draw(st.sampled_from(["", PROLOGS["uiautomator"], PROLOGS["plain"]]))
    windows = draw(st.lists(_standard_nodes(), min_size=1, max_size=3))
    return f'{prolog}<hierarchy rotation="0">{"".join(windows)}</hierarchy>{draw(_GAPS)}'


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_standard_dumps(), _standard_dumps())
def test_uiautomator_spelling_perturbed_reads_as_expat_reads_it(before: str, text: str) -> None:
    assert_scan_agrees(text, before=before)
    assert_scan_agrees(text.encode("utf-8", "surrogatepass"), before=text)


def test_the_scan_reads_plain_dumps_and_reuses_their_nodes() -> None:
    before, after = synthetic.dump_pair(50_000)
    dump_scan.clear()
    first = parse_uiautomator(before)
    second = parse_uiautomator(after)
    old = {id(n) for n in first.walk()}
    shared = sum(id(n) in old for n in second.walk())
    assert _scan_accepts(after)
    assert 0 < shared < len(list(second.walk()))  # the unchanged rows, not the changed ones


def test_a_window_flush_with_the_left_edge_is_no_floating_window() -> None:
    """An app in split screen's lower half (its window alone dumped) reads as a screen that
    ends where the window ends, not one as tall again as its top margin (issue 18, round 7:
    ``~ screen: 1080x2220 → 1080x3330`` was said of such a window); a dialog-only dump,
    floating on both axes, still mirrors its margins."""
    low = '<hierarchy rotation="0"><node class="a" bounds="[0,1110][1080,2220]"/></hierarchy>'
    obs = parse_uiautomator(low)
    assert (obs.width, obs.height) == (1080, 2220)
    assert obs.windows[0].role != "dialog"
    right = '<hierarchy rotation="1"><node class="a" bounds="[1200,0][2400,1080]"/></hierarchy>'
    assert (parse_uiautomator(right).width, parse_uiautomator(right).height) == (2400, 1080)
    dialog = '<hierarchy rotation="0"><node class="a" bounds="[120,943][960,1393]"/></hierarchy>'
    assert (parse_uiautomator(dialog).width, parse_uiautomator(dialog).height) == (1080, 2336)
    assert_same_outcome(low)
