"""Match the nodes of two frames: which node of ``curr`` is which node of ``prev``.

:func:`match_frames` runs four passes; each only considers nodes the earlier passes left
unmatched, so earlier evidence always wins (the tie-break order):

1. **keys** — equal stable keys (:mod:`deltarec.core.observe.identity`), unique in a frame: a
   join that survives scrolls, inserted siblings and moves between parents.
2. **bottom-up** — an unmatched node at least half of whose children matched children of one
   unmatched old node of the same class and resource id is that node (a row whose summary
   changed). Children first, so chains of ancestors come back in one pass; votes break ties.
   Then pass 1's keys are read again under paired parents whose keys changed (:mod:`.rekeyed`).
3. **top-down** — inside two matched parents, unmatched children with the same class, resource
   id and role pair up in the same slot (same matched neighbour, or both first / last) *and*
   on evidence (below): a summary "Off" → "On". Several: the most similar (text, then box).
4. **geometry** — leftovers with the same class, resource id and role whose parents are a pair
   (or that are both window roots) and whose boxes overlap (IoU ≥ ``iou_threshold``, 0.5 by
   default), best overlap first. Two labels that merely sit at the same place on two different
   screens are not a pair.

**Evidence.** Two nodes are one element only on evidence (:class:`Evidence`): shared content
(a text or description, or one inside the other; containers: a text shown in both), a
resource id no other node of either frame carries, or overlap (IoU ≥ ``iou_threshold``, > 0)
where they are, or where their paired parents' move or a measured scroll puts the old one.
A slot is never evidence: a button "Spin" replaced by an unrelated button "C" below it is
``-`` Spin and ``+`` C. A key made of no content pairs in pass 1 only with such overlap.

In a list (a container made to scroll, or whose rows repeat one shape) passes 3 and 4 pair
only rows that show the same content (a row cut by the edge shows part of it), or, where the
list did not scroll, one row in the very same box with one label edited in place ("40 likes"
→ "41 likes"). Scrolls constrain them too: after pass 2,
:func:`deltarec.core.diff.scrolls.find_motions` measures each scrolled container's offset;
pairs that contradict it are dropped, and inside such a container a pair must sit where the
offset puts it (:func:`deltarec.core.diff.motions.consistent`). Rows are never paired by slot
with a row that came in from the other edge; where all rows were replaced only keys pair.

Never by position (an insertion shifts every later sibling), nor IoU first (a scroll moves all).
Cost: O(n) for passes 1–2 and the scroll estimate; O(k log k) per sibling group in pass 3 (text
similarity at C speed) with at most :data:`ALIGN_SCAN` candidates per child (a larger crowd is
searched by slot and box); O(a·b) per class group in pass 4, capped at :data:`GEOMETRY_LIMIT`.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> a = Frame(parse_uiautomator('<hierarchy><node class="E" resource-id="f" text="Name"'
    ...     ' bounds="[0,0][10,10]"/></hierarchy>'))
    >>> b = Frame(parse_uiautomator('<hierarchy><node class="E" resource-id="f" text="zr"'
    ...     ' bounds="[0,0][10,10]"/></hierarchy>'))
    >>> match_frames(a, b)
    {0: 0}
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from deltarec.core.diff.blank_rows import blank_in_place
from deltarec.core.diff.closed_gap import beside_its_neighbour, into_gap, unpair_left_behind
from deltarec.core.diff.crossed import uncross_slots
from deltarec.core.diff.crowd import Crowd, weighing
from deltarec.core.diff.edited_in_place import edited_in_place
from deltarec.core.diff.geometry import blank_leaf_for_labels, geometry_pass, unpair_blank_leaves
from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.label_edit import one_label_edited
from deltarec.core.diff.motions import Motion
from deltarec.core.diff.pair_evidence import Evidence, Guard
from deltarec.core.diff.pinned import pinned_at_edge
from deltarec.core.diff.placeless import drop_placeless_keys as _drop_placeless_keys
from deltarec.core.diff.pushed_blank import repair_pushed_blanks
from deltarec.core.diff.pushed_edit import edited_where_pushed, pushed_by
from deltarec.core.diff.recycled import one_content, unpair_recycled_pages
from deltarec.core.diff.rekeyed import rekey
from deltarec.core.diff.row_content import (
    holds_rows,
    kind,
    other_row,
    same_content,
    same_row_edited,
    unpair_other_rows,
)
from deltarec.core.diff.row_leaves import grown_in_place, held_in_place
from deltarec.core.diff.row_order import unpair_out_of_order
from deltarec.core.diff.scroll_edits import reads_as_edited
from deltarec.core.diff.scrolls import find_motions
from deltarec.core.diff.second_pass import Noted, measured_pages, replays, unmeasured_pages
from deltarec.core.diff.settled import settled
from deltarec.core.diff.sibling_labels import by_own_labels
from deltarec.core.diff.sibling_runs import SiblingRuns
from deltarec.core.diff.sliver_pairs import resettle_slivers
from deltarec.core.diff.sliver_states import unpair_sliver_states
from deltarec.core.diff.swiped import unpair_swiped
from deltarec.core.diff.twin_moved import moved_twin
from deltarec.core.diff.weighing import similarity, weighed_alike
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node

ALIGN_SCAN = 256
"""Most old siblings pass 3 weighs for one new child. A larger group of one class, id and
role is searched only where a pair can be (:class:`~deltarec.core.diff.crowd.Crowd`)."""


@dataclass(frozen=True, slots=True)
class Matched:
    """What :func:`match_measured` found: the pairs, and the scrolls measured on the way."""

    pairs: dict[int, int]
    measured: dict[int, int] | None = None
    """The pairs :attr:`motions` were measured over, None if none were (:meth:`motions_over`)."""
    motions: tuple[Motion, ...] = ()
    """:func:`~deltarec.core.diff.scrolls.find_motions` over ``measured``, with the gesture."""

    def motions_over(self, pairs: dict[int, int]) -> list[Motion] | None:
        """The measured motions when ``pairs`` are the ones they were measured over (the
        common case: passes 3 and 4 paired nothing), else None: measure again."""
        return list(self.motions) if self.measured == pairs else None


def match_frames(
    prev: Frame, curr: Frame, *, iou_threshold: float = 0.5, gesture: Gesture | None = None
) -> dict[int, int]:
    """Pair nodes of ``curr`` with nodes of ``prev``: ``{curr_pos: prev_pos}``, one-to-one.

    ``iou_threshold`` is the overlap that is evidence of one element (passes 1, 3 and 4);
    ``gesture`` the caller's swipe, evidence for the scrolls (:mod:`.gesture`)."""
    return match_measured(prev, curr, iou_threshold=iou_threshold, gesture=gesture).pairs


