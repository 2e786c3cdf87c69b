"""A row of a real capture's list unfolds (or folds), its details shown, with a known truth.

:mod:`.expansions` grows a row and leaves its inside as it was, so the matcher pairs it
whole and its growth (:func:`deltarec.core.diff.growth.grew`) tells the rows below it were
pushed. A row that unfolds rarely keeps its inside: a notification group opened
(``fixtures/ext3/notif-shade``: its header kept, its count and "Alerted" gone, its children
laid out anew) or a card's details shown puts a new label into the row, so the row itself
is no longer the row it was, node for node, and pairs with nothing.

:func:`unfolded` grows row ``index`` of the list at ``where`` by ``h`` px as
:func:`.expansions.expanded` does (the rows below move down by ``h``, the containers around
grow, the clipping box keeps its box and clips), puts a new label into the row's grown band,
its details, and says the row is open in every label but its first (its title stays; its
summary, count or chevron's description read `` (open)`` after what they said): the row's
children no longer pair as they were, so the matcher's bottom-up pass leaves the row apart.
Read backwards, the row folds, its details go and its labels say it is closed again.

The truth (:func:`check`): nothing scrolled (the rows below the row moved because it grew),
so no scroll line; the rows below are the same rows, neither ``+``, ``-`` nor ``~``; only the
details (and what was pushed out of view) may be ``+`` (``-``), and only the row that
unfolded may read as changed. Rule 3 of the real-capture oracle (nodes that moved together
scrolled) is what a growing row contradicts, so only its rules 1 and 2 are asked.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls.expansions import expanded
from tests.core.real_scrolls.grading import Violation, changed_besides, no_scroll, stayed_listed
from tests.core.real_scrolls.insertions import _clip_box, in_box, lists
from tests.core.real_scrolls.transforms import (
    Path_,
    _at,
    _marked,
    _moved_clipped,
    _replace,
    captures,
    graded,
)

DETAILS = "Details unfolded here"
MORE = "More details below them"
"""The labels put into the unfolded row: shown nowhere on any real capture."""


@dataclass(frozen=True, slots=True)
class Unfolded:
    """Row ``index`` of the list at ``where`` unfolded by ``h`` px; ``fold``: backwards."""

    capture: str
    where: Path_
    index: int
    h: int
    fold: bool = False


LABELS = 12
"""At most this many labels in a row that unfolds (a notification group holds ten): a node
holding more, or holding a container made to scroll, is a list's worth of rows (a
ScrollView's content frame around a whole preference list), no row."""


def _labels(node: Node) -> int:
    """How many leaves of ``node``'s subtree show a text or a description."""
    own = 1 if not node.children and (node.text or node.content_desc) else 0
    return own + sum(_labels(c) for c in node.children)


OPEN = " (open)"
"""What the row's labels but its first say after what they said once it unfolded."""


def _opened(node: Node, seen: list[int]) -> Node:
    """``node`` with every labelled leaf but the first (``seen`` counts them) saying
    :data:`OPEN` after its text and its description."""
    if not node.children and (node.text or node.content_desc):
        seen[0] += 1
        if seen[0] == 1:
            return node
        text = node.text and node.text + OPEN
        desc = node.content_desc and node.content_desc + OPEN
        return dataclasses.replace(node, text=text, content_desc=desc)
    return dataclasses.replace(node, children=tuple(_opened(c, seen) for c in node.children))


def _holds_scroller(node: Node) -> bool:
    return any(_marked(c) or _holds_scroller(c) for c in node.children)


def _leaf(node: Node) -> Node | None:
    """The first node of ``node``'s subtree that shows a text (a label to copy the kind of)."""
    if node.text and not node.children:
        return node
    for c in node.children:
        if (got := _leaf(c)) is not None:
            return got
    return None


