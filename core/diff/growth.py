"""Whether rows moved because a row above them grew, not because their list scrolled.

A row that expands (a text wrapped to more lines, a card's details opened) pushes the rows
below it down by its growth, inside a list that did not scroll; one that collapses pulls
them up. The rows below all moved by one offset, as a scroll moves them, and a scroll
estimate that reads only them finds one. What tells the two apart is the row that grew:
its top stayed where it was, clear of the list's top edge, and its bottom moved by the
very offset the rows below moved. In a scroll no such row exists: a row wholly in view
moves with the content, a sticky header keeps its height, and a row whose top stays
while its bottom moves is one the top edge cuts (its top *is* the edge), which
:func:`grew` leaves out.

Rows pushed down by nodes put in above them (a pull-to-refresh header, rows inserted at
the start of a list, a row swiped away above them) move as a scroll moves them too;
:func:`pushed_in` reads the band they left, filled by nodes the other frame lacks where
that frame showed an empty strip in view (or only a row that stayed put), which no scroll
explains; and the same below them (a list held at its end, never a ScrollView's content:
:func:`held_from_top`). A list pushed down whole
inside its page carries its rows (:func:`carried`). :func:`unscrolled` asks all three, and of
a host not made to scroll whether a label stayed put inside it (:mod:`.kept_clear`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import replace

from deltarec.core.diff.kept_clear import kept_clear
from deltarec.core.diff.motions import SPREAD
from deltarec.core.diff.recycled import laid_out_once, page_of
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node

LIMIT = 5_000
"""At most this many nodes of a host are looked at."""


class Paired(set[int]):
    """The old positions ``pairs`` holds (the estimate's ``used``), and, the first time a
    rule asks, the new position each one is paired with (:meth:`partner`): one reverse map
    an estimate, where :func:`pushed_in` built one a motion (a page of many lists each
    scrolled was O(motions × pairs): test_near_linear). ``pairs`` is not changed while the
    estimate runs."""

    __slots__ = ("_back", "_pairs")

    def __init__(self, pairs: Mapping[int, int]) -> None:
        super().__init__(pairs.values())
        self._pairs = pairs
        self._back: dict[int, int] | None = None

    def partner(self, q: int) -> int | None:
        """The new position paired with old position ``q`` (None: unpaired)."""
        back = self._back
        if back is None:
            back = self._back = {old: new for new, old in self._pairs.items()}
        return back.get(q)


def grew(
    prev: Frame,
    curr: Frame,
    c: int,
    pairs: Mapping[int, int],
    offset: tuple[int, int],
    base: tuple[int, int] = (0, 0),
) -> bool:
    """Whether a node inside host ``c`` (not ``c``) that shows something kept its top, left
    and right edges (moved by the outer scrolls' ``base`` only) clear of the host's top and
    bottom edges in both frames, and grew or shrank by the vertical ``offset`` its rows
    moved (within :data:`~deltarec.core.diff.motions.SPREAD` px): the rows below it moved
    because it changed height (module docstring). ``pairs``: curr → prev positions.
    O(nodes of ``c``), at most :data:`LIMIT`.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(grown):
    ...     rows = [("a", 100, 200 + grown)] + [
    ...         (t, 200 + grown + 100 * i, 290 + grown + 100 * i) for i, t in enumerate("bcd")]
    ...     nodes = "".join(f'<node class="Row" text="{t}" bounds="[0,{y}][100,{z}]"/>'
    ...                     for t, y, z in rows)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,1000]">{nodes}</node></hierarchy>'))
    >>> pairs = {i: i for i in range(5)}
    >>> grew(shot(0), shot(60), 0, pairs, (0, 60))
    True
    >>> grew(shot(0), shot(60), 0, pairs, (0, 40))
    False
    """
    dx, dy = offset
    if dy == 0 or dx != 0:
        return False
    box = curr.nodes[c].bounds
    nodes_p, nodes_c, content = prev.nodes, curr.nodes, curr.has_content
    for k in range(c + 1, min(curr.subtree_end(c), c + 1 + LIMIT)):
        pk = pairs.get(k)
        if pk is None or not content[k]:
            continue
        a, b = nodes_p[pk].bounds, nodes_c[k].bounds
        if (b.left - a.left, b.top - a.top) != base or b.right - a.right != base[0]:
            continue
        growth = (b.bottom - a.bottom) - base[1]
        if growth == 0 or abs(growth - dy) > SPREAD:
            continue
        if box.top < b.top and max(a.bottom + base[1], b.bottom) < box.bottom:
            return True
    return grew_apart(prev, curr, c, pairs, dy, base)


DEPTH = 6
"""Levels :func:`grew_apart` climbs from a node that stayed to the row around it."""


def grew_apart(
    prev: Frame,
    curr: Frame,
    c: int,
    pairs: Mapping[int, int],
    dy: int,
    base: tuple[int, int] = (0, 0),
) -> bool:
    """Whether a row of host ``c`` that the match left apart grew by ``dy`` (within
    :data:`~deltarec.core.diff.motions.SPREAD`): a row whose inside changed as it unfolded
    (a notification group opened: its count and "Alerted" gone, its button "Expand" →
    "Collapse", its children laid out anew) pairs with nothing, so :func:`grew` cannot read
    its growth. What it holds that stayed tells it: a paired node inside it that shows
    something kept its box (moved by ``base`` only), and its ancestors, unpaired, climbed
    level for level in both frames up to ``c``, include one of one class and id in both
    that kept its top, left and right, clear of the host's top and bottom edges, and grew by
    ``dy``. A scroll moves whatever it holds: no node inside a row it moved keeps its box.
    ``pairs``: curr → prev positions. O(nodes of ``c`` × :data:`DEPTH`), at most
    :data:`LIMIT` nodes.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(grown, badge):
    ...     head = '<node class="T" text="Shell" bounds="[0,100][100,150]"/>'
    ...     more = '<node class="T" text="2" bounds="[100,100][150,150]"/>' if badge else ''
    ...     rest = "".join(f'<node class="Row" text="{t}" bounds="[0,{y}][100,{y + 90}]"/>'
    ...                    for t, y in (("b", 300 + grown), ("c", 400 + grown)))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...         f' bounds="[0,0][100,1000]"><node class="G" bounds="[0,100][100,{290 + grown}]">'
    ...         f'{head}{more}</node>{rest}</node></hierarchy>'))
    >>> pairs = {0: 0, 2: 2, 3: 4, 4: 5}  # the group "G" apart, its title "Shell" paired
    >>> grew_apart(shot(0, True), shot(60, False), 0, pairs, 60)
    True
    >>> grew_apart(shot(0, True), shot(60, False), 0, pairs, 40)
    False
    """
    if dy == 0:
        return False
    box = curr.nodes[c].bounds
    nodes_p, nodes_c, content = prev.nodes, curr.nodes, curr.has_content
    parents_p, parents_c = prev.parents, curr.parents
    for k in range(c + 1, min(curr.subtree_end(c), c + 1 + LIMIT)):
        pk = pairs.get(k)
        if pk is None or not content[k]:
            continue
        a, b = nodes_p[pk].bounds, nodes_c[k].bounds
        if (b.left - a.left, b.top - a.top, b.bottom - a.bottom) != (*base, base[1]):
            continue  # it moved (or changed height): no witness of a row that stayed
        x, q = parents_c[k], parents_p[pk]
        for _ in range(DEPTH):
            if x <= c or q < 0 or x in pairs:
                break  # the host reached, or a paired row: grew() reads that one
            n, o = nodes_c[x], nodes_p[q]
            if n.class_name == o.class_name and n.resource_id == o.resource_id:
                nb, ob = n.bounds, o.bounds
                growth = nb.bottom - ob.bottom - base[1]
                if (
                    (nb.left - ob.left, nb.top - ob.top, nb.right - ob.right) == (*base, base[0])
                    and growth != 0
                    and abs(growth - dy) <= SPREAD
                    and box.top < nb.top
                    and max(ob.bottom + base[1], nb.bottom) < box.bottom
                ):
                    return True
            x, q = parents_c[x], parents_p[q]
    return False


def unscrolled(
    prev: Frame,
    curr: Frame,
    c: int,
    p: int,
    pairs: Mapping[int, int],
    used: AbstractSet[int],
    offset: tuple[int, int],
    base: tuple[int, int] = (0, 0),
    plain: bool = False,
) -> bool:
    """Whether the rows of host ``c`` (paired with ``p``) that moved by ``offset`` were
    moved by something else than a scroll: a row above them grew (:func:`grew`), nodes came
    or went above them (:func:`pushed_in`), the host moved with them (:func:`carried`), or,
    ``plain`` (a host not made to scroll), a label of its stayed put clear of its edges
    (:func:`~deltarec.core.diff.kept_clear.kept_clear`). ``pairs``: curr → prev positions;
    ``used``: the prev positions paired."""
    return (
        grew(prev, curr, c, pairs, offset, base)
        or pushed_in(prev, curr, c, p, pairs, used, offset, base)
        or carried(prev, curr, c, p, pairs, offset, base)
        or (plain and kept_clear(prev, curr, c, p, pairs))
    )


def pushed_in(
    prev: Frame,
    curr: Frame,
    c: int,
    p: int,
    pairs: Mapping[int, int],
    used: AbstractSet[int],
    offset: tuple[int, int],
    base: tuple[int, int] = (0, 0),
) -> bool:
    """Whether the rows of host ``c`` (paired with ``p``) moved by the vertical ``offset``
    because nodes were put in above them (a refresh header, rows inserted at the list's
    start), or taken away from there (the refresh done), not because the list scrolled.

    The evidence is a band no scroll can explain. The frame where the rows sit lower (the
    busy frame: ``curr`` for a move down, ``prev`` for a move up) shows nodes the other frame
    lacks that fill, along the axis, exactly the band the rows left: from the top the first
    row that moved has in the other frame to its top in the busy one, ``|dy|`` px (within
    :data:`~deltarec.core.diff.motions.SPREAD`). Had the list scrolled by ``dy``, those nodes
    would have sat in the other frame in the ``|dy|`` px above that first row; where that
    strip lies in view (below the host's top edge) the other frame shows nothing there, so
    the list did not scroll. A new row that a scroll brought in comes in at the top edge
    (cut by it) or fills the band above a gap that showed a row before; a margin between
    rows leaves the same gap mid-list, but no new node fills the band it left. Nor may the
    busy frame show anything new above the band: content a scroll brought in above the
    first row (a form scrolled up past its top padding) fills the strip above it too.
    A row in the strip that stayed put leaves it empty when the scroll would show a label
    of the band there (YouTube's 21 px spacer above a video card swiped away, where the
    card's cut bottom would show its description); one cut alike by the edge that shows
    what the band's row would (a row's top 2 px above its avatar) fills it. The band is
    read below the rows as well (upside down: a list held at its end, whose rows above a
    row swiped away come down into its gap).
    ``pairs``: curr → prev positions; ``used``: the prev positions paired. O(nodes of ``c``),
    at most :data:`LIMIT`.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(spun, top=40):
    ...     rows = [("S", top, top + spun)] if spun else []
    ...     rows += [(t, top + spun + 100 * i, top + spun + 90 + 100 * i)
    ...              for i, t in enumerate("ab")]
    ...     nodes = "".join(f'<node class="Row" text="{t}" bounds="[0,{y}][100,{z}]"/>'
    ...                     for t, y, z in rows)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,1000]">{nodes}</node></hierarchy>'))
    >>> pairs = {0: 0, 2: 1, 3: 2}
    >>> pushed_in(shot(0), shot(60), 0, 0, pairs, set(pairs.values()), (0, 60))
    True
    >>> pushed_in(shot(0, top=0), shot(60, top=0), 0, 0, pairs, set(pairs.values()), (0, 60))
    False
    """
    dx, dy = offset
    if dx != 0 and dy == 0:
        # Sideways: a node put in at the start of a row (a checkbox as selection mode
        # opens), what the row showed pushed right by its width. The same band, read across
        # the diagonal (:func:`_across`).
        turned = (_across(prev, p), _across(curr, c))
        return pushed_in(*turned, c, p, pairs, used, (0, dx), (base[1], base[0]))
    if dy == 0 or dx != 0:
        return False
    # (asked once an estimate, not once a motion, when the caller's ``used`` holds it)
    back = used.partner if isinstance(used, Paired) else Paired(pairs).partner
    for s in (1, -1):  # nodes put in above the rows, or below them (a list held at its end)
        if s < 0 and dy < 0 and held_from_top(curr, c):
            continue  # nodes put in below a ScrollView's rows push none of them up
        if s * dy > 0:  # the busy frame is curr: what it shows new fills the band
            got = _band(curr, prev, c, p, pairs.__contains__, pairs.get, back, s, dy, base[1])
        else:
            got = _band(prev, curr, p, c, used.__contains__, back, pairs.get, s, -dy, -base[1])
        if got:
            return True
    return False


def held_from_top(frame: Frame, host: int) -> bool:
    """Whether ``host`` is a ScrollView's content, or the ScrollView
    (:func:`~deltarec.core.diff.recycled.laid_out_once`): laid out once from its top, it
    grows down, so nodes put in below its rows never push them up (a chat list held at its
    end does). A form flung up 1,410 px, the fields the fling brought in just filling the
    band below the row it kept, read as fields put in below (the other frame blank there
    but for its bottom padding), and its fields were paired by slot with the fields that
    left (element dicts: no id tells them apart; ``bench_numbers --real``, issue 18).
    O(children)."""
    parent = frame.parents[host]
    return laid_out_once(frame, host) or (
        parent >= 0 and page_of(frame, parent) == host and laid_out_once(frame, parent)
    )


def _across(frame: Frame, host: int) -> Frame:
    """``frame`` with the boxes of ``host``'s subtree mirrored across the diagonal (x for
    y, :func:`~deltarec.core.diff.axis.flip`): a band along x read as one along y. The
    nodes outside that subtree are ``frame``'s own. O(nodes of ``host``)."""
    nodes = list(frame.nodes)
    for k in range(host, frame.subtree_end(host)):
        b = nodes[k].bounds
        nodes[k] = replace(nodes[k], bounds=Bounds(b.top, b.left, b.bottom, b.right))
    return Frame.like(frame, frame.obs, nodes, same_keys=True)