def match_measured(
    prev: Frame, curr: Frame, *, iou_threshold: float = 0.5, gesture: Gesture | None = None
) -> Matched:
    """:func:`match_frames`, with the scrolls it measured: the delta measures them over the
    final pairs, and reuses these when the pairs are the same (one estimate per step). Rows
    a sideways swipe took away are not the rows in their boxes (:mod:`.swiped`)."""
    got = _matched(prev, curr, iou_threshold, gesture)
    unpair_swiped(prev, curr, got.pairs, gesture)
    return got


def _matched(prev: Frame, curr: Frame, iou_threshold: float, gesture: Gesture | None) -> Matched:
    pairs: dict[int, int] = {}
    # 1. keys
    for c, key in enumerate(curr.keys):
        p = prev.pos_of.get(key)
        if p is not None:
            pairs[c] = p
    used = set(pairs.values())
    ev = Evidence(prev, curr, pairs, iou_threshold)
    _drop_placeless_keys(ev, used)
    uncross_slots(prev, curr, pairs, used)  # a row's time ticked to the next row's old one

    # 2. bottom-up, children before parents
    _bottom_up(prev, curr, pairs, used, lambda c, p: True)
    unpair_recycled_pages(prev, curr, pairs, used)  # a pager turned whole: its ids recycled
    rekey(prev, curr, pairs, used, ev)  # keys under a parent whose key changed (its module)
    if len(pairs) == len(curr) == len(prev) and all(
        curr.nodes[c].bounds == prev.nodes[p].bounds for c, p in pairs.items()
    ):
        return Matched(pairs)  # everything matched in place (the common unchanged frame)

    _uncross(prev, curr, pairs, used)
    unpair_other_rows(prev, curr, pairs, used)
    unpair_left_behind(prev, curr, pairs, used)  # a row's parts where a row that came in is
    unpair_out_of_order(prev, curr, pairs, used)  # a row of the same sender come up, not it
    unpair_sliver_states(prev, curr, pairs, used)  # a selected sliver archived, another's

    start, start_used = dict(pairs), set(used)
    guard = _guarded(prev, curr, pairs, used, iou_threshold, gesture, None)
    if pairs == guard.measured:
        return Matched(pairs, guard.measured, tuple(guard.motions))
    if settled(prev, curr, guard.measured, pairs, guard.motions, gesture):
        return Matched(pairs, dict(pairs), tuple(guard.motions))  # what it finds (settled.py)
    final = unmeasured_pages(curr, pairs, guard, find_motions(prev, curr, pairs, gesture))
    if not measured_pages(guard.motions, final):
        return Matched(pairs, dict(pairs), tuple(final))
    # The pairs passes 3 and 4 made measure a list the estimate took for a page (a feed
    # card's repeated body paired across the move hid the offset; its pair dropped, the
    # offset shows): pair again by what they measure, once. Else rows the final offset
    # keeps in view stay unpaired under the page, listed as come in. Where every answer
    # the first run got stands under that estimate, it is that run (second_pass.py).
    if replays(prev, curr, start, start_used, guard, final, gesture, _bottom_up):
        return Matched(pairs, dict(pairs), tuple(final))  # the run stands: final measured it
    measured = dict(pairs)  # what final measured: the delta's estimate if the run makes it
    pairs, used = start, start_used
    _guarded(prev, curr, pairs, used, iou_threshold, gesture, final)
    return Matched(pairs, measured, tuple(final))


