"""Archives over Inbox lists whose edge rows are slivers, graded by the phone: the truth of
each step and one number per element (issue 18).

A row the list's top or bottom edge cuts to a few px shows no text: its key is made of its
place alone, and a sliver at that place in the next frame may be another row (the rows
below an archived one came up: the old sliver is now whole, a new one took its place).
:func:`cases` puts a row of every item kind (message, promo, header; the load-more footer at
the list's end) at each edge of the list, cut to every height of 1-40 px (in lu, then in px
on the scaled presets, which round), on every preset, and archives around it: the selection
(rows in view above or below it, the sliver itself, rows scrolled away), or one row swiped
sideways; then the undo. :func:`run` grades every step twice:

- the truth (:class:`tests.core.truth.walk.Stepper`: no false line, no missed fact, no
  scroll where nothing scrolled, each element once);
- the numbers (:class:`Numbers`, the oracle of :mod:`tests.core.truth.numbers` over one
  :class:`~deltarec.core.observer.Observer`): a number is never given to two phone
  elements (*reuse*), and an element both frames show keeps its number (*renumbered*).

    python -m tests.core.truth.slivers [EVERY]   # the counts (EVERY: each N-th case)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from collections.abc import Set as AbstractSet
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any
from unittest import mock

from deltarec.core.devices.virtual import ManualClock, Playground
from deltarec.core.devices.virtual.inbox_archive import archive, kept_offset
from deltarec.core.devices.virtual.layout import APP_PACKAGE, TOOLBAR_BOTTOM
from deltarec.core.devices.virtual.profile import PRESETS, Profile
from deltarec.core.devices.virtual.screen_inbox import (
    is_header,
    item_tops,
    max_offset,
    shown_items,
)
from deltarec.core.devices.virtual.state import InboxState
from deltarec.core.devices.virtual.views import View
from deltarec.core.diff.compute import Delta
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observe.model import Observation
from deltarec.core.observer import DeltaResult
from tests.core.dict_truth import dict_delta
from tests.core.truth.numbers import Ident, phone_identities
from tests.core.truth.walk import Gesture, Stepper

EDGES = ("top", "bottom")
HEIGHTS = range(1, 41)
"""Sliver heights in px (each reached from the lu offset that rounds to it)."""
KINDS = ("swipe", "above", "below", "sliver", "away")
"""What is archived: a row in view swiped sideways; selected rows above the sliver (in view),
below it, the sliver's row with its neighbour, rows scrolled away out of view."""


@dataclass(frozen=True, slots=True)
class Case:
    """The Inbox at ``offset`` (lu) on ``preset``, its ``edge`` row cut to ``px`` px; the
    rows ``picks`` archived from the selection, or the row at ``swipe`` swiped sideways."""

    preset: str
    edge: str
    px: int
    offset: int
    kind: str
    picks: tuple[int, ...] = ()
    swipe: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)


def _bottom(profile: Profile) -> int:
    """Where the Inbox list ends (lu): the navigation bar's top."""
    return Playground(profile=profile).screen.nav_top


def _sliver_px(pg: Playground, edge: str) -> int:
    """The px height of the row the list's ``edge`` cuts (0: none is cut). One layout of the
    screen (asked of some 1,200 offsets a preset by :func:`offsets`)."""
    box = _inbox_list(pg)
    rows = _rows(box) if box is not None else []
    if box is None or not rows:
        return 0
    row = rows[0] if edge == "top" else rows[-1]
    top, bottom = row.bounds[1], row.bounds[3]
    full = top > box.bounds[1] and bottom < box.bounds[3]
    return 0 if full else bottom - top


def _inbox_list(pg: Playground) -> View | None:
    for w in pg.windows():
        for v in w.root.walk():
            if v.rid.endswith("inbox_list"):
                return v
    return None


def _rows(box: View) -> list[View]:
    return [c for c in box.children if c.bounds[3] > c.bounds[1]]


def list_rows(pg: Playground) -> list[View]:
    """The Inbox list's children on screen, top to bottom."""
    box = _inbox_list(pg)
    return _rows(box) if box is not None else []


@lru_cache(maxsize=8)
def offsets(preset: str) -> tuple[tuple[str, int, int], ...]:
    """``(edge, px, offset)``: for each edge and px height of :data:`HEIGHTS`, the offsets
    (lu) at which some item is cut to that many px, over the list (its middle and its end,
    where the footer is the last row)."""
    return tuple(_offsets(preset))


