"""One label of a row edited in place (:mod:`deltarec.core.diff.match`, :mod:`row_leaves`).

A row whose box stayed (or moved with the rows around it) and whose texts all stayed but one
is the same row with that label edited ("40 likes" → "41 likes"), unless the label came from,
or went to, another row of its list. Split from :mod:`deltarec.core.diff.row_content`, which
says what a row shows.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Container, Mapping
from typing import cast

from deltarec.core.diff.row_content import (
    kind,
    list_counts,
    list_words,
    own_texts,
    rebound_in_place,
    texts,
    words,
)
from deltarec.core.diff.wrapped_label import label_boxes, widened
from deltarec.core.observe.frame import Frame


def one_label_edited(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    used: Container[int] = (),
    pairs: Mapping[int, int] | None = None,
    *,
    shift: tuple[int, int] = (0, 0),
) -> bool:
    """Whether two rows in the very same box are one row with one label edited in place: all
    but one text shared, and the edited text neither shown by another row before ("41
    likes" did not come from elsewhere) nor still shown by one after ("40 likes" did not
    move). A row already paired (``used`` old rows, ``pairs`` new ones: by a title of its
    own) is known, so a text it shows neither came from nor went to these two: Airplane
    mode cut to its summary, "Off" → "On", while Wi-Fi's summary read "On"; and a row
    :func:`rebound_in_place` is the old row, whatever its label reads. A cut card whose
    only text of its own was the one edited has nothing else to be known by. Unless a text
    they share is shown by no other row of their lists, the label must read as itself
    edited (:func:`_edited`): what every row shows (a "Like" button, the list's template
    "Edit suggestion “…”") says nothing of which row it is, and a row inserted above a cut
    row takes its box and shows the same template. The caller asks that its list did not
    scroll. ``shift``: the box moved so (a row pushed down with the row before it, by rows
    put in above them: a list refreshed, its new row at the top). The box may have grown
    (shrunk) at its bottom by what the edited label grew (:func:`wrapped`: a text that
    wrapped onto a second line).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*labels):
    ...     rows = "".join(f'<node class="Row" bounds="[0,{10 * i}][9,{10 * i + 9}]"><node'
    ...                    f' class="I" content-desc="{t}" bounds="[0,{10 * i}][9,{10 * i + 9}]"/>'
    ...                    f'</node>' for i, t in enumerate(labels))
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="L" bounds="[0,0][9,30]">'
    ...                                    f'{rows}</node></hierarchy>'))
    >>> one_label_edited(shot("Edit “ab”", "Edit “cd”"), 3, shot("Edit “ab”", "Edit “xy”"), 3)
    False
    >>> one_label_edited(shot("Edit “ab”", "40 likes"), 3, shot("Edit “ab”", "41 likes"), 3)
    True

    A first row cut to its summary, "Off" → "On": it reads as no edit, but the row after it
    is paired and in its box, so nothing took its place.

    >>> one_label_edited(shot("Off", "Wi-Fi"), 1, shot("On", "Wi-Fi"), 1)
    False
    >>> one_label_edited(shot("Off", "Wi-Fi"), 1, shot("On", "Wi-Fi"), 1, {3, 4}, {3: 3, 4: 4})
    True
    """
    was_at, at = prev.nodes[p].bounds, curr.nodes[c].bounds
    dx, dy = shift
    across = (was_at.left + dx, was_at.right + dx) != (at.left, at.right)
    if was_at.top + dy != at.top or (across and was_at.bottom + dy != at.bottom):
        return False
    grown = at.bottom - was_at.bottom - dy
    a, b = texts(prev, p), texts(curr, c)
    gone, came = a - b, b - a
    if len(gone) != 1 or len(came) != 1:
        return False
    was, now = next(iter(gone)), next(iter(came))
    if across and not widened(prev, p, was, curr, c, now, shift):
        return False
    if grown and not wrapped(prev, p, was, curr, c, now, grown):
        return False
    paired = pairs or {}
    if shown_by_another(prev, p, now, used) or shown_by_another(curr, c, was, paired):
        return False
    if rebound_in_place(prev, p, curr, c, paired) or _lone_in_place(prev, p, curr, c):
        return True
    if a & b & own_texts(prev, p) & own_texts(curr, c):
        return True  # a text of their own, kept: the row's
    return _edited(prev, p, was, curr, c, now)


def _lone_in_place(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether ``p`` and ``c`` are one icon of the list's that is not one of its rows: in
    the very same box, of a kind (class, resource id, role) no sibling of either shares,
    named by its description alone — a chevron beside a section's rows ("Expand" →
    "Collapse"): an icon's description says its state. Rows are known by their content
    because another row can take a row's box; nothing of a lone kind can take its place,
    as outside a list, where overlap is evidence. Not a text: a dialog's "Delete" that an
    "OK" replaced, in its box, is another button. O(siblings).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(end):
    ...     rows = "".join(f'<node class="Row" text="r{i}" bounds="[0,{10 * i}][9,{10 * i + 9}]"/>'
    ...                    for i in range(3))
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="L" bounds="[0,0][9,50]">'
    ...                                    f'{rows}<node class="I" {end} bounds="[0,40][9,49]"/>'
    ...                                    '</node></hierarchy>'))
    >>> _lone_in_place(shot('content-desc="Expand"'), 4, shot('content-desc="Collapse"'), 4)
    True
    >>> _lone_in_place(shot('text="Delete"'), 4, shot('text="OK"'), 4)
    False
    """
    a, b = prev.nodes[p], curr.nodes[c]
    if a.text or b.text or a.bounds != b.bounds or kind(a) != kind(b):
        return False
    return lone_kind(prev, p) and lone_kind(curr, c)


