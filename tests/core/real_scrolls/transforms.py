"""Realistic second frames derived from real captures, with a known truth.

Every real capture under ``fixtures/real`` (flows and ``corpus/``) gives second frames
whose change is known because this module made it:

- **scroll** (:func:`scrolled`): one container (marked scrollable, or a list / web view /
  scroll view that is not) scrolled by ``d`` px: its descendants move by ``-d``, are
  clipped to its box as uiautomator clips them, and what leaves it is not dumped; what
  comes in is more rows of the same layout showing other words (:func:`_continued`).
- **edit** (:func:`edited`): one text changed, one checkbox toggled, or one count moved
  ("Filters (1)" → "Filters (2)").

:func:`check` grades a delta against that truth and against the real-capture oracle
(:func:`tests.core.truth.real_oracle.violations`): one scroll line, on that container (or a
wrapper filling it), in that direction, by that offset (±2 px) — "about a page" only when no
content stayed in view; a hedge's other way (``Scroll.other``, no swipe told: "…, or down
E px or further") only where it fits both frames (:func:`.grading.twin_fits`), and the
other exact move (one kept row beside its twin: "…, or down E px") only where the truth is
one of the two readings and each fits both frames (:func:`.grading.two_readings_fit`); no
change between different elements; each element once; nothing outside the container listed; an edit is one ``~`` of that element and nothing else.
**Grader decision** (element dicts, :func:`said_in_input`): an edited text beside a
description (a launcher icon's label, "Play Store" under its description "Play Store") is
not in the dicts, which name a node by its description alone; that edit is asked of the
XML path only, as :func:`tests.core.dict_truth.in_input` rules for every sweep (the dict
path may say less, never something false). The same in :mod:`.scroll_edits` and
:mod:`.ticks`.
Violations carry a class, so :mod:`benchmarks.bench_real_transforms` can count them.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.diff.compute import Delta, Scroll, compute_delta
from deltarec.core.diff.gesture import Gesture
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.dict_truth import in_input
from tests.core.real_scrolls.grading import twin_fits, two_readings_fit
from tests.core.truth.real_oracle import violations as oracle

ROOT = Path(__file__).resolve().parents[3] / "fixtures" / "real"
SLACK = 2
SCROLLING = ("RecyclerView", "ListView", "GridView", "WebView", "ScrollView", "ViewPager")
"""Class name parts of containers that scroll whether or not the dump marks them."""
COUNT = re.compile(r"\((\d+)\)")
Path_ = tuple[int, ...]
"""A node's place: its window's index, then a child index per level."""


@dataclass(frozen=True, slots=True)
class Case:
    """One derived pair: the capture, what was done, and the truth's data."""

    capture: str
    kind: str  # "scroll" or "edit"
    where: Path_
    d: int = 0
    what: str = ""


@lru_cache(maxsize=1)
def captures() -> tuple[tuple[str, Observation], ...]:
    """Every real capture, parsed once."""
    return tuple(
        (str(p.relative_to(ROOT)), parse_uiautomator(p.read_bytes()))
        for p in sorted(ROOT.rglob("*.xml"))
    )


def _walk(obs: Observation) -> Iterator[tuple[Path_, Node]]:
    stack = [((i,), w) for i, w in reversed(list(enumerate(obs.windows)))]
    while stack:
        path, node = stack.pop()
        yield path, node
        stack.extend((((*path, k), c) for k, c in reversed(list(enumerate(node.children)))))


def _at(obs: Observation, path: Path_) -> Node:
    node = obs.windows[path[0]]
    for k in path[1:]:
        node = node.children[k]
    return node


def _replace(obs: Observation, path: Path_, new: Node) -> Observation:
    def put(node: Node, rest: Path_) -> Node:
        if not rest:
            return new
        kids = list(node.children)
        kids[rest[0]] = put(kids[rest[0]], rest[1:])
        return dataclasses.replace(node, children=tuple(kids))

    windows = list(obs.windows)
    windows[path[0]] = put(windows[path[0]], path[1:])
    return dataclasses.replace(obs, windows=tuple(windows))


