"""Match the nodes of two frames: which node of ``curr`` is which node of ``prev``.

:func:`match_frames` runs four passes; each only considers nodes the earlier
passes left unmatched, so earlier evidence always wins (the tie-break order):

1. **keys** — equal stable keys (:mod:`core.identity`). Keys are unique within
   a frame, so this is a join. It survives scrolls, inserted siblings and
   moves between parents.
2. **bottom-up** — an unmatched node whose matched children mostly came from
   one unmatched old node of the same class and resource id is that node (a
   row whose summary text changed, a container whose rows changed). Visited
   children-first, so whole chains of ancestors are recovered in one pass;
   votes break ties, then document order.
3. **top-down** — inside two matched parents, unmatched children with the same
   class, resource id and role pair up when they sit in the same slot (same
   matched neighbour, or both first / last): a summary "Off" → "On", a field
   whose hint was replaced. Several candidates: the most similar (text, then
   geometry).
4. **geometry** — leftovers with the same class, resource id and role whose
   parents are a pair (or that are both window roots) and whose boxes overlap
   (IoU ≥ ``iou_threshold``, 0.5 by default), best overlap first. Two labels
   that merely sit at the same place on two different screens are not a pair.

Scrolls constrain passes 3 and 4: after pass 2, :func:`core.motion.find_motions`
measures how far each scrolled container's content moved, and inside such a
container a pair must sit where the offset puts it (:func:`core.motion.consistent`).
Rows are identified by their content, never paired by slot with a row that
came in from the other edge, however alike their ids and texts are; inside a
container whose rows were all replaced nothing pairs but by key.

Why not positional matching? When a list grows, every sibling after the
insertion point shifts; matching by position turns one insertion into a wall
of false changes. Why not IoU first? A scroll moves every row; overlap would
pair each row with its neighbour.

Cost: O(n) for passes 1–2 and the scroll estimate, O(k log k) per sibling group
in pass 3 (text similarity at C speed, rapidfuzz), and O(a·b) per class group in
pass 4 with groups capped at :data:`GEOMETRY_LIMIT`.

    >>> from core.capture.uiautomator import parse_uiautomator
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

from rapidfuzz.fuzz import ratio

from core.frame import Frame
from core.model import Bounds, Node
from core.motion import consistent, find_motions

GEOMETRY_LIMIT = 40_000
"""Largest (old × new) candidate product a geometry group may have."""


def _soft(node: Node) -> tuple[str, str, str]:
    return (node.class_name, node.resource_id, node.role)


def _similarity(a: Node, b: Node) -> float:
    """0..1; text similarity dominates, geometry breaks ties."""
    ta, tb = a.text + "\x00" + a.content_desc, b.text + "\x00" + b.content_desc
    text = 1.0 if ta == tb else ratio(ta, tb) / 100.0
    return text * 0.7 + a.bounds.iou(b.bounds) * 0.3


Allowed = Callable[[int, int], bool]
"""``allowed(curr_pos, prev_pos)``: may passes 3 and 4 pair these two nodes?"""


def _anywhere(c: int, p: int) -> bool:
    return True


def scroll_guard(prev: Frame, curr: Frame, pairs: dict[int, int]) -> Allowed:
    """The pairing rule inside scrolled containers (module docstring), from ``pairs`` so far."""
    motions = find_motions(prev, curr, pairs)
    if not motions:
        return _anywhere
    shift: dict[int, tuple[int, int]] = {}
    still: dict[int, tuple[int, int]] = {}  # the shift around the innermost host (sticky rows)
    frozen: set[int] = set()  # below a container whose rows were all replaced
    hosts = {m.curr: m for m in motions}
    for c, parent in enumerate(curr.parents):
        if parent < 0:
            continue
        if parent in frozen:
            frozen.add(c)
            continue
        base = shift.get(parent)
        host = hosts.get(parent)
        if host is not None and host.page:
            frozen.add(c)
            continue
        if host is not None:
            ox, oy = base or (0, 0)
            still[c] = (ox, oy)
            base = (ox + host.dx, oy + host.dy)
        elif parent in still:
            still[c] = still[parent]
        if base is not None:
            shift[c] = base
    in_host_prev: set[int] = set()
    for m in motions:
        in_host_prev.update(range(m.prev + 1, prev.subtree_end(m.prev)))

    def allowed(c: int, p: int) -> bool:
        if c in frozen:
            return False
        s = shift.get(c)
        if s is None and p not in in_host_prev:
            return True
        a, b = prev.nodes[p].bounds, curr.nodes[c].bounds
        if consistent(a, b, s or (0, 0)):
            return True
        sx, sy = still.get(c, (0, 0))  # a sticky row stays exactly where it was
        return b == Bounds(a.left + sx, a.top + sy, a.right + sx, a.bottom + sy)

    return allowed


def match_frames(prev: Frame, curr: Frame, *, iou_threshold: float = 0.5) -> dict[int, int]:
    """Pair nodes of ``curr`` with nodes of ``prev``: ``{curr_pos: prev_pos}``, one-to-one.

    ``iou_threshold`` is the overlap the geometric last pass requires.
    """
    pairs: dict[int, int] = {}
    # 1. keys
    for c, key in enumerate(curr.keys):
        p = prev.pos_of.get(key)
        if p is not None:
            pairs[c] = p
    used = set(pairs.values())

    # 2. bottom-up, children before parents
    _bottom_up(prev, curr, pairs, used, _anywhere)
    if len(pairs) == len(curr) == len(prev):
        return pairs  # everything matched (the common unchanged or toggled frame)

    # Scrolls: drop pairs a scroll contradicts, then pair only where offsets allow.
    allowed = scroll_guard(prev, curr, pairs)
    if allowed is not _anywhere:
        for c, p in list(pairs.items()):
            if not allowed(c, p):
                del pairs[c]
                used.discard(p)
        _bottom_up(prev, curr, pairs, used, allowed)

    # 3. top-down: window roots first (a virtual root), then every matched parent
    _align(prev, curr, prev.roots, curr.roots, pairs, used, allowed)
    for c in range(len(curr)):
        p = pairs.get(c)
        if p is not None:
            _align(prev, curr, prev.children[p], curr.children[c], pairs, used, allowed)

    # 4. geometry for what is left
    _geometry(prev, curr, pairs, used, iou_threshold, allowed)
    return pairs


def _bottom_up(
    prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int], allowed: Allowed
) -> None:
    """Pass 2: a parent whose matched children mostly came from one old parent is it."""
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
        for p, _ in sorted(votes.items(), key=lambda kv: (-kv[1], kv[0])):
            if _soft(prev.nodes[p]) == _soft(curr.nodes[c]) and allowed(c, p):
                pairs[c] = p
                used.add(p)
                break


def _align(
    prev: Frame,
    curr: Frame,
    old_kids: list[int],
    new_kids: list[int],
    pairs: dict[int, int],
    used: set[int],
    allowed: Allowed,
) -> None:
    """Pair unmatched children of two matched parents that sit in the same slot.

    A new child and an old child pair when they have the same class, resource
    id and role and the same neighbour: the sibling before (or after) each is
    already a pair, or both are first (or last). Without that anchor, rows
    that scrolled out would pair with rows that scrolled in. Two sweeps (left
    to right, then right to left) let a pair anchor the next one.
    """
    if all(p in used for p in old_kids) or all(c in pairs for c in new_kids):
        return
    old_at = {p: i for i, p in enumerate(old_kids)}
    by_sig: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for p in old_kids:
        if p not in used:
            by_sig[_soft(prev.nodes[p])].append(p)
    last_new, last_old = len(new_kids) - 1, len(old_kids) - 1

    def anchored(i: int, j: int) -> bool:
        before = (i == 0 and j == 0) or (
            i > 0 and j > 0 and pairs.get(new_kids[i - 1]) == old_kids[j - 1]
        )
        after = (i == last_new and j == last_old) or (
            i < last_new and j < last_old and pairs.get(new_kids[i + 1]) == old_kids[j + 1]
        )
        return before or after

    for sweep in (range(len(new_kids)), range(len(new_kids) - 1, -1, -1)):
        for i in sweep:
            c = new_kids[i]
            if c in pairs:
                continue
            candidates = by_sig.get(_soft(curr.nodes[c]), ())
            slot = [
                p for p in candidates if p not in used and anchored(i, old_at[p]) and allowed(c, p)
            ]
            if slot:
                p = max(slot, key=lambda q: (_similarity(prev.nodes[q], curr.nodes[c]), -q))
                pairs[c] = p
                used.add(p)


def _geometry(
    prev: Frame,
    curr: Frame,
    pairs: dict[int, int],
    used: set[int],
    threshold: float,
    allowed: Allowed,
) -> None:
    olds: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for p, node in enumerate(prev.nodes):
        if p not in used:
            olds[_soft(node)].append(p)
    news: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for c, node in enumerate(curr.nodes):
        if c not in pairs and _soft(node) in olds:
            news[_soft(node)].append(c)
    for sig, group in news.items():
        candidates = olds[sig]
        if len(candidates) * len(group) > GEOMETRY_LIMIT:
            continue
        scored = sorted(
            (-prev.nodes[p].bounds.iou(curr.nodes[c].bounds), c, p)
            for c in group
            for p in candidates
        )
        for neg, c, p in scored:
            if -neg < threshold or -neg <= 0:
                break
            if c in pairs or p in used:
                continue
            cp, pp = curr.parents[c], prev.parents[p]
            if (pairs.get(cp, -2) if cp >= 0 else -1) != pp or not allowed(c, p):
                continue  # no evidence but the place: two screens' labels, or a row that left
            pairs[c] = p
            used.add(p)