def _offsets(preset: str) -> Iterator[tuple[str, int, int]]:
    profile = PRESETS[preset]
    bottom = _bottom(profile)
    view = bottom - TOOLBAR_BOTTOM
    tops = item_tops()
    highest = max_offset(bottom)
    pg = Playground(profile=profile)
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    found: dict[tuple[str, int], list[int]] = {}
    rng = random.Random(preset)
    ends = range(len(tops) - 5, len(tops) - 1)  # the last rows and the footer
    for k in sorted({*rng.sample(range(1, len(tops) - 5), 8), *ends}):
        for edge in EDGES:
            for h in range(1, 60):
                # the bottom edge cuts item k to h lu; the top edge leaves h lu of item k - 1
                offset = tops[k] + h - view if edge == "bottom" else tops[k] - h
                if not 0 < offset <= highest:
                    continue
                pg.state.inbox.offset = offset
                px = _sliver_px(pg, edge)
                if px in HEIGHTS:
                    found.setdefault((edge, px), []).append(offset)
    for (edge, px), got in sorted(found.items()):
        for offset in got:
            yield edge, px, offset


def cases(preset: str, every: int = 1, seed: int = 18) -> Iterator[Case]:
    """Every :data:`KINDS` archive at every sliver (:func:`offsets`: for each edge and
    height two offsets, one at the list's end when there is one), each ``every``-th kept."""
    rng = random.Random(f"{seed}:{preset}")
    pg = Playground(profile=PRESETS[preset])
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    width = pg.window_size()[0]
    by_height: dict[tuple[str, int], list[int]] = {}
    for edge, px, offset in offsets(preset):
        by_height.setdefault((edge, px), []).append(offset)
    n = 0
    for (edge, px), got in sorted(by_height.items()):
        chosen = sorted({max(got), rng.choice(got)})
        for offset in chosen:
            pg.state.inbox.offset = offset
            for kind in KINDS:
                case = _case(pg, rng, preset, edge, px, offset, kind, width)
                if case is None:
                    continue
                n += 1
                if n % every == 0:
                    yield case


def _items_in_view(pg: Playground) -> list[tuple[int, View]]:
    out = []
    for v in list_rows(pg):
        if v.action.startswith("open:"):
            out.append((int(v.action.partition(":")[2]), v))
    return out


