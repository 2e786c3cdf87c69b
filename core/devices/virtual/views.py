"""The Playground's view tree: what a screen shows, before it becomes XML or pixels.

A :class:`View` is a frozen value close to an Android ``AccessibilityNodeInfo``:
class, resource id, text, description, screen bounds and state flags, plus two
things uiautomator never sees: ``action`` (what a tap on it does, routed by
:mod:`.state`) and ``look`` (a drawing hint for :mod:`.render_png`). A
:class:`Window` is one window root with its package; windows are ordered bottom
to top, like a ``uiautomator dump``.

Both renderers and hit testing read the same values, so the XML, the picture and
what a tap hits cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

Rect = tuple[int, int, int, int]
"""(left, top, right, bottom) in screen pixels, half-open like :class:`core.model.Bounds`."""


@dataclass(frozen=True, slots=True)
class View:
    """One element. ``text`` is what the dump shows (an empty EditText shows its hint).

    ``hint`` marks text that is a hint (drawn grey). ``action``/``long_action`` name
    what a tap / long press does ("" = nothing); they only matter when the view is
    ``clickable`` / ``long_clickable``.
    """

    cls: str
    bounds: Rect
    text: str = ""
    rid: str = ""
    desc: str = ""
    checkable: bool = False
    checked: bool = False
    clickable: bool = False
    enabled: bool = True
    focusable: bool = False
    focused: bool = False
    scrollable: bool = False
    long_clickable: bool = False
    password: bool = False
    selected: bool = False
    children: tuple[View, ...] = ()
    action: str = ""
    long_action: str = ""
    look: str = ""
    hint: bool = False

    def walk(self) -> Iterator[View]:
        """This view and its descendants in document (pre-)order."""
        stack = [self]
        while stack:
            view = stack.pop()
            yield view
            stack.extend(reversed(view.children))


@dataclass(frozen=True, slots=True)
class Window:
    """A window root. ``kind`` is "status", "app", "dialog" or "ime".

    ``in_dump`` is False for windows a real ``uiautomator dump`` leaves out (the
    on-screen keyboard): they are drawn and hit-tested, never serialised.
    """

    root: View
    package: str
    kind: str = "app"
    in_dump: bool = True


def contains(rect: Rect, x: int, y: int) -> bool:
    """True when (x, y) lies inside the half-open ``rect``."""
    return rect[0] <= x < rect[2] and rect[1] <= y < rect[3]


def intersect(a: Rect, b: Rect) -> Rect | None:
    """The overlap of two rects, or None when they share no pixel."""
    left, top = max(a[0], b[0]), max(a[1], b[1])
    right, bottom = min(a[2], b[2]), min(a[3], b[3])
    if right <= left or bottom <= top:
        return None
    return (left, top, right, bottom)


def clip(view: View, rect: Rect) -> View | None:
    """Clip ``view`` and its subtree to ``rect``, as uiautomator reports visible bounds.

    A view with no visible pixel disappears with its subtree (Android leaves
    nodes that are not visible to the user out of the dump); partly visible
    views keep their visible part only.
    """
    visible = intersect(view.bounds, rect)
    if visible is None:
        return None
    kids = tuple(c for c in (clip(child, visible) for child in view.children) if c is not None)
    return replace(view, bounds=visible, children=kids)


def shift(view: View, dy: int) -> View:
    """``view`` and its subtree moved down by ``dy`` pixels (up when negative)."""
    left, top, right, bottom = view.bounds
    kids = tuple(shift(child, dy) for child in view.children)
    return replace(view, bounds=(left, top + dy, right, bottom + dy), children=kids)


def hit(view: View, x: int, y: int, *, long: bool = False) -> View | None:
    """The topmost view under (x, y) that takes the touch, or None.

    Later siblings are drawn over earlier ones, so they are tried first; a
    deeper view wins over its ancestors. With ``long`` the view must be
    long-clickable, otherwise clickable. A disabled view still takes the touch
    (and then does nothing), as on Android.
    """
    if not contains(view.bounds, x, y):
        return None
    for child in reversed(view.children):
        found = hit(child, x, y, long=long)
        if found is not None:
            return found
    wanted = view.long_clickable if long else view.clickable
    return view if wanted else None


def hit_windows(windows: tuple[Window, ...], x: int, y: int, *, long: bool = False) -> View | None:
    """Hit-test windows from the top one down; the first window that takes the touch wins."""
    for window in reversed(windows):
        found = hit(window.root, x, y, long=long)
        if found is not None:
            return found
    return None
