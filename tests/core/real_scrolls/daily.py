"""What agents do every day, on real captures, with a known truth (issue 18, round 4).

Each :class:`Daily` case derives a pair from a real capture (``fixtures/real``), on a list
of :func:`.daily_steps.alike_rows` (or a scroller's content, for a grid); none of the other
sweeps makes these steps (:mod:`.rearranged` swipes a row away and drags one past another,
:mod:`.reshaped` scrolls a grid, :mod:`.keyboards` anchors a list as the keyboard opens):

- **chat** / **unsend**: a chat laid out from its bottom takes a message
  (:func:`.daily_steps.chatted`): it comes in below the last row, every row above moves up
  by its pitch, the rows at the top are cut or pushed out; no finger moved. Backwards the
  last message is deleted and the rows move down;
- **swipe** / **let-go**: a row slid a third to two thirds of its width sideways, the
  finger still on it (``ItemTouchHelper``), cut by the list's edge; backwards it springs
  back;
- **swiped-away** / **undone**: the row swiped all the way: it is gone, the rows below
  close up (:func:`.rearranged.dismissed`) and a snackbar says so, with its UNDO
  (:func:`.overlays.shown`); backwards UNDO was tapped: the row back, the bar gone;
- **lift** / **drop-back**: a row lifted by a long press and dragged a third of the way
  onto its neighbour, drawn over it (the neighbour not yet moved); backwards put back;
- **described** / **undescribed**: the images of a list's rows that showed nothing get
  their descriptions as their content loads ("" → "Photo of Ada");
- **loaded** / **reloading**: a list's rows were placeholders of their boxes ("Loading…",
  another layout) and are now the real rows, in place; backwards a reload clears them;
- **grid-insert** / **grid-remove**: a grid of 2 or 3 columns (its cells alike: a list's
  first row wholly in view squeezed into a column, copies of it showing other words,
  :func:`.daily_steps.grid_inserted`) takes a tile: every tile from that slot on moves to
  the next slot, the last of a line to the start of the next, clipped by the list's box.

The truth (:func:`check`): the real-capture oracle (:func:`.transforms.graded`; its rule 3,
nodes moved together scrolled, is moot where rows moved without a scroll); no element
listed twice; no scroll line, but on a chat (below); what the step put in (took out) is
``+`` (``-``) where it shows a label, paired with nothing that stayed; nothing else ``+`` /
``-`` but rows pushed out of view (:func:`.grading.stayed_listed`); no ``~`` of what an
element shows but the images described; a swiped or lifted row the only one moved.
**Placeholders** (grader decision): no scroll line, or "about a page" where no label of
the list stayed (:func:`_loaded`); a placeholder and the row that replaced it share a box
and nothing else; the delta may pair them (``~ text "Loading…"→"Ada"``) or not (``-`` /
``+``): every label of the loaded rows must be said, as ``+`` or as a ``~``'s new value, and
every "Loading…" as ``-`` or a ``~``'s old value; nothing outside the list listed.
**Chat** (grader decision): two dumps of a list anchored at its end cannot tell a message
that came from a scroll by its pitch that brought it in (Android's own scroll offset moves
by that pitch as the rows move up): no scroll line, or one on the list (or a container
around it) by exactly the pitch, is true; any other offset is not.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.diff.compute import Delta
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Observation
from tests.core.real_scrolls.daily_steps import (
    LOADING,
    alike_rows,
    chatted,
    described,
    grid_inserted,
    grid_spots,
    images,
    lift_by,
    lifted,
    placeholder_rows,
    placeholders,
    swiped,
)
from tests.core.real_scrolls.grading import (
    Violation,
    changed_besides,
    label,
    no_scroll,
    stayed_listed,
)
from tests.core.real_scrolls.overlays import _overlay_positions, shown
from tests.core.real_scrolls.rearranged import dismissed, spots
from tests.core.real_scrolls.reshaped_pages import _grids, chain
from tests.core.real_scrolls.transforms import (
    SLACK,
    Path_,
    _at,
    _positions,
    captures,
    graded,
)

KINDS = ("chat", "swipe", "swiped-away", "lift", "described", "loaded", "grid-insert")
BACK = {"chat": "unsend", "swipe": "let-go", "swiped-away": "undone", "lift": "drop-back"}
BACK |= {"described": "undescribed", "loaded": "reloading", "grid-insert": "grid-remove"}


@dataclass(frozen=True, slots=True)
class Daily:
    """One derived pair of kind ``kind`` (module docstring) on the list at ``where`` (a
    grid: its scroller): ``row`` the row (the grid's slot); ``d`` the px it slid (swipe),
    was dragged (lift), or the grid's columns."""

    capture: str
    kind: str
    where: Path_
    row: int = 0
    d: int = 0

    @property
    def forward(self) -> str:
        """The kind read forwards (``unsend`` → ``chat``)."""
        return next((k for k, b in BACK.items() if b == self.kind), self.kind)


def _spots(name: str, obs: Observation) -> dict[str, list[Daily]]:
    picks: dict[str, list[Daily]] = {k: [] for k in KINDS}
    rows = list(alike_rows(obs))
    lists_ = list(dict.fromkeys(w for w, *_ in rows))
    for where in lists_:
        last = max(j for w, j, *_ in rows if w == where)
        if last >= 2:
            picks["chat"].append(Daily(name, "chat", where, last))
        if images(obs, where):
            picks["described"].append(Daily(name, "described", where))
        picks["loaded"].append(Daily(name, "loaded", where))
    for where, j, top, bottom in rows:
        width = _at(obs, (*where, j)).bounds.width
        picks["swipe"].append(Daily(name, "swipe", where, j, width))
        if dy := lift_by(obs, where, j, top, bottom):
            picks["lift"].append(Daily(name, "lift", where, j, dy))
    picks["swiped-away"] = [
        Daily(name, "swiped-away", s.where, s.index) for s in spots(obs) if s.dismiss
    ]
    picks["grid-insert"] = [Daily(name, "grid-insert", h) for h in grid_spots(obs, _grids(obs))]
    return picks


def cases(rng: random.Random, per_capture: int) -> list[Daily]:
    """``per_capture`` pairs of each kind on each real capture that has a spot for it, read
    forwards or backwards at random."""
    out: list[Daily] = []
    for name, obs in captures():
        for kind_, found in _spots(name, obs).items():
            for _ in range(per_capture if found else 0):
                case = rng.choice(found)
                if kind_ == "swipe":
                    case = dataclasses.replace(case, d=case.d * rng.choice((1, 2)) // 3)
                    case = dataclasses.replace(case, d=case.d * rng.choice((1, -1)))
                if kind_ == "grid-insert":
                    cols = rng.choice((2, 3))
                    case = dataclasses.replace(case, d=cols, row=rng.randrange(2 * cols))
                if rng.random() < 0.5:
                    case = dataclasses.replace(case, kind=BACK[kind_])
                out.append(case)
    return out


def _forward(case: Daily) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    kind = case.forward
    if kind == "chat":
        before, after, _ = chatted(obs, case.where, case.row)
        return before, after
    if kind == "swipe":
        moved = swiped(obs, case.where, case.row, case.d)
        assert moved is not None
        return obs, moved
    if kind == "swiped-away":
        return obs, shown(dismissed(obs, case.where, case.row), "snackbar")
    if kind == "lift":
        return obs, lifted(obs, case.where, case.row, case.d)
    if kind == "described":
        return obs, described(obs, case.where)
    if kind == "loaded":
        return placeholders(obs, case.where), obs
    before, after, _ = grid_inserted(obs, case.where, case.d, case.row)
    return before, after


def derive(case: Daily) -> tuple[Observation, Observation]:
    """(prev, curr): the pair read forwards, or the reverse."""
    a, b = _forward(case)
    return (a, b) if case.kind == case.forward else (b, a)


def _said(d: Delta, frame: Frame, places: list[int], side: set[int]) -> list[int]:
    """The labelled nodes among ``places`` that no ``+`` (``-``: ``side``) says, itself or
    through an ancestor."""
    return [
        q
        for q in places
        if label(frame.nodes[q]) and q not in side and not side & set(frame.ancestors(q))
    ]


def _made(case: Daily, fa: Frame, a: Observation, fb: Frame, b: Observation) -> list[int]:
    """Positions of what the step (read forwards, ``a`` → ``b``) put in, in ``fb`` (of
    ``b``); for a step that takes something out (the row swiped away), in ``fa``."""
    kind = case.forward
    if kind == "chat":
        n = len(_at(b, case.where).children)
        return list(_positions(fb, b, (*case.where, n - 1)))
    if kind == "swiped-away":
        return sorted(_overlay_positions(fb, "snackbar"))
    if kind == "grid-insert":
        return list(_positions(fb, b, (*chain(b, case.where)[-1], case.row)))
    return []


def check(case: Daily) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    fp, fc, d, out = graded(prev, curr, lambda v: "moved (" in v)
    back = case.kind != case.forward
    fa, fb = (fc, fp) if back else (fp, fc)
    a, b = (curr, prev) if back else (prev, curr)
    kind = case.forward
    if kind == "loaded":
        return out + _loaded(case, d, fp, prev, fc, curr)
    made = _made(case, fa, a, fb, b)
    taken: list[int] = []
    if kind == "swiped-away":
        taken = list(_positions(fa, a, (*case.where, case.row)))
    came, went = (taken, made) if back else (made, taken)
    out += stayed_listed(d, came, went)
    out += _chat_scroll(case, d, fp, prev) if kind == "chat" else no_scroll(d, case.kind)
    edited = [q for q in range(len(fc.nodes)) if kind == "described" and _desc_moved(fp, fc, q)]
    out += changed_besides(d, edited)
    unsaid = [q for q in edited if "content-desc" not in d.changed.get(q, {})]
    if unsaid:
        out.append(("missed", f"{len(unsaid)} descriptions loaded unsaid"))
    missed = _said(d, fc, came, set(d.added)) + _said(d, fp, went, set(d.removed))
    if missed:
        out.append(("missed", f"{len(missed)} labelled nodes the step put in (took) unlisted"))
    paired = (set(came) & set(d.pairs)) | (set(went) & set(d.pairs.values()))
    if paired:
        out.append(("false-pair", f"{len(paired)} nodes the step put in paired with others"))
    if kind in ("swipe", "lift"):
        row = set(_positions(fc, curr, (*case.where, case.row)))
        others = [c for c in d.moved if c not in row]
        if others:
            out.append(("false-move", f"{len(others)} moved besides the row"))
    return out


def _desc_moved(fp: Frame, fc: Frame, q: int) -> bool:
    return q < len(fp.nodes) and fp.nodes[q].content_desc != fc.nodes[q].content_desc


def _chat_scroll(case: Daily, d: Delta, fp: Frame, prev: Observation) -> list[Violation]:
    """No scroll line, or one on the list (or a container around it) by the message's pitch
    (the module docstring's grader decision)."""
    pitch = chatted(dict(captures())[case.capture], case.where, case.row)[2]
    return pitch_scroll(d, fp, prev, case.where, pitch, case.kind == "chat", "a message")


def pitch_scroll(
    d: Delta, fp: Frame, prev: Observation, where: Path_, pitch: int, up: bool, what: str
) -> list[Violation]:
    """No scroll line, or one on the list at ``where`` (or a container around it) by
    ``pitch`` px (``up``: the rows moved up), nothing else: a bottom-anchored list's offset
    moves by the pitch of a row put in at its end, which two dumps cannot tell from no
    scroll. Shared by this module's chat and :mod:`.chrome`'s typing indicator."""
    if not d.scrolls:
        return []
    want = -pitch if up else pitch
    spot = _positions(fp, prev, where).start
    around = {spot, *fp.ancestors(spot)}
    ok = [
        s
        for s in d.scrolls
        if s.prev in around and not s.page and not s.dx and abs(s.dy - want) <= SLACK
    ]
    if len(d.scrolls) == 1 and ok:
        return []
    keys = [(s.curr, s.dx, s.dy, s.page) for s in d.scrolls]
    return [("wrong-scroll", f"{what}'s pitch {pitch}px; scroll entries {keys}")]


def _loaded(
    case: Daily, d: Delta, fp: Frame, prev: Observation, fc: Frame, curr: Observation
) -> list[Violation]:
    """Placeholders replaced by rows (or back): the module docstring's grader decision.

    As :func:`.reshaped._tab`'s: a list's rows replaced in place, where no label of the
    list shows in both frames, is what a scroll by whole pages shows too; "about a page or
    more" on the list (or a container around it) is the house's hedge, true under both
    readings. Where a label stayed (a header above the rows), nothing scrolled."""
    inside_p = set(_positions(fp, prev, case.where))
    inside_c = set(_positions(fc, curr, case.where))
    kept = {label(fp.nodes[q]) for q in inside_p} & {label(fc.nodes[q]) for q in inside_c}
    around = {min(inside_c), *fc.ancestors(min(inside_c))}
    paged = not kept - {""} and all(s.page and s.curr in around for s in d.scrolls)
    out = [] if paged else no_scroll(d, case.kind)
    outside = [c for c in [*d.added, *d.changed] if c not in inside_c]
    outside += [p for p in d.removed if p not in inside_p]
    if outside:
        out.append(("unchanged-listed", f"{len(outside)} +/-/~ outside the list"))
    olds = {d.pairs[c]: ch for c, ch in d.changed.items()}
    new_side, old_side = (fc, fp) if case.kind == "loaded" else (fp, fc)
    gone = set(d.removed if case.kind == "loaded" else d.added)
    came = set(d.added if case.kind == "loaded" else d.removed)
    edits = set(olds) if case.kind == "loaded" else set(d.changed)
    edits_new = set(d.changed) if case.kind == "loaded" else set(olds)
    full = dict(captures())[case.capture]
    rows = [
        q
        for j in placeholder_rows(full, case.where)
        for q in _positions(new_side, full, (*case.where, j))
    ]
    missed = [q for q in _said(d, new_side, rows, came) if q not in edits_new]
    loading = [q for q, n in enumerate(old_side.nodes) if n.text == LOADING]
    missed += [q for q in _said(d, old_side, loading, gone) if q not in edits]
    if missed:
        out.append(("missed", f"{len(missed)} labels of the rows (or placeholders) unsaid"))
    return out


def kind(case: Daily) -> str:
    return case.kind