def _guarded(
    prev: Frame,
    curr: Frame,
    pairs: dict[int, int],
    used: set[int],
    iou_threshold: float,
    gesture: Gesture | None,
    motions: list[Motion] | None,
) -> Guard:
    """Passes 3 and 4 under the scrolls (``motions``, or those measured over ``pairs``)."""
    ev = Evidence(prev, curr, pairs, iou_threshold)
    if motions is None and not pairs and gesture is None:
        motions = []  # nothing paired, no swipe: no host to measure (find_motions finds none)
    elif motions is None and edited_in_place(prev, curr, pairs, gesture):
        motions = []  # labels edited in rows that stayed: nothing to measure (its module)
    if motions is None:
        motions = find_motions(prev, curr, pairs, gesture)
    # Drop pairs a scroll contradicts; with none, note the pairs asked (a second run's test).
    guard = (
        Guard(prev, curr, pairs, gesture, motions) if motions else Noted(prev, curr, pairs, gesture)
    )
    ev.guard = guard
    if guard.active:
        for c, q in list(pairs.items()):
            if not guard.allowed(c, q):
                del pairs[c]
                used.discard(q)
        _bottom_up(prev, curr, pairs, used, guard.allowed)

    # 3. top-down: window roots first (a virtual root), then every matched parent
    _align(prev, curr, prev.roots, curr.roots, pairs, used, guard, ev)
    # Only parents with a child left unpaired have work (only _align(c) pairs c's children).
    waiting = sorted({curr.parents[k] for k in set(range(len(curr))).difference(pairs)} - {-1})
    for c in waiting:
        p = pairs.get(c)
        if p is not None:
            _align(prev, curr, prev.children[p], curr.children[c], pairs, used, guard, ev)

    geometry_pass(prev, curr, pairs, used, iou_threshold, guard)  # 4. what is left
    resettle_slivers(prev, curr, pairs, used, guard.allowed, gesture, guard.motions)  # by place
    repair_pushed_blanks(prev, curr, pairs, used)  # a blank row pushed, not the row in its box
    unpair_other_rows(prev, curr, pairs, used)
    unpair_blank_leaves(prev, curr, pairs, used)  # a separator is no row of labels
    by_own_labels(prev, curr, pairs, used)  # a label paired beside its own (its module)
    return guard


