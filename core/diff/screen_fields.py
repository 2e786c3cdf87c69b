"""What changed of the screen itself between two frames, beside its elements: the fields of
the delta's ``fields`` (package, activity, rotation, size, keyboard frame, input focus)."""

from __future__ import annotations

from deltarec.core.diff.focus import focus_moved
from deltarec.core.diff.types import FromToDict
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds


def _frame(bounds: Bounds | None) -> list[int] | None:
    return None if bounds is None else bounds.as_list()


def screen_fields(prev: Frame, curr: Frame, pairs: dict[int, int]) -> dict[str, FromToDict]:
    """The screen's own fields that changed (``Delta.fields``; JSON ``fields``): its package,
    activity, rotation, size, keyboard frame, and the input focus (:mod:`.focus`)."""
    a, b = prev.obs, curr.obs
    out: dict[str, FromToDict] = {}
    for name, old, new in (
        ("package", a.package, b.package),
        ("activity", a.activity, b.activity),
        ("rotation", a.rotation, b.rotation),
        ("screen", [a.width, a.height], [b.width, b.height]),
        ("keyboard", _frame(a.keyboard), _frame(b.keyboard)),
    ):
        if old != new:
            out[name] = {"from": old, "to": new}
    pf, cf = prev.focused, curr.focused
    if focus_moved(prev, curr, pairs):
        out["focusedElement"] = {
            "from": prev.keys[pf] if pf >= 0 else None,
            "to": curr.keys[cf] if cf >= 0 else None,
        }
    return out
