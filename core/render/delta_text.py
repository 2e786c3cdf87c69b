"""Render a :class:`~deltarec.core.diff.compute.Delta` as "what changed" lines.

One line per change, most actionable first:

1. the screen: ``» new screen InboxActivity "Inbox": 47 elements (8 gone)``
   (:func:`deltarec.core.diff.screens.is_new_screen`) followed by what is on it that the caller
   has not seen — every element new or changed there, in reading order (the budget cuts the
   list, never a fixed count); or ``» back to InboxActivity "Inbox" (as after step 3)`` when the
   caller's :class:`~deltarec.core.observer.Observer` remembers the screen (then an ordinary
   delta from that frame follows); or windows: ``+ [i] dialog`` with the dialog's controls right
   after it, ``- dialog "…" closed``, and one dialog replacing another as ``» dialog "A" → [i]
   dialog "B"``;
2. added elements ``+ [i] role "name" (states)``;
3. changed elements ``~ [i] role "name" (attr: old→new, …)`` (a plain text whose only change is
   its text reads ``~ [i] text "old"→"new"``: its name would repeat the new text; a selection
   that moved between two elements of one role reads ``~ selected: tab "Clock" → [3] tab
   "Timer"``), the focus move (``~ focus: … → …``) and app / rotation changes first among them;
   the keyboard's window reads ``+ keyboard opened (covers y 1530–2400)`` / ``- keyboard
   closed`` with the windows in group 1;
4. scrolls ``↕ [i] list "name" scrolled down 250px (+3 rows, -3 rows)`` (or ``scrolled about a page
   or more`` when no row stayed; ``right``/``left`` then when a tab selection moved that way with
   it), each followed by one line per row that came into view: the row's number and its texts
   joined by ``·``, then any other control inside the row;
5. removed elements ``- role "name"`` (no index: the number is no longer valid); a label of a
   row a sliver may be, or another row (:func:`~deltarec.core.render.rows.twin_notes`), says both.

Within a group, lines follow reading order (the ``[i]`` of the new frame; removed ones the old
frame's). A change that an element shares with its nearest element ancestor (a row and its title
both disabled) is said once, on the ancestor (attribute by attribute), unless it is a control with
a line of its own. The system bars (``Delta.quiet_*``) are never rendered. Bounds and moves are not
rendered one by one (the JSON has them); each line's ``facts`` say what it states. When nothing
else changed, one summary line says so, so the text is never ``no change`` while the diff has an
entry. Each line carries its :class:`~deltarec.core.diff.types.ChangeKind`; the caller
(:func:`deltarec.core.observer.observe_delta`) joins them, says ``no change`` when there are none,
and applies the budget last (:func:`deltarec.core.render.budget.fit`). Deterministic: same input,
same lines."""

from __future__ import annotations

from deltarec.core.diff.axis import sideways
from deltarec.core.diff.compute import Delta
from deltarec.core.diff.gesture import Gesture, dialog_over, scrollable_of, top_node
from deltarec.core.diff.new_rows import still
from deltarec.core.diff.screens import is_new_screen, screen_name, screen_title
from deltarec.core.diff.tab_switch import moved_labels
from deltarec.core.diff.types import ChangeKind as K
from deltarec.core.diff.types import FromToDict
from deltarec.core.observe.index import ElementIndex, Layout
from deltarec.core.observe.labels import scrolls_by_nature
from deltarec.core.observe.wrapped import shown_state, wrapped_labels
from deltarec.core.render.change_lines import (
    NAME,
    UNRENDERED,
    join_changed,
    listed_changes,
    not_said_by_ancestor,
    renamed,
)
from deltarec.core.render.facts import Fact, Line, added, changed
from deltarec.core.render.field_lines import field_lines, keyboard_lines
from deltarec.core.render.folded import folded_edits, folded_labels, pushed_notes
from deltarec.core.render.layout import unlisted
from deltarec.core.render.lines import element, element_states, pair, quote, states, value
from deltarec.core.render.rows import (
    Entry,
    join_named,
    list_rows,
    row_line,
    twin_notes,
)
from deltarec.core.render.scroll_lines import LineMaker, by_order, scroll_lines
from deltarec.core.render.selection import selection_moves
from deltarec.core.render.unlabelled import refresh_lines


