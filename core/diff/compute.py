"""Compute the difference between two observations.

:func:`compute_delta` matches the two frames (:mod:`~.match`) and derives, in this order (each
step only sees what the earlier ones left):

1. **windows** — unmatched window roots are windows opened / closed;
2. **structure** — unmatched nodes are added / removed; a matched node under another parent
   than its old one's match, or outside the longest increasing run of old positions among the
   children that stayed under matched parents, moved (*moves*);
3. **scrolls** — a matched scrollable container whose rows all shifted by one offset scrolled:
   one entry with the offset and the rows that came and left, not a bounds change per row (rows
   its edge cuts do not vote; a scroll past new rows: :mod:`~.past_new`);
4. **attributes** — every other difference of a matched pair but volatile ones (:mod:`~.volatile`);
   bounds count only where they are not the old ones shifted by the enclosing scrolls;
5. **fields** — package, activity, rotation, screen size and the focused element.

The result, :class:`Delta`, keeps frame positions; :mod:`~.observation_diff` turns it into the
JSON :class:`ObservationDiff`. Cost: one match plus O(n) (O(k log k) per parent's reorders)."""

from __future__ import annotations

import operator
from bisect import bisect_left
from dataclasses import dataclass, field
from itertools import pairwise, repeat

from deltarec.core.diff.attributes import _attribute_changes, same_beside_box
from deltarec.core.diff.far_across import least_across
from deltarec.core.diff.far_anchor import least
from deltarec.core.diff.gesture import Gesture, reaching
from deltarec.core.diff.match import Matched, match_measured
from deltarec.core.diff.motions import Around, Motion, carried_out, closed_around, placements
from deltarec.core.diff.outer_scroll import outer_reading
from deltarec.core.diff.past_new import held_any, past_motions
from deltarec.core.diff.pushed_edge import pushed_least
from deltarec.core.diff.resized import scroll_edge
from deltarec.core.diff.same_frames import identical as _identical
from deltarec.core.diff.same_frames import paired_in_place as _in_place
from deltarec.core.diff.same_frames import slid as _slid
from deltarec.core.diff.screen_fields import screen_fields
from deltarec.core.diff.scrolled_hosts import hosts_to_pair
from deltarec.core.diff.scrolls import find_motions
from deltarec.core.diff.twin_sections import twin_reading
from deltarec.core.diff.types import FromToDict
from deltarec.core.diff.volatile import DEFAULT_VOLATILE, Volatile, system_bars
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Observation


@dataclass(frozen=True, slots=True)
class Scroll:
    """A scrolled container: positions in each frame, the content offset, rows in/out."""

    curr: int
    prev: int
    dx: int
    dy: int
    entered: tuple[int, ...]
    """Current positions of the subtrees that came into the container."""
    left: tuple[int, ...]
    """Previous positions of the subtrees that went out of it."""
    page: bool = False
    """No row stayed: the offset is unknown (about a page or more); dx = dy = 0."""
    clipped: dict[int, list[int]] = field(default_factory=dict)
    """Current positions of matched nodes inside whose bounds are not the old ones moved by the
    offset (cut by the container's edge, or sticky), with their new bounds."""
    toward: tuple[int, int] = (0, 0)
    """A page's direction when the caller's gesture tells it: the sign of the content's move."""
    further: bool = False
    """``dy`` is the least the content moved, its way: a page turned that kept a row whose
    twin may stand in its place (:func:`deltarec.core.diff.far_anchor.least`; JSON ``atLeast``)."""
    other: int = 0
    """With ``further``, no swipe told: the least it moved the other way (JSON ``orDy``).
    Without it: the content's other exact move, one kept row beside its twin
    (:func:`~deltarec.core.diff.twin_sections.twin_reading`; JSON ``orDy``)."""
    edge: int = 0
    """px the content moved along y with the container's top edge besides ``dy``: its box
    moved that edge alone, the rows laid out from it (a bar above it slid out as it
    scrolled: :func:`~deltarec.core.diff.resized.scroll_edge`; JSON
    ``edge``). The rows moved by ``dy + edge``."""
    outer: int = -1
    """With ``edge``: the container made to scroll around it whose own scroll by ``dy + edge``
    fits both frames too (:func:`~deltarec.core.diff.outer_scroll.outer_reading`; JSON
    ``orHost``), or -1."""
    other_dx: int = 0
    """With ``further`` along x, no swipe told: the least the content moved the other way
    across (:func:`~deltarec.core.diff.far_across.least_across`; JSON ``orDx``)."""
    most: bool = False
    """``dy`` is the most the content moved, its way (a swipe told gave the way; maybe not at
    all, a grid at its top): items put into a grid as it scrolled pushed the items it kept
    in view on, so the least any moved bounds the scroll
    (:func:`deltarec.core.diff.reflowed.relaid_scroll`; JSON ``atMost``, the line's
    "scrolled up at most D px")."""


