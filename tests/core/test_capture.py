"""parse_uiautomator on real dumps and on hostile or broken input."""

from __future__ import annotations

from pathlib import Path

import pytest

from deltarec.core import CaptureParseError, parse_uiautomator, read_capture
from deltarec.core.capture.jsonio import load_capture, observation_from_json, observation_to_json
from tests.conftest import REAL_DUMPS, real_dump

ALL_DUMPS = sorted(REAL_DUMPS.glob("*/*.xml"))


@pytest.mark.parametrize("path", ALL_DUMPS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_real_dump_parses_and_round_trips_as_json(path: Path) -> None:
    obs = parse_uiautomator(path.read_bytes(), source=str(path))
    nodes = list(obs.walk())
    assert len(nodes) == path.read_text(encoding="utf-8").count("<node ")
    assert obs.width > 0 and obs.height > 0
    assert observation_from_json(observation_to_json(obs)) == obs


def test_dialog_only_dump_is_a_dialog_window() -> None:
    obs = parse_uiautomator(real_dump("contacts-manual/07.xml"))
    assert [w.role for w in obs.windows] == ["dialog"]
    assert obs.width == 1080  # inferred from the centred floating window


def test_reformatted_dump_parses_like_its_compact_form() -> None:
    pretty = real_dump("launcher-reformatted/page.xml").decode("utf-8")
    compact = "".join(line.strip() for line in pretty.splitlines())
    a, b = parse_uiautomator(pretty), parse_uiautomator(compact)
    assert a.windows == b.windows
    assert any(n.content_desc == "第 1 屏，共 4 屏" for n in a.walk())


def test_attribute_order_and_missing_attributes_do_not_matter() -> None:
    a = parse_uiautomator('<hierarchy><node text="x" class="C" bounds="[0,0][5,5]"/></hierarchy>')
    b = parse_uiautomator('<hierarchy><node bounds="[0,0][5,5]" class="C" text="x"/></hierarchy>')
    assert a == b
    node = a.windows[0]
    assert node.enabled and not node.clickable and node.resource_id == ""


def test_newlines_non_ascii_naf_and_rotation() -> None:
    obs = parse_uiautomator(
        '<hierarchy rotation="1"><node NAF="true" text="a&#10;b ü" class="android.widget.Button"'
        ' clickable="true" bounds="[0,0][5,5]"/></hierarchy>'
    )
    node = obs.windows[0]
    assert node.text == "a\nb ü"
    assert node.extra("NAF") == "true"
    assert obs.rotation == 1


HOSTILE = {
    "truncated": ("<hierarchy><node text='a'", "malformed XML"),
    "billion laughs": (
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
        '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>'
        "<hierarchy><node text='&lol2;'/></hierarchy>",
        "DOCTYPE",
    ),
    "external entity": (
        '<?xml version="1.0"?><!DOCTYPE h [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
        "<hierarchy><node text='&xxe;'/></hierarchy>",
        "DOCTYPE",
    ),
    "not a hierarchy": ("<html><body/></html>", "expected <hierarchy>"),
    "bad bounds": ("<hierarchy><node bounds='[a,b][c,d]'/></hierarchy>", "bounds"),
    "bad boolean": ("<hierarchy><node clickable='maybe'/></hierarchy>", "not a boolean"),
    "unknown element": ("<hierarchy><script/></hierarchy>", "unexpected element <script>"),
    "stray text": ("<hierarchy>hello</hierarchy>", "unexpected text"),
    "empty": ("   ", "empty"),
    "too deep": ("<hierarchy>" + "<node>" * 600 + "</node>" * 600 + "</hierarchy>", "deeper"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_or_broken_dump_is_a_clear_parse_error(name: str) -> None:
    text, expected = HOSTILE[name]
    with pytest.raises(CaptureParseError) as info:
        parse_uiautomator(text, source="x.xml")
    assert expected in str(info.value)
    assert "x.xml" in str(info.value)


def test_unknown_capture_format_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CaptureParseError, match="not a uiautomator dump"):
        load_capture("hello")
    with pytest.raises(CaptureParseError, match="malformed JSON"):
        load_capture("[1, 2")
    with pytest.raises(CaptureParseError, match="cannot read file"):
        read_capture(tmp_path / "missing.xml")