def lone_kind(frame: Frame, pos: int) -> bool:
    """Whether no sibling of ``pos`` is of its kind: the kinds of a parent's children are
    counted once a frame (kept in its memo), so asking every row of a long list is O(n)."""
    parent = frame.parents[pos]
    key = ("label_edit.kinds", parent)
    counts = cast("Counter[tuple[str, str, str]] | None", frame.memo.get(key))
    if counts is None:
        siblings = frame.children[parent] if parent >= 0 else frame.roots
        counts = frame.memo[key] = Counter(kind(frame.nodes[s]) for s in siblings)
    return counts[kind(frame.nodes[pos])] == 1


def wrapped(prev: Frame, p: int, was: str, curr: Frame, c: int, now: str, grown: int) -> bool:
    """Whether row ``c``, ``grown`` px taller than row ``p`` (shorter, when negative), grew by
    what its edited label grew: the one node showing ``was`` in ``p`` and the one showing
    ``now`` in ``c`` (texts as :func:`texts` keeps them) keep their top, left and right, and
    the second is as much taller: a text edited longer wrapped onto another line (shorter:
    back onto fewer), and what lay below it in the row moved down (up) with the row's
    bottom. Nothing else makes a row's box grow by its one edited label's growth.
    O(size of the two rows)."""

    old, new = label_boxes(prev, p, was), label_boxes(curr, c, now)
    if len(old) != 1 or len(new) != 1:
        return False
    a, b = old[0], new[0]
    return (a.left, a.top, a.right) == (b.left, b.top, b.right) and b.height - a.height == grown


SHOWN_LIMIT = 8
"""Most rows showing one text that :func:`shown_by_another` looks at one by one; past it,
the text is taken as shown by another row (bounded time: a list of alike rows)."""


def shown_by_another(frame: Frame, row: int, text: str, paired: Container[int]) -> bool:
    """Whether a row of ``row``'s list other than it and not ``paired`` shows ``text``."""
    count = list_counts(frame, row)[text]
    if not count:
        return False
    if count > SHOWN_LIMIT:
        return True
    parent = frame.parents[row]
    memo: dict[int, dict[str, list[int]]] = frame.__dict__.setdefault("_match_row_showing", {})
    showing = memo.get(parent)
    if showing is None:
        siblings = frame.children[parent] if parent >= 0 else frame.roots
        showing = memo[parent] = {}
        for s in siblings:
            for t in texts(frame, s):
                showing.setdefault(t, []).append(s)
    return any(s != row and s not in paired for s in showing.get(text, ()))


def label_moved(
    prev: Frame,
    p: int,
    curr: Frame,
    c: int,
    was: str,
    now: str,
    used: Container[int],
    pairs: Container[int],
) -> bool:
    """Whether row ``c``'s label ``now``, where row ``p`` showed ``was``, came from another row
    of the list, or ``was`` went to one: shown by a row not yet known (:func:`shown_by_another`)
    that lost it (``now``) or gained it (``was``) — as many other rows show it on both sides,
    it moved nowhere. A label every row shows is the list's template (a chevron's "Expand"
    on every accordion of the list, "Collapse" on the one opened): its count tells, its
    rows cannot. The caller asks that the list did not scroll (its rows are the same rows)."""
    before, after = list_counts(prev, p), list_counts(curr, c)
    came = shown_by_another(prev, p, now, used) and before[now] >= after[now]
    return came or (shown_by_another(curr, c, was, pairs) and after[was] >= before[was])


NUMBER = re.compile(r"\d+")


