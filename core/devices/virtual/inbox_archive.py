"""Archiving Inbox rows, as Gmail does: several at once from the selection, or one swiped
sideways, and the snackbar's "Undo".

- **Archive the selection**: while rows are selected (long press), the action bar shows an
  "Archive" button (:func:`archive_button`); a tap archives every selected row at once,
  wherever it is (rows scrolled out of view too). The rows below each one close its gap.
- **Swipe to archive** (``ItemTouchHelper``, :func:`swiped_away`): a mostly horizontal drag
  that starts on a message row and passes the touch slop slides the row with the finger;
  on release the row leaves (archived) when it went past half the list's width
  (``getSwipeThreshold`` 0.5) or the finger was still moving sideways at the swipe
  escape velocity (:data:`ESCAPE_DP_S`, ``item_touch_helper_swipe_escape_velocity``),
  else it slides back and nothing changed. Section headers and the footer do not swipe.
- **Undo**: every archive shows a snackbar (``N archived`` and an "Undo" button) over the
  bottom of the list, in ``android:id/content`` (where a Snackbar attaches without a
  CoordinatorLayout); "Undo" puts the rows back where they were. The snackbar goes with
  the undo, is replaced by the next archive, and goes when the Inbox is left.

Where the list stays: ``LinearLayoutManager`` keeps its anchor where it is, the first row
in view (cut by the top edge or not) that stays (``findReferenceChild`` passes over the
rows removed). Rows that leave after it pull the rows below up; rows that leave before it
(scrolled away above, or in view above it) let the rows above come down into their place;
rows that come back before it go above it, out of view, and after it push the rows below
down. At the list's ends the offset is clamped (``fixLayoutEndGap``, ``fixLayoutStartGap``):
at its end the rows above come down instead.
"""

from __future__ import annotations

from collections.abc import Iterable

from deltarec.core.devices.virtual.fling import LU_PER_DP
from deltarec.core.devices.virtual.layout import (
    BUTTON,
    FRAME,
    IMAGE_BUTTON,
    STATUS_BOTTOM,
    TEXT,
    TOOLBAR_BOTTOM,
    app_id,
)
from deltarec.core.devices.virtual.screen_inbox import (
    HEADER_H,
    ROW_H,
    is_header,
    item_tops,
    max_offset,
    shown_items,
)
from deltarec.core.devices.virtual.state import InboxState
from deltarec.core.devices.virtual.views import View

ESCAPE_DP_S = 120.0
"""``ItemTouchHelper``'s swipe escape velocity (dp/s): a sideways release at least this fast
archives the row however far it went."""
THRESHOLD = 0.5
"""``ItemTouchHelper.Callback.getSwipeThreshold``: the fraction of the list's width a slow
swipe must pass."""
MARGIN = 21
"""The snackbar's margin (8 dp)."""
SNACK_H = 126
"""The snackbar's height (48 dp)."""


def _place(inbox: InboxState, items: set[int], bottom: int, *, back: bool) -> None:
    """Take ``items`` out of the list (``back``: put them in again) around the anchor, the
    offset clamped to the list's new end (the list ends at ``bottom``): module docstring.
    O(items in the list)."""
    now = frozenset(inbox.archived)
    after = now - items if back else now | items
    offset = kept_offset(inbox, items, back=back)
    inbox.archived = set(after)
    highest = max_offset(bottom, inbox.pages, inbox.mail, after)
    inbox.offset = max(0, min(offset, highest))


def kept_offset(inbox: InboxState, items: set[int], *, back: bool) -> int:
    """The offset that keeps the anchor (the first row in view that stays) where it is once
    ``items`` leave the list (``back``: come back), before any clamp to the list's ends: the
    rows in view above the anchor are where they were at this offset. The graders read a
    clamp (the offset taken off this) as the scroll it is. O(items in the list)."""
    now = frozenset(inbox.archived)
    tops = item_tops(inbox.pages, inbox.mail, now)
    order = shown_items(inbox.pages, inbox.mail)  # list order: new mail is on top
    place = {item: k for k, item in enumerate(order)}
    shift = 0  # the height of the items that leave (come back) before the anchor
    for k, i in enumerate(shown_items(inbox.pages, inbox.mail, now)):
        if i in items:  # only when they leave: the items that come back are not laid out
            shift += tops[k + 1] - tops[k]
        elif tops[k + 1] > inbox.offset:  # the anchor: the first item in view that stays
            if back:
                shift = sum(_height(j) for j in items if place[j] < place[i])
            break
    return inbox.offset + (shift if back else -shift)


def _height(item: int) -> int:
    return HEADER_H if is_header(item) else ROW_H


def archive(inbox: InboxState, items: Iterable[int], bottom: int) -> None:
    """Archive ``items`` (message rows) at once: they leave the list and the selection, and
    the snackbar offers to undo it (module docstring)."""
    batch = {i for i in items if not is_header(i)} - inbox.archived
    if not batch:
        return
    _place(inbox, batch, bottom, back=False)
    inbox.selected -= batch
    inbox.undo = tuple(sorted(batch))


def undo(inbox: InboxState, bottom: int) -> None:
    """Put back what the last archive took; the snackbar goes."""
    batch, inbox.undo = set(inbox.undo), ()
    if batch:
        _place(inbox, batch, bottom, back=True)


def swiped_away(dx: int, duration_ms: int, width: int) -> bool:
    """Whether a sideways drag of ``dx`` lu over ``duration_ms`` (past the touch slop, mostly
    sideways) on a row of a list ``width`` lu wide archives it: past half the width, or
    released at the escape velocity (the finger moves at one speed all along).

    >>> swiped_away(600, 300, 1080), swiped_away(300, 300, 1080), swiped_away(60, 600, 1080)
    (True, True, False)
    """
    speed = abs(dx) / LU_PER_DP / (max(1, duration_ms) / 1000)
    return abs(dx) > width * THRESHOLD or speed >= ESCAPE_DP_S


def archive_button(inbox: InboxState, width: int) -> tuple[View, ...]:
    """The action bar's "Archive" button while rows are selected, else nothing."""
    if not inbox.selected:
        return ()
    return (
        View(
            cls=IMAGE_BUTTON,
            bounds=(width - 168, STATUS_BOTTOM, width - 21, TOOLBAR_BOTTOM),
            rid=app_id("archive"),
            desc="Archive",
            clickable=True,
            focusable=True,
            action="archive:selected",
            look="up",
        ),
    )


def snackbar(inbox: InboxState, bottom: int, width: int) -> tuple[View, ...]:
    """The snackbar over the list's bottom while the last archive can be undone."""
    if not inbox.undo:
        return ()
    top, low = bottom - MARGIN - SNACK_H, bottom - MARGIN
    return (
        View(
            cls=FRAME,
            bounds=(MARGIN, top, width - MARGIN, low),
            children=(
                View(
                    cls=TEXT,
                    bounds=(MARGIN + 42, top + 30, width - 320, low - 30),
                    text=f"{len(inbox.undo)} archived",
                    rid=app_id("snackbar_text"),
                    look="summary",
                ),
                View(
                    cls=BUTTON,
                    bounds=(width - 300, top + 9, width - MARGIN - 21, low - 9),
                    text="Undo",
                    rid=app_id("snackbar_action"),
                    clickable=True,
                    focusable=True,
                    action="unarchive:",
                    look="button",
                ),
            ),
            opaque=True,
            look="snackbar",
        ),
    )
