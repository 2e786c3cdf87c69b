"""Labels that ticked: the same words, a number in them one on (a clock, a count, an age).

A row that shows ``"Settings · (2)"`` and then ``"Settings · (3)"`` in its box is that row,
its count ticked, not another row come into its box: :func:`ticked` is that evidence, for
rows whose labels are all alike but for their numbers (a Compose card's bare texts, each
ending in a time, all ticking at once). Labels that differ in any word are not: "Item 2"
where "Item 1" was is, by its numbers alone, as much a row scrolled in as one relabelled,
so the caller asks it only of a row held in its box (pass 4's overlap, a scroll measured
apart from it).

    >>> ticked(frozenset({"Settings · (2)"}), frozenset({"Settings · (3)"}))
    True
    >>> ticked(frozenset({"Wi-Fi · 9:41"}), frozenset({"Wi-Fi · 9:42"}))
    True
    >>> ticked(frozenset({"Settings · (2)"}), frozenset({"Chrome · (2)"}))
    False
    >>> ticked(frozenset({"2"}), frozenset({"3"}))
    False
"""

from __future__ import annotations

import re
from functools import lru_cache

_NUMBER = re.compile(r"\d+")
_LETTER = re.compile(r"[^\W\d_]")


def _masked(label: str) -> str:
    return _NUMBER.sub("#", label)


@lru_cache(maxsize=4096)
def _shape(labels: frozenset[str]) -> tuple[str, ...]:
    """``labels`` with their numbers masked, sorted; kept per label set: a row weighed
    against each of a crowd's rows is masked once (``tests/core/test_near_linear.py``)."""
    return tuple(sorted(map(_masked, labels)))


def ticked(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether label sets ``a`` and ``b`` differ and are one another with their numbers
    masked, each label keeping a word besides its numbers (a bare "2" → "3" is any row's).
    O(total length)."""
    if a == b or len(a) != len(b):
        return False
    return _shape(a) == _shape(b) and all(_LETTER.search(label) for label in b - a)
