"""Contacts: a search field over a list that filters as the caller types.

As a real Contacts app (or Settings' search, or a store's), the screen holds a search field
(``search_src_text``, an ``EditText`` showing its hint "Search contacts" while empty) and,
below it, a ``RecyclerView`` (``contact_list``) of the contacts whose name holds what was
typed (case-insensitive), in alphabetical order. Each key typed or deleted filters the list
at once: rows that no longer match leave, the rows that still match close up under the
field, rows that match again come back, and the list is back at its top (a new query's
results start at the first match). With no match the list gives way to a label, "No
contacts". A contact row (``contact_row``, clickable, its action ``contact:N``) shows the
name (``contact_name``) and the number (``contact_number``).

The contacts are harder than a list of distinct labels: first names repeat ("Ada Hopper",
"Ada Turing"), last names repeat, and every row has the same ids, so a query keeps several
rows of one first name, and rows whose labels are alike change places as it grows. The
phone's state (the query, the offset) is the truth the graders read.
"""

from __future__ import annotations

from functools import lru_cache

from deltarec.core.devices.virtual.layout import (
    EDIT,
    LINEAR,
    RECYCLER,
    TOOLBAR_BOTTOM,
    app_id,
    label,
    list_items,
    scroller,
)
from deltarec.core.devices.virtual.views import View

ROW_H = 168
FIELD_TOP = 24
"""The search field's top below the action bar (lu)."""
FIELD_H = 126
LIST_TOP = FIELD_TOP + FIELD_H + 24
"""The list's top below the action bar (lu)."""
HINT = "Search contacts"
EMPTY = "No contacts"

_FIRST = ("Ada", "Alan", "Anna", "Barbara", "Dennis", "Grace", "Ken", "Linus", "Margaret")
_LAST = ("Hopper", "Kay", "Liskov", "Lovelace", "Ritchie", "Thompson", "Turing")


@lru_cache(maxsize=1)
def contacts() -> tuple[tuple[str, str], ...]:
    """Every contact, ``(name, number)``, in alphabetical order (deterministic: 32 of the
    first × last names, so first and last names repeat).

    >>> len(contacts()), contacts()[0]
    (32, ('Ada Hopper', '+1 555 0100'))
    """
    names = sorted(
        f"{first} {last}"
        for i, first in enumerate(_FIRST)
        for j, last in enumerate(_LAST)
        if (i * 7 + j * 3) % 2 == 0
    )
    return tuple((name, f"+1 555 01{k:02d}") for k, name in enumerate(names))


def matches(query: str) -> tuple[int, ...]:
    """The contacts (indexes into :func:`contacts`) whose name holds ``query`` (case-insensitive,
    leading and trailing spaces ignored), in order.

    >>> [contacts()[i][0] for i in matches("ada ")]
    ['Ada Hopper', 'Ada Liskov', 'Ada Ritchie', 'Ada Turing']
    """
    q = query.strip().lower()
    return tuple(i for i, (name, _) in enumerate(contacts()) if q in name.lower())


def max_offset(query: str, bottom: int) -> int:
    """How far the list scrolls above ``bottom`` (the content's bottom) for ``query``."""
    viewport = bottom - (TOOLBAR_BOTTOM + LIST_TOP)
    return max(0, len(matches(query)) * ROW_H - viewport)


def _row(index: int, top: int, width: int) -> View:
    name, number = contacts()[index]
    return View(
        cls=LINEAR,
        bounds=(0, top, width, top + ROW_H),
        rid=app_id("contact_row"),
        clickable=True,
        focusable=True,
        action=f"contact:{index}",
        look="row",
        children=(
            label(name, (66, top + 24, width - 66, top + 94), app_id("contact_name"), look="title"),
            label(
                number,
                (66, top + 96, width - 66, top + 146),
                app_id("contact_number"),
                look="summary",
            ),
        ),
    )


def contacts_content(
    query: str, focused: bool, offset: int, bottom: int, width: int, slack: int = 0
) -> View:
    """The search field and the filtered list, laid out from the action bar down to
    ``bottom``, the list scrolled by ``offset`` lu (its rows within ``slack`` lu of its edges
    too: :func:`~.views.clip_near`)."""
    top = TOOLBAR_BOTTOM
    field = View(
        cls=EDIT,
        bounds=(48, top + FIELD_TOP, width - 48, top + FIELD_TOP + FIELD_H),
        text=query or HINT,
        rid=app_id("search_src_text"),
        clickable=True,
        focusable=True,
        focused=focused,
        long_clickable=True,
        action="focus:query",
        look="edit",
        hint=not query,
    )
    viewport = (0, top + LIST_TOP, width, bottom)
    found = matches(query)
    if not found:
        below: View = label(EMPTY, (66, top + LIST_TOP + 48, width - 66, top + LIST_TOP + 118))
    else:
        tops = tuple(k * ROW_H for k in range(len(found) + 1))
        rows = list_items(tops, offset, viewport, lambda k, y: _row(found[k], y, width), slack)
        below = scroller(
            RECYCLER, viewport, app_id("contact_list"), rows, swipe="v:contacts", offset=offset
        )
    return View(cls=LINEAR, bounds=(0, top, width, bottom), children=(field, below))
