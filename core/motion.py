"""Which containers scrolled between two frames, and by how much.

A scroll moves a container's content together while the container itself stays
put. :func:`find_motions` looks for exactly that, from the matched pairs alone,
so it also finds containers that are not marked ``scrollable`` (WebViews,
Compose lists, grids) and never depends on one app's class names:

1. **Rigid pairs** vote. A matched node whose box kept its size moved by
   ``(dx, dy)``; a node whose size changed was clipped by an edge (a row half
   out of view) and does not vote — its children do. Rows matched by key with
   all their content are *strong* votes; a leaf (or a row paired by its
   children) is *weak*: in a list whose senders repeat, "Ken avatar" can be
   unique in both frames and still belong to two different rows. Weak votes
   count only when there is no strong one.
2. **Hosts**, visited parents first: a matched node that stayed put (relative
   to the scrolls around it) is a host when at least :data:`AGREEMENT` of its
   voting rows moved by one non-zero offset. Rows are its matched children,
   looked through when they are clipped or added. A host whose content is one
   wrapper child covering it (a ScrollView's LinearLayout) defers to that
   child, so nested scrollables are reported once, on the container whose rows
   moved. A container not marked as scrolling needs two rows that agree.
3. **Offsets add up**: a host's rows are measured after subtracting the
   offsets of the hosts around it, so a carousel that moved with the page
   around it did not scroll itself.
4. **About a page**: a container marked as scrolling whose rows were all
   replaced (none stayed, some left, some came in) scrolled by an unknown
   offset (``page=True``, offset 0).

Tie-breaks: the most common offset wins; among equally common ones, the one
seen first in document order. Cost: O(n) to find moved nodes, then per host
the rows it looks through (each node is visited by few hosts: the walk stops at
rigid rows); nothing at all when no node moved and no rows were replaced.

    >>> from core.capture.uiautomator import parse_uiautomator
    >>> from core.frame import Frame
    >>> def shot(top):
    ...     rows = "".join(f'<node class="Row" text="r{i}" bounds="[0,{top + 100 * i}]'
    ...                    f'[100,{top + 100 * i + 90}]"/>' for i in range(5))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                    f' bounds="[0,0][100,1000]">{rows}</node></hierarchy>'))
    >>> a, b = shot(100), shot(40)
    >>> [(m.dx, m.dy) for m in find_motions(a, b, {i: i for i in range(6)})]
    [(0, -60)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from core.frame import Frame
from core.model import Bounds, Node

AGREEMENT = 0.8
"""Share of a host's voting rows that must agree on the offset."""

VISIT_LIMIT = 5_000
"""At most this many nodes are looked at below one host."""

_SCROLL_CLASSES = ("ScrollView", "RecyclerView", "ListView", "GridView", "ViewPager", "WebView")


def scrolls_by_nature(node: Node) -> bool:
    """Whether ``node`` is a container made to scroll (flag, role or class)."""
    if node.scrollable or node.role in ("list", "web"):
        return True
    simple = node.class_name.rsplit(".", 1)[-1]
    return simple.endswith(_SCROLL_CLASSES)


@dataclass(frozen=True, slots=True)
class Motion:
    """A scrolled host: its positions, the offset of its content, and whether it is known."""

    curr: int
    prev: int
    dx: int
    dy: int
    page: bool = False
    """True when no row stayed: the offset is unknown (about a page or more)."""


def _shifted(b: Bounds, dx: int, dy: int) -> Bounds:
    return Bounds(b.left + dx, b.top + dy, b.right + dx, b.bottom + dy)


def consistent(old: Bounds, new: Bounds, shift: tuple[int, int]) -> bool:
    """Whether ``new`` can be ``old`` moved by ``shift`` (and clipped by an edge).

    The moved box and the new one must overlap on at least half of the smaller.

    >>> consistent(Bounds(0, 100, 10, 200), Bounds(0, 40, 10, 140), (0, -60))
    True
    >>> consistent(Bounds(0, 100, 10, 200), Bounds(0, 900, 10, 1000), (0, -60))
    False
    """
    moved = _shifted(old, *shift)
    smaller = min(moved.area, new.area)
    if smaller == 0:
        return moved == new
    return moved.intersection(new) * 2 >= smaller


def _displacement(a: Bounds, b: Bounds) -> tuple[int, int] | None:
    if a.area == 0 or a.width != b.width or a.height != b.height:
        return None
    return (b.left - a.left, b.top - a.top)