def changes_text(changes: dict[str, FromToDict]) -> str:
    """The attribute changes of one element as a ``~`` line shows them: ``name: old→new``,
    sorted by name, without what a line never shows (bounds, position, parent, focus); first,
    where a label inside it renamed it, its old name (``was "Stop"``: the line names it by the
    new one already; :data:`~deltarec.core.render.change_lines.NAME`). Also
    how :func:`deltarec.core.elements.summarize_delta` renders a change.

    >>> changes_text({"text": {"from": "", "to": "zr"}, "bounds": {"from": [0], "to": [1]}})
    'text: ""→"zr"'
    >>> changes_text({"enabled": {"from": 1, "to": 0}, "name": {"from": "Stop", "to": "Send"}})
    'was "Stop", enabled: 1→0'
    """
    parts = [
        f"was {value(ft['from'])}" if name == NAME else f"{name}: {pair(ft['from'], ft['to'])}"
        for name, ft in sorted(changes.items(), key=lambda kv: (kv[0] != NAME, kv[0]))
        if name not in UNRENDERED
    ]
    return ", ".join(parts)


def delta_entries(
    d: Delta,
    prev_index: ElementIndex,
    curr_index: ElementIndex,
    *,
    new_screen: bool | None = None,
    back_to: str | None = None,
) -> list[Line]:
    """Every line of the delta with its kind, in order, before any budget.

    ``new_screen`` is :func:`~deltarec.core.diff.screens.is_new_screen` when the caller has it
    already. ``back_to`` (e.g. ``"as after step 3"``) says that ``d`` is taken
    from an earlier frame of the same screen the caller remembers: the header
    reads ``» back to …`` and an ordinary delta from that frame follows.
    """
    fc, fp = d.curr, d.prev
    num = curr_index.number_of
    names_c, names_p = curr_index.names, prev_index.names
    order = {e.pos: i for i, e in enumerate(curr_index.elements) if e.pos not in d.quiet_curr}
    old_order = {e.pos: i for i, e in enumerate(prev_index.elements) if e.pos not in d.quiet_prev}
    shown = set(num)

    def line(sign: str, pos: int, suffix: str = "") -> str:
        return f"{sign} {element(num.get(pos), fc.nodes[pos], names_c[pos])}{suffix}"

    def changed_line(pos: int, changes: dict[str, FromToDict], text: str) -> str:
        node = fc.nodes[pos]
        if node.role == "text" and set(changes) - UNRENDERED == {"text"}:
            # The label is the new text; saying it twice costs tokens and adds nothing.
            marker = f"[{num[pos]}] " if pos in num else ""
            ft = changes["text"]
            return f"~ {marker}{node.role} {pair(ft['from'], ft['to'])}"
        return line("~", pos, f" ({text})")

    head: list[Line] = []
    dialogs = [c for c in d.opened if fc.nodes[c].role == "dialog"]
    closed_dialogs = [p for p in d.closed if fp.nodes[p].role == "dialog"]
    in_dialog = fc.under(dialogs)
    gone_dialog = fp.under(closed_dialogs)
    if new_screen is None:
        new_screen = is_new_screen(d, prev_index, curr_index)
    new_screen = new_screen and back_to is None
    if back_to is not None:
        title = screen_title(curr_index, d.quiet_curr | in_dialog)
        named = f" {quote(title)}" if title else ""
        head.append(Line(K.SCREEN, f"» back to {screen_name(curr_index)}{named} ({back_to})"))
    swaps = swapped_dialogs(d, prev_index, curr_index)
    if len(closed_dialogs) == 1 and len(dialogs) == 1:
        swaps.append((closed_dialogs[0], dialogs[0]))
    for p, c in swaps:
        old, new = element(None, fp.nodes[p], names_p[p]), line("", c).lstrip()
        head.append(Line(K.WINDOW_OPENED, f"» {old} → {new}", (Fact(K.WINDOW_OPENED, c),)))
        in_dialog |= fc.under([c])
        gone_dialog |= fp.under([p])
    swapped_in = {c for _, c in swaps}
    swapped_out = {p for p, _ in swaps}
    for p in closed_dialogs:
        if p not in swapped_out:
            head.append(Line(K.WINDOW_CLOSED, f"- {element(None, fp.nodes[p], names_p[p])} closed"))
    opened: list[Line] = []
    for c in [*dialogs, *(c for c in swapped_in if c not in dialogs)]:
        if c not in swapped_in:
            opened.append(Line(K.WINDOW_OPENED, line("+", c), (Fact(K.WINDOW_OPENED, c),)))
        inside_dialog = by_order(range(c + 1, fc.subtree_end(c)), order)
        opened += [
            Line(K.ADDED, line("+", a, element_states(fc, a)), added([a])) for a in inside_dialog
        ]
    if new_screen:  # its count is what it lists, a dialog's lines too (a time picker alone)
        head += _new_screen(d, prev_index, curr_index, in_dialog, line, len(opened))
    head += opened
    head += keyboard_lines(d.fields)
    hidden: set[int] = set()
    if dialogs:
        for p in d.closed:
            if fp.nodes[p].role != "dialog" and p not in d.quiet_prev:
                hidden.update(range(p, fp.subtree_end(p)))

    in_scroll, note = fc.under([a for s in d.scrolls for a in s.entered]), twin_notes(d)
    # A tab's label that came or went as the selection moved: the selection line says it
    came, went = moved_labels(fp, fc, d.pairs, d.changed, d.added, d.removed)
    in_scroll |= came
    added_lines = [
        Line(K.ADDED, line("+", c, element_states(fc, c)) + note(c, True), added([c]))
        for c in by_order(d.added, order)
        if c not in in_dialog and c not in in_scroll and not new_screen
    ]
    refreshed, done = refresh_lines(d, prev_index, curr_index) if not new_screen else ([], [])
    folded = folded_labels(d, prev_index, curr_index) if not new_screen else ([], [])
    added_lines += [
        Line(K.ADDED, line("+", c) + note(c, True), added([c])) for c in folded[0] if c not in came
    ]
    added_lines += refreshed

    changed_lines = field_lines(d, curr_index, prev_index, new_screen=new_screen)
    if not new_screen:
        edits, spoken = folded_edits(d, prev_index, curr_index, in_dialog)
        pushed = pushed_notes(d, curr_index)
        changes = {c: ch for c, ch in listed_changes(d, in_dialog).items() if c not in spoken}
        changed_lines += selection_moves(d, changes, curr_index, prev_index)
        at: dict[int, int] = {}  # element → its line in changed_lines
        for c in by_order(changes, order):
            if UNRENDERED.issuperset(changes[c]):
                continue  # a row that only moved: no line (a subset of it says nothing either)
            own = not_said_by_ancestor(d, c, shown, changes[c])
            text = changes_text(own)
            if not text:
                continue
            said = changed(c, set(own) - UNRENDERED)
            host = next((a for a in fc.ancestors(c) if a in shown), None)
            if host in at:
                joined = join_changed(fc, curr_index, c, own, text, host)
                if joined is not None:
                    row = changed_lines[at[host]]
                    changed_lines[at[host]] = Line(row.kind, row.text + joined, row.facts + said)
                    continue
            at[c] = len(changed_lines)
            text = changes_text(renamed(d, prev_index, curr_index, c, own))  # its old name too
            changed_lines.append(Line(K.CHANGED, changed_line(c, own, text) + pushed(c), said))
        changed_lines += edits

    scrolls: list[Line] = []
    if not new_screen:
        for s in sorted(d.scrolls, key=lambda s: order.get(s.curr, len(order) + s.curr)):
            if s.curr not in in_dialog:
                scrolls += scroll_lines(d, s, curr_index, order, line)

    removed: list[Line] = []
    if not new_screen:
        left = fp.under([r for s in d.scrolls for r in s.left])
        for p in [*by_order(d.removed, old_order), *folded[1]]:  # folded: its row's name's
            if p in left or p in gone_dialog or p in hidden or p in went:
                continue
            gone = f"- {element(None, fp.nodes[p], names_p[p])}{note(p, False)}"
            removed.append(Line(K.REMOVED, gone, (Fact(K.REMOVED, p),)))
        if hidden:
            count = sum(1 for p in hidden if p in prev_index.number_of)
            removed.append(Line(K.HIDDEN, f"- ({count} elements behind the dialog)"))

    removed += done
    if still(d) and not new_screen:
        scrolls.append(_still(d, curr_index))
    elif d.taken is not None and d.taken.swipe and not d.scrolls and not new_screen:
        scrolls.append(_taken(d, d.taken, prev_index, curr_index))
    out = head + added_lines + changed_lines + scrolls + removed
    if not out and not d.empty:
        out.append(unlisted(d, prev_index, curr_index))
    return out


