"""The delta's lines about the frame rather than one element: the keyboard, the app, the
rotation and the focus (:func:`deltarec.core.render.delta_text.delta_entries` puts them in
their groups)."""

from __future__ import annotations

from deltarec.core.diff.compute import Delta
from deltarec.core.diff.types import ChangeKind as K
from deltarec.core.diff.types import FromToDict
from deltarec.core.observe.index import ElementIndex
from deltarec.core.render.facts import Line
from deltarec.core.render.lines import element


def keyboard_lines(fields: dict[str, FromToDict]) -> list[Line]:
    """The keyboard's window opening, closing or changing height.

    >>> up = [0, 1530, 1080, 2400]
    >>> [ln.text for ln in keyboard_lines({"keyboard": {"from": None, "to": up}})]
    ['+ keyboard opened (covers y 1530–2400)']
    >>> [ln.text for ln in keyboard_lines({"keyboard": {"from": up, "to": None}})]
    ['- keyboard closed']
    """
    change = fields.get("keyboard")
    if change is None:
        return []
    old, new = change["from"], change["to"]
    if new is None:
        return [Line(K.WINDOW_CLOSED, "- keyboard closed")]
    covers = f"covers y {new[1]}–{new[3]}"
    if old is None:
        return [Line(K.WINDOW_OPENED, f"+ keyboard opened ({covers})")]
    return [Line(K.FIELD, f"~ keyboard resized ({covers})")]


def field_lines(
    d: Delta, curr_index: ElementIndex, prev_index: ElementIndex, *, new_screen: bool
) -> list[Line]:
    """``~ app: A → B``, ``~ rotation: 0 → 1`` and ``~ focus: … → …`` (app and focus only when
    the screen is not new: its header says it)."""
    out: list[Line] = []
    f = d.fields
    if ("package" in f or "activity" in f) and not new_screen:
        a = f"{d.prev.obs.package}/{d.prev.obs.activity}".rstrip("/")
        b = f"{d.curr.obs.package}/{d.curr.obs.activity}".rstrip("/")
        out.append(Line(K.FIELD, f"~ app: {a} → {b}"))
    if "rotation" in f:
        out.append(Line(K.FIELD, f"~ rotation: {f['rotation']['from']} → {f['rotation']['to']}"))
    if "focusedElement" in f and not new_screen:
        pf, cf = d.prev.focused, d.curr.focused
        old = element(None, d.prev.nodes[pf], prev_index.names[pf]) if pf >= 0 else "none"
        new = (
            element(curr_index.number_of.get(cf), d.curr.nodes[cf], curr_index.names[cf])
            if cf >= 0
            else "none"
        )
        out.append(Line(K.CHANGED, f"~ focus: {old} → {new}"))
    return out


__all__ = ["field_lines", "keyboard_lines"]
