"""What the virtual phone itself says each node of a dump shows, for the name grader
(:mod:`tests.core.truth.names`): never read off deltarec's frame.

Per node of a dump of the phone, in document order (the order of
:func:`tests.core.truth.numbers.phone_identities`): its own text (``hint:`` before a field's
hint: an empty field shows it), its own description, and whether the phone drew it cut (a
list's edge clipped it: ``drawn`` is not its visible part). Two showings of one element were
*edited* only where a label the phone holds under it in both showings reads otherwise, or,
neither showing cut, a label came under it or left it (:func:`edited`): a row a list's edge
cut shows fewer labels, and that is no edit.

    >>> a = [(("row",), "", "", False), (("row", "t"), "Ada", "", False)]
    >>> edited(a, [(("row",), "", "", True)]) is None
    True
    >>> edited(a, [(("row",), "", "", False)])
    ('left', "'Ada' at t")
    >>> edited(a, [(("row",), "", "", True), (("row", "t"), "Bo", "", False)])
    ('edited', "'Ada'→'Bo' at t")
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.profile import scale_traced
from deltarec.core.devices.virtual.views import View

Shows = tuple[str, str, bool]
"""A node's own text, its own description, whether the phone drew it cut."""
Under = tuple[Hashable, str, str, bool]
"""One node of an element's subtree: its identity, text, description, cut (the first is the
element's own)."""


def phone_shows(pg: Playground) -> list[Shows]:
    """:data:`Shows` per node of a dump of ``pg`` now, in document order."""
    windows, _ = scale_traced(pg.layout_windows(), pg.profile)
    return [_shows(v) for w in windows if w.in_dump for v in w.root.walk()]


def _shows(view: View) -> Shows:
    text = f"hint:{view.text}" if view.hint and view.text else view.text
    return text, view.desc, view.drawn is not None and view.drawn != view.bounds


def under(
    idents: Sequence[Hashable | None], shows: Sequence[Shows], pos: int, end: int
) -> list[Under]:
    """The nodes ``pos`` to ``end`` (an element's subtree) as :data:`Under`, those with no
    identity left out."""
    return [(i, *shows[p]) for p in range(pos, end) if (i := idents[p]) is not None]


def edited(then: Sequence[Under], now: Sequence[Under]) -> tuple[str, str] | None:
    """Why the phone says the element edited between two showings (module docstring), or
    None: a label under it, shown both times, reads otherwise (``"edited"``), or, the element
    cut in neither, a label came or left (``"came"``, ``"left"``); and what label, where."""
    was = {i: (t, d) for i, t, d, _ in then if t or d}
    new = {i: (t, d) for i, t, d, _ in now if t or d}
    for ident in was.keys() & new.keys():
        if was[ident] != new[ident]:
            return "edited", f"{_said(was[ident])!r}→{_said(new[ident])!r} at {_ident(ident)}"
    if then and now and not then[0][3] and not now[0][3]:
        for ident in sorted(was.keys() - new.keys(), key=_ident):
            return "left", f"{_said(was[ident])!r} at {_ident(ident)}"
        for ident in sorted(new.keys() - was.keys(), key=_ident):
            return "came", f"{_said(new[ident])!r} at {_ident(ident)}"
    return None


def _said(label: tuple[str, str]) -> str:
    return label[0] or label[1]


def _ident(ident: Hashable) -> str:
    """An identity's last part (a view's action, id or place: ``card_likes@60,18088``)."""
    return str(ident[-1]).rsplit("/", 1)[-1] if isinstance(ident, tuple) else str(ident)