SWAP_SHARE = 0.5
"""A dialog window whose elements were replaced beyond this share is another dialog."""


def swapped_dialogs(
    d: Delta, prev_index: ElementIndex, curr_index: ElementIndex | Layout
) -> list[tuple[int, int]]:
    """Dialog windows that stayed as a window but now show another dialog (its title and
    buttons replaced): ``[(prev root, curr root)]``."""
    fc, fp = d.curr, d.prev
    used: set[int] | None = None  # the paired old positions, made for the first dialog kept
    out = []
    for c in fc.roots:
        p = d.pairs.get(c)
        if p is None or fc.nodes[c].role != "dialog" or fp.nodes[p].role != "dialog":
            continue
        if used is None:
            used = set(d.pairs.values())
        now = [e for e in curr_index.candidates if c < e < fc.subtree_end(c)]
        before = [e for e in prev_index.candidates if p < e < fp.subtree_end(p)]
        gone = sum(1 for e in now if e not in d.pairs) + sum(1 for e in before if e not in used)
        if now and gone > SWAP_SHARE * (len(now) + len(before)):
            out.append((p, c))
    return out


def _new_screen(
    d: Delta,
    prev_index: ElementIndex,
    curr_index: ElementIndex,
    in_dialog: set[int],
    line: LineMaker,
    beside: int = 0,
) -> list[Line]:
    """The header of a new screen and what on it the caller has not seen, in reading order;
    its count those elements and the ``beside`` a dialog's lines list after them."""
    fc = d.curr
    skip = d.quiet_curr | in_dialog
    was = d.prev.obs.package
    other_app = bool(was) and was != fc.obs.package
    name = screen_name(curr_index, with_package=other_app or not fc.obs.activity)
    if not fc.obs.activity:
        name = fc.obs.package or "?"
    title = screen_title(curr_index, frozenset(skip))
    named = f" {quote(title)}" if title else ""
    gone = sum(1 for p in d.removed if p in prev_index.number_of and p not in d.quiet_prev)
    origin = f", was {was}" if other_app else ""
    entries: list[Entry] = []
    rows, wrappers = list_rows(fc), wrapped_labels(fc)
    said: set[int] = set()
    covered: set[int] = set()
    listed = beside  # the header counts the elements listed (a row line may list a few)
    head_facts: tuple[Fact, ...] | None = None  # the title's, once the header numbers it
    for e in curr_index.elements:
        c = e.pos
        if c in skip or c in covered or (c in d.pairs and c not in d.changed):
            continue  # what stayed as it was (a toolbar button) is not news
        row = rows.get(c)
        new = added([c] if c not in d.pairs else [])
        node = fc.nodes[c] if c not in wrappers else shown_state(fc, c)  # what a tap reaches
        if title and head_facts is None and row is None and node.role == "text" and e.name == title:
            named = f" [{e.index}] {quote(title)}"  # the title, numbered in the header
            head_facts = new
            listed += 1
        elif row is None:
            entries.append(Entry(c, Line(K.ADDED, line("+", c, states(node)), new), True))
            listed += 1
        elif row not in said:
            said.add(row)
            text, inside = row_line(row, c, curr_index)
            covered |= inside
            entries.append(Entry(c, Line(K.ADDED, text, new), False))
            listed += 1 + len(inside)
        elif node.interactive and not node.scrollable:
            entries.append(Entry(c, Line(K.ADDED, line("+", c, states(node)), new), True))
            listed += 1
    head = f"» new screen {name}{named}: {listed} elements ({gone} gone{origin})"
    return [Line(K.SCREEN, head, head_facts or ()), *join_named(entries, curr_index)]


