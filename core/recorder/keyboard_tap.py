"""A tap on the on-screen keyboard, recorded as the typing it did.

The key is not in the dump (a real input method's window is not), so the
recorder presses it on the device, settles, and reads what it did from the
focused field (:func:`deltarec.core.recorder.keyboard.keystroke`):

- it typed or deleted: the typing step recorded just before into this field
  (nothing else since) takes the change — ``type text "Ad"`` becomes
  ``type text "Ada"`` and its delta runs from before that step to now — or a
  new ``type text`` step starts; typing that is all deleted again leaves no
  step; a change that is not at the end (autocorrect, a suggestion, deleting
  into what the field held before) makes the step replace the field's text
  (``clear`` with the field's selector), so a replay leaves the field holding
  exactly what it holds now;
- the focus moved or the field went away (Go, Next, Enter): ``press key enter``;
- it only hid the keyboard: ``back`` (Back hides an open keyboard);
- nothing visible (shift, a symbols page): nothing is recorded, and the typing
  step goes on past it — shift, ``a`` types ``A`` into the same step, ``?123``,
  ``@`` types ``@`` there too.

A long press on a key (its alternate: the digit over a top-row letter on most
keyboards, an accent) is read the same way.

Each outcome says what it did to the steps list (:class:`KeyboardTap`), so the
Script Builder can update the row and offer undo.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deltarec.core.errors import StepFailedError
from deltarec.core.observe.model import Node
from deltarec.core.observer import DeltaResult, Observer
from deltarec.core.recorder.keyboard import Typed, focused_field, ime_area, keystroke
from deltarec.core.recorder.selector_gen import selector_for
from deltarec.core.recorder.step import RecordedStep, step_label, type_label

if TYPE_CHECKING:
    from deltarec.core.recorder.session import RecordingSession

NO_FIELD = "no field is focused: tap a text field before typing on the keyboard"


@dataclass(frozen=True, slots=True)
class KeyboardTap:
    """What a keyboard tap did to the steps: ``added`` (``step`` appended at ``row``),
    ``merged`` (step ``row`` was ``before``, is ``step`` now), ``removed`` (step
    ``row``, ``before``, is gone) or ``nothing``."""

    kind: str
    row: int = -1
    step: RecordedStep | None = None
    before: RecordedStep | None = None


def _same_field(a: Node, b: Node) -> bool:
    """The same field before and after a key (it may grow taller as lines wrap)."""
    return (a.resource_id, a.class_name, a.bounds.left, a.bounds.top) == (
        b.resource_id,
        b.class_name,
        b.bounds.left,
        b.bounds.top,
    )


def _selector(rec: RecordingSession, field: Node) -> dict[str, Any] | None:
    index = rec.index
    if index is None:
        return None
    hit = next((e for e in index.elements if index.frame.nodes[e.pos] is field), None)
    return None if hit is None else selector_for(index.frame, hit.pos, hit.index, name=hit.name)


def _typing_step(rec: RecordingSession, screen: int) -> RecordedStep | None:
    """The typing step this key may join: the last step, typing, nothing after it."""
    last = rec.steps[-1] if rec.steps else None
    if last is None or last.command != "AC_type_text" or last.after != screen or last.edited:
        return None
    return last


def typing_label(field: Node, params: dict[str, Any]) -> str:
    """``type "Ada"``, or ``fill textbox "Name" with "Ada"`` when it replaces the text
    (``field`` as it was before the typing): :func:`~.step.type_label`."""
    return type_label(params, (field.role, field.name))


def keyboard_tap(rec: RecordingSession, x: int, y: int, *, long: bool = False) -> KeyboardTap:
    """Press the key at (x, y) (``long``: hold it) and record what it did (see the module
    docstring).

    The caller holds the session's lock and has a screen. Raises StepFailedError
    when no field is focused (nothing is pressed then).
    """
    before_obs, before_number = rec.screen, rec.screen_number
    assert before_obs is not None
    field = focused_field(before_obs)
    if field is None:
        raise StepFailedError(len(rec.steps), "AC_type_text", NO_FIELD)
    selector = _selector(rec, field)
    prev = _typing_step(rec, before_number)
    rec.device.take_actions()
    if long:
        rec.device.long_press(x, y)
    else:
        rec.device.tap(x, y)
    after = rec.executor.settle()
    actions = rec.device.take_actions()
    rec._take_screen(after)
    result = rec.observer.step(after)
    rec._share_baseline()
    now = focused_field(after)

    def new(command: str, params: dict[str, Any], label: str | None = None) -> KeyboardTap:
        step = RecordedStep(command, params, label or step_label(command, params), actions=actions)
        rec._describe(step, result)
        step.before, step.after = before_number, rec.screen_number
        rec.steps.append(step)
        rec._autosave(step)
        return KeyboardTap("added", len(rec.steps) - 1, step)

    if now is None or not _same_field(field, now):
        return new("AC_press_key", {"key": "enter"}, "press enter")
    key = keystroke(field.text, now.text, typing=prev is not None)
    if key.kind == "none":
        if ime_area(before_obs) is not None and ime_area(after) is None:
            return new("AC_back", {}, "back (hide the keyboard)")
        if prev is not None:  # shift, a page switch: the typing goes on from this screen
            prev.after = rec.screen_number
            rec._autosave(prev)
        return KeyboardTap("nothing")
    start = Typed()
    if prev is not None:
        start = Typed(str(prev.params.get("text", "")), bool(prev.params.get("clear", False)))
    typed = start.then(key)
    params: dict[str, Any] = {"text": typed.text}
    old_selector = prev.params.get("selector") if prev is not None else None
    if old_selector is not None or typed.clear:
        params = {"selector": old_selector or selector, **params}
    if typed.clear:
        params["clear"] = True
    if typed.clear and params["selector"] is None:  # no element to name: cannot replace
        raise StepFailedError(len(rec.steps), "AC_type_text", "the focused field has no selector")
    if prev is None:
        if not typed.text and not typed.clear:
            return KeyboardTap("nothing")
        return new("AC_type_text", params, typing_label(field, params))
    row, old = len(rec.steps) - 1, copy.deepcopy(prev)
    if not typed.text and not typed.clear:  # typed, then deleted again: nothing is left
        del rec.steps[row]
        rec._autosave(None)
        return KeyboardTap("removed", row, None, old)
    first = focused_field(rec.bundle.observation(prev.before)) or field  # before the typing
    prev.params, prev.label = params, typing_label(first, params)
    prev.actions = [*prev.actions, *actions]
    rec._describe(prev, _since(rec, prev.before))
    prev.after = rec.screen_number
    rec._autosave(prev)
    return KeyboardTap("merged", row, prev, old)


def _since(rec: RecordingSession, screen: int) -> DeltaResult:
    """The delta from recorded screen ``screen`` to the screen now."""
    observer = Observer(rec.observer.options, rec.observer.volatile, memory=0)
    observer.reset(rec.bundle.observation(screen))
    assert rec.observer.index is not None
    return observer.step(rec.observer.index.frame.obs)


__all__ = ["NO_FIELD", "KeyboardTap", "keyboard_tap"]