def _span(b: Bounds, s: int) -> tuple[int, int]:
    """The top and bottom of ``b`` along the axis turned by ``s`` (-1: upside down)."""
    return (b.top, b.bottom) if s > 0 else (-b.bottom, -b.top)


def _band(
    busy: Frame,
    other: Frame,
    b: int,
    o: int,
    paired: Callable[[int], bool],
    partner: Callable[[int], int | None],
    theirs: Callable[[int], int | None],
    s: int,
    dy: int,
    dy_base: int,
) -> bool:
    """:func:`pushed_in` with the rows ``dy`` px lower in ``busy`` (host ``b``) than in
    ``other`` (host ``o``), ``busy`` = ``other`` + ``dy_base`` besides, read upside down when
    ``s`` is -1 (the band below the rows: "lower" is then higher). ``partner`` pairs a node
    of ``busy`` with one of ``other``, ``theirs`` one of ``other`` with one of ``busy``."""
    h, shift = s * dy, s * dy_base
    nodes_b, nodes_o = busy.nodes, other.nodes
    end = min(busy.subtree_end(b), b + 1 + LIMIT)
    y: int | None = None  # the top, in busy's coordinates, the first pushed row had
    for k in range(b + 1, end):
        q = partner(k) if paired(k) else None
        if q is None:
            continue
        (was, _), (now, _) = _span(nodes_o[q].bounds, s), _span(nodes_b[k].bounds, s)
        if (
            abs(now - was - shift - h) <= SPREAD
            and nodes_b[k].bounds.height == nodes_o[q].bounds.height
        ):
            y = was + shift if y is None else min(y, was + shift)
    if y is None:
        return False
    spans = {
        k: _span(f, s) for k in range(b + 1, end) if not paired(k) and (f := nodes_b[k].bounds).area
    }
    band = [
        k
        for k, (t, d) in spans.items()
        if paired(busy.parents[k]) and y - SPREAD <= t and d <= y + h + SPREAD
    ]
    if not band or abs(min(spans[k][0] for k in band) - y) > SPREAD:
        return False
    low = max(spans[k][1] for k in band)
    if abs(low - y - h) > SPREAD and abs(low + _gap_above(other, o, y - shift, s) - y - h) > SPREAD:
        return False  # (a column spaced by its own gap ends the band that gap short of a row)
    if any(t < y - SPREAD for t, _ in spans.values()):
        return False  # new content above the band too: a scroll that showed what was above
    # The strip the band's nodes would have filled in ``other`` had the list scrolled: in
    # view below the host's top edge, and inside the containers holding them where those
    # stayed (a list inside a page, whose page header is no part of the list's strip).
    top = max(_span(nodes_o[o].bounds, s)[0], y - shift - h)
    for k in band:
        q = partner(busy.parents[k])
        if (
            q is not None
            and _span(nodes_o[q].bounds, s)[0] + shift
            == _span(nodes_b[busy.parents[k]].bounds, s)[0]
        ):
            top = max(top, _span(nodes_o[q].bounds, s)[0])
    bottom = y - shift
    if bottom - top <= SPREAD:
        return False  # the strip was out of view: a scroll could have brought them in
    # A row in the strip that stayed put (a spacer above the card swiped away) is no content
    # the scroll put there when the scroll would show a label of the band there instead (the
    # card's last 21 px, its description kept by the cut): a scroll moves the rows above
    # too. A row cut alike by the edge that shows what the band would (nothing: a row's top
    # strip above its avatar) is the band's own row, cut: it still fills the strip.
    labelled = [q for k in band for q in range(k, busy.subtree_end(k)) if _label(nodes_b[q])]
    return not any(
        top < n_bottom - SPREAD and n_top + SPREAD < bottom and n.bounds.area
        for k in range(o + 1, min(other.subtree_end(o), o + 1 + LIMIT))
        for n in (nodes_o[k],)
        for n_top, n_bottom in (_span(n.bounds, s),)
        if n_bottom <= bottom + SPREAD
        and not (
            _stayed(n.bounds, theirs(k), busy, dy_base)
            and _hides(other, k, busy, labelled, s, shift + h)
        )
    )


