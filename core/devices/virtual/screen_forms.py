"""The Sign up form and the Settings screen (their dialogs live in :mod:`.dialogs`).

Resource ids (package ``dev.deltarec.playground``): ``form_scroll``, ``name``,
``email``, ``password``, ``newsletter``, ``save``, ``status``; Save opens the
"save" dialog. Settings rows use the platform preference ids
(``android:id/title``, ``android:id/summary``, ``android:id/switch_widget``,
``android:id/checkbox``) and are told apart by their titles, as on a real phone.
The last row, "Clear history" (summary "42 items"), has no widget: it opens the
"clear_history" dialog, which Delete replaces with "history_deleted"; once the
history is empty the row reads "No history" and is disabled.
"""

from __future__ import annotations

from deltarec.core.devices.virtual.layout import (
    CHECKBOX,
    EDIT,
    LINEAR,
    RECYCLER,
    SCROLL,
    SWITCH,
    TOOLBAR_BOTTOM,
    app_id,
    button,
    label,
    scroller,
)
from deltarec.core.devices.virtual.state import FIELDS, FormState, SettingsState
from deltarec.core.devices.virtual.views import View, clip, clip_near, shift

HINTS = {"name": "Name", "email": "Email", "password": "Password"}


def _field_span(name: str) -> tuple[int, int]:
    """The field ``name``'s top and bottom in the form's content (lu from its top)."""
    top = 150 + FIELDS.index(name) * 170
    return top, top + 140


def _field(form: FormState, name: str, top: int, width: int) -> View:
    """The field ``name`` in a form whose content starts at ``top``."""
    start, end = _field_span(name)
    value = form.value(name)
    password = name == "password"
    shown = ("•" * len(value) if password else value) or HINTS[name]
    return View(
        cls=EDIT,
        bounds=(60, top + start, width - 60, top + end),
        text=shown,
        rid=app_id(name),
        clickable=True,
        focusable=True,
        focused=form.focus == name,
        long_clickable=True,
        password=password,
        action=f"focus:{name}",
        look="edit",
        hint=not value,
    )


def sign_up_content(form: FormState, bottom: int, width: int, slack: int = 0) -> View:
    """The form, laid out from the action bar down and clipped at ``bottom``.

    Save is enabled only once Name is non-empty. An empty field shows its hint as
    its text (like Android); a password field shows one bullet per character. Where
    the form does not fit above ``bottom`` (a short screen, the keyboard up) the
    ScrollView is scrollable, at ``form.offset`` (its content kept within ``slack`` lu of its
    edges, :func:`~.views.clip_near`).
    """
    top = TOOLBAR_BOTTOM
    kids: list[View] = [label("Create your account", (60, top + 40, width - 60, top + 110))]
    for name in FIELDS:
        kids.append(_field(form, name, top, width))
    kids.append(
        View(
            cls=CHECKBOX,
            bounds=(60, top + 670, width - 60, top + 780),
            text="Send me news",
            rid=app_id("newsletter"),
            checkable=True,
            checked=form.newsletter,
            clickable=True,
            focusable=True,
            action="check:newsletter",
            look="checkbox",
        )
    )
    save = (60, top + 830, width - 60, top + 970)
    kids.append(button("Save", save, app_id("save"), "save", enabled=bool(form.name)))
    if form.saved:
        kids.append(label("Saved", (60, top + 1010, width - 60, top + 1080), app_id("status")))
    column = View(cls=LINEAR, bounds=(0, top, width, top + FORM_HEIGHT), children=tuple(kids))
    bounds = (0, top, width, bottom)
    if form_max_offset(bottom) == 0:
        scroll = View(cls=SCROLL, bounds=bounds, rid=app_id("form_scroll"), children=(column,))
        return clip(scroll, scroll.bounds) or scroll
    offset = min(form.offset, form_max_offset(bottom))
    moved = clip_near(shift(column, -offset), bounds, slack)
    shown: tuple[View, ...] = () if moved is None else (moved,)
    return scroller(SCROLL, bounds, app_id("form_scroll"), shown, swipe="v:form", offset=offset)


