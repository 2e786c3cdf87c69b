"""The Inbox: a scrollable RecyclerView of 120 items and more, in a SwipeRefreshLayout,
and the message screen a row opens.

Items: every tenth item (0, 10, …) is a "Week N" section header with no
resource id; the others are message rows (``message_row`` with ``sender``,
``subject``, ``date``), except "promo" rows (index % 7 == 3) which carry no
resource ids at all, as many real list items do. Only items that intersect the
viewport are in the tree, with their visible (clipped) bounds, so scrolling makes
rows enter and leave and shifts every bound.

As mail apps do, the list pulls to refresh and loads more at its end:

- **Pull to refresh** (androidx ``SwipeRefreshLayout``): a drag down by at least
  :data:`REFRESH_PULL` past the touch slop that starts on the list at its top shows the
  refresh circle (an ``ImageView``, the layout's first child, :data:`CIRCLE` lu across,
  resting :data:`CIRCLE_REST` lu below the list's top) *over* the rows, which do not move.
  The refresh is done at the next input (:func:`arrive`): the circle goes, and the new mail
  it brought (0-3 messages, :data:`REFRESH_MAIL` by the refreshes done so far) comes in at
  the top (:func:`insert`).
- **New mail** (a refresh, or a push the server sends: :attr:`~.state.InboxState.incoming`,
  delivered at the next input while the Inbox shows) is inserted above the first row, newest
  first, as RecyclerView does with ``notifyItemRangeInserted(0, n)``. At the list's top
  (offset 0) the rows below move down by the new rows' height inside bounds that do not
  change, and those pushed past the bottom leave; scrolled down, the layout manager keeps
  its anchor (the offset grows by that height: :attr:`~.state.InboxState.anchored`), so
  nothing on screen moves and the new rows are above the viewport. New messages repeat the
  senders, subjects and resource ids of the others (:data:`NEW_BASE`), as a real inbox does.
- **Load more**: while pages remain (:data:`PAGES` of :data:`PAGE` items), the list ends in
  a footer (``load_more``: a spinner and "Loading more…"). Once it showed, the next input
  appends a page where it was: the footer gives way to the new rows, the list does not
  move, and its end moves down (:func:`max_offset`). The new rows repeat the senders,
  subjects and dates of the first ones, as a real inbox repeats its senders.
"""

from __future__ import annotations

from functools import lru_cache

from deltarec.core.devices.virtual.layout import (
    IMAGE,
    LINEAR,
    NAV_TOP,
    PROGRESS,
    RECYCLER,
    SCROLL,
    SWIPE_REFRESH,
    TEXT,
    TOOLBAR_BOTTOM,
    app_id,
    label,
    list_items,
    scroller,
    text_lines,
)
from deltarec.core.devices.virtual.state import InboxState
from deltarec.core.devices.virtual.views import View, clip

ITEM_COUNT = 120
"""Items before any page was loaded."""
HEADER_H = 120
ROW_H = 180
PAGE = 20
"""Items a "load more" appends."""
PAGES = 2
"""Pages the server holds past the first: after them the list ends without a footer."""
FOOTER_H = 150
REFRESH_PULL = 336
"""lu the finger travels down past the touch slop to start a refresh: SwipeRefreshLayout's
64 dp at its drag rate of 0.5 (128 dp, 336 px at 420 dpi)."""
CIRCLE = 105
"""The refresh circle's size (40 dp)."""
CIRCLE_REST = 168
"""How far below the list's top the refresh circle's bottom rests (64 dp)."""
REFRESH_MAIL = (1, 3, 0, 2)
"""New messages the ``k``-th refresh brings: ``REFRESH_MAIL[k % 4]`` (deterministic, so walks
replay; a refresh that brings nothing stays common)."""
NEW_BASE = 200
"""The message number of the first new mail (then 201, …): past every item "load more" can
append, so a number names one message. New mail is never a header or a promo."""
NEW_DATE = "Mar 10"
"""What every new message shows as its date: newer than item 0's (many share it, as a
day's mail shares its date)."""

_SENDERS = ("Ada", "Grace", "Linus", "Margaret", "Ken", "Barbara", "Dennis", "Frances")
_SUBJECTS = (
    "Lunch on Friday?",
    "Q&A session notes",
    '"Launch" plan',
    "Tom's <draft>",
    "Invoice 42",
    "Re: build is green",
    "Weekend hike",
    "Standup moved",
    "Photos",
    "Your order shipped",
    "Café menu",
)


def is_new(index: int) -> bool:
    """Whether message ``index`` is new mail (:data:`NEW_BASE`)."""
    return index >= NEW_BASE


def is_header(index: int) -> bool:
    return not is_new(index) and index % 10 == 0


def is_promo(index: int) -> bool:
    return not is_header(index) and not is_new(index) and index % 7 == 3


def sender(index: int) -> str:
    return _SENDERS[index % len(_SENDERS)]


