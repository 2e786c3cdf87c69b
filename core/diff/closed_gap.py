"""A row that moved into the gap a sibling left (or out of the one a new sibling made), cut
by the list's edge in one frame: the same row, paired on its content.

A row swiped away (``ItemTouchHelper``) pulls the rows below it up by its pitch; the row
under it that the list's bottom edge cut comes up whole, and a row comes in at the bottom.
Read backwards (the undo), the row comes back and pushes them down. A list held at its
end pulls the rows *above* down instead. Pass 3 of :mod:`deltarec.core.diff.match` pairs a
row with the old row in its slot (its neighbour's old neighbour) or in place (overlap);
the moved row is neither: its old slot is after the row that left, and the cut left it a
sliver of its old box, far from where it is. Its rows below are no anchor either: the one
that came in at the edge took the last slot.

The evidence (:func:`into_gap`): the two rows show a label no other row of either list
shows; one of them is cut by its list's edge along the axis, the other shows more of
itself; and their siblings say where the gap is. Toward one side, the nearest paired
siblings of the two are one pair (or both lists end there), and between that anchor and
the rows only one frame holds rows, unpaired, all of one kind (the rows taken away, or put
in); and the rows sit, from the anchor, where the first of those rows did (a removal) or
where the first of them now does (an insertion). A scroll keeps every row's distance to
the rows that stayed, so it never makes this shape; a reorder keeps the row count.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from itertools import compress
from operator import attrgetter
from typing import cast

from deltarec.core.diff.axis import flip, sideways
from deltarec.core.diff.pair_evidence import own_content
from deltarec.core.diff.row_content import holds_rows, kind, own_texts, texts, unpair_inside
from deltarec.core.diff.sibling_runs import SiblingRuns
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures
from deltarec.core.observe.model import Bounds, Node

SLACK = 2
"""Pixels of rounding allowed where a row sits from its anchor."""

_state = cast(
    Callable[[Node], tuple[bool, bool, bool]], attrgetter("selected", "checked", "enabled")
)
"""A node's state: selected, checked, enabled (read at C speed)."""


def into_gap(
    prev: Frame,
    curr: Frame,
    c: int,
    candidates: list[int],
    pairs: Mapping[int, int],
    used: Container[int],
    runs: SiblingRuns | None = None,
) -> list[int]:
    """The old rows among ``candidates`` (siblings of row ``c``'s old counterpart, unpaired)
    that ``c`` is, having moved into a gap a sibling left or out of one a new sibling made,
    cut by the list's edge in one of the frames (module docstring), or moved with the
    neighbour beside it (:func:`beside_its_neighbour`: those first). Empty unless ``c`` is a
    row of a list (:func:`~deltarec.core.diff.row_content.holds_rows`). O(siblings) per
    candidate; O(log siblings) with ``runs`` (pass 3's, :mod:`.sibling_runs`).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):  # rows 100 px high in a list 250 px high: the third one is cut
    ...     boxes = [(t, f"[0,{y}][100,{min(y + 100, 250)}]") for t, y in rows]
    ...     nodes = "".join(f'<node class="Row" bounds="{b}"><node class="T" text="{t}"'
    ...                     f' bounds="{b}"/></node>' for t, b in boxes)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,250]">{nodes}</node></hierarchy>'))
    >>> before = shot(("a", 0), ("b", 100), ("c", 200))
    >>> after = shot(("a", 0), ("c", 100), ("d", 200))  # "b" swiped away: "c" came up whole
    >>> into_gap(before, after, 3, [3, 5], {0: 0, 1: 1, 2: 2}, {0, 1, 2})
    [5]
    >>> into_gap(after, before, 5, [3], {0: 0, 1: 1, 2: 2}, {0, 1, 2})  # the undo
    [3]
    """
    parent = curr.parents[c]
    if parent < 0 or not holds_rows(curr, parent):
        return []
    beside = [p for p in candidates if beside_its_neighbour(prev, p, curr, c, pairs, used, runs)]
    mine = texts(curr, c) & own_texts(curr, c)
    if beside or not mine:
        return beside
    out: list[int] = []
    for p in candidates:
        old_parent = prev.parents[p]
        if old_parent < 0 or pairs.get(parent) != old_parent:
            continue
        if not (mine & texts(prev, p) & own_texts(prev, p)):
            continue
        along = _axis(prev, old_parent, curr, parent)
        a, b = along(prev.nodes[p].bounds), along(curr.nodes[c].bounds)
        if (a.left, a.right) != (b.left, b.right) or not _cut(
            a, along(prev.nodes[old_parent].bounds), b, along(curr.nodes[parent].bounds)
        ):
            continue
        if any(_gap(prev, curr, p, c, pairs, used, step, runs, along) for step in (-1, 1)):
            out.append(p)
    return out


