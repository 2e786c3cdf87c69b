"""Every real scroller scrolled by every ``step``-th px, each way, with a known truth
(issue 18): the plain scrolls of :mod:`.transforms`, swept as :func:`.sticky.swept` sweeps
them under a sticky header.

:func:`.transforms.cases` draws seven lengths a scroller (10 px to 200 px past its height):
a class seen at one length is a class at the lengths around it, and the draws left
YouTube's results flung about 1,570-1,600 px up undrawn, where the one card kept in view
showed a label ("更多选项") the app bar's overflow button shows too: on element dicts,
which carry no class to tell the two apart, no label placed the card, and the list read
as a page, the card ``-`` and ``+`` (found under a header by ``bench_real_sticky.py
--swept 61``; the same without one). The truth is :func:`.transforms.check`'s.

    python benchmarks/bench_real_swept.py [--step 61] [--path xml|dicts] [--show N]
"""

from __future__ import annotations

from tests.core.real_scrolls.transforms import Case, _at, captures, scrollers


def swept(step: int) -> list[Case]:
    """Every scroller of every real capture (:func:`.transforms.scrollers`) scrolled by
    every ``step``-th px from 10 px to 200 px past its height, down and up."""
    out: list[Case] = []
    for name, obs in captures():
        for path in scrollers(obs):
            h = _at(obs, path).bounds.height
            for d in range(10, h + 201, step):
                out.extend(Case(name, "scroll", path, sign * d) for sign in (1, -1))
    return out


def kind(case: Case) -> str:
    """``down`` (the content moved up: ``d`` > 0) or ``up``."""
    return "down" if case.d > 0 else "up"