def subject(index: int) -> str:
    """The subject of item ``index`` (contains ``&``, quotes and ``<`` on some rows)."""
    if is_promo(index):
        return f"Sponsored: offer {index}"
    return f"{_SUBJECTS[(index * 7) % len(_SUBJECTS)]} #{index}"


def item_count(pages: int = 0) -> int:
    """Items in the list once ``pages`` pages were loaded."""
    return ITEM_COUNT + PAGE * pages


def item_at(position: int, mail: int = 0) -> int:
    """The item at list ``position`` once ``mail`` new messages came in: the new ones first,
    newest on top, then the items from 0 on.

    >>> [item_at(p, mail=2) for p in range(4)]
    [201, 200, 0, 1]
    """
    if position < mail:
        return NEW_BASE + mail - 1 - position
    return position - mail


@lru_cache(maxsize=64)
def shown_items(
    pages: int = 0, mail: int = 0, archived: frozenset[int] = frozenset()
) -> tuple[int, ...]:
    """The items the list holds once ``pages`` pages were loaded and ``mail`` new messages
    came in (:func:`item_at`), less those ``archived``."""
    every = (item_at(i, mail) for i in range(mail + item_count(pages)))
    return tuple(i for i in every if i not in archived)


@lru_cache(maxsize=64)
def item_tops(
    pages: int = 0, mail: int = 0, archived: frozenset[int] = frozenset()
) -> tuple[int, ...]:
    """Top of each item of :func:`shown_items` in list coordinates, then the footer's top
    while pages remain, then the total height as a last entry."""
    tops = [0]
    for i in shown_items(pages, mail, archived):
        tops.append(tops[-1] + (HEADER_H if is_header(i) else ROW_H))
    if pages < PAGES:
        tops.append(tops[-1] + FOOTER_H)
    return tuple(tops)


def max_offset(
    bottom: int = NAV_TOP, pages: int = 0, mail: int = 0, archived: frozenset[int] = frozenset()
) -> int:
    """How far the list can scroll when it ends at ``bottom`` (the navigation bar's top)
    with ``pages`` pages loaded, ``mail`` new messages and the items ``archived`` taken out:
    its total height minus the viewport's."""
    return max(0, item_tops(pages, mail, archived)[-1] - (bottom - TOOLBAR_BOTTOM))


def footer_shows(inbox: InboxState, bottom: int) -> bool:
    """Whether the list's "load more" footer is in view (the list ends at ``bottom``)."""
    if inbox.pages >= PAGES:
        return False
    tops = item_tops(inbox.pages, inbox.mail, frozenset(inbox.archived))
    return TOOLBAR_BOTTOM + tops[-2] - inbox.offset < bottom


def insert(inbox: InboxState, n: int) -> None:
    """Put ``n`` new messages above the first row (module docstring): at the list's top the
    rows move down; scrolled down, the offset grows by their height and nothing on screen
    moves.

    >>> st = InboxState(offset=500); insert(st, 2); (st.mail, st.offset, st.anchored)
    (2, 860, 360)
    >>> st = InboxState(); insert(st, 2); (st.mail, st.offset, st.anchored)
    (2, 0, 0)
    """
    if n <= 0:
        return
    if inbox.offset > 0:
        inbox.offset += n * ROW_H
        inbox.anchored += n * ROW_H
    inbox.mail += n


def arrive(inbox: InboxState, bottom: int, *, shown: bool = True) -> None:
    """What came in since the last input, as the next input sees it: the page the footer
    asked for is appended (the list does not move), the refresh is done, and the mail it
    brought and the mail pushed since come in at the top (:func:`insert`). ``shown``: the
    Inbox is on screen (else no footer showed)."""
    if shown and footer_shows(inbox, bottom):
        inbox.pages += 1
    came, inbox.incoming = inbox.incoming, 0
    if inbox.refreshing:
        came += REFRESH_MAIL[inbox.refreshes % len(REFRESH_MAIL)]
        inbox.refreshes += 1
    inbox.refreshing = False
    insert(inbox, came)


def date(index: int) -> str:
    """The date shown on item ``index``, e.g. "Mar 12" (newest first)."""
    if is_new(index):
        return NEW_DATE
    return f"Mar {1 + (ITEM_COUNT - index) % 28}"