def _axis(prev: Frame, old_parent: int, curr: Frame, parent: int) -> Callable[[Bounds], Bounds]:
    """How to read the boxes of list ``parent`` (``old_parent`` before) along its axis: as
    they are, or flipped across the diagonal where its items sit side by side in both
    frames (a list turned a quarter: its side edges cut them, :func:`.axis.flip`)."""
    return flip if sideways(curr, parent) and sideways(prev, old_parent) else _upright


def _cut(a: Bounds, old_box: Bounds, b: Bounds, box: Bounds) -> bool:
    """Whether one of the two boxes is cut by its list's top or bottom edge and shows less of
    itself than the other."""
    if a.height < b.height:
        return a.top <= old_box.top or a.bottom >= old_box.bottom
    if b.height < a.height:
        return b.top <= box.top or b.bottom >= box.bottom
    return False


def _gap(
    prev: Frame,
    curr: Frame,
    p: int,
    c: int,
    pairs: Mapping[int, int],
    used: Container[int],
    step: int,
    runs: SiblingRuns | None,
    along: Callable[[Bounds], Bounds],
) -> bool:
    """Whether, looking toward the siblings before (``step`` -1) or after (1) the rows, their
    nearest paired siblings are one pair (or there are none), rows of one frame only lie
    between that anchor and the rows, and the rows sit from the anchor where the first of
    those did (taken away) or does (put in). ``along``: the boxes read along the list's
    axis (:func:`_axis`)."""
    old_kids, new_kids = prev.children[prev.parents[p]], curr.children[curr.parents[c]]
    i, j = prev.sibling_index[p], curr.sibling_index[c]
    gone = _span(old_kids, i, step, used, runs)
    came = _span(new_kids, j, step, pairs, runs)
    if bool(gone) == bool(came):
        return False  # nothing between, or rows both ways: no gap, or another change
    old_anchor = _next(old_kids, i, step, gone)
    new_anchor = _next(new_kids, j, step, came)
    if (old_anchor is None) != (new_anchor is None):
        return False
    if new_anchor is not None and pairs.get(new_anchor) != old_anchor:
        return False
    frame, kids, at, count = (prev, old_kids, i, gone) if gone else (curr, new_kids, j, came)
    if not _one_kind(frame, kids, at, step, count, runs):
        return False  # rows of one kind, as a list's rows that went or came are
    old_box, box = (
        along(prev.nodes[prev.parents[p]].bounds),
        along(curr.nodes[curr.parents[c]].bounds),
    )
    old_from = _edge(prev, old_anchor, step, old_box, along)
    new_from = _edge(curr, new_anchor, step, box, along)
    if gone:  # the row sits where the first row taken away (next to the anchor) sat
        first = along(prev.nodes[old_kids[i + step * gone]].bounds)
        now = along(curr.nodes[c].bounds)
        return _near(_side(now, step) - new_from, _side(first, step) - old_from)
    first = along(curr.nodes[new_kids[j + step * came]].bounds)
    was = along(prev.nodes[p].bounds)
    return _near(_side(was, step) - old_from, _side(first, step) - new_from)


def _span(
    kids: list[int], i: int, step: int, paired: Container[int], runs: SiblingRuns | None
) -> int:
    """How many unpaired siblings (not in ``paired``) lie next to ``kids[i]`` toward ``step``:
    from ``runs`` when it holds ``kids`` (O(log n)), else walked (O(run))."""
    got = None if runs is None else runs.span(kids, i, step)
    if got is not None:
        return got
    k = i + step
    while 0 <= k < len(kids) and kids[k] not in paired:
        k += step
    return abs(k - i) - 1


