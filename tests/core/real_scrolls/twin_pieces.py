"""A tall row whose pieces are twins, moved (issue 18: the contact editor's sections).

The contact editor's form is a ``ScrollView`` whose sections (email, phone) are laid out
alike: the same classes and ids, node for node, their labels merged onto the form (a
Compose row's merged semantics, an ad's one description). Moved by a few hundred px, the
section below came into the old one's place: a move of 209 px read as 1,212 (the section
above paired with the one below it, every uncut edge then naming that move too), 139 px as
1,282. Both readings may explain both frames; a line stating the wrong one exactly is a false
fact (the house's choice: a bound or a hedge, never a false exact figure).

:func:`cases`: every real scroller's rows as :func:`.tall_rows.cases` picks them (its wide
offsets and distances), on every capture of ``fixtures/real``, ``ext``, ``ext2``, ``ext3``
and ``appium``, where the row holds twin pieces (two or more siblings of one shape, classes
and ids, each holding nodes), its labels merged onto it (the twins then show nothing of
their own), moved by every distance that stays within the content and that two dumps can
tell (:func:`.tall_rows._told`). Graded as :func:`.tall_rows.check` grades a scroll.

    python -m pytest -q tests/core/real_scrolls/test_twin_pieces.py
"""

from __future__ import annotations

from collections import Counter

from deltarec.core.observe.model import Node
from tests.core.real_scrolls import tall_rows
from tests.core.real_scrolls.ext_shapes import captures_as
from tests.core.real_scrolls.grading import Violation
from tests.core.real_scrolls.small_moves import captures
from tests.core.real_scrolls.tall_rows import Tall, _distances, _placed, _told, _within
from tests.core.real_scrolls.transforms import _walk_node

Shape = tuple[str, str, tuple["Shape", ...]]


def _shape(node: Node) -> Shape:
    return (node.class_name, node.resource_id, tuple(_shape(k) for k in node.children))


def twin_pieces(row: Node) -> bool:
    """Whether ``row`` holds two or more siblings of one shape (classes and ids, node for
    node), each holding nodes, in view: sections laid out alike."""
    for _, n in _walk_node(row):
        kinds = Counter(_shape(k) for k in n.children if k.children and k.bounds.area)
        if any(v >= 2 for v in kinds.values()):
            return True
    return False


def cases(*, every: int = 1) -> list[Tall]:
    """Every place and move of the module docstring. ``every``: every ``every``-th case."""
    out: list[Tall] = []
    with captures_as(captures):
        for at, obs, rows, h, ends in _placed(3, True):
            if not twin_pieces(rows[at.row]):
                continue
            for d in _distances("scroll", h, at.offset, at.span, wide=True):
                if not _within(ends, at.offset + d, h):
                    continue
                case = Tall(at.capture, at.host, at.row, at.span, at.offset, d, "scroll", True)
                if _told(case, obs):
                    out.append(case)
    return list(dict.fromkeys(out))[::every]


def check(case: Tall) -> list[Violation]:
    """:func:`.tall_rows.check` of the case, on this module's captures."""
    with captures_as(captures):
        return tall_rows.check(case)