@dataclass(slots=True, weakref_slot=True)
class Delta:
    """Everything :func:`compute_delta` found, in frame positions."""

    prev: Frame
    curr: Frame
    pairs: dict[int, int]
    added: list[int]
    removed: list[int]
    changed: dict[int, dict[str, FromToDict]]
    moved: dict[int, tuple[int, int]]
    """curr position -> (old parent position or -1, old sibling index) of moved nodes."""
    scrolls: list[Scroll]
    opened: list[int]
    closed: list[int]
    fields: dict[str, FromToDict] = field(default_factory=dict)
    quiet_prev: frozenset[int] = frozenset()
    """Positions of ``prev`` that renderers leave out (the system bars, unless asked for)."""
    quiet_curr: frozenset[int] = frozenset()
    """Positions of ``curr`` that renderers leave out."""
    gesture: Gesture | None = None
    """The caller's gesture, when it told it (:mod:`deltarec.core.diff.gesture`)."""
    taken: Gesture | None = None  # the caller's, a dialog over its start took (no evidence)

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed or self.scrolls or self.fields)


def _longest_increasing(seq: list[int]) -> set[int]:
    """Indexes into ``seq`` of one longest strictly increasing subsequence. O(k log k)."""
    tails: list[int] = []
    tail_at: list[int] = []
    back = [-1] * len(seq)
    for i, value in enumerate(seq):
        j = bisect_left(tails, value)
        if j == len(tails):
            tails.append(value)
            tail_at.append(i)
        else:
            tails[j] = value
            tail_at[j] = i
        back[i] = tail_at[j - 1] if j else -1
    keep: set[int] = set()
    i = tail_at[-1] if tail_at else -1
    while i >= 0:
        keep.add(i)
        i = back[i]
    return keep


def _moves(prev: Frame, curr: Frame, pairs: dict[int, int]) -> dict[int, tuple[int, int]]:
    """Pairs that changed parent, and those reordered among siblings that stayed (all but a
    longest increasing run of their old places). O(n log n); the common case (nothing moved)
    at C speed: parents compared through maps, a sibling run checked by its old positions."""
    moved: dict[int, tuple[int, int]] = {}
    # The old parent each pair should have (its new parent's pair; a window root: none)
    # against the one it had.
    pair_of = {**pairs, -1: -1}
    expected = map(pair_of.get, map(curr.parents.__getitem__, pairs), repeat(-2))
    had = map(prev.parents.__getitem__, pairs.values())
    for c, want, old in zip(pairs, expected, had, strict=True):
        if old != want:
            moved[c] = (old, prev.sibling_index[pairs[c]])
    # Every pair in the order it was (old positions increasing in the new document order):
    # no run of siblings can be out of order either (the common case, read at C speed).
    olds = list(map(pairs.__getitem__, sorted(pairs)))
    if all(map(operator.lt, olds, olds[1:])):
        return moved
    groups: list[tuple[int, list[int]]] = [(-1, curr.roots)]
    groups += [(c, kids) for c, kids in enumerate(curr.children) if kids and c in pairs]
    for parent, kids in groups:
        stayed = [k for k in kids if k in pairs and k not in moved]
        if len(stayed) < 2:
            continue
        # Siblings that stayed had one old parent, whose children are in document order: a
        # run whose old positions increase is in its old order (the common case).
        if all(a < b for a, b in pairwise([pairs[k] for k in stayed])):
            continue
        old_parent = pairs[parent] if parent >= 0 else -1
        old_siblings = prev.children[old_parent] if old_parent >= 0 else prev.roots
        rank = {p: i for i, p in enumerate(old_siblings)}
        seq = [rank[pairs[k]] for k in stayed]
        keep = _longest_increasing(seq)
        for i, k in enumerate(stayed):
            if i not in keep:
                moved[k] = (old_parent, seq[i])
    return moved


