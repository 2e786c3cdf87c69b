"""A row edited in place, or a new row put in above it as it was pushed down and edited: two
readings that fit the same two dumps.

A list refreshed puts a row in at its top and edits a row below (``bench_real_reshaped
--per 10 --seed 3``: YouTube's suggestions, their header "你可能喜欢" pushed down by a new
header "你可能喜欢 #40" and edited to "你可能喜欢 (edited)"). Where the row put in is of the kind of
the row it pushed, in the pushed row's old box, showing one label where that row showed
one, the two dumps read as well the other way: the old row edited in place ("你可能喜欢" →
"你可能喜欢 #40") and a new row put in below it, which pushed the rows after it down alike.
Nothing in view tells which: the rows after moved down by the same pitch either way, and
both rows read as the old one with one label edited
(:func:`~deltarec.core.diff.label_edit.one_label_edited`).

The pair stands (the matcher's reading, the old row in its box) and is hedged: its ``~``
line ends naming the other reading, ``~ [4] text "你可能喜欢"→"你可能喜欢 #40", or its row came
in new, and its old row was pushed down to [24] text "你可能喜欢 (edited)"``, and its JSON
changed entry carries ``orNew`` and ``orPushedTo`` (the key of the added element the old
row would be). As :mod:`.twin_sliver` and :func:`.swiped.either_row` hedge a pair two
dumps leave two readings of; :func:`either_labels` gives the JSON the latter's hedge
(``orNew`` on the labels its line speaks for).
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.compute import Delta
from deltarec.core.diff.label_edit import one_label_edited
from deltarec.core.diff.row_content import holds_rows, kind
from deltarec.core.diff.swiped import either_label, either_row, held
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node

SLACK = 2
"""px a pushed row may sit off its pitch (a scaled screen rounds each box)."""


def edited_or_new(d: Delta) -> dict[int, int]:
    """Changed labels (positions of ``d.curr``, their text edited) whose row may as well
    have come in new, with the row after it (added) the old row pushed down and edited
    (module docstring): label → that added row. Outside lists that scrolled. O(changed ×
    depth), and the two rows' subtrees for each row asked.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.diff.compute import compute_delta
    >>> def shot(*labels):  # rows 100 px apart, each a text
    ...     rows = "".join(f'<node class="Row" bounds="[0,{100 * i}][90,{100 * i + 90}]">'
    ...                    f'<node class="T" text="{t}" bounds="[0,{100 * i}][90,{100 * i + 40}]"/>'
    ...                    '</node>' for i, t in enumerate(labels))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...         f' bounds="[0,0][90,900]">{rows}</node></hierarchy>'))
    >>> before = shot("Top", "b", "c")
    >>> after = shot("Top #2", "Top (edited)", "b", "c")  # a row put in, "Top" edited
    >>> d = compute_delta(before, after)
    >>> {after.nodes[c].text: after.nodes[y].bounds.top for c, y in edited_or_new(d).items()}
    {'Top #2': 100}
    """
    if not d.changed:
        return {}
    fp, fc = d.prev, d.curr
    scrolled = {s.curr for s in d.scrolls}
    rows: dict[int, int | None] = {}  # a row asked: the added row it may be, or None
    out: dict[int, int] = {}
    for c in sorted(d.changed):
        if "text" not in d.changed[c]:
            continue
        row = c
        while row >= 0 and not (fc.parents[row] >= 0 and holds_rows(fc, fc.parents[row])):
            row = fc.parents[row]
        if row < 0 or fc.parents[row] in scrolled:
            continue
        if row not in rows:
            rows[row] = _pushed_to(fp, fc, d, row)
        if (y := rows[row]) is not None:
            out[c] = y
    return out


def _pushed_to(prev: Frame, curr: Frame, d: Delta, row: int) -> int | None:
    """The row after ``row`` when it is ``row``'s old row pushed down by the row's pitch with
    one label edited, added, the rows after it moved alike; else None."""
    lst, p = curr.parents[row], d.pairs.get(row)
    old_lst = d.pairs.get(lst)
    if p is None or old_lst is None or prev.parents[p] != old_lst:
        return None
    if not held(curr.nodes[row].bounds, prev.nodes[p].bounds):
        return None  # the stated reading: edited in place, in its box
    kids, old_kids = curr.children[lst], prev.children[old_lst]
    i, j = kids.index(row), old_kids.index(p)
    if i + 1 >= len(kids) or kids[i + 1] in d.pairs:
        return None
    y = kids[i + 1]
    pitch = curr.nodes[y].bounds.top - curr.nodes[row].bounds.top
    if pitch <= 0 or kind(curr.nodes[y]) != kind(prev.nodes[p]):
        return None
    if not one_label_edited(prev, p, curr, y, shift=(0, pitch)):
        return None  # the other reading: the old row pushed down by the pitch, one label edited
    if i + 2 < len(kids) and j + 1 < len(old_kids):
        z, after = kids[i + 2], old_kids[j + 1]
        moved = curr.nodes[z].bounds.top - prev.nodes[after].bounds.top
        if d.pairs.get(z) != after or abs(moved - pitch) > SLACK:
            return None  # the rows after did not move down alike
    return y


def either_labels(d: Delta) -> set[int]:
    """Labels edited (positions of ``d.curr``, a text changed) in a row at its list's edge
    that may as well be another row come into its box
    (:func:`~deltarec.core.diff.swiped.either_row`; the row: the label's nearest ancestor
    its list holds), or bare labels of a column that may as well be another label come into
    theirs (:func:`~deltarec.core.diff.swiped.either_label`), outside lists that scrolled
    and dialogs that came or went: the labels whose JSON changed entries carry ``orNew``,
    as the row's ``~`` line says
    (:func:`deltarec.core.render.folded.folded_edits`). O(changed × depth).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.diff.compute import compute_delta
    >>> def shot(label):
    ...     row = ('<node class="Row" clickable="true" bounds="[0,{}][90,{}]">'
    ...         '<node class="android.widget.TextView" text="{}" bounds="[9,{}][80,{}]"/></node>')
    ...     return Frame(parse_uiautomator('<hierarchy><node class="android.widget.ListView"'
    ...         ' scrollable="true" bounds="[0,0][90,99]">'
    ...         + row.format(0, 5, label, 0, 2) + row.format(5, 50, "Kept", 9, 30)
    ...         + '</node></hierarchy>'))
    >>> either_labels(compute_delta(shot("Lunch"), shot("Invoice")))
    {2}

    A field's text changed is what was typed into it, never another field come into its box
    (a launcher's search box at its apps list's top edge, clickable, a leaf).
    """
    fp, fc = d.prev, d.curr
    if not d.changed or any(fc.nodes[c].role == "dialog" for c in d.opened):
        return set()
    if any(fp.nodes[p].role == "dialog" for p in d.closed):
        return set()
    scrolled = {s.curr for s in d.scrolls}
    rows: dict[int, bool] = {}
    out: set[int] = set()
    for c in d.changed:
        if fc.nodes[c].editable and "text" in d.changed[c]:
            continue  # a field's text: what was typed into it (a launcher's search box)
        if either_leaf(d, c, scrolled):
            out.add(c)  # a row that is one leaf (a Flutter tile), or another in its box
            continue
        if c in d.quiet_curr or not _relabelled(fc.nodes[c], d.changed[c]):
            continue
        up = fc.ancestors(c)
        if any(a in scrolled for a in up):
            continue
        if c in d.pairs and either_label(fp, fc, c, d.pairs[c]):
            out.add(c)  # a bare label of a column, or another come into its box
            continue
        row = next((a for a in up if fc.parents[a] >= 0 and holds_rows(fc, fc.parents[a])), -1)
        if row < 0 or row not in d.pairs:
            continue
        if row not in rows:
            rows[row] = either_row(fp, fc, row, d.pairs[row])
        if rows[row]:
            out.add(c)
    return out


def _relabelled(node: Node, changes: Mapping[str, object]) -> bool:
    """Whether a change of ``node`` is of its label: its text, or its description where it
    shows no text (a Compose or Flutter column's entries are labelled by descriptions)."""
    if "text" in changes:
        return bool(node.text)
    return "content-desc" in changes and not node.text and bool(node.content_desc)


def either_leaf(d: Delta, c: int, scrolled: set[int]) -> bool:
    """Whether changed element ``c`` (a position of ``d.curr``) is a row that is one leaf
    (Flutter merges a tile's texts into its one node's description), its label changed, at
    its list's edge, that may as well be another row come into its box
    (:func:`~deltarec.core.diff.swiped.either_row`), outside lists that ``scrolled``: a row
    put in above the one the window's edge cuts in a drawer of such tiles lands in its box,
    cut alike. O(the row's siblings)."""
    fc = d.curr
    if fc.children[c] or not fc.nodes[c].clickable or c in d.quiet_curr or c not in d.pairs:
        return False
    if not {"text", "content-desc"} & set(d.changed[c]):
        return False
    if any(a in scrolled for a in fc.ancestors(c)):
        return False
    return either_row(d.prev, fc, c, d.pairs[c])
