"""What came, went or moved without a label, in words an agent can act on.

A view that shows nothing has no ``[i]`` and no line of its own, yet its coming or going
can be the step's whole news. Counting it (``1 off-screen or unlabelled elements added or
removed``) tells an agent nothing; this module says *what* it was and *where*:

- a **refresh indicator** (:func:`refresh_host`): SwipeRefreshLayout's circle, an
  unlabelled round image or spinner laid over the top of the list beside it (the rows do
  not move). Its coming is a refresh started, its going a refresh done, each said on a
  ``+`` / ``-`` line of its own whatever else changed::

      + refresh indicator over [5] list "inbox_list" (a refresh started)

- any other view: its role, ``unlabelled`` (or ``off-screen`` with its name when it has
  one), whether it appeared, went or moved, its box (the only handle an agent has on it)
  and the numbered element it lies in (:func:`hidden_parts`, for the ``~ layout:`` line).
  A view that went and one of its class and size that came under the same parent is one
  view that moved (views that show nothing have no key to pair them by)::

      unlabelled image appeared at [487,315][592,420] in [5] list "inbox_list"
      unlabelled container moved down 30px in [12] button "Wi-Fi"

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> f = Frame(parse_uiautomator(
    ...     '<hierarchy><node class="android.view.ViewGroup" bounds="[0,0][1080,2000]">'
    ...     '<node class="android.widget.ImageView" bounds="[487,63][592,168]"/>'
    ...     '<node class="androidx.recyclerview.widget.RecyclerView" scrollable="true"'
    ...     ' bounds="[0,0][1080,2000]"/></node></hierarchy>'))
    >>> refresh_host(f, 1)
    2
"""

from __future__ import annotations

from collections.abc import Callable

from deltarec.core.diff.compute import Delta
from deltarec.core.diff.new_rows import refresh_host
from deltarec.core.diff.twin_sliver import same_box_slivers
from deltarec.core.diff.types import ChangeKind as K
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex
from deltarec.core.render.facts import Line
from deltarec.core.render.lines import element

HIDDEN_NAMED = 3
"""At most this many unlabelled views are described on a ``~ layout:`` line."""


def refresh_lines(
    d: Delta, prev_index: ElementIndex, curr_index: ElementIndex
) -> tuple[list[Line], list[Line]]:
    """The ``+`` lines of refresh indicators that came and the ``-`` lines of those that
    went (none stated as a fact: a spinner is no element to assert on)."""
    came = [
        Line(
            K.ADDED, f"+ refresh indicator over {_named(d.curr, s, curr_index)} (a refresh started)"
        )
        for c in d.added
        if c not in d.quiet_curr and (s := refresh_host(d.curr, c)) >= 0
    ]
    back = {p: c for c, p in d.pairs.items()}
    went = []
    for p in d.removed:
        s = refresh_host(d.prev, p) if p not in d.quiet_prev else -1
        if s >= 0:
            c = back.get(s, -1)  # the list stayed: its number now
            over = _named(d.curr, c, curr_index) if c >= 0 else _named(d.prev, s, prev_index)
            went.append(Line(K.REMOVED, f"- refresh indicator over {over} (refresh done)"))
    return came, went


def hidden_parts(d: Delta, prev_index: ElementIndex, curr_index: ElementIndex) -> list[str]:
    """A phrase per outermost unlabelled or off-screen view that came or went (a pair of
    them one move), in reading order of the new frame then the old; at most
    :data:`HIDDEN_NAMED`, then ``and N more``. Refresh indicators are left out (their own
    lines say them). O(changed · depth)."""
    fc, fp = d.curr, d.prev
    came = _outermost(fc, [c for c in d.added if c not in d.quiet_curr])
    went = _outermost(fp, [p for p in d.removed if p not in d.quiet_prev])
    came = [c for c in came if refresh_host(fc, c) < 0]
    went = [p for p in went if refresh_host(fp, p) < 0]
    back = {p: c for c, p in d.pairs.items()}
    said: list[str] = []
    for c in came:
        p = _moved_from(d, c, went, back)
        a, b = fc.nodes[c].bounds, (fp.nodes[p].bounds if p >= 0 else None)
        where = _host(fc, c, curr_index, lambda a: a)
        if p >= 0 and b is not None:
            went.remove(p)
            dx, dy = a.left - b.left, a.top - b.top
            way = f"{'right' if dx > 0 else 'left'} {abs(dx)}px" if abs(dx) > abs(dy) else ""
            way = way or f"{'down' if dy > 0 else 'up'} {abs(dy)}px"
            said.append(f"{_what(fc, c, curr_index)} moved {way}{where}")
        else:
            said.append(f"{_what(fc, c, curr_index)} appeared{_box(fc, c)}{where}")
    for p in went:
        where = _host(fp, p, curr_index, lambda a: back.get(a, -1))
        said.append(f"{_what(fp, p, prev_index)} went{_box(fp, p)}{where}")
    more = len(said) - HIDDEN_NAMED
    return said[:HIDDEN_NAMED] + ([f"and {more} more"] if more > 0 else []) + _or_new(d)


