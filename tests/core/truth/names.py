"""One name per element for a whole session (issue 18 item 5), graded by an identity of the
element that is not deltarec's.

:class:`NameLog` is fed the index of every reply of a session with an identity per frame
position (the virtual phone's own, :func:`tests.core.truth.numbers.phone_identities`; a tab's
slot in its bar; a node's content signature unique in both real captures of a pair) and keeps,
per identity, the name the index last gave it and what the element itself showed then
(:func:`content`: its own text and description, the texts of its subtree). Each time an
element is shown again it is graded against that:

- **renamed**: another name, although it shows exactly what it showed (its name came from
  outside it and changed: a tab called by the label only the selected tab shows, a control
  by its row's first text);
- **lost**: no name now (nothing, or only its resource id's last part) where it had one (a tab
  that lost the selection and its label with it, a Compose tab's merged text too), but a text
  box whose text was cleared (what it showed was what was typed);
- **borrowed**: the name another element still on screen had, its content unchanged (a
  ``name=`` selector written from the earlier reply would now find this one);
- **stale** (with what the phone drew only): a name that still holds a label the phone
  says the element no longer shows: edited under it, or gone while the phone draws it whole
  (a name kept for a cut row, :mod:`deltarec.core.observe.kept_names`, must not outlive an
  edit);
- **learned** (no defect, counted): a name where it had none, or only its resource id (a tab
  selected for the first time shows its label), or a longer one where the phone drew it cut
  then and whole now (its labels came into view); **edited** (no defect): another name as
  what it shows changed (a row whose label was edited, a field typed into); **renumbered**
  (no defect here: the numbers graders count it): another name under another number, every
  label of it one the element shows (a row the reply could not follow across a page, cut by
  the list's edge: named by what it shows; by nothing it shows, its resource id, it is
  *lost*).

Each excuse names why (:attr:`NameLog.why`). Where the walk passes what the phone itself
shows (:func:`tests.core.truth.phone_shows.phone_shows`, the virtual phone), *edited* is
only what the phone says was edited (:func:`tests.core.truth.phone_shows.edited`: a label
under the element reads otherwise, or one came or left while the phone drew it whole), never
a row a list's edge cut to fewer labels; *learned* only a tab's label come, or a row the
phone drew cut then and whole now. Without it (tab bars, real captures: the dump is all
there is) what the dump shows is the phone's.

Target: renamed, lost and borrowed 0. What the delta lines and error messages print for a
number is the frame's name at that step: :func:`tests.core.truth.numbers.misnamed`, graded by
the walks too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observe.kept_names import nameless
from deltarec.core.observe.labels import shown_texts
from tests.core.truth.phone_shows import Shows, Under, edited, under

DEFECTS = ("renamed", "lost", "borrowed", "stale")
CLASSES = (*DEFECTS, "learned", "edited", "renumbered")

Content = tuple[str, str, tuple[str, ...]]
"""What an element shows: its own text, its own description, the texts of its subtree."""


def content(frame: Frame, pos: int) -> Content:
    """What the element at ``pos`` shows (:data:`Content`)."""
    node = frame.nodes[pos]
    return (node.text, node.content_desc, tuple(shown_texts(frame, pos)))


def weak(frame: Frame, pos: int, name: str) -> bool:
    """Whether ``name`` is no name for the element at ``pos``: nothing, or its resource id's
    last part or its class's short name (which it falls back on when nothing on screen names
    it: :func:`deltarec.core.observe.kept_names.nameless`)."""
    return nameless(frame.nodes[pos], name)


@dataclass(slots=True)
class Seen:
    name: str
    content: Content
    weak: bool
    step: int
    number: int
    under: list[Under] | None = None
    """What the phone showed under it then (None: not known, the dump is the phone)."""


@dataclass(slots=True)
class NameLog:
    """Names given per identity over one session (module docstring)."""

    last: dict[Hashable, Seen] = field(default_factory=dict)
    counts: Counter[str] = field(default_factory=Counter)
    found: list[str] = field(default_factory=list)
    why: Counter[str] = field(default_factory=Counter)
    """Per class, why: ``"edited: a label edited"``, ``"learned: cut then"``, ``"renamed: cut
    now"``… (the label itself in :attr:`found`)."""
    elements: int = 0
    """Element showings graded (an element shown again)."""

    def step(
        self,
        step: int,
        index: ElementIndex,
        idents: Sequence[Hashable | None],
        shows: Sequence[Shows] | None = None,
    ) -> list[str]:
        """Grade the elements ``index`` shows against what the session last named them;
        ``idents``: per frame position, its identity (None: none known); ``shows``: per frame
        position, what the phone showed (:mod:`tests.core.truth.phone_shows`; None: the
        dump's content is the phone's). Returns the defects found, one line each."""
        frame = index.frame
        now: dict[Hashable, tuple[int, str]] = {}
        for e in index.elements:
            ident = idents[e.pos]
            if ident is not None:
                now[ident] = (e.pos, index.names[e.pos])
        # the names the last showing of each element still on screen had: a name one of them
        # had is another's to keep
        others = {self.last[i].name: i for i in now if i in self.last and not self.last[i].weak}
        ends = frame.subtree_ends
        out: list[str] = []
        for ident, (pos, name) in now.items():
            shows_now = content(frame, pos)
            was = self.last.get(ident)
            is_weak = weak(frame, pos, name)
            number = index.number_of[pos]
            below = None if shows is None else under(idents, shows, pos, ends[pos])
            self.last[ident] = Seen(name, shows_now, is_weak, step, number, below)
            if was is not None and was.name == name and below is not None and was.under:
                gone = _stale(name, was.under, below)
                if gone:
                    self.elements += 1
                    self.counts["stale"] += 1
                    self.why["stale: a label the phone no longer shows"] += 1
                    out.append(
                        f"stale: [{number}] {name!r} (step {step}) still holds {gone!r},"
                        f" showing {shows_now}"
                    )
                    continue
            if was is None or was.name == name:
                if was is not None:
                    self.elements += 1
                continue
            self.elements += 1
            klass, reason = _graded(was, name, below, shows_now, is_weak, frame.nodes[pos].role)
            if klass == "renamed" and number != was.number and _shown(name, shows_now):
                klass, reason = "renumbered", f"named by what it shows ({reason})"
            holder = others.get(name)
            if klass != "edited" and not is_weak and holder is not None and holder != ident:
                klass, reason = "borrowed", f"{holder}'s name"
            self.counts[klass] += 1
            self.why[f"{klass}: {reason.split(' (')[0]}"] += 1
            if klass in DEFECTS:
                role = frame.nodes[pos].role
                out.append(
                    f"{klass} ({reason}): [{was.number}] {role} {was.name!r} (step {was.step})"
                    f" -> [{number}] {name!r} (step {step}), showing {shows_now}"
                )
        self.found += out
        return out

    def defects(self) -> int:
        return sum(self.counts[k] for k in DEFECTS)