FORM_HEIGHT = 1100
"""The form's height in lu."""


def form_max_offset(bottom: int) -> int:
    """How far the form scrolls above ``bottom``: 0 where it fits (it always does on the
    default phone, keyboard or not); a short screen's form scrolls, as a ScrollView does."""
    return max(0, FORM_HEIGHT - (bottom - TOOLBAR_BOTTOM))


def lay_out_form(form: FormState, bottom: int) -> None:
    """A layout pass of the form's ScrollView in a window ending at ``bottom``, as Android's
    does after the IME opens or closes (``adjustResize``) or the focus moves.

    - ``ScrollView.onLayout`` ends with ``scrollTo(scrollX, scrollY)``, which clamps the
      offset to the new range: 0 once the content fits, the new maximum where the window
      grew. The offset is stored clamped, so it does not come back when the window shrinks
      again (it did: the form "restored" its offset when the keyboard reopened).
    - ``ScrollView.onSizeChanged``: when the window changes size (the keyboard opens or
      closes) and the focused field showed in the old window (``isWithinDeltaOfScreen``,
      edges inclusive), the form scrolls by the least that shows it whole in the new one
      (``computeScrollDeltaToGetChildRectOnScreen``, without the fading edges; the scroll
      is animated, ``smoothScrollBy``, and this is where it ends).
    - ``ScrollView.requestChildFocus``: a field that takes focus is scrolled into view the
      same way.

    >>> form = FormState(focus="password", offset=0)
    >>> lay_out_form(form, 1230); form.offset  # the keyboard opens over a short form
    0
    >>> lay_out_form(form, 862); form.offset  # a shorter window: Password is shown whole
    20
    >>> lay_out_form(form, 1974); form.offset  # the keyboard closes: the form fits
    0
    """
    highest = form_max_offset(bottom)
    offset = max(0, min(form.offset, highest))
    if form.focus is not None and form.laid_bottom:
        top, end = _field_span(form.focus)
        height = bottom - TOOLBAR_BOTTOM
        resized = bottom != form.laid_bottom
        was_shown = end >= form.offset and top <= form.offset + form.laid_bottom - TOOLBAR_BOTTOM
        if form.focus != form.laid_focus or (resized and was_shown):
            if end > offset + height:
                offset = end - height
            if top < offset:
                offset = top
            offset = max(0, min(offset, highest))
    form.offset, form.laid_bottom, form.laid_focus = offset, bottom, form.focus


SETTING_ROWS: tuple[tuple[str, str, str], ...] = (
    ("airplane", "Airplane mode", "switch"),
    ("wifi", "Wi-Fi", "switch"),
    ("bluetooth", "Bluetooth", "switch"),
    ("mobile_data", "Mobile data", "switch"),
    ("", "Notifications", "section"),
    ("previews", "Show previews", "checkbox"),
    ("vibrate", "Vibrate", "checkbox"),
    ("dark", "Dark theme", "switch"),
    ("", "Privacy", "section"),
    ("history", "Clear history", "action"),
)
"""(state key, title, widget) for each Settings row, top to bottom."""


def _texts(title: str, summary: str, top: int, width: int, *, enabled: bool) -> View:
    right = width - 260
    return View(
        cls="android.widget.RelativeLayout",
        bounds=(66, top + 30, right, top + 150),
        enabled=enabled,
        children=(
            label(title, (66, top + 30, right, top + 100), "android:id/title", enabled=enabled),
            label(
                summary,
                (66, top + 100, right, top + 150),
                "android:id/summary",
                look="summary",
                enabled=enabled,
            ),
        ),
    )


