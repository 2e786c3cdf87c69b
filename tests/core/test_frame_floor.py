"""``frame_tokens_floor`` never exceeds the pre-tokens of the full frame it stands for, so the
delta-or-full-frame choice may take it first (``observe_delta``): on every real frame, and on
generated element lists whose roles and names hold any characters and whose boxes lie
anywhere (negative centres included)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core import observer
from deltarec.core.capture.element_dicts import elements_to_observation
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex, build_index
from deltarec.core.observer import FULL_FRAME_MARK, IndexOptions, observe_delta
from deltarec.core.render.budget import fit
from deltarec.core.render.frame_text import LINE_PRETOKENS, frame_lines, frame_tokens_floor
from deltarec.core.render.lines import safe
from deltarec.core.render.tokens import count_tokens, tokens_at_least

REAL = Path(__file__).resolve().parents[2] / "fixtures" / "real"

ANY_CHAR = st.characters(blacklist_categories=())
HOSTILE = st.sampled_from(['"', "!!", " ", "\n", "\u2028", "\x00", "1", "-", "a'", "日本", "\\"])
WORDS = st.one_of(HOSTILE, st.text(ANY_CHAR, max_size=6), st.sampled_from(["button", "OK"]))
ROLE = st.one_of(st.lists(WORDS, max_size=4).map("".join), st.sampled_from(["button", "switch"]))
NAME = st.lists(WORDS, max_size=6).map("".join)
SPOT = st.integers(-3000, 3000)


def _element(role: str, name: str, x: int, y: int, w: int) -> dict[str, object]:
    return {"role": role, "name": name, "x": x, "y": y, "width": w, "height": w, "checked": x > 0}


ELEMENTS = st.lists(
    st.builds(_element, ROLE, NAME, SPOT, SPOT, st.integers(1, 999)), min_size=1, max_size=50
)


def _marked(index: ElementIndex, max_lines: int | None) -> str:
    return fit([FULL_FRAME_MARK, *frame_lines(index, tree=False)], max_lines=max_lines)


def _element_lines(index: ElementIndex, max_lines: int | None) -> str:
    """The element lines of :func:`_marked` alone, as it shows them (no mark, no header): the
    floor stands for these, so the test is as tight as the bound (a line of exactly
    :data:`LINE_PRETOKENS` pre-tokens, ``[0] button "" @(-5,-5)``, is generated)."""
    lines = frame_lines(index, tree=False)[1:]
    kept = len(lines) if max_lines is None else max(0, min(len(lines), max_lines - 2))
    return "\n".join(safe(line) for line in lines[:kept])


@settings(max_examples=300, deadline=None)
@given(ELEMENTS, st.one_of(st.none(), st.integers(0, 45)))
def test_the_floor_holds_on_any_elements(
    elements: list[dict[str, object]], max_lines: int | None
) -> None:
    index = build_index(Frame(elements_to_observation(elements)), interactive_only=True)
    floor = frame_tokens_floor(index, max_lines=max_lines)
    assert floor <= tokens_at_least(_element_lines(index, max_lines))
    assert floor <= tokens_at_least(_marked(index, max_lines))


def test_the_floor_is_tight() -> None:
    """One pre-token more a line and the bound would fail on the least line."""
    least = [_element("button", "", -10, -10, 10)]
    index = build_index(Frame(elements_to_observation(least)), interactive_only=True)
    assert _element_lines(index, None) == '[0] button "" @(-5,-5)'
    assert tokens_at_least(_element_lines(index, None)) == LINE_PRETOKENS


@pytest.mark.parametrize("dump", sorted(REAL.rglob("*.xml")), ids=lambda p: p.stem)
def test_the_floor_holds_on_every_real_frame(dump: Path) -> None:
    frame = Frame(parse_uiautomator(dump.read_bytes()))
    for interactive_only, max_elements in ((True, 80), (False, None)):
        index = build_index(frame, max_elements=max_elements, interactive_only=interactive_only)
        for max_lines in (None, 1, 2, 3, 40):
            marked = _marked(index, max_lines)
            floor = frame_tokens_floor(index, max_lines=max_lines)
            assert floor <= tokens_at_least(_element_lines(index, max_lines))
            assert floor <= tokens_at_least(marked) <= count_tokens(marked)


def _both_ways(prev: object, curr: object, monkeypatch: pytest.MonkeyPatch, **kw: object) -> None:
    """``observe_delta`` with the floor and the long way (every frame rendered and weighed)."""
    short = observe_delta(prev, curr, **kw)  # type: ignore[arg-type]
    with monkeypatch.context() as m:
        m.setattr(observer, "frame_tokens_floor", lambda index, *, max_lines: -1)
        long = observe_delta(prev, curr, **kw)  # type: ignore[arg-type]
    assert (short.text, short.full_frame) == (long.text, long.full_frame)


@pytest.mark.parametrize("flow", sorted({p.parent for p in REAL.rglob("*.xml")}), ids=str)
def test_the_delta_or_frame_choice_is_the_long_ways_on_real_pairs(
    flow: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every consecutive pair of a real flow's captures both ways, and every ordered pair of
    its first eight, with the defaults, the peer's options (80 interactive elements, 40
    lines), a budget of few lines and none."""
    obs = [parse_uiautomator(d.read_bytes()) for d in sorted(flow.glob("*.xml"))]
    options = IndexOptions(None, 80, True)
    pairs = {(a, b) for a in range(min(8, len(obs))) for b in range(min(8, len(obs)))}
    pairs |= {(i, j) for i in range(len(obs) - 1) for j in (i, i + 1)} | {
        (i + 1, i) for i in range(len(obs) - 1)
    }
    for i, j in sorted(pairs):
        a, b = obs[i], obs[j]
        _both_ways(a, b, monkeypatch)
        _both_ways(a, b, monkeypatch, options=options, max_lines=40)
        _both_ways(a, b, monkeypatch, max_lines=3)
        _both_ways(a, b, monkeypatch, max_lines=None)


@settings(max_examples=100, deadline=None)
@given(ELEMENTS, ELEMENTS, st.one_of(st.none(), st.integers(0, 12)))
def test_the_delta_or_frame_choice_is_the_long_ways_on_any_elements(
    prev: list[dict[str, object]], curr: list[dict[str, object]], max_lines: int | None
) -> None:
    """Generated screens, and the second a copy of the first with names changed (a delta of
    ``~`` lines that may cost more than the frame)."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        a = elements_to_observation(prev)
        _both_ways(a, elements_to_observation(curr), monkeypatch, max_lines=max_lines)
        renamed = [dict(e, name=f"{e['name']} {i} renamed") for i, e in enumerate(prev)]
        _both_ways(a, elements_to_observation(renamed), monkeypatch, max_lines=max_lines)
