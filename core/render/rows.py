"""Rows of a list as one line each: what a row that came into view (or is on a new screen) says.

A row is a list's child (looked through single-child wrappers) that one taps
as a whole. It is named as everywhere else (:func:`deltarec.core.observe.labels.labels`:
its texts joined with ``·``), and the controls its texts name join
its line (``, [j] switch (checked)``), so a Settings row with its switch or
an Inbox message with its avatar, sender, subject and date is one line.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.observe.frame import Frame
    >>> row = ('<node class="android.widget.LinearLayout" clickable="true"'
    ...        ' bounds="[0,{0}][100,{1}]"><node class="android.widget.TextView" text="{2}"'
    ...        ' bounds="[0,{0}][50,{1}]"/><node class="android.widget.TextView" text="Lunch"'
    ...        ' bounds="[50,{0}][100,{1}]"/></node>')
    >>> frame = Frame(parse_uiautomator(
    ...     '<hierarchy><node class="androidx.recyclerview.widget.RecyclerView" scrollable="true"'
    ...     ' bounds="[0,0][100,100]">' + row.format(0, 50, "Ada") + row.format(50, 100, "Ken")
    ...     + '</node></hierarchy>'))
    >>> list_rows(frame)
    {1: 1, 2: 1, 3: 1, 4: 4, 5: 4, 6: 4}
    >>> row_texts(frame, 4)
    ['Ken', 'Lunch']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from deltarec.core.diff.compute import Delta, Scroll
from deltarec.core.diff.edge_sliver import beside_slivers
from deltarec.core.diff.grown import removed_rows
from deltarec.core.diff.new_rows import or_new
from deltarec.core.diff.row_content import holds_rows, kind, own_texts
from deltarec.core.diff.twin_sliver import twins
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observe.labels import MAX_LABEL, natures, scrolls_by_nature
from deltarec.core.observe.wrapped import shown_state, wrapped_labels
from deltarec.core.render.facts import Line
from deltarec.core.render.lines import element, element_states, quote, states


class Entry(NamedTuple):
    """A ``+`` line being listed: the element it starts with, and whether it is that
    element alone (``+ [i] role "name" (states)``), which :func:`join_named` may join."""

    pos: int
    line: Line
    plain: bool


JOIN_LIMIT = 6
"""The most siblings one ``+`` line lists (:func:`join_named`)."""


def join_named(entries: list[Entry], curr_index: ElementIndex) -> list[Line]:
    """The lines of ``entries`` (in reading order), one per group of siblings: what a row
    shows reads as one line, its first element as ``+ [i] role "name"``, the others as
    ``, [j] role "name"``. Two joins, each saying the same in fewer tokens:

    - a control listed alone joins the line whose last named part is an element of the same
      name and parent — the label that names it — as ``, [j] role (states)`` (its name said
      once), the way a row line lists its switch: ``+ [208] text "6:30", [209] switch
      (checked)`` (an alarm's time and its switch), ``+ [250] container "Desk lamp", [252]
      button`` (a tile's picture and its link). A part without a name is named like the
      nearest named part before it, so only a control beside that part joins it
      (:func:`named_by`: in its row, or under a picture or text of it in its column), never
      another icon of the same name a row below (``[17] "Photos", [22] button`` read the
      hotseat's "Photos" as the workspace's);
    - an element listed alone with no state to say joins the line just before when that
      line's last part is its sibling, without the role when that part has it too:
      ``+ [14] text "Maya Chen", [15] "1h"`` (a card's author and time),
      ``+ [19] button "Like", [20] "Comment"``. An element with states starts a line: a
      line's states are its last part's. A line holds at most :data:`JOIN_LIMIT`
      parts, however joined (a grid of app icons reads as lines of that many; a month grid of
      cells named alike, 42 on one line until stop 59), so a line budget still bounds what a
      delta lists.
    """
    fc = curr_index.frame
    out: list[Line] = []
    tail: list[int] = []  # per line: its last part (-1: a row line, nothing joins it)
    label: list[tuple[int, str] | None] = []  # per line: its last named part's parent, name
    named: list[int] = []  # per line: its last named part's position
    size: list[int] = []  # per line: its parts
    where: dict[tuple[int, str], int] = {}  # a label → its line
    wrappers = wrapped_labels(fc)  # their states: what a tap on them reaches
    for pos, line, plain in entries:
        node, name = fc.nodes[pos], curr_index.names[pos]
        if pos in wrappers:
            node = shown_state(fc, pos)
        key = (fc.parents[pos], name)
        n = curr_index.number_of.get(pos)
        joins = plain and n is not None
        at = where.get(key, -1)
        control = node.interactive and not node.scrollable
        if (
            joins
            and name
            and control
            and at >= 0
            and label[at] == key
            and size[at] < JOIN_LIMIT
            and named_by(fc, named[at], pos)
        ):
            done = out[at]
            text = f"{done.text}, [{n}] {node.role}{states(node)}"
            out[at] = Line(done.kind, text, done.facts + line.facts)
            tail[at], size[at] = pos, size[at] + 1
            continue
        last = tail[-1] if tail else -1
        if (
            joins
            and last >= 0
            and fc.parents[last] == key[0] >= 0
            and not states(node)
            and size[-1] < JOIN_LIMIT
        ):
            done = out[-1]
            # the role of the part before is not said again: [14] text "Maya Chen", [15] "1h"
            role = "" if fc.nodes[last].role == node.role else f"{node.role} "
            out[-1] = Line(
                done.kind, f"{done.text}, [{n}] {role}{quote(name)}", done.facts + line.facts
            )
            tail[-1], size[-1] = pos, size[-1] + 1
            if name:
                label[-1], named[-1], where[key] = key, pos, len(out) - 1
            continue
        out.append(line)
        tail.append(pos if plain else -1)
        label.append(key if plain and name else None)
        named.append(pos)
        size.append(1)
        if plain and name:
            where[key] = len(out) - 1
    return out


def named_by(frame: Frame, label: int, pos: int) -> bool:
    """Whether the element at ``label`` can name the control at ``pos`` on its line (both
    called alike): the two share a row (their boxes overlap on the vertical axis: a row's
    title and its switch, an alarm's time and its toggle), or ``label`` is no control (a
    picture, a text) and the control lies just below or above it in its column, nearer than
    its own height (a tile's picture and its link). Never another icon called "Photos" a row
    below the first, nor a grid's cell called by the one id of every cell, a row down.

        >>> from deltarec.core.capture.uiautomator import parse_uiautomator
        >>> frame = Frame(parse_uiautomator(
        ...     '<hierarchy><node bounds="[0,0][100,300]">'
        ...     '<node class="android.widget.TextView" text="Wi-Fi" bounds="[0,0][60,50]"/>'
        ...     '<node class="android.widget.Switch" checkable="true" bounds="[60,0][100,50]"/>'
        ...     '<node class="android.widget.Button" text="Wi-Fi" bounds="[0,50][60,100]"/>'
        ...     '<node class="android.widget.Button" text="Wi-Fi" bounds="[0,150][60,200]"/>'
        ...     '</node></hierarchy>'))
        >>> named_by(frame, 1, 2), named_by(frame, 1, 3), named_by(frame, 3, 4)
        (True, True, False)
    """
    a, b = frame.nodes[label].bounds, frame.nodes[pos].bounds
    if min(a.bottom, b.bottom) > max(a.top, b.top):
        return True
    if frame.nodes[label].interactive or min(a.right, b.right) <= max(a.left, b.left):
        return False
    return max(a.top, b.top) - min(a.bottom, b.bottom) < b.height


def list_rows(frame: Frame) -> dict[int, int]:
    """For every position inside a row of a list (a container made to scroll), the row's
    root. Rows are the list's children (looked through single-child wrappers) that one
    taps as a whole: interactive, with content of their own."""
    out: dict[int, int] = {}
    for pos in [pos for pos, natural in enumerate(natures(frame)) if natural]:
        if pos in out:
            continue
        kids = frame.children[pos]
        while len(kids) == 1 and frame.children[kids[0]]:
            kids = frame.children[kids[0]]
        for row in kids:
            if frame.children[row] and whole_row(frame, row):
                for p in range(row, frame.subtree_end(row)):
                    out.setdefault(p, row)
    return out


def whole_row(frame: Frame, row: int) -> bool:
    """A row one acts on as a whole: an interactive node (not a list) with content inside."""
    node = frame.nodes[row]
    return node.interactive and not scrolls_by_nature(node)


def row_line(row: int, first: int, curr_index: ElementIndex) -> tuple[str, set[int]]:
    """``+ [i] role "text · text" (states)``: a row by its first element, named as the frame
    names it, then the controls inside it that its texts name (``, [j] switch (checked)``):
    the line and the positions it covers."""
    fc = curr_index.frame
    texts = row_texts(fc, row)
    node = fc.nodes[first]
    head = element(curr_index.number_of[first], node, curr_index.names[first])
    out = f"+ {head}{element_states(fc, first)}"
    covered: set[int] = set()
    for a in range(row + 1, fc.subtree_end(row)):
        node = fc.nodes[a]
        n = curr_index.number_of.get(a)
        if n is None or a == first or not node.interactive or node.scrollable:
            continue
        if curr_index.names[a] in texts:
            out += f", [{n}] {node.role}{element_states(fc, a)}"
            covered.add(a)
    return out, covered


def count_rows(frame: Frame, host: int, subtrees: tuple[int, ...]) -> int:
    """How many rows of the container (its children, looked through single-child wrappers)
    ``subtrees`` came into (or left) view: the rows they are, or are parts of, once each —
    "Frances" and "Mar 18" showing as the top row slides in are one row, not two — and only
    rows that show a text (a sliver at the edge is not listed, so not counted). So the count
    is the rows the delta lists lines for. Web content, whose rows are deeper, counts the
    same way.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> row = ('<node class="R" bounds="[0,{0}][9,{1}]"><node class="T" text="{2}"'
    ...     ' bounds="[0,{0}][9,{1}]"/><node class="T" text="x" bounds="[0,{0}][9,{1}]"/></node>')
    >>> frame = Frame(parse_uiautomator('<hierarchy><node class="L" bounds="[0,0][9,99]">'
    ...     + row.format(0, 40, "Ada") + row.format(50, 99, "Ken") + '</node></hierarchy>'))
    >>> count_rows(frame, 0, (1,)), count_rows(frame, 0, (2, 3)), count_rows(frame, 0, (2, 5))
    (1, 1, 2)
    """
    level = {host}
    kids = frame.children[host]
    while len(kids) == 1 and frame.children[kids[0]]:
        level.add(kids[0])
        kids = frame.children[kids[0]]
    rows = set()
    for r in subtrees:
        if not row_texts(frame, r):
            continue
        top = r
        while top >= 0 and frame.parents[top] not in level:
            top = frame.parents[top]
        rows.add(r if top < 0 else top)
    return len(rows)


def row_texts(fc: Frame, root: int) -> list[str]:
    """The distinct texts of a row, in document order (descriptions when it has no text)."""
    nodes = [fc.nodes[p] for p in range(root, fc.subtree_end(root))]
    texts = [n.text for n in nodes if n.text]
    if not texts:
        texts = [n.content_desc for n in nodes if n.content_desc]
    return list(dict.fromkeys(texts))


def unknown_cut(d: Delta, s: Scroll, row: int) -> bool:
    """Whether ``row``, come into list ``s`` that turned a page, is a row cut by an edge that
    shows only what other rows of its list show ("Like · Comment · Share"): it may be the
    row the other edge cut before, or any other, and it names none. (A cut row that shows
    a text of its own is listed: it may also be the row the other edge cut, but a row that
    came in and is not listed is worse.)"""
    fc = d.curr
    box, b = fc.nodes[s.curr].bounds, fc.nodes[row].bounds
    top, bottom = b.top <= box.top, b.bottom >= box.bottom
    if top == bottom or fc.parents[row] != s.curr:  # uncut, or a page that fills it
        return False
    sort = kind(fc.nodes[row])
    alike = sum(kind(fc.nodes[k]) == sort for k in fc.children[s.curr])
    if alike < 2 or not holds_rows(fc, s.curr):
        return False  # not a list's row: a web page's sections are the page
    return not own_texts(fc, row)


def hedges(d: Delta, s: Scroll, *, named: bool = True) -> str:
    """The end of scroll ``s``'s ``↕`` line that says the other reading two dumps leave open:
    rows that came in new at its top (:func:`~deltarec.core.diff.new_rows.or_new`), rows
    removed at its top, named (:func:`~deltarec.core.diff.grown.removed_rows`: ``, or its row
    "Ada" was removed``), a twin of a row kept come from beyond the other edge, no swipe told
    (``Scroll.other``: :func:`~deltarec.core.diff.far_anchor.least`: ``, or down 1560px or
    further``; along x, ``Scroll.other_dx``: ``, or left 558px or further``), or the row
    beside a sliver its edge cuts, named, removed or come in new
    (:func:`~deltarec.core.diff.edge_sliver.beside_slivers`: ``, or its row "Phone" was
    removed``; several: ``, or its rows "Ada", "Ken" and "Lin" were removed``), as
    ``orRemoved`` / ``orInserted`` with ``orRows`` say in the JSON.

    ``named=False``: the same hedge without the rows' names (``, or its top row was
    removed``, ``, or its 3 rows beside the sliver its edge cuts were removed``), what a
    token budget falls back to before it cuts lines (:func:`~deltarec.core.render.budget.
    fit`'s ``short``)."""
    if s.further and s.other:  # untold: a twin of the kept row from the other side
        return f", or {'down' if s.other < 0 else 'up'} {abs(s.other)}px or further"
    if s.other:  # one kept row beside its twin: the other exact move (twin_sections)
        return f", or {'down' if s.other < 0 else 'up'} {abs(s.other)}px"
    if s.further and s.other_dx:  # the same across: a twin from beyond the other side edge
        return f", or {'right' if s.other_dx < 0 else 'left'} {abs(s.other_dx)}px or further"
    said = or_new(d, s)
    if gone := removed_rows(d, s):
        several = f"its top {len(gone)} rows"
        return said + _rows_hedge(d.prev, gone, True, "its top row", several, named)
    if said:
        return said
    beside = beside_slivers(d, s)
    if beside is None:
        return ""
    rows, removed = beside
    cut = "beside the sliver its edge cuts"
    one, several = f"a row {cut}", f"its {len(rows)} rows {cut}"
    return _rows_hedge(d.prev if removed else d.curr, rows, removed, one, several, named)


def _rows_hedge(
    frame: Frame, rows: Sequence[int], removed: bool, one: str, several: str, named: bool
) -> str:
    """``, or its row "Ada" was removed`` / ``, or its rows "Ada", "Ken" and "Lin" came in
    new``: ``rows`` of ``frame`` named by their first texts (cut as labels are, at
    :data:`~deltarec.core.observe.labels.MAX_LABEL`), in their order; where one shows no
    text, or not ``named``, by ``one`` / ``several`` ("its top row", "its top 3 rows")."""
    shown = [row_texts(frame, row)[:1] for row in rows] if named else [[] for _ in rows]
    names = [
        quote(t[0] if len(t[0]) <= MAX_LABEL else t[0][: MAX_LABEL - 1] + "…") for t in shown if t
    ]
    if len(rows) == 1:
        name = f"its row {names[0]}" if names else one
        return f", or {name} was removed" if removed else f", or {name} came in new"
    if len(names) == len(rows):
        *most, last = names
        name = f"its rows {', '.join(most)} and {last}"
    else:
        name = several
    return f", or {name} were removed" if removed else f", or {name} came in new"


WENT = " (its row is the sliver at the list's edge now, or that sliver is another row, put in)"
"""The end of a label's ``-`` line whose row :func:`twin_notes` names."""
CAME = " (its row was the sliver at the list's edge, or that sliver was another row, taken out)"
"""The end of a label's ``+`` line whose row :func:`twin_notes` names."""


def twin_notes(d: Delta) -> Callable[[int, bool], str]:
    """What ends the ``-`` line of a label (``came``: the ``+`` line) of a row that is the
    sliver at its list's bottom edge in the other frame, or went out of view (came into
    it) as another row took that sliver's place: both readings fit the two dumps
    (:func:`~deltarec.core.diff.twin_sliver.twin_slivers`), and the line says both. ""
    for any other label. O(added + removed) once; O(depth) a line."""
    found = twins(d)
    if not found:
        return lambda pos, came: ""
    rows = {True: {t.row for t in found if t.came}, False: {t.row for t in found if not t.came}}

    def note(pos: int, came: bool) -> str:
        frame, held = (d.curr, rows[True]) if came else (d.prev, rows[False])
        if held and (pos in held or any(a in held for a in frame.ancestors(pos))):
            return CAME if came else WENT
        return ""

    return note
