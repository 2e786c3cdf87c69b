"""Labels unique in both frames: an anchor that has no twin in view, in web content.

A row of a list, or a tile of a grid, cut by an edge, is no evidence of which row it is:
its twin (an ad 18 cards on, a product shown twice) looks the same
(:func:`~deltarec.core.diff.row_evidence._placed`). On a web page, though, a label the
row shows whole in both frames, of a class, text and description that no other node of
either frame shows — a product's name in a grid — is read as the element itself, as the
real-capture oracle (issue 18) reads it: :func:`unique_kept`. The rest of the offset's
checks still apply (:func:`~deltarec.core.diff.row_evidence._clash`: the neighbours it
keeps in view agree).

The decision is the web's only (:func:`in_web`). Two dumps cannot tell one row kept in
view from its twin: on the virtual Feed (a native RecyclerView), an ad cut by the top edge
before and its twin 18 cards on cut by the bottom edge after each show the one headline
"Plan your week in minutes", once a frame, whole in both, and nothing else is in both
views; read as one, a fling down 8,758 px said "scrolled up 899px" (the tablet, seed 1
step 29 of ``bench_truth --no-gesture``; 19 of 2,664 flings, sampled in
``tests/core/truth/test_twin_flings.py``). A web page's grid shows each product once; a
web page that shows one ad twice, each alone in its frame, would read as that move.
On a native list such a row keeps its pairs under a page that states no offset
(:mod:`~deltarec.core.diff.far_anchor`) when the label's move accounts for both frames.

:func:`unique_spot` is the other half, for every container: a node whose box the scaled
screen rounded a px taller or shorter finds no box of its size to vote from; a label one
node alone shows in each frame gives it its place
(:func:`~deltarec.core.diff.host.host_motion`).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.observe.frame import Frame
    >>> def shot(*tiles):
    ...     rows = "".join(f'<node class="V" bounds="[0,{t}][100,{t + 400}]">'
    ...                    f'<node class="T" text="{s}" bounds="[0,{t + 200}][100,{t + 240}]"/>'
    ...                    f'<node class="B" text="Add" bounds="[0,{t + 250}][100,{t + 290}]"/>'
    ...                    '</node>' for s, t in tiles)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="G" bounds="[0,100]'
    ...                                    f'[100,1100]">{rows}</node></hierarchy>'))
    >>> a = shot(("Lamp", 200), ("Tray", 750))  # "Tray" cut by the bottom edge
    >>> b = shot(("Tray", 50), ("Mat", 500))  # and by the top one
    >>> unique_kept(a, 4, b, 1, (0, -700))  # its name, whole in both, where the offset puts it
    True
    >>> unique_kept(a, 4, b, 1, (0, -600))
    False
    >>> unique_kept(a, 1, b, 1, (0, -150))  # "Add" shows twice: no anchor
    False
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Iterator

from deltarec.core.diff.axis import clear, cut_move
from deltarec.core.diff.motions import near_box
from deltarec.core.diff.motions import shifted as _shifted
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds

Label = tuple[str, str, str]
"""A label's signature: class, text, description."""


def in_web(frame: Frame, pos: int) -> bool:
    """Whether ``pos`` is a web view or lies inside one (a page's content: its ``role``).

    O(depth)."""
    return frame.nodes[pos].role == "web" or any(
        frame.nodes[a].role == "web" for a in frame.ancestors(pos)
    )


def label_counts(frame: Frame) -> Counter[Label]:
    """How many nodes of ``frame`` show each label (class, text, description): once a frame,
    O(nodes) (kept in :attr:`~deltarec.core.observe.frame.Frame.memo`)."""
    got = frame.memo.get("unique_labels.counts")
    if got is None:
        # Every node counted at C speed, then the signatures of no label (text and
        # description both empty: a few classes) taken out; the order of first sight is kept.
        got = Counter(_signatures(frame))
        for key in [key for key in got if not (key[1] or key[2])]:
            del got[key]
        frame.memo["unique_labels.counts"] = got
    return got  # type: ignore[return-value]


