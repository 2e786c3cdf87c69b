"""Whether two nodes are one element: the evidence of :mod:`deltarec.core.diff.match`.

:class:`Evidence` says whether a node of ``curr`` and one of ``prev`` are one element on
evidence — shared content, a resource id unique in both frames, or overlap where they are,
where their paired parents' move puts the old one, or where a measured scroll does.
:class:`Guard` is the pairing rule inside scrolled containers: once the scrolls are
measured, a pair must sit where the offset puts it (a sticky header stays put; a list that
turned a page pairs only a section header cut by both edges, its sticky header, its letter
turned, or a ScrollView's content: :mod:`.pinned`); :mod:`.match` uses them.
"""

from __future__ import annotations

from operator import attrgetter

from deltarec.core.diff.axis import across, cut_to, flip, host_sideways
from deltarec.core.diff.crowd import weigh_budget
from deltarec.core.diff.far_anchor import anchored
from deltarec.core.diff.gesture import Gesture
from deltarec.core.diff.motions import OFF, Motion, consistent, near_box, placements, shifted
from deltarec.core.diff.pinned import held_in_turned
from deltarec.core.diff.reordered import in_dragged_row
from deltarec.core.diff.row_content import own_texts, texts
from deltarec.core.diff.scrolls import find_motions
from deltarec.core.diff.unique_items import kept_unique
from deltarec.core.diff.unpinned import a_row_of_them, scrolled_onto
from deltarec.core.diff.wrapped_label import rewrapped
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node

_SHOWN = attrgetter("class_name", "text", "content_desc")
_SHOWN_ID = attrgetter("class_name", "resource_id", "text", "content_desc")


