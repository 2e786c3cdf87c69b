"""An overlay shown on top of a real capture (or taken away), with a known truth.

:func:`shown` puts one of :data:`SHAPES` over a real capture, the screen below unchanged:

- **snackbar**: a bar at the bottom of the app's window, its last child ("Message
  archived" · "UNDO");
- **sheet**: a bottom sheet of three options over the lower half of the window, its last
  child;
- **dialog**: a window of its own over the middle of the screen (a title, a message and
  two buttons), as uiautomator dumps a dialog's window after the app's;
- **toast**: a window of its own holding one line of text, low on the screen;
- **scrim**: a dialog drawn by the app over a dimmed screen: a ``View`` covering the app's
  window (no text, clickable: a tap outside dismisses) as its last child but one, the
  dialog's panel as its last (a navigation drawer's scrim, Compose's ``ModalBottomSheet``
  and ``Dialog`` scrims), over an activity's window only (:func:`fits`);
- **modal**: a ``BottomSheetDialog``, a window of its own filling the screen: its
  ``container`` holds ``coordinator``, which holds the full-screen ``touch_outside`` view
  (clickable, no text) and the sheet.

Read backwards (``removal``), the overlay goes away.

The truth (:func:`check`): the overlay's nodes are ``+`` (``-``) and nothing else is listed:
no ``~`` of what an element shows, no ``+`` / ``-`` of a node of the screen below, no
scroll. A scrim is said at most once (or not at all): it is part of what came. And, read
as a person or an agent reads it (:func:`misnamed`), no ``+`` / ``-`` line names what the
overlay does not show, nor one of its labels twice.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from dataclasses import dataclass

from deltarec.core.observe.frame import Frame
from deltarec.core.observe.model import Bounds, Node, Observation
from deltarec.core.observer import Observer
from tests.core.real_scrolls.grading import Violation, changed_besides, no_scroll, stayed_listed
from tests.core.real_scrolls.transforms import captures, graded

SHAPES = ("snackbar", "sheet", "dialog", "toast", "scrim", "modal")
WINDOWED = ("dialog", "toast", "modal")
"""Shapes shown in a window of their own (the others are the app window's last children)."""
PKG = "com.example.overlay"


@dataclass(frozen=True, slots=True)
class Overlay:
    """``shape`` shown over ``capture``; ``removal``: taken away."""

    capture: str
    shape: str
    removal: bool = False


def _node(cls: str, box: Bounds, *, text: str = "", rid: str = "", **flags: bool) -> Node:
    role = "button" if flags.get("clickable") else "text" if text else "group"
    return Node(
        role, f"android.widget.{cls}", rid and f"{PKG}:id/{rid}", text=text, bounds=box, **flags
    )


def _group(cls: str, box: Bounds, rid: str, kids: tuple[Node, ...]) -> Node:
    return dataclasses.replace(_node(cls, box, rid=rid), children=kids)


def overlay(shape: str, window: Bounds) -> Node:
    """The overlay ``shape`` laid out in ``window``."""
    left, top, right, bottom = window.left, window.top, window.right, window.bottom
    w, h = right - left, bottom - top
    if shape == "snackbar":
        bar = Bounds(left + w // 40, bottom - h // 10, right - w // 40, bottom - h // 40)
        text = Bounds(bar.left + 40, bar.top + 20, bar.right - w // 4, bar.bottom - 20)
        undo = Bounds(bar.right - w // 5, bar.top + 10, bar.right - 20, bar.bottom - 10)
        return _group(
            "FrameLayout",
            bar,
            "snackbar",
            (
                _node("TextView", text, text="Message archived", rid="snackbar_text"),
                _node("Button", undo, text="UNDO", rid="snackbar_action", clickable=True),
            ),
        )
    if shape == "sheet":
        sheet = Bounds(left, top + h // 2, right, bottom)
        rows = tuple(
            _node(
                "TextView",
                Bounds(left, sheet.top + 40 + 150 * i, right, sheet.top + 40 + 150 * (i + 1)),
                text=label,
                rid="sheet_option",
                clickable=True,
            )
            for i, label in enumerate(("Share link", "Copy to folder", "Report a problem"))
        )
        return _group("FrameLayout", sheet, "design_bottom_sheet", rows)
    if shape == "dialog":
        box = Bounds(left + w // 10, top + h // 3, right - w // 10, top + 2 * h // 3)
        line = box.height // 5
        at = [
            Bounds(box.left + 60, box.top + line * i, box.right - 60, box.top + line * (i + 1))
            for i in (0, 2)
        ]
        buttons = Bounds(box.left, box.bottom - line, box.right, box.bottom)
        mid = (buttons.left + buttons.right) // 2
        parts = (
            _node("TextView", at[0], text="Discard draft?", rid="alertTitle"),
            _node("TextView", at[1], text="Your changes will be lost.", rid="message"),
            _node(
                "Button",
                Bounds(buttons.left, buttons.top, mid, buttons.bottom),
                text="CANCEL",
                rid="button2",
                clickable=True,
            ),
            _node(
                "Button",
                Bounds(mid, buttons.top, buttons.right, buttons.bottom),
                text="DISCARD",
                rid="button1",
                clickable=True,
            ),
        )
        return _group("FrameLayout", box, "parentPanel", parts)
    if shape == "modal":
        touch = _node("View", window, rid="touch_outside", clickable=True)
        sheet = overlay("sheet", window)
        coordinator = _group("FrameLayout", window, "coordinator", (touch, sheet))
        return _group("FrameLayout", window, "container", (coordinator,))
    box = Bounds(left + w // 4, bottom - h // 6, right - w // 4, bottom - h // 8)
    return _group(
        "LinearLayout", box, "", (_node("TextView", box, text="Saved to Downloads", rid="message"),)
    )


def layers(shape: str, window: Bounds) -> tuple[Node, ...]:
    """The nodes ``shape`` adds over ``window``: the overlay, and under it the scrim."""
    if shape == "scrim":
        return (_node("View", window, clickable=True), overlay("dialog", window))
    return (overlay(shape, window),)


def shown(obs: Observation, shape: str) -> Observation:
    """``obs`` with ``shape`` over it (module docstring)."""
    app = obs.windows[0]
    added = layers(shape, obs.screen if shape == "modal" and obs.width else app.bounds)
    if shape in WINDOWED:
        return dataclasses.replace(obs, windows=(*obs.windows, *added))
    top = dataclasses.replace(app, children=(*app.children, *added))
    return dataclasses.replace(obs, windows=(top, *obs.windows[1:]))


def fits(obs: Observation, shape: str) -> bool:
    """Whether ``shape`` can be shown over ``obs``: an app draws a scrim over the whole
    screen, so only in a window as wide as the screen (an activity's, not a floating
    dialog's: ``contacts-manual/07.xml``, the calendar's dialogs on the tablet)."""
    return shape != "scrim" or obs.windows[0].bounds.width >= obs.width


def cases(rng: random.Random, per_capture: int) -> list[Overlay]:
    """``per_capture`` overlays of each real capture, shown or taken away."""
    return [
        Overlay(name, shape, rng.random() < 0.4)
        for name, obs in captures()
        if obs.windows and obs.windows[0].bounds.area
        for _ in range(per_capture)
        for shape in [rng.choice([s for s in SHAPES if fits(obs, s)])]
    ]


def sweep(shapes: tuple[str, ...] = SHAPES) -> list[Overlay]:
    """Each of ``shapes`` shown over every real capture, and taken away."""
    return [
        Overlay(name, shape, removal)
        for name, obs in captures()
        if obs.windows and obs.windows[0].bounds.area
        for shape in shapes
        if fits(obs, shape)
        for removal in (False, True)
    ]


def derive(case: Overlay) -> tuple[Observation, Observation]:
    obs = dict(captures())[case.capture]
    covered = shown(obs, case.shape)
    return (covered, obs) if case.removal else (obs, covered)


def _overlay_positions(frame: Frame, shape: str) -> set[int]:
    """Positions of the overlay's subtree in the frame that has it."""
    if shape in WINDOWED:
        root = frame.roots[-1]
        return set(range(root, frame.subtree_end(root)))
    first = frame.children[frame.roots[0]][-len(layers(shape, frame.nodes[frame.roots[0]].bounds))]
    return set(range(first, frame.subtree_end(frame.roots[0])))


def check(case: Overlay) -> list[Violation]:
    """The violations of the delta of ``case``: (class, detail)."""
    prev, curr = derive(case)
    fp, fc, d, out = graded(prev, curr)
    out += no_scroll(d, "an overlay")
    layer = _overlay_positions(fp if case.removal else fc, case.shape)
    made, taken = (set(), layer) if case.removal else (layer, set())
    out += stayed_listed(d, made, taken)
    out += changed_besides(d)
    side = set(d.removed if case.removal else d.added)
    frame = fp if case.removal else fc
    if case.shape in WINDOWED:
        listed = side | set(d.closed if case.removal else d.opened)
        missed = [q for q in layer if q not in listed and frame.roots[-1] not in listed]
    else:
        missed = [q for q in layer if q not in side and (frame.nodes[q].text)]
    if missed:
        out.append(("missed", f"{len(missed)} overlay nodes not listed"))
    names = {frame.nodes[q].text for q in layer} | {
        frame.nodes[q].resource_id.rsplit("/", 1)[-1] for q in layer
    }
    return out + misnamed(prev, curr, names)


NAMED = re.compile(r'^([+-]) (?:\[\d+\] )?\S+ "((?:[^"\\]|\\.)*)"', re.MULTILINE)
"""A ``+`` / ``-`` line of the rendered delta and the name it quotes."""


def misnamed(prev: Observation, curr: Observation, shown: set[str]) -> list[Violation]:
    """The rendered delta's ``+`` / ``-`` lines that name what the overlay does not show
    (``shown``: its texts, its ids' last parts, and no name; a scrim under a dialog called
    by the screen's title: ``+ button "Contacts"``), or name one of its labels twice (the
    scrim called by the sheet's first option)."""
    observer = Observer()
    observer.reset(prev)
    named = Counter(name for _, name in NAMED.findall(observer.step(curr).text))
    wrong = sorted(name for name in named if name not in shown)
    twice = sorted(name for name, n in named.items() if n > 1)
    out: list[Violation] = []
    if wrong:
        out.append(("misnamed", f"named what the overlay does not show: {wrong[:3]}"))
    if twice:
        out.append(("misnamed", f"named twice: {twice[:3]}"))
    return out


def kind(case: Overlay) -> str:
    return f"{case.shape}-" if case.removal else f"{case.shape}+"