def scrollers(obs: Observation) -> list[Path_]:
    """Containers whose content can scroll: marked so, or lists and web views that are not,
    tall enough to hold a row, whose content goes past an edge, holding at least two nodes
    that show something."""
    out = []
    for path, node in _walk(obs):
        b = node.bounds
        got = _content(path, node) if _marked(node) else None
        if got is None or b.height < 200 or b.width < 100 or not _overflows(got[1], b):
            continue
        if _sideways(got[1]):
            continue  # a carousel: it scrolls sideways, and these scrolls are vertical
        if _one_page(got[1], b):
            continue  # its content fits: nothing moves up or down (a launcher's workspace)
        shown = sum(1 for _, n in _walk_node(node) if n.text or n.content_desc)
        if shown >= 2:
            out.append(path)
    return out


def _sideways(parent: Node) -> bool:
    """Whether the rows sit side by side, each as high as the others (YouTube's carousel of
    cards spanning its height): a list that scrolls sideways, never up or down."""
    rows = [c.bounds for c in parent.children if c.bounds.area]
    return (
        len(rows) >= 2
        and len({(r.top, r.bottom) for r in rows}) == 1
        and len({r.left for r in rows}) == len(rows)
    )


def _one_page(parent: Node, box: Bounds) -> bool:
    """Whether the content is one child, wholly inside the box and shorter than it: content
    that fits, which no phone scrolls up or down. A ScrollView scrolls only a child taller
    than itself (``ScrollView.canScroll``: its range is the child's height less its own),
    a RecyclerView only rows that overflow it. The one real case is a launcher's paged
    workspace (``launcher-reformatted/page.xml``: scrollable, "第 1 屏，共 4 屏", screen 1 of
    4, Launcher3's ``Workspace extends PagedView`` and that is its
    ``getCurrentPageDescription``): its pages (CellLayouts) sit side by side and it turns
    sideways a page at a time; a vertical swipe on it opens the app drawer or the shade,
    never moves its icons. Its page touches the top edge, which is all that made it look
    like a list cut there."""
    rows = [c.bounds for c in parent.children if c.bounds.area]
    if len(rows) != 1:
        return False
    (row,) = rows
    inside = box.top <= row.top and row.bottom <= box.bottom
    return inside and row.left >= box.left and row.right <= box.right and row.height < box.height


def _overflows(parent: Node, box: Bounds) -> bool:
    """Whether the content goes on past an edge (a row there is cut): only then can it
    scroll. Content shorter than its box does not."""
    rows = [c.bounds for c in parent.children if c.bounds.area]
    return bool(rows) and (
        min(r.top for r in rows) <= box.top or max(r.bottom for r in rows) >= box.bottom
    )


def _walk_node(node: Node) -> Iterator[tuple[int, Node]]:
    stack = [(0, node)]
    while stack:
        depth, n = stack.pop()
        yield depth, n
        stack.extend((depth + 1, c) for c in n.children)


def _moved_clipped(node: Node, dy: int, box: Bounds, dx: int = 0) -> Node | None:
    """``node`` moved by ``(dx, dy)`` and clipped to ``box``; None when nothing of it is
    left."""
    b = node.bounds
    top, bottom = max(b.top + dy, box.top), min(b.bottom + dy, box.bottom)
    left, right = max(b.left + dx, box.left), min(b.right + dx, box.right)
    if b.area == 0 or top >= bottom or left >= right:
        return None
    kids = tuple(k for c in node.children if (k := _moved_clipped(c, dy, box, dx)) is not None)
    return dataclasses.replace(node, bounds=Bounds(left, top, right, bottom), children=kids)


def _marked(node: Node) -> bool:
    return node.scrollable or any(part in node.class_name for part in SCROLLING)


def _content(path: Path_, node: Node) -> tuple[Path_, Node] | None:
    """What moves when the container at ``path`` scrolls: the children of the innermost
    wrapper filling it (a ScrollView's LinearLayout is clipped to its box; its children
    move). None when that chain reaches another scroller (the inner one scrolls) or the
    container is a pager (it turns sideways)."""
    if "ViewPager" in node.class_name:
        return None
    while len(node.children) == 1 and node.children[0].bounds == node.bounds:
        node, path = node.children[0], (*path, 0)
        if _marked(node):
            return None
    return path, node