def _scrolls(d: Delta, gesture: Gesture | None, found: list[Motion]) -> list[Scroll]:
    """One :class:`Scroll` per scrolled host of ``found`` (the scroll estimate:
    :func:`deltarec.core.diff.scrolls.find_motions`, or the matcher's own when the final pairs
    are those it measured over).

    A subtree that came in (or left) belongs to the innermost scrolled host
    around it, so nested scrollables never list a row twice.
    """
    prev, curr = d.prev, d.curr
    motions = past_motions(prev, curr, d.pairs, found, gesture)  # past new rows at a top
    if not motions:
        return []
    host_c = {m.curr: i for i, m in enumerate(motions)}
    host_p = {m.prev: i for i, m in enumerate(motions)}
    entered: list[list[int]] = [[] for _ in motions]
    left: list[list[int]] = [[] for _ in motions]
    added, removed = set(d.added), set(d.removed)
    seen: dict[int, Around] = {}  # closed_around's lists, each built once
    chosen: dict[int, bool] = {}  # carried_out's lists, each asked once
    for a in d.added:
        if curr.parents[a] in added:
            continue
        owner = _innermost(curr, a, host_c)
        if owner is not None:
            entered[owner].append(a)
    for r in d.removed:
        if prev.parents[r] in removed:
            continue
        owner = _innermost(prev, r, host_p)
        if owner is None or not carried_out(prev, r, curr, motions[owner], found, removed, chosen):
            continue
        if not closed_around(prev, r, curr, motions[owner], d.pairs, removed, seen):
            left[owner].append(r)
    out = []
    for i, m in enumerate(motions):
        got = least(prev, m.prev, curr, m.curr, d.pairs, gesture) if m.page else m.hedge
        side = None  # the kept rows moved along x: the same reading across
        if m.page and got is None:
            side = least_across(prev, m.prev, curr, m.curr, d.pairs, gesture)
        edge = (
            0
            if m.page or got is not None
            else scroll_edge(prev, m.prev, curr, m.curr, (m.dx, m.dy))
        )
        twin = 0  # one kept row beside its twin: the other exact move (twin_sections)
        if got is None and side is None and not (m.page or m.most or m.dx or edge):
            twin = twin_reading(prev, m.prev, curr, m.curr, d.pairs, m.dy)
        out.append(
            Scroll(
                m.curr,
                m.prev,
                m.dx if side is None else side[0],
                m.dy - edge if got is None else got[0],
                tuple(entered[i]),
                tuple(left[i]),
                m.page and got is None and side is None,
                toward=m.toward,
                further=not m.most
                and (
                    got is not None
                    or side is not None
                    or pushed_least(prev, m.prev, curr, m.curr, (m.dx, m.dy))
                ),
                other=twin if got is None else got[1],
                edge=edge,
                outer=outer_reading(prev, m.prev, curr, m.curr, d.pairs, m.dy) if edge else -1,
                other_dx=0 if side is None else side[1],
                most=m.most,
            )
        )
    return out


def _innermost(frame: Frame, pos: int, hosts: dict[int, int]) -> int | None:
    parent = frame.parents[pos]
    while parent >= 0:
        owner = hosts.get(parent)
        if owner is not None:
            return owner
        parent = frame.parents[parent]
    return None


