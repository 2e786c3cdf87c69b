"""``fit`` turns prefixes away by the pre-token lower bound before counting them: the cut
is the one the counts alone give (the bound held at 0, which turns nothing away)."""

from __future__ import annotations

from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.render import budget
from deltarec.core.render.tokens import count_tokens

_LINES = st.lists(
    st.one_of(
        st.text(max_size=30),
        st.sampled_from(['~ [3] switch "Wi-Fi" (checked: false→true)', "+ [12] text", "a" * 300]),
    ),
    max_size=25,
)


@settings(max_examples=150, deadline=None)
@given(_LINES, st.integers(0, 120), st.one_of(st.none(), st.integers(0, 30)))
def test_the_lower_bound_changes_no_cut(lines: list[str], tokens: int, rows: int | None) -> None:
    got = budget.fit(lines, max_lines=rows, max_tokens=tokens)
    with patch.object(budget, "tokens_at_least", lambda text: 0):
        counted_only = budget.fit(lines, max_lines=rows, max_tokens=tokens)
    assert got == counted_only
    assert count_tokens(got) <= tokens