def _one_kind(
    frame: Frame, kids: list[int], i: int, step: int, count: int, runs: SiblingRuns | None
) -> bool:
    """Whether the ``count`` siblings next to ``kids[i]`` toward ``step`` have one class and
    resource id."""
    lo, hi = sorted((i + step, i + step * count))
    nodes = frame.nodes

    def kind_of(k: int) -> tuple[str, str]:
        return (nodes[k].class_name, nodes[k].resource_id)

    got = None if runs is None else runs.one_kind(kids, lo, hi, kind_of)
    if got is not None:
        return got
    return len({kind_of(k) for k in kids[lo : hi + 1]}) == 1


def _next(kids: list[int], i: int, step: int, skipped: int) -> int | None:
    k = i + step * (skipped + 1)
    return kids[k] if 0 <= k < len(kids) else None


def _side(b: Bounds, step: int) -> int:
    """The edge of ``b`` that faces the anchor: its top when the anchor is above."""
    return b.top if step < 0 else -b.bottom


def _edge(
    frame: Frame, anchor: int | None, step: int, box: Bounds, along: Callable[[Bounds], Bounds]
) -> int:
    """Where rows start from the anchor (its facing edge), or the list's edge without one."""
    if anchor is None:
        return box.top if step < 0 else -box.bottom
    b = along(frame.nodes[anchor].bounds)
    return b.bottom if step < 0 else -b.top


def _upright(b: Bounds) -> Bounds:
    return b


def _near(a: int, b: int) -> bool:
    return abs(a - b) <= SLACK


def beside_its_neighbour(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    pairs: Mapping[int, int],
    used: Container[int],
    runs: SiblingRuns | None = None,
) -> bool:
    """Whether row ``c`` is old row ``p`` that an edge of its list cuts in one frame, placed
    by its neighbour:

    - its sibling before (or after) is paired with ``p``'s sibling before (after), past the
      rows between them that left (a gap closed) or came in (one opened);
    - it sits from that neighbour where it sat (where the first row that left sat, or
      where the first row that came in sits), within :data:`SLACK`: it moved with its
      neighbour, as the rows below a gap closed or opened do;
    - one of the two is cut by the list's edge on the far side, and it shows more or less
      of itself (or stayed in its very box);
    - the texts of one are all in the other's (a sliver shows none), and it is in the same
      state (selected, checked, enabled: a row moved keeps it; a selected sliver, then a
      whole row that is not, is another row as likely, and the pair would state a change).

    A row the bottom edge cut to a sliver, pushed down by a row put back above it, shows
    nothing of its own to be known by: its neighbour places it; so does a sliver at the top
    edge that stayed while rows below it left (its key, made of nothing but its place,
    changes when another sliver comes in). With rows put back (or taken away) between them
    the sliver may be one of those rows (two rows put back, the second cut to a sliver; the
    sliver archived with the row above it): the dumps cannot tell, and the common case (the
    sliver was not selected) is taken. O(siblings between it and its neighbour); O(log
    siblings) with ``runs`` (pass 3's, :mod:`.sibling_runs`).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):  # rows 100 px high in a list 250 px high
    ...     boxes = [(t, f"[0,{y}][100,{min(y + 100, 250)}]") for t, y in rows]
    ...     nodes = "".join(f'<node class="Row" bounds="{b}">' + (f'<node class="T" text="{t}"'
    ...                     f' bounds="{b}"/>' if t else '') + '</node>' for t, b in boxes)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,250]">{nodes}</node></hierarchy>'))
    >>> before = shot(("b", 0), ("c", 100))
    >>> after = shot(("a", 0), ("b", 100), ("", 200))  # "a" put back: "c" pushed to a sliver
    >>> pairs = {0: 0, 3: 1, 4: 2}  # "b" moved down with it
    >>> beside_its_neighbour(before, 3, after, 5, pairs, {0, 1, 2})
    True
    >>> beside_its_neighbour(after, 5, before, 3, {0: 0, 1: 3, 2: 4}, {0, 3, 4})  # the undo
    True
    >>> other = shot(("b", 0), ("a", 100), ("", 200))  # "a" put back below "b": "c" pushed
    >>> beside_its_neighbour(before, 3, other, 5, {0: 0, 1: 1, 2: 2}, {0, 1, 2})
    True
    >>> other = shot(("a", 0), ("b", 100), ("d", 200))  # a row that shows other texts
    >>> beside_its_neighbour(before, 3, other, 5, pairs, {0, 1, 2})
    False
    """
    return neighbour_skip(prev, p, curr, c, pairs, used, runs) is not None