def _row(top: int, width: int, kids: tuple[View, ...], action: str, *, enabled: bool) -> View:
    """A 180 lu preference row from ``top``: tapping it anywhere runs ``action``."""
    return View(
        cls=LINEAR,
        bounds=(0, top, width, top + 180),
        clickable=True,
        focusable=True,
        enabled=enabled,
        children=kids,
        action=action,
        look="row",
    )


def _history_row(settings: SettingsState, top: int, width: int) -> View:
    """A plain preference (no widget) that asks before deleting the history."""
    count = settings.history
    enabled = count > 0
    summary = f"{count} items" if enabled else "No history"
    texts = _texts("Clear history", summary, top, width, enabled=enabled)
    return _row(top, width, (texts,), "ask:clear_history", enabled=enabled)


def _setting_row(
    settings: SettingsState, key: str, title: str, widget: str, top: int, width: int
) -> View:
    enabled = settings.enabled(key)
    checked = settings.values[key] and enabled
    summary = ("On" if checked else "Off") if enabled else "Airplane mode is on"
    texts = _texts(title, summary, top, width, enabled=enabled)
    is_switch = widget == "switch"
    switch = (width - 198, top + 18, width - 44, top + 162)
    box = (width - 180, top + 30, width - 60, top + 150)
    toggle = View(
        cls=SWITCH if is_switch else CHECKBOX,
        bounds=switch if is_switch else box,
        rid="android:id/switch_widget" if is_switch else "android:id/checkbox",
        checkable=True,
        checked=checked,
        enabled=enabled,
        look=widget,
    )
    frame = View(
        cls=LINEAR,
        bounds=(width - 242, top, width - 44, top + 180),
        rid="android:id/widget_frame",
        enabled=enabled,
        children=(toggle,),
    )
    return _row(top, width, (texts, frame), f"toggle:{key}", enabled=enabled)


def _settings_rows(settings: SettingsState, width: int) -> tuple[tuple[View, ...], int]:
    """The rows from ``TOOLBAR_BOTTOM`` down, unscrolled, and the list's content height."""
    rows: list[View] = []
    top = TOOLBAR_BOTTOM
    for key, title, widget in SETTING_ROWS:
        if widget == "section":
            rows.append(label(title, (66, top + 40, width - 66, top + 110), look="section"))
            top += 120
        elif widget == "action":
            rows.append(_history_row(settings, top, width))
            top += 180
        else:
            rows.append(_setting_row(settings, key, title, widget, top, width))
            top += 180
    return tuple(rows), top - TOOLBAR_BOTTOM


SETTINGS_HEIGHT = 8 * 180 + 2 * 120
"""The Settings list's content height in lu."""


def settings_max_offset(bottom: int) -> int:
    """How far the Settings list scrolls above ``bottom``: 0 where every row fits."""
    return max(0, SETTINGS_HEIGHT - (bottom - TOOLBAR_BOTTOM))


def settings_content(settings: SettingsState, bottom: int, width: int, slack: int = 0) -> View:
    """The Settings list: radios greyed out (enabled=false) while airplane mode is on.

    Where the rows do not all fit (a short screen) the list is scrollable, at
    ``settings.offset``, as a RecyclerView reports itself scrollable only when it can
    scroll; where they fit, it is the plain list it always was.
    """
    rows, _ = _settings_rows(settings, width)
    bounds = (0, TOOLBAR_BOTTOM, width, bottom)
    if settings_max_offset(bottom) == 0:
        lst = View(cls=RECYCLER, bounds=bounds, rid=app_id("settings_list"), children=rows)
        return clip(lst, lst.bounds) or lst
    offset = min(settings.offset, settings_max_offset(bottom))
    shown = tuple(
        v for v in (clip_near(shift(r, -offset), bounds, slack) for r in rows) if v is not None
    )
    return scroller(
        RECYCLER, bounds, app_id("settings_list"), shown, swipe="v:settings", offset=offset
    )