def _bottom_up(
    prev: Frame,
    curr: Frame,
    pairs: dict[int, int],
    used: set[int],
    allowed: Callable[[int, int], bool],
) -> None:
    """Pass 2: a parent whose matched children mostly came from one old parent is it.

    "Mostly": at least half of its children (of the old parent's too) came from there — one
    short label that happens to be unique in both frames ("2h") does not make two feed
    cards one.
    """
    # The unpaired positions, last first, told at C speed: only the one a turn looks at is
    # paired in it, so a later turn's position is as unpaired as it was at the start.
    for c in sorted(set(range(len(curr))).difference(pairs), reverse=True):
        if not curr.children[c]:
            continue
        votes: dict[int, int] = {}  # a plain dict: a Counter's set-up a parent was most of it
        for child in curr.children[c]:
            p_child = pairs.get(child)
            if p_child is not None:
                p_parent = prev.parents[p_child]
                if p_parent >= 0 and p_parent not in used:
                    votes[p_parent] = votes.get(p_parent, 0) + 1
        if not votes:
            continue
        kids = len(curr.children[c])
        box = curr.nodes[c].bounds
        ranked = (
            list(votes.items())
            if len(votes) == 1
            else sorted(  # votes; a tie goes to the old parent where the new one is
                votes.items(),
                key=lambda kv: (-kv[1], -prev.nodes[kv[0]].bounds.iou(box), kv[0]),
            )
        )
        for p, n in ranked:
            if 2 * n < min(kids, len(prev.children[p])):
                break
            if kind(prev.nodes[p]) == kind(curr.nodes[c]) and allowed(c, p):
                pairs[c] = p
                used.add(p)
                break


def _uncross(prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]) -> None:
    """Drop the pairs that cross between parents paired elsewhere, each leaving a slot of
    their kind empty: a label read across rows. A summary "On" unique in both frames is
    the old Airplane row's in one and Wi-Fi's in the next; its key joins them, while each
    row's title says which row is which. Kept: a node that moved where no slot of its
    kind is left empty (a row dragged into another list)."""
    owner = dict(zip(pairs.values(), pairs, strict=True))  # {p: c for c, p in pairs.items()}

    def vacant(frame: Frame, parent: int, taken: Callable[[int], bool], like: Node) -> bool:
        return any(
            not taken(k) and kind(frame.nodes[k]) == kind(like) for k in frame.children[parent]
        )

    # The pairs whose parents are a pair are left alone: told apart first, in one
    # comprehension (pairs only go here, so a pair left alone as they are now stays so).
    parents_c, parents_p = curr.parents, prev.parents
    crossing = [
        (c, p)
        for c, p in pairs.items()
        if (cp := parents_c[c]) >= 0
        and (pp := parents_p[p]) >= 0
        and pairs.get(cp, pp) != pp
        and pp in owner
    ]
    for c, p in crossing:
        cp, pp = parents_c[c], parents_p[p]
        was, now = pairs.get(cp), owner.get(pp)
        if was is None or now is None or was == pp:
            continue
        node = curr.nodes[c]
        if vacant(prev, was, lambda k: k in used, node) and vacant(
            curr, now, lambda k: k in pairs, node
        ):
            del pairs[c]
            used.discard(p)


def _in_place(prev: Frame, p: int, curr: Frame, c: int, ev: Evidence, over: set[int]) -> bool:
    """Content and place say one element (no anchor needed): they overlap (``over``:
    :meth:`Evidence.overlapping`) and share content, or (rows) a text no other row shows."""
    return p in over and (ev.shares(c, p) or same_row_edited(prev, p, curr, c))