def _case(
    pg: Playground,
    rng: random.Random,
    preset: str,
    edge: str,
    px: int,
    offset: int,
    kind: str,
    width: int,
) -> Case | None:
    rows = _items_in_view(pg)
    if not rows:
        return None
    order = shown_items()
    sliver = rows[0] if edge == "top" else rows[-1]
    inner = [r for r in rows if r is not sliver and r[1].bounds[3] - r[1].bounds[1] > 100]
    if kind == "swipe":
        if not inner:
            return None
        _, v = rng.choice(inner)
        y = (v.bounds[1] + v.bounds[3]) // 2
        x1 = rng.randint(width // 4, width * 3 // 4)
        x2 = max(0, min(width - 1, x1 + rng.choice((-1, 1)) * width // 2))
        return Case(preset, edge, px, offset, kind, (), (x1, y, x2, y, rng.choice((80, 200, 600))))
    first, last = order.index(rows[0][0]), order.index(rows[-1][0])
    if kind == "above":
        pool = [i for i, _ in rows[: len(rows) // 2] if (i, _) != sliver]
    elif kind == "below":
        pool = [i for i, _ in rows[len(rows) // 2 :] if (i, _) != sliver]
    elif kind == "sliver":
        if sliver[0] < 0 or is_header(sliver[0]):
            return None
        near = rows[1] if edge == "top" else rows[-2]
        pool = [sliver[0], near[0]]
    else:  # rows scrolled away above and below the viewport
        around = (*range(max(0, first - 4), first), *range(last + 1, last + 5))
        pool = [order[k] for k in around if k < len(order)]
    pool = [i for i in pool if not is_header(i)]
    if not pool:
        return None
    k = min(len(pool), rng.choice((1, 1, 2, 3)))
    picks = pool if kind == "sliver" else rng.sample(pool, k)
    return Case(preset, edge, px, offset, kind, tuple(sorted(picks)))


def clamped(case: Case) -> bool:
    """Whether the case's archive moves the list's offset off the one that keeps its anchor
    row in place (:func:`~deltarec.core.devices.virtual.inbox_archive.kept_offset`): rows
    taken out at the list's end, which clamps it (the rows above the gap come down)."""
    if not case.picks:
        return False
    inbox = InboxState(offset=case.offset)
    kept = kept_offset(inbox, set(case.picks), back=False)
    archive(inbox, case.picks, _bottom(PRESETS[case.preset]))
    return inbox.offset != kept


@dataclass(slots=True)
class Numbers:
    """The numbers oracle over an :class:`~deltarec.core.observer.Observer`'s indexes: the
    phone element each number was first given to, and the last step's numbering."""

    owner: dict[int, Ident] = field(default_factory=dict)
    last: dict[Ident, int] | None = None

    def grade(
        self,
        index: ElementIndex,
        idents: list[Ident],
        same_screen: bool,
        doubted: AbstractSet[int] = frozenset(),
    ) -> list[str]:
        """Reuse and renumbering in the step that showed ``index`` (its frame is the dump
        ``idents`` were read from); ``doubted``: positions of that frame a hedge gives two
        readings of (:func:`doubted`), which may be renumbered, never take another's."""
        assert len(index.frame.nodes) == len(idents)
        found = []
        now: dict[Ident, int] = {}
        at: dict[Ident, int] = {}
        for e in index.elements:
            ident = idents[e.pos]
            now[ident], at[ident] = e.index, e.pos
            had = self.owner.setdefault(e.index, ident)
            if had != ident:
                found.append(f"reuse: [{e.index}] is {_show(ident)}, was given to {_show(had)}")
                self.owner[e.index] = ident
        if self.last is not None and same_screen:
            for ident, number in now.items():
                old = self.last.get(ident)
                if old is not None and old != number and at[ident] not in doubted:
                    found.append(f"renumbered: {_show(ident)} was [{old}], now [{number}]")
        self.last = now
        return found


def doubted(result: DeltaResult) -> set[int]:
    """Positions of the step's new frame beside a row a scroll's hedge names as maybe put
    in (``orInserted`` with ``orRows``) that show nothing: the sliver the scroll's reading
    made new and the insertion's kept (:func:`deltarec.core.diff.edge_sliver.beside_sliver`);
    and the mirror, the sliver paired with a row the hedge names as maybe taken out
    (``orRemoved`` with ``orRows``, an old key): the row scrolled into the sliver's box, or
    the sliver that stayed.

    **Grader decision (issue 18).** The two readings give that place to two elements; the
    numbers give it a number of its own (``new_rows.unnumbered``), so it may be renumbered,
    never given another's number (a reuse is still counted).

    The same holds for a sliver at a list's bottom edge paired with one of its box or the
    row whose top it may be (``orNew`` on a changed entry that shows nothing:
    :func:`deltarec.core.diff.twin_sliver.twin_slivers`, whose lines say "its row was the
    sliver at the list's edge, or that sliver was another row"): the sliver and the row
    before it, which that hedge names, take no number over either
    (:func:`~deltarec.core.diff.twin_sliver.unnumbered_twins`), so they may be renumbered,
    never given another's."""
    frame = result.index.frame
    d = result.delta
    out: set[int] = set()
    for entry in result.diff["changed"]:
        pos = frame.pos_of.get(entry["key"]) if entry.get("orNew") else None
        if pos is None or _shows(frame, pos) or frame.parents[pos] < 0:
            continue
        kids = frame.children[frame.parents[pos]]
        i = kids.index(pos)
        out.update(kids[max(0, i - 1) : i + 1])
    for s in result.diff["scrolls"]:
        named = set(s.get("orRows", [])) if s.get("orRemoved") else set()
        out.update(c for c, p in d.pairs.items() if d.prev.keys[p] in named)
        for key in s.get("orRows", []) if s.get("orInserted") else []:
            pos = frame.pos_of.get(key.removesuffix("+"))
            if pos is None or frame.parents[pos] < 0:
                continue
            kids = frame.children[frame.parents[pos]]
            i = kids.index(pos)
            out.update(k for k in kids[max(0, i - 1) : i + 2] if k != pos and not _shows(frame, k))
    return out


def _shows(frame: Frame, pos: int) -> bool:
    return any(n.text or n.content_desc for n in frame.nodes[pos : frame.subtree_end(pos)])


def _show(ident: Ident) -> str:
    return "/".join(ident[-2:])


def _button(pg: Playground, action: str) -> View | None:
    found = [v for w in pg.windows() for v in w.root.walk() if v.action == action]
    return found[0] if found else None


def _centre(v: View) -> tuple[int, int]:
    return (v.bounds[0] + v.bounds[2]) // 2, (v.bounds[1] + v.bounds[3]) // 2


def run(case: Case, *, gesture: bool = True, dicts: bool = False) -> list[tuple[str, str, str]]:
    """Every violation of the case's steps (the archive, then the undo when the row left):
    ``(step, class, detail)``, the class a truth class or ``reuse`` / ``renumbered``.
    ``gesture``: the observer is told the taps (as the executor tells it), else it diffs
    the two dumps alone (``deltarec delta A B``); ``dicts``: the observer diffs the dumps'
    element dicts (:func:`on_dicts`; no tap told: the element-dict API takes none)."""
    if dicts:
        with on_dicts():
            return _run(case, gesture=False)
    return _run(case, gesture=gesture)


def _dict_delta(prev: Observation | Frame, curr: Observation | Frame, **_: Any) -> Delta:
    def frame(x: Observation | Frame) -> Frame:
        return x if isinstance(x, Frame) else Frame(x)

    return dict_delta(frame(prev), frame(curr))


def on_dicts() -> AbstractContextManager[Any]:
    """Within it, the :class:`~deltarec.core.observer.Observer` diffs element dicts: the delta
    ``delta_observation`` computes from the dumps' dicts, in the dumps' positions
    (:func:`tests.core.dict_truth.dict_delta`), so the oracles grade the dict path unchanged
    (the numbers the observer gives by its pairs)."""
    return mock.patch("deltarec.core.observer.compute_delta", _dict_delta)


def _run(case: Case, *, gesture: bool) -> list[tuple[str, str, str]]:
    stepper = started(case, gesture=gesture)
    pg = stepper.pg
    numbers = Numbers()
    assert stepper.observer.index is not None
    numbers.grade(stepper.observer.index, phone_identities(pg), False)
    out = _step(stepper, numbers, "archive", archiving(case, pg))
    undo = _button(pg, "unarchive:")
    if undo is not None:
        out += _step(stepper, numbers, "undo", Gesture("tap", _centre(undo), "undo"))
    return out


def started(case: Case, *, gesture: bool = True) -> Stepper:
    """The case's Inbox at its offset, its picks selected, observed (``gesture``: taps told)."""
    clock = ManualClock()
    pg = Playground(clock, profile=PRESETS[case.preset])
    pg.launch_app(APP_PACKAGE, ".InboxActivity")
    pg.state.inbox.offset = case.offset
    pg.state.inbox.selected = set(case.picks)
    return Stepper(pg, clock, gesture=gesture)


def archiving(case: Case, pg: Playground) -> Gesture:
    """The case's archive: a tap on "Archive" with rows picked, else its swipe."""
    if case.picks:
        button = _button(pg, "archive:selected")
        assert button is not None
        return Gesture("tap", _centre(button), "archive")
    return Gesture("swipe", case.swipe, "swipe-archive")


def _step(
    stepper: Stepper, numbers: Numbers, name: str, gesture: Gesture
) -> list[tuple[str, str, str]]:
    step = stepper.step(gesture)
    out = [(name, v.klass, v.detail) for v in step.violations]
    index = stepper.observer.index
    assert index is not None
    hedged = doubted(stepper.result) if stepper.result is not None else set()
    for problem in numbers.grade(index, phone_identities(stepper.pg), True, hedged):
        out.append((name, problem.split(":", 1)[0], problem))
    return out


def failures(
    found_in: Iterable[Case],
    *,
    gesture: bool = True,
    step: str | None = None,
    dicts: bool = False,
) -> list[str]:
    """Every violation :func:`run` finds in the cases ``found_in`` (those of ``step`` alone,
    if given), one line each: what a test that keeps closed cases closed asserts empty."""
    return [
        f"{case} {at}: {klass} {detail}"
        for case in found_in
        for at, klass, detail in run(case, gesture=gesture, dicts=dicts)
        if step is None or at == step
    ]


def sweep(
    every: int = 1,
    presets: tuple[str, ...] = tuple(PRESETS),
    *,
    gesture: bool = True,
    dealt: Callable[[str, int], Iterable[Case]] | None = None,
    dicts: bool = False,
) -> tuple[int, list[tuple[Case, str, str, str]]]:
    """Cases run (each ``every``-th) on ``presets``, and every violation with its case;
    ``gesture``: the taps told (:func:`run`); ``dealt``: the cases of a preset (:func:`cases`,
    or another sweep's: :func:`tests.core.truth.sliver_ends.cases`); ``dicts``: element dicts
    (:func:`run`)."""
    found: list[tuple[Case, str, str, str]] = []
    tried = 0
    for preset in presets:
        for case in (dealt or cases)(preset, every):
            tried += 1
            found += [(case, *v) for v in run(case, gesture=gesture, dicts=dicts)]
    return tried, found


if __name__ == "__main__":
    import sys
    from collections import Counter

    every = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    tried, found = sweep(every)
    failing = {(c, s) for c, s, _, _ in found}
    print(f"{tried} cases, {len(failing)} failing steps, {len(found)} violations")
    print(Counter(k for _, _, k, _ in found))
    print(Counter((c.preset, c.edge, c.kind, s) for c, s in failing))
    for c, s, k, d in found[: int(sys.argv[2]) if len(sys.argv) > 2 else 20]:
        print(c, s, k, d[:300])
