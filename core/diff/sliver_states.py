"""Rows of a list that show nothing (or a strip of them) and changed state: one row, or two.

A sliver at a list's edge is known by its place alone. When it changed state (selected,
checked, enabled) the pair would state a change, and it is two rows as likely as one: rows
archived from a selection take the selected sliver with them and the row above comes down
in its place. :func:`unpair_sliver_states` drops such pairs — unless the sliver took a state
on (selected, checked, enabled) and nothing else in the list moved, came or went
(:func:`_list_still`): then the sliver in its very box is the row that was there,
long-pressed or toggled in place (``tests/core/truth/test_long_press_rows.py``:
a 27 px sliver at the Inbox's bottom long-pressed read ``+ button "message_row" (selected)``
/ ``- button "Frances · …"``), nor where ``enabled`` alone changed and one label of it was
edited in its very box (a Settings row greyed out, its summary with it: :func:`_greyed`).
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.diff.closed_gap import unpair_strips_moved_alone
from deltarec.core.diff.label_edit import one_label_edited
from deltarec.core.diff.row_content import holds_rows, texts, unpair_inside
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node


def unpair_sliver_states(prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]) -> None:
    """Drop the pairs of rows of a list that show nothing (an edge of the list cut them to
    slivers), or a strip whose every label changed ("Lunch on Friday? #99" → "Invoice 42
    #98"), sit at its edge, and changed state (selected, checked, enabled): known by
    their place alone, they are two rows as likely as one, and the pair would state a
    change — unless it took a state on (:func:`_turned_on`) and nothing else in the list
    moved, came or went (:func:`_list_still`).
    Rows archived from a selection take the selected sliver at the top with them, and the
    row above comes down in its place: ``~ button "message_row" (selected:
    true→false)`` was that (``~ button "Invoice 42 #98" (selected: true→false)`` where the
    edge leaves a strip of its subject). So is a strip showing a label the other row does
    not show beside one it shares (a sender): a strip of a row shows some of its labels,
    and "Ken · Mar 25" cut at the bottom edge is no strip of "Ken · Your order shipped #116
    · Mar 5" archived from the selection (the rows after it came up at the list's end).
    O(pairs whose state changed, and the rows of their lists).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(flag, more=""):  # a sliver at the top of a list, then a row (or two)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...         ' bounds="[0,0][9,90]"><node class="Row" selected="' + flag + '"'
    ...         ' bounds="[0,0][9,5]"/><node class="Row" bounds="[0,5][9,45]">'
    ...         '<node class="T" text="a" bounds="[0,5][9,45]"/></node>' + more +
    ...         '</node></hierarchy>'))
    >>> row = '<node class="Row" bounds="[0,45][9,85]"><node class="T" text="b"/></node>'
    >>> pairs = {0: 0, 1: 1, 2: 2, 3: 3}
    >>> unpair_sliver_states(shot("true"), shot("false", row), pairs, set(pairs.values()))
    >>> sorted(pairs)  # a row came up: the sliver may be another row's
    [0, 2, 3]
    >>> pairs = {0: 0, 1: 1, 2: 2, 3: 3}
    >>> unpair_sliver_states(shot("false"), shot("true"), pairs, set(pairs.values()))
    >>> sorted(pairs)  # nothing else in the list moved: that row, selected in place
    [0, 1, 2, 3]
    >>> pairs = {0: 0, 1: 1, 2: 2, 3: 3}
    >>> unpair_sliver_states(shot("true"), shot("false"), pairs, set(pairs.values()))
    >>> sorted(pairs)  # a selection gone: the selected row archived as likely
    [0, 2, 3]

    Then the strips that moved alone, whatever their state
    (:func:`unpair_strips_moved_alone`).
    """
    unpair_strips_moved_alone(prev, curr, pairs, used)
    nodes_c, nodes_p = curr.nodes, prev.nodes
    # The pairs whose state changed, first: one node object kept by the next frame (the
    # parser's, element_frames.py) is in its state; the rest compared field by field
    # (_state's, inline: twice as fast as the two tuples, asked of every row pushed down).
    changed = [
        (c, p)
        for c, p in pairs.items()
        if (node := nodes_c[c]) is not (old := nodes_p[p])
        and (
            node.selected != old.selected
            or node.checked != old.checked
            or node.enabled != old.enabled
        )
    ]
    for c, p in changed:
        node = nodes_c[c]
        now, was = texts(curr, c), texts(prev, p)
        if (now or was) and not (now and was and not (now <= was or was <= now)):
            continue  # its labels kept, some cut (or one sliver showing none): one row
        parent = curr.parents[c]
        if parent < 0 or not holds_rows(curr, parent):
            continue
        box = curr.nodes[parent].bounds
        if not (node.bounds.top <= box.top or node.bounds.bottom >= box.bottom):
            continue
        if _turned_on(nodes_p[p], node) and _list_still(prev, curr, pairs, parent):
            continue  # selected (checked) in place: no row takes a state on by leaving
        if _greyed(nodes_p[p], node) and one_label_edited(prev, p, curr, c, used, pairs):
            continue  # greyed out (or back) as one label of it was edited in its very box
        unpair_inside(prev, p, curr, c, pairs, used)


def _turned_on(old: Node, node: Node) -> bool:
    """Whether every state that changed went from off to on (a row selected, checked or
    enabled). A state gone off is the selected row taken away as likely: rows archived
    from a selection where the list is held at its end bring the row above down into the
    sliver's box, every other row in its own (``test_archive_slivers``' large preset)."""
    return (
        old.selected <= node.selected
        and old.checked <= node.checked
        and old.enabled <= node.enabled
    )


def _greyed(old: Node, node: Node) -> bool:
    """Whether ``enabled`` alone changed of the states: a Settings row greyed out as Airplane
    mode turned on, its summary edited with it; a send button "Stop" → "Send". No row is
    archived from a list by turning disabled, so such a row whose one label was edited in its
    very box (:func:`~deltarec.core.diff.label_edit.one_label_edited`) is that row."""
    return (
        old.enabled != node.enabled
        and old.selected == node.selected
        and old.checked == node.checked
    )


def _list_still(prev: Frame, curr: Frame, pairs: Mapping[int, int], parent: int) -> bool:
    """Whether list ``parent`` kept its box and every row of it: each row paired with a row of
    the list's pair, in its very box, none come or gone. O(rows)."""
    old = pairs.get(parent)
    if old is None or prev.nodes[old].bounds != curr.nodes[parent].bounds:
        return False
    kids = curr.children[parent]
    if len(kids) != len(prev.children[old]):
        return False
    parents_p, nodes_p, nodes_c = prev.parents, prev.nodes, curr.nodes
    for k in kids:
        p = pairs.get(k)
        if p is None or parents_p[p] != old or nodes_p[p].bounds != nodes_c[k].bounds:
            return False
    return True


__all__ = ["unpair_sliver_states"]