def scrolled(obs: Observation, path: Path_, d: int) -> Observation:
    """``obs`` with the container at ``path`` scrolled by ``d`` px (its content moves by
    ``-d``: ``d`` > 0 is a scroll down), clipped to the container's box."""
    box = _at(obs, path).bounds
    got = _content(path, _at(obs, path))
    assert got is not None
    where, parent = got
    kids = tuple(
        k for c in _continued(parent, box, d) if (k := _moved_clipped(c, -d, box)) is not None
    )
    return _replace(obs, where, dataclasses.replace(parent, children=kids))


def _continued(parent: Node, box: Bounds, d: int) -> list[Node]:
    """The content of ``parent`` as a longer list: the rows it shows, then more rows of the
    same layout above and below (copies one content height away, showing other words of
    the same shape: "Ada" → "Beb"), so that a scroll of any length brings in rows that
    were not there."""
    rows = [c for c in parent.children if c.bounds.area]
    if not rows:
        return list(parent.children)
    period = max(c.bounds.bottom for c in rows) - min(c.bounds.top for c in rows)
    if period <= 0:
        return list(parent.children)
    reach = (abs(d) + box.height) // period + 1
    shapes = Counter((c.class_name, c.resource_id) for c in rows)
    listed = max(shapes.values()) >= 3  # rows of one shape: a list's rows share their ids
    out: list[Node] = []
    for k in range(-reach, reach + 1):
        out += rows if k == 0 else [_copy(c, k * period, k, listed) for c in rows]
    return out


def _other(label: str, k: int) -> str:
    """Another row's label of the same shape: every letter and digit moved ``k`` places on,
    the copy's number appended (another word, never one containing the first). Letters
    outside ASCII (a CJK title) move on in their script, digits (a count "3,067", a time
    "9:41") among the ten digits: a label of digits alone was kept and only numbered
    ("-3067" → "-3067 #-1", which holds "-3067": an edit that appended a word, not another
    row). A label with nothing to move ("•", "—") is replaced by the copy's number."""
    if not label:
        return ""
    turned = "".join(_turned(ch, k) for ch in label)
    # the number keeps copies apart ("E" turned is "D", once again), in letters where its
    # digits would hold the label ("7 #3" holds "3")
    number = "".join(chr(ord("a") + int(c)) if c.isdigit() else c for c in str(k))
    for out in (f"{turned} #{k}", f"{turned} #{number}", f"#{k}", f"#{number}", f"№{number}"):
        if label not in out:
            return out
    raise AssertionError(label)  # a label held by "#k", "#b" and "№b" alike: none


def _turned(ch: str, k: int) -> str:
    """``ch`` moved ``k`` places on: an ASCII letter among its 26 (1 to 25 places), a digit
    among its 10 (1 to 9), another letter to the one ``1 + k % 25`` code points on when
    that is a letter too; anything else as it is."""
    if ch.isascii() and ch.isalpha():
        base = ord("a") if ch.islower() else ord("A")
        return chr((ord(ch) - base + 1 + k % 25) % 26 + base)
    if ch.isascii() and ch.isdigit():
        return chr((ord(ch) - ord("0") + 1 + k % 9) % 10 + ord("0"))
    if ch.isalpha():
        moved = chr(ord(ch) + 1 + k % 25)
        return moved if moved.isalpha() else ch
    return ch


def _copy(node: Node, dy: int, k: int, listed: bool) -> Node:
    """``node`` ``dy`` further down, showing other words; outside a list (a form's further
    sections) its ids are other ids too."""
    b = node.bounds
    rid = node.resource_id
    return dataclasses.replace(
        node,
        bounds=Bounds(b.left, b.top + dy, b.right, b.bottom + dy),
        text=_other(node.text, k),
        content_desc=_other(node.content_desc, k),
        resource_id=rid if listed or not rid else f"{rid}_{k}",
        children=tuple(_copy(c, dy, k, listed) for c in node.children),
    )


def edits(obs: Observation) -> list[tuple[Path_, str]]:
    """What :func:`edited` can change: texts unique in the frame, checkboxes, counts."""
    texts = Counter(n.text for _, n in _walk(obs) if n.text)
    out: list[tuple[Path_, str]] = []
    for path, node in _walk(obs):
        if node.text and texts[node.text] == 1 and node.bounds.area:
            out.append((path, "count" if COUNT.search(node.text) else "text"))
        if node.checkable and node.bounds.area:
            out.append((path, "checked"))
    return out