def _edited(prev: Frame, p: int, was: str, curr: Frame, c: int, now: str) -> bool:
    """Whether label ``was`` of row ``p`` reads as edited into ``now`` of row ``c``: only its
    numbers changed ("40 likes" → "41 likes"), one holds the other ("Drive" → "Drive
    (2)"), or they share a word no other row of either list shows. The template's words
    ("Edit suggestion") are every row's, and say nothing. A node showing a text and a
    description reads as edited when one of them stayed and the other reads so (a name
    whose description kept it as the text grew)."""
    (was_text, was_desc), (now_text, now_desc) = (t.split("\x00", 1) for t in (was, now))
    for kept, now_kept, a, b in (
        (was_desc, now_desc, was_text, now_text),
        (was_text, now_text, was_desc, now_desc),
    ):
        if kept and kept == now_kept and a and b and reads_as_edit(a, b):
            return True
    was, now = (" ".join(x for x in t.split("\x00") if x) for t in (was, now))
    if reads_as_edit(was, now):
        return True
    shared = words(was) & words(now)
    return bool(shared) and any(
        list_words(prev, p)[w] == 1 and list_words(curr, c)[w] == 1 for w in shared
    )


def reads_as_edit(was: str, now: str) -> bool:
    """Whether label ``was`` reads as edited into ``now`` whatever else the list shows: only
    its numbers changed, one holds the other, or one is the other cut at another length (an
    app's own ellipsis: "All-day OFF" → "All-day…", "Standup mo…" → "Standup moved…").

    >>> reads_as_edit("40 likes", "41 likes"), reads_as_edit("Drive", "Drive (2)")
    (True, True)
    >>> reads_as_edit("Tom's <draft> #46", "Café menu #102")
    False
    >>> reads_as_edit("All-day OFF", "All-day…"), reads_as_edit("Sta…", "Standup mo…")
    (True, True)
    >>> reads_as_edit("Al…", "All-day"), reads_as_edit("Standup…", "Stand by me")
    (False, False)
    """
    if NUMBER.sub("0", was) == NUMBER.sub("0", now) or was in now or now in was:
        return True
    return _cut_again(was, now)


def _cut_again(was: str, now: str) -> bool:
    """Whether one label is the other cut by an app's ellipsis at another length, at least
    :data:`CUT_KEPT` characters kept (:func:`reads_as_edit`'s last reading)."""
    a, b = _uncut(was), _uncut(now)
    if a is None and b is None:
        return False
    a, b = a or was, b or now
    short, long = sorted((a, b), key=len)
    return len(short) >= CUT_KEPT and long.startswith(short)


def cut_in_place(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether row ``c`` is row ``p`` with labels the app cut again at another length (the
    room beside them changed: "August 14 (Thu)" → "Augu…", "No repetition" → "No…"): one
    shape node for node (class, role, place in the subtree), every node in its very box,
    every text and description the same or one the other cut by an ellipsis (at any
    length), and one label at least cut again keeping :data:`CUT_KEPT` characters or more.
    Not an edit of numbers ("August 14" → "August 21": another date's row of one shape):
    a row of the new page that lies node for node where an old one was and shows its very
    labels but cut is that row, twins too (each shows its label cut alike). O(the row's
    nodes), the boxes compared first.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def row(*labels):
    ...     kids = "".join(f'<node class="T" text="{t}" bounds="[0,{10 * i}][9,{10 * i + 9}]"/>'
    ...                    for i, t in enumerate(labels))
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="R" bounds="[0,0][9,99]">'
    ...                                    f'{kids}</node></hierarchy>'))
    >>> cut_in_place(row("August 14 (Thu)", "No repetition"), 0, row("Augu…", "No…"), 0)
    True
    >>> cut_in_place(row("August 14 (Thu)"), 0, row("August 21 (Thu)"), 0)
    False
    >>> cut_in_place(row("No repetition", "3 pm"), 0, row("No…", "3 pm"), 0)
    False
    """
    n = prev.subtree_end(p) - p
    if curr.subtree_end(c) - c != n:
        return False
    nodes_p, nodes_c, parents_p, parents_c = prev.nodes, curr.nodes, prev.parents, curr.parents
    kept = False
    for i in range(n):
        a, b = nodes_p[p + i], nodes_c[c + i]
        if a.bounds != b.bounds or (a.class_name, a.role) != (b.class_name, b.role):
            return False
        if i and parents_p[p + i] - p != parents_c[c + i] - c:
            return False
        for was, now in ((a.text, b.text), (a.content_desc, b.content_desc)):
            if was != now:
                if not _cut_short(was, now):
                    return False
                kept = kept or _cut_again(was, now)
    return kept


def _cut_short(was: str, now: str) -> bool:
    """Whether one label is the other cut by an ellipsis, however few characters it kept."""
    a, b = _uncut(was), _uncut(now)
    if a is None and b is None:
        return False
    short, long = sorted((a or was, b or now), key=len)
    return bool(short) and long.startswith(short)


CUT_KEPT = 3
"""A label cut to fewer characters than this (``"Al…"``) says too little to be known by."""
ELLIPSES = ("…", "...")


def _uncut(label: str) -> str | None:
    """``label`` without the ellipsis an app cut it with (and the space before it), or
    None when it ends with none."""
    for mark in ELLIPSES:
        if label.endswith(mark):
            return label[: -len(mark)].rstrip()
    return None
