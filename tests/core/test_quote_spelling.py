"""``quote`` spells every string as ``json.dumps(text, ensure_ascii=False)`` does, made safe
(it calls the encoder's own string function directly: the same bytes, without its setup)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.render.lines import quote, safe


class Label(str):
    """A str subclass: quoted as a str is."""


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=[])))
def test_quote_is_the_json_spelling_made_safe(text: str) -> None:
    assert quote(text) == safe(json.dumps(text, ensure_ascii=False))
    assert quote(Label(text)) == safe(json.dumps(Label(text), ensure_ascii=False))
