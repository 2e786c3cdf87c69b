"""Labels that came or went inside an element that stayed, where the element's name held
them.

A row's one visible label is folded into the row's name (:func:`~deltarec.core.observe.labels.
element_positions`: ``[7] button "Re: build is green #106"``), so it has no number of its
own and no ``+`` / ``-`` line of its own. When such a label leaves the screen while its row
stays — an edge of the list cut the row to a sliver too thin to show it (a px of rounding
on a scaled screen, rows closing up over an archived one), or a label was taken out of a
row — the row's line says nothing (its own attributes did not change): the label went
unsaid. :func:`folded_labels` finds them, and the delta lists them as it lists any label
that went or came: ``- text "Re: build is green #106"`` (no number: it had none).

A label the name holds that was edited while its row stayed is said the same way, when the
row has no line of its own to show its new name (:func:`folded_edits`): ``~ text "Re:
build"→"Re: build is green"``. Where the row may as well be another row come into its box
(a row at its list's edge that shows none of its labels:
:func:`~deltarec.core.diff.swiped.either_row`), one line says both readings: ``~ [6] button
"Tom's <draft> #2"→"Standup moved #1", or its row was taken out and another came into its
box``. Where the row may as well have come in new, its old row pushed down and edited
into the row added after it (:func:`~deltarec.core.diff.edited_or_new.edited_or_new`: a
list refreshed), the label's ``~`` line ends naming that row (:func:`pushed_notes`):
``~ [4] text "A"→"A #40", or its row came in new, and its old row was pushed down to [24]
text "A (edited)"``.

Left to the scroll lines: labels inside a list that scrolled (its rows entered and left).

Not listed: an icon inside a row (an image with a description, an avatar) that came into
view or left it while its row stayed. The icon is no element of its own (an icon inside a
control speaks through it: :func:`~deltarec.core.observe.labels.element_positions`), has
no number, and its description is no part of the row's name, which the caller read before
and reads after: an edge of the list that cuts its row a px further (a scaled screen's
rounding), or less (the rows above closed up and brought it down whole), shows more or
less of a picture the row already named, and nothing the caller can act on. The walk's
grader agrees (:meth:`benchmarks.bench_session.Grader`'s ``+`` / ``-`` facts: such an icon
is no fact of its own; ``tests/core/truth/test_edge_icons.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet

from deltarec.core.diff.compute import Delta
from deltarec.core.diff.edited_or_new import edited_or_new, either_labels, either_leaf
from deltarec.core.diff.swiped import either_row
from deltarec.core.diff.turned_page import TURNED, turned_or_edited
from deltarec.core.diff.types import ChangeKind
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observe.labels import NAME_SEPARATOR
from deltarec.core.render.change_lines import UNRENDERED
from deltarec.core.render.facts import Line, changed
from deltarec.core.render.lines import element, pair

EITHER = ", or its row was taken out and another came into its box"
"""The end of a folded label's ``~`` line whose row may be another row (module docstring)."""

_LABELS = frozenset({"text", "content-desc"})
"""What a row's hedged ``~`` line speaks for: its labels' edits, or a leaf row's own."""

PUSHED = ", or its row came in new, and its old row was pushed down to "
"""The start of the end of a label's ``~`` line whose row may have come in new
(:func:`pushed_notes`), before the element its old row would be."""


def pushed_notes(d: Delta, curr_index: ElementIndex) -> Callable[[int], str]:
    """What ends the ``~`` line of a label whose row may as well have come in new, its old
    row pushed down into the row added after it and edited
    (:func:`~deltarec.core.diff.edited_or_new.edited_or_new`): :data:`PUSHED` and that
    row's element (the row, or the first element numbered in it). "" for any other
    label. O(changed × depth) once."""
    found = edited_or_new(d)
    if not found:
        return lambda pos: ""
    fc, num, names = d.curr, curr_index.number_of, curr_index.names
    notes: dict[int, str] = {}
    for c, y in found.items():
        shown = next((e for e in range(y, fc.subtree_end(y)) if e in num), y)
        notes[c] = PUSHED + element(num.get(shown), fc.nodes[shown], names[shown])
    return lambda pos: notes.get(pos, "")