def _or_new(d: Delta) -> list[str]:
    """The other reading of two slivers of one box at a list's bottom edge whose insides
    changed (:func:`~deltarec.core.diff.twin_sliver.same_box_slivers`), once a step: ``or
    that sliver at the list's edge is another row (rows put in or taken out above it)``."""
    if not same_box_slivers(d):
        return []
    return ["or that sliver at the list's edge is another row (rows put in or taken out above it)"]


def unnamed_move(d: Delta, c: int, curr_index: ElementIndex) -> str:
    """What to call a moved element that has no name: ``unlabelled container in [4] button
    "OK"``; a refresh indicator by what it is; "" when it has a name."""
    s = refresh_host(d.curr, c)
    if s >= 0:
        return f"refresh indicator over {_named(d.curr, s, curr_index)}"
    if curr_index.names[c]:
        return ""
    return f"unlabelled {d.curr.nodes[c].role}{_host(d.curr, c, curr_index, lambda a: a)}"


def _outermost(frame: Frame, positions: list[int]) -> list[int]:
    inside = set(positions)
    return [p for p in sorted(positions) if frame.parents[p] not in inside]


def _moved_from(d: Delta, c: int, went: list[int], back: dict[int, int]) -> int:
    """The view that went which ``c`` is, moved: one of its class, id and size, elsewhere,
    whose parent is the one ``c``'s parent was (-1: none; one in the same box is a view
    replaced: said as one that went and one that came)."""
    node, parent = d.curr.nodes[c], d.curr.parents[c]
    was = d.pairs.get(parent, -2)
    for p in went:
        old = d.prev.nodes[p]
        same = old.class_name == node.class_name and old.resource_id == node.resource_id
        a, b = old.bounds, node.bounds
        sized = (a.width, a.height) == (b.width, b.height) and a != b
        if same and sized and d.prev.parents[p] == was and back.get(was) == parent:
            return p
    return -1


def _what(frame: Frame, pos: int, index: ElementIndex) -> str:
    """``unlabelled image``, or ``text "Tue" off-screen`` for a named view out of view."""
    node, name = frame.nodes[pos], index.names[pos] if pos < len(index.names) else ""
    screen = frame.obs.screen
    x, y = node.bounds.center
    off = screen.area > 0 and not (0 <= x < screen.right and 0 <= y < screen.bottom)
    if name and (off or _shows(frame, pos)):
        return f"{element(None, node, name)}{' off-screen' if off else ''}"
    return f"unlabelled {node.role}"


def _shows(frame: Frame, pos: int) -> bool:
    return any(n.text or n.content_desc for n in frame.nodes[pos : frame.subtree_end(pos)])


def _box(frame: Frame, pos: int) -> str:
    b = frame.nodes[pos].bounds
    return f" at [{b.left},{b.top}][{b.right},{b.bottom}]"


def _host(frame: Frame, pos: int, index: ElementIndex, to_curr: Callable[[int], int]) -> str:
    """`` in [i] role "name"``: the nearest named ancestor numbered in the new frame
    (``to_curr`` maps a position of ``frame`` there), or ""."""
    for a in frame.ancestors(pos):
        c = to_curr(a)
        if c >= 0 and c in index.number_of and index.names[c]:
            return f" in {element(index.number_of[c], index.frame.nodes[c], index.names[c])}"
    return ""


def _named(frame: Frame, pos: int, index: ElementIndex) -> str:
    number = index.number_of.get(pos) if index.frame is frame else None
    return element(number, frame.nodes[pos], index.names[pos])
