"""Short drags of the Article near its top on the scaled phones, graded by the phone's state.

``bench_truth --seed 9000 --profile tablet`` (seed 9000 step 64: ``swipe(202, 662, 182,
533, 200)`` from offset 9) and ``--seed 1000 --profile large`` (seed 1003 step 147:
``swipe(1064, 2175, 1067, 1972, 200)`` from offset 0) read the web page's scroll as
``↕ nothing scrolled`` (told the gesture) or no scroll at all (not told), and the grid's
tiles that came in as ``+``. :func:`near_top` generates the class: drags of 40–260 px up or
down from page offsets 0–250 lu, where the page's body keeps its top in view below the
fixed header, on each scaled preset, told and not told in turn.

The class: the body's box moves with the content (its top in view), so its rows kept their
place in it, stacked as they were; on a scaled screen each web box rounds on its own, so a
text's height changes by a px as it moves ("By Sam Lee" 33 → 34 px), and
:func:`deltarec.core.diff.relaid.relaid` took that for texts laid out again at another
font size (no scroll). A font size change grows a text by more than its rounding.
"""

from __future__ import annotations

import random

import pytest

from deltarec.core.devices.virtual.profile import PRESETS
from tests.core.truth.test_article_sizes import problems

CASES = 30
"""Seeded drags a profile (about 0.05 s each)."""


def near_top(profile: str, n: int, seed: int) -> list[tuple[int, tuple[int, ...], bool]]:
    """``n`` seeded drags near the Article's top on ``profile``: (offset in lu, (x1, y1, x2,
    y2, ms) in its px, told)."""
    rng = random.Random(seed)
    p = PRESETS[profile]
    out = []
    for _ in range(n):
        start = rng.randint(0, 250)
        x = rng.randint(20, p.width - 20)
        y1 = rng.randint(p.height // 3, p.height * 9 // 10)
        length = rng.randint(40, 260) * rng.choice((-1, 1))
        ms = rng.choice((200, 300, 600))
        out.append((start, (x, y1, x, y1 - length, ms), rng.random() < 0.5))
    return out


@pytest.mark.parametrize("profile", ["small", "large", "tablet"])
def test_a_short_drag_near_the_articles_top_is_its_scroll(profile: str) -> None:
    failing = []
    for start, args, told in near_top(profile, CASES, seed=1):
        x1, y1, x2, y2, ms = args
        if found := problems(profile, start, (x1, y1, x2, y2, ms), told):
            failing.append(f"offset {start} swipe{args} told={told}: {found[0]}")
    assert failing == []