def find_motions(prev: Frame, curr: Frame, pairs: Mapping[int, int]) -> list[Motion]:
    """The scrolled hosts of ``curr``, parents first (see the module docstring)."""
    n = len(curr)
    moved = [False] * n
    any_moved = False
    for c, p in pairs.items():
        d = _displacement(prev.nodes[p].bounds, curr.nodes[c].bounds)
        if d is not None and d != (0, 0):
            moved[c] = any_moved = True
    replaced = len(pairs) < n or len(pairs) < len(prev)
    if not (any_moved or replaced):
        return []
    # A host is only worth a look when something below it moved or was replaced.
    busy = [False] * n
    for c in range(n - 1, -1, -1):
        if moved[c] or c not in pairs:
            parent = curr.parents[c]
            while parent >= 0 and not busy[parent]:
                busy[parent] = True
                parent = curr.parents[parent]
    inherited: dict[int, tuple[int, int]] = {}
    offset_of: dict[int, tuple[int, int]] = {}
    wrapped: set[int] = set()  # wrappers of a container made to scroll: they inherit its nature
    out: list[Motion] = []
    for c in range(n):
        parent = curr.parents[c]
        if parent >= 0:
            base = inherited.get(parent, (0, 0))
            own = offset_of.get(parent)
            if own is not None:
                base = (base[0] + own[0], base[1] + own[1])
            if base != (0, 0):
                inherited[c] = base
        old = pairs.get(c)
        if old is None or not busy[c] or not curr.children[c]:
            continue
        motion = _host(prev, curr, pairs, c, old, inherited.get(c, (0, 0)), wrapped)
        if motion is not None:
            out.append(motion)
            if not motion.page:
                offset_of[c] = (motion.dx, motion.dy)
    return out


def _host(
    prev: Frame,
    curr: Frame,
    pairs: Mapping[int, int],
    c: int,
    p: int,
    base: tuple[int, int],
    wrapped: set[int],
) -> Motion | None:
    node, old = curr.nodes[c], prev.nodes[p]
    natural = c in wrapped or scrolls_by_nature(node) or scrolls_by_nature(old)
    own = _displacement(old.bounds, node.bounds)
    if own is None and not natural:
        return None  # a plain container that changed size is not a viewport
    if own is not None and own != base:
        return None  # the container itself moved: its content moved with it
    box = node.bounds
    strong: Counter[tuple[int, int]] = Counter()
    weak: Counter[tuple[int, int]] = Counter()
    stack = list(reversed(curr.children[c]))
    visited = 0
    while stack and visited < VISIT_LIMIT:
        visited += 1
        k = stack.pop()
        pk = pairs.get(k)
        if pk is None:
            continue  # came in: it does not vote
        a, b = prev.nodes[pk].bounds, curr.nodes[k].bounds
        d = _displacement(a, b)
        direct = curr.parents[k] == c
        single = direct and len(curr.children[c]) == 1
        if direct and d == base and (b == box or single) and curr.children[k]:
            if natural:
                wrapped.add(k)
            return None  # one wrapper holds the content: it is the host, if any
        if d is None:
            stack.extend(reversed(curr.children[k]))  # clipped: its content votes
            continue
        offset = (d[0] - base[0], d[1] - base[1])
        # A row whose whole content matched by key is strong evidence; a lone label
        # ("Ken avatar") may be another row's that happens to be unique in both frames.
        if curr.children[k] and curr.keys[k] == prev.keys[pk]:
            strong[offset] += 1
        else:
            weak[offset] += 1
    votes = strong or weak
    total = sum(votes.values())
    if total == 0:
        return _page(prev, curr, pairs, c, p) if natural else None
    (dx, dy), count = votes.most_common(1)[0]
    if (dx, dy) == (0, 0) or count < AGREEMENT * total or (count < 2 and not natural):
        return None
    return Motion(c, p, dx, dy)


def _page(prev: Frame, curr: Frame, pairs: Mapping[int, int], c: int, p: int) -> Motion | None:
    """A container whose rows were all replaced: scrolled by about a page or more."""
    used = set(pairs.values())
    came = [k for k in curr.children[c] if k not in pairs]
    left = [k for k in prev.children[p] if k not in used]
    stayed = [k for k in curr.children[c] if k in pairs]
    if not came or not left or stayed:
        return None
    return Motion(c, p, 0, 0, page=True)