def neighbour_skip(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    pairs: Mapping[int, int],
    used: Container[int],
    runs: SiblingRuns | None = None,
) -> int | None:
    """How many rows lie between rows ``p`` / ``c`` and the neighbour that holds them as
    :func:`beside_its_neighbour` says (rows that left or came in: 0 when the neighbour is
    the sibling next to each), the fewest over the two sides; None when none holds them."""
    parent, old_parent = curr.parents[c], prev.parents[p]
    if parent < 0 or old_parent < 0 or pairs.get(parent) != old_parent:
        return None
    a, b = texts(prev, p), texts(curr, c)
    if not (a <= b or b <= a) or _state(prev.nodes[p]) != _state(curr.nodes[c]):
        return None  # other texts, or a state changed: its place is all it has, no pair
    # Read along the list's axis: a list turned a quarter (its items side by side in both
    # frames) has its items cut by its side edges; its boxes flipped read as a list's.
    kids, old_kids = curr.children[parent], prev.children[old_parent]
    along = _axis(prev, old_parent, curr, parent)
    box, old_box = along(curr.nodes[parent].bounds), along(prev.nodes[old_parent].bounds)
    was, now = along(prev.nodes[p].bounds), along(curr.nodes[c].bounds)
    if was.height == now.height and was != now:
        return None  # neither shows more of itself: no edge cut one of them
    low = now.bottom >= box.bottom or was.bottom >= old_box.bottom
    high = now.top <= box.top or was.top <= old_box.top
    if not (low or high):
        return None  # asked first: most candidates sit clear of the edges (O(1))
    best: int | None = None
    i, j = curr.sibling_index[c], prev.sibling_index[p]
    for step in (-1, 1) if low and high else ((-1,) if low else (1,)):
        came = _span(kids, i, step, pairs, runs)
        gone = _span(old_kids, j, step, used, runs)
        k, q = _next(kids, i, step, came), _next(old_kids, j, step, gone)
        if (came and gone) or k is None or q is None or pairs.get(k) != q:
            continue  # rows both ways between them: another change
        nb, old_nb = along(curr.nodes[k].bounds), along(prev.nodes[q].bounds)
        # Where the row sits from its neighbour: where the first row that left sat (a gap
        # closed), or where the first row that came in sits (one opened), else where it was.
        old_at = along(prev.nodes[old_kids[j + step * gone]].bounds) if gone else was
        now_at = along(curr.nodes[kids[i + step * came]].bounds) if came else now
        if step < 0:  # below its neighbour: its top is its own; the bottom edge may cut it
            held = _near(now_at.top - nb.bottom, old_at.top - old_nb.bottom)
        else:  # above its neighbour: its bottom is its own; the top edge may cut it
            held = _near(nb.top - now_at.bottom, old_nb.top - old_at.bottom)
        if held and (best is None or came + gone < best):
            best = came + gone
    return best