def _still(d: Delta, curr_index: ElementIndex) -> Line:
    """The line for a swipe that scrolled nothing: what was under its start, and whether the
    caller cut it to fit (a swipe that starts in the navigation bar moves nothing); a drag
    within the touch slop says from which density a phone took it as a tap.

    The touch landed on the screen as it was before the step, on the node drawn on top at
    the start, as the executor reads it (:func:`~deltarec.core.diff.gesture.top_node`):
    when neither it nor an ancestor scrolls (a snackbar drawn over a list) the swipe started
    on nothing that scrolls, never "on" the list below it; else the line names the innermost
    scrollable under the start after the step that scrolls along the swipe's axis (a vertical
    swipe on a carousel inside a list asked the list, which the carousel's items lying side
    by side tell: :func:`~deltarec.core.diff.axis.sideways`), else the innermost."""
    g = d.gesture
    assert g is not None
    fc = d.curr
    touched = scrollable_of(d.prev, top_node(d.prev, g.x1, g.y1))
    under = across = -1
    for pos, node in enumerate(fc.nodes if touched is not None else ()):  # the innermost now
        b = node.bounds
        if scrolls_by_nature(node) and b.left <= g.x1 < b.right and b.top <= g.y1 < b.bottom:
            if sideways(fc, pos) == g.vertical:  # its items sit across the swipe's axis
                across = pos
            else:
                under = pos
    under = under if under >= 0 else across
    where = f"({g.x1},{g.y1})"
    if under >= 0:
        what = element(curr_index.number_of.get(under), fc.nodes[under], curr_index.names[under])
        text = f"↕ nothing scrolled: the swipe from {where} on {what} moved nothing"
    else:
        text = f"↕ nothing scrolled: the swipe from {where} started on nothing that scrolls"
    if g.tap_from_dpi:  # what the phone made of it: a tap, at that density or more
        text += f" (within the touch slop on a phone of {g.tap_from_dpi} dpi or more: a tap)"
    if g.clamped:
        text += " (the swipe was cut to fit the screen)"
    return Line(K.SCROLLED, text)


