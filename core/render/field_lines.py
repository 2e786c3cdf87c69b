"""The delta's lines about the frame rather than one element: the keyboard, the app, the
rotation and the focus (:func:`deltarec.core.render.delta_text.delta_entries` puts them in
their groups)."""

from __future__ import annotations

from deltarec.core.capture.element_dicts import ROOT_CLASS
from deltarec.core.diff.compute import Delta
from deltarec.core.diff.types import ChangeKind as K
from deltarec.core.diff.types import FromToDict
from deltarec.core.observe.index import ElementIndex
from deltarec.core.observe.model import Observation
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
    """``~ app: A → B``, ``~ rotation: 0 → 1`` (else ``~ screen: W0xH0 → W1xH1`` when the
    screen's size changed: :func:`screen_shown`) and ``~ focus: … → …`` (app and focus only
    when the screen is not new: its header says it)."""
    out: list[Line] = []
    f = d.fields
    if ("package" in f or "activity" in f) and not new_screen:
        a = f"{d.prev.obs.package}/{d.prev.obs.activity}".rstrip("/")
        b = f"{d.curr.obs.package}/{d.curr.obs.activity}".rstrip("/")
        out.append(Line(K.FIELD, f"~ app: {a} → {b}"))
    if "rotation" in f:
        out.append(Line(K.FIELD, f"~ rotation: {f['rotation']['from']} → {f['rotation']['to']}"))
    elif "screen" in f and screen_shown(d.prev.obs) and screen_shown(d.curr.obs):
        (w0, h0), (w1, h1) = f["screen"]["from"], f["screen"]["to"]
        out.append(Line(K.FIELD, f"~ screen: {w0}x{h0} → {w1}x{h1}"))
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


def screen_shown(obs: Observation) -> bool:
    """Whether ``obs``'s size is its screen's: a window (or, for element dicts, a top-level
    element) spans it. Element dicts with no such element give only the extent of what
    they show, which changes whenever the lowest element moves: not the screen's size, so
    no ``~ screen:`` line is said of it (the JSON's ``fields.screen`` still gives it).

    A window laid out again on a screen of another size (split screen, a foldable, a
    rotation) moves and resizes nearly every box; ``~ screen: 2800x1840 → 1680x1840``
    says why in one line, where the ``~ layout:`` line would list the moves as if each
    were its own (:mod:`tests.core.real_scrolls.screens`, issue 18).

    >>> from deltarec.core.observe.model import Bounds, Node, Observation
    >>> win = Node(bounds=Bounds(0, 0, 1080, 2400))
    >>> screen_shown(Observation(windows=(win,), width=1080, height=2400))
    True
    >>> screen_shown(Observation(windows=(win,), width=1080, height=2500))
    False
    """
    whole = (0, 0, obs.width, obs.height)
    tops = [c for w in obs.windows for c in (w.children if w.class_name == ROOT_CLASS else (w,))]
    return obs.width > 0 and any(
        (b.left, b.top, b.right, b.bottom) == whole for b in (n.bounds for n in tops[:64])
    )


__all__ = ["field_lines", "keyboard_lines", "screen_shown"]