def compute_delta(
    prev: Observation | Frame,
    curr: Observation | Frame,
    *,
    volatile: Volatile = DEFAULT_VOLATILE,
    pairs: dict[int, int] | None = None,
    gesture: Gesture | None = None,
    matched: Matched | None = None,
) -> Delta:
    """Diff two observations (see the module docstring for what is found, in what order).

    ``gesture``: the step's touch when the caller knows it, as evidence for the scrolls
    (:mod:`deltarec.core.diff.gesture`); the dumps alone decide without it. ``matched``:
    what :func:`~deltarec.core.diff.match.match_measured` found for these frames with this
    gesture, when the caller has it (its pairs, and its scroll estimate where it holds);
    ``pairs`` then goes unused.
    """
    fp = prev if isinstance(prev, Frame) else Frame(prev)
    fc = curr if isinstance(curr, Frame) else Frame(curr)
    asked = gesture
    gesture, taken = reaching(fp, gesture, fc)  # a dialog took it (maybe): no evidence
    if matched is not None:
        pairs = matched.pairs
    elif pairs is None:
        matched = match_measured(fp, fc, gesture=gesture)
        pairs = matched.pairs
    if _identical(fp, fc, pairs) and not held_any(fp, fc, pairs, gesture):
        f = screen_fields(fp, fc, pairs)
        return Delta(fp, fc, pairs, [], [], {}, {}, [], [], [], f, gesture=gesture, taken=taken)
    used = set(pairs.values())
    in_place = _in_place(fp, fc, pairs)
    d = Delta(
        prev=fp,
        curr=fc,
        pairs=pairs,
        added=sorted(set(range(len(fc))).difference(pairs)),  # the few unpaired, at C speed
        removed=sorted(set(range(len(fp))).difference(used)),
        changed={},
        moved={} if in_place else _moves(fp, fc, pairs),
        scrolls=[],
        opened=[c for c in fc.roots if c not in pairs],
        closed=[p for p in fp.roots if p not in used],
        gesture=gesture,
        taken=taken,
    )
    if volatile.status_bar:
        d.quiet_prev, d.quiet_curr = system_bars(fp), system_bars(fc)
    if not in_place or gesture is not None or _slid(fp, fc):
        over = matched.motions_over(pairs) if matched is not None else None
        found = over if over is not None else find_motions(fp, fc, pairs, gesture)
        d.scrolls = _scrolls(d, gesture, found)
        if more := hosts_to_pair(fp, fc, pairs, d.scrolls):  # a scroll's host is one element
            both = {**pairs, **more}  # the scrolls as measured (scrolled_hosts.py)
            again = Matched(both, both, tuple(found))
            return compute_delta(fp, fc, volatile=volatile, gesture=asked, matched=again)
    moves = [Motion(s.curr, s.prev, s.dx, s.dy + s.edge, s.page) for s in d.scrolls]
    inside = placements(fc, moves)
    scroll_at = {s.curr: s for s in d.scrolls}
    nodes_p, nodes_c, moved, keys_c = fp.nodes, fc.nodes, d.moved, fc.keys
    # Whether a box's change is never volatile (none learned, "bounds" not named): then the
    # common pair below, its box alone changed, is told inline (issue 19).
    boxes_count = not volatile.per_element and "bounds" not in volatile.names
    for c, p in pairs.items():
        where = inside.get(c)
        node, new = nodes_p[p], nodes_c[c]
        told = False  # whether the two are known to differ beside the box
        if where is None and c not in moved:
            if node is new:
                continue  # one node object, kept by the next frame: no change
            if boxes_count and not (told := not same_beside_box(node, new)):
                # _attribute_changes' first case, inline: the rows below an insertion, pushed
                # down, are most of a big step's pairs.
                a, b = node.bounds, new.bounds
                if a is b:  # one box object (element_dicts._boxes, dump_scan): none changed
                    continue
                box_a, box_b = (
                    [a.left, a.top, a.right, a.bottom],
                    [b.left, b.top, b.right, b.bottom],
                )
                if box_a != box_b:
                    d.changed[c] = {"bounds": {"from": box_a, "to": box_b}}
                continue
        changes = _attribute_changes(
            node, new, keys_c[c], volatile, scrolled=where is not None, told=told
        )
        if where is not None:
            # Covered by the scroll: a bounds difference is the edge's cut (or a sticky row),
            # kept on the scroll entry so that apply_diff rebuilds it, never a change.
            a, b = fp.nodes[p].bounds, fc.nodes[c].bounds
            dx, dy = where.shift
            if b.as_list() != [a.left + dx, a.top + dy, a.right + dx, a.bottom + dy]:
                scroll_at[where.host].clipped[c] = b.as_list()
        if c in d.moved:
            old_parent, old_index = d.moved[c]
            old_key = fp.keys[old_parent] if old_parent >= 0 else None
            new_key = _address(d, fc.parents[c])
            if old_key != new_key:  # a reorder under the same parent has only a position
                changes["parentKey"] = {"from": old_key, "to": new_key}
            new_index = fc.sibling_index[c]
            # Re-inserted at an index equal to the old one (siblings moved around it): the
            # instruction is the "to"; a "from" equal to it would read as a change to nothing.
            changes["position"] = (
                {"to": new_index}
                if new_index == old_index
                else {"from": old_index, "to": new_index}
            )
        if changes:
            d.changed[c] = changes
    d.fields = screen_fields(fp, fc, pairs)
    return d


def _address(d: Delta, curr_pos: int) -> str | None:
    """The key a reader of the old frame uses for a current node (see deltarec.core.diff.types)."""
    if curr_pos < 0:
        return None
    old = d.pairs.get(curr_pos)
    return d.prev.keys[old] if old is not None else _added_key(d, curr_pos)


def _added_key(d: Delta, curr_pos: int) -> str:
    """The key of an added node, made distinct from every old key: a scroll can leave an old
    node unmatched whose key a new row has (twins renumbered), and keys address nodes."""
    key = d.curr.keys[curr_pos]
    return key if key not in d.prev.pos_of else f"{key}+"