def edited(obs: Observation, path: Path_, what: str) -> Observation:
    node = _at(obs, path)
    if what == "checked":
        new = dataclasses.replace(node, checked=not node.checked)
    elif what == "count":
        new = dataclasses.replace(
            node, text=COUNT.sub(lambda m: f"({int(m[1]) + 1})", node.text, count=1)
        )
    else:
        new = dataclasses.replace(node, text=node.text + " (edited)")
    return _replace(obs, path, new)


def cases(rng: random.Random, per_capture: int) -> list[Case]:
    """``per_capture`` derived pairs of each real capture: scrolls of any length in both
    directions (10 px to more than the viewport), and edits."""
    out: list[Case] = []
    for name, obs in captures():
        hosts, changes = scrollers(obs), edits(obs)
        for _ in range(per_capture):
            if hosts and (not changes or rng.random() < 0.7):
                path = rng.choice(hosts)
                h = _at(obs, path).bounds.height
                d = rng.choice((10, 40, 150, h // 3, h // 2, h - 60, h + 200))
                out.append(Case(name, "scroll", path, rng.choice((-1, 1)) * max(10, d)))
            elif changes:
                path, what = rng.choice(changes)
                out.append(Case(name, "edit", path, what=what))
    return out


def derive(case: Case) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    if case.kind == "scroll":
        return obs, scrolled(obs, case.where, case.d)
    return obs, edited(obs, case.where, case.what)


def _positions(frame: Frame, obs: Observation, path: Path_) -> range:
    """The positions of the subtree at ``path`` in ``frame`` (pre-order, as Frame flattens)."""
    pos = 0
    for w in range(path[0]):
        pos += sum(1 for _ in _walk_node(obs.windows[w]))
    node = obs.windows[path[0]]
    for k in path[1:]:
        pos += 1 + sum(sum(1 for _ in _walk_node(c)) for c in node.children[:k])
        node = node.children[k]
    return range(pos, frame.subtree_end(pos))


def _stayed(prev: Observation, path: Path_, d: int) -> bool:
    """Whether content (a node showing something) was wholly in view before and after."""
    box = _at(prev, path).bounds
    for _, n in _walk_node(_at(prev, path)):
        b = n.bounds
        if not (n.text or n.content_desc) or b.area == 0:
            continue
        inside = box.top < b.top and b.bottom < box.bottom
        if inside and box.top < b.top - d and b.bottom - d < box.bottom:
            return True
    return False


def graded(
    prev: Observation,
    curr: Observation,
    moot: Callable[[str], bool] = lambda _: False,
    gesture: Gesture | None = None,
) -> tuple[Frame, Frame, Delta, list[tuple[str, str]]]:
    """The frames of ``prev`` and ``curr``, their delta (told ``gesture``, when given), and
    what every derived step is graded on first: the real-capture oracle's violations (but
    those the step's own truth makes ``moot``: rows a grown row pushed did move, ticked
    times are edits) and elements listed twice."""
    fp, fc = Frame(prev), Frame(curr)
    d = compute_delta(fp, fc, gesture=gesture)
    out = [("oracle", v) for v in oracle(fp, fc, d) if not moot(v)]
    out += [("duplicate", v) for v in _twice(d)]
    return fp, fc, d, out


def said_in_input(frame: Frame, pos: int, what: str) -> bool:
    """Whether an edit of ``what`` (``text``, ``count``: the node's text; else a state) of
    the node at ``pos`` is in what the delta being graded was computed from: a text beside a
    description is not in element dicts (:func:`tests.core.dict_truth.in_input`, the grader
    decision: asked of the XML path only)."""
    return what not in ("text", "count") or in_input(frame, pos, "text")


def check(case: Case) -> list[tuple[str, str]]:
    """The violations of the delta of ``case``: (class, detail)."""
    return grade(case, *derive(case))


def grade(case: Case, prev: Observation, curr: Observation) -> list[tuple[str, str]]:
    """The violations of the delta from ``prev`` to ``curr``, derived as ``case`` says."""
    fp, fc, d, out = graded(prev, curr)
    inside_p = _positions(fp, prev, case.where)
    inside_c = _positions(fc, curr, case.where)
    if case.kind == "edit":
        target = inside_c.start
        if d.scrolls:
            out.append(("false-scroll", f"{len(d.scrolls)} scroll(s) for an edit"))
        extra = [c for c in d.changed if c != target] + d.added + d.removed
        if extra:
            out.append(("unchanged-listed", f"{len(extra)} more than the one edited"))
        if target not in d.changed and said_in_input(fc, target, case.what):
            out.append(("missed", f"{case.what} of {fc.nodes[target].text!r} not reported"))
        return out
    if d.changed:
        texts = [c for c, ch in d.changed.items() if set(ch) & {"text", "content-desc"}]
        if texts:
            out.append(("false-change", f"{len(texts)} ~ text between different elements"))
    outside = [c for c in d.added if c not in inside_c] + [
        p for p in d.removed if p not in inside_p
    ]
    if outside:
        out.append(("unchanged-listed", f"{len(outside)} outside the scrolled container"))
    hosts = [s for s in d.scrolls if s.curr in inside_c or _fills(fc, s.curr, inside_c.start)]
    if len(d.scrolls) != 1 or not hosts:
        keys = [(s.curr, s.dy, s.page) for s in d.scrolls]
        out.append(("wrong-scroll", f"scrolled {case.d}px; scroll entries {keys}"))
        return out
    s = hosts[0]
    if s.page:
        if _stayed(prev, case.where, case.d):
            out.append(("wrong-scroll", f"scrolled {case.d}px, content stayed: a page"))
    elif s.other and not s.further:  # two exact readings: the truth one, both fitting
        if not two_readings_fit(d, s, -case.d):
            out.append(("wrong-scroll", f"scrolled {case.d}px; read {s.dy}, or {s.other}"))
    elif (abs(s.dy + case.d) > SLACK or s.dx) and not _outer(fc, s, inside_c.start, case.d):
        out.append(("wrong-scroll", f"scrolled {case.d}px, reported ({s.dx}, {s.dy})"))
    elif s.further and s.other and not twin_fits(fp, s.prev, fc, s.curr, d.pairs, s.other):
        out.append(("wrong-scroll", f"scrolled {case.d}px; the other way, {s.other}, unfit"))
    return out


def _outer(fc: Frame, s: Scroll, host: int, d: int) -> bool:
    """Whether scroll ``s`` of a list inside the host states, as its other reading, the
    host's own scroll by ``d`` (``Scroll.outer``: the list's top edge moved with its rows
    as the host's bar left, :mod:`deltarec.core.diff.outer_scroll`).

    Grader decision: a host made to scroll that holds a bar above a list's wrapper, scrolled
    so the bar left, leaves two dumps that fit the bar sliding out as the list scrolled the
    rest (``CoordinatorLayout``, the delta's first reading) as well as the host scrolling it
    all (this generator's truth): every box is the same either way. A line that says both,
    the host's scroll by ``d`` among them, states the truth (the sweep's own rule for the
    house's other hedges: "every reading that fits both frames is one of the two")."""
    return (
        s.outer >= 0
        and not s.dx
        and abs(s.dy + s.edge + d) <= SLACK
        and (s.outer == host or _fills(fc, s.outer, host))
    )


def _fills(frame: Frame, pos: int, host: int) -> bool:
    """An ancestor of the container with its very box (a wrapper named for it)."""
    return pos in frame.ancestors(host) and frame.nodes[pos].bounds == frame.nodes[host].bounds


def over_budget(
    graded: Iterator[tuple[str, list[tuple[str, str]]]], budget: dict[tuple[str, str], int]
) -> tuple[dict[tuple[str, str], int], Counter[tuple[str, str]]]:
    """The (transform, class) counts of ``graded`` ((transform, violations) per case) that
    exceed ``budget``, and all the counts."""
    found: Counter[tuple[str, str]] = Counter()
    for kind, got in graded:
        for klass, _ in got:
            found[(kind, klass)] += 1
    return {k: n for k, n in found.items() if n > budget.get(k, 0)}, found


def _twice(d: Delta) -> list[str]:
    listed = Counter([*d.added, *d.changed])
    return [f"position {c} listed twice" for c, n in listed.items() if n > 1]