def _taken(d: Delta, g: Gesture, prev_index: ElementIndex, curr_index: ElementIndex) -> Line:
    """The line for a swipe a dialog over its start took, or one that came up in the step
    (:func:`~deltarec.core.diff.gesture.reaching`): it scrolled nothing, and went to the
    dialog (a touch outside one dismisses it or does nothing; the view behind never sees it),
    numbered if it is still shown."""
    fp, took = d.prev, dialog_over(d.prev, g)
    if took < 0:  # none over it before: one came up in the step (gesture.came_up)
        c = max(r for r in d.curr.roots if d.curr.nodes[r].role == "dialog")
        what = element(curr_index.number_of.get(c), d.curr.nodes[c], curr_index.names[c])
        text = f"↕ nothing scrolled: the swipe from ({g.x1},{g.y1}) moved nothing; {what} came up"
        return Line(K.SCROLLED, text)
    still_shown = [c for c, p in d.pairs.items() if p == took]
    if still_shown:
        c = still_shown[0]
        what = element(curr_index.number_of.get(c), d.curr.nodes[c], curr_index.names[c])
    else:
        what = element(None, fp.nodes[took], prev_index.names[took])
    text = f"↕ nothing scrolled: the swipe from ({g.x1},{g.y1}) went to {what} over it"
    return Line(K.SCROLLED, text)


__all__ = ["Line", "changes_text", "delta_entries"]
