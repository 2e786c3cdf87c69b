"""A scroll is said of an element of both frames, never of one listed ``+`` (issue 18, stop
57): the generator of :mod:`tests.core.truth.scrolled_hosts` over every real capture
(``fixtures/real``, ``ext``, ``ext2``, ``ext3``'s dumps), both input paths.

Found on a harvested chat (``fixtures/ext2/nora-compose`` 04→05): ``+ [5] container "View"``
beside ``↕ [5] container "View" scrolled about a page or more (+0 rows, -0 rows)``."""

from __future__ import annotations

import random

import pytest

from tests.core.truth.scrolled_hosts import Case, cases, graded

SEED = 57


@pytest.fixture(scope="module")
def drawn() -> list[Case]:
    got = cases(random.Random(SEED))
    assert len(got) >= 150  # two containers a capture, 89 captures
    return got


@pytest.mark.parametrize("path", ["xml", "dicts"])
def test_no_scroll_of_a_container_listed_as_come_in(path: str, drawn: list[Case]) -> None:
    """Was 12 of 169 (XML) and 34 of 169 (element dicts) at b582be3: a form's section or a
    list whose content was all replaced as its ``scrollable`` flag flipped, measured as the
    old container turned by a page (:func:`~deltarec.core.diff.wrappers.through_wrappers`
    paired the two by what is left), while the match, which pairs a list's rows only by
    content, listed the container ``-`` and ``+``."""
    found = [
        f"{c.capture}@{c.where}{' back' if c.back else ''}: {v}" for c, v in graded(path, drawn)
    ]
    assert found == []
