"""What every derived step's grader asks of a delta, shared by the step kinds.

A kind (:mod:`.expansions`, :mod:`.scroll_edits`, :mod:`.ticks`, :mod:`.overlays`, …) knows
what it did; these helpers say what the delta must then not state:

- :func:`stayed_listed`: nothing is ``+`` / ``-`` but the nodes the step made or took away
  and rows that showed only texts that left (or came): a row pushed out of view is gone;
- :func:`changed_besides`: no ``~`` of a text, a description or a check state but on the
  nodes the step changed;
- :func:`no_scroll`: no scroll line when nothing scrolled;
- :func:`kept_screen`: no ``» new screen`` for a step that kept the screen (a list scrolled
  as the bars around it went);
- :func:`scroll_fits`: whether a scroll a hedged line states would show the second frame
  too (a hedge is accepted only when each reading it names fits both frames);
- :func:`two_readings_fit`: whether a line hedged with the other exact move (one kept row
  beside its twin) names the truth, each reading fitting both frames;
- :func:`twin_fits`: whether the other way a hedged line names without a swipe told
  ("scrolled up D px or further, or down E px or further": ``Scroll.other``) fits both
  frames with each row the delta kept a twin, E the least that does.

A hedge is accepted only when every reading it names fits the two frames and the truth is
one of them (a grader decision, issue 18): a hedge that names a reading the frames rule
out, or leaves the truth out, is a false fact.

Each returns ``(class, detail)`` violations, counted by
:mod:`benchmarks.bench_real_transforms` under the kind's name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from typing import TypeVar

from deltarec.core.capture import frame_cache
from deltarec.core.diff.compute import Delta, Scroll
from deltarec.core.diff.screens import is_new_screen
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import layout
from deltarec.core.observe.model import Bounds, Node
from tests.core.dict_truth import graded_by_dicts
from tests.core.truth.real_oracle import came_into_view, content_moves, left_view

Violation = tuple[str, str]
SAID = frozenset({"text", "content-desc", "checked", "selected"})
"""Attributes whose ``~`` states that an element shows something else."""


_C = TypeVar("_C")


def label(node: Node) -> str:
    return node.text or node.content_desc


def texts(frame: Frame, pos: int) -> set[str]:
    """The labels of the subtree at ``pos``."""
    return {label(n) for n in frame.nodes[pos : frame.subtree_end(pos)] if label(n)}


def _shown(frame: Frame, skip: Iterable[int]) -> Counter[str]:
    left_out = set(skip)
    return Counter(label(n) for q, n in enumerate(frame.nodes) if label(n) and q not in left_out)


def stayed_listed(d: Delta, made: Iterable[int] = (), taken: Iterable[int] = ()) -> list[Violation]:
    """``+`` / ``-`` of nodes that stayed: any added node but ``made`` (curr positions the
    step put on the screen) and any removed node but ``taken`` (prev positions it took off)
    that shows a text still shown as often (by count, those nodes left out): a row pushed out
    of view shows only texts that left, and may go. Counts cannot tell twins apart (grader
    decision, issue 18): a node the content of its scroller carried wholly out of view may
    go, and one it brought in wholly from outside may come, however often their labels
    show (the frames' own measure of that move: :func:`.real_oracle.content_moves`)."""
    made, taken = set(made), set(taken)
    before, after = _shown(d.prev, taken), _shown(d.curr, made)
    gone, came = set((before - after).keys()), set((after - before).keys())
    went = [p for p in d.removed if p not in taken and not texts(d.prev, p) <= gone]
    come = [c for c in d.added if c not in made and not texts(d.curr, c) <= came]
    if went or come:
        moves = content_moves(d.prev, d.curr)
        went = [p for p in went if not left_view(d.prev, d.curr, moves, p)]
        come = [c for c in come if not came_into_view(d.prev, d.curr, moves, c)]
    extra = went + come
    if not extra:
        return []
    named = [label(d.prev.nodes[p]) for p in went][:3]
    named += [label(d.curr.nodes[c]) for c in come][:3]
    return [("unchanged-listed", f"{len(extra)} +/- of nodes that stayed: {named}")]


def changed_besides(d: Delta, allowed: Iterable[int] = ()) -> list[Violation]:
    """``~`` of what an element shows (:data:`SAID`) on any node but ``allowed``."""
    ok = set(allowed)
    wrong = [c for c, ch in d.changed.items() if c not in ok and SAID & set(ch)]
    if not wrong:
        return []
    show = [(label(d.curr.nodes[c]), sorted(SAID & set(d.changed[c]))) for c in wrong[:3]]
    return [("false-change", f"{len(wrong)} ~ of unchanged elements: {show}")]


def kept_screen(d: Delta) -> list[Violation]:
    """``» new screen`` (:func:`~deltarec.core.diff.screens.is_new_screen`, on the frames'
    own layouts) for a step that kept the screen."""
    if not is_new_screen(d, layout(d.prev), layout(d.curr)):
        return []
    return [("new-screen", "a step that kept the screen read as a new screen")]


def no_scroll(d: Delta, why: str) -> list[Violation]:
    if not d.scrolls:
        return []
    keys = [(s.curr, s.dx, s.dy, s.page) for s in d.scrolls]
    return [("false-scroll", f"{len(d.scrolls)} scroll(s) for {why}: {keys}")]


def subtree(frame: Frame, pos: int) -> range:
    return range(pos, frame.subtree_end(pos))


def scroll_fits(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    dy: int,
    gone: AbstractSet[int] = frozenset(),
    came: AbstractSet[int] = frozenset(),
    slack: int = 0,
    cut_places: bool = False,
) -> bool:
    """Whether list ``p``'s content moved by ``dy`` and cut by its box shows what list ``c``
    shows, node for node (class, id, text, description, box): the scroll reading of a step
    fits both frames. Nodes in the band the scroll uncovers are whatever came in; a node the
    edge the content moves away from cut shows, moved, the part of it seen before: a node of
    its class and id holds that part, ending where it ends. A scroll that keeps nothing in
    view places nothing, and does not fit. The box must be the same in both frames.
    ``gone`` / ``came``: positions of ``prev`` / ``curr`` the reading says were taken out /
    put in as it scrolled (a delta's ``-`` and ``+``), left out of both sides. ``slack``:
    px each edge may lie off (a scaled phone rounds each box on its own, a px either way:
    the virtual phone's scaled profiles, ``scroll_truth.rounded_apart``; 0 on the reference
    profile and on real captures, whose boxes are compared as they are). ``cut_places``: a
    node the edge cut, held where the scroll puts it, is enough to fit (a hedge's reading
    of one strip kept, :func:`hedge_names`: whether that reading is the only one is what
    the hedge's other readings answer; a plain scroll line needs more)."""
    box = curr.nodes[c].bounds
    if box != prev.nodes[p].bounds or not dy or abs(dy) >= box.height:
        return False
    band = (box.bottom + dy, box.bottom) if dy < 0 else (box.top, box.top + dy)

    def cut(b: Bounds) -> Bounds:
        return Bounds(
            max(b.left, box.left),
            max(b.top, box.top),
            min(b.right, box.right),
            min(b.bottom, box.bottom),
        )

    def seen(n: Node, b: Bounds) -> tuple[str, str, str, str, Bounds] | None:
        if not b.area or (b.top < band[1] and b.bottom > band[0]):
            return None  # gone, or in the band the scroll uncovers
        return (n.class_name, n.resource_id, n.text, n.content_desc, b)

    now = [curr.nodes[k] for k in range(c + 1, curr.subtree_end(c)) if k not in came]
    held = False
    want: Counter[tuple[str, str, str, str, Bounds]] = Counter()
    for q in range(p + 1, prev.subtree_end(p)):
        if q in gone:
            continue
        n = prev.nodes[q]
        b = n.bounds
        moved = cut(Bounds(b.left, b.top + dy, b.right, b.bottom + dy))
        if b.area and ((b.bottom >= box.bottom) if dy < 0 else (b.top <= box.top)):
            # cut by the edge the content moves away from: the rest of it unknown
            m = next((m for m in now if _holds(m, n, moved, dy, slack)), None)
            if m is None:
                return False
            held = held or cut_places
            if (key := seen(m, m.bounds)) is not None:
                want[key] += 1  # its holder clear of the band: that node, there
            continue
        if (key := seen(n, moved)) is not None:
            want[key] += 1
    got: Counter[tuple[str, str, str, str, Bounds]] = Counter()
    for n in now:
        if (key := seen(n, n.bounds)) is not None:
            got[key] += 1
    return bool(want or held) and (want == got if not slack else _alike(want, got, slack))


def _alike(
    want: Counter[tuple[str, str, str, str, Bounds]],
    got: Counter[tuple[str, str, str, str, Bounds]],
    slack: int,
) -> bool:
    """Whether ``want`` and ``got`` hold the same nodes, boxes ``slack`` px apart at most
    each edge (the boxes of one look matched in the order of their places)."""

    def groups(
        c: Counter[tuple[str, str, str, str, Bounds]],
    ) -> dict[tuple[str, ...], list[Bounds]]:
        out: dict[tuple[str, ...], list[Bounds]] = {}
        for (*look, b), n in c.items():
            out.setdefault(tuple(look), []).extend([b] * n)
        return {
            k: sorted(v, key=lambda b: (b.top, b.left, b.bottom, b.right)) for k, v in out.items()
        }

    a, b = groups(want), groups(got)
    return a.keys() == b.keys() and all(
        len(a[k]) == len(b[k])
        and all(
            max(
                abs(x.left - y.left),
                abs(x.top - y.top),
                abs(x.right - y.right),
                abs(x.bottom - y.bottom),
            )
            <= slack
            for x, y in zip(a[k], b[k], strict=True)
        )
        for k in a
    )


def hedge_names(d: Delta, s: Scroll, truth: int, slack: int = 0) -> bool:
    """Whether hedged scroll ``s`` of ``d`` ("D px or further", ``Scroll.further``; no swipe
    told, also "…, or up E px or further", ``Scroll.other``) names ``truth`` (the content's
    move, px, ±2) and each reading it names fits both frames: D node for node
    (:func:`scroll_fits`, the rows listed as come and gone left out), E with each kept row a
    twin (:func:`twin_fits`). False for a line with no hedge. ``slack``: as
    :func:`scroll_fits` (1 px on a scaled virtual phone)."""
    if not s.further or s.dx:
        return False
    if not any(m * truth > 0 and abs(truth) >= abs(m) - 2 for m in (s.dy, s.other) if m):
        return False
    prev, curr = d.prev, d.curr
    gone, came = set(d.removed), set(d.added)
    if not scroll_fits(prev, s.prev, curr, s.curr, s.dy, gone, came, slack, cut_places=True):
        return False
    return not s.other or (
        s.other * s.dy < 0 and twin_fits(prev, s.prev, curr, s.curr, d.pairs, s.other)
    )


def two_readings_fit(d: Delta, s: Scroll, truth: int, slack: int = 0) -> bool:
    """Whether scroll ``s`` of ``d``, hedged with the other exact move (``Scroll.other``
    without ``further``: "scrolled up 1212px, or down 209px", one kept row beside its twin),
    names ``truth`` (the content's move, px, ±2) as either reading, and each reading fits
    both frames node for node (:func:`scroll_fits`, nothing left out: the band each move
    uncovers is whatever came in). Grader decision (issue 18): two readings that both
    explain both frames, the truth one of them, are the honest line (a form's sections laid
    out alike, one kept in view, cut by an edge); a hedge naming a reading the frames rule
    out is a false fact."""
    if s.further or s.dx or not s.other:
        return False
    if not any(abs(m - truth) <= 2 for m in (s.dy, s.other)):
        return False
    return all(
        scroll_fits(d.prev, s.prev, d.curr, s.curr, m, slack=slack, cut_places=True)
        for m in (s.dy, s.other)
    )


def twin_fits(prev: Frame, p: int, curr: Frame, c: int, pairs: dict[int, int], dy: int) -> bool:
    """Whether list ``p``'s content moved by ``dy`` (the other way of a hedge told no
    swipe) reads every row of list ``c`` the delta kept (its children paired) as a twin:
    each node of the old row, moved by ``dy``, wholly out of ``c``'s box (else the new
    frame would show it), and each node of the new row, moved back, wholly out of ``p``'s
    (else the old frame would have shown the twin); and ``dy`` the least such move, one px
    less leaving some node in view. The rows the delta lists as come and gone are what
    that reading puts there. False when no row was kept.

    Grader decision (issue 18): a kept child in the very same box in both frames, flush with
    the list's top edge (a sticky header held there as the rows scrolled under it, its
    letter turned: :func:`deltarec.core.diff.pinned.held_headers`), is no row of the
    scroll: it did not move under either reading, so neither reading asks it to be a twin.
    Every row that moved is still asked; a list with only such a child kept fits nothing. A
    child that spans the list (flush with both edges) is no header, whatever its box: it
    hides every row, so it is the tall row's piece cut by both edges (YouTube's channel
    button stretched with its card), asked as any row is."""
    box_p, box_c = prev.nodes[p].bounds, curr.nodes[c].bounds
    kept = [
        (q, k)
        for k in curr.children[c]
        if (q := pairs.get(k)) is not None
        and not (
            prev.nodes[q].bounds == curr.nodes[k].bounds
            and curr.nodes[k].bounds.top == box_c.top == box_p.top
            and curr.nodes[k].bounds.bottom < box_c.bottom
        )
    ]

    def out(m: int) -> bool:
        for q, k in kept:
            for x in range(q, prev.subtree_end(q)):
                b = prev.nodes[x].bounds
                if b.area and b.top + m < box_c.bottom and b.bottom + m > box_c.top:
                    return False
            for x in range(k, curr.subtree_end(k)):
                b = curr.nodes[x].bounds
                if b.area and b.top - m < box_p.bottom and b.bottom - m > box_p.top:
                    return False
        return True

    toward = 1 if dy > 0 else -1
    return bool(kept) and out(dy) and (abs(dy) == 1 or not out(dy - toward))


def _holds(m: Node, n: Node, part: Bounds, dy: int, slack: int = 0) -> bool:
    """Whether ``m`` is node ``n`` (its class and id) holding ``part``, the part of ``n``
    seen before, moved by ``dy``, and ending where it ends (the end the edge did not cut),
    each edge within ``slack`` px."""
    b = m.bounds
    end = abs(b.top - part.top if dy < 0 else b.bottom - part.bottom) <= slack
    return (
        (m.class_name, m.resource_id) == (n.class_name, n.resource_id)
        and end
        and abs(b.left - part.left) <= slack
        and abs(b.right - part.right) <= slack
        and b.top <= part.top + slack
        and b.bottom >= part.bottom - slack
        and _labels_in(m, part.top, part.bottom) <= _labels_in(n, part.top - dy, part.bottom - dy)
    )


def _labels_in(node: Node, top: int, bottom: int) -> set[str]:
    """The labels of ``node``'s subtree whose boxes reach into the band ``top``-``bottom``
    (what a part of it cut to that band shows)."""
    out = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if label(n) and n.bounds.top < bottom and n.bounds.bottom > top:
            out.add(label(n))
        stack.extend(n.children)
    return out


def by_kind(
    path: str,
    sample: Iterable[_C],
    kind: Callable[[_C], str],
    check: Callable[[_C], Iterable[tuple[str, str]]],
) -> Counter[tuple[str, str, str]]:
    """Violations of the cases of ``sample`` counted per ``(path, kind, class)``: what the CI
    samples of the kinds sweeps (``test_real_edited``, ``test_real_reshaped``,
    ``test_real_filtered``) hold against their ``BUDGET``. ``check`` grades one case;
    ``path`` only labels the count (the caller runs it under the path it names)."""
    found: Counter[tuple[str, str, str]] = Counter()
    for case in sample:
        found.update((path, kind(case), klass) for klass, _ in check(case))
    return found


def over_budget(
    path: str,
    sample: Iterable[_C],
    kind: Callable[[_C], str],
    check: Callable[[_C], Iterable[tuple[str, str]]],
    budget: dict[tuple[str, str, str], int],
) -> tuple[dict[tuple[str, str, str], int], Counter[tuple[str, str, str]]]:
    """:func:`by_kind` run on ``path`` ("dicts": graded through element dicts, the frame
    cache cleared first), and the counts over ``budget`` (a ratchet per (path, kind, class)):
    ``({}, found)`` when the sample holds to it, ``found`` for the assertion's message."""
    if path == "dicts":
        frame_cache.clear()
        with graded_by_dicts():
            found = by_kind(path, sample, kind, check)
    else:
        found = by_kind(path, sample, kind, check)
    return {k: n for k, n in found.items() if n > budget.get(k, 0)}, found