class Guard:
    """The pairing rule inside scrolled containers (module docstring), from the pairs so far:
    ``allowed(c, p)``, may passes 3 and 4 pair these two nodes; ``shift(c)``, how far the
    scrolls around current position ``c`` moved it (None outside every scrolled container)."""

    def __init__(
        self,
        prev: Frame,
        curr: Frame,
        pairs: dict[int, int],
        gesture: Gesture | None = None,
        motions: list[Motion] | None = None,
    ) -> None:
        """``motions``: the scrolls to pair by (measured over other pairs); by default
        :func:`~deltarec.core.diff.scrolls.find_motions` over ``pairs``."""
        self.prev, self.curr = prev, curr
        self.measured = dict(pairs)  # as they are now: passes 3 and 4 add to ``pairs``
        if motions is None:
            motions = find_motions(prev, curr, pairs, gesture)
        self.motions = motions
        self.active = bool(motions)
        self._placed = placements(curr, motions)
        self._gesture = gesture
        self._host_prev = {m.curr: m.prev for m in motions}
        self._rows: dict[tuple[int, int], bool] = {}
        self._paired: set[int] | None = None
        self._in_host_prev: set[int] = set()
        for m in motions:
            self._in_host_prev.update(range(m.prev + 1, prev.subtree_end(m.prev)))
        self._dragged = {m.curr: (dict(m.dragged), m.passed) for m in motions if m.dragged}

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
        dragged = self._dragged.get(placed.host) if placed is not None else None
        if dragged and (got := in_dragged_row(self.prev, self.curr, *dragged, c, p)) is not None:
            return got
        a, b = self.prev.nodes[p].bounds, self.curr.nodes[c].bounds
        view = self.curr.nodes[placed.host].bounds if placed is not None else None
        if consistent(a, b, placed.shift if placed is not None else (0, 0), view):
            return True
        sx, sy = placed.still if placed is not None else (0, 0)  # a sticky row stays put
        if b != Bounds(a.left + sx, a.top + sy, a.right + sx, a.bottom + sy):
            return kept_unique(self.prev, p, self.curr, c)  # its content alone (.unique_items)
        return placed is None or self._sticky(c, p, placed.host)

    def cut_alike(self, c: int, p: int) -> bool:
        """Whether the two boxes are one box that the scroll around ``c`` moved and each
        frame's view cut, as the dump cuts it: both cut to what both views show (the old
        view moved by the scroll, and the new one) are one box within a px or two, on at
        least half of the smaller. A grid's row the top edge cut to its last 171 px, then
        whole (or cut by the bottom edge): their IoU says little, their edges all. Along
        the scroll's axis, either axis: a carousel's card cut by its side edge is the same
        reading turned a quarter (``tests/core/real_scrolls/test_turned.py``)."""
        placed = self._placed.get(c)
        if placed is None or placed.paged:
            return False
        dx, dy = placed.shift
        if (dx == 0) == (dy == 0):
            return False  # no move, or a move along both axes: no one edge cuts it
        old_host = self._host_prev.get(placed.host)
        if old_host is None:
            return False
        side = dy == 0
        a, b = self.prev.nodes[p].bounds, self.curr.nodes[c].bounds
        was = cut_to(shifted(a, dx, dy), self.curr.nodes[placed.host].bounds, side)
        now = cut_to(b, shifted(self.prev.nodes[old_host].bounds, dx, dy), side)
        return was.area > 0 and 2 * was.area >= min(a.area, b.area) and near_box(was, now)

    def _by(self, c: int) -> tuple[tuple[int, int], set[int]]:
        """The scroll around ``c`` and the old positions paired before passes 3 and 4."""
        if self._paired is None:
            self._paired = set(self.measured.values())
        return self._placed[c].shift, self._paired

    def _header(self, c: int, p: int, host: int) -> bool:
        """Whether, in a list that turned a page (nothing pairs there by place), a node is
        one that was there: a section header ("Week 3") cut by one edge, then by the other,
        one label no other row of either frame shows; a part of a row that crossed the view
        so (:meth:`_crossed`); its sticky header or a ScrollView's content (pinned.py)."""
        curr, prev = self.curr, self.prev
        if curr.parents[c] != host or curr.children[c] or prev.children[p]:
            return held_in_turned(prev, p, curr, c, host) or self._crossed(c, p, host)
        if not curr.nodes[c].text or _SHOWN(prev.nodes[p]) != _SHOWN(curr.nodes[c]):
            return held_in_turned(prev, p, curr, c, host)
        return own_texts(prev, p) == own_texts(curr, c) == texts(curr, c)

    def _crossed(self, c: int, p: int, host: int) -> bool:
        """Whether ``c`` is (a part of) a row with parts that crossed the view of a list
        that turned a page (:meth:`_crossed_row`); a part pairs with the part at its place
        in the old row that shows the same (class, id, text and description)."""
        curr, prev = self.curr, self.prev
        row, old = c, p
        while curr.parents[row] != host:
            row, old = curr.parents[row], prev.parents[old]
            if row < 0 or old < 0:
                return False
        if not self._crossed_row(row, old, host):
            return False
        if row == c:
            return True
        same = _SHOWN_ID(prev.nodes[p]) == _SHOWN_ID(curr.nodes[c])
        return same and curr.depth[c] - curr.depth[row] == prev.depth[p] - prev.depth[old]

    def _crossed_row(self, row: int, old: int, host: int) -> bool:
        """Whether row ``row`` of list ``host`` is row ``old`` that crossed its view: cut by
        one edge before and by the other after, the way the content went (the finger's, when
        told), one sliver showing only texts the other shows, among them a label that tells
        rows apart — at one place in both rows, in a column of the list whose labels never
        repeat in either frame, seen in :data:`ROWS_TO_TELL` rows of one ("Tom's <draft>
        #46", a subject, across an Inbox on a small phone, its sender and date cut off). A
        sender's column repeats ("Ken" in two rows), and one seen in too few rows (the Feed's
        authors, two or three cards a screen) proves nothing: two cards of one author cut
        so look the same. Kept per row (every part of it asks)."""
        got = self._rows.get((row, old))
        if got is None:
            got = self._rows[(row, old)] = self._crossing(row, old, host)
        return got

    def _crossing(self, row: int, old: int, host: int) -> bool:
        curr, prev = self.curr, self.prev
        old_host = self._host_prev.get(host, -1)
        if prev.parents[old] != old_host or not curr.children[row] or not prev.children[old]:
            return False
        if anchored(prev, old_host, old, curr, host, row, self._gesture):
            return True  # a label no other node shows, its move accounting for both frames
        a, b = prev.nodes[old].bounds, curr.nodes[row].bounds
        box = curr.nodes[host].bounds
        side = host_sideways(prev, old_host, curr, host)  # a carousel: its side edges cross
        if not across(a, prev.nodes[old_host].bounds, b, box, side):
            return False
        way = -1 if (b.left <= box.left if side else b.top <= box.top) else 1
        g = self._gesture
        if g is not None and g.contradicts(*((way, 0) if side else (0, way))):
            return False  # it crossed against the finger: another row of the same looks
        was, now = texts(prev, old), texts(curr, row)
        if not (was <= now or now <= was):
            return False
        # A part's place in its row, measured from the row's edge no edge of the list cut.
        for k in range(row + 1, curr.subtree_end(row)):
            y = curr.nodes[k]
            if not (y.text or y.content_desc):
                continue
            q = next(
                (
                    q
                    for q in range(old + 1, prev.subtree_end(old))
                    if _label(prev.nodes[q]) == _label(y)
                ),
                -1,
            )
            if q < 0:
                continue
            seen_a = _column(prev, old_host, old, q, side)
            seen_b = _column(curr, host, row, k, side)
            if seen_a is not None and seen_b is not None and max(seen_a, seen_b) >= ROWS_TO_TELL:
                return True
        return False

    def _shown_elsewhere(self, row: int, old: int) -> bool:
        """Whether a label of row ``row`` was paired (by key, before passes 3 and 4) with a
        label outside row ``old``: what the row shows came from another row (the row below
        rows removed at a list's top, moved up onto the edge), so it is not ``old`` staying
        put there. O(row)."""
        pairs, end = self.measured, self.prev.subtree_end(old)
        for k in range(row, self.curr.subtree_end(row)):
            q = pairs.get(k)
            n = self.curr.nodes[k]
            if q is not None and (n.text or n.content_desc) and not old <= q < end:
                return True
        return False

    def _sticky(self, c: int, p: int, host: int) -> bool:
        """Whether a node that stayed put inside a scrolled host can be one that stayed: its
        row sits on the host's edge (a sticky header: unless its labels came from another
        row, :meth:`_shown_elsewhere`, or the scroll put another row there, .scrolled_onto)
        or shows what the old one showed (a recycled row there showing another is another)."""
        curr, prev = self.curr, self.prev
        row, old = c, p
        while curr.parents[row] != host and curr.parents[row] >= 0 and prev.parents[old] >= 0:
            row, old = curr.parents[row], prev.parents[old]
        box, b = curr.nodes[host].bounds, curr.nodes[row].bounds
        if b.top <= box.top or b.bottom >= box.bottom:
            return not (
                self._shown_elsewhere(row, old)
                or a_row_of_them(prev, curr, self.measured, row)
                or scrolled_onto(prev, self._host_prev[host], curr, host, row, old, *self._by(c))
            )
        shown_a, shown_b = texts(prev, old), texts(curr, row)
        return shown_a <= shown_b or shown_b <= shown_a


