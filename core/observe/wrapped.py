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

from collections import Counter
from itertools import compress

from deltarec.core.observe.frame import Frame


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
    return [p for p in positions if p not in dropped] if dropped else positions
