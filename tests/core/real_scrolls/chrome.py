"""The app's chrome around a real capture's list, changing as it scrolls, with a known truth
(issue 18, round 5).

Each :class:`Chrome` case derives a pair from a real capture (``fixtures/real``): a
scroller of :func:`.transforms.scrollers` that no other holds (:func:`.reshaped._free`), or
a list of :func:`.daily_steps.alike_rows`. None of the other sweeps makes these steps
(:mod:`.filtered` shows a banner over a list that does not scroll, :mod:`.reshaped` moves a
scroller's edge with its content and no bar, :mod:`.daily` adds a message like the last):

- **hide-bar** / **show-bar**: the list scrolled down by ``d`` as its top app bar slid out
  (``AppBarLayout``'s ``scroll|enterAlways``): the bar is gone, the scroller's box grew
  at its top by the bar's height, its content moved up with that edge and by ``d``
  (:func:`.chrome_steps.barred`); backwards the list scrolled up and the bar came back;
- **half-bar** / **half-show**: the same, the bar slid up part of its height only (20 to
  60 px: a dump taken as it slid), cut by the window's top, the list's top edge moved up as
  much; the bar and its parts stayed;
- **hide-nav** / **show-nav**: the same with a bottom navigation below the list
  (``HideBottomViewOnScrollBehavior``): the scroller's box grew at its bottom;
  **hide-both** / **show-both**: both bars at once;
- **immersive** / **unimmersive**: both bars hidden as the list scrolled, the extended
  FAB over the list moved down with the list's bottom edge (backwards: up);
- **collapse** / **expand**: a large top app bar whose title, large below the toolbar's row,
  moved into that row smaller as the list scrolled (``LargeTopAppBar``): the bar shrank, the
  scroller's top edge moved up with its content;
- **fab-shrink** / **fab-extend**: an extended FAB over the list ("Compose" beside its icon)
  shrank to its icon as the list scrolled down: the text left the button, the button narrowed;
- **fab-dodge** / **fab-return**: a snackbar shown at the bottom of the window, the
  extended FAB over the list moved up out of its way (``FloatingActionButton.Behavior``);
  backwards the snackbar went and the FAB came back down;
- **typing** / **typed**: a chat laid out from its bottom showed "Ada is typing…" below its
  last message, every message moved up by the indicator's pitch (backwards: it went);
- **ghost-lift** / **ghost-drop**: a row lifted as an elevated copy, drawn over the list
  and dragged a third of the way onto its neighbour, its slot left an empty view of its box
  (two nodes for one row); backwards the copy was dropped back in its slot.

Each kind also runs on dumps that name no view by id (:attr:`Chrome.ids`,
:func:`without_ids`: a Compose app's, which gives the XML path no more than element dicts
to pair a list's wrappers by).

The truth (:func:`check`): the real-capture oracle (:func:`.transforms.graded`; its rule 3,
nodes moved together scrolled, is moot where a box moved with its content); no element
listed twice; no ``» new screen`` (:func:`.grading.kept_screen`); no ``~`` of what an element shows; nothing ``+`` / ``-`` but what the step put
in (took out) and rows that came into (left) view (:func:`.grading.stayed_listed`); what it
put in (took out) said, each label once, paired with nothing that stayed.
**Scrolls** (grader decision): the list's own offset is ``d``, the distance the bar's
height did not take (the box moved with its content by the bar's height, as
:mod:`.reshaped`'s sheet, which is no scroll): one scroll line on the scroller (or a wrapper
filling it) by ``d`` ±2 px, from 10 px to a fling past the whole box (that one may read
"about a page": no row stays in view). The button that shrank, and the title that moved, are each one
element that stayed (neither ``+`` nor ``-``): the FAB's "Compose" said gone (or come) as its
text leaf's ``-`` (``+``) or a ``~`` of the button. **Typing**: as :mod:`.daily`'s chat, no
scroll line or one on the list by exactly the indicator's pitch. **Ghost**: no scroll line,
the row's labels never ``+`` / ``-`` (the copy shows them), the empty slot may be said.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.diff.compute import Delta
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node, Observation
from tests.core.real_scrolls.chrome_steps import (
    barred,
    bottom_nav,
    ghosted,
    header,
    slid_up,
    top_bar,
    typing,
    with_fab,
)
from tests.core.real_scrolls.daily import pitch_scroll
from tests.core.real_scrolls.daily_steps import alike_rows, lift_by
from tests.core.real_scrolls.grading import (
    Violation,
    changed_besides,
    kept_screen,
    label,
    no_scroll,
    stayed_listed,
)
from tests.core.real_scrolls.overlays import layers, shown
from tests.core.real_scrolls.reshaped import _free
from tests.core.real_scrolls.transforms import (
    SLACK,
    Path_,
    _at,
    _fills,
    _positions,
    _walk,
    captures,
    graded,
    scrolled,
    scrollers,
)

KINDS = ("hide-bar", "hide-nav", "hide-both", "half-bar", "collapse", "fab-shrink", "typing")
KINDS += ("ghost-lift", "fab-dodge", "immersive")
BACK = {"hide-bar": "show-bar", "hide-nav": "show-nav", "hide-both": "show-both"}
BACK |= {"half-bar": "half-show", "fab-dodge": "fab-return", "immersive": "unimmersive"}
BACK |= {"collapse": "expand", "fab-shrink": "fab-extend", "typing": "typed"}
BACK |= {"ghost-lift": "ghost-drop"}
SCROLLED = ("hide-bar", "hide-nav", "hide-both", "half-bar", "collapse", "fab-shrink")
SCROLLED += ("immersive",)
MOVED = "moved ("


@dataclass(frozen=True, slots=True)
class Chrome:
    """One derived pair of kind ``kind`` (module docstring) on the scroller (list) at
    ``where``: ``d`` the px it scrolled down (a lift: dragged); ``row`` the row (typing: the
    chat's last message; a lift: the row lifted)."""

    capture: str
    kind: str
    where: Path_
    d: int = 0
    row: int = 0
    ids: bool = True
    """False: every resource id left out of both frames (a Compose app's dump, which names
    no view by id: the XML path then has no more than element dicts to pair wrappers by)."""

    @property
    def forward(self) -> str:
        """The kind read forwards (``show-bar`` → ``hide-bar``)."""
        return next((k for k, b in BACK.items() if b == self.kind), self.kind)


@dataclass(frozen=True, slots=True)
class Pair:
    """A pair read forwards: the frames, the scroller's path in each, and the paths of what
    the step took out of ``before`` (``taken``) and put into ``after`` (``made``), and of
    what stayed as one element (``kept``: ``(before, after)`` paths)."""

    before: Observation
    after: Observation
    host_before: Path_
    host_after: Path_
    taken: tuple[Path_, ...] = ()
    made: tuple[Path_, ...] = ()
    kept: tuple[tuple[Path_, Path_], ...] = ()


def _hosts(obs: Observation) -> list[Path_]:
    """Scrollers a bar can sit above and below: free, inside a parent, tall enough to keep
    content in view under both bars."""
    return [
        h
        for h in scrollers(obs)
        if len(h) >= 2 and _free(obs, h) and _at(obs, h).bounds.height >= 900
    ]


def _spots(name: str, obs: Observation, rng: random.Random, per: int) -> list[Chrome]:
    out: list[Chrome] = []
    hosts = _hosts(obs)
    for kind_ in SCROLLED:
        for _ in range(per if hosts else 0):
            host = rng.choice(hosts)
            h = _at(obs, host).bounds.height - 560
            d = max(10, rng.choice((10, 40, 150, h // 3, h // 2, h + 900)))
            up = rng.choice((20, 40, 60)) if kind_ == "half-bar" else 0
            out.append(Chrome(name, kind_, host, d, up))
    rows = list(alike_rows(obs))
    lists_ = list(dict.fromkeys(w for w, *_ in rows))
    chats = [(w, max(j for v, j, *_ in rows if v == w)) for w in lists_]
    chats = [(w, j) for w, j in chats if j >= 2]
    for _ in range(per if chats else 0):
        where, j = rng.choice(chats)
        out.append(Chrome(name, "typing", where, row=j))
    for _ in range(per if hosts else 0):
        out.append(Chrome(name, "fab-dodge", rng.choice(hosts)))
    lifts = [(w, j, dy) for w, j, top, bottom in rows if (dy := lift_by(obs, w, j, top, bottom))]
    for _ in range(per if lifts else 0):
        where, j, dy = rng.choice(lifts)
        out.append(Chrome(name, "ghost-lift", where, dy, j))
    return out


def cases(rng: random.Random, per_capture: int) -> list[Chrome]:
    """``per_capture`` pairs of each kind on each real capture that has a spot for it, read
    forwards or backwards at random."""
    out: list[Chrome] = []
    for name, obs in captures():
        for case in _spots(name, obs, rng, per_capture):
            if rng.random() < 0.5:
                case = dataclasses.replace(case, kind=BACK[case.kind])
            out.append(case)
    return out


def _bars(obs: Observation, host: Path_, d: int, top: bool, bottom: bool) -> Pair:
    node = _at(obs, host)
    b, pkg = node.bounds, node.package
    over = top_bar(pkg, b.left, b.right, b.top) if top else None
    under = bottom_nav(pkg, b.left, b.right, b.bottom - 210) if bottom else None
    before = barred(obs, host, over, under)
    at = host[-1]
    inside = (*host[:-1], at + top)
    taken = ((*host[:-1], at),) if top else ()
    taken += ((*host[:-1], at + top + 1),) if bottom else ()
    return Pair(before, scrolled(obs, host, d), inside, host, taken)


def _forward(case: Chrome) -> Pair:
    obs = dict(captures())[case.capture]
    kind, host = case.forward, case.where
    if kind in ("hide-bar", "hide-nav", "hide-both"):
        return _bars(obs, host, case.d, kind != "hide-nav", kind != "hide-bar")
    if kind == "immersive":
        bars = _bars(obs, host, case.d, True, True)
        before = with_fab(bars.before, bars.host_before, True)
        after = with_fab(bars.after, host, True)
        was = (*host[:-1], len(_at(bars.before, host[:-1]).children))
        now = (*host[:-1], len(_at(obs, host[:-1]).children))
        return dataclasses.replace(bars, before=before, after=after, kept=((was, now),))
    if kind == "half-bar":
        b, pkg = _at(obs, host).bounds, _at(obs, host).package
        bar = top_bar(pkg, b.left, b.right, b.top)
        before = barred(obs, host, bar, None)
        after = barred(scrolled(obs, host, case.d), host, slid_up(bar, case.row), None)
        inside = (*host[:-1], host[-1] + 1)
        at = (*host[:-1], host[-1])
        kept = ((at, at), ((*at, 0), (*at, 0)), ((*at, 1), (*at, 1)))
        return Pair(before, after, inside, inside, kept=kept)
    if kind == "collapse":
        b, pkg = _at(obs, host).bounds, _at(obs, host).package
        before = barred(obs, host, header(pkg, b.left, b.right, b.top, True), None)
        low = header(pkg, b.left, b.right, b.top, False)
        after = barred(scrolled(obs, host, case.d), host, low, None)
        inside = (*host[:-1], host[-1] + 1)
        title = (*host[:-1], host[-1], 1)
        return Pair(before, after, inside, inside, kept=((title, title),))
    if kind == "fab-shrink":
        before = with_fab(obs, host, True)
        after = with_fab(scrolled(obs, host, case.d), host, False)
        button = (*host[:-1], len(_at(obs, host[:-1]).children))
        return Pair(before, after, host, host, taken=((*button, 1),), kept=((button, button),))
    if kind == "fab-dodge":
        before = with_fab(obs, host, True)
        snack = layers("snackbar", obs.windows[0].bounds)[0]
        after = shown(with_fab(obs, host, True, snack.bounds.top), "snackbar")
        button = (*host[:-1], len(_at(obs, host[:-1]).children))
        made = ((0, len(after.windows[0].children) - 1),)
        return Pair(before, after, host, host, made=made, kept=((button, button),))
    if kind == "typing":
        before, after, _ = typing(obs, host, case.row)
        n = len(_at(after, host).children)
        return Pair(before, after, host, host, made=((*host, n - 1),))
    after = ghosted(obs, host, case.row, case.d)
    return Pair(obs, after, host, host)


def derive(case: Chrome) -> tuple[Observation, Observation]:
    """(prev, curr): the pair read forwards, or the reverse (without ids: ``case.ids``)."""
    p = _forward(case)
    pair = (p.before, p.after) if case.kind == case.forward else (p.after, p.before)
    return pair if case.ids else (_no_ids(pair[0]), _no_ids(pair[1]))


def without_ids(sample: list[Chrome]) -> list[Chrome]:
    """``sample`` on dumps that name no view by id (:attr:`Chrome.ids`), where they named
    some (the others' cases would be the same pairs again)."""
    named = {name for name, obs in captures() if any(n.resource_id for _, n in _walk(obs))}
    return [dataclasses.replace(c, ids=False) for c in sample if c.capture in named]


def _no_ids(obs: Observation) -> Observation:
    def bare(n: Node) -> Node:
        return dataclasses.replace(n, resource_id="", children=tuple(map(bare, n.children)))

    return dataclasses.replace(obs, windows=tuple(map(bare, obs.windows)))


def _all(frame: Frame, obs: Observation, paths: tuple[Path_, ...]) -> list[int]:
    return [q for path in paths for q in _positions(frame, obs, path)]


def _unsaid(frame: Frame, places: list[int], side: set[int], edits: set[int]) -> list[int]:
    """The labelled nodes among ``places`` no ``+`` (``-``: ``side``) says, itself or through
    an ancestor, nor a ``~`` of it or of an ancestor (``edits``, positions in ``frame``)."""
    return [
        q
        for q in places
        if label(frame.nodes[q])
        and not ({q, *frame.ancestors(q)} & side)
        and not ({q, *frame.ancestors(q)} & edits)
    ]


def check(case: Chrome) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    p = _forward(case)
    back = case.kind != case.forward
    prev, curr = derive(case)
    fp, fc, d, out = graded(prev, curr, lambda v: MOVED in v)
    fa, fb = (fc, fp) if back else (fp, fc)
    taken = _all(fa, p.before, p.taken)
    made = _all(fb, p.after, p.made)
    came, went = (taken, made) if back else (made, taken)
    out += stayed_listed(d, came, went) + kept_screen(d)
    kept_c = [_positions(fc, curr, (a if back else b)).start for a, b in p.kept]
    kept_p = [_positions(fp, prev, (b if back else a)).start for a, b in p.kept]
    out += changed_besides(d, kept_c if case.forward == "fab-shrink" else ())
    replaced = [c for c in kept_c if c in d.added] + [q for q in kept_p if q in d.removed]
    if replaced:
        out.append(("replaced", f"{len(replaced)} elements that stayed listed + or -"))
    olds = {v: k for k, v in d.pairs.items()}
    edits_c = set(d.changed)
    edits_p = {d.pairs[c] for c in d.changed if c in d.pairs}
    missed = _unsaid(fc, came, set(d.added), edits_c)
    missed += _unsaid(fp, went, set(d.removed), edits_p)
    if missed:
        out.append(("missed", f"{len(missed)} labelled nodes the step put in (took) unsaid"))
    paired = [c for c in came if c in d.pairs] + [q for q in went if q in olds]
    if paired:
        out.append(("false-pair", f"{len(paired)} nodes the step put in paired with others"))
    if case.forward in SCROLLED:
        host_p, host_c = (p.host_after, p.host_before) if back else (p.host_before, p.host_after)
        want = case.d if back else -case.d
        hosts = (_positions(fp, prev, host_p).start, _positions(fc, curr, host_c).start)
        out += _one_scroll(d, fp, fc, hosts, want)
    elif case.forward == "typing":
        out += _pitch_scroll(case, d, fp, prev)
    else:
        out += no_scroll(d, case.kind)
    return out


def _one_scroll(
    d: Delta, fp: Frame, fc: Frame, hosts: tuple[int, int], want: int
) -> list[Violation]:
    """One scroll line on the scroller (``hosts``: its positions before and after), or a
    wrapper filling it in either frame (grader decision: its box changed, and the wrapper
    that filled it in one frame is named for it), by ``want``: the list's own offset."""
    p, c = hosts
    inside = range(c, fc.subtree_end(c))
    far = abs(want) >= max(fp.nodes[p].bounds.height, fc.nodes[c].bounds.height)
    ok = [
        s
        for s in d.scrolls
        if (s.curr in inside or _fills(fc, s.curr, c) or _fills(fp, s.prev, p))
        and ((s.page and far) or (not s.page and not s.dx and abs(s.dy - want) <= SLACK))
    ]
    if len(d.scrolls) == 1 and ok:
        return []
    keys = [(s.curr, s.dx, s.dy, s.page) for s in d.scrolls]
    return [("wrong-scroll", f"scrolled {-want}px; scroll entries {keys}")]


def _pitch_scroll(case: Chrome, d: Delta, fp: Frame, prev: Observation) -> list[Violation]:
    """No scroll line, or one on the list (or a container around it) by the indicator's
    pitch (:mod:`.daily`'s chat decision)."""
    pitch = typing(dict(captures())[case.capture], case.where, case.row)[2]
    return pitch_scroll(d, fp, prev, case.where, pitch, case.kind == "typing", "an indicator")


def kind(case: Chrome) -> str:
    return case.kind
