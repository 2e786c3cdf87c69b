"""A row put in (taken out) above a row that shows nothing yet: a loading card (issue 18).

Chrome's new tab page (``fixtures/ext/chrome-ntp``) ends its feed with a card still loading:
a clickable wrapper around empty containers, no text, no description, most of it in view.
A card put in above it (:mod:`.insertions`) pushes it down and takes its box; read
backwards, a card taken out pulls it up into the card's box. :func:`cases` makes that shape
of every list of every capture: the row at the insertion point blanked (every text and
description of its subtree cleared, its nodes and boxes kept), then rows of the layout of
the row above put in at its index, or taken out. Graded as :func:`.insertions.check`
grades any insertion: the rows put in are ``+`` (``-``), never paired with an old row, and
the row that shows nothing is the row pushed, not one of them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from deltarec.core.observe.model import Node, Observation
from tests.core.real_scrolls import insertions
from tests.core.real_scrolls.ext_shapes import captures_as
from tests.core.real_scrolls.transforms import Path_, _at, _replace, captures

MIN_SHOWN = 48
"""The least height of the blanked row in view: a sliver the edge cuts to less may be any
row (what it would show is cut away), which no delta can tell."""


@dataclass(frozen=True)
class Loading:
    """Rows put in at ``index`` of the list at ``where`` of ``capture``, above that row
    blanked; ``removal``: the pair read backwards."""

    capture: str
    where: Path_
    index: int
    n: int
    removal: bool = False

    def insertion(self) -> insertions.Insertion:
        return insertions.Insertion(self.name, self.where, self.index, self.n, self.removal)

    @property
    def name(self) -> str:
        return f"{self.capture}#blank{self.where}/{self.index}"


def blank(node: Node) -> Node:
    """``node`` showing nothing: its subtree's texts and descriptions cleared."""
    kids = tuple(map(blank, node.children))
    return dataclasses.replace(node, text="", content_desc="", children=kids)


def blanked(obs: Observation, where: Path_, index: int) -> Observation:
    """``obs`` with row ``index`` of the list at ``where`` showing nothing."""
    path = (*where, index)
    return _replace(obs, path, blank(_at(obs, path)))


def spots(obs: Observation) -> list[tuple[Path_, int]]:
    """The insertion spots of :func:`.insertions.lists` above a row that shows something,
    is of the shape of the row above (one list's rows), and is at least :data:`MIN_SHOWN`
    px in view."""
    out = []
    for where, index in insertions.lists(obs):
        rows = _at(obs, where).children
        if index >= len(rows) or not insertions._shown(rows[index]):
            continue
        row, above = rows[index], rows[index - 1]
        same = (row.class_name, row.resource_id) == (above.class_name, above.resource_id)
        if same and row.bounds.height >= MIN_SHOWN:
            out.append((where, index))
    return out


def cases() -> list[Loading]:
    """One row and two rows put in, and taken out, at every spot of every capture."""
    return [
        Loading(name, where, index, n, removal)
        for name, obs in captures()
        for where, index in spots(obs)
        for n in (1, 2)
        for removal in (False, True)
    ]


@contextmanager
def _as_blanked(case: Loading) -> Iterator[None]:
    obs = dict(captures())[case.capture]
    ours = ((case.name, blanked(obs, case.where, case.index)),)
    with captures_as(lambda: ours):
        yield


def derive(case: Loading) -> tuple[Observation, Observation]:
    """(prev, curr) of ``case``."""
    with _as_blanked(case):
        return insertions.derive(case.insertion())


def check(case: Loading) -> list[tuple[str, str]]:
    """The violations of ``case``'s delta, as :func:`.insertions.check` grades them."""
    with _as_blanked(case):
        return insertions.check(case.insertion())