def _gap_above(frame: Frame, host: int, y: int, s: int) -> int:
    """The gap between ``y`` (the first pushed row's top in ``frame``, along the axis turned
    by ``s``) and the nearest node of ``host`` that ends above it: a Compose column spaced
    by its own gap, no row around its labels, puts rows in that gap short of the next (a
    model picker's labels, issue 18). O(nodes of ``host``), at most :data:`LIMIT`."""
    ends = [
        d
        for k in range(host + 1, min(frame.subtree_end(host), host + 1 + LIMIT))
        for d in (_span(frame.nodes[k].bounds, s)[1],)
        if d <= y
    ]
    return y - max(ends) if ends else 0


def _label(node: Node) -> str:
    return node.text or node.content_desc


def _hides(other: Frame, k: int, busy: Frame, labelled: list[int], s: int, by: int) -> bool:
    """Whether node ``k`` of ``other`` sits where the scroll (``by`` px along the axis turned
    by ``s``) would show a label of ``busy``'s ``labelled`` nodes that ``k`` does not show."""
    t, d = _span(other.nodes[k].bounds, s)
    shown = {_label(n) for n in other.nodes[k : other.subtree_end(k)]}
    for q in labelled:
        qt, qd = _span(busy.nodes[q].bounds, s)
        if qt < d + by and t + by < qd and _label(busy.nodes[q]) not in shown:
            return True
    return False


