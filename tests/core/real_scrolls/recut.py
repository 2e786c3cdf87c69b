"""Ellipsized labels of a real capture's list cut at another length, with a known truth
(issue 18, round 6).

Most views keep their whole text in the dump however the screen cuts it (``TextView``'s
``getText``), but many apps cut their strings themselves: a notification's summary, a chat
list's preview ("Ada: see you at th…"), a server-side title, a Compose ``Text`` built from a
``take(n)``. When the room changes (a badge or a time comes beside the label, the list's
pane is resized, the preview updates) every such label is cut again at another length:
the same words, another cut.

:func:`recut` takes the longest label of each row of a list (:func:`.insertions.lists`) of
at least :data:`LONGEST` characters and shows it cut to a share of its length (``"…"``
appended; or kept whole, share 1); its box is kept (the view did not move). The kinds
(:class:`Recut`):

- **cut**: whole labels cut (the rows made room for something beside them);
- **uncut**: the same pair read backwards;
- **recut**: a cut label cut at another length (a preview that updated, a pane resized);
- **collide**: cut so short (a sixth to a third) that rows whose labels start alike read
  the same (two "Standup moved #1…" rows both "Standup…"), some to fewer than three
  characters ("No repetition" → "No…").

The truth (:func:`check`): each recut label is one ``~`` of its own node (its text), and
nothing else: no scroll, no ``+`` / ``-``, no ``~`` of another node. The real-capture
oracle's rule 2 (a text A→B where A still shows or B already did) is moot where labels
collide, as :mod:`.ticks` argues for times that meet; its rules 1 and 3 are asked.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from deltarec.core.observe.model import Node, Observation
from tests.core.dict_truth import in_input
from tests.core.real_scrolls.grading import Violation, changed_besides, no_scroll, stayed_listed
from tests.core.real_scrolls.insertions import lists
from tests.core.real_scrolls.transforms import (
    Path_,
    _at,
    _content,
    _positions,
    _replace,
    captures,
    graded,
    scrollers,
)

LONGEST = 10
"""A label shorter than this is never cut (a name, a time: an app cuts long strings)."""
KINDS = ("cut", "uncut", "recut", "collide")
ELLIPSIS = "…"


@dataclass(frozen=True, slots=True)
class Recut:
    """The rows of the list at ``where`` with their longest labels shown to ``before`` and
    then ``after`` of their length (1.0: whole); ``kind``: :data:`KINDS`."""

    capture: str
    where: Path_
    kind: str
    before: float
    after: float


def _labels(row: Node, at: Path_) -> list[tuple[Path_, Node]]:
    out: list[tuple[Path_, Node]] = []
    stack: list[tuple[Path_, Node]] = [(at, row)]
    while stack:
        path, node = stack.pop()
        if node.text and "EditText" not in node.class_name and node.bounds.area:
            out.append((path, node))
        stack.extend(((*path, k), c) for k, c in reversed(list(enumerate(node.children))))
    return out


def cut_labels(obs: Observation, where: Path_) -> list[Path_]:
    """The label cut in each row of the list at ``where``: its longest text of at least
    :data:`LONGEST` characters (the first of equals), rows without one left out."""
    out: list[Path_] = []
    for k, row in enumerate(_at(obs, where).children):
        long = [(p, n) for p, n in _labels(row, (*where, k)) if len(n.text) >= LONGEST]
        if long:
            out.append(max(long, key=lambda pn: len(pn[1].text))[0])
    return out


def cut(text: str, share: float) -> str:
    """``text`` cut to ``share`` of its length (at least 3 characters kept), ``"…"`` after
    it; whole at share 1.

    >>> cut("Standup moved to Thursday", 0.4), cut("Standup", 1.0)
    ('Standup mo…', 'Standup')
    """
    if share >= 1:
        return text
    return text[: max(3, int(len(text) * share))].rstrip() + ELLIPSIS


def recut(obs: Observation, where: Path_, share: float) -> Observation:
    """``obs`` with each row's cut label (:func:`cut_labels`) shown to ``share``."""
    for path in cut_labels(obs, where):
        node = _at(obs, path)
        obs = _replace(obs, path, dataclasses.replace(node, text=cut(node.text, share)))
    return obs


def cases(rng: random.Random, per_capture: int) -> list[Recut]:
    """``per_capture`` lists of each real capture with two cut labels or more, kinds dealt
    in turn from a random start, shares drawn for each."""
    out: list[Recut] = []
    for name, obs in captures():
        where = sorted({w for w in _lists(obs) if len(cut_labels(obs, w)) >= 2})
        if not where:
            continue
        start = rng.randrange(len(KINDS))
        for k in range(per_capture):
            kind = KINDS[(start + k) % len(KINDS)]
            short = rng.choice((0.4, 0.5, 0.6, 0.75))
            if kind == "cut":
                pair = (1.0, short)
            elif kind == "uncut":
                pair = (short, 1.0)
            elif kind == "recut":
                pair = (short, rng.choice([s for s in (0.45, 0.55, 0.7, 0.85) if s != short]))
            else:  # a fifth of it or so: two to five characters of most labels
                pair = (1.0, round(short / 2.5, 2))
            case = Recut(name, rng.choice(where), kind, *pair)
            if recut(obs, case.where, case.before) != recut(obs, case.where, case.after):
                out.append(case)  # (labels so short that both cuts keep them whole: none)
    return out


def _lists(obs: Observation) -> set[Path_]:
    """The lists of :func:`.insertions.lists` and the content of every scroller
    (:func:`.transforms.scrollers`): a feed's cards, a notification shade's rows."""
    out = {w for w, _ in lists(obs)}
    for path in scrollers(obs):
        got = _content(path, _at(obs, path))
        if got is not None:
            out.add(got[0])
    return out


def derive(case: Recut) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    return recut(obs, case.where, case.before), recut(obs, case.where, case.after)


def kind(case: Recut) -> str:
    return case.kind


def check(case: Recut) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    whole = cut_labels(dict(captures())[case.capture], case.where)
    paths = [p for p in whole if _at(prev, p).text != _at(curr, p).text]
    said = {repr(_at(curr, p).text) for p in paths} | {repr(_at(prev, p).text) for p in paths}

    def moot(v: str) -> bool:
        # Rule 2 is what labels that collide contradict ("Standup…" was one row's and is
        # another's too); rule 1 on a recut label likewise (module docstring).
        return v.startswith("text ") or (
            v.startswith("persisted ") and any(f" {t} reported" in v for t in said)
        )

    _, fc, d, out = graded(prev, curr, moot)
    out += no_scroll(d, "labels cut again")
    out += stayed_listed(d)
    edited = {_positions(fc, curr, p).start for p in paths}
    out += changed_besides(d, edited)
    missed = [t for t in edited if "text" not in d.changed.get(t, {}) and in_input(fc, t, "text")]
    if missed:
        out.append(("missed", f"{len(missed)} of {len(edited)} recut labels not ~"))
    return out
