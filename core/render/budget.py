"""Fit rendered lines into a line and token budget, marking what was cut.

As ``reprlib`` does, limits are named parameters and truncation is visible in
the output: the last line becomes ``… (+N more)``. The token budget is checked
on the exact text returned, never estimated, so it can never be exceeded.

    >>> fit(["a", "b", "c"], max_lines=2)
    'a\\nb\\n… (+1 more)'
    >>> fit(["a", "b", "c"], max_tokens=0)
    ''
"""

from __future__ import annotations

from collections.abc import Sequence

from deltarec.core.render.lines import safe
from deltarec.core.render.tokens import count_tokens, tokens_at_least


def _join(lines: Sequence[str], kept: int) -> str:
    hidden = len(lines) - kept
    shown = [safe(line) for line in lines[:kept]]  # one line each, whatever they hold
    if hidden > 0:
        shown.append(f"… (+{hidden} more)")
    return "\n".join(shown)


def fit(
    lines: Sequence[str],
    *,
    max_lines: int | None = None,
    max_tokens: int | None = None,
    short: Sequence[str] | None = None,
) -> str:
    """Join ``lines``, keeping a prefix that respects both budgets.

    Each line stays one line: a character a consumer could split at, or a
    bidirectional control, is escaped (:func:`deltarec.core.render.lines.safe`).

    ``max_lines`` counts content lines (the ``… (+N more)`` marker is extra);
    ``max_tokens`` bounds the cl100k_base tokens of the whole result, marker
    included. When not even the marker fits, the result is "". Cost: a binary
    search, O(log n) token counts (a prefix whose pre-tokens alone pass the budget is
    turned away uncounted).

    ``short``: the same lines, each as it reads without the names a hedge gives
    (:attr:`deltarec.core.render.facts.Line.short`). Where the token budget cuts ``lines``,
    the prefix of ``short`` is taken instead when it keeps more lines: a budget drops a
    hedge's names before a line it would cut, and keeps them where they cost no line. A
    second binary search, only then.

        >>> head = '↕ list "Inbox" scrolled down 9px, or its '
        >>> named = [head + 'row "Ada" was removed', "+ x"]
        >>> plain = [head + "top row was removed", "+ x"]
        >>> fit(named, max_tokens=23, short=plain)
        '↕ list "Inbox" scrolled down 9px, or its top row was removed\\n+ x'
        >>> fit(named, max_tokens=40, short=plain) == "\\n".join(named)
        True
    """
    kept = len(lines) if max_lines is None else min(len(lines), max(0, max_lines))
    if max_tokens is None:
        return _join(lines, kept)
    budget = max(0, max_tokens)
    best = _kept(lines, kept, budget)
    if short is not None and best < kept and (plain := _kept(short, kept, budget)) > best:
        return _join(short, plain)
    return _join(lines, best) if best >= 0 else ""


def _kept(lines: Sequence[str], kept: int, budget: int) -> int:
    """The most of the first ``kept`` lines whose join fits ``budget`` tokens (-1: not even
    the marker fits)."""
    if _fits(_join(lines, kept), budget):
        return kept
    lo, hi = 0, kept - 1  # the answer is the largest k in [lo, hi] that fits, if any
    best = -1
    while lo <= hi:
        mid = (lo + hi) // 2
        if _fits(_join(lines, mid), budget):
            best, lo = mid, mid + 1
        else:
            hi = mid - 1
    return best


def _fits(text: str, budget: int) -> bool:
    # The lower bound (C speed) turns away most prefixes that are too long unmerged.
    return tokens_at_least(text) <= budget and count_tokens(text) <= budget