def _stayed(box: Bounds, k: int | None, busy: Frame, shift: int) -> bool:
    """Whether the node of ``busy`` at ``k`` (None: unpaired) sits in ``box`` moved by
    ``shift`` only: it stayed put while the rows next to it moved."""
    if k is None:
        return False
    b = busy.nodes[k].bounds
    return (b.left, b.top - shift, b.right, b.bottom - shift) == (
        box.left,
        box.top,
        box.right,
        box.bottom,
    )


def carried(
    prev: Frame,
    curr: Frame,
    c: int,
    p: int,
    pairs: Mapping[int, int],
    offset: tuple[int, int],
    base: tuple[int, int],
) -> bool:
    """Whether host ``c`` (paired with ``p``) changed size and moved its top left corner by
    the very ``offset`` its rows moved (besides the outer scrolls' ``base``), as one of
    several children of its parent or with its parent: its content moved with it (a list
    pushed down inside a page by a refresh header above it, its bottom cut by the page's
    edge), as a host that moved whole carries its content. The sole child of a parent that
    stayed, in both frames, is left out: a web page's wrapper, cut to its viewport, moves
    its top as the page scrolls. ``pairs``: curr → prev positions. O(1).

    >>> from deltarec.core.observe.model import Node, Observation
    >>> def page(top, bottom, *more):
    ...     kids = (*more, Node(bounds=Bounds(0, top, 100, bottom)))
    ...     return Frame(Observation((Node(bounds=Bounds(0, 0, 100, 2000), children=kids),)))
    >>> carried(page(600, 2000, Node()), page(640, 2000, Node()), 2, 2, {}, (0, 40), (0, 0))
    True
    >>> carried(page(600, 2000), page(640, 2000), 1, 1, {}, (0, 40), (0, 0))
    False
    >>> carried(page(600, 2000, Node()), page(600, 1960, Node()), 2, 2, {}, (0, 40), (0, 0))
    False
    """
    was, box = prev.nodes[p].bounds, curr.nodes[c].bounds
    if (was.width, was.height) == (box.width, box.height) or offset == (0, 0):
        return False
    if not _moved_by(was, box, offset, base):
        return False
    parent = curr.parents[c]
    if parent < 0:
        return False
    if len(curr.children[parent]) >= 2:
        return True
    old = pairs.get(parent)
    if old is not None and prev.parents[p] == old and len(prev.children[old]) >= 2:
        return True  # a sibling that went (a banner above it gone) let it move up
    return old is not None and _moved_by(
        prev.nodes[old].bounds, curr.nodes[parent].bounds, offset, base
    )


def _moved_by(was: Bounds, box: Bounds, offset: tuple[int, int], base: tuple[int, int]) -> bool:
    """Whether the top left corner moved by exactly ``offset`` besides ``base`` (a 1 px
    scroll is no move of a box that stayed: no rounding slack here)."""
    return (box.left - was.left - base[0], box.top - was.top - base[1]) == offset