def _grown(obs: Observation, where: Path_, index: int, h: int) -> tuple[Observation, Bounds]:
    """``obs`` with row ``index`` of the list at ``where`` ``h`` px taller and the rows below
    it pushed down by as much, and the box that clips them. A list made to scroll (a
    RecyclerView, the notification shade's stack) keeps its box, as a phone keeps it: its
    rows move inside it and what they push past its edge is cut. Any other list grows with
    its row inside the nearest container made to scroll (:func:`.expansions.expanded`)."""
    lst = _at(obs, where)
    if not _marked(lst):
        return expanded(obs, where, index, h), _clip_box(obs, where)[1]
    row = lst.children[index]
    b = row.bounds
    kids = in_box(lst, (), b.bottom, h, len(lst.children), ())
    kids[index] = dataclasses.replace(row, bounds=Bounds(b.left, b.top, b.right, b.bottom + h))
    box = lst.bounds
    clipped = tuple(c for kid in kids if (c := _moved_clipped(kid, 0, box)) is not None)
    return _replace(obs, where, dataclasses.replace(lst, children=clipped)), box


def unfolded(obs: Observation, where: Path_, index: int, h: int) -> Observation | None:
    """``obs`` with row ``index`` of the list at ``where`` ``h`` px taller, its first child
    that shows something kept (its header) and its other children replaced by two labels of
    the row's own kind in the band it grew by (module docstring); None where the row shows no
    text to copy, or its grown band lies out of view."""
    row = _at(obs, (*where, index))
    label = _leaf(row)
    if label is None:
        return None
    grown, box = _grown(obs, where, index, h)
    top, bottom = row.bounds.bottom, min(row.bounds.bottom + h, box.bottom)
    if bottom - top < 2:
        return None
    path = (*where, index)
    taller = _at(grown, path)
    b = taller.bounds
    half = top + (bottom - top) // 2
    details = dataclasses.replace(
        label, text=DETAILS, content_desc="", bounds=Bounds(b.left, top, b.right, half), children=()
    )
    more = dataclasses.replace(details, text=MORE, bounds=Bounds(b.left, half, b.right, bottom))
    opened = _opened(taller, [0])
    return _replace(
        grown, path, dataclasses.replace(opened, children=(*opened.children, details, more))
    )


def cases(rng: random.Random, per_capture: int) -> list[Unfolded]:
    """``per_capture`` rows of each real capture with a list unfolded by 48 px, by its own
    height or by 300 px, or folded by as much."""
    out: list[Unfolded] = []
    for name, obs in captures():
        spots = [
            (w, i)
            for w, i in lists(obs)
            if i < len(_at(obs, w).children)  # a row below it to push
            and _leaf(row := _at(obs, (*w, i - 1)))
            and 2 <= _labels(row) <= LABELS
            and not _holds_scroller(row)
        ]
        for _ in range(per_capture if spots else 0):
            where, index = rng.choice(spots)
            height = _at(obs, (*where, index - 1)).bounds.height
            h = rng.choice((48, max(1, height), 300))
            if unfolded(obs, where, index - 1, h) is not None:
                out.append(Unfolded(name, where, index - 1, h, rng.random() < 0.4))
    return out


def derive(case: Unfolded) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    grown = unfolded(obs, case.where, case.index, case.h)
    assert grown is not None, case
    return (grown, obs) if case.fold else (obs, grown)


def check(case: Unfolded) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    fp, fc, d, out = graded(prev, curr, lambda v: "moved (" in v)
    out += no_scroll(d, "a row that unfolded" if not case.fold else "a row that folded")
    # The row itself changed: what it held may go, its details come (read backwards, the
    # other way); the rows below it may not.
    made, taken = _row_positions(fc, case), _row_positions(fp, case)
    out += stayed_listed(d, made, taken)
    out += changed_besides(d, made)
    return out


def _row_positions(frame: Frame, case: Unfolded) -> set[int]:
    """The positions of the unfolded row's subtree in ``frame`` (a row that changed may be
    ``~``): the nodes of its class and id at its top-left corner, and what they hold."""
    obs = dict(captures())[case.capture]
    row = _at(obs, (*case.where, case.index))
    top = row.bounds.top
    out: set[int] = set()
    for i, n in enumerate(frame.nodes):
        kin = n.class_name == row.class_name and n.resource_id == row.resource_id
        if kin and n.bounds.top == top and n.bounds.left == row.bounds.left:
            out.update(range(i, frame.subtree_end(i)))
    return out


def kind(case: Unfolded) -> str:
    return "fold" if case.fold else "unfold"