def unpair_left_behind(prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]) -> None:
    """Drop the pairs of parts known only by their place (a form section's ``kind_editors``:
    :func:`~deltarec.core.diff.pair_evidence.own_content`) that a row which came in holds
    (its parent is unpaired) while their old row is paired with another row, which has a
    slot of their kind empty, and that show other texts: the old row moved (into a gap, or
    out of one), and the row that came in took its old box, so their parts' keys met
    there. "Rjqpg #101" moved up whole; "Skrqh #102" came in cut where it was cut before:
    its field is not the old field with its text edited. Every pair inside goes with them.
    O(pairs) when no such part is paired, else O(n).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):
    ...     nodes = "".join(f'<node class="S" bounds="[0,{y}][100,{z}]"><node class="I"'
    ...                     f' content-desc="{t}" bounds="[0,{y}][9,{z}]"/><node class="E"'
    ...                     f' bounds="[9,{y}][100,{z}]"><node text="{t}"'
    ...                     f' class="android.widget.EditText" bounds="[9,{y}][100,{z}]"/>'
    ...                     '</node></node>' for t, y, z in rows)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L"'
    ...                                    f' bounds="[0,0][100,300]">{nodes}</node></hierarchy>'))
    >>> before = shot(("a", 0, 50), ("b", 50, 200), ("n", 200, 300))
    >>> after = shot(("c", 0, 50), ("a", 50, 200), ("n", 200, 300))
    >>> pairs = {0: 0, 5: 1, 6: 2, 3: 3, 4: 4, 9: 9, 10: 10, 11: 11, 12: 12}
    >>> unpair_left_behind(before, after, pairs, set(pairs.values()))  # "c" took "a"'s box
    >>> sorted(pairs.items())
    [(0, 0), (5, 1), (6, 2), (9, 9), (10, 10), (11, 11), (12, 12)]
    """
    # The pairs whose parent is unpaired: the paired children of the few unpaired nodes (read
    # at C speed; the order is sorted below).
    unpaired = set(range(len(curr))).difference(pairs)
    loose = [c for u in unpaired for c in curr.children[u] if c in pairs]
    if not loose:
        return
    known = own_content(curr)
    owner = dict(zip(pairs.values(), pairs, strict=True))  # {p: c for c, p in pairs.items()}
    for c in sorted(loose):
        p = pairs.get(c)
        if p is None or known[c]:
            continue
        now = owner.get(prev.parents[p])
        if now is None or now == curr.parents[c]:
            continue
        a, b = texts(prev, p), texts(curr, c)
        if not (a and b) or a & b:
            continue
        like = kind(curr.nodes[c])
        if not any(k not in pairs and kind(curr.nodes[k]) == like for k in curr.children[now]):
            continue
        unpair_inside(prev, p, curr, c, pairs, used)


def unpair_strips_moved_alone(
    prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]
) -> None:
    """Drop the pairs of a list's first or last row cut by its edge in one frame (a strip)
    with a row that shows more of itself in the other, where the strip shows a label the
    row does not (beside one they share) and the row moved as none of its list's paired
    rows did. A strip shows some of its row's labels, each where the row's move puts it;
    one that shows another label is that row only if it moved as the list did (a row
    pushed down by a refresh, edited as it went: its neighbours moved as far). The shared
    label (a sender) is all that pairs them: "Ken · Mar 25" cut by the bottom edge is no
    strip of "Ken · Your order shipped #116 · Mar 5" put back by an undo above it while
    every row above stayed (the strip's row pushed out of view; read as the strip moved up
    660 px into a gap, its date edited, the undo's rows took their numbers). O(lists)
    when no edge row is such a strip, else O(their rows).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*rows):  # rows 100 px high in a list 250 px high: the last one may be cut
    ...     nodes = "".join(f'<node class="Row" bounds="[0,{y}][100,{min(y + 100, 250)}]">'
    ...         + "".join(f'<node class="T" text="{t}" bounds="[0,{y}][100,{y + 9}]"/>'
    ...                   for t in ts) + '</node>' for ts, y in rows)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,250]">{nodes}</node></hierarchy>'))
    >>> before = shot((["a"], 0), (["x"], 100), (["Ken", "Mar 25"], 200))
    >>> after = shot((["a"], 0), (["Ken", "Mar 5"], 100), (["b"], 200))  # "a" stayed
    >>> pairs = {0: 0, 1: 1, 2: 2, 3: 5, 4: 6}  # the strip's row and its sender paired
    >>> unpair_strips_moved_alone(before, after, pairs, set(pairs.values()))
    >>> sorted(pairs)
    [0, 1, 2]
    >>> was = shot((["a"], 0), (["Ken", "Mar 25"], 100))
    >>> pushed = shot((["n"], 0), (["a"], 100), (["Ken", "Mar 5"], 200))  # a refresh, edited
    >>> pairs = {0: 0, 3: 1, 4: 2, 5: 3, 6: 4}  # "a" pushed down as far: one row
    >>> unpair_strips_moved_alone(was, pushed, pairs, {0, 1, 2, 3, 4})
    >>> sorted(pairs)
    [0, 3, 4, 5, 6]
    """
    for lc in compress(range(len(curr.nodes)), natures(curr)):  # the lists, at C speed
        lp = pairs.get(lc)
        if lp is None:
            continue
        kids, old_kids = curr.children[lc], prev.children[lp]
        if not (kids and old_kids):
            continue
        strips = [(c, pairs.get(c, -1)) for c in (kids[0], kids[-1])]
        old = [p for p in (old_kids[0], old_kids[-1]) if p in used]
        if old:  # an old edge row paired: with which row (its list's rows, walked once)
            strips += [(c, q) for c in kids if (q := pairs.get(c, -1)) in old]
        for c, p in strips:
            if p >= 0 and _moved_alone(prev, p, curr, c, pairs):
                unpair_inside(prev, p, curr, c, pairs, used)


