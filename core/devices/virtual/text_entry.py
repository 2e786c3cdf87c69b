"""Text entry on the Playground: which field has the focus, and what typing, delete and enter
do to it (split from :mod:`.playground`, which routes keys and taps here).

Two screens take text: the sign-up form (its fields in :data:`~.state.FIELDS` order; enter
moves the focus to the next field, on the last one it closes the keyboard) and Contacts
(its search field, ``focus:query``: each key filters the list at once and puts it back at
its top, :mod:`.screen_contacts`; enter closes the keyboard, as a search's submit does).
Typing with no field focused, or with a dialog up, is dropped.
"""

from __future__ import annotations

from deltarec.core.devices.virtual.layout import CONTACTS, SIGN_UP
from deltarec.core.devices.virtual.screen_contacts import max_offset
from deltarec.core.devices.virtual.state import FIELDS, PhoneState

QUERY = "query"
"""The focus name of Contacts' search field (``focus:query``)."""


def focus(state: PhoneState, name: str) -> None:
    """Focus field ``name`` (a sign-up field, or :data:`QUERY`) and show the keyboard."""
    if name == QUERY:
        state.contacts.focused = True
    else:
        state.form.focus = name
    state.keyboard = True


def type_into(state: PhoneState, text: str) -> None:
    """Append ``text`` to the focused field (module docstring)."""
    if state.dialog is not None:
        return
    form, contacts = state.form, state.contacts
    if state.screen == SIGN_UP and form.focus:
        form.set_value(form.focus, form.value(form.focus) + text)
    elif state.screen == CONTACTS and contacts.focused:
        contacts.query += text
        contacts.offset = 0


def delete(state: PhoneState) -> None:
    """Delete the focused field's last character."""
    if state.dialog is not None:
        return
    form, contacts = state.form, state.contacts
    if state.screen == SIGN_UP and form.focus:
        form.set_value(form.focus, form.value(form.focus)[:-1])
    elif state.screen == CONTACTS and contacts.focused and contacts.query:
        contacts.query = contacts.query[:-1]
        contacts.offset = 0


def enter(state: PhoneState) -> None:
    """Enter: the next sign-up field, or the keyboard closed (the last field, a search)."""
    if state.dialog:
        return
    form = state.form
    if state.screen == CONTACTS and state.contacts.focused:
        state.keyboard = False
    elif state.screen == SIGN_UP and form.focus:
        i = FIELDS.index(form.focus)
        if i + 1 < len(FIELDS):
            form.focus = FIELDS[i + 1]
        else:
            state.keyboard = False


def lay_out_contacts(state: PhoneState, bottom: int) -> None:
    """The list's layout pass: its offset clamped to what the query's rows hold above
    ``bottom`` (the keyboard closing gives the list more room)."""
    contacts = state.contacts
    contacts.offset = max(0, min(contacts.offset, max_offset(contacts.query, bottom)))
