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
- ``rate`` (the app's own prompt, over whatever app screen is up: no button opens it,
  ``perform("ask:rate")`` does, as an app shows one when it decides to; the widened truth
  walk, ``tests/core/truth/wide.py``): "Enjoying Playground?" — Not now / Rate (both
  close it).

Back, Cancel and a tap outside close any of them.
"""

from __future__ import annotations

from deltarec.core.devices.virtual.layout import (
    DEFAULT_SCREEN,
    FRAME,
    HEIGHT,
    LINEAR,
    SCROLL,
    TEXT,
    Screen,
    button,
    text_lines,
)
from deltarec.core.devices.virtual.state import PhoneState
from deltarec.core.devices.virtual.views import View

DIALOGS = ("save", "clear_history", "history_deleted", "rate")

_MAX_WIDTH, _HEIGHT = 840, 536
"""The dialog's widest (a phone's width less 120 lu a side) and its height, in lu."""
_MESSAGE_SIZE = 40
"""The message's text size (``paint.WRAP_SIZES["message"]``)."""
_BUTTON_WIDTHS = {"OK": 214, "Cancel": 202}
"""Widths of buttons as a real AlertDialog measured them; others: estimated from the text."""

Button = tuple[str, str, str]
"""(text, resource id, action) of a dialog button."""


def _button_width(text: str) -> int:
    return _BUTTON_WIDTHS.get(text, max(202, 40 + 27 * len(text)))


def alert_dialog(
    title: str, message: str, buttons: tuple[Button, ...], screen: Screen = DEFAULT_SCREEN
) -> View:
    """An AlertDialog window root with ``title``, ``message`` and ``buttons`` (left to right),
    centred on ``screen`` (930 lu from the top of the default phone) and at most 840 lu wide."""
    width = min(_MAX_WIDTH, screen.width - 240)
    left = (screen.width - width) // 2
    top = 930 + (screen.height - HEIGHT) // 2
    inner = (left + 42, left + width - 42)
    title_panel = _text_panel(
        LINEAR, "topPanel", (42, 80, 150, 162), title, "alertTitle", "dialog_title", inner, top
    )
    # A message that does not fit one line wraps (as TextView does), and the dialog grows.
    lines = text_lines(message, inner[1] - inner[0] - 80, _MESSAGE_SIZE)
    extra = (lines - 1) * int(_MESSAGE_SIZE * 1.4)
    look = "label" if lines == 1 else "message"
    message_panel = _text_panel(
        SCROLL,
        "contentPanel",
        (162, 180, 310 + extra, 330 + extra),
        message,
        "message",
        look,
        inner,
        top,
    )
    inner_l, inner_r = inner
    top += extra  # what follows the message moves down
    right = inner_r - 32
    placed: list[View] = []
    for text, rid, action in reversed(buttons):
        start = right - _button_width(text)
        bounds = (start, top + 341, right, top + 483)
        placed.append(button(text, bounds, rid, action, look="text_button"))
        right = start
    button_panel = View(
        cls=SCROLL,
        bounds=(inner_l, top + 330, inner_r, top + 494),
        rid="android:id/buttonPanel",
        focusable=True,
        children=(
            View(
                cls=LINEAR,
                bounds=(inner_l, top + 330, inner_r, top + 494),
                children=tuple(reversed(placed)),
            ),
        ),
    )
    panel = View(
        cls=LINEAR,
        bounds=(inner_l, top - extra + 42, inner_r, top + 494),
        rid="android:id/parentPanel",
        children=(title_panel, message_panel, button_panel),
    )
    content = View(cls=FRAME, bounds=panel.bounds, rid="android:id/content", children=(panel,))
    return View(
        cls=FRAME,
        bounds=(left, top - extra, left + width, top + _HEIGHT),
        children=(View(cls=FRAME, bounds=panel.bounds, children=(content,)),),
        look="dialog",
    )


def _text_panel(
    cls: str,
    rid: str,
    ys: tuple[int, int, int, int],
    text: str,
    text_rid: str,
    look: str,
    inner: tuple[int, int],
    top: int,
) -> View:
    """A panel ``android:id/<rid>`` across the dialog, holding a TextView ``android:id/<text_rid>``.

    ``ys`` are the panel's top, the text's top, the text's bottom and the panel's
    bottom, in lu below the dialog's ``top``; ``inner`` are the panel's left and right
    edges, and the text is inset 40 lu at the sides.
    """
    inner_l, inner_r = inner
    panel_top, text_top, text_bottom, panel_bottom = (top + y for y in ys)
    return View(
        cls=cls,
        bounds=(inner_l, panel_top, inner_r, panel_bottom),
        rid=f"android:id/{rid}",
        children=(
            View(
                cls=TEXT,
                bounds=(inner_l + 40, text_top, inner_r - 40, text_bottom),
                text=text,
                rid=f"android:id/{text_rid}",
                look=look,
            ),
        ),
    )


CANCEL: Button = ("Cancel", "android:id/button2", "dialog:cancel")


def dialog_view(state: PhoneState, screen: Screen = DEFAULT_SCREEN) -> View | None:
    """The dialog ``state.dialog`` names, or None when no dialog is open."""
    if state.dialog == "save":
        who = state.form.name or "this person"
        return alert_dialog(
            "Save account?",
            f"Create an account for {who}?",
            (CANCEL, ("OK", "android:id/button1", "dialog:ok")),
            screen,
        )
    if state.dialog == "clear_history":
        return alert_dialog(
            "Delete history?",
            f"All {state.settings.history} items will be removed.",
            (CANCEL, ("Delete", "android:id/button1", "history:delete")),
            screen,
        )
    if state.dialog == "rate":
        return alert_dialog(
            "Enjoying Playground?",
            "Tell others what you think of it in the store.",
            (
                ("Not now", "android:id/button2", "dialog:cancel"),
                ("Rate", "android:id/button1", "dialog:cancel"),
            ),
            screen,
        )
    if state.dialog == "history_deleted":
        return alert_dialog(
            "History deleted",
            "Your history is empty.",
            (("OK", "android:id/button1", "dialog:cancel"),),
            screen,
        )
    return None
