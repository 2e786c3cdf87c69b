"""Render a :class:`~core.diff.compute.Delta` as "what changed" lines.

One line per change, most actionable first:

1. a new screen (``» new screen …``, then its first :data:`NEW_SCREEN_TOP`
   new elements in reading order and a count of the rest), or windows
   opened/closed (``+ [i] dialog``), with the dialog's controls right after it;
2. added elements ``+ [i] role "name" (states)``;
3. changed elements ``~ [i] role "name" (attr: old→new, …)`` (a plain text
   whose only change is its text reads ``~ [i] text "old"→"new"``: its name
   would repeat the new text), the focus move
   (``~ focus: … → …``) and app / rotation changes first among them;
4. scrolls ``↕ [i] list "name" scrolled down 250px (+3 rows, -3 rows)``,
   each followed by the elements that scrolled into view;
5. removed elements ``- role "name"`` (no index: the number is no longer valid).

Within a group, lines follow reading order (the ``[i]`` of the new frame;
removed ones the old frame's). A change that an element shares with its
nearest element ancestor (a row and its title both disabled) is said once, on
the ancestor. Bounds-only changes and moves are not rendered (the JSON has
them). Each line carries its :class:`~core.diff.types.ChangeKind`; the caller
(:func:`core.delta.observe_delta`) joins them, says ``no change`` when there are
none, and applies the budget last (:func:`core.render.budget.fit`).
Deterministic: same input, same lines.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from core.diff.compute import Delta
from core.diff.types import ChangeKind, FromToDict
from core.diff.types import ChangeKind as K
from core.index import ElementIndex
from core.render.lines import element, states, value

NEW_SCREEN_SHARE = 0.35
"""A frame where fewer than this share of the elements stayed is a new screen."""

NEW_SCREEN_TOP = 12
"""How many of a new screen's elements a delta lists (``observe`` shows all)."""

_UNRENDERED = frozenset({"bounds", "parentKey", "position", "focused"})


def is_new_screen(d: Delta, prev_index: ElementIndex, curr_index: ElementIndex) -> bool:
    """True when the frame changed so much that listing the new screen beats a diff.

    Counted over elements outside opened dialogs: fewer than
    :data:`NEW_SCREEN_SHARE` of the new frame's elements were on the old one,
    or the foreground package changed.
    """
    if "package" in d.fields and d.fields["package"]["to"]:
        return True
    dialog_windows = {c for c in d.opened if d.curr.nodes[c].role == "dialog"}
    elements = [p for p in curr_index.candidates if d.curr.window_of[p] not in dialog_windows]
    if len(elements) < 4 or (dialog_windows and not elements):
        return False
    stayed = sum(1 for p in elements if p in d.pairs)
    return stayed < NEW_SCREEN_SHARE * len(elements)


def _changes_text(changes: dict[str, FromToDict]) -> str:
    parts = [
        f"{name}: {value(ft['from'])}→{value(ft['to'])}"
        for name, ft in sorted(changes.items())
        if name not in _UNRENDERED
    ]
    return ", ".join(parts)


class Line(NamedTuple):
    """One delta line and the kind of change it reports."""

    kind: ChangeKind
    text: str


