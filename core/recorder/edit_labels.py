"""Labels of steps by their selector, read on the screen a step was recorded on.

A tap recorded by a click is labelled by what was under the finger
(:func:`~deltarec.core.recorder.targets.tap_label`); a step whose parameters were edited,
or a swipe recorded relative to the list it scrolled, is labelled here from its selector:
``tap button "Save"``, ``swipe up 56% on list "inbox_list"``. With no screen, or a
selector that does not find exactly one element there, the label is the parameters'
(:func:`~deltarec.core.recorder.step.step_label`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deltarec.core.errors import DeltarecError
from deltarec.core.executor.selectors import Match, Selector, find_all
from deltarec.core.observe.index import ElementIndex
from deltarec.core.recorder.step import step_label

VERBS = {"AC_tap": "tap", "AC_long_press": "long-press"}
"""Commands labelled by the element their selector finds, and their verb."""


def _found(screen: ElementIndex, params: Mapping[str, Any]) -> Match | None:
    if not isinstance(params.get("selector"), dict):
        return None
    try:
        found = find_all(Selector.from_json(params["selector"]), screen)
    except DeltarecError:
        return None
    return found[0] if len(found) == 1 else None


def swipe_label(screen: ElementIndex, params: Mapping[str, Any]) -> str | None:
    """``swipe up 56% on list "inbox_list"``; None when ``params`` are not relative to an
    element or its selector does not find exactly one on ``screen``."""
    found = _found(screen, params) if "direction" in params else None
    if found is None:
        return None
    percent = params.get("percent")
    amount = f" {percent:g}%" if isinstance(percent, (int, float)) else ""
    return f'swipe {params["direction"]}{amount} on {found.role} "{found.name}"'


def label_on(screen: ElementIndex | None, command: str, params: Mapping[str, Any]) -> str:
    """The label of ``command`` with ``params`` recorded on ``screen`` (None: not known)."""
    if screen is not None and command == "AC_swipe":
        return swipe_label(screen, params) or step_label(command, params)
    verb = VERBS.get(command)
    found = _found(screen, params) if screen is not None and verb is not None else None
    if found is None:
        return step_label(command, params)
    return f'{verb} {found.role} "{found.name}"'


__all__ = ["label_on", "swipe_label"]