def twinned(prev: Frame, q: int, curr: Frame, k: int) -> bool:
    """Whether node ``k`` shows a label that another node of either frame shows too (``q``:
    the node of ``prev`` it is taken for): placed by its size alone where its twin is cut
    by the list's edge (a contact's "Home" type under its second "Phone" field, put in above
    the Email section's "Home", whose place it took), it may be that twin, and vouches for
    no move (:func:`~deltarec.core.diff.host.host_motion`'s weak votes). False for a node
    showing no label. O(1) after :func:`label_counts`."""
    key = _signature(curr.nodes[k])
    if not (key[1] or key[2]):
        return False
    return label_counts(curr)[key] > 1 or label_counts(prev)[_signature(prev.nodes[q])] > 1


_signature = operator.attrgetter("class_name", "text", "content_desc")


def _signatures(frame: Frame) -> list[Label]:
    """Per position, its node's :data:`Label` signature (label or not), kept in the memo."""
    got = frame.memo.get(_signatures)
    if got is None:
        got = frame.memo[_signatures] = list(map(_signature, frame.nodes))
    return got  # type: ignore[return-value]


def unique_kept(
    prev: Frame, q: int, curr: Frame, k: int, offset: tuple[int, int], side: bool = False
) -> bool:
    """Whether row ``q`` (of ``prev``) shows a label, unique in both frames, that ``offset``
    puts where row ``k`` (of ``curr``) shows it, the same box within the rounding of one,
    clear of its view's edges (the row's parent) in one frame at least: of the same size in
    both, it is whole in both (a label whose edge touches the view's edge in one frame).

    Tie-breaks: none; any one such label places the row. O(labels of ``q`` + ``k``) after
    each frame's counts."""
    counts_p = label_counts(prev)
    box_p = prev.nodes[prev.parents[q]].bounds
    box_c = curr.nodes[curr.parents[k]].bounds
    news = unique_in_row(curr, k)
    if not news:
        return False
    for n in prev.nodes[q : prev.subtree_end(q)]:
        key = (n.class_name, n.text, n.content_desc)
        b = news.get(key)
        if (
            b is not None
            and counts_p[key] == 1
            and (clear(n.bounds, box_p, side) or clear(b, box_c, side))
            and near_box(_shifted(n.bounds, *offset), b)
        ):
            return True
    return False


def unique_in_row(frame: Frame, k: int) -> dict[Label, Bounds]:
    """The labels below row ``k`` (itself included) that no other node of ``frame`` shows,
    with their boxes. O(the row's nodes) after the frame's counts."""
    counts = label_counts(frame)
    out = {}
    for m in frame.nodes[k : frame.subtree_end(k)]:
        key = (m.class_name, m.text, m.content_desc)
        if (m.text or m.content_desc) and counts[key] == 1:
            out[key] = m.bounds
    return out


def unique_at(frame: Frame) -> dict[Label, int]:
    """The position of each label that one node alone of ``frame`` shows (memoised)."""
    got = frame.memo.get("unique_labels.at")
    if got is None:
        once = {key for key, count in label_counts(frame).items() if count == 1}  # labels only
        got = frame.memo["unique_labels.at"] = {
            key: pos for pos, key in enumerate(_signatures(frame)) if key in once
        }
    return got  # type: ignore[return-value]


DIRECT_ASKS = 16
"""Labels :func:`alone_at` tells by a scan of the frame before it builds :func:`unique_at`."""

_text_of = operator.attrgetter("text")
_description_of = operator.attrgetter("content_desc")


def alone_at(frame: Frame, key: Label) -> int | None:
    """The position of the one node of ``frame`` showing label ``key`` (a text or a
    description), else None: ``unique_at(frame).get(key)``.

    Until :func:`unique_at` is built, a label whose text (else description) no node of the
    frame shows, or one node alone, is told by a scan of the frame's texts (descriptions)
    at C speed, and kept: the labels of a row put in are new, and building both frames'
    maps for the few a step asks was a sixth of the 1 MB step's scroll estimate (issue 19).
    A text several nodes show, or a label past the first :data:`DIRECT_ASKS` of a frame,
    builds the map: O(n) a frame, however many ask.
    ``tests/core/test_estimate_insertions.py`` holds it against the map."""
    at = frame.memo.get("unique_labels.at")
    if at is None:
        # No typing.cast: a Python call each ask (issue 19)
        known: dict[Label, int | None] | None
        known = frame.memo.get(alone_at)  # type: ignore[assignment]
        if known is None:
            known = frame.memo[alone_at] = {}
        if key in known:
            return known[key]
        if len(known) < DIRECT_ASKS:
            _, text, description = key
            values = _values(frame, _text_of if text else _description_of)
            shown = values.count(text or description)
            if shown <= 1:
                pos = values.index(text or description) if shown else -1
                got = pos if pos >= 0 and _signature(frame.nodes[pos]) == key else None
                known[key] = got
                return got
        at = unique_at(frame)
    return at.get(key)  # type: ignore[attr-defined, no-any-return]  # no cast: a call each