def folded_labels(
    d: Delta, prev_index: ElementIndex, curr_index: ElementIndex
) -> tuple[list[int], list[int]]:
    """The labels (nodes of their own text or description, numbered in neither index's
    element list) that came (positions of ``d.curr``) and went (of ``d.prev``) while the
    nearest numbered element holding them stayed (is paired), outside lists that scrolled.
    Empty when a dialog opened or closed (its lines say what is behind it). O(added +
    removed) × depth.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.diff.compute import compute_delta
    >>> from deltarec.core.observe.index import build_index
    >>> def shot(label):
    ...     text = f'<node class="android.widget.TextView" text="{label}" bounds="[0,0][90,1]"/>'
    ...     return Frame(parse_uiautomator('<hierarchy><node class="Row" clickable="true"'
    ...         f' resource-id="a:id/row" bounds="[0,0][90,9]">{text if label else ""}</node>'
    ...         '</hierarchy>'))
    >>> before, after = shot("Hi"), shot("")
    >>> d = compute_delta(before, after)
    >>> folded_labels(d, build_index(before), build_index(after))
    ([], [1])
    >>> folded_labels(compute_delta(after, before), build_index(after), build_index(before))
    ([1], [])
    """
    if any(d.curr.nodes[c].role == "dialog" for c in d.opened) or any(
        d.prev.nodes[p].role == "dialog" for p in d.closed
    ):
        return [], []
    owner = {p: c for c, p in d.pairs.items()}
    came = _unsaid(d.curr, d.added, curr_index, d.prev, d.pairs, d.quiet_curr, _lists(d, True))
    went = _unsaid(d.prev, d.removed, prev_index, d.curr, owner, d.quiet_prev, _lists(d, False))
    return came, went


def folded_edits(
    d: Delta, prev_index: ElementIndex, curr_index: ElementIndex, skip: AbstractSet[int]
) -> tuple[list[Line], frozenset[int]]:
    """``~`` lines for labels edited in rows that stayed, outside lists that scrolled, and the
    labels they speak for (no other line does). A row that may as well be another row
    (:func:`~deltarec.core.diff.swiped.either_row`) reads as one line, its name before and
    after, with the hedge :data:`EITHER`: ``~ [6] button "Tom's <draft> #2"→"Standup moved
    #1", or its row was taken out and another came into its box`` (its labels' own lines
    would state the edit as fact); so does a label with a number of its own whose JSON entry
    carries that hedge (:func:`~deltarec.core.diff.edited_or_new.either_labels`: a bare
    label of a column at its clipped edge, or a label of such a row with no number), its
    own line; a label in a pager's one page that may be the next page turned in ends
    :data:`~deltarec.core.diff.turned_page.TURNED` instead
    (:func:`~deltarec.core.diff.turned_page.turned_or_edited`). Else a label folded into
    its host's name (no number of its own) whose host has no line to show the new name
    reads ``~ text "A"→"B"``. Left
    out: ``skip`` (positions of the new frame another line speaks for: a dialog that
    replaced another, its title with it). In document order; none when a dialog opened or
    closed. O(changed) × depth.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.diff.compute import compute_delta
    >>> from deltarec.core.observe.index import build_index
    >>> def shot(label, kept="Kept"):
    ...     row = ('<node class="Row" clickable="true" bounds="[0,{}][90,{}]">'
    ...         '<node class="android.widget.TextView" text="{}" bounds="[9,{}][80,{}]"/></node>')
    ...     return Frame(parse_uiautomator('<hierarchy><node class="android.widget.ListView"'
    ...         ' scrollable="true" bounds="[0,0][90,99]">'
    ...         + row.format(0, 5, label, 0, 2) + row.format(5, 50, kept, 9, 30)
    ...         + '</node></hierarchy>'))
    >>> def edits(before, after):
    ...     d = compute_delta(before, after)
    ...     return [x.text for x in folded_edits(d, build_index(before), build_index(after), ())[0]]
    >>> edits(shot("Lunch"), shot("Invoice"))
    ['~ [1] button "Lunch"→"Invoice", or its row was taken out and another came into its box']
    >>> edits(shot("Lunch"), shot("Lunch", "Kept, edited"))
    ['~ text "Kept"→"Kept, edited"']
    """
    if any(d.curr.nodes[c].role == "dialog" for c in d.opened) or any(
        d.prev.nodes[p].role == "dialog" for p in d.closed
    ):
        return [], frozenset()
    numbered, fc = curr_index.number_of, d.curr
    scrolled = _lists(d, True)
    either: dict[int, bool] = {}  # a host: whether it may be another row
    hedged: set[int] | None = None  # labels with a number of their own that may be another
    turned: dict[int, int] | None = None  # labels whose pager may have turned a page
    rows: dict[int, list[int]] = {}  # such a row: its labels edited
    out: list[tuple[int, Line]] = []
    for c in sorted(d.changed):
        if c in numbered and c not in skip and either_leaf(d, c, scrolled):
            rows[c] = [c]  # a row that is one leaf: its own line, hedged
            continue
        if c not in numbered and c not in skip and (desc := _group_edit(d, c, scrolled)):
            text = f"~ {fc.nodes[c].role} {pair(desc['from'], desc['to'])}"
            out.append((c, Line(ChangeKind.CHANGED, text, changed(c, ["content-desc"]))))
            continue
        what, edit = _label_edit(d, c)
        if edit is None or c in d.quiet_curr or c in skip:
            continue
        if turned is None:  # asked once, of a label edited
            turned = turned_or_edited(d)
        if c in numbered:
            if hedged is None:  # the labels whose JSON entries carry orNew, but those whose
                # line names where their old row was pushed (:func:`pushed_notes`)
                hedged = either_labels(d) - edited_or_new(d).keys()
            if c in hedged or c in turned:  # a label with a number of its own, its row or
                rows[c] = [c]  # it maybe another, or its page the next one
                continue
        up = fc.ancestors(c)
        host = next((a for a in up if a in numbered), None)
        if host is None or host not in d.pairs or any(a in scrolled for a in up):
            continue
        if host not in either:
            either[host] = c in turned or either_row(d.prev, fc, host, d.pairs[host])
        if either[host]:
            rows.setdefault(host, []).append(c)
            continue
        if c in numbered or set(d.changed.get(host, ())) - UNRENDERED:
            continue  # a line of its own, or its host's line shows the new name
        if what == "content-desc" and not fc.nodes[host].clickable:
            continue  # an icon speaks through the control around it only
        if edit["to"] not in curr_index.names[host].split(NAME_SEPARATOR):
            continue  # not what its host is called by
        text = f"~ {fc.nodes[c].role} {pair(edit['from'], edit['to'])}"
        out.append((c, Line(ChangeKind.CHANGED, text, changed(c, [what]))))
    for host, labels in rows.items():
        node, p = fc.nodes[host], d.pairs[host]
        names = pair(prev_index.names[p], curr_index.names[host])
        hedge = TURNED if turned and any(c in turned for c in labels) else EITHER
        text = f"~ [{numbered[host]}] {node.role} {names}{hedge}"
        said = tuple(
            f
            for c in labels
            for f in changed(c, _LABELS.intersection(d.changed[c]) if c == host else ["text"])
        )
        out.append((host, Line(ChangeKind.CHANGED, text, said)))
    out.sort(key=lambda x: x[0])
    return [line for _, line in out], frozenset(c for labels in rows.values() for c in labels)


