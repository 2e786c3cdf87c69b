"""The search-filter rule's two risks (:mod:`deltarec.core.diff.filtered`), on real lists.

The rule drops a list's scroll where a focused editable field outside it changed its text, no
swipe was told, and the list's first row sits whole at its top. Two steps real phones make
read against it, each derived from every vertical list of every real capture
(:func:`.transforms.scrollers`), a compose or search box put outside the list where the
capture has none (appended to the list's window: outside its subtree, in a box of its own):

- **sent** (:func:`sent`): a chat or comments list whose compose box held a message and
  cleared as it was sent, the list jumping to its end in the same step with no finger on the
  screen: the list *scrolled* by ``d`` (:func:`.transforms.scrolled`), the truth a scroll.
  ``d`` lands a row whole at the list's top (every row start below the top, the first
  :data:`ALIGNED`), the case the rule reads as a filter, or not (:data:`CUT`). The box
  cleared to ``""`` (**sent**), or showing its hint as its text (**sent-hint**: a query
  cleared to its hint, rows put back, or a hint replaced by a first key, reads the same in
  the field); or cleared to its hint with the message come in as the list's last text
  (**sent-shown**: a chat shows what was sent);
- **cut** (:func:`cut_filtered`): a filter over a list scrolled first, its first row cut by
  its top edge: the query typed, one or two rows below the first taken out and the rows below
  them closing up (:func:`.list_steps.filtered`), the cut row held where it was (a
  RecyclerView keeps its anchor row): the truth no scroll.

:func:`grade` reads the delta's scrolls: a sent step with no scroll of the list says "no
scroll", false; a cut filter read as a scroll of the list states a scroll that never happened,
unless the line says its other reading (a hedge: ``Scroll.other`` or ``page``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache

from deltarec.core.observe.model import Bounds, Node, Observation
from tests.core.real_scrolls.list_steps import filtered as filtered_rows
from tests.core.real_scrolls.transforms import (
    Path_,
    _at,
    _content,
    _replace,
    _walk,
    captures,
    scrolled,
    scrollers,
)

ALIGNED = 2
"""Row-aligned offsets tried a list (the first rows starting below its top edge)."""
CUT = (101,)
"""Offsets that leave the top row cut (a row taller than that, or one ending below it)."""
MESSAGE = "On my way, see you at 6"
HINT = "Message"
"""What a cleared compose box shows in many dumps: its hint, as its text (the virtual
Contacts' search box shows "Search contacts")."""


@dataclass(frozen=True, slots=True)
class Step:
    capture: str
    kind: str  # "sent", "sent-hint", "sent-shown" or "cut"
    where: Path_  # the scroller
    d: int = 0  # sent: the offset scrolled; cut: the offset scrolled before the filter
    gone: tuple[int, ...] = ()  # cut: the rows taken out


def _field(obs: Observation, where: Path_, text: str) -> Observation:
    """``obs`` with a focused ``EditText`` holding ``text`` appended to the window of the list
    at ``where``, below the list where the window has room, else above it."""
    window = obs.windows[where[0]]
    box, area = _at(obs, where).bounds, window.bounds
    top = box.bottom if area.bottom - box.bottom >= 60 else max(area.top, box.top - 60)
    field = Node(
        role="textbox",
        class_name="android.widget.EditText",
        resource_id="app:id/compose",
        text=text,
        bounds=Bounds(box.left, top, box.right, top + 60),
        clickable=True,
        focusable=True,
        focused=True,
    )
    windows = list(obs.windows)
    windows[where[0]] = dataclasses.replace(window, children=(*window.children, field))
    return dataclasses.replace(obs, windows=tuple(windows))


def _rows(obs: Observation, where: Path_) -> tuple[Path_, tuple[Node, ...]] | None:
    got = _content(where, _at(obs, where))
    return None if got is None else (got[0], got[1].children)


@lru_cache(maxsize=1)
def steps() -> tuple[Step, ...]:
    """Every sent and cut step of every vertical list of every real capture."""
    out: list[Step] = []
    for name, obs in captures():
        for where in scrollers(obs):
            got = _rows(obs, where)
            if got is None:
                continue
            _, rows = got
            box = _at(obs, where).bounds
            starts = sorted({r.bounds.top - box.top for r in rows if r.bounds.top > box.top})
            for d in (*starts[:ALIGNED], *CUT):
                if 0 < d < box.height:
                    out += [Step(name, k, where, d) for k in ("sent", "sent-hint", "sent-shown")]
            first = rows[0].bounds if rows else None
            if first is None or first.top > box.top or len(rows) < 4:
                continue
            d0 = max(8, first.height * 2 // 5)  # the first row left cut by its top edge
            out += [Step(name, "cut", where, d0, (1,)), Step(name, "cut", where, d0, (1, 2))]
    return tuple(out)


def _shown(obs: Observation, where: Path_) -> Observation:
    """``obs`` with the last labelled text of the list at ``where`` reading :data:`MESSAGE`:
    the message sent, come in as the chat's last row."""
    got = _rows(obs, where)
    assert got is not None
    content, _ = got
    base = len(content)
    last = [p for p, n in _walk(obs) if p[:base] == content and len(p) > base and n.text]
    if not last:
        return obs
    return _replace(obs, last[-1], dataclasses.replace(_at(obs, last[-1]), text=MESSAGE))


def derive(step: Step) -> tuple[Observation, Observation]:
    """(prev, curr) of ``step``."""
    obs = dict(captures())[step.capture]
    if step.kind.startswith("sent"):
        empty = "" if step.kind == "sent" else HINT
        after = scrolled(obs, step.where, step.d)
        if step.kind == "sent-shown":
            after = _shown(after, step.where)
        return _field(obs, step.where, MESSAGE), _field(after, step.where, empty)
    base = scrolled(obs, step.where, step.d)
    got = _rows(base, step.where)
    assert got is not None
    content, _ = got
    return _field(base, step.where, ""), _field(
        filtered_rows(base, content, step.gone), step.where, "ma"
    )


def grade(step: Step, text: str) -> str | None:
    """What the delta ``text`` states falsely of ``step``, or None: a sent step's list with no
    scroll line ("no scroll": its rows read as filtered), a cut filter's with a scroll line that
    says no other reading (``, or …``)."""
    lines = [ln for ln in text.splitlines() if ln.startswith("↕")]
    if step.kind.startswith("sent"):
        return None if lines else "no scroll"
    said = [ln for ln in lines if ", or " not in ln]
    return said[0] if said else None