def _footer(top: int, width: int) -> View:
    """The "load more" footer: a spinner and its label."""
    return View(
        cls=LINEAR,
        bounds=(0, top, width, top + FOOTER_H),
        rid=app_id("load_more"),
        children=(
            View(
                cls=PROGRESS,
                bounds=(width // 2 - 260, top + 33, width // 2 - 176, top + 117),
                look="spinner",
            ),
            label("Loading more…", (width // 2 - 140, top + 40, width // 2 + 300, top + 110)),
        ),
    )


def _item(index: int, top: int, selected: bool, width: int) -> View:
    if is_header(index):
        return label(
            f"Week {index // 10 + 1}", (48, top + 30, width - 48, top + 100), look="section"
        )
    promo = is_promo(index)
    kids = (
        View(
            cls=IMAGE,
            bounds=(42, top + 36, 150, top + 144),
            desc="" if promo else f"{sender(index)} avatar",
            look="avatar",
        ),
        View(
            cls=TEXT,
            bounds=(186, top + 30, width - 280, top + 96),
            text="Ad" if promo else sender(index),
            rid="" if promo else app_id("sender"),
            look="title",
        ),
        View(
            cls=TEXT,
            bounds=(186, top + 96, width - 42, top + 150),
            text=subject(index),
            rid="" if promo else app_id("subject"),
            look="summary",
        ),
        View(
            cls=TEXT,
            bounds=(width - 250, top + 30, width - 42, top + 96),
            text=date(index),
            rid="" if promo else app_id("date"),
            look="summary",
        ),
    )
    return View(
        cls=LINEAR,
        bounds=(0, top, width, top + ROW_H),
        rid="" if promo else app_id("message_row"),
        clickable=True,
        focusable=True,
        long_clickable=True,
        selected=selected,
        children=kids,
        action=f"open:{index}",
        long_action=f"select:{index}",
        look="row",
    )


def inbox_content(inbox: InboxState, bottom: int, width: int, slack: int = 0) -> View:
    """The visible part of the list at scroll offset ``inbox.offset`` (and the rows within
    ``slack`` lu of it, :func:`~.layout.list_items`), in its SwipeRefreshLayout, with the
    refresh circle over it while it refreshes.

    Cost: a linear scan over the item tops; only intersecting items are built.
    """
    viewport = (0, TOOLBAR_BOTTOM, width, bottom)
    archived = frozenset(inbox.archived)
    items = shown_items(inbox.pages, inbox.mail, archived)
    kids = list_items(
        item_tops(inbox.pages, inbox.mail, archived),
        inbox.offset,
        viewport,
        lambda i, top: (
            _footer(top, width)
            if i == len(items)
            else _item(items[i], top, items[i] in inbox.selected, width)
        ),
        slack,
    )
    listing = scroller(
        RECYCLER,
        viewport,
        app_id("inbox_list"),
        kids,
        look="list",
        swipe="v:inbox",
        # Content px are counted from the first item before any new mail (profile.py maps
        # content to px once): rows kept in place by the anchor keep their very px, as the
        # layout manager keeps them on a real phone, and new rows sit above them.
        offset=inbox.offset - inbox.mail * ROW_H,
    )
    circle: tuple[View, ...] = ()
    if inbox.refreshing:
        rest = TOOLBAR_BOTTOM + CIRCLE_REST
        left = (width - CIRCLE) // 2
        circle = (
            View(cls=IMAGE, bounds=(left, rest - CIRCLE, left + CIRCLE, rest), look="spinner"),
        )
    return View(
        cls=SWIPE_REFRESH, bounds=viewport, rid=app_id("inbox_refresh"), children=(*circle, listing)
    )


def message_content(index: int, bottom: int, width: int) -> View:
    """The message screen (its action bar shows the sender's name).

    A sender header (``message_avatar``, ``message_from``, ``message_to``,
    ``message_date``), the subject (``message_subject``) and a multi-line body
    (``message_body``, holds a newline and ``&``), in a ``message_scroll`` ScrollView.
    """
    top = TOOLBAR_BOTTOM
    who = sender(index)
    body = f"Hi,\nthis is message #{index} about {subject(index)}.\nCheers & bye — {who}"
    # Each line wraps where it does not fit (3 lines, 52 lu apart, on the default phone).
    lines = sum(text_lines(line, width - 96, 38) for line in body.split("\n"))
    extra = 52 * max(0, lines - 3)
    kids = (
        View(
            cls=IMAGE,
            bounds=(48, top + 40, 156, top + 148),
            rid=app_id("message_avatar"),
            desc=f"{who} avatar",
            look="avatar",
        ),
        label(who, (186, top + 40, width - 280, top + 100), app_id("message_from"), look="title"),
        label(
            "to me", (186, top + 100, width - 280, top + 148), app_id("message_to"), look="summary"
        ),
        label(date(index), (width - 250, top + 40, width - 48, top + 100), app_id("message_date")),
        View(
            cls=TEXT,
            bounds=(48, top + 190, width - 48, top + 280),
            text=subject(index),
            rid=app_id("message_subject"),
            look="headline",
        ),
        View(
            cls=TEXT,
            bounds=(48, top + 320, width - 48, top + 560 + extra),
            text=body,
            rid=app_id("message_body"),
            look="body",
        ),
    )
    column = View(cls=LINEAR, bounds=(0, top, width, top + 600 + extra), children=kids)
    scroll = View(
        cls=SCROLL,
        bounds=(0, TOOLBAR_BOTTOM, width, bottom),
        rid=app_id("message_scroll"),
        children=(column,),
    )
    return clip(scroll, scroll.bounds) or scroll