def _graded(
    was: Seen, name: str, below: list[Under] | None, shows: Content, is_weak: bool, role: str
) -> tuple[str, str]:
    """The class and the reason of a name that changed (module docstring)."""
    if below is None or was.under is None:  # the dump is the phone
        why = None if was.content == shows else ("changed", "the dump shows otherwise")
        cut_then = cut_now = False
    else:
        why = edited(was.under, below)
        cut_then, cut_now = was.under[0][3], below[0][3]
    if is_weak and not was.weak:
        if role == "textbox" and why:
            return "edited", f"cleared ({why[1]})"
        return "lost", "cut now" if cut_now else "no edit"
    if was.weak and not is_weak:
        if why:
            return "learned", f"a label {why[0]} ({why[1]})"
        return ("learned", "cut then") if cut_then else ("renamed", "no edit, whole then")
    if why:
        return "edited", f"a label {why[0]} ({why[1]})"
    if cut_then and (not cut_now or holds(name, was.name)):
        return "learned", "cut then"  # more of it came into view
    return "renamed", "cut now" if cut_now else ("cut then" if cut_then else "no edit")


def _stale(name: str, then: list[Under], now: list[Under]) -> str:
    """A label of ``name`` the element showed ``then`` and the phone says it no longer
    shows ``now``: under a node shown both times that reads otherwise, or gone while the
    element is drawn whole; "" if none."""
    parts = set(name.split(" · "))
    was = {i: t or d for i, t, d, _ in then if t or d}
    new = {i: t or d for i, t, d, _ in now if t or d}
    for ident, label in was.items():
        if label in parts and label not in new.values() and (ident in new or not now[0][3]):
            return label
    return ""


def _shown(name: str, shows: Content) -> bool:
    """Whether every `` · ``-joined label of ``name`` is one the element shows."""
    return set(name.split(" · ")) <= {shows[0], shows[1], *shows[2]}


def holds(name: str, part: str) -> bool:
    """Whether the `` · ``-joined labels of ``part`` are some of ``name``'s, in order.

    >>> holds("Ken · Standup moved #12 · Mar 25", "Ken · Mar 25")
    True
    >>> holds("Ken · Mar 25", "Mar 25 · Ken")
    False
    """
    labels = iter(name.split(" · "))
    return all(p in labels for p in part.split(" · "))


def not_own(index: ElementIndex) -> list[tuple[str, bool, bool]]:
    """Per element of ``index`` called by a text that is not its own (not its text, its
    description, a text below it nor its resource id: the first text below an ancestor), the
    name, whether another element of the frame is called so too, and whether each such element
    is one around it (a Settings switch called by its row's title, the row called so: by
    design, tapping either toggles it)."""
    frame = index.frame
    said: dict[str, list[int]] = {}
    for e in index.elements:
        said.setdefault(index.names[e.pos], []).append(e.pos)
    ends = frame.subtree_ends
    out = []
    for e in index.elements:
        node, name = frame.nodes[e.pos], index.names[e.pos]
        own = {node.text, node.content_desc, node.resource_id.rsplit("/", 1)[-1]}
        if name and name not in own and name not in content(frame, e.pos)[2]:
            others = [p for p in said[name] if p != e.pos]
            around = bool(others) and all(p < e.pos < ends[p] for p in others)
            out.append((name, bool(others), around))
    return out
