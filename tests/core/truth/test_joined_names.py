"""An element printed without its name sits in the row of the part that names it (issue 18,
stop 59): the generator of :mod:`tests.core.truth.joined_names` over every real capture
(``fixtures/real``, ``ext``, ``ext2``, ``ext3``, ``ext4``, ``appium``), each as it is and
with one labelled control cloned one row below itself, rendered as a new screen on the XML
path and on the flat element dicts ``observe --elements --format json`` prints.

Found on the fourth harvest (``fixtures/ext4/launcher``, element dicts): the hotseat's
"Photos" read ``[17] "Photos", [22] button`` on the line of the workspace's icons."""

from __future__ import annotations

import random

import pytest

from deltarec.core.render.rows import JOIN_LIMIT
from tests.core.truth.joined_names import PATHS, Case, cases, graded, graded_wide

SEED = 59
FAILING = {"xml": 0, "dicts": 0}
"""Cases with a violation, per path: a ratchet, lower it, never raise it (``e65c356``: XML
11, dicts 36 of 181; 0 and 0 since :func:`deltarec.core.render.rows.named_by`)."""


WIDE = {"xml": 0, "dicts": 0}
"""Cases with a ``+`` line of more than :data:`JOIN_LIMIT` elements, per path: a ratchet
(``22e92ea``: XML 4, the tablet's month grids, 42 cells on a line; dicts 35, those and a
control its label names joined to a line already full: a Settings row's switch, the seventh
part); 0 and 0 since a control joined to its label's line counts toward the limit)."""


@pytest.fixture(scope="module")
def drawn() -> list[Case]:
    got = cases(random.Random(SEED))
    assert len(got) >= 180  # 101 captures, 80 of them with a labelled control
    return got


@pytest.mark.parametrize("path", PATHS)
def test_a_nameless_part_is_in_the_row_of_the_part_that_names_it(
    drawn: list[Case], path: str
) -> None:
    found: dict[Case, list[str]] = {}
    for case, why in graded(drawn, path):
        found.setdefault(case, []).append(why)
    said = [f"{c.capture}#{c.twin}: {w[0]} (+{len(w) - 1})" for c, w in found.items()]
    assert len(found) <= FAILING[path], "\n".join(said)


@pytest.mark.parametrize("path", PATHS)
def test_a_line_lists_at_most_join_limit_elements(drawn: list[Case], path: str) -> None:
    found: dict[Case, list[str]] = {}
    for case, why in graded_wide(drawn, path, JOIN_LIMIT):
        found.setdefault(case, []).append(why)
    said = [f"{c.capture}#{c.twin}: {w[0]} (+{len(w) - 1})" for c, w in found.items()]
    assert len(found) <= WIDE[path], "\n".join(said)


def test_the_harvested_hotseat_is_named_on_its_own_line() -> None:
    """The real pair itself on element dicts (``fixtures/ext4/launcher`` 01→02, the overview
    left for home): the hotseat's "Photos" 343 px below the workspace's read ``+ … [16]
    "Gmail", [17] "Photos", [22] button`` on the workspace icons' line."""
    from deltarec.core import elements
    from deltarec.core.elements import observation_index
    from tests.core.truth.joined_names import derive, violations

    prev, curr = (
        observation_index(
            derive(Case(f"ext4/launcher/{n}.json", -1)), max_elements=None, interactive_only=False
        )
        for n in ("01", "02")
    )
    result = elements._observe(prev, curr, None, 10_000, False, 10_000, None)
    assert not list(violations(result)), result.text