def _follower(
    i: int, new_kids: list[int], old_kids: list[int], old_at: dict[int, int], pairs: dict[int, int]
) -> int | None:
    """The old sibling in the slot after the old pair of the i-th new child's sibling before
    it (the first slot, for the first child): the one it follows from, or None."""
    if i == 0:
        return old_kids[0] if old_kids else None
    j = old_at.get(pairs.get(new_kids[i - 1], -1), len(old_kids) - 1)
    return old_kids[j + 1] if j < len(old_kids) - 1 else None


def _anchors(
    i: int, new_kids: list[int], old_kids: list[int], old_at: dict[int, int], pairs: dict[int, int]
) -> set[int]:
    """The old siblings the i-th new child is anchored to (:func:`_align`): its
    :func:`_follower` and the slot before the old pair of the sibling after it (the last,
    for the last child) — at most two, looked up rather than asked of every candidate (a
    crowd of alike cells)."""
    last_new, last_old = len(new_kids) - 1, len(old_kids) - 1
    follower = _follower(i, new_kids, old_kids, old_at, pairs)
    out: set[int] = set() if follower is None else {follower}
    if i == last_new and old_kids:
        out.add(old_kids[last_old])
    elif i < last_new and (j := old_at.get(pairs.get(new_kids[i + 1], -1), 0)) > 0:
        out.add(old_kids[j - 1])
    return out