class Evidence:
    """Whether two nodes are one element on evidence (module docstring), given the pairs
    so far and (once measured) the scrolls."""

    def __init__(self, prev: Frame, curr: Frame, pairs: dict[int, int], threshold: float) -> None:
        self.prev, self.curr, self.pairs = prev, curr, pairs
        self.threshold = threshold
        self.guard: Guard | None = None
        self.weighs = weigh_budget(len(prev.nodes) + len(curr.nodes))
        """Candidates pass 3 may still weigh one by one (:func:`.crowd.weigh_budget`)."""

    def holds(self, c: int, p: int) -> bool:
        # Overlap first (pass 1's pair sits in one box); shared content reads subtrees. Pure.
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
        if own_content(self.curr)[c] and self.prev.subtree_hashes[p] == self.curr.subtree_hashes[c]:
            return True
        if not (self.prev.children[p] and self.curr.children[c]):
            return False
        # two containers showing a text in common (a form section whose spinner went away)
        sa, sb = texts(self.prev, p), texts(self.curr, c)  # or one label, rewrapped (its module)
        return bool(sa & sb) or rewrapped(self.prev, p, self.curr, c)

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
        return self.cut_with_parent(c, p) or (self.guard is not None and self.guard.cut_alike(c, p))

    def cut_with_parent(self, c: int, p: int) -> bool:
        """Whether the two show one label and, the old box moved with the paired parents (off a
        corner: an edge cut the other), are one box cut to what both parents show: a sliver."""
        cp, pp = self.curr.parents[c], self.prev.parents[p]
        na, nb = self.prev.nodes[p], self.curr.nodes[c]
        label = (na.text, na.content_desc)
        if cp < 0 or pp < 0 or self.pairs.get(cp) != pp:
            return False
        if label == ("", "") or label != (nb.text, nb.content_desc):
            return False  # a blank sliver is anyone's place
        pa, pb, a, b = self.prev.nodes[pp].bounds, self.curr.nodes[cp].bounds, na.bounds, nb.bounds
        for dx, dy in {
            (pb.left - pa.left, pb.top - pa.top),
            (pb.right - pa.right, pb.bottom - pa.bottom),
        }:
            left = max(a.left + dx, pb.left, pa.left + dx)
            top = max(a.top + dy, pb.top, pa.top + dy)
            right = min(a.right + dx, pb.right, pa.right + dx)
            bottom = min(a.bottom + dy, pb.bottom, pa.bottom + dy)
            cut = Bounds(
                max(b.left, pa.left + dx),
                max(b.top, pa.top + dy),
                min(b.right, pa.right + dx),
                min(b.bottom, pa.bottom + dy),
            )
            if right > left and bottom > top and self._enough(_iou(left, top, right, bottom, cut)):
                return True
        return False

    def overlapping(self, c: int, candidates: list[int]) -> set[int]:
        """The candidates ``p`` for which :meth:`overlaps` ``(c, p)`` holds: the same test, the
        moves once per old parent, the IoU inline (pass 3 weighs a calendar's alike cells)."""
        b = self.curr.nodes[c].bounds
        bl, bt, br, bb = b.left, b.top, b.right, b.bottom
        area_b = (br - bl if br > bl else 0) * (bb - bt if bb > bt else 0)
        threshold = self.threshold
        nodes, parents = self.prev.nodes, self.prev.parents
        moves_of: dict[int, list[tuple[int, int]]] = {}
        out: set[int] = set()
        # Comparisons, not abs(), min() and max(): a builtin call costs a dozen comparisons.
        for p in candidates:
            moves = moves_of.get(parents[p])
            if moves is None:  # _moves depends on p only through its parent
                moves = moves_of[parents[p]] = [(0, 0), *self._moves(c, p)]
            a = nodes[p].bounds
            for dx, dy in moves:
                left, top, right, bottom = a.left + dx, a.top + dy, a.right + dx, a.bottom + dy
                if (
                    -OFF <= left - bl <= OFF
                    and -OFF <= top - bt <= OFF
                    and -OFF <= right - br <= OFF
                    and -OFF <= bottom - bb <= OFF
                ):
                    if threshold <= 1.0:  # IoU 1.0, as _iou has it (even of two empty boxes)
                        out.add(p)
                        break
                    continue
                w = (right if right < br else br) - (left if left > bl else bl)
                if w <= 0:
                    continue  # IoU 0: never enough
                h = (bottom if bottom < bb else bb) - (top if top > bt else bt)
                if h <= 0:
                    continue
                inter = w * h
                union = (right - left) * (bottom - top) + area_b - inter  # both sides > 0 here
                if union and inter / union >= threshold:
                    out.add(p)
                    break
        label, guard = (self.curr.nodes[c].text, self.curr.nodes[c].content_desc), self.guard
        if label != ("", ""):  # cut_with_parent's label test first: a dial's cells show others
            same = [p for p in candidates if (nodes[p].text, nodes[p].content_desc) == label]
            out.update(p for p in same if p not in out and self.cut_with_parent(c, p))
        at = guard.shift(c) if guard is not None else None  # cut_alike's first tests, once
        if guard is not None and at is not None and (at[0] == 0) != (at[1] == 0):  # an edge cut
            out.update(p for p in candidates if p not in out and guard.cut_alike(c, p))
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


