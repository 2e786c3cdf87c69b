"""Numbers an element keeps across screens: what an :class:`~deltarec.core.observer.Observer`
gives a step that reads as a new screen (issue 18: one number per element for a session).

- :func:`bar_pairs`: the system bars persist across screens (the clock, the battery), so on a
  new screen their elements keep the numbers they had, paired by the diff bar to bar (a clock
  that ticked is still the clock): ``[0]`` on the launcher and in every app.
- :func:`numbers_again`: a screen started again that differs from the one remembered under
  its label (a relaunched list: a row archived since, or put in, or the list back at its top)
  gives back the numbers of the elements the diff from that frame pairs, under the same role
  and a name no other element of either frame has, that stayed in place or moved as
  :data:`ALONG` such elements side by side moved (by the edge a list's edge does not cut): a
  row's name holds all its labels, so that is its whole content, unique on both sides (and a
  label's row is paired as that row too: senders repeat), at the offset its neighbours agree
  on — the evidence that it is that row (its key alone never is inside recycled content,
  :func:`~deltarec.core.observe.index.in_recycled_content`; a lone ad of the same words
  further down the list is another ad). A row alone places itself where two labels of its
  own, one whole in both frames, agree with it on its move, each frame's list edge cutting
  it or not (:func:`_one_row`: a list relaunched at its top shows last the row it showed
  first).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.observe.index import build_index
    >>> row = '<node class="android.widget.Button" text="{}" clickable="true" bounds="{}"/>'
    >>> dump = lambda *rows: Frame(parse_uiautomator('<hierarchy><node class="L" '
    ...     'scrollable="true" bounds="[0,0][100,300]">' + "".join(
    ...     row.format(t, f"[0,{i * 50}][100,{i * 50 + 40}]") for i, t in enumerate(rows))
    ...     + '</node></hierarchy>'))
    >>> old = build_index(dump("Ada #1", "Ken #2", "Ken #2", "Bo #3", "Cy #4", "Di #5"))
    >>> new = dump("Ada #1", "Ken #2", "Bo #3", "Cy #4", "Di #5")  # a Ken #2 archived
    >>> names = ["", "Ada #1", "Ken #2", "Bo #3", "Cy #4", "Di #5"]
    >>> pairs = {0: 0, 1: 1, 2: 2, 3: 4, 4: 5, 5: 6}  # the diff's
    >>> numbers_again(old, new, names, [1, 2, 3, 4, 5], pairs)  # Ken #2 was twice: not back
    {1: 1, 3: 4, 4: 5, 5: 6}
    >>> numbers_again(old, new, names, [1, 2, 3, 4, 5], {1: 1, 3: 4})  # Bo #3 moved alone
    {1: 1}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observe.model import Bounds

ALONG = 3
"""How many elements side by side (boxes that do not overlap) must have moved by one offset
for that move to be the list's, not a coincidence of words (module docstring)."""


def bar_pairs(
    pairs: Mapping[int, int], bars_now: AbstractSet[int], bars_before: AbstractSet[int]
) -> dict[int, int] | None:
    """The ``pairs`` (current position -> previous) from a bar node to a bar node; None when
    the current frame has no bars. O(pairs)."""
    if not bars_now:
        return None
    return {c: p for c, p in pairs.items() if c in bars_now and p in bars_before}


def unique_names(frame: Frame, names: Sequence[str], order: Sequence[int]) -> dict[int, str]:
    """``pos -> "role name"`` of the elements at ``order`` whose role and name no other
    element there has (empty names left out). O(elements)."""
    said = [(frame.nodes[p].role, names[p]) for p in order]
    counts = Counter(said)
    return {p: f"{r} {n}" for p, (r, n) in zip(order, said, strict=True) if n and counts[r, n] == 1}


def numbers_again(
    old: ElementIndex,
    frame: Frame,
    names: Sequence[str],
    order: Sequence[int],
    pairs: Mapping[int, int],
    measured: Iterable[tuple[int, int]] = (),
) -> dict[int, int]:
    """``pos -> number`` for the elements of ``frame`` (its labels ``names``, its elements
    ``order``) that ``pairs`` (the diff from ``old``'s frame) pairs with an element ``old``
    numbered, under the same role and a name unique on both sides, and so is every element
    around it that has such a name (its row), in place or moved as :data:`ALONG` such
    elements side by side moved, or as a scroll the diff measured moved its content
    (``measured``: each ``(dx, dy)``), within a px of a scaled screen's rounding (module
    docstring). O(pairs × depth)."""
    was = unique_names(old.frame, old.names, [e.pos for e in old.elements])
    now = unique_names(frame, names, order)

    def _rows_too(c: int) -> bool:
        """Whether every element around ``c`` with a name of its own is paired under that
        name too: a sender's name is in many rows (``Barbara`` of mail #13 and of #5), its
        row's name, all its labels, in one."""
        a = parents[c]
        while a >= 0:
            if a in now and (pairs.get(a) is None or was.get(pairs[a]) != now[a]):
                return False
            a = parents[a]
        return True

    moves: dict[tuple[int, int], list[Bounds]] = {}
    found: list[tuple[int, int, tuple[int, int], tuple[int, int]]] = []
    parents = frame.parents
    for c, p in pairs.items():
        number = old.number_of.get(p)
        if number is not None and c in now and now[c] == was.get(p) and _rows_too(c):
            a, b = old.frame.nodes[p].bounds, frame.nodes[c].bounds
            top = (b.left - a.left, b.top - a.top)
            moves.setdefault(top, []).append(b)
            found.append((c, number, top, (b.right - a.right, b.bottom - a.bottom)))
    agreed = {(0, 0), *measured}
    agreed.update(m for m, boxes in moves.items() if _side_by_side(boxes, m[1] == 0) >= ALONG)
    rowed = _one_row(found, old.frame, frame, pairs)

    def fits(move: tuple[int, int]) -> bool:
        return any(abs(move[0] - x) <= 1 and abs(move[1] - y) <= 1 for x, y in agreed)

    # a row the list's edge cuts moved with the rest by its uncut edge
    return {c: number for c, number, top, end in found if fits(top) or fits(end) or c in rowed}


