"""What moved on a screen, in words: the ``~ layout:`` line and the direction of a move.

When every change of a diff is one the delta leaves out (bounds, unlabelled nodes), one
line still says what happened, naming the outermost elements that moved — a dialog pushed
up by the keyboard is one fact, not 24:

    ~ layout: [5] dialog "Save changes?" moved up 96px (24 moved or resized in all)

    >>> direction(0, -250), direction(40, 0)
    ('down 250px', 'left 40px')
"""

from __future__ import annotations

from deltarec.core.diff.compute import Delta
from deltarec.core.diff.types import ChangeKind as K
from deltarec.core.observe.index import ElementIndex
from deltarec.core.render.facts import Line
from deltarec.core.render.lines import element
from deltarec.core.render.unlabelled import hidden_parts, unnamed_move

LAYOUT_NAMES = 3
"""At most this many moved elements are named on a ``~ layout:`` line."""


def direction(dx: int, dy: int) -> str:
    """A scroll's words for content that moved by (dx, dy): content moving up is the view
    scrolling ``down``."""
    if abs(dy) >= abs(dx):
        return f"{'down' if dy < 0 else 'up'} {abs(dy)}px"
    return f"{'right' if dx < 0 else 'left'} {abs(dx)}px"


def layout_line(d: Delta, prev_index: ElementIndex, curr_index: ElementIndex) -> str:
    """``~ layout: …`` for a diff none of whose changes has a line of its own: the moved
    elements named (:func:`moves_named`), and what came or went off-screen or without a
    label, and where (:func:`~deltarec.core.render.unlabelled.hidden_parts`)."""
    moved = [c for c in d.changed if c not in d.quiet_curr]
    parts = []
    if moved:
        parts.append(moves_named(d, moved, curr_index))
    parts += hidden_parts(d, prev_index, curr_index)
    return f"~ layout: {', '.join(parts) or 'changed'}"


def moves_named(d: Delta, moved: list[int], curr_index: ElementIndex) -> str:
    """``[5] dialog "Save?" moved up 96px`` for each outermost moved element (those inside
    one move with it; at most :data:`LAYOUT_NAMES`, then ``and N more``), and how many moved
    in all when that is more than it names."""
    fc, fp = d.curr, d.prev
    movers = set(moved)
    tops = sorted(c for c in moved if not any(a in movers for a in fc.ancestors(c)))
    said = []
    for c in tops[:LAYOUT_NAMES]:
        a, b = fp.nodes[d.pairs[c]].bounds, fc.nodes[c].bounds
        what = unnamed_move(d, c, curr_index) or element(
            curr_index.number_of.get(c), fc.nodes[c], curr_index.names[c]
        )
        if (a.width, a.height) != (b.width, b.height):
            how = "resized"
        elif (a.left, a.top) != (b.left, b.top):
            how = "moved " + direction(a.left - b.left, a.top - b.top)  # the element's sign
        else:
            how = "changed"
        said.append(f"{what} {how}")
    more = len(tops) - len(said)
    named = ", ".join(said) + (f" and {more} more" if more > 0 else "")
    return named + (f" ({len(moved)} moved or resized in all)" if len(moved) > len(tops) else "")


def unlisted(d: Delta, prev_index: ElementIndex, curr_index: ElementIndex) -> Line:
    """The one line for a diff whose entries are all left out of the text."""
    if (
        all(c in d.quiet_curr for c in d.changed)
        and all(c in d.quiet_curr for c in d.added)
        and all(p in d.quiet_prev for p in d.removed)
        and not d.scrolls
    ):
        return Line(K.FIELD, "(only the status bar changed)")
    return Line(K.CHANGED, layout_line(d, prev_index, curr_index))