def own_content(frame: Frame) -> list[bool]:
    """For every position, whether its subtree holds content that tells it from the others:
    a description, a text but editable text, or a resource id no other node of the frame
    carries (kept on the frame). A subtree whose ids every sibling section repeats (a
    contact form's ``kind_editors``) is told apart only by its place, as one without ids."""
    out: list[bool] | None = frame.__dict__.get("_own_content")
    if out is None:
        once = {rid for rid, count in frame.id_counts.items() if count == 1}
        out = frame.__dict__["_own_content"] = frame.content_below(once.__contains__)
    return out


ROWS_TO_TELL = 5
"""Rows of one frame a column of a list must show, all its labels apart, to tell rows apart
(:meth:`Guard._crossed_row`)."""


def _label(node: Node) -> tuple[str, str, str, str]:
    """What a part of a row shows, and its kind."""
    return (node.class_name, node.resource_id, node.text, node.content_desc)


def _place(
    frame: Frame, host: int, row: int, pos: int, side: bool = False
) -> tuple[str, int, int, int, bool]:
    """Where part ``pos`` sits in ``row`` of list ``host``: its class, its left and right, and
    its distance from the row's edge that the list's edge did not cut (its top, unless it is
    cut by the top edge), and which edge that is. ``side``: a carousel, read on boxes flipped
    across the diagonal (:func:`~deltarec.core.diff.axis.flip`): its top and bottom, and
    its distance from the row's left or right."""
    box = _box(frame, host, side)
    node, b, r = frame.nodes[pos], _box(frame, pos, side), _box(frame, row, side)
    from_bottom = r.top <= box.top
    dist = r.bottom - b.bottom if from_bottom else b.top - r.top
    return (node.class_name, b.left, b.right, dist, from_bottom)