IN_ROW = 2
"""How many labels of one row, apart along the move, one of them whole in both frames,
must have moved with it for the row alone to place its list (:func:`_one_row`)."""


def _one_row(
    found: Sequence[tuple[int, int, tuple[int, int], tuple[int, int]]],
    old: Frame,
    frame: Frame,
    pairs: Mapping[int, int],
) -> set[int]:
    """The elements one row alone places (it and the labels in it): a row whose name (all
    its labels) is its own on both sides, holding :data:`IN_ROW` labels of their own apart
    along the move, one of them whole in both frames (its size kept), each of which moved
    by it (:func:`_agrees`: an edge the list's edge cut in one frame excepted), as the row
    did, and no element of its own name inside it moved otherwise — a relaunched list back
    at its top shows last the row its last frame showed first, each frame's edge cutting
    it. Its content, whole and unique on both sides, names it; its labels, where it went.
    O(found x depth)."""
    at = {c: (top, end) for c, _, top, end in found}
    inside: dict[int, list[int]] = {}
    parents = frame.parents
    for c in at:
        a = parents[c]
        while a >= 0:
            if a in at:
                inside.setdefault(a, []).append(c)
            a = parents[a]
    out: set[int] = set()
    for row, labels in inside.items():
        was, now = _list_box(old, pairs[row]), _list_box(frame, row)
        if was is None or now is None:
            continue
        boxes = {c: (old.nodes[pairs[c]].bounds, frame.nodes[c].bounds) for c in [row, *labels]}
        for move in {m for c in labels for m in at[c]}:
            if not all(_agrees(*boxes[c], move, was, now) for c in [row, *labels]):
                continue
            whole = any(
                (a.width, a.height) == (b.width, b.height) for a, b in (boxes[c] for c in labels)
            )
            if whole and _side_by_side([boxes[c][1] for c in labels], move[1] == 0) >= IN_ROW:
                out.update(boxes)
                break
    return out


def _list_box(frame: Frame, pos: int) -> Bounds | None:
    """The box of the nearest scrollable node around ``pos``."""
    a = frame.parents[pos]
    while a >= 0 and not frame.nodes[a].scrollable:
        a = frame.parents[a]
    return None if a < 0 else frame.nodes[a].bounds


def _agrees(a: Bounds, b: Bounds, move: tuple[int, int], was: Bounds, now: Bounds) -> bool:
    """Whether an element at ``a`` then, ``b`` now, moved by ``move``: each edge where the
    move puts it, or short of it on the edge of its list (``was``, ``now``) that cut it.

    >>> B = Bounds
    >>> _agrees(B(0, 252, 9, 392), B(0, 2112, 9, 2274), (0, 1900), B(0, 252, 9, 2274),
    ...         B(0, 252, 9, 2274))  # cut by the top edge then, by the bottom edge now
    True
    >>> _agrees(B(0, 300, 9, 392), B(0, 2112, 9, 2274), (0, 1900), B(0, 252, 9, 2274),
    ...         B(0, 252, 9, 2274))  # its top was in view: it moved otherwise
    False
    """
    dx, dy = move
    for then, nowe, low_then, low_now, high_then, high_now in (
        (a.left + dx, b.left, a.left == was.left, b.left == now.left, False, False),
        (a.top + dy, b.top, a.top == was.top, b.top == now.top, False, False),
        (a.right + dx, b.right, False, False, a.right == was.right, b.right == now.right),
        (a.bottom + dy, b.bottom, False, False, a.bottom == was.bottom, b.bottom == now.bottom),
    ):
        if abs(then - nowe) <= 1:
            continue
        low = low_then or low_now  # a left or top edge: the cut one lies further in
        if low and ((then > nowe and low_then) or (then < nowe and low_now)):
            continue
        high = high_then or high_now
        if high and ((then < nowe and high_then) or (then > nowe and high_now)):
            continue
        return False
    return True


def _side_by_side(boxes: Iterable[Bounds], across: bool) -> int:
    """How many of ``boxes`` lie apart along the move's axis (``across``: sideways, a chip
    strip), each past the last counted: a row and the labels inside it count once.
    O(k log k)."""
    count, end = 0, None
    for start, stop in sorted((b.left, b.right) if across else (b.top, b.bottom) for b in boxes):
        if end is None or start >= end:
            count, end = count + 1, stop
    return count


def rows_moved(prev: Frame, curr: Frame, pairs: Mapping[int, int], given: Iterable[int]) -> bool:
    """Whether ``curr`` shows the screen of ``prev`` scrolled (``pairs``: the diff's, ``curr``
    to ``prev``; ``given``: elements of ``curr`` given their numbers back): such an element
    moved (a relaunched list's rows, left far from its top, come back elsewhere in its view),
    or a list of rows (two or more children) is paired in both frames, none of its rows given
    a number back (left a page or more from its top). Another item shown by the same activity
    under the same title (another message of one sender, laid out once in its ScrollView)
    keeps only its bars and labels in place, which are that item's, not the last one's."""
    kept = set(given)
    if any(curr.nodes[c].bounds != prev.nodes[pairs[c]].bounds for c in kept):
        return True
    return any(
        curr.nodes[c].scrollable
        and len(curr.children[c]) > 1
        and len(prev.children[p]) > 1
        and kept.isdisjoint(curr.children[c])
        for c, p in pairs.items()
    )
