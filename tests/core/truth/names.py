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
- **learned** (no defect, counted): a name where it had none, or only its resource id (a tab
  selected for the first time shows its label); **edited** (no defect): another name as what
  it shows changed (a row whose label was edited, a field typed into).

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

DEFECTS = ("renamed", "lost", "borrowed")
CLASSES = (*DEFECTS, "learned", "edited")

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


@dataclass(slots=True)
class NameLog:
    """Names given per identity over one session (module docstring)."""

    last: dict[Hashable, Seen] = field(default_factory=dict)
    counts: Counter[str] = field(default_factory=Counter)
    found: list[str] = field(default_factory=list)
    elements: int = 0
    """Element showings graded (an element shown again)."""

    def step(self, step: int, index: ElementIndex, idents: Sequence[Hashable | None]) -> list[str]:
        """Grade the elements ``index`` shows against what the session last named them;
        ``idents``: per frame position, its identity (None: none known). Returns the defects
        found, one line each."""
        frame = index.frame
        now: dict[Hashable, tuple[int, str]] = {}
        for e in index.elements:
            ident = idents[e.pos]
            if ident is not None:
                now[ident] = (e.pos, index.names[e.pos])
        # the names the last showing of each element still on screen had: a name one of them
        # had is another's to keep
        others = {self.last[i].name: i for i in now if i in self.last and not self.last[i].weak}
        out: list[str] = []
        for ident, (pos, name) in now.items():
            shows = content(frame, pos)
            was = self.last.get(ident)
            is_weak = weak(frame, pos, name)
            number = index.number_of[pos]
            self.last[ident] = Seen(name, shows, is_weak, step, number)
            if was is None or was.name == name:
                if was is not None:
                    self.elements += 1
                continue
            self.elements += 1
            same = was.content == shows
            if is_weak and not was.weak:
                typed = frame.nodes[pos].role == "textbox" and was.content[0] != shows[0]
                klass = "edited" if typed else "lost"
            elif was.weak and not is_weak:
                klass = "learned"
            else:
                klass = "renamed" if same else "edited"
            holder = others.get(name)
            if same and not is_weak and holder is not None and holder != ident:
                klass = "borrowed"
            self.counts[klass] += 1
            if klass in DEFECTS:
                role = frame.nodes[pos].role
                out.append(
                    f"{klass}: [{was.number}] {role} {was.name!r} (step {was.step})"
                    f" -> [{number}] {name!r} (step {step}), showing {shows}"
                )
        self.found += out
        return out

    def defects(self) -> int:
        return sum(self.counts[k] for k in DEFECTS)


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