def _moved_alone(prev: Frame, p: int, curr: Frame, c: int, pairs: Mapping[int, int]) -> bool:
    """Whether the pair ``c`` / ``p`` is a strip and a row that shows more of itself, the
    strip showing a label the row does not beside one they share, moved (read off an edge
    its list cuts in neither frame, from its list's top) as no other paired row of its
    list moved (each read so), and some did (:func:`unpair_strips_moved_alone`). A strip
    with no such edge tells nothing: it is no strip moved alone."""
    was, now = prev.nodes[p].bounds, curr.nodes[c].bounds
    if was.height == now.height:
        return False  # asked first: neither shows more of itself (most edge rows, O(1))
    parent, old_parent = curr.parents[c], prev.parents[p]
    if pairs.get(parent) != old_parent:
        return False
    box, old_box = curr.nodes[parent].bounds, prev.nodes[old_parent].bounds
    if not _cut(was, old_box, now, box):
        return False
    old_shown, shown = texts(prev, p), texts(curr, c)
    strip, row = (old_shown, shown) if was.height < now.height else (shown, old_shown)
    if not (strip & row and strip - row):
        return False  # some of the row's labels (or none): a strip of it as likely
    # Each row's move read off an edge its list cuts in neither frame (None: none such, no
    # telling): a ScrollView's rows cut by its top edge alike (Gmail's search overlay over
    # its whole list) kept that edge's place as they scrolled, and the list cut by the top
    # edge, then by the bottom one, kept its height: either read as the strip alone moving
    # (the inbox's list unpaired whole as its ScrollView scrolled, test_ext_inbox).
    move = _uncut_move(was, old_box, now, box)
    if move is None:
        return False
    others = [
        m
        for k in curr.children[parent]
        if k != c and (q := pairs.get(k)) is not None and prev.parents[q] == old_parent
        if (m := _uncut_move(prev.nodes[q].bounds, old_box, curr.nodes[k].bounds, box)) is not None
    ]
    return bool(others) and all(abs(m - move) > SLACK for m in others)


def _rel(b: Bounds, box: Bounds, top: bool) -> int:
    """Where ``b``'s top (or bottom) edge sits from its list's top."""
    return (b.top if top else b.bottom) - box.top


def _uncut_move(was: Bounds, old_box: Bounds, now: Bounds, box: Bounds) -> int | None:
    """How far a row moved from its list's top, read off its top edge where the list's top
    edge cuts it in neither frame, else off its bottom edge where the bottom edge cuts it
    in neither; None when each frame has one of its edges cut."""
    if was.top > old_box.top and now.top > box.top:
        return _rel(now, box, True) - _rel(was, old_box, True)
    if was.bottom < old_box.bottom and now.bottom < box.bottom:
        return _rel(now, box, False) - _rel(was, old_box, False)
    return None