def _values(frame: Frame, of: operator.attrgetter[str]) -> list[str]:
    """Per position, its node's text (or description, by ``of``), kept in the memo."""
    got = frame.memo.get(of)
    if got is None:
        got = frame.memo[of] = list(map(of, frame.nodes))
    return got  # type: ignore[return-value]


def unique_pairs(
    prev: Frame, lo: int, hi: int, curr: Frame, start: int, end: int
) -> Iterator[tuple[int, int]]:
    """Each node ``pos`` of ``curr`` (``start <= pos < end``) showing a label one node alone
    of each frame shows, with that node ``q`` of ``prev`` where ``lo <= q < hi``: ``(q, pos)``
    in document order. The one walk of :mod:`~deltarec.core.diff.far_anchor` and
    :mod:`~deltarec.core.diff.pushed_edge` over the labels that place a row. O(end - start)
    after each frame's :func:`unique_at`."""
    olds, news, keys = unique_at(prev), unique_at(curr), _signatures(curr)
    for pos in range(start, end):
        key = keys[pos]
        if news.get(key) == pos:
            q = olds.get(key)
            if q is not None and lo <= q < hi:
                yield q, pos


def unique_spot(prev: Frame, curr: Frame, k: int, lo: int, hi: int) -> int | None:
    """The node of ``prev`` (between positions ``lo`` and ``hi``) that node ``k`` of ``curr``
    is by its label alone: both the only node of their frame showing it, of one size but for
    the rounding of each edge (a scaled screen rounds a web page's boxes edge by edge, so a
    label 244 px high shows 243 px high further down), else None. Of one size, a label
    clear of its view's edges in one frame is whole in the other too (the caller asks it
    of one frame at least). A vote's place where no
    box of the same size was found (:func:`~deltarec.core.diff.host.host_motion`)."""
    n = curr.nodes[k]
    if not (n.text or n.content_desc) or n.bounds.area == 0:
        return None
    key = (n.class_name, n.text, n.content_desc)
    if alone_at(curr, key) is None:
        return None
    q = alone_at(prev, key)
    if q is None or not lo < q < hi:
        return None
    a, b = prev.nodes[q].bounds, n.bounds
    w, h = a.right - a.left, a.bottom - a.top
    if w <= 0 or h <= 0 or abs(w - (b.right - b.left)) > 1 or abs(h - (b.bottom - b.top)) > 1:
        return None
    return q


def spot_of(
    prev: Frame, q: int, b: Bounds, boxes: tuple[Bounds, Bounds], side: bool, base: tuple[int, int]
) -> tuple[int, int, int]:
    """Where label ``q`` of ``prev`` (:func:`unique_spot`, node box ``b`` now) was, for a
    vote: its corner, or, its size a px off because an edge of its view cut it in one frame
    (``boxes``: the view now and before), the corner its uncut edge puts it at
    (:func:`~deltarec.core.diff.axis.cut_move`, less ``base``, the scrolls around): a
    dropdown cut by a form's top edge by 1 px voted a move 1 px short of its row's, which the
    vote took, and the row taken out beside the form's sliver read as a scroll by 288 px of a
    289 px pitch, on element dicts (``tests/core/real_scrolls/rearranged.py``). O(1).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> f = Frame(parse_uiautomator('<hierarchy><node class="L" bounds="[0,10][9,99]">'
    ...     '<node class="T" text="a" bounds="[0,10][9,30]"/></node></hierarchy>'))
    >>> box = Bounds(0, 10, 9, 99)
    >>> spot_of(f, 1, Bounds(0, 50, 9, 71), (box, box), False, (0, 0))  # cut at the top: its bottom
    (1, 0, 9)
    >>> spot_of(f, 1, Bounds(0, 50, 9, 70), (box, box), False, (0, 0))  # whole: its corner
    (1, 0, 10)
    """
    a = prev.nodes[q].bounds
    if (a.right - a.left, a.bottom - a.top) != (b.right - b.left, b.bottom - b.top):
        move = cut_move(_shifted(a, *base), b, boxes[0], side, _shifted(boxes[1], *base))
        if move is not None:
            return q, b.left - move[0] - base[0], b.top - move[1] - base[1]
    return q, a.left, a.top


