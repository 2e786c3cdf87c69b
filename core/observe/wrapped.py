"""A clickable wrapper and the one labelled control inside it are one element.

Apps wrap a tappable label in a tappable layout of (about) its box: MIUI's app-bar title
(a clickable ``LinearLayout`` around a clickable ``TextView`` "Display"), vivo's
("设置"), a launcher's date, a Settings search bar (a clickable ``ViewGroup`` around an
``ImageButton`` that borrows the bar's "Search settings"). Both are controls, both are
called by the one label, so the frame listed the name twice (``+ [8] button "设置"``,
``+ [9] button "设置"``) and a ``name=`` selector matched two numbered elements. To an
agent it is one thing to tap: the wrapper stays (the row a label folds into, as a row's
title text folds into its row, :func:`~deltarec.core.observe.labels.element_positions`),
the plain button inside it called by the same name is no element of its own. A switch,
a checkbox or a text box inside a row keeps its place (its state is its own), and so
does a control called by another name (a row's own buttons).

**Its states are what a tap reaches** (:func:`shown_state`). The wrapper is the element (its
number, its name: an element's identity never follows a state), but a tap on its centre is
taken by the label when the label is clickable and its box holds that centre (Android hands a
touch to the deepest clickable view under it; a disabled one eats it and does nothing). So
the element is ``disabled`` exactly when the node the tap reaches is: MIUI's title, a
*disabled* ``LinearLayout`` around the enabled ``TextView`` "Settings", is listed
``[17] button "Settings"``, not ``(disabled)``; an enabled wrapper around a disabled label
is ``(disabled)``. It is ``selected`` or ``focused`` when either node is (a tab's label
selected inside its wrapper); ``checked`` stays the wrapper's (the label folded is never
checkable). In a delta (:func:`~deltarec.core.render.change_lines.tapped_changes`):

- a state change of the label is a ``~`` line on the element,
  ``~ [17] button "Settings" (enabled: true→false)``;
- a state change of the wrapper alone, the tap still reaching the label, says nothing on
  the element's line: a tap does what it did (the JSON diff keeps the wrapper's change;
  when nothing else changed, the delta's summary line names the element as changed, with
  no state).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.observe.index import build_index
    >>> f = Frame(parse_uiautomator(
    ...     '<hierarchy><node class="android.widget.LinearLayout" clickable="true"'
    ...     ' bounds="[0,0][100,50]"><node class="android.widget.TextView" text="Display"'
    ...     ' clickable="true" bounds="[0,0][100,50]"/></node></hierarchy>'))
    >>> [(e.index, e.role, e.name) for e in build_index(f).elements]
    [(0, 'button', 'Display')]
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from itertools import compress

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node

FOLDED = "wrapped.folded"
""":attr:`Frame.memo` key: each wrapper's position → the label :func:`unwrapped` folded into
it (both index options' folds; a frame's labels are one)."""


def unwrapped(frame: Frame, names: list[str], positions: list[int]) -> list[int]:
    """``positions`` (elements, in document order) less each plain button (role ``button``,
    not checkable) whose nearest element above it (of those kept) is a button called by the
    same name. Such a pair calls two elements by one name, so a frame whose elements' names
    are all distinct is returned as it is, told at C speed; otherwise only the elements whose
    name another one has walk up. O(len(positions)) at C speed, plus O(depth) a twin name."""
    picked = list(map(names.__getitem__, positions))
    if len(set(picked)) == len(picked):
        return positions
    twins = {name for name, times in Counter(picked).items() if times > 1 and name}
    nodes, parents = frame.nodes, frame.parents
    listed = set(positions)
    dropped: set[int] = set()
    folded: dict[int, int] = {}
    for pos in compress(positions, map(twins.__contains__, picked)):
        name = names[pos]
        node = nodes[pos]
        if node.role != "button" or node.checkable:
            continue
        above = parents[pos]
        while above >= 0 and (above not in listed or above in dropped):
            above = parents[above]
        if above >= 0 and names[above] == name and nodes[above].role == "button":
            dropped.add(pos)  # the wrapper's label: it is tapped through the wrapper
            folded[above] = pos
    if not dropped:
        return positions
    known = frame.memo.get(FOLDED)
    if known is None:
        frame.memo[FOLDED] = folded
    else:
        known.update(folded)  # type: ignore[attr-defined]
    return [p for p in positions if p not in dropped]


def wrapped_labels(frame: Frame) -> dict[int, int]:
    """Each wrapper's position → the label :func:`unwrapped` folded into it, of the layouts
    made of ``frame`` so far (asked after its index: every rendering is). O(1)."""
    return frame.memo.get(FOLDED) or {}  # type: ignore[return-value]


def reached(frame: Frame, pos: int) -> int:
    """The position a tap on element ``pos``'s centre reaches: the label folded into it when
    that label is clickable and its box holds the centre, else ``pos`` itself. O(1).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> from deltarec.core.observe.index import build_index
    >>> f = Frame(parse_uiautomator(
    ...     '<hierarchy><node class="android.widget.LinearLayout" clickable="true"'
    ...     ' enabled="false" bounds="[0,0][100,50]"><node class="android.widget.TextView"'
    ...     ' text="Settings" clickable="true" bounds="[0,10][100,40]"/></node></hierarchy>'))
    >>> [(e.pos, e.name) for e in build_index(f).elements], reached(f, 0)
    ([(0, 'Settings')], 1)
    >>> shown_state(f, 0).enabled, f.nodes[0].enabled
    (True, False)
    """
    leaf = wrapped_labels(frame).get(pos)
    if leaf is None:
        return pos
    node = frame.nodes[leaf]
    return (
        leaf
        if node.clickable and node.bounds.contains_point(*frame.nodes[pos].bounds.center)
        else pos
    )


def shown_state(frame: Frame, pos: int) -> Node:
    """The node whose states element ``pos`` is listed with (the module docstring): its own,
    but ``enabled`` the reached node's, ``selected`` and ``focused`` either's. The very node
    where nothing is folded into it, or the two agree. O(1)."""
    node = frame.nodes[pos]
    leaf = wrapped_labels(frame).get(pos)
    if leaf is None:
        return node
    inner, tapped = frame.nodes[leaf], frame.nodes[reached(frame, pos)]
    selected, focused = node.selected or inner.selected, node.focused or inner.focused
    if (tapped.enabled, selected, focused) == (node.enabled, node.selected, node.focused):
        return node
    return dataclasses.replace(node, enabled=tapped.enabled, selected=selected, focused=focused)