def _align(
    prev: Frame,
    curr: Frame,
    old_kids: list[int],
    new_kids: list[int],
    pairs: dict[int, int],
    used: set[int],
    guard: Guard,
    ev: Evidence,
) -> None:
    """Pair unmatched children of two matched parents that sit in the same slot, on evidence.

    A new child and an old child pair when they have the same class, resource id and role
    and the same neighbour: the sibling before (or after) each is already a pair, or both
    are first (or last). Without that anchor, rows that scrolled out would pair with rows
    that scrolled in (a row among its twins: :mod:`.twin_moved`). The slot only narrows the
    candidates: a pair also needs evidence (:class:`Evidence`); a pair with content and
    place as evidence needs no anchor (a row between two replaced rows). Two sweeps (left
    to right, then right to left) let a pair anchor the next one.
    """
    todo = [i for i, c in enumerate(new_kids) if c not in pairs]
    if not todo:
        return
    by_sig: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for p in old_kids:
        if p not in used:
            by_sig[kind(prev.nodes[p])].append(p)
    if not any(kind(curr.nodes[new_kids[i]]) in by_sig for i in todo):
        return  # no unpaired child has an old sibling of its kind left: nothing can pair
    old_at = {p: i for i, p in enumerate(old_kids)}

    parent = curr.parents[new_kids[0]] if new_kids else -1
    in_list = parent >= 0 and holds_rows(curr, parent)
    crowd = Crowd(prev, old_kids, old_at, used, ev)
    runs = SiblingRuns(new_kids, old_kids, pairs, used)  # closed_gap's runs, in O(log n)
    weighed: dict[int, int] = {}  # child -> pairs made before it was last weighed
    for sweep in (todo, todo[::-1]):  # a child paired before the sweeps never pairs again
        for i in sweep:
            c = new_kids[i]
            if c in pairs or weighed_alike(weighed, c, len(used)):
                continue
            candidates = by_sig.get(kind(curr.nodes[c]), [])
            if len(candidates) > ALIGN_SCAN or ev.weighs <= 0:  # past the budget: a crowd
                candidates = crowd.candidates(curr, new_kids, i, candidates)
            ev.weighs -= weighing(prev, candidates, curr, c)
            at = guard.shift(c)  # the measured scroll's offset, when c is inside one
            placed = in_list and at is not None
            pushed = None  # the old row it follows from, pushed with what is before it
            if in_list:  # rows are known by their content, never by their place in a list
                follower = _follower(i, new_kids, old_kids, old_at, pairs)
                if not placed and edited_where_pushed(
                    prev, follower, curr, i, new_kids, used, pairs
                ):
                    pushed = follower
                candidates = [
                    q
                    for q in candidates
                    if same_content(prev, q, curr, c, placed=placed)
                    or one_content(prev, q, curr, c)  # a list's wrapper, its content
                    or (not placed and blank_in_place(prev, q, curr, c, pairs))
                    or (same_row_edited(prev, q, curr, c) and ev.overlaps(c, q))
                    # where the measured offset puts it, one label edited (a like count
                    # that ticked as the feed moved)
                    or (placed and reads_as_edited(prev, q, curr, c))
                    or pinned_at_edge(prev, q, curr, c)  # a sticky header (its module)
                    # edited in place below the row it followed (two last rows: pushed out)
                    or (
                        not placed
                        and q == follower
                        # or pushed with what is before it (rows put in above: its module)
                        and (q == pushed or one_label_edited(prev, q, curr, c, used, pairs))
                    )
                    # cut by the list's edge beside the neighbour it moved with (its module)
                    or (not placed and beside_its_neighbour(prev, q, curr, c, pairs, used, runs))
                    # its very nodes in place, one label rebound, come or gone (its module)
                    or (not placed and held_in_place(prev, q, curr, c, used, pairs))
                    # its top, sides and a label in place, grown (its module)
                    or (not placed and grown_in_place(prev, q, curr, c, pairs))
                ]
            # holds and (anchored or in place), cheapest first (in place implies holds); a row
            # of a measured scroll showing its content where the offset puts it is in place.
            live = [p for p in candidates if p not in used and guard.allowed(c, p)]
            if in_list:  # a separator whole in view is no row of labels (geometry.py)
                live = [p for p in live if not blank_leaf_for_labels(prev, p, curr, c)]
            if not live:
                continue
            over = ev.overlapping(c, live)  # one sweep over the boxes, not a call a candidate
            if pushed in live:
                over.add(pushed)  # held in the box the push puts it in (its module)
            anchored = _anchors(i, new_kids, old_kids, old_at, pairs)
            slot = _slot(prev, curr, c, live, anchored, over, placed, ev)
            if not slot and in_list and not placed:  # into a gap a row left; among twins
                slot = into_gap(prev, curr, c, live, pairs, used, runs) or moved_twin(
                    prev, curr, c, live, new_kids, pairs, used
                )
            if slot:
                # Where no scroll was measured, the boxes compare where the sibling before
                # it moved them (a form moved with its sheet's edge: twin dates, each where
                # the move puts its own, not where the other one was).
                by = (
                    at
                    if at is not None or len(slot) < 2
                    else pushed_by(prev, curr, i, new_kids, pairs)
                )
                p = max(slot, key=lambda q: (similarity(prev.nodes[q], curr.nodes[c], by), -q))
                runs.pair(i, old_at[p])  # pairs[c] = p, used.add(p)


def _slot(
    prev: Frame,
    curr: Frame,
    c: int,
    live: list[int],
    anchored: set[int],
    over: set[int],
    placed: bool,
    ev: Evidence,
) -> list[int]:
    """The candidates of :func:`_align`'s slot that ``c`` may pair with: anchored and held
    (``over``: :meth:`Evidence.overlapping`), or in place (a measured scroll's row, or
    :func:`_in_place`), and not another row (:func:`other_row`). Evidence is asked first and
    other_row last: all are pure, and most candidates of a slot have no anchor and no
    overlap, while other_row reads both rows' labels (``p in over`` is asked before the call
    to :func:`_in_place`, whose first test it is: a call a candidate cost more than the rest)."""
    return [
        p
        for p in live
        if (
            (p in over or ev.shares(c, p) or ev.synthetic_roots(c, p))
            if p in anchored
            else placed or (p in over and _in_place(prev, p, curr, c, ev, over))
        )
        and not other_row(prev, p, curr, c, ev.pairs)
    ]
