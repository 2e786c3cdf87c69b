"""A row that stayed put on a scrolled list's edge that is no pinned header: a row of the list.

A sticky header stays put on its list's edge while the rows scroll under it, so a node
that kept its box there may pair in place (:class:`~deltarec.core.diff.pair_evidence.Guard`)
unless it is one of the list's rows: of the kind of a row that moved (:func:`a_row_of_them`),
or where the scroll puts another old row (:func:`scrolled_onto`).

Rows of one height scrolled by a multiple of it put a row's cut edge in the very box the
row before it was cut to: a Settings list scrolled 215 px, its rows 215 px high, shows at
its top edge a 57 px sliver of the "Data Saver · Off" row where the sliver of the row
before it, "… · Off" too, showed the same "Off" in the same box. Both slivers are one key
(class, box, what they show), and the old one was taken for a pinned header: the sliver
kept its number, given to another row (``bench_numbers --real``, seed 8, issue 18).
:func:`scrolled_onto` tells the two readings apart by the measured scroll: where it puts
another old row of the list, of the row's kind, paired with nothing, cut by the edge to
the row's very box and showing all it shows, that row is the one there. A sticky header
is pinned whole over the rows; the rows' own move accounting for it says it is a row.
Cost: O(rows of the list), asked only of a row that stayed put on a scrolled list's edge.
"""

from __future__ import annotations

from collections.abc import Container, Mapping

from deltarec.core.capture.element_dicts import ROOT_CLASS
from deltarec.core.diff.axis import cut_to
from deltarec.core.diff.motions import shifted
from deltarec.core.diff.row_content import kind, row_shape, texts
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Node


def a_row_of_them(prev: Frame, curr: Frame, pairs: Mapping[int, int], row: int) -> bool:
    """Whether ``row`` is of the kind (class and a resource id; on element dicts, which
    carry no id, the roles of what it holds: :func:`~.row_content.row_shape`) of a
    sibling that moved (paired by ``pairs``, in another box): one of the list's rows, which
    a scroll moves with the rest, not a header of its own kind pinned to the edge.
    O(siblings).

    Element dicts: YouTube's suggestion "mrbeast" put in above its twin, the twin
    paired in place as a pinned header, its move read as a scroll with no ``orInserted``
    (``tests/core/test_dict_truth.py``, the tops of real lists). An element dict cut to a
    sliver that holds nothing is of the kind of a moved sibling of its role and span
    (:func:`_span`): the Inbox's bottom sliver, another row's as the rows below one
    archived closed its gap, was held in its box as a header and its number given to that
    row (``tests/core/truth/test_archive_ends.py``, the twin slivers)."""
    node = curr.nodes[row]
    dicts = curr.nodes[0].class_name == ROOT_CLASS
    if not (node.resource_id or dicts):
        return False  # Compose's nodes have no ids: a pinned header is a View as well
    cut = dicts and not node.resource_id and not curr.children[row]
    shape = _span(node) if cut else row_shape(curr, row, dicts)
    for s in curr.children[curr.parents[row]]:
        q = pairs.get(s)
        if (
            s != row
            and q is not None
            and curr.nodes[s].bounds != prev.nodes[q].bounds
            and (_span(curr.nodes[s]) if cut else row_shape(curr, s, dicts)) == shape
        ):
            return True
    return False


def _span(node: Node) -> tuple[str, int, int]:
    """What an element dict cut to a sliver that holds nothing shares with its list's rows:
    its role and its span across the list (its class and id, which the XML reads, are not
    in the dicts; what it held, which :func:`~.row_content.row_shape` reads, is cut away)."""
    return node.class_name, node.bounds.left, node.bounds.right


def scrolled_onto(
    prev: Frame,
    old_host: int,
    curr: Frame,
    host: int,
    row: int,
    old: int,
    shift: tuple[int, int],
    paired: Container[int],
) -> bool:
    """Whether row ``row`` of scrolled list ``host`` (``old_host`` before), that stayed put
    where ``old`` was, is where the list's scroll ``shift`` puts another old row of its kind
    that no pair holds (``paired``: the old positions paired), cut to its box by the list's
    edge and showing what it shows: that row moved there, and ``old`` is no pinned header
    (module docstring).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> rows = "".join(f'<node class="R" bounds="[0,{max(t, 10)}][9,{t + 20}]"><node class="T"'
    ...                f' text="Off" bounds="[0,{t + 15}][9,{t + 20}]"/></node>'
    ...                for t in range(-5, 100, 20))  # a 5 px sliver at the top, then rows
    >>> a = b = Frame(parse_uiautomator('<hierarchy><node class="L" scrollable="true"'
    ...                                 f' bounds="[0,10][9,100]">{rows}</node></hierarchy>'))
    >>> scrolled_onto(a, 0, b, 0, 1, 1, (0, -20), {})  # scrolled a row: the next row's sliver
    True
    >>> scrolled_onto(a, 0, b, 0, 1, 1, (0, -20), {3})
    False
    """
    box, view = curr.nodes[row].bounds, curr.nodes[host].bounds
    like, shown = kind(curr.nodes[row]), texts(curr, row)
    for q in prev.children[old_host]:
        if q == old or q in paired or kind(prev.nodes[q]) != like:
            continue
        if cut_to(shifted(prev.nodes[q].bounds, *shift), view) == box and shown <= texts(prev, q):
            return True
    return False
