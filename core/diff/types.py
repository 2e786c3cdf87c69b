"""JSON shapes of an ObservationDiff (a superset of AutoMobile's signed-off format).

Key spaces: ``key`` is always the element's key in the *new* frame;
``fromKey`` (only present when it differs) its key in the old frame;
``parentKey`` addresses the parent in the frame the reader already has — the old
key of a surviving parent, or the key of a parent added by the same diff. The
two never collide: an added node whose new key an old node has (twins renumbered
by a scroll) is addressed as ``key + "+"``. ``parentKey`` is ``null`` for a
window root. A moved node's ``changes`` hold ``parentKey`` (when the parent
changed) and ``position``, its new index; ``position.from`` is left out when
the index is the same one (a reorder around it, or the same index under the new
parent). No change ever has ``from == to``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NotRequired, TypedDict


class ChangeKind(StrEnum):
    """The kinds of change a delta line can report."""

    ADDED = "added"
    REMOVED = "removed"
    CHANGED = "changed"
    SCROLLED = "scrolled"
    WINDOW_OPENED = "window_opened"
    WINDOW_CLOSED = "window_closed"
    HIDDEN = "hidden"
    """A window hidden behind a dialog (one summary line, not one per element)."""
    SCREEN = "screen"
    """A move to a new screen (its header and the count of what is not listed)."""
    FIELD = "field"
    """A frame fact: app, rotation."""


FromToDict = dict[str, Any]
"""``{"from": old, "to": new}``."""


class AddedEntry(TypedDict):
    key: str
    parentKey: str | None
    position: int
    attributes: dict[str, Any]


class RemovedEntry(TypedDict):
    key: str
    attributes: dict[str, Any]


class ChangedEntry(TypedDict):
    key: str
    fromKey: NotRequired[str]
    changes: dict[str, FromToDict]
    orNew: NotRequired[bool]
    """(Only when true.) The element may be another one: a sliver at its list's bottom edge
    that is this row pushed onto the edge, or another row put in after the rows that came in
    as this one went out of view (read backwards: taken out); two dumps cannot tell
    (:mod:`deltarec.core.diff.twin_sliver`). Also on a label edited in a row at its list's
    edge that may be another row come into its box, its own taken out
    (:func:`deltarec.core.diff.edited_or_new.either_labels`), and with ``orPushedTo``."""
    orPushedTo: NotRequired[str]
    """(With ``orNew``.) The element's row may have come in new, and its old row been pushed
    down into the row added after it, edited: the key (an added entry's) of the element
    that old row would be. Its ``changes`` are the edit in place, the other reading
    (:mod:`deltarec.core.diff.edited_or_new`)."""
    orTurned: NotRequired[str]
    """The key of a pager around the element: its one page, showing none of the labels it
    showed, may be the next page turned in rather than this one edited; two dumps cannot
    tell (:mod:`deltarec.core.diff.turned_page`)."""


class ScrollEntry(TypedDict):
    """A scrolled container. ``page`` (only when true): no row stayed, the offset is unknown.
    ``clipped`` (only when not empty): old keys of matched nodes inside whose new bounds are
    not their old ones moved by the offset (cut by the container's edge, or sticky)."""

    key: str
    fromKey: NotRequired[str]
    dx: int
    dy: int
    entered: list[str]
    left: list[str]
    page: NotRequired[bool]
    toward: NotRequired[list[int]]
    """A page's direction, when the caller's gesture told it: the sign of the content's
    move ``[dx, dy]`` (``[0, -1]``: content moved up, the list scrolled down)."""
    edge: NotRequired[int]
    """px the content moved along y with the container's top edge besides ``dy`` (only when
    not 0): its box moved that edge alone (a bar above it slid out as it scrolled); the rows
    moved by ``dy + edge``."""
    orHost: NotRequired[str]
    """(With ``edge``.) The key of the container made to scroll around it whose own scroll by
    ``dy + edge`` fits both frames too: its bar scrolled out above the list's wrapper, and
    the list did not scroll (:mod:`deltarec.core.diff.outer_scroll`)."""
    orInserted: NotRequired[int]
    """How many rows at the list's top may have come in new instead (only when not 0): its
    rows moved down as rows inserted at its top push them, and two dumps do not tell which
    (:mod:`deltarec.core.diff.new_rows`)."""
    orDy: NotRequired[int]
    """With ``orInserted``, when the top row is cut: the content's move under that other
    reading (the rows came in new, then the list scrolled down by at least ``-orDy`` px;
    :mod:`deltarec.core.diff.past_new`). With ``atLeast`` alone (no swipe told): the least
    the content moved the other way, a twin of the row kept come from beyond the other
    edge (:func:`deltarec.core.diff.across.other_way`)."""
    orDx: NotRequired[int]
    """With ``atLeast`` on a move along x (no swipe told): ``orDy`` across, the least the
    content moved the other way sideways, a twin of the item kept come from beyond the
    other side edge (:mod:`deltarec.core.diff.far_across`)."""
    inserted: NotRequired[int]
    """How many rows came in new at the list's top in the step it scrolled (``dy``: its own
    scroll past them; the rows both frames show moved by the new rows' height less that,
    their boxes in ``clipped``; :mod:`deltarec.core.diff.past_new`)."""
    atLeast: NotRequired[bool]
    """With ``inserted``: ``dy`` is the least the list moved (no gesture told how far; new
    rows it scrolled past show in neither dump). Alone: a page turned that kept a row whose
    twin may stand in its place, ``dy`` its move (:func:`deltarec.core.diff.far_anchor.least`)."""
    atMost: NotRequired[bool]
    """``dy`` is the most the content moved, the way a swipe told moved it: items put into
    a grid as it scrolled pushed on the items it kept in view, so the least any of them
    moved bounds the scroll (:func:`deltarec.core.diff.reflowed.relaid_scroll`)."""
    orRemoved: NotRequired[int]
    """How many rows at the list's top may have been removed instead (only when not 0): its
    rows moved up onto a row's top as the rows below rows removed at its top move, in a box
    that stayed, and two dumps do not tell which (:mod:`deltarec.core.diff.grown`)."""
    orRows: NotRequired[list[str]]
    """With ``orRemoved`` (``orInserted``): the keys (old keys; for ``orInserted`` new ones)
    of the rows the other reading takes out (puts in): the rows removed at the list's top,
    from the top down (:func:`deltarec.core.diff.grown.removed_rows`), or the rows beside a
    sliver its edge cuts, from the sliver out, which a scroll by
    their pitches reads the same (:func:`deltarec.core.diff.edge_sliver.beside_slivers`)."""
    clipped: NotRequired[dict[str, list[int]]]


class WindowChanges(TypedDict):
    opened: list[str]
    closed: list[str]


class ObservationDiff(TypedDict):
    isDiff: bool
    added: list[AddedEntry]
    removed: list[RemovedEntry]
    changed: list[ChangedEntry]
    scrolls: list[ScrollEntry]
    windows: WindowChanges
    fields: dict[str, FromToDict]
