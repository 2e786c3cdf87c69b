"""An Appium page source holds the bounds a uiautomator dump holds: depth, size, entities,
formats mixed, a typed error naming the file and the line (exit 2 on the CLI), and the same
outcome from either parser (lxml, expat)."""

from __future__ import annotations

from pathlib import Path

import pytest

from deltarec.core.capture import uiautomator
from deltarec.core.capture.boundary import MAX_DEPTH
from deltarec.core.cli.main import main
from deltarec.core.errors import CaptureParseError
from deltarec.core.observe.model import Observation
from tests.core.capture.appium_shape import PROLOG, Shape, to_appium
from tests.core.capture.test_appium import CAPTURES
from tests.core.capture.test_parsers import HOSTILE

ROOT = f'{PROLOG}\n<hierarchy index="0" class="hierarchy" rotation="0" width="1080" height="2400">'
VIEW = '<android.view.View index="0" class="android.view.View" bounds="[0,0][10,10]"'


def page(body: str) -> str:
    return f"{ROOT}\n{body}\n</hierarchy>"


def outcome(data: str | bytes, *, lxml: bool) -> tuple[str, object]:
    try:
        obs = uiautomator._parse(data, source="p.xml", screen=None, use_lxml=lxml)
    except CaptureParseError as exc:
        return "error", str(exc)
    return "ok", obs


def both(data: str | bytes) -> tuple[str, object]:
    """The outcome, the same from lxml and from expat (the reference for every error)."""
    fast, reference = outcome(data, lxml=True), outcome(data, lxml=False)
    assert fast == reference
    return reference


def deep(levels: int, *, hidden_from: int | None = None) -> str:
    hidden = ' displayed="false"'
    opens = [
        f'<android.widget.FrameLayout index="0" bounds="[0,0][9,9]"'
        f"{hidden if hidden_from is not None and i >= hidden_from else ''}>"
        for i in range(levels)
    ]
    return page("\n".join([*opens, *(["</android.widget.FrameLayout>"] * levels)]))


def test_every_real_capture_as_a_page_source_reads_alike_through_lxml_and_expat() -> None:
    for path in CAPTURES[::4]:
        kind, obs = both(to_appium(path.read_bytes(), Shape(invisible=True)))
        assert kind == "ok" and isinstance(obs, Observation), path


def test_the_depth_limit_holds_for_a_page_source_and_names_the_line() -> None:
    kind, obs = both(deep(MAX_DEPTH))
    assert kind == "ok" and isinstance(obs, Observation)
    assert len(list(obs.windows[0].walk())) == MAX_DEPTH
    assert both(deep(MAX_DEPTH + 1)) == (
        "error",
        f"nesting deeper than {MAX_DEPTH} levels (at p.xml line {MAX_DEPTH + 3})",
    )


def test_views_left_out_as_invisible_still_count_toward_the_depth_limit() -> None:
    kind, obs = both(deep(MAX_DEPTH, hidden_from=5))
    assert kind == "ok" and isinstance(obs, Observation)
    assert len(list(obs.windows[0].walk())) == 5
    assert both(deep(MAX_DEPTH + 1, hidden_from=5))[0] == "error"


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_entities_are_refused_in_a_page_source(name: str) -> None:
    hostile = HOSTILE[name].replace("<hierarchy>", ROOT.split("\n")[1]).replace("<node ", "<a.B ")
    kind, message = both(hostile)
    assert kind == "error" and "DOCTYPE" in str(message), message


def test_a_node_inside_a_page_source_is_refused_as_formats_mixed_with_its_line() -> None:
    mixed = page(f'{VIEW}>\n<node bounds="[0,0][5,5]"/>\n</android.view.View>')
    assert both(mixed) == (
        "error",
        "unexpected element <node> in an Appium page source (its elements are named by their "
        "class: a uiautomator dump's elements mixed in) (at p.xml line 4)",
    )
    nested = page(f"{VIEW}>\n<hierarchy/>\n</android.view.View>")
    assert both(nested)[0] == "error"


def test_a_class_named_element_inside_a_dump_is_still_refused() -> None:
    dump = '<hierarchy rotation="0"><node bounds="[0,0][9,9]">\n<a.B/></node></hierarchy>'
    assert both(dump) == (
        "error",
        "unexpected element <a.B> (only <node> may nest) (at p.xml line 2)",
    )


def test_a_page_source_over_the_size_limit_is_refused_unread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(uiautomator, "MAX_BYTES", 1000)
    big = page(f"{VIEW}/>" * 20)
    assert both(big) == ("error", f"dump is {len(big)} bytes, over the 1000 limit (at p.xml)")


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        (f"{VIEW.replace('[10,10]', '[10,99999999999]')}/>", "over 20 digits|out of range"),
        (f"{VIEW}>", "malformed XML"),
        (f'{VIEW} checked="maybe"/>', "is not a boolean"),
        (f"{VIEW}>\n<node/></android.view.View>", "unexpected element <node> in an Appium"),
    ],
)
def test_hostile_page_sources_exit_2_with_one_line_naming_the_file_and_line(
    body: str, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "page.xml"
    path.write_text(page(body))
    for argv in (["observe", str(path)], ["delta", str(path), str(path)]):
        code = main(argv)
        err = capsys.readouterr().err
        assert (code, len(err.splitlines())) == (2, 1), err
        assert f"{path} line" in err
        assert any(p in err for p in problem.split("|")), err
