"""The Playground's AlertDialogs: one builder, and the dialogs each screen opens.

A dialog is its own window root (kind "dialog"), a floating frame centred on
screen with the platform AlertDialog ids: ``android:id/parentPanel``,
``topPanel`` > ``alertTitle``, ``contentPanel`` > ``message``, ``buttonPanel`` >
``button2`` (negative) and ``button1`` (positive). Buttons hug their text and
sit at the right, as Material dialogs lay them out.

Dialogs (:data:`DIALOGS`, the values of ``PhoneState.dialog``):

- ``save`` (Sign up > Save): "Save account?" — Cancel / OK (OK saves).
- ``clear_history`` (Settings > Clear history): "Delete history?" — Cancel /
  Delete. Delete empties the history and *replaces* this dialog with
  ``history_deleted``, with no frame in between, as a real app does.
- ``history_deleted``: "History deleted" — OK closes it.

Back, Cancel and a tap outside close any of them.
"""

from __future__ import annotations

from deltarec.core.devices.virtual.layout import FRAME, LINEAR, SCROLL, TEXT, WIDTH, button
from deltarec.core.devices.virtual.state import PhoneState
from deltarec.core.devices.virtual.views import View

DIALOGS = ("save", "clear_history", "history_deleted")

_LEFT, _RIGHT, _TOP = 120, WIDTH - 120, 930
_INNER_L, _INNER_R = _LEFT + 42, _RIGHT - 42
_BUTTON_WIDTHS = {"OK": 214, "Cancel": 202}
"""Widths of buttons as a real AlertDialog measured them; others: estimated from the text."""

Button = tuple[str, str, str]
"""(text, resource id, action) of a dialog button."""


def _button_width(text: str) -> int:
    return _BUTTON_WIDTHS.get(text, max(202, 40 + 27 * len(text)))


def alert_dialog(title: str, message: str, buttons: tuple[Button, ...]) -> View:
    """An AlertDialog window root with ``title``, ``message`` and ``buttons`` (left to right)."""
    top = _TOP
    title_panel = _text_panel(
        LINEAR, "topPanel", (42, 80, 150, 162), title, "alertTitle", "dialog_title"
    )
    message_panel = _text_panel(
        SCROLL, "contentPanel", (162, 180, 310, 330), message, "message", "label"
    )
    right = _INNER_R - 32
    placed: list[View] = []
    for text, rid, action in reversed(buttons):
        left = right - _button_width(text)
        bounds = (left, top + 341, right, top + 483)
        placed.append(button(text, bounds, rid, action, look="text_button"))
        right = left
    button_panel = View(
        cls=SCROLL,
        bounds=(_INNER_L, top + 330, _INNER_R, top + 494),
        rid="android:id/buttonPanel",
        focusable=True,
        children=(
            View(
                cls=LINEAR,
                bounds=(_INNER_L, top + 330, _INNER_R, top + 494),
                children=tuple(reversed(placed)),
            ),
        ),
    )
    panel = View(
        cls=LINEAR,
        bounds=(_INNER_L, top + 42, _INNER_R, top + 494),
        rid="android:id/parentPanel",
        children=(title_panel, message_panel, button_panel),
    )
    content = View(cls=FRAME, bounds=panel.bounds, rid="android:id/content", children=(panel,))
    return View(
        cls=FRAME,
        bounds=(_LEFT, top, _RIGHT, top + 536),
        children=(View(cls=FRAME, bounds=panel.bounds, children=(content,)),),
        look="dialog",
    )


def _text_panel(
    cls: str, rid: str, ys: tuple[int, int, int, int], text: str, text_rid: str, look: str
) -> View:
    """A panel ``android:id/<rid>`` across the dialog, holding a TextView ``android:id/<text_rid>``.

    ``ys`` are the panel's top, the text's top, the text's bottom and the panel's
    bottom, in px below the dialog's top; the text is inset 40 px at the sides.
    """
    panel_top, text_top, text_bottom, panel_bottom = (_TOP + y for y in ys)
    return View(
        cls=cls,
        bounds=(_INNER_L, panel_top, _INNER_R, panel_bottom),
        rid=f"android:id/{rid}",
        children=(
            View(
                cls=TEXT,
                bounds=(_INNER_L + 40, text_top, _INNER_R - 40, text_bottom),
                text=text,
                rid=f"android:id/{text_rid}",
                look=look,
            ),
        ),
    )


CANCEL: Button = ("Cancel", "android:id/button2", "dialog:cancel")


def dialog_view(state: PhoneState) -> View | None:
    """The dialog ``state.dialog`` names, or None when no dialog is open."""
    if state.dialog == "save":
        who = state.form.name or "this person"
        return alert_dialog(
            "Save account?",
            f"Create an account for {who}?",
            (CANCEL, ("OK", "android:id/button1", "dialog:ok")),
        )
    if state.dialog == "clear_history":
        return alert_dialog(
            "Delete history?",
            f"All {state.settings.history} items will be removed.",
            (CANCEL, ("Delete", "android:id/button1", "history:delete")),
        )
    if state.dialog == "history_deleted":
        return alert_dialog(
            "History deleted",
            "Your history is empty.",
            (("OK", "android:id/button1", "dialog:cancel"),),
        )
    return None