def _group_edit(d: Delta, c: int, scrolled: set[int]) -> Mapping[str, str] | None:
    """The edit of the description of ``c`` (a position of ``d.curr``), a node with no
    number that holds nodes and is named by a description of its own, outside lists that
    ``scrolled``: Flutter's semantics group (a card's merged label over its buttons), said
    ``~ container "A"→"B"`` as a label is (the ``~ layout:`` line said only "changed").
    O(depth)."""
    edit = d.changed[c].get("content-desc")
    fc = d.curr
    if edit is None or c in d.quiet_curr or not fc.children[c] or fc.nodes[c].text:
        return None
    if not fc.nodes[c].content_desc or any(a in scrolled for a in fc.ancestors(c)):
        return None
    return edit


def _label_edit(d: Delta, c: int) -> tuple[str, Mapping[str, str] | None]:
    """What label of ``c`` (a position of ``d.curr``) was edited, and the edit: its text, or
    the description of a leaf that shows no text (an icon that names the button around it,
    a Compose send button's "Send" → "Stop"). (``"text"``, None) when neither."""
    node, changes = d.curr.nodes[c], d.changed[c]
    if node.text:
        return "text", changes.get("text")
    if node.content_desc and not d.curr.children[c]:
        return "content-desc", changes.get("content-desc")
    return "text", None


def _lists(d: Delta, curr: bool) -> set[int]:
    """The lists that scrolled, as positions of one frame."""
    return {s.curr if curr else s.prev for s in d.scrolls}


def _unsaid(
    frame: Frame,
    positions: list[int],
    index: ElementIndex,
    other: Frame,
    stayed: Mapping[int, int],
    quiet: AbstractSet[int],
    scrolled: AbstractSet[int],
) -> list[int]:
    """The labels among ``positions`` (of ``frame``) that its host's name shows while the
    host stayed (``stayed``: its counterpart in ``other``), and that the counterpart's
    subtree does not show: a label whose twin is there was not paired, it did not go."""
    numbered = index.number_of
    out = []
    for pos in positions:
        node = frame.nodes[pos]
        label = node.text or node.content_desc
        if pos in numbered or pos in quiet or not label:
            continue
        up = frame.ancestors(pos)
        host = next((a for a in up if a in numbered), None)
        if host is None or host not in stayed or any(a in scrolled for a in up):
            continue
        parts = index.names[host].split(NAME_SEPARATOR)
        if not any(x == label or (x[-1:] == "…" and label.startswith(x[:-1])) for x in parts):
            continue  # not what its host is called by (an icon inside a control)
        twin = stayed[host]
        if any(
            label in (n.text, n.content_desc) for n in other.nodes[twin : other.subtree_end(twin)]
        ):
            continue
        out.append(pos)
    return out