def delta_entries(d: Delta, prev_index: ElementIndex, curr_index: ElementIndex) -> list[Line]:
    """Every line of the delta with its kind, in order, before any budget."""
    fc, fp = d.curr, d.prev
    num = curr_index.number_of
    names_c, names_p = curr_index.names, prev_index.names
    order = {e.pos: i for i, e in enumerate(curr_index.elements)}
    shown = set(num)

    def line(sign: str, pos: int, suffix: str = "") -> str:
        return f"{sign} {element(num.get(pos), fc.nodes[pos], names_c[pos])}{suffix}"

    def changed_line(pos: int, changes: dict[str, FromToDict], text: str) -> str:
        node = fc.nodes[pos]
        if node.role == "text" and set(changes) - _UNRENDERED == {"text"}:
            # The label is the new text; saying it twice costs tokens and adds nothing.
            marker = f"[{num[pos]}] " if pos in num else ""
            ft = changes["text"]
            return f"~ {marker}{node.role} {value(ft['from'])}→{value(ft['to'])}"
        return line("~", pos, f" ({text})")

    head: list[Line] = []
    dialogs = [c for c in d.opened if fc.nodes[c].role == "dialog"]
    in_dialog: set[int] = set()
    for c in dialogs:
        in_dialog.update(range(c, fc.subtree_end(c)))
    new_screen = is_new_screen(d, prev_index, curr_index)
    closed_dialogs = [p for p in d.closed if fp.nodes[p].role == "dialog"]
    for p in closed_dialogs:
        head.append(Line(K.WINDOW_CLOSED, f"- {element(None, fp.nodes[p], names_p[p])} closed"))
    if new_screen:
        pkg = fc.obs.package or "?"
        was = fp.obs.package
        origin = f", was {was}" if was and was != fc.obs.package else ""
        gone = sum(1 for p in d.removed if p in prev_index.number_of)
        total = len(curr_index.elements)
        head.append(Line(K.SCREEN, f"» new screen {pkg}: {total} elements ({gone} gone{origin})"))
        # What is new on it, in reading order: the status bar that stayed is not news.
        fresh = [e.pos for e in curr_index.elements if e.pos not in d.pairs]
        head += [Line(K.ADDED, line("+", c, states(fc.nodes[c]))) for c in fresh[:NEW_SCREEN_TOP]]
        if len(fresh) > NEW_SCREEN_TOP:
            more = len(fresh) - NEW_SCREEN_TOP
            head.append(Line(K.SCREEN, f"  … (+{more} more on this screen)"))
    for c in dialogs:
        head.append(Line(K.WINDOW_OPENED, line("+", c)))
        inside_dialog = _by_order(range(c + 1, fc.subtree_end(c)), order)
        head += [Line(K.ADDED, line("+", a)) for a in inside_dialog]
    hidden: set[int] = set()
    if dialogs:
        for p in d.closed:
            if fp.nodes[p].role != "dialog":
                hidden.update(range(p, fp.subtree_end(p)))

    in_scroll: set[int] = set()
    for s in d.scrolls:
        for a in s.entered:
            in_scroll.update(range(a, fc.subtree_end(a)))
    added = [
        Line(K.ADDED, line("+", c, states(fc.nodes[c])))
        for c in _by_order(d.added, order)
        if c not in in_dialog and c not in in_scroll and not new_screen
    ]

    changed: list[Line] = []
    changed += _field_lines(d, curr_index, prev_index, new_screen=new_screen)
    for c in _by_order(d.changed, order):
        text = _changes_text(d.changed[c])
        if not text or _said_by_ancestor(d, c, shown, text):
            continue
        changed.append(Line(K.CHANGED, changed_line(c, d.changed[c], text)))

    scrolls: list[Line] = []
    for s in sorted(d.scrolls, key=lambda s: order.get(s.curr, len(order) + s.curr)):
        direction = _direction(s.dx, s.dy)
        rows = f"+{len(s.entered)} rows, -{len(s.left)} rows"
        scrolls.append(Line(K.SCROLLED, line("↕", s.curr, f" scrolled {direction} ({rows})")))
        came_in: set[int] = set()
        for e in s.entered:
            came_in.update(range(e, fc.subtree_end(e)))
        inside = came_in & shown
        scrolls += [
            Line(K.ADDED, line("+", a, states(fc.nodes[a]))) for a in _by_order(inside, order)
        ]

    removed: list[Line] = []
    if not new_screen:
        left: set[int] = set()
        for s in d.scrolls:
            for r in s.left:
                left.update(range(r, fp.subtree_end(r)))
        gone_dialog: set[int] = set()
        for p in closed_dialogs:
            gone_dialog.update(range(p, fp.subtree_end(p)))
        old_order = {e.pos: i for i, e in enumerate(prev_index.elements)}
        for p in _by_order(d.removed, old_order):
            if p in left or p in gone_dialog or p in hidden:
                continue
            removed.append(Line(K.REMOVED, f"- {element(None, fp.nodes[p], names_p[p])}"))
        if hidden:
            count = sum(1 for p in hidden if p in prev_index.number_of)
            removed.append(Line(K.HIDDEN, f"- ({count} elements behind the dialog)"))

    return head + added + changed + scrolls + removed


def _by_order(positions: Iterable[int], order: dict[int, int]) -> list[int]:
    """Indexed positions only, in reading order."""
    return sorted((p for p in positions if p in order), key=order.__getitem__)


def _said_by_ancestor(d: Delta, c: int, shown: set[int], text: str) -> bool:
    for a in d.curr.ancestors(c):
        if a in shown:
            changes = d.changed.get(a)
            return changes is not None and _changes_text(changes) == text
    return False


def _direction(dx: int, dy: int) -> str:
    if abs(dy) >= abs(dx):
        return f"{'down' if dy < 0 else 'up'} {abs(dy)}px"
    return f"{'right' if dx < 0 else 'left'} {abs(dx)}px"


def _field_lines(
    d: Delta, curr_index: ElementIndex, prev_index: ElementIndex, *, new_screen: bool
) -> list[Line]:
    out: list[Line] = []
    f = d.fields
    if ("package" in f or "activity" in f) and not new_screen:
        a = f"{d.prev.obs.package}/{d.prev.obs.activity}".rstrip("/")
        b = f"{d.curr.obs.package}/{d.curr.obs.activity}".rstrip("/")
        out.append(Line(K.FIELD, f"~ app: {a} → {b}"))
    if "rotation" in f:
        out.append(Line(K.FIELD, f"~ rotation: {f['rotation']['from']} → {f['rotation']['to']}"))
    if "focusedElement" in f and not new_screen:
        pf, cf = d.prev.focused, d.curr.focused
        old = element(None, d.prev.nodes[pf], prev_index.names[pf]) if pf >= 0 else "none"
        new = (
            element(curr_index.number_of.get(cf), d.curr.nodes[cf], curr_index.names[cf])
            if cf >= 0
            else "none"
        )
        out.append(Line(K.CHANGED, f"~ focus: {old} → {new}"))
    return out


__all__ = ["Line", "delta_entries", "is_new_screen"]