def _box(frame: Frame, pos: int, side: bool) -> Bounds:
    b = frame.nodes[pos].bounds
    return flip(b) if side else b


def _column(frame: Frame, host: int, row: int, pos: int, side: bool = False) -> int | None:
    """How many rows of list ``host`` show a label at the place of ``pos`` in ``row``
    (:func:`_place`, within a px: a scaled screen rounds each box), or None when one label
    shows in two of them (kept on the frame). A row cut by the edge that place is measured
    from is left out. O(nodes of the list)."""
    place = _place(frame, host, row, pos, side)
    memo: dict[tuple[int, bool, tuple[str, int, int, int, bool]], int | None]
    memo = frame.__dict__.setdefault("_columns", {})
    key = (host, side, place)
    if key in memo:
        return memo[key]
    kind, left, right, dist, from_bottom = place
    box = _box(frame, host, side)
    seen: set[str] = set()
    repeats = False
    for r in frame.children[host]:
        rb = _box(frame, r, side)
        if (rb.top <= box.top) if not from_bottom else (rb.bottom >= box.bottom):
            continue
        for k in range(r + 1, frame.subtree_end(r)):
            node, b = frame.nodes[k], _box(frame, k, side)
            if not (node.text or node.content_desc) or node.class_name != kind:
                continue
            d = rb.bottom - b.bottom if from_bottom else b.top - rb.top
            if abs(b.left - left) <= 1 and abs(b.right - right) <= 1 and abs(d - dist) <= 1:
                label = node.text + "\x00" + node.content_desc
                repeats = repeats or label in seen
                seen.add(label)
    memo[key] = None if repeats else len(seen)
    return memo[key]


def _iou(left: int, top: int, right: int, bottom: int, b: Bounds) -> float:
    """``Bounds(left, top, right, bottom).iou(b)``, the same arithmetic inline (no box built:
    pass 3 weighs every candidate in a slot). A box within :data:`OFF` px of the other,
    edge by edge, is that box rounded another way: IoU 1.0 (a divider 1 px high)."""
    if (
        abs(left - b.left) <= OFF
        and abs(top - b.top) <= OFF
        and abs(right - b.right) <= OFF
        and abs(bottom - b.bottom) <= OFF
    ):
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
