"""Match the nodes of two frames: which node of ``curr`` is which node of ``prev``.

:func:`match_frames` runs four passes; each only considers nodes the earlier
passes left unmatched, so earlier evidence always wins (the tie-break order):

1. **keys** — equal stable keys (:mod:`deltarec.core.observe.identity`). Keys are unique within
   a frame, so this is a join. It survives scrolls, inserted siblings and
   moves between parents.
2. **bottom-up** — an unmatched node at least half of whose children matched
   children of one unmatched old node of the same class and resource id is
   that node (a row whose summary text changed, a container whose rows changed). Visited
   children-first, so whole chains of ancestors are recovered in one pass;
   votes break ties, then document order.
3. **top-down** — inside two matched parents, unmatched children with the same
   class, resource id and role pair up when they sit in the same slot (same
   matched neighbour, or both first / last) *and* there is evidence that they are one
   element (below): a summary "Off" → "On", a field whose hint was replaced. Several
   candidates: the most similar (text, then geometry).
4. **geometry** — leftovers with the same class, resource id and role whose
   parents are a pair (or that are both window roots) and whose boxes overlap
   (IoU ≥ ``iou_threshold``, 0.5 by default), best overlap first. Two labels
   that merely sit at the same place on two different screens are not a pair.

**Evidence.** Two nodes are one element only on evidence (:class:`Evidence`): shared
content (the same text or description, or one inside the other; for containers, a text
shown in both), a shared
resource id that no other node of either frame carries, or overlap — IoU at least
``iou_threshold`` (and above 0), where they are, or where the move of their paired parents
or a measured scroll puts the old one. A slot is never evidence: a button "Spin" replaced
by an unrelated button "C" below it is ``-`` Spin and ``+`` C, whatever its place among
its siblings. A key made of no content (a subtree without ids, texts or descriptions,
told apart only by its place) pairs in pass 1 only with such overlap.

In a list (a container made to scroll, or whose rows repeat one shape) passes 3
and 4 pair only rows that show the same content (one's texts all in the
other's: a row cut by the edge shows part of it), or, where the list did not scroll,
one row in the very same box with one label edited in place ("40 likes" → "41 likes"
on a cut card that shows nothing else of its own). Scrolls constrain them too:
after pass 2, :func:`deltarec.core.diff.scrolls.find_motions` measures how far each scrolled
container's content moved; pairs that contradict the offset are dropped, and
inside such a container a pair must sit where the offset puts it
(:func:`deltarec.core.diff.motions.consistent`). Rows are identified by their content, never
paired by slot with a row that came in from the other edge, however alike
their ids and texts are; inside a container whose rows were all replaced
nothing pairs but by key.

Why not positional matching? When a list grows, every sibling after the
insertion point shifts; matching by position turns one insertion into a wall
of false changes. Why not IoU first? A scroll moves every row; overlap would
pair each row with its neighbour.

Cost: O(n) for passes 1–2 and the scroll estimate, O(k log k) per sibling group
in pass 3 (text similarity at C speed, rapidfuzz) with at most :data:`ALIGN_SCAN`
candidates weighed per child (a larger crowd is searched by slot and box), and O(a·b)
per class group in pass 4 with groups capped at :data:`GEOMETRY_LIMIT`.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> a = Frame(parse_uiautomator('<hierarchy><node class="E" resource-id="f" text="Name"'
    ...     ' bounds="[0,0][10,10]"/></hierarchy>'))
    >>> b = Frame(parse_uiautomator('<hierarchy><node class="E" resource-id="f" text="zr"'
    ...     ' bounds="[0,0][10,10]"/></hierarchy>'))
    >>> match_frames(a, b)
    {0: 0}
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from rapidfuzz.fuzz import ratio

from deltarec.core.diff.crowd import Crowd
from deltarec.core.diff.geometry import geometry_pass
from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.motions import Motion, consistent, placements
from deltarec.core.diff.row_content import (
    holds_rows,
    kind,
    one_label_edited,
    other_row,
    own_texts,
    same_content,
    same_row_edited,
    texts,
    unpair_other_rows,
)
from deltarec.core.diff.scrolls import find_motions
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node

ALIGN_SCAN = 256
"""Most old siblings pass 3 weighs for one new child. A larger group of one class, id and
role is searched only where a pair can be (:class:`~deltarec.core.diff.crowd.Crowd`)."""


def _similarity(a: Node, b: Node) -> float:
    """0..1; text similarity dominates, geometry breaks ties."""
    ta, tb = a.text + "\x00" + a.content_desc, b.text + "\x00" + b.content_desc
    text = 1.0 if ta == tb else ratio(ta, tb) / 100.0
    return text * 0.7 + a.bounds.iou(b.bounds) * 0.3


class Guard:
    """The pairing rule inside scrolled containers (module docstring), from the pairs so far.

    ``allowed(c, p)``: may passes 3 and 4 pair these two nodes? ``shift(c)``: how far the
    scrolls around current position ``c`` moved it (None outside every scrolled container).
    """

    def __init__(
        self, prev: Frame, curr: Frame, pairs: dict[int, int], gesture: Gesture | None = None
    ) -> None:
        self.prev, self.curr = prev, curr
        self.measured = dict(pairs)  # as they are now: passes 3 and 4 add to ``pairs``
        self.motions = motions = find_motions(prev, curr, pairs, gesture)
        self.active = bool(motions)
        self._placed = placements(curr, motions)
        self._in_host_prev: set[int] = set()
        for m in motions:
            self._in_host_prev.update(range(m.prev + 1, prev.subtree_end(m.prev)))

    def shift(self, c: int) -> tuple[int, int] | None:
        placed = self._placed.get(c)
        return None if placed is None or placed.paged else placed.shift

    def allowed(self, c: int, p: int) -> bool:
        if not self.active:
            return True
        placed = self._placed.get(c)
        if placed is not None and placed.paged:
            return self._header(c, p, placed.host)
        if placed is None and p not in self._in_host_prev:
            return True
        a, b = self.prev.nodes[p].bounds, self.curr.nodes[c].bounds
        view = self.curr.nodes[placed.host].bounds if placed is not None else None
        if consistent(a, b, placed.shift if placed is not None else (0, 0), view):
            return True
        sx, sy = placed.still if placed is not None else (0, 0)  # a sticky row stays put
        if b != Bounds(a.left + sx, a.top + sy, a.right + sx, a.bottom + sy):
            return False
        return placed is None or self._sticky(c, p, placed.host)

    def _header(self, c: int, p: int, host: int) -> bool:
        """Whether, in a list that turned a page (nothing pairs there by place), a row is one
        that was there: a section header ("Week 3") cut by one edge, then by the other — a
        row of the list that is one label, showing a text no other row of either frame
        shows. A row with parts never is: its senders and avatars repeat."""
        curr, prev = self.curr, self.prev
        if curr.parents[c] != host or curr.children[c] or prev.children[p]:
            return False
        a, b = prev.nodes[p], curr.nodes[c]
        if not b.text or (a.class_name, a.text, a.content_desc) != (
            b.class_name,
            b.text,
            b.content_desc,
        ):
            return False
        return own_texts(prev, p) == own_texts(curr, c) == texts(curr, c)

    def _sticky(self, c: int, p: int, host: int) -> bool:
        """Whether a node that stayed put inside a scrolled host can be one that stayed: its
        row sits on the host's edge (a sticky header) or shows what the old one showed (a
        recycled row at the same place showing another item is another row)."""
        curr, prev = self.curr, self.prev
        row, old = c, p
        while curr.parents[row] != host and curr.parents[row] >= 0 and prev.parents[old] >= 0:
            row, old = curr.parents[row], prev.parents[old]
        box, b = curr.nodes[host].bounds, curr.nodes[row].bounds
        if b.top <= box.top or b.bottom >= box.bottom:
            return True
        shown_a, shown_b = texts(prev, old), texts(curr, row)
        return shown_a <= shown_b or shown_b <= shown_a


class Evidence:
    """Whether two nodes are one element on evidence (module docstring), given the pairs
    so far and (once measured) the scrolls."""

    def __init__(self, prev: Frame, curr: Frame, pairs: dict[int, int], threshold: float) -> None:
        self.prev, self.curr, self.pairs = prev, curr, pairs
        self.threshold = threshold
        self.guard: Guard | None = None

    def holds(self, c: int, p: int) -> bool:
        # Overlap first: the common pair of pass 1 sits in one box (IoU 1.0 at once), while
        # shared content may gather the texts of two subtrees. All three are pure.
        return self.overlaps(c, p) or self.shares(c, p) or self.synthetic_roots(c, p)

    def synthetic_roots(self, c: int, p: int) -> bool:
        """Two synthetic window roots (``deltarec.*``, e.g. around an element list) are one:
        they are no element, and their box is only the extent of what they hold."""
        a, b = self.prev.nodes[p], self.curr.nodes[c]
        return (
            self.prev.parents[p] < 0
            and self.curr.parents[c] < 0
            and a.class_name == b.class_name
            and a.class_name.startswith("deltarec.")
        )

    def shares(self, c: int, p: int) -> bool:
        """Shared content or a shared resource id that is unique in both frames."""
        a, b = self.prev.nodes[p], self.curr.nodes[c]
        if _shared_words(a.text, b.text) or _shared_words(a.content_desc, b.content_desc):
            return True
        rid = a.resource_id
        if (
            rid
            and rid == b.resource_id
            and self.prev.id_counts[rid] == self.curr.id_counts[rid] == 1
        ):
            return True
        if self.curr.has_content[c] and self.prev.subtree_hashes[p] == self.curr.subtree_hashes[c]:
            return True
        # two containers showing a text in common (a form section whose spinner went away)
        return bool(
            self.prev.children[p]
            and self.curr.children[c]
            and texts(self.prev, p) & texts(self.curr, c)
        )

    def overlaps(self, c: int, p: int) -> bool:
        """IoU ≥ the threshold where the boxes are, or where the paired parents' move or a
        scroll puts the old one."""
        a, b = self.prev.nodes[p].bounds, self.curr.nodes[c].bounds
        if self._enough(_iou(a.left, a.top, a.right, a.bottom, b)):
            return True
        for dx, dy in self._moves(c, p):
            iou = _iou(a.left + dx, a.top + dy, a.right + dx, a.bottom + dy, b)
            if self._enough(iou):
                return True
        return False

    def overlapping(self, c: int, candidates: list[int]) -> set[int]:
        """The candidates ``p`` for which :meth:`overlaps` ``(c, p)`` holds: the same test,
        with the moves worked out once per old parent and the IoU inline, not once per
        candidate (pass 3 weighs every candidate of a slot: a calendar's alike cells)."""
        b = self.curr.nodes[c].bounds
        bl, bt, br, bb = b.left, b.top, b.right, b.bottom
        area_b = max(0, br - bl) * max(0, bb - bt)
        threshold = self.threshold
        nodes, parents = self.prev.nodes, self.prev.parents
        moves_of: dict[int, list[tuple[int, int]]] = {}
        out: set[int] = set()
        for p in candidates:
            moves = moves_of.get(parents[p])
            if moves is None:  # _moves depends on p only through its parent
                moves = moves_of[parents[p]] = [(0, 0), *self._moves(c, p)]
            a = nodes[p].bounds
            for dx, dy in moves:
                left, top, right, bottom = a.left + dx, a.top + dy, a.right + dx, a.bottom + dy
                if left == bl and top == bt and right == br and bottom == bb:
                    if threshold <= 1.0:  # IoU 1.0, as _iou has it (even of two empty boxes)
                        out.add(p)
                        break
                    continue
                w = min(right, br) - max(left, bl)
                h = min(bottom, bb) - max(top, bt)
                if w <= 0 or h <= 0:
                    continue  # IoU 0: never enough
                inter = w * h
                union = max(0, right - left) * max(0, bottom - top) + area_b - inter
                if union and inter / union >= threshold:
                    out.add(p)
                    break
        return out

    def _enough(self, iou: float) -> bool:
        return iou > 0 and iou >= self.threshold

    def _moves(self, c: int, p: int) -> list[tuple[int, int]]:
        out = []
        cp, pp = self.curr.parents[c], self.prev.parents[p]
        if cp >= 0 and pp >= 0 and self.pairs.get(cp) == pp:
            a, b = self.prev.nodes[pp].bounds, self.curr.nodes[cp].bounds
            if (a.left, a.top) != (b.left, b.top):
                out.append((b.left - a.left, b.top - a.top))
        shift = self.guard.shift(c) if self.guard is not None else None
        if shift is not None and shift != (0, 0):
            out.append(shift)
        return out


def _iou(left: int, top: int, right: int, bottom: int, b: Bounds) -> float:
    """``Bounds(left, top, right, bottom).iou(b)``, the same arithmetic inline (no box built:
    pass 3 weighs every candidate in a slot)."""
    if left == b.left and top == b.top and right == b.right and bottom == b.bottom:
        return 1.0
    w = min(right, b.right) - max(left, b.left)
    h = min(bottom, b.bottom) - max(top, b.top)
    inter = w * h if w > 0 and h > 0 else 0
    area_a = max(0, right - left) * max(0, bottom - top)
    area_b = max(0, b.right - b.left) * max(0, b.bottom - b.top)
    union = area_a + area_b - inter
    return inter / union if union else 0.0


def _shared_words(a: str, b: str) -> bool:
    """The same text, or one (of 3+ characters) inside the other: a label that grew
    ("T-Mobile" → "T-Mobile (Temporarily unavailable)")."""
    if not (a and b):
        return False
    if a == b:
        return True
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return len(short) >= 3 and short in long


def _drop_placeless_keys(ev: Evidence, used: set[int]) -> None:
    """Pass 1's join, less the pairs whose key is made of no content and that do not overlap:
    such a key only says where the node sits among its siblings."""
    curr, pairs = ev.curr, ev.pairs
    has_content = curr.has_content
    for c in sorted(pairs):
        if not has_content[c] and not ev.holds(c, pairs[c]):
            used.discard(pairs.pop(c))


@dataclass(frozen=True, slots=True)
class Matched:
    """What :func:`match_measured` found: the pairs, and the scrolls measured on the way."""

    pairs: dict[int, int]
    measured: dict[int, int] | None = None
    """The pairs the scrolls were measured over (before passes 3 and 4), None if they were not."""
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
    ``gesture`` the caller's swipe, evidence for the scrolls (:mod:`deltarec.core.diff.gesture`).
    """
    return match_measured(prev, curr, iou_threshold=iou_threshold, gesture=gesture).pairs


def match_measured(
    prev: Frame, curr: Frame, *, iou_threshold: float = 0.5, gesture: Gesture | None = None
) -> Matched:
    """:func:`match_frames`, with the scrolls it measured: the delta measures them over the
    final pairs, and reuses these when the pairs are the same (one estimate per step)."""
    pairs: dict[int, int] = {}
    # 1. keys
    for c, key in enumerate(curr.keys):
        p = prev.pos_of.get(key)
        if p is not None:
            pairs[c] = p
    used = set(pairs.values())
    ev = Evidence(prev, curr, pairs, iou_threshold)
    _drop_placeless_keys(ev, used)

    # 2. bottom-up, children before parents
    _bottom_up(prev, curr, pairs, used, lambda c, p: True)
    if len(pairs) == len(curr) == len(prev) and all(
        curr.nodes[c].bounds == prev.nodes[p].bounds for c, p in pairs.items()
    ):
        return Matched(pairs)  # everything matched in place (the common unchanged frame)

    _uncross(prev, curr, pairs, used)
    unpair_other_rows(prev, curr, pairs, used)

    # Scrolls: drop pairs a scroll contradicts, then pair only where offsets allow.
    guard = Guard(prev, curr, pairs, gesture)
    ev.guard = guard
    if guard.active:
        for c, p in list(pairs.items()):
            if not guard.allowed(c, p):
                del pairs[c]
                used.discard(p)
        _bottom_up(prev, curr, pairs, used, guard.allowed)

    # 3. top-down: window roots first (a virtual root), then every matched parent
    _align(prev, curr, prev.roots, curr.roots, pairs, used, guard, ev)
    # Only parents with a child left unpaired have work (only _align(c) pairs c's children).
    waiting = sorted({curr.parents[k] for k in range(len(curr)) if k not in pairs} - {-1})
    for c in waiting:
        p = pairs.get(c)
        if p is not None:
            _align(prev, curr, prev.children[p], curr.children[c], pairs, used, guard, ev)

    # 4. geometry for what is left
    geometry_pass(prev, curr, pairs, used, iou_threshold, guard)
    unpair_other_rows(prev, curr, pairs, used)
    return Matched(pairs, guard.measured, tuple(guard.motions))


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
    for c in range(len(curr) - 1, -1, -1):
        if c in pairs or not curr.children[c]:
            continue
        votes: Counter[int] = Counter()
        for child in curr.children[c]:
            p_child = pairs.get(child)
            if p_child is not None:
                p_parent = prev.parents[p_child]
                if p_parent >= 0 and p_parent not in used:
                    votes[p_parent] += 1
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
    owner = {p: c for c, p in pairs.items()}

    def vacant(frame: Frame, parent: int, taken: Callable[[int], bool], like: Node) -> bool:
        return any(
            not taken(k) and kind(frame.nodes[k]) == kind(like) for k in frame.children[parent]
        )

    for c, p in list(pairs.items()):
        cp, pp = curr.parents[c], prev.parents[p]
        if cp < 0 or pp < 0:
            continue
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
    """Content and place both say one element (no anchoring neighbour needed): they overlap
    (``over``: :meth:`Evidence.overlapping`) and share content, or (rows) a text no other
    row shows."""
    return p in over and (ev.shares(c, p) or same_row_edited(prev, p, curr, c))


def _anchors(
    i: int, new_kids: list[int], old_kids: list[int], old_at: dict[int, int], pairs: dict[int, int]
) -> set[int]:
    """The old siblings the i-th new child is anchored to (:func:`_align`): the slot after
    the old pair of the sibling before it (the first slot, for the first child) and the slot
    before the old pair of the sibling after it (the last, for the last child) — at most two,
    looked up rather than asked of every candidate (a crowd of alike cells)."""
    last_new, last_old = len(new_kids) - 1, len(old_kids) - 1
    out: set[int] = set()
    if i == 0 and old_kids:
        out.add(old_kids[0])
    elif i > 0 and (j := old_at.get(pairs.get(new_kids[i - 1], -1), last_old)) < last_old:
        out.add(old_kids[j + 1])
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

    A new child and an old child pair when they have the same class, resource
    id and role and the same neighbour: the sibling before (or after) each is
    already a pair, or both are first (or last). Without that anchor, rows
    that scrolled out would pair with rows that scrolled in. The slot only narrows the
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

    def follows(i: int, j: int) -> bool:  # the sibling before each is a pair, or both first
        return (i == j == 0) or (i > 0 and j > 0 and pairs.get(new_kids[i - 1]) == old_kids[j - 1])

    parent = curr.parents[new_kids[0]] if new_kids else -1
    in_list = parent >= 0 and holds_rows(curr, parent)
    crowd = Crowd(prev, old_kids, old_at, used, ev)
    for sweep in (todo, todo[::-1]):  # a child paired before the sweeps never pairs again
        for i in sweep:
            c = new_kids[i]
            if c in pairs:
                continue
            candidates = by_sig.get(kind(curr.nodes[c]), [])
            if len(candidates) > ALIGN_SCAN:
                candidates = crowd.candidates(curr, new_kids, i, candidates)
            placed = in_list and guard.shift(c) is not None
            if in_list:  # rows are known by their content, never by their place in a list
                candidates = [
                    q
                    for q in candidates
                    if same_content(prev, q, curr, c, placed=placed)
                    or (same_row_edited(prev, q, curr, c) and ev.overlaps(c, q))
                    # edited in place below the row it followed (two last rows: pushed out)
                    or (not placed and one_label_edited(prev, q, curr, c) and follows(i, old_at[q]))
                ]
            # holds and (anchored or in place), asked cheapest first: in place implies holds.
            # A row of a measured scroll that shows the same content where the offset puts it
            # (allowed) is in place, however little of it an edge left (IoU says nothing then).
            live = [p for p in candidates if p not in used and guard.allowed(c, p)]
            if not live:
                continue
            over = ev.overlapping(c, live)  # one sweep over the boxes, not a call a candidate
            anchored = _anchors(i, new_kids, old_kids, old_at, pairs)
            slot = [
                p
                for p in live
                if not other_row(prev, p, curr, c)
                and (
                    (p in over or ev.shares(c, p) or ev.synthetic_roots(c, p))
                    if p in anchored
                    else placed or _in_place(prev, p, curr, c, ev, over)
                )
            ]
            if slot:
                p = max(slot, key=lambda q: (_similarity(prev.nodes[q], curr.nodes[c]), -q))
                pairs[c] = p
                used.add(p)
