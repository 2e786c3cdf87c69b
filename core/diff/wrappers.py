"""The wrappers no content pairs, paired for the scroll estimate by what is left.

A web page's rows sit under wrappers that carry nothing of their own (``body > main >
article``), cut to the WebView's box. When the page is flung past everything it showed, no
content pairs the wrappers, so :func:`through_wrappers` pairs them by what is left: the
one unpaired child of each side of a pair, of one class, showing nothing of its own. The
page then turns on the innermost wrapper (:mod:`~deltarec.core.diff.pages`), and a fixed
header beside it stays.

Beside the wrapper there may be a sibling that changed too, unpaired as well: an extended
FAB over a form that shrank to its icon, a bar that came or went. Then the wrapper is the
one unpaired child of each side that holds pairs (:func:`_holds`): the fields keyed
inside it say it is the form's. On the XML path the form's ScrollView pairs by its
resource id; element dicts carry none, and the calendar's event form (a ScrollView whose
fields key only where their labels are unique: 5 of 25) was measured on the layout around
it, the FAB inside that host, so the FAB's own pair was refused as against the scroll
(issue 18's chrome sweep, 41 of 2,320 on element dicts). Never among a list's children:
they are its rows (:func:`~deltarec.core.diff.row_content.holds_rows`).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping

from deltarec.core.diff.pages import bare
from deltarec.core.diff.recycled import kept_page
from deltarec.core.diff.row_content import holds_rows
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures, scrolls_by_nature
from deltarec.core.observe.model import Bounds


def through_wrappers(prev: Frame, curr: Frame, pairs: Mapping[int, int]) -> Mapping[int, int]:
    """``pairs`` and the wrappers no content pairs (module docstring), parents first: under
    a pair, the one unpaired child of each side (else, outside a list's rows, the one of
    each side that holds pairs), of one class, that shows nothing of its own and is not the
    only child of a list (a list's one row is a row) but for the page a ScrollView or pager
    kept (:func:`~deltarec.core.diff.recycled.kept_page`). O(n).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(text, fab):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="Web" bounds="[0,0][9,9]">'
    ...         f'<node class="V" bounds="[0,0][9,9]"><node class="T" text="{text}"'
    ...         ' bounds="[0,0][9,5]"/><node class="T" text="Ada" bounds="[0,5][9,9]"/></node>'
    ...         f'<node class="B" bounds="[{fab},7][9,9]"/></node></hierarchy>'))
    >>> through_wrappers(shot("a", 7), shot("b", 7), {0: 0, 4: 4, 3: 3})
    {0: 0, 4: 4, 3: 3, 1: 1}
    >>> through_wrappers(shot("a", 7), shot("b", 5), {0: 0, 3: 3})
    {0: 0, 3: 3, 1: 1}
    """
    out = dict(pairs)
    used = set(pairs.values())
    holding: tuple[list[int], list[int]] | None = None
    # Only a parent of a node left unpaired has a child that came: those, parents first (a
    # wrapper paired here is such a parent already, and comes later in document order).
    parents = curr.parents
    for c in sorted({parents[k] for k in range(len(curr)) if k not in out} - {-1}):
        p = out.get(c)
        if p is None:
            continue
        came = [k for k in curr.children[c] if k not in out]
        left = [q for q in prev.children[p] if q not in used]
        if len(came) != 1 or len(left) != 1:
            if holds_rows(curr, c) or holds_rows(prev, p):
                continue  # a list's children are its rows, never its wrappers
            if holding is None:  # the paired positions, sorted once (see _holds)
                holding = (sorted(pairs), sorted(pairs.values()))
            came = [k for k in came if _holds(curr, holding[0], k)]
            left = [q for q in left if _holds(prev, holding[1], q)]
            if len(came) != 1 or len(left) != 1:
                continue
        k, q = came[0], left[0]
        one = scrolls_by_nature(curr.nodes[c]) and len(curr.children[c]) == 1
        if one and not kept_page(prev, p, curr, c) and not inner_scroller(prev, q, curr, k):
            continue  # a list's one row is a row, but for a page it kept (recycled.py)
        a, b = prev.nodes[q], curr.nodes[k]
        if a.class_name == b.class_name and bare(a) and bare(b) and a.bounds.iou(b.bounds) > 0:
            out[k] = q
            used.add(q)
    return out


def inner_scroller(prev: Frame, q: int, curr: Frame, k: int) -> bool:
    """Whether the one rows ``q`` and ``k`` of a list hold a scroller of one box in both
    frames, in a box of their own kept: the row is the list's content around it (a
    launcher's workspace, a ScrollView of element dicts, around its smartspace pager), and
    what changed is the pager's page, turned. Element dicts carry no ids to pair the row by:
    it read as the one row of the workspace come and gone, the workspace turned a page
    (``tests/core/real_scrolls/pager_slivers.py``, 28 on element dicts). O(size of the
    rows)."""
    if prev.nodes[q].bounds != curr.nodes[k].bounds:
        return False
    old, new = _first_scroller(prev, q), _first_scroller(curr, k)
    return old is not None and new is not None and old == new


def _first_scroller(frame: Frame, pos: int) -> Bounds | None:
    """The box of the first node below ``pos`` that scrolls by its nature, or None."""
    natural = natures(frame)
    for at in range(pos + 1, frame.subtree_end(pos)):
        if natural[at]:
            return frame.nodes[at].bounds
    return None


def _holds(frame: Frame, paired: list[int], pos: int) -> bool:
    """Whether ``pos``'s subtree holds a position of ``paired`` (sorted) below it: one lies
    between ``pos`` and the end of its subtree (document order). O(log n) a position asked,
    after one sort at C speed; :func:`_holding` is the long way, which walked up from every
    paired position of both frames on each of a step's three calls that asked it (2 % of a
    contact form's bytecodes, for the one or two children asked; issue 19).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> f = Frame(parse_uiautomator('<hierarchy><node class="A" bounds="[0,0][9,9]"><node'
    ...     ' class="B" bounds="[0,0][9,9]"/><node class="C" bounds="[0,0][9,9]"/></node>'
    ...     '</hierarchy>'))
    >>> [_holds(f, [2], pos) for pos in range(3)]
    [True, False, False]
    """
    i = bisect_right(paired, pos)
    return i < len(paired) and paired[i] < frame.subtree_end(pos)


def _holding(frame: Frame, paired: Iterable[int]) -> set[int]:
    """The positions of ``frame`` whose subtree holds a position of ``paired`` below them:
    :func:`_holds` of every position, the long way (``tests/core/test_small_pair_skips.py``).
    O(n): each position is added once, and a walk up stops at one added before.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> f = Frame(parse_uiautomator('<hierarchy><node class="A" bounds="[0,0][9,9]"><node'
    ...     ' class="B" bounds="[0,0][9,9]"/><node class="C" bounds="[0,0][9,9]"/></node>'
    ...     '</hierarchy>'))
    >>> sorted(_holding(f, [2]))
    [0]
    """
    out: set[int] = set()
    parents = frame.parents
    for pos in paired:
        pos = parents[pos]
        while pos >= 0 and pos not in out:
            out.add(pos)
            pos = parents[pos]
    return out