def alone_in_place(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether the one labelled node of row ``p`` is the one node of ``prev`` showing its
    label, the one of row ``c`` the one of ``curr``, in one box: no twin of the row is in
    view (a list's header that stayed: :func:`deltarec.core.diff.pages.page`). Asked
    through :func:`alone_at`, so a step that asks a few labels builds no map."""
    q = next(q for q in range(p, prev.subtree_end(p)) if _shows(prev, q))
    k = next(k for k in range(c, curr.subtree_end(c)) if _shows(curr, k))
    a, b = prev.nodes[q], curr.nodes[k]
    key = (a.class_name, a.text, a.content_desc)
    return (
        a.bounds == b.bounds
        and key == (b.class_name, b.text, b.content_desc)
        and alone_at(prev, key) == q
        and alone_at(curr, key) == k
    )


def _shows(frame: Frame, pos: int) -> bool:
    node = frame.nodes[pos]
    return bool(node.text or node.content_desc)


def _places(frame: Frame, key: Label) -> list[int]:
    """The positions of the nodes of ``frame`` showing label ``key``, found at C speed."""
    keys, out, at = _signatures(frame), [], -1
    try:
        while True:
            at = keys.index(key, at + 1)
            out.append(at)
    except ValueError:
        return out


def list_own(prev: Frame, old: int, curr: Frame, row: int) -> set[tuple[int, int]]:
    """The moves of the labels of row ``row`` (of ``curr``; row ``old`` of ``prev``) that
    one node alone of each frame's list shows, the other nodes of its frame showing it all
    outside the list, in the same boxes in both frames: an app bar's overflow button
    ("更多选项", "More options") beside a card's, which element dicts, carrying no class,
    name alike. Each such label of one size in both frames, clear of the list's edges in
    one; labels one node alone of the frame shows are :func:`unique_pairs`' (not here).
    O(labels of the row × nodes) at C speed, after each frame's :func:`label_counts`."""
    host_p, host_c = prev.parents[old], curr.parents[row]
    ends = (prev.subtree_end(host_p), curr.subtree_end(host_c))
    counts_p, counts_c, keys = label_counts(prev), label_counts(curr), _signatures(curr)
    box_p, box_c = prev.nodes[host_p].bounds, curr.nodes[host_c].bounds
    out: set[tuple[int, int]] = set()
    for pos in range(row, curr.subtree_end(row)):
        if counts_c[keys[pos]] < 2 or counts_p[keys[pos]] < 2:
            continue  # no label, or one alone of its frame shows it (unique_pairs')
        mine, theirs = _places(curr, keys[pos]), _places(prev, keys[pos])
        inside = [q for q in theirs if host_p < q < ends[0]]
        if [k for k in mine if host_c < k < ends[1]] != [pos] or len(inside) != 1:
            continue
        q = inside[0]
        outside = [curr.nodes[k].bounds for k in mine if not host_c < k < ends[1]]
        if not old <= q < prev.subtree_end(old) or outside != [
            prev.nodes[x].bounds for x in theirs if not host_p < x < ends[0]
        ]:
            continue  # another row's, or a twin outside the list that moved
        a, b = prev.nodes[q].bounds, curr.nodes[pos].bounds
        if (
            (a.width, a.height) == (b.width, b.height)
            and a.area
            and (clear(a, box_p) or clear(b, box_c))
        ):
            out.add((b.left - a.left, b.top - a.top))
    return out
