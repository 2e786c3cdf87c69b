"""Rows inserted into and removed from the lists of real captures, with a known truth.

:func:`inserted` puts ``n`` rows of the layout of the row above (other words: the copies of
:mod:`.transforms`) into a list of a real capture, below a row that stays: the rows below
are pushed down by the rows' height, and every container around the insertion point grows
by as much; the nearest container made to scroll around the list (or the window) keeps
its box and clips what was pushed, as uiautomator clips it, so rows pushed past its edge
are no longer dumped. Read backwards, the same pair is a removal: the rows pulled up, and
the rows pushed out come back in.

The truth (:func:`check`): the inserted rows are ``+`` (``-`` for a removal), what was
pushed out is ``-`` (``+``), nothing else is added or removed, no inserted row is paired
with an old one, no ``~`` of a text or a description, and no scroll line: nothing
scrolled. Rule 3 of the real-capture oracle (rows that moved together are a scroll) is
exactly what an insertion contradicts, so only its rules 1 and 2 are asked.

The lists: the content of every container :func:`.transforms.scrollers` finds, and every
node with two or more children of one class and id that show something, their rows
stacked. The insertion point is below a row that shows something and is wholly in view,
clear of the list's top edge: a row at that edge that stays while the rows below it move
is a sticky header as much as a row above an insertion, and the dumps cannot tell which.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from dataclasses import dataclass
from itertools import pairwise

from deltarec.core.diff.compute import Delta
from deltarec.core.diff.grown import removed_at_top
from deltarec.core.diff.new_rows import hedged, new_at_top
from deltarec.core.diff.observation_diff import to_json
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls.transforms import (
    Path_,
    _at,
    _content,
    _marked,
    _moved_clipped,
    _other,
    _positions,
    _replace,
    _walk,
    _walk_node,
    captures,
    graded,
    scrollers,
)

FAR = 40
"""The copies' word shift: far from the scroll transform's (another row's words)."""

WORD = re.compile(r"[A-Za-z]+")
"""A word the copies turn into another word (other letters are kept, as :func:`_other` keeps
them)."""


@dataclass(frozen=True, slots=True)
class Insertion:
    """One derived pair: ``n`` rows inserted at ``index`` of the list at ``where``;
    ``removal``: the pair read backwards."""

    capture: str
    where: Path_
    index: int
    n: int
    removal: bool = False
    edge: int = 0
    """Where the clipping box's bottom edge is moved up to first (:func:`cut`), 0: the
    capture as it is."""


def _shown(node: Node) -> bool:
    return any(n.text or n.content_desc for _, n in _walk_node(node))


def _clip_box(obs: Observation, path: Path_) -> tuple[Path_, Bounds]:
    """The nearest container made to scroll around ``path`` (its box stays, its content is
    clipped to it), or the window."""
    for cut in range(len(path) - 1, 0, -1):
        node = _at(obs, path[:cut])
        if _marked(node) and _content(path[:cut], node) is not None:
            return path[:cut], node.bounds
    return path[:1], obs.windows[path[0]].bounds


def lists(obs: Observation) -> list[tuple[Path_, int]]:
    """Where rows can be inserted: (list, index) below a row that shows something, wholly
    inside the clipping box, in a list whose rows are stacked (not side by side)."""
    parents: list[Path_] = []
    for path in scrollers(obs):
        got = _content(path, _at(obs, path))
        if got is not None:
            parents.append(got[0])
    for path, node in _walk(obs):
        shapes = Counter((c.class_name, c.resource_id) for c in node.children if _shown(c))
        if shapes and max(shapes.values()) >= 2 and path not in parents:
            parents.append(path)
    out: list[tuple[Path_, int]] = []
    for path in parents:
        rows = _at(obs, path).children
        if not _stacked(rows):
            continue  # a grid, or rows side by side: an insertion reflows them
        _, box = _clip_box(obs, path)
        top = max(box.top, _at(obs, path).bounds.top)
        for i in range(1, len(rows) + 1):
            above = rows[i - 1].bounds
            if _shown(rows[i - 1]) and top < above.top and above.bottom < box.bottom:
                out.append((path, i))
    return out


def tops(obs: Observation) -> list[tuple[Path_, int]]:
    """(list, 0): the lists of :func:`lists` whose first row shows something and is wholly in
    view, its top at the top edge of the list's clipping box or below it: rows inserted
    there (new mail at an inbox's top) push every row down, and none stays above them."""
    out: list[tuple[Path_, int]] = []
    for path in dict.fromkeys(path for path, _ in lists(obs)):
        rows = _at(obs, path).children
        _, box = _clip_box(obs, path)
        first = rows[0].bounds
        if _shown(rows[0]) and box.top <= first.top and first.bottom < box.bottom:
            out.append((path, 0))
    return out


def edges(obs: Observation) -> list[tuple[Path_, int]]:
    """The spots of :func:`lists` right above a row the clipping box's bottom edge cuts: the
    inserted rows take that row's place, and the edge leaves as little of them as it left
    of it (a random spot is there once in a list's length)."""
    out: list[tuple[Path_, int]] = []
    for path, index in lists(obs):
        rows = _at(obs, path).children
        if index < len(rows) and rows[index].bounds.bottom >= _clip_box(obs, path)[1].bottom:
            out.append((path, index))
    return out


def cut(obs: Observation, where: Path_, edge: int) -> Observation:
    """``obs`` with the bottom edge of the box that clips the list at ``where`` moved up to
    ``edge`` (a keyboard came up, a shorter screen): what is below it is no longer dumped,
    what straddles it is cut."""
    box_path, box = _clip_box(obs, where)
    short = Bounds(box.left, box.top, box.right, edge)
    host = _at(obs, box_path)
    kids = tuple(c for kid in host.children if (c := _moved_clipped(kid, 0, short)) is not None)
    return _replace(obs, box_path, dataclasses.replace(host, bounds=short, children=kids))


def cut_edges(obs: Observation) -> list[tuple[Path_, int, int]]:
    """(list, index, edge): the spots of :func:`lists` above a row whose labels the edge
    moved up to ``edge`` cuts (one of its labels is cut halfway): the inserted rows
    take that row's place, and the edge leaves as little of them as it left of it. Only
    where the cut leaves the list and its rows above in their places."""
    out: list[tuple[Path_, int, int]] = []
    for path, index in lists(obs):
        rows = _at(obs, path).children
        if index >= len(rows):
            continue
        shown = {n.bounds for _, n in _walk_node(rows[index]) if _label(n) and n.bounds.area}
        box = _clip_box(obs, path)[1]
        for edge in sorted({b.top + max(1, b.height // 2) for b in shown}):
            if not rows[index].bounds.top < edge < box.bottom:
                continue
            try:
                kept = _at(cut(obs, path, edge), path).children
            except IndexError:
                continue
            if kept[: index + 1] == rows[:index] + kept[index : index + 1]:
                out.append((path, index, edge))
    return out


def _stacked(rows: tuple[Node, ...]) -> bool:
    """Whether every row has a box and starts where (or below where) the one before ends."""
    boxes = [r.bounds for r in rows]
    return all(b.area for b in boxes) and all(a.bottom <= b.top for a, b in pairwise(boxes))


def _pushed(node: Node, y: int, h: int, chain: Path_, at: int, new: tuple[Node, ...]) -> Node:
    """``node`` with ``new`` inserted at index ``at`` of the list ``chain`` leads to (empty:
    ``node`` is that list): containers on the way grow by ``h``, what starts at or below
    ``y`` moves down by ``h``, the rest stays."""
    b = node.bounds
    if chain:
        kids = list(node.children)
        k = chain[0]
        kids[k] = _pushed(kids[k], y, h, chain[1:], at, new)
        kids = [c if i == k else _below(c, y, h) for i, c in enumerate(kids)]
    else:
        kids = [_below(c, y, h) for c in node.children]
        kids[at:at] = new
    grown = Bounds(b.left, b.top, b.right, b.bottom + h)
    return dataclasses.replace(node, bounds=grown, children=tuple(kids))


def _below(node: Node, y: int, h: int) -> Node:
    b = node.bounds
    if b.top < y:
        return node
    return dataclasses.replace(
        node,
        bounds=Bounds(b.left, b.top + h, b.right, b.bottom + h),
        children=tuple(_below(c, y, h) for c in node.children),
    )


TEMPLATE = 3
"""Rows that show a word for it to be the list's template: two rows showing one name are
two rows about one person ("didi"), not a template."""


def template(rows: tuple[Node, ...]) -> frozenset[str]:
    """The words most rows of a list show (more than half of them, :data:`TEMPLATE` at least): its
    template ("Edit suggestion", "views", "Like"). A new row of the list shows them too."""
    counts: Counter[str] = Counter()
    for row in rows:
        counts.update({w.lower() for _, n in _walk_node(row) for w in WORD.findall(_label(n))})
    return frozenset(w for w, k in counts.items() if k >= TEMPLATE and 2 * k > len(rows))


def _other_words(label: str, k: int, keep: frozenset[str]) -> str:
    """Another row's label of the same shape: every word but the list's template turned
    ``k`` letters on (:func:`~.transforms._other`), the row's number appended; a label of
    template words only ("Reply", "Phone") is every row's, and stays."""
    words = WORD.findall(label)
    if words and all(w.lower() in keep for w in words):
        return label
    suffix = f" #{k}"
    turned = WORD.sub(
        lambda m: m[0] if m[0].lower() in keep else _other(m[0], k)[: -len(suffix)], label
    )
    return turned + suffix if label else ""


def _copy(node: Node, dy: int, k: int, keep: frozenset[str]) -> Node:
    """``node`` ``dy`` further down, showing other words but the list's template ``keep``."""
    b = node.bounds
    return dataclasses.replace(
        node,
        bounds=Bounds(b.left, b.top + dy, b.right, b.bottom + dy),
        text=_other_words(node.text, k, keep),
        content_desc=_other_words(node.content_desc, k, keep),
        children=tuple(_copy(c, dy, k, keep) for c in node.children),
    )


def inserted(obs: Observation, where: Path_, index: int, n: int) -> Observation:
    """``obs`` with ``n`` rows of the layout of row ``index - 1`` inserted at ``index`` of the
    list at ``where`` (module docstring)."""
    rows = _at(obs, where).children
    above = rows[max(0, index - 1)]  # at the top (index 0) the first row is the layout
    step = (rows[index].bounds.top if index < len(rows) else above.bounds.bottom) - (
        above.bounds.top
    )
    if index == 0:
        step = rows[1].bounds.top - above.bounds.top if len(rows) > 1 else above.bounds.height
    y = above.bounds.top + (step if index else 0)
    keep = template(rows)
    first = 1 if index else 0
    new = tuple(_copy(above, step * (j + first), FAR + j, keep) for j in range(n))
    box_path, box = _clip_box(obs, where)
    host = _at(obs, box_path)
    kids = in_box(host, where[len(box_path) :], y, step * n, index, new)
    clipped = tuple(c for kid in kids if (c := _moved_clipped(kid, 0, box)) is not None)
    return _replace(obs, box_path, dataclasses.replace(host, children=clipped))


def in_box(host: Node, rest: Path_, y: int, h: int, at: int, new: tuple[Node, ...]) -> list[Node]:
    """The children of ``host``, the box that clips the list ``rest`` leads to inside it,
    with ``new`` put in at index ``at`` of that list and what starts at or below ``y`` moved
    down by ``h`` (:func:`_pushed`). Where ``rest`` is empty the list is that box itself (a
    capture of one scroller, its root the list: AutoMobile's trimmed observations): its rows
    move inside it, and it keeps its box."""
    if not rest:
        kids = [_below(c, y, h) for c in host.children]
        kids[at:at] = new
        return kids
    k = rest[0]
    kids = list(host.children)
    kids[k] = _pushed(kids[k], y, h, rest[1:], at, new)
    return [c if i == k else _below(c, y, h) for i, c in enumerate(kids)]


def cases(rng: random.Random, per_capture: int) -> list[Insertion]:
    """``per_capture`` insertions or removals of 1, 2 or 8 rows in each real capture, and
    one of each at every spot above a row the edge cuts (:func:`edges`)."""
    out: list[Insertion] = []
    for name, obs in captures():
        spots = lists(obs)
        for _ in range(per_capture if spots else 0):
            where, index = rng.choice(spots)
            out.append(Insertion(name, where, index, rng.choice((1, 2, 8)), rng.random() < 0.4))
        for where, index in edges(obs):
            n = rng.choice((1, 2, 8))
            out += [Insertion(name, where, index, n), Insertion(name, where, index, n, True)]
        spots_cut = cut_edges(obs)
        for where, index, edge in rng.sample(spots_cut, min(per_capture, len(spots_cut))):
            n = rng.choice((1, 2, 8))
            out.append(Insertion(name, where, index, n, rng.random() < 0.4, edge))
    return out


def derive(case: Insertion) -> tuple[Observation, Observation]:
    """(prev, curr): the capture and the capture with rows inserted, or the reverse."""
    obs = dict(captures())[case.capture]
    if case.edge:
        obs = cut(obs, case.where, case.edge)
    grown = inserted(obs, case.where, case.index, case.n)
    return (grown, obs) if case.removal else (obs, grown)


def _inserted_positions(frame: Frame, obs: Observation, case: Insertion) -> set[int]:
    out: set[int] = set()
    kids = len(_at(obs, case.where).children)
    for j in range(case.n):
        if case.index + j < kids:
            path = (*case.where, case.index + j)
            if _at(obs, path).class_name:  # still a row of the list (not clipped away)
                out.update(_positions(frame, obs, path))
    return out


def _gone(before: Frame, after: Frame, new: set[int], removal: bool) -> tuple[set[str], set[str]]:
    """The texts shown before and not after, and after and not before (by count), the
    inserted rows ``new`` (positions in the side that has them) left out: a row pushed out
    can show a text an inserted row shows too (the list's "Home"), and is still gone."""

    def shown(frame: Frame, skip: set[int]) -> Counter[str]:
        return Counter(_label(n) for q, n in enumerate(frame.nodes) if _label(n) and q not in skip)

    a = shown(before, new if removal else set())
    b = shown(after, set() if removal else new)
    return set((a - b).keys()), set((b - a).keys())


def check(case: Insertion) -> list[tuple[str, str]]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    fp, fc, d, out = graded(prev, curr, lambda v: "moved (" in v)
    scrolls = d.scrolls
    if case.index == 0:
        # At the top, two dumps cannot tell the rows inserted from a scroll up by their
        # height onto a row's top (:mod:`deltarec.core.diff.new_rows`), nor rows removed
        # from a scroll down by it (:mod:`deltarec.core.diff.grown`): a scroll may stand
        # when it says the other reading, as many rows as came in (left), by their height.
        grown = prev if case.removal else curr
        came = len(_inserted_shown(case, grown))
        height = sum(b.height for b in _inserted_boxes(case, grown))
        hedge, sign = (removed_at_top, -1) if case.removal else (new_at_top, 1)
        scrolls = [s for s in scrolls if not (s.dy == sign * height and hedge(d, s) == came)]
    if scrolls:
        keys = [(s.curr, s.dy, s.page) for s in scrolls]
        out.append(("false-scroll", f"{len(scrolls)} scroll(s) for an insertion: {keys}"))
    grown, grown_frame = (prev, fp) if case.removal else (curr, fc)
    new = _inserted_positions(grown_frame, grown, case)
    new_side = set(d.removed) if case.removal else set(d.added)
    paired = new & (set(d.pairs.values()) if case.removal else set(d.pairs))
    hedged_pairs = bool(paired) and _hedged_twin(case, d, paired)
    if paired and not hedged_pairs:
        out.append(("false-pair", f"{len(paired)} inserted nodes paired with old ones"))
    # Anything else listed + or - shows only texts that left (or came): rows pushed out.
    gone, came = _gone(fp, fc, new, case.removal)
    in_prev, in_curr = (new, set()) if case.removal else (set(), new)
    extra = [p for p in d.removed if p not in in_prev and not _texts(fp, p) <= gone] + [
        c for c in d.added if c not in in_curr and not _texts(fc, c) <= came
    ]
    if extra:
        out.append(("unchanged-listed", f"{len(extra)} +/- of rows that stayed"))
    said = paired if hedged_pairs else set()  # the hedge names them as come in (went)
    missed = [q for q in new if q not in new_side | said and _label(grown_frame.nodes[q])]
    if missed:
        out.append(("missed", f"{len(missed)} inserted nodes not listed"))
    back = {p: c for c, p in d.pairs.items()}
    hedged_c = {back[x] for x in said} if case.removal else said  # positions of d.curr
    texts = [
        c for c, ch in d.changed.items() if set(ch) & {"text", "content-desc"} and c not in hedged_c
    ]
    if texts:
        out.append(("false-change", f"{len(texts)} ~ text between different elements"))
    return out


def _normal(node: Node, place: int = 0) -> Node:
    """``node`` with uiautomator's ``index`` its place among its parent's children, as a
    dump writes it (the derived rows copy the index of the row they copy)."""
    extras = tuple((k, str(place)) if k == "index" else (k, v) for k, v in node.extras)
    kids = tuple(_normal(c, j) for j, c in enumerate(node.children))
    return dataclasses.replace(node, extras=extras, children=kids)


def same_dump(a: Observation, b: Observation) -> bool:
    """Whether ``a`` and ``b`` dump the same bytes (each node's ``index`` its place)."""
    return dataclasses.replace(a, windows=tuple(_normal(w) for w in a.windows)) == (
        dataclasses.replace(b, windows=tuple(_normal(w) for w in b.windows))
    )


def _hedged_twin(case: Insertion, d: Delta, paired: set[int]) -> bool:
    """Whether each inserted node the delta paired with an old one is one of a pair it
    hedges (``orNew`` on the pair's changed entry: :mod:`deltarec.core.diff.twin_sliver`)
    whose stated reading fits both frames (:func:`_sliver_fits`: one of the two a sliver at
    its list's bottom edge that shows nothing, the other its row: its class, as wide, no
    label in the px the sliver would show of it).

    **Grader decision (issue 18).** The pair states a reading that fits both frames, and
    ``orNew`` names the truth (the inserted node is another element than the old one): a
    hedge whose every reading fits and that names the truth is true. An unhedged pair, or
    one whose stated reading the frames rule out, is not accepted. A hedge on a row speaks
    for the parts inside it: a part paired inside a row hedged so needs no hedge of its own
    (two slivers of one box, :func:`deltarec.core.diff.twin_sliver.same_box_slivers`).
    (:mod:`.twins` proves the class: one row fewer put in dumps the very same bytes.)
    Or the pairs are those of one row edited in place, each of its edited labels hedged
    (:func:`_edited_in_place`: a row or a bare label at its list's clipped edge, the
    inserted one pushed it out and took its box, ``either_row`` / ``either_label``)."""
    back = {p: c for c, p in d.pairs.items()}
    hedged_keys = {e["key"] for e in hedged(d, to_json(d))["changed"] if e.get("orNew")}
    if _edited_in_place(d, {back[x] if case.removal else x for x in paired}, hedged_keys):
        return True
    held: set[int] = set()
    for x in sorted(paired):  # a row before its parts: a part of a row hedged is held
        frame = d.prev if case.removal else d.curr
        if any(a in held for a in frame.ancestors(x)):
            continue
        c, p = (back[x], x) if case.removal else (x, d.pairs[x])
        if d.curr.keys[c] not in hedged_keys:
            return False
        if not (_sliver_fits(d.curr, c, d.prev, p) or _sliver_fits(d.prev, p, d.curr, c)):
            return False
        held.add(x)
    return True


def _edited_in_place(d: Delta, paired: set[int], hedged_keys: set[str]) -> bool:
    """Whether the two frames are one frame with one row edited in place, and the delta hedges
    each label that row changed (``orNew``): node for node the same tree, classes and ids,
    every node outside one subtree (the lowest holding every node whose box, text or
    description changed and every inserted node ``paired``, positions of ``d.curr``) as it
    was, that subtree's top and bottom kept.

    **Grader decision (issue 18, round 4).** Rows put in above the last row a list's clipped
    edge shows push it out of view, and the first of them lands in its box, cut alike: the
    two dumps are exactly those of that row's labels edited in place (nothing else in view
    moved), so no delta can say which. The pair stands on overlap, which the issue allows as
    evidence, and its ``~`` line names the truth as the other reading (``, or its row was
    taken out and another came into its box``, JSON ``orNew``). A hedge whose reading the
    frames do not fit node for node (a row below it moved, another label changed unhedged)
    is not accepted. O(nodes)."""
    a, b = d.prev, d.curr
    if len(a.nodes) != len(b.nodes) or a.parents != b.parents or not paired:
        return False
    region = set(paired)
    for q, (x, y) in enumerate(zip(a.nodes, b.nodes, strict=True)):
        if (x.class_name, x.resource_id) != (y.class_name, y.resource_id):
            return False
        if (x.text, x.content_desc) != (y.text, y.content_desc):
            if b.keys[q] not in hedged_keys:
                return False  # a label changed that the delta states as fact
            region.add(q)
        elif x.bounds != y.bounds:
            region.add(q)
    root = min(region)
    while any(not root <= q < b.subtree_end(root) for q in region):
        root = b.parents[root]
        if root < 0:
            return False
    was, now = a.nodes[root].bounds, b.nodes[root].bounds
    return root > 0 and (was.top, was.bottom) == (now.top, now.bottom)


def _sliver_fits(a: Frame, s: int, b: Frame, row: int) -> bool:
    """Whether node ``s`` of ``a`` is a sliver its list's bottom edge cuts, showing nothing,
    and row ``row`` of ``b``, pushed onto that edge, would show just that."""
    sb, rb = a.nodes[s].bounds, b.nodes[row].bounds
    parent = a.parents[s]
    return (
        parent >= 0
        and sb.area > 0
        and sb.bottom >= a.nodes[parent].bounds.bottom
        and not _texts(a, s)
        and a.nodes[s].class_name == b.nodes[row].class_name
        and (sb.left, sb.right) == (rb.left, rb.right)
        and rb.height >= sb.height
        and not any(
            _label(n) and n.bounds.top < rb.top + sb.height and n.bounds.bottom > rb.top
            for n in b.nodes[row : b.subtree_end(row)]
        )
    )


def _inserted_boxes(case: Insertion, grown: Observation) -> list[Bounds]:
    kids = _at(grown, case.where).children
    return [kids[j].bounds for j in range(min(case.n, len(kids)))]


def _inserted_shown(case: Insertion, grown: Observation) -> list[Bounds]:
    """The inserted rows' boxes that show in ``grown``."""
    return [b for b in _inserted_boxes(case, grown) if b.area]


def _label(node: Node) -> str:
    return node.text or node.content_desc


def _texts(frame: Frame, pos: int) -> set[str]:
    return {_label(n) for n in frame.nodes[pos : frame.subtree_end(pos)] if _label(n)}
